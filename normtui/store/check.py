"""``normtui check``: is the file sound, and does every stored game obey the rules?

The schema already refuses most bad states; this looks for what only a damaged file, a hand
edit or a bug could leave behind. SQLite's own checks see a damaged page, not a wrong value in
a sound one: a result changed with the sqlite3 shell, or a flipped bit in a row, is a valid row.
What does see it is the audit log, in two ways:

- its hash chain (:mod:`normtui.store.chain`): each entry's hash covers what it holds and the
  entry before it, so an entry changed, removed or moved is named where the chain breaks;
- its images: every change writes what it did to the rows it touched (:mod:`normtui.store.log`:
  the columns changed, before and after; a row made or removed whole), so every row of every
  table must be what the log's images make of it, replayed from the creation of the event: a
  row that is not was changed outside normtui (or damaged), and an image that is not what the
  log before it left means the same of the rows that change read. An undo must be the exact
  reverse of the change it names.

A column added by a migration is missing from the images written before it; such a row had the
column's default then (``ALTER TABLE ... ADD COLUMN``), so a missing column compares as that.
A migration that rewrote rows would have to audit them, or the check would report them.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from normtui.rules.errors import NormtuiError
from normtui.rules.model import RuleError
from normtui.rules.scoring import check_game
from normtui.store.chain import chain_problems
from normtui.store.check_values import check_controls, check_entries
from normtui.store.connection import applied_migrations, open_connection
from normtui.store.core import Core
from normtui.store.errors import StoreError, sqlite_failure
from normtui.store.log import Row
from normtui.store.schema import KNOWN_MIGRATIONS, TABLES
from normtui.store.values import stored_time
from normtui.text import visible

__all__ = ["UNREADABLE", "check_event", "check_log", "damage"]

# Enough to find the damage and where it starts; the rest is more of the same.
SHOWN_ROWS = 10

# What a damaged row can raise on the way to a record: a value no enum knows, a missing key.
UNREADABLE = (sqlite3.Error, NormtuiError, KeyError, ValueError, TypeError)


def check_event(core: Core) -> list[str]:
    """Every problem found, one line each; an empty list when all is well."""
    conn = core.conn
    problems: list[str] = []
    try:
        with core.read():
            factory = conn.text_factory
            # A damaged text must be compared, not raise: it then differs from the log's.
            conn.text_factory = _lenient_text
            try:
                problems = _check(core, conn)
            finally:
                conn.text_factory = factory
    except sqlite3.DatabaseError as exc:  # even the end of the read can find a bad page
        problems.append(f"integrity: SQLite says: {exc}")
    # A damaged name in a line must still print.
    return [line.encode("utf-8", "backslashreplace").decode("utf-8") for line in problems]


def _lenient_text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def _check(core: Core, conn: sqlite3.Connection) -> list[str]:
    problems: list[str] = []
    try:
        integrity = [row[0] for row in conn.execute("PRAGMA integrity_check").fetchall()]
        if integrity != ["ok"]:
            problems.extend(f"integrity: {line}" for line in integrity)
        for row in conn.execute("PRAGMA foreign_key_check").fetchall():
            problems.append(f"foreign key: {row[0]} row {row[1]} points to a missing {row[2]} row")
        applied = applied_migrations(conn)
    except sqlite3.Error as exc:
        return [f"integrity: SQLite says: {exc}"]
    if applied != list(KNOWN_MIGRATIONS):
        problems.append(
            f"schema: the migrations recorded are {', '.join(applied)}; this "
            f"normtui expects {', '.join(KNOWN_MIGRATIONS)}"
        )
    problems.extend(check_log(conn))
    try:
        problems.extend(check_controls(conn))
    except sqlite3.Error as exc:
        problems.append(f"texts: SQLite says: {exc}")
    try:
        games = core.games()
    except UNREADABLE as exc:
        return [*problems, f"games: cannot be read ({type(exc).__name__}: {exc})"]
    for g in games:
        try:
            check_game(g.game())
        except RuleError as exc:
            problems.append(f"{g.label}: {exc}")
    return problems


def check_log(conn: sqlite3.Connection) -> list[str]:
    """The log's hash chain, then every table against the log replayed from the creation
    (see the module's doc): where the chain breaks and the first rows that differ, one line
    each."""
    factory = conn.text_factory
    conn.text_factory = _lenient_text
    try:
        return _check_log(conn)
    finally:
        conn.text_factory = factory


def _check_log(conn: sqlite3.Connection) -> list[str]:
    try:
        defaults = _defaults(conn)
        rows = conn.execute(
            "SELECT id, action, undoes, before, after, at, actor FROM audit ORDER BY id"
        )
        log = rows.fetchall()
        problems = chain_problems(conn)
    except sqlite3.Error as exc:
        return [f"audit log: SQLite says: {exc}"]
    state: dict[str, dict[int, Row]] = {t: {} for t in TABLES}
    images: dict[int, tuple[_Images, _Images]] = {}
    if not log or log[0][1] != "create":
        problems.append("audit log: it does not begin with the creation of the event")
    problems.extend(
        check_entries(
            [(entry_id, action, at, actor) for entry_id, action, _u, _b, _a, at, actor in log]
        )
    )
    for entry_id, action, undoes, before_text, after_text, at, actor in log:
        label = f"audit #{entry_id} ({action})"
        problems.extend(_check_stamp(label, at, actor))
        try:
            before, after = _images(before_text), _images(after_text)
        except ValueError as exc:
            # Nothing after a lost image can be replayed: every later row would differ.
            return [
                *problems,
                f"{label}: its record of the change is damaged ({exc}); the "
                "rows after it cannot be checked against the log",
            ]
        if entry_id != log[0][0] and action == "create":
            problems.append(f"{label}: a second creation of the event")
        for table, key in sorted(set(before) | set(after)):
            old, new = before.get((table, key)), after.get((table, key))
            if (table, key) not in before or (table, key) not in after:
                problems.append(
                    f"{label}: {table} row {key} has an image after the change "
                    "but none before it, or the reverse"
                )
            current = state[table].get(key)
            if not _holds(current, old, defaults[table]):
                how = _difference(current, old, defaults[table], image=True)
                problems.append(
                    f"{label}: {table} row {key} was not as the log had left it "
                    f"when this change read it ({how}): changed outside normtui "
                    "before this change"
                )
            if new is None:
                state[table].pop(key, None)
            elif old is None or current is None:
                state[table][key] = new
            else:  # the columns the change wrote; the others as they were
                state[table][key] = {**current, **new}
        if undoes is not None:
            problems.extend(_check_undo(label, undoes, before, after, images, defaults))
        images[entry_id] = (before, after)
    shown = 0
    for table in TABLES:
        try:
            actual = _table(conn, table)
        except sqlite3.Error as exc:
            problems.append(f"{table}: SQLite says: {exc}")
            continue
        for key in sorted(set(actual) | set(state[table])):
            expected, found = state[table].get(key), actual.get(key)
            if _same(found, expected, defaults[table]):
                continue
            shown += 1
            if shown <= SHOWN_ROWS:
                problems.append(_row_problem(table, key, found, expected, defaults[table]))
    if shown > SHOWN_ROWS:
        problems.append(
            f"... and {shown - SHOWN_ROWS} more rows that the audit log does not account for"
        )
    return problems


_Images = dict[tuple[str, int], Row | None]


def _check_stamp(label: str, at: object, actor: object) -> list[str]:
    """When and by whom: not replayed (no row holds them), but evidence all the same (when a
    result was entered; an Armageddon's window), so a value normtui never writes is damage."""
    out = []
    try:
        datetime.fromisoformat(str(at))
    except ValueError:
        out.append(
            f"{label}: its time {at!r} is not a time normtui writes (damaged, or "
            "changed outside normtui)"
        )
    if not isinstance(actor, str) or not actor.strip() or not actor.isprintable():
        out.append(
            f"{label}: its arbiter's name {actor!r} is not one printable line (damaged, "
            "or changed outside normtui)"
        )
    return out


def _images(text: str) -> _Images:
    """An entry's ``before`` or ``after``, by (table, row id); ValueError if it is not one."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not an object of tables")
    out: _Images = {}
    for table, rows in data.items():
        if table not in TABLES or not isinstance(rows, dict):
            raise ValueError(f"{table!r} is not an audited table")
        for key, row in rows.items():
            if not key.isdigit() or not (row is None or isinstance(row, dict)):
                raise ValueError(f"{table} row {key!r} is not a row")
            out[(table, int(key))] = row
    return out


def _check_undo(
    label: str,
    undoes: int,
    before: _Images,
    after: _Images,
    images: Mapping[int, tuple[_Images, _Images]],
    defaults: Mapping[str, Row],
) -> list[str]:
    """An undo puts back exactly what the change it names had found: a row made, removed; a
    row removed, made again whole; of a row changed, every column the change wrote."""
    if undoes not in images:
        return [f"{label}: it undoes #{undoes}, which is not an earlier entry of the log"]
    undone_before, undone_after = images[undoes]
    for (table, key), was in undone_before.items():
        made = undone_after.get((table, key))
        back, again = before.get((table, key)), after.get((table, key))
        if was is None or made is None or back is None or again is None:
            reverses = _same(back, made, defaults[table]) and _same(again, was, defaults[table])
        else:
            wrote = _filled(made, defaults[table])
            found = _filled(was, defaults[table])
            changed = {c for c in {*was, *made} if found.get(c) != wrote.get(c)}
            columns = changed | set(back) | set(again)
            reverses = all(
                _filled(back, defaults[table]).get(c) == wrote.get(c)
                and _filled(again, defaults[table]).get(c) == found.get(c)
                for c in columns
            )
        if not reverses:
            return [f"{label}: it does not reverse #{undoes} ({table} row {key})"]
    return []


def _defaults(conn: sqlite3.Connection) -> dict[str, Row]:
    """Per table, each column's default (what ADD COLUMN gave the rows there were)."""
    out: dict[str, Row] = {}
    for table in TABLES:
        out[table] = {}
        for _cid, name, _type, _notnull, default, _pk in conn.execute(
            f"PRAGMA table_info({table})"
        ).fetchall():
            out[table][name] = (
                conn.execute(f"SELECT {default}").fetchone()[0] if default is not None else None
            )
    return out


def _table(conn: sqlite3.Connection, table: str) -> dict[int, Row]:
    cursor = conn.execute(f"SELECT * FROM {table}")
    names = [d[0] for d in cursor.description]
    return {row["id"]: row for row in (dict(zip(names, r, strict=True)) for r in cursor)}


def _same(a: Row | None, b: Row | None, defaults: Row) -> bool:
    if a is None or b is None:
        return a is b
    return _filled(a, defaults) == _filled(b, defaults)


def _holds(row: Row | None, image: Row | None, defaults: Row) -> bool:
    """Whether ``row`` (as the log left it) is what a change's ``before`` image says it found:
    the columns the image names (all of them for a whole row), or no row."""
    if row is None or image is None:
        return row is image
    filled = _filled(row, defaults)
    return all(filled.get(column) == value for column, value in image.items())


def _filled(row: Row, defaults: Row) -> Row:
    return {**defaults, **row}


def _difference(
    expected: Row | None, found: Row | None, defaults: Row, *, image: bool = False
) -> str:
    """What differs, for a person: the first few columns, or that a row is missing.
    ``image``: ``found`` is a change's image, which names the columns it compares."""
    if expected is None:
        return "there should be no such row"
    if found is None:
        return "there was no such row"
    names = list(found) if image else list({**expected, **found})
    expected, found = _filled(expected, defaults), _filled(found, defaults)
    columns = [c for c in names if expected.get(c) != found.get(c)]
    return "; ".join(
        f"{c} {_show(found.get(c))}, the log says {_show(expected.get(c))}" for c in columns[:3]
    ) + ("; ..." if len(columns) > 3 else "")


def _row_problem(
    table: str, key: int, found: Row | None, expected: Row | None, defaults: Row
) -> str:
    if found is None:
        return f"{table} row {key}: missing from the file, but the audit log has it"
    if expected is None:
        return (
            f"{table} row {key}: in the file, but no audited change made it (added "
            "outside normtui, or damaged)"
        )
    return (
        f"{table} row {key}: {_difference(expected, found, defaults)} (changed outside "
        "normtui, or damaged)"
    )


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# -- after a failure the command line did not expect -----------------------------


def _not_text(conn: sqlite3.Connection) -> list[str]:
    """``table row N: column holds bytes that are not UTF-8``, for every such value."""
    found = []
    for table in (*TABLES, "audit"):
        columns = [
            r[1] for r in conn.execute(f"PRAGMA table_info({table})") if r[2].upper() == "TEXT"
        ]
        for column in columns:
            # NOT INDEXED: the table's own values, not an index's copy of them (a flipped
            # bit in the row leaves the index as it was).
            rows = conn.execute(
                f"SELECT id, CAST({column} AS BLOB) FROM {table} NOT INDEXED "
                f"WHERE {column} IS NOT NULL"
            ).fetchall()
            for row_id, raw in rows:
                try:
                    raw.decode("utf-8")
                except UnicodeDecodeError:
                    found.append(
                        f"{table} row {row_id}: {column} holds bytes that are not UTF-8 text"
                    )
    return found


# Where the store keeps a time (``Core.now``): every record reads it back as a datetime.
TIME_COLUMNS = (
    ("event", "created_at"),
    ("games", "result_at"),
    ("games", "armageddon_started_at"),
    ("arrivals", "recorded_at"),
    ("arrivals", "arrived_at"),
    ("fines", "recorded_at"),
    ("incidents", "at"),
    ("audit", "at"),
    ("live_boards", "seen_at"),
    ("outward", "started_at"),
    ("outward", "stopped_at"),
)

_ROW_KEYS = {"outward": "kind"}


def _not_times(conn: sqlite3.Connection) -> list[str]:
    """``table row N: column 'noon' is not a time with its offset``, for every time no record
    can read (:func:`normtui.store.values.stored_time`): the schema does not check them, and a
    record read from such a row would fail."""
    found = []
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for table, column in TIME_COLUMNS:
        if table not in tables:
            continue
        have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
        if column not in have:  # a file from before the column (opened to be upgraded)
            continue
        # A table WITHOUT ROWID (outward) names its rows by its key.
        key = _ROW_KEYS.get(table, "rowid")
        rows = conn.execute(
            f"SELECT {key}, {column} FROM {table} NOT INDEXED WHERE {column} IS NOT NULL"
        ).fetchall()
        for row_id, value in rows:
            try:
                stored_time(value)
            except (ValueError, TypeError):
                shown = visible(str(value))
                found.append(
                    f"{table} row {row_id}: {column} {shown!r} is not a time with its offset"
                )
    return found


def damage(path: Path) -> str | None:
    """One line naming the first damage SQLite finds in the event file ``path`` (its
    integrity check, which checks the CHECK constraints too: a result "1-1", a state
    "finishad"; text that is not UTF-8; a time that is none), or None. For the command line,
    after a failure it did not expect: the damage is what to say, not a traceback
    (``friendly``)."""
    try:
        # Not read-only where it can be helped: SQLite checks the CHECK constraints of a
        # file only where it could write to it. The check itself writes nothing.
        conn = open_connection(path)
        try:
            lines = [row[0] for row in conn.execute("PRAGMA integrity_check").fetchall()]
            problems = [line for line in lines if line != "ok"] + _not_text(conn)
            problems += _not_times(conn)
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return str(sqlite_failure(exc, path))
    except StoreError as exc:
        return str(exc)
    if not problems:
        return None
    more = f" and {len(problems) - 1} more" if len(problems) > 1 else ""
    return (
        f"{path} is damaged: {problems[0]}{more}; `normtui check {path}` lists the "
        "damage; restore the file from a backup"
    )
