"""Opening and creating event files, and refusing files that are not ours to touch.

A file is checked before anything could write to it: the SQLite header first (a text file or a
PGN given by mistake), then the application id in that header (another program's database),
then the applied migrations (a newer normtui's file). Only then are pending migrations of an
older file applied.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from sqlite_utils import Database

from normtui.store.errors import NewerSchemaError, NotANormtuiDatabase, StoreError
from normtui.store.schema import APPLICATION_ID, KNOWN_MIGRATIONS, migrations

__all__ = ["BUSY_TIMEOUT_MS", "connect", "create_database", "open_database", "remove_database"]

# Long enough to wait out another process's write (each is one short transaction), short enough
# that a stuck process is reported rather than freezing the console.
BUSY_TIMEOUT_MS = 5000
_SQLITE_HEADER = b"SQLite format 3\x00"


def connect(path: Path) -> Database:
    # check_same_thread=False: the console may call from a worker thread; EventStore serialises
    # access with its own lock.
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    db = Database(conn, execute_plugins=False)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    # With WAL, NORMAL keeps every commit safe from a crash of the process (or of a second
    # process); only a power cut may lose the last commits, never corrupt the file. FULL
    # costs an fsync per result, several milliseconds on a laptop disk.
    db.execute("PRAGMA synchronous = NORMAL")
    return db


def _not_ours(path: Path, why: str) -> NotANormtuiDatabase:
    return NotANormtuiDatabase(f"{path} is not a normtui database ({why})")


def open_database(path: str | Path) -> Database:
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
    db = connect(path)
    try:
        (app_id,) = db.execute("PRAGMA application_id").fetchone()
        if app_id != APPLICATION_ID:
            raise _not_ours(path, "an SQLite database made by another program")
        applied = [m.name for m in migrations.applied(db)]
        newer = [name for name in applied if name not in KNOWN_MIGRATIONS]
        if newer:
            raise NewerSchemaError(
                f"{path} was written by a newer normtui (schema {newer[-1]}); "
                "upgrade normtui to open it")
        if migrations.pending(db):
            migrations.apply(db)
    except sqlite3.DatabaseError as exc:
        db.close()
        raise _not_ours(path, f"SQLite says: {exc}") from None
    except BaseException:
        db.close()
        raise
    return db


def create_database(path: str | Path) -> Database:
    """Create a new, empty event file with the current schema; never overwrite one."""
    path = Path(path)
    if path.exists():
        raise StoreError(f"{path} already exists; choose another file name")
    try:
        db = connect(path)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot create {path}: {exc}") from None
    try:
        db.execute("PRAGMA journal_mode = WAL")
        migrations.apply(db)
    except BaseException:
        db.close()
        remove_database(path)
        raise
    return db


def remove_database(path: Path) -> None:
    """Remove a half-made event file and its WAL companions (only ever a file we created)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            Path(f"{path}{suffix}").unlink()
