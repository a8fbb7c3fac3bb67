"""Opening and creating event files, and refusing files that are not ours to touch.

A file is checked before anything could write to it, and only through SQLite (see
:func:`open_database` for why): its header first (a text file or a PGN given by mistake), then
the application id in that header (another program's database), then the applied migrations (a
newer normtui's file). Only then are pending migrations of an older file applied.

All of that is plain sqlite3: sqlite-utils (a tenth of a second to import) is loaded only when
a file must be migrated or created, and by the store on its first write (:func:`utils_view`).

A file in a folder that cannot be written (a read-only folder or filesystem, a full disk) is
opened read-only, so that it can still be read and exported. SQLite reads a WAL
file read-only only where its ``-wal`` and ``-shm`` files exist or can be made (SQLite, "Write-
Ahead Logging", from 3.22.0); where they cannot, and there is no ``-wal`` to read, the file is
opened ``immutable``: no normtui has it open (an open connection keeps its ``-wal`` and
``-shm`` beside it), and none could write to it without making them. A ``-wal`` that holds
changes but cannot be read is refused by name rather than read past.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from normtui.store.errors import (
    BusyError,
    DamagedDatabase,
    InputError,
    NewerSchemaError,
    NotANormtuiDatabase,
    StoreError,
    cannot_write,
    read_only_reason,
    sqlite_failure,
)
from normtui.store.schema import (
    APPLICATION_ID,
    KNOWN_MIGRATIONS,
    MIGRATION_SET,
    MIGRATIONS_TABLE,
    migrations,
)

if TYPE_CHECKING:
    from sqlite_utils import Database

__all__ = [
    "BUSY_TIMEOUT_MS",
    "applied_migrations",
    "check_database",
    "connect",
    "create_database",
    "is_event_file",
    "open_connection",
    "open_database",
    "refuse_event_file",
    "remove_database",
    "utils_view",
]

# Long enough to wait out another process's write (each is one short transaction), short enough
# that a stuck process is reported rather than freezing the console.
BUSY_TIMEOUT_MS = 5000


def connect(path: Path, *, query: str = "") -> sqlite3.Connection:
    """A configured connection; ``query`` (``"mode=ro"``, ``"immutable=1"``) opens the file
    through an SQLite URI with those parameters."""
    target, uri = str(path), False
    if query:
        target = f"file:{urllib.parse.quote(os.path.abspath(path))}?{query}"
        uri = True
    # check_same_thread=False: the console may call from a worker thread; EventStore serialises
    # access with its own lock.
    conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False, uri=uri)
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
    from sqlite_utils import Database  # sqlite-utils: only making and migrating files

    return Database(conn, execute_plugins=False)


def applied_migrations(conn: sqlite3.Connection) -> list[str]:
    """The names of the migrations applied to the file, in order (what sqlite-utils'
    ``Migrations.applied`` returns), read without loading sqlite-utils."""
    if (
        conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [MIGRATIONS_TABLE]
        ).fetchone()
        is None
    ):
        return []
    rows = conn.execute(
        f"SELECT name FROM {MIGRATIONS_TABLE} WHERE migration_set = ? ORDER BY rowid",
        [MIGRATION_SET],
    ).fetchall()
    return [name for (name,) in rows]


def _not_ours(path: Path, why: str) -> NotANormtuiDatabase:
    return NotANormtuiDatabase(f"{path} is not a normtui database ({why})")


def open_database(path: str | Path) -> sqlite3.Connection:
    """Open an existing event file, upgrading an older schema; refuse anything else.

    The file is looked at only through SQLite (and ``stat``, which opens no descriptor). A
    plain ``open()`` of the file, closed again, would drop every POSIX lock this process holds
    on it through its other connections (SQLite's "How To Corrupt An SQLite Database File",
    2.2): the next process to close its connection would then think itself the last one and
    delete the WAL that this process's connection is still writing into."""
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise NotANormtuiDatabase(
            f"{path}: no such database; create one with `normtui new {path} --players FILE.csv`"
        ) from None
    except OSError as exc:
        raise NotANormtuiDatabase(f"{path}: cannot read it: {exc.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise _not_ours(path, "it is a directory")
    if not stat.S_ISREG(info.st_mode):
        raise _not_ours(path, "not a regular file")
    if info.st_size == 0:
        # SQLite would take an empty file for an empty database and write a schema into it.
        raise _not_ours(path, "an empty file")
    conn, read_only = _open_connection(path)
    try:
        (app_id,) = conn.execute("PRAGMA application_id").fetchone()
        if app_id != APPLICATION_ID:
            raise _not_ours(path, "an SQLite database made by another program")
        applied = applied_migrations(conn)
        newer = [name for name in applied if name not in KNOWN_MIGRATIONS]
        if newer:
            raise NewerSchemaError(
                f"{path} was written by a newer normtui (schema {newer[-1]}); "
                "upgrade normtui to open it"
            )
        if set(KNOWN_MIGRATIONS) - set(applied):
            if read_only:
                raise StoreError(
                    f"{path} was written by an older normtui and must be "
                    f"upgraded, which writes to it, but {read_only}"
                )
            # The upgrade needs the file alone: this connection too is closed meanwhile.
            conn.close()
            _upgrade(path)
            conn = _opened(path)
        _refuse_unfinished(conn, path)
    except sqlite3.DatabaseError as exc:
        conn.close()
        if "not a database" in str(exc):
            raise _not_ours(path, "not an SQLite file") from None
        _refuse_busy(path, exc)
        raise DamagedDatabase(f"{path} is damaged: SQLite says: {exc}") from None
    except UnicodeDecodeError:  # a text that is not text any more
        conn.close()
        raise DamagedDatabase(f"{path} is damaged: a text in it is not UTF-8") from None
    except BaseException:
        conn.close()
        raise
    return conn


def _refuse_busy(path: Path, exc: sqlite3.Error) -> None:
    """Locked is not damaged: another process holds the whole file for longer than the busy
    timeout (a restore, which locks it out for its duration)."""
    if isinstance(exc, sqlite3.OperationalError) and ("locked" in str(exc) or "busy" in str(exc)):
        raise BusyError(
            f"{path} is busy: another normtui has held it for more than "
            f"{BUSY_TIMEOUT_MS // 1000} s (a restore?); try again"
        ) from None


def _refuse_unfinished(conn: sqlite3.Connection, path: Path) -> None:
    """A file with our schema but no event in it: a `normtui new` (before it built the file
    beside its target) was killed halfway. Nothing could read it as an event."""
    try:
        (events,) = conn.execute("SELECT count(*) FROM event").fetchone()
    except sqlite3.OperationalError as exc:
        if "no such table" not in str(exc):
            raise
        events = 0
    if events != 1:
        raise DamagedDatabase(
            f"{path} is an unfinished event file (its creation did not "
            "complete); delete it and create the event again"
        )


def _opened(path: Path, query: str = "") -> sqlite3.Connection:
    """A connection whose first read (which opens the WAL) has succeeded."""
    conn = connect(path, query=query)
    try:
        conn.execute("PRAGMA schema_version").fetchone()
    except BaseException:
        conn.close()
        raise
    return conn


def open_connection(path: Path) -> sqlite3.Connection:
    """The file opened for writing, else read-only where it cannot be written (see the
    module's doc); a file SQLite cannot read at all is refused in one line. Nothing is
    checked or migrated: that is :func:`open_database`. (A write through a read-only
    connection fails with SQLITE_READONLY, which :func:`normtui.store.errors.sqlite_failure`
    says with its cause.)"""
    return _open_connection(path)[0]


def _open_connection(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """The connection, and why it is read-only (None: it can be written)."""
    try:
        return _opened(path), None
    except sqlite3.Error as exc:
        if "not a database" in str(exc):
            raise _not_ours(path, "not an SQLite file") from None
        _refuse_busy(path, exc)
        if not cannot_write(exc):
            # A damaged file, or a stale -wal file left beside a replaced one.
            raise DamagedDatabase(f"{path}: SQLite cannot open it ({exc})") from None
        why = read_only_reason(path) or str(exc)
    except UnicodeDecodeError:  # SQLite's message quotes a damaged schema
        raise DamagedDatabase(f"{path}: SQLite cannot open it (its schema is damaged)") from None
    try:
        conn = _opened(path, "mode=ro")
    except sqlite3.Error:
        wal = Path(f"{path}-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise StoreError(
                f"{path} cannot be read here: {why}, and its -wal file holds "
                "changes that SQLite cannot read without writing beside it; "
                "copy the folder somewhere writable"
            ) from None
        try:
            conn = _opened(path, "immutable=1")
        except sqlite3.Error as exc:
            raise sqlite_failure(exc, path, why) from None
    return conn, why


def _upgrade(path: Path) -> None:
    """Apply the pending migrations while no other process has the file open.

    Another process may be an older normtui still running (a console left open through a
    `pip install -U`): it would read what the new schema allows (an Armageddon forfeit) as
    nothing at all, and let its arbiter write over it. So the upgrade takes the file's
    exclusive lock (:func:`exclusive`), which SQLite grants only when no other connection in
    any process has it open, and refuses while one does. Processes of this normtui opening
    the same older file at one moment (after an upgrade the console, a command and a deputy's
    console may) wait for the one upgrading, look again, and find nothing left to do."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            with exclusive(path, wait=0.2) as conn:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    if set(KNOWN_MIGRATIONS) - set(applied_migrations(conn)):
                        migrations().apply(utils_view(conn))
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.rollback()
                    raise
            return
        except OpenElsewhere:
            probe = connect(path)
            try:
                pending = set(KNOWN_MIGRATIONS) - set(applied_migrations(probe))
            finally:
                probe.close()
            if not pending:
                return  # another process of this normtui upgraded it meanwhile
            if time.monotonic() > deadline:
                raise OpenElsewhere(
                    f"{path} was written by an older normtui and must be upgraded, but it is "
                    "open elsewhere (a console or a command, perhaps of the older normtui): "
                    "close every normtui on it, then open it again"
                ) from None
            time.sleep(0.05)


class OpenElsewhere(BusyError):
    """The file is open in another process, and what was asked needs it alone."""


@contextlib.contextmanager
def exclusive(path: Path, *, wait: float = 1.0) -> Iterator[sqlite3.Connection]:
    """A connection holding the event file's exclusive lock until it closes (autocommit: it
    runs its own BEGIN/COMMIT); :class:`OpenElsewhere` while another process has the file open.

    In WAL mode every open connection keeps a shared lock on the file for as long as it is
    open, so the exclusive lock is granted only when no other connection, in any process, has
    it open; in ``locking_mode = EXCLUSIVE`` the first transaction takes it and keeps it, so
    nobody can open the file until this connection closes. ``wait``: how long to wait for a
    process that is only passing through (a command that is closing)."""
    conn = sqlite3.connect(str(path), timeout=wait, isolation_level=None)
    try:
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        try:
            conn.execute("BEGIN EXCLUSIVE")
            conn.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise OpenElsewhere(
                    f"{path} is open elsewhere (a console, a command, another arbiter's console)"
                ) from None
            raise
        _configure(conn)
        yield conn
    finally:
        conn.close()


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
        raise StoreError(f"cannot create {path}: {read_only_reason(path) or exc}") from None
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        migrations().apply(utils_view(conn))
    except sqlite3.Error as exc:
        conn.close()
        remove_database(path)
        raise StoreError(f"cannot create {path}: {read_only_reason(path) or exc}") from None
    except BaseException:
        conn.close()
        remove_database(path)
        raise
    return conn


_COMPANIONS = ("", "-wal", "-shm", "-journal")


def is_event_file(path: str | Path, event: str | Path) -> bool:
    """Whether ``path`` is the event file or one of SQLite's companions of it (its WAL, its
    shared memory, its journal), by name or as the same file under another name.

    The one check every reader and writer of other files goes through. Reading the event file
    as a PGN or a CSV, and closing it, would drop this process's POSIX locks on it (see
    :func:`open_database`); writing an export over it or over its WAL would destroy the event.
    Only ``stat`` and ``realpath`` look at the files: neither opens a descriptor.

    >>> is_event_file("demo.db-wal", "demo.db"), is_event_file("demo-csv.csv", "demo.db")
    (True, False)
    """
    target = os.path.realpath(path)
    names = {os.path.realpath(f"{event}{suffix}") for suffix in _COMPANIONS}
    if target in names:
        return True
    try:
        info = os.stat(target)
    except OSError:
        return False
    for name in names:
        try:
            other = os.stat(name)
        except OSError:
            continue
        if (info.st_dev, info.st_ino) == (other.st_dev, other.st_ino):
            return True
    return False


def refuse_event_file(path: str | Path, event: str | Path, use: str) -> None:
    """Refuse to ``use`` (read as a record, write an export to ...) the event file itself."""
    if is_event_file(path, event):
        raise InputError(
            f"{path} is the event file {event} (or SQLite's file beside it); it cannot be {use}"
        )


def remove_database(path: Path) -> None:
    """Remove a half-made event file and its WAL companions (only ever a file we created)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            Path(f"{path}{suffix}").unlink()
