"""``normtui check``, the values no replay can vouch for: what the audit log says of itself
(when, by whom, what kind of change) and texts a terminal would obey.

An audit row's own columns are not in any image, so the replay of :mod:`normtui.store.check`
cannot see a flipped bit in them. What can: normtui writes the entries in the order it makes
them, each stamped by the same clock (the write lock is held from the stamp to the commit),
so a time out of order with both its neighbours is not one it wrote (each arbiter's entries
among themselves: two processes, each with a clock of its own, may interleave); it writes a
closed set of actions; and an arbiter's name as ``--as`` checks it. A name that differs from
another arbiter's of the same log by one bit, used once, is that name damaged.

Texts a person gave (names, details, incidents) are stored without control characters
(:func:`normtui.text.clean_text`, or refused): one that holds them was written by something
else, and would set a terminal's title or clipboard if shown raw.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from normtui.store.core import ACTOR_MAX
from normtui.store.log import ACTIONS
from normtui.store.schema import TABLES
from normtui.text import has_controls, visible

__all__ = ["check_controls", "check_entries"]

# Texts of several lines by nature (a PGN record, the profile), the log's JSON images, and the
# log's own columns (checked by check_entries and the stamp's check).
_NOT_NAMES = frozenset(
    {
        ("event", "profile_text"),
        ("games", "pgn"),
        ("games", "armageddon_pgn"),
        ("playoff_results", "pgn"),
        ("audit", "before"),
        ("audit", "after"),
        ("audit", "at"),
        ("audit", "actor"),
        ("audit", "action"),
    }
)
# Enough to find the damage; the rest is more of the same.
_SHOWN = 10
_DAMAGED = "damaged, or changed outside normtui"

Entry = tuple[int, str, str, str]  # id, action, at, actor


def check_entries(entries: Sequence[Entry]) -> list[str]:
    """Each entry's action and arbiter, and the order of the times (see the module's doc)."""
    problems = []
    for entry_id, action, _at, actor in entries:
        if action not in ACTIONS:
            problems.append(
                f"audit #{entry_id}: its action '{visible(str(action))}' is not one "
                f"normtui writes ({_DAMAGED})"
            )
        if isinstance(actor, str) and (actor != actor.strip() or len(actor) > ACTOR_MAX):
            problems.append(
                f"audit #{entry_id}: its arbiter's name '{visible(actor)}' is not "
                f"one normtui writes (spaces around it, or too long: {_DAMAGED})"
            )
    problems += _one_bit_actors(entries)
    problems += _times_out_of_order(entries)
    return problems


def _one_bit_actors(entries: Sequence[Entry]) -> list[str]:
    uses = Counter(actor for _id, _action, _at, actor in entries if isinstance(actor, str))
    out = []
    for entry_id, _action, _at, actor in entries:
        if uses.get(actor) != 1:
            continue
        for other in uses:
            if other != actor and _one_bit_apart(actor, other):
                out.append(
                    f"audit #{entry_id}: its arbiter's name '{visible(actor)}' is "
                    f"'{visible(other)}' with one bit changed, the name of "
                    f"{uses[other]} other entries ({_DAMAGED})"
                )
                break
    return out


def _one_bit_apart(a: str, b: str) -> bool:
    if len(a) != len(b):
        return False
    differ = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return len(differ) == 1 and (ord(differ[0][0]) ^ ord(differ[0][1])).bit_count() == 1


def _times_out_of_order(entries: Sequence[Entry]) -> list[str]:
    times: list[datetime | None] = []
    out = []
    for entry_id, _action, at, _actor in entries:
        try:
            when: datetime | None = datetime.fromisoformat(str(at))
        except ValueError:
            when = None  # said by the stamp's own check
        if when is not None and (when.tzinfo is None or when.isoformat(timespec="seconds") != at):
            # Parsed, but not as normtui writes it ("2022-06-07t19:31:00+02:00", no zone).
            out.append(
                f"audit #{entry_id}: its time '{visible(str(at))}' is not written as "
                f"normtui writes times ({_DAMAGED})"
            )
            when = None
        times.append(when)
    # Each arbiter's entries on their own: two processes (the console, a script, another
    # computer on a shared folder) may each have a clock of their own, and interleave.
    by_actor: dict[object, list[int]] = {}
    for i, (_id, _action, _at, actor) in enumerate(entries):
        by_actor.setdefault(actor, []).append(i)
    for run in by_actor.values():
        for before_i, i, after_i in zip(run, run[1:], run[2:], strict=False):
            before, now, after = times[before_i], times[i], times[after_i]
            if before is None or now is None or after is None or before > after:
                continue  # a clock set back between the neighbours is not damage
            if not before <= now <= after:
                out.append(
                    f"audit #{entries[i][0]}: its time {entries[i][2]} is out of order "
                    f"with the same arbiter's entries around it (#{entries[before_i][0]} "
                    f"at {entries[before_i][2]}, #{entries[after_i][0]} at "
                    f"{entries[after_i][2]}): {_DAMAGED}, or the computer's clock was "
                    "set back and forth"
                )
    return out


def check_controls(conn: sqlite3.Connection) -> list[str]:
    """``table row N: its column holds control characters (shown as escapes)``, for every
    one-line text of the file that holds any."""
    found = []
    for table in (*TABLES, "audit"):
        columns = [
            r[1]
            for r in conn.execute(f"PRAGMA table_info({table})")
            if r[2].upper() == "TEXT" and (table, r[1]) not in _NOT_NAMES
        ]
        for column in columns:
            for row_id, value in conn.execute(
                f"SELECT id, {column} FROM {table} WHERE {column} IS NOT NULL"
            ):
                texts = [value] if isinstance(value, str) else []
                if column == "deputy_arbiters":
                    texts = _names(value)
                bad = [t for t in texts if has_controls(t)]
                if bad:
                    found.append(
                        f"{table} row {row_id}: its {column.replace('_', ' ')} holds "
                        f"control characters, which a terminal would obey: "
                        f"'{visible(bad[0])}' ({_DAMAGED})"
                    )
    if len(found) > _SHOWN:
        found[_SHOWN:] = [f"... and {len(found) - _SHOWN} more texts with control characters"]
    return found


def _names(value: object) -> list[str]:
    try:
        names = json.loads(str(value))
    except ValueError:
        return []
    return [n for n in names if isinstance(n, str)] if isinstance(names, list) else []
