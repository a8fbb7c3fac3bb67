"""The audit log's entries: how a change writes one (:class:`Recorder`) and how they are read.

A mutation never writes a table directly; it writes through a :class:`Recorder`, which keeps
the first state of every row it touches. At the end the recorder writes ONE audit row whose
``before`` and ``after`` hold, per table and row id, what the change did to the row: the
columns it changed, each before and after; a new row whole in ``after`` (``null`` before), a
removed one whole in ``before`` (``null`` after). Because nothing bypasses the recorder, the
log is complete by construction, and undo is the same write run backwards: the columns in
``after`` must still hold what the change wrote, and then those of ``before`` are put back
exactly (versions and all), the row's other columns left as they are.

The JSON shape of ``before`` / ``after``: ``{"games": {"12": {"result": null, "version": 3}},
"fines": {"3": null}}``. Entries written before normtui kept only the columns changed hold
whole rows: the same rules read them (every column is then named).

Each entry is also a link of the log's hash chain (:mod:`normtui.store.chain`), appended in the
change's own transaction by :func:`append_entry`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from normtui.store.chain import entry_hash, head
from normtui.store.errors import ConflictError, NotFoundError
from normtui.store.schema import TABLES
from normtui.store.values import stored_time, time_text

__all__ = [
    "ACTIONS",
    "BOUNDARIES",
    "AuditEntry",
    "Recorder",
    "Row",
    "append_entry",
    "find_entry",
    "find_undoable",
    "keeps_records_only",
    "log_ids",
    "read_log",
    "undo_rows",
]

Row = dict[str, Any]
# Entries undo never takes back: the creation of the event, and a restore (where the log
# jumps to a backup's; it changes no row). Undo reaches past a restore, not past the creation.
BOUNDARIES = ("create", "restore")
# Every kind of change normtui writes (``normtui check`` reports any other as damage): a new
# one is added here.
ACTIONS = frozenset(
    {
        "armageddon",
        "armageddon start",
        "arrival",
        "blitz start",
        "close round",
        "correction",
        "create",
        "details",
        "feed",
        "feed source",
        "illness",
        "incident",
        "numbers",
        "pgn",
        "player",
        "playoff choice",
        "playoff correction",
        "playoff drawing",
        "playoff format",
        "playoff pgn",
        "playoff result",
        "playoff start",
        "rating list",
        "reopen round",
        "restore",
        "result",
        "schedule",
        "sign",
        "start round",
        "state",
        "time control",
        "undo",
        "withdraw",
    }
)
Rows = Mapping[str, Mapping[str, Row | None]]


@dataclass(frozen=True)
class AuditEntry:
    """One change. ``undoes`` is the id of the entry an undo reverted; ``undone_by`` the id of
    the undo that reverted this one; ``hash`` its link in the log's chain
    (:mod:`normtui.store.chain`)."""

    id: int
    at: datetime
    actor: str
    action: str
    summary: str
    before: Rows
    after: Rows
    undoes: int | None = None
    undone_by: int | None = None
    hash: str | None = None

    @property
    def undoable(self) -> bool:
        """Whether undo could take this change back: not an undo, not undone, not where the
        log begins (the creation, a restore)."""
        return self.undoes is None and self.undone_by is None and self.action not in BOUNDARIES

    def changed(self, table: str) -> list[int]:
        """Ids of the rows of ``table`` this entry changed."""
        return sorted(int(k) for k in {*self.before.get(table, {}), *self.after.get(table, {})})

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "at": time_text(self.at),
            "actor": self.actor,
            "action": self.action,
            "summary": self.summary,
            "undoes": self.undoes,
            "undone_by": self.undone_by,
            "hash": self.hash,
            "before": self.before,
            "after": self.after,
        }


def _entry(row: Mapping[str, Any], undone_by: int | None) -> AuditEntry:
    before, after = row.get("before"), row.get("after")
    return AuditEntry(
        row["id"],
        stored_time(row["at"]),
        row["actor"],
        row["action"],
        row["summary"],
        json.loads(before) if before is not None else {},
        json.loads(after) if after is not None else {},
        row["undoes"],
        undone_by,
        row.get("hash"),
    )


def _dicts(conn: sqlite3.Connection, sql: str, params: list[Any] | None = None) -> list[Row]:
    cursor = conn.execute(sql, params or [])
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def read_log(
    conn: sqlite3.Connection,
    limit: int | None = None,
    *,
    rows: bool = True,
    upto: int | None = None,
) -> list[AuditEntry]:
    """Newest first (``upto``: from that entry down). ``rows=False``: without the rows
    before and after (empty in each entry), for a listing: they hold the PGN texts a change
    wrote, and decoding them is most of the cost of listing a long log."""
    columns = "a.*" if rows else "a.id, a.at, a.actor, a.action, a.summary, a.undoes, a.hash"
    where = "" if upto is None else "WHERE a.id <= ? "
    params: list[Any] = [] if upto is None else [upto]
    sql = (
        f"SELECT {columns}, (SELECT u.id FROM audit u WHERE u.undoes = a.id) AS undone_by "
        f"FROM audit a {where}ORDER BY a.id DESC"
    )
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return [_entry(r, r["undone_by"]) for r in _dicts(conn, sql, params)]


def log_ids(conn: sqlite3.Connection) -> list[int]:
    """Every entry's id, oldest first."""
    return [row[0] for row in conn.execute("SELECT id FROM audit ORDER BY id")]


def find_undoable(conn: sqlite3.Connection, older_than: int | None = None) -> AuditEntry:
    """The newest change that is neither an undo nor undone (nor a boundary of the log);
    ``older_than``: the newest such change before that entry."""
    params: list[Any] = list(BOUNDARIES)
    before = ""
    if older_than is not None:
        before = "AND a.id < ? "
        params.append(older_than)
    rows = _dicts(
        conn,
        (
            "SELECT a.* FROM audit a WHERE a.undoes IS NULL "
            f"AND a.action NOT IN ({', '.join('?' * len(BOUNDARIES))}) {before}"
            "AND NOT EXISTS (SELECT 1 FROM audit u WHERE u.undoes = a.id) "
            "ORDER BY a.id DESC LIMIT 1"
        ),
        params,
    )
    if not rows:
        raise NotFoundError("nothing to undo")
    return _entry(rows[0], None)


# What the board feed may change of a game without entering anything an arbiter decides: the
# record as the board has it so far, and the first move's "in progress".
_RECORD_KEEPING = frozenset({"pgn", "armageddon_pgn", "state", "version"})


def keeps_records_only(entry: AuditEntry, feed_actor: str) -> bool:
    """Whether ``entry`` is the feed keeping the records of games (a game now in progress, a
    record, and the date a round without one takes as its first game starts) and nothing
    else: no result, no other table. Such a change comes from the boards whenever a game
    starts, so it is often the newest; it must not stand between an arbiter and the undo of
    their own last result (it touches other games: an undo that would restore a row it changed
    is still refused, by :func:`undo_rows`)."""
    if entry.actor != feed_actor or entry.action != "feed":
        return False
    if set(entry.after) - {"rounds"} != {"games"}:
        return False
    for key, after in entry.after.get("rounds", {}).items():
        before = entry.before.get("rounds", {}).get(key)
        if before is None or after is None or before.get("date") is not None:
            return False
        if {c for c in after if before.get(c) != after.get(c)} != {"date"}:
            return False
    for key, after in entry.after["games"].items():
        before = entry.before.get("games", {}).get(key)
        if before is None or after is None:
            return False
        changed = {c for c in after if before.get(c) != after.get(c)}
        if not changed <= _RECORD_KEEPING:
            return False
        if "state" in changed and (before.get("state"), after.get("state")) != (
            "scheduled",
            "in_progress",
        ):
            return False
    return True


def find_entry(conn: sqlite3.Connection, entry_id: int) -> AuditEntry | None:
    rows = _dicts(
        conn,
        "SELECT a.*, (SELECT u.id FROM audit u WHERE u.undoes = a.id) "
        "AS undone_by FROM audit a WHERE a.id = ?",
        [entry_id],
    )
    return _entry(rows[0], rows[0]["undone_by"]) if rows else None


class Recorder:
    """The writes of one mutation, inside the caller's transaction."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._before: dict[tuple[str, int], Row | None] = {}

    def fetch(self, table: str, row_id: int) -> Row | None:
        _check_table(table)
        cursor = self.conn.execute(f"SELECT * FROM {table} WHERE id = ?", [row_id])
        row = cursor.fetchone()
        if row is None:
            return None
        return dict(zip([d[0] for d in cursor.description], row, strict=True))

    def _remember(self, table: str, row_id: int) -> None:
        if (table, row_id) not in self._before:
            self._before[(table, row_id)] = self.fetch(table, row_id)

    def insert(self, table: str, values: Mapping[str, Any]) -> int:
        _check_table(table)
        cols = list(values)
        cursor = self.conn.execute(
            f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
            [values[c] for c in cols],
        )
        row_id = cursor.lastrowid
        assert row_id is not None
        self._before.setdefault((table, row_id), None)
        return row_id

    def update(self, table: str, row_id: int, values: Mapping[str, Any]) -> None:
        _check_table(table)
        self._remember(table, row_id)
        cols = list(values)
        self.conn.execute(
            f"UPDATE {table} SET {', '.join(f'{c} = ?' for c in cols)} WHERE id = ?",
            [*(values[c] for c in cols), row_id],
        )

    def delete(self, table: str, row_id: int) -> None:
        self._remember(table, row_id)
        self.conn.execute(f"DELETE FROM {table} WHERE id = ?", [row_id])

    def put_back(self, rows: Mapping[tuple[str, int], Row | None]) -> None:
        """Make each row exactly as given (``None``: absent). All touched rows are deleted
        first and then inserted whole, so a swap of unique values (pairing numbers) cannot
        collide halfway; foreign keys are checked at commit."""
        self.conn.execute("PRAGMA defer_foreign_keys = ON")
        for table, row_id in rows:
            self.delete(table, row_id)
        for (table, _), row in rows.items():
            if row is not None:
                self.insert(table, row)

    def changes(self) -> tuple[dict[str, dict[str, Row | None]], dict[str, dict[str, Row | None]]]:
        """(before, after) of the rows that really changed, tables in schema order: of a row
        changed, the columns changed; of a row made or removed, the whole row."""
        before: dict[str, dict[str, Row | None]] = {}
        after: dict[str, dict[str, Row | None]] = {}
        for (table, row_id), old in sorted(
            self._before.items(), key=lambda kv: (TABLES.index(kv[0][0]), kv[0][1])
        ):
            new = self.fetch(table, row_id)
            if new == old:
                continue
            if old is not None and new is not None:
                changed = [column for column in new if old.get(column) != new[column]]
                old = {column: old.get(column) for column in changed}
                new = {column: new[column] for column in changed}
            before.setdefault(table, {})[str(row_id)] = old
            after.setdefault(table, {})[str(row_id)] = new
        return before, after

    def write_audit(
        self, *, at: str, actor: str, action: str, summary: str, undoes: int | None = None
    ) -> AuditEntry | None:
        """The audit row of this mutation, or ``None`` when nothing changed (nothing written)."""
        if action not in ACTIONS:
            raise ValueError(f"{action!r} is not in normtui.store.log.ACTIONS")
        before, after = self.changes()
        if not after:
            return None
        return append_entry(
            self.conn,
            at=at,
            actor=actor,
            action=action,
            summary=summary,
            before=before,
            after=after,
            undoes=undoes,
        )


def append_entry(
    conn: sqlite3.Connection,
    *,
    at: str,
    actor: str,
    action: str,
    summary: str,
    before: Rows,
    after: Rows,
    undoes: int | None = None,
) -> AuditEntry:
    """Write one entry at the head of the log's chain, inside the caller's write transaction:
    the head read here is the newest entry of the file, since the transaction holds the
    file's write lock (``BEGIN IMMEDIATE``) until it commits, so no other process can append
    between this read and that commit."""
    if not conn.in_transaction:
        raise RuntimeError("an audit entry is appended inside the write that makes the change")
    newest = head(conn)
    entry_id = newest[0] + 1 if newest else 1
    values = (entry_id, at, actor, action, summary, undoes, _dumps(before), _dumps(after))
    digest = entry_hash(newest[1] if newest else None, values)
    conn.execute(
        "INSERT INTO audit (id, at, actor, action, summary, undoes, before, after, hash) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [*values, digest],
    )
    return AuditEntry(
        entry_id, stored_time(at), actor, action, summary, before, after, undoes, None, digest
    )


def undo_rows(rec: Recorder, entry: AuditEntry) -> None:
    """Put back what ``entry`` changed, provided every column it wrote still holds what it
    wrote: its ``before`` columns back in place (a row it made removed, a row it removed
    made again whole), the row's other columns as they are now."""
    wanted: dict[tuple[str, int], Row | None] = {}
    for table, rows in entry.after.items():
        for key, after in rows.items():
            found = rec.fetch(table, int(key))
            current = found
            if current is not None and after is not None:
                # The columns the change wrote (an entry written before a migration added
                # columns, or one that kept whole rows, names them all).
                current = {column: current.get(column) for column in after}
            if current != after:
                raise ConflictError(
                    f"cannot undo #{entry.id} ({entry.summary}): {table} row {key} has been "
                    "changed since by a change that is not undone"
                )
            before = entry.before[table][key]
            if before is not None and found is not None:
                before = {**found, **before}
            wanted[(table, int(key))] = before
    rec.put_back(wanted)


def _check_table(table: str) -> None:
    # Table names are interpolated into SQL: only the schema's own names may pass.
    if table not in TABLES:
        raise ValueError(f"not an audited table: {table}")


def _dumps(rows: object) -> str:
    return json.dumps(rows, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
