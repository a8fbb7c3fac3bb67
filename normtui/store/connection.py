"""Opening and creating event files, and refusing files that are not ours to touch.

A file is checked before anything could write to it: the SQLite header first (a text file or a
PGN given by mistake), then the application id in that header (another program's database),
then the applied migrations (a newer normtui's file). Only then are pending migrations of an
older file applied.

All of that is plain sqlite3: sqlite-utils (a tenth of a second to import) is loaded only when
a file must be migrated or created, and by the store on its first write (:func:`utils_view`).
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from normtui.store.errors import NewerSchemaError, NotANormtuiDatabase, StoreError
from normtui.store.schema import (
    APPLICATION_ID,
    KNOWN_MIGRATIONS,
    MIGRATION_SET,
    MIGRATIONS_TABLE,
    migrations,
)

if TYPE_CHECKING:
    from sqlite_utils import Database

__all__ = ["BUSY_TIMEOUT_MS", "applied_migrations", "check_database", "connect", "create_database",
           "open_database", "remove_database", "utils_view"]

# Long enough to wait out another process's write (each is one short transaction), short enough
# that a stuck process is reported rather than freezing the console.
BUSY_TIMEOUT_MS = 5000
_SQLITE_HEADER = b"SQLite format 3\x00"


def connect(path: Path) -> sqlite3.Connection:
    # check_same_thread=False: the console may call from a worker thread; EventStore serialises
    # access with its own lock.
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    try:
        _configure(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def _configure(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    # With WAL, NORMAL keeps every commit safe from a crash of the process (or of a second
    # process); only a power cut may lose the last commits, never corrupt the file. FULL
    # costs an fsync per result, several milliseconds on a laptop disk.
    conn.execute("PRAGMA synchronous = NORMAL")
    # What sqlite-utils sets on every connection it wraps; set here so that the connection
    # behaves the same before the store first wraps it.
    conn.execute("PRAGMA recursive_triggers = ON")


def utils_view(conn: sqlite3.Connection) -> Database:
    """sqlite-utils' ``Database`` over an open connection (no plugins: nothing may run
    arbitrary code against an event file)."""
    from sqlite_utils import Database

    return Database(conn, execute_plugins=False)


def applied_migrations(conn: sqlite3.Connection) -> list[str]:
    """The names of the migrations applied to the file, in order (what sqlite-utils'
    ``Migrations.applied`` returns), read without loading sqlite-utils."""
    if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                    [MIGRATIONS_TABLE]).fetchone() is None:
        return []
    rows = conn.execute(f"SELECT name FROM {MIGRATIONS_TABLE} WHERE migration_set = ? "
                        "ORDER BY rowid", [MIGRATION_SET]).fetchall()
    return [name for (name,) in rows]


def _not_ours(path: Path, why: str) -> NotANormtuiDatabase:
    return NotANormtuiDatabase(f"{path} is not a normtui database ({why})")


def open_database(path: str | Path) -> sqlite3.Connection:
    """Open an existing event file, upgrading an older schema; refuse anything else."""
    path = Path(path)
    if not path.exists():
        raise NotANormtuiDatabase(
            f"{path}: no such database; create one with `normtui new {path} --players FILE.csv`")
    if not path.is_file():
        raise _not_ours(path, "it is a directory")
    try:
        with path.open("rb") as fh:
            header = fh.read(len(_SQLITE_HEADER))
    except OSError as exc:
        raise NotANormtuiDatabase(f"{path}: cannot read it: {exc.strerror}") from None
    if header != _SQLITE_HEADER:
        raise _not_ours(path, "not an SQLite file")
    try:
        conn = connect(path)
    except sqlite3.Error as exc:
        # A damaged file, or a stale -wal file left beside a replaced one.
        raise NotANormtuiDatabase(f"{path}: SQLite cannot open it ({exc})") from None
    try:
        (app_id,) = conn.execute("PRAGMA application_id").fetchone()
        if app_id != APPLICATION_ID:
            raise _not_ours(path, "an SQLite database made by another program")
        applied = applied_migrations(conn)
        newer = [name for name in applied if name not in KNOWN_MIGRATIONS]
        if newer:
            raise NewerSchemaError(
                f"{path} was written by a newer normtui (schema {newer[-1]}); "
                "upgrade normtui to open it")
        if set(KNOWN_MIGRATIONS) - set(applied):
            migrations().apply(utils_view(conn))
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise _not_ours(path, f"SQLite says: {exc}") from None
    except BaseException:
        conn.close()
        raise
    return conn


def check_database(path: str | Path) -> str | None:
    """Refuse ``path`` as :func:`open_database` would (upgrading an older schema), without
    keeping it open or loading the store; the event's name, for a title meanwhile."""
    conn = open_database(path)
    try:
        row = conn.execute("SELECT name FROM event").fetchone()
    except sqlite3.DatabaseError as exc:
        raise _not_ours(Path(path), f"SQLite says: {exc}") from None
    finally:
        conn.close()
    return row[0] if row else None


def create_database(path: str | Path) -> sqlite3.Connection:
    """Create a new, empty event file with the current schema; never overwrite one."""
    path = Path(path)
    if path.exists():
        raise StoreError(f"{path} already exists; choose another file name")
    try:
        conn = connect(path)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot create {path}: {exc}") from None
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        migrations().apply(utils_view(conn))
    except BaseException:
        conn.close()
        remove_database(path)
        raise
    return conn


def remove_database(path: Path) -> None:
    """Remove a half-made event file and its WAL companions (only ever a file we created)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            Path(f"{path}{suffix}").unlink()
