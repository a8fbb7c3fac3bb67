"""``normtui check``, the values no replay can vouch for: what the audit log says of itself
(when, by whom, what kind of change) and texts a terminal would obey.

An audit row's own columns are not in any image, so the replay of :mod:`normtui.store.check`
cannot see a change to them; the log's hash chain does (:mod:`normtui.store.chain`), and names
the entry. What is said here besides is what no entry normtui writes can hold, in words that
name the value: an action outside the closed set it writes, an arbiter's name that ``--as``
would refuse, a time not written as it writes times. Nothing is guessed from what other entries
hold: two arbiters may have names one letter apart (Ola and Ole), and a computer's clock may
go back and forth.

Texts a person gave (names, details, incidents) are stored without control characters
(:func:`normtui.text.clean_text`, or refused): one that holds them was written by something
else, and would set a terminal's title or clipboard if shown raw.
"""

from __future__ import annotations

import json
import sqlite3
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
    """Each entry's action, arbiter and time as normtui writes them (see the module's doc)."""
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
    for entry_id, _action, at, _actor in entries:
        try:
            when = datetime.fromisoformat(str(at))
        except ValueError:
            continue  # said by the stamp's own check
        if when.tzinfo is None or when.isoformat(timespec="seconds") != at:
            # Parsed, but not as normtui writes it ("2022-06-07t19:31:00+02:00", no zone).
            problems.append(
                f"audit #{entry_id}: its time '{visible(str(at))}' is not written as "
                f"normtui writes times ({_DAMAGED})"
            )
    return problems


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
