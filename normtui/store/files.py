"""Whole event files: made beside their name and moved into place, backed up, restored.

A file at an event's name is always a whole event or nothing. A new file (``normtui new``, a
backup, a restore onto a missing event) is built under a hidden name beside its target, closed
(the last connection checkpoints its WAL into it, so the file alone is the event) and then
moved to its name in one step that never replaces a file: a kill at any moment leaves the
target absent or whole, and at most a hidden ``.NAME.PID-….new`` file, which the next build of
that name removes once its process is gone (the next restore or backup of an event also removes
those of the copies its restores keep, ``.EVENT.db.replaced-TIME.PID-….new``).

A file is never copied over an event: its ``-wal`` would stay, and SQLite would apply the old
file's log of changes to the new one (bringing back what the copy was to remove, or, with
another event's log, corrupting it). A restore writes the backup INTO the event through SQLite
(its backup API), as one transaction in the event's own WAL, while holding the event's
exclusive lock. In WAL mode every open connection holds a shared lock on the event file for as
long as it is open, so that lock is only granted when no other process (a console, a command)
has the event open: the one reliable test of "nobody else is using it", and one that keeps it so
until the restore is done. Nothing here opens an event file outside SQLite (see
:func:`normtui.store.connection.open_database` for why).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from normtui.store.connection import (
    BUSY_TIMEOUT_MS,
    OpenElsewhere,
    applied_migrations,
    connect,
    exclusive,
    open_database,
    refuse_event_file,
    remove_database,
    utils_view,
)
from normtui.store.errors import (
    BusyError,
    InputError,
    ReadOnlyError,
    StoreError,
    cannot_write,
    read_only_reason,
)
from normtui.store.log import AuditEntry, append_entry
from normtui.store.schema import APPLICATION_ID, KNOWN_MIGRATIONS, migrations
from normtui.text import visible

__all__ = ["LogPoint", "backup_event", "building", "place", "refuse_to_replace", "restore_event"]

_COMPANIONS = ("-wal", "-journal", "-shm")
# How long a restore waits for a process that is only passing through (a command that is
# closing); a console holds its lock for as long as it is open.
_LOCK_WAIT_SECONDS = 1.0


@dataclass(frozen=True)
class LogPoint:
    """Where an event file's audit log ends: its newest entry."""

    id: int
    # The time as the file holds it, not read as a datetime: a restore reads the log of the
    # file it replaces, which may be the damaged one it is there to rescue.
    at: str
    actor: str
    summary: str
    # Its link in the log's hash chain (None in a file from before the chain): what an
    # arbiter notes to prove later that the log up to there was not rewritten.
    hash: str | None = None

    @property
    def text(self) -> str:
        return f"#{self.id} ({self.at}, {self.actor}: {self.summary})"

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "at": self.at,
            "actor": self.actor,
            "summary": self.summary,
            "hash": self.hash,
        }


# -- new files: built beside, moved into place ----------------------------------------------


def refuse_to_replace(target: Path) -> None:
    """Refuse a target that exists, or whose SQLite companions exist without it."""
    if os.path.lexists(target):
        raise StoreError(f"{target} already exists; choose another file name")
    for suffix in _COMPANIONS:
        left = Path(f"{target}{suffix}")
        if os.path.lexists(left):
            raise StoreError(
                f"{left} is there without {target.name} (left by a crash, or by a file moved "
                f"or deleted while it was open): SQLite would apply it to a new {target.name}; "
                "close every normtui, then move it away"
            )


def _prefix(target: Path) -> str:
    return f".{target.name}."


def _remove_abandoned(target: Path) -> None:
    """The hidden files of builds of ``target`` whose process is gone (killed), and those of
    the copies a restore keeps of it (``.TARGET.replaced-TIME.PID-….new``): each of those
    has a name of its own, so no later build of that name would ever find it."""
    folder = target.parent
    build = re.compile(
        rf"\.{re.escape(target.name)}(?:\.replaced-[0-9T-]+)?"
        r"\.([0-9]+)-[0-9a-f]+\.new"
    )
    with contextlib.suppress(OSError):
        for path in folder.iterdir():
            found = build.fullmatch(path.name)
            if found is None:
                continue
            pid = int(found.group(1))
            if pid != os.getpid() and not _alive(pid):
                remove_database(path)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


@contextlib.contextmanager
def building(target: Path) -> Iterator[Path]:
    """A hidden path beside ``target`` to build a file at; whatever is left there at the end
    (the whole build, if it failed) is removed. :func:`place` moves it to ``target``."""
    refuse_to_replace(target)
    folder = target.parent
    if not folder.is_dir():
        raise StoreError(f"cannot create {target}: there is no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreError(f"cannot create {target}: the folder {folder} is not writable")
    _remove_abandoned(target)
    # Not made here: SQLite creates it, with the permissions of a database it creates.
    tmp = target.with_name(f"{_prefix(target)}{os.getpid()}-{secrets.token_hex(4)}.new")
    try:
        yield tmp
    finally:
        remove_database(tmp)


def place(tmp: Path, target: Path) -> None:
    """Move the closed file ``tmp`` to ``target`` in one step, never over an existing file."""
    wal = Path(f"{tmp}-wal")
    if wal.exists() and wal.stat().st_size:  # its last changes would stay behind
        raise StoreError(f"{tmp.name} was not closed cleanly; nothing was written to {target}")
    refuse_to_replace(target)
    try:
        if not _rename_without_replacing(tmp, target):
            # A hard link fails as well if the target appeared meanwhile; a kill before the
            # unlink leaves the hidden name, which the next build of this name removes.
            os.link(tmp, target)
            tmp.unlink()
    except FileExistsError:
        raise StoreError(f"{target} already exists; choose another file name") from None
    except OSError:
        # A file system with neither (a FAT memory stick): a rename, right after the check.
        refuse_to_replace(target)
        os.rename(tmp, target)
    with contextlib.suppress(OSError):  # the new name is durable too (not on every system)
        fd = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _rename_without_replacing(source: Path, target: Path) -> bool:
    """Linux's renameat2(RENAME_NOREPLACE): one atomic step that fails if ``target`` exists
    and leaves nothing behind. False where the system or the file system has no such call."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes  # ctypes: only a restore

    function = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if function is None:
        return False
    at_cwd, no_replace = -100, 1
    if function(at_cwd, os.fsencode(source), at_cwd, os.fsencode(target), no_replace) == 0:
        return True
    error = ctypes.get_errno()
    if error == errno.EEXIST:
        raise FileExistsError(error, os.strerror(error), str(target))
    if error in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EPERM):
        return False
    raise OSError(error, os.strerror(error), str(target))


# -- backup -----------------------------------------------------------------------------------


def _newest(conn: sqlite3.Connection) -> LogPoint | None:
    # A file from before the chain (the one a restore replaces may be) has no hash.
    chained = any(r[1] == "hash" for r in conn.execute("PRAGMA table_info(audit)"))
    row = conn.execute(
        f"SELECT id, at, actor, summary, {'hash' if chained else 'NULL'} FROM audit "
        "ORDER BY id DESC LIMIT 1"
    ).fetchone()
    return LogPoint(*row) if row else None


def backup_event(event: Path, target: Path) -> LogPoint:
    """Copy the event to ``target`` (a new file) through SQLite's online backup: one read of
    the file at one moment, consistent while consoles and commands write to it (in WAL mode a
    reader never waits for a writer). The copy is one file, with no WAL beside it, and ends at
    the returned audit entry."""

    refuse_event_file(target, event, "written as the backup")
    source = open_database(event)
    _remove_abandoned(event)  # a killed restore's hidden copy, found by the round's backup
    try:
        point = _copy_out(source, target, newest=True)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot back up {event} to {target}: {exc}") from None
    finally:
        source.close()
    assert point is not None, "an event's log begins with its creation"
    return point


def _copy_out(source: sqlite3.Connection, target: Path, *, newest: bool = False) -> LogPoint | None:
    """The database of ``source``, page by page at one moment, as the new file ``target``:
    one file, with no WAL beside it (the copy has the source's header, WAL mode included).
    ``newest``: also where the copy's log ends (the source may have moved on since)."""
    with building(target) as tmp:
        copy = sqlite3.connect(tmp)
        try:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")
            point = _newest(copy) if newest else None
        finally:
            copy.close()
        place(tmp, target)
    return point


# -- restore ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Restored:
    """What a restore did: the backup's newest change, the entry the restore wrote, and the
    replaced event (its newest change, and where it was kept), if there was one."""

    backup: LogPoint
    entry: AuditEntry
    replaced: LogPoint | None
    kept_as: Path | None


def _load_backup(backup: Path) -> sqlite3.Connection:
    """The backup, copied into memory (never written to), upgraded, and refused unless it is
    a whole event that `normtui check` passes."""
    from normtui.store.check import check_log  # the checker: only a restore

    if not backup.is_file():
        raise InputError(
            f"{backup}: not a regular file, so no backup"
            if backup.exists()
            else f"{backup}: no such backup file"
        )
    try:
        source = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise InputError(f"{backup}: SQLite cannot open it ({exc})") from None
    memory = sqlite3.connect(":memory:", check_same_thread=False)
    try:
        try:
            (app_id,) = source.execute("PRAGMA application_id").fetchone()
            if app_id != APPLICATION_ID:
                raise InputError(f"{backup} is not a normtui event (not made by normtui)")
            newer = [n for n in applied_migrations(source) if n not in KNOWN_MIGRATIONS]
            if newer:
                raise InputError(
                    f"{backup} was written by a newer normtui (schema "
                    f"{newer[-1]}); upgrade normtui to restore it"
                )
            source.backup(memory)
        finally:
            source.close()
        if set(KNOWN_MIGRATIONS) - set(applied_migrations(memory)):
            migrations().apply(utils_view(memory))
        integrity = memory.execute("PRAGMA integrity_check").fetchone()[0]
        problems = [] if integrity == "ok" else [f"integrity: {integrity}"]
        problems += check_log(memory)
        if memory.execute("SELECT count(*) FROM event").fetchone()[0] != 1:
            problems.append("it holds no event")
        if problems:
            more = f" (and {len(problems) - 1} more; see `normtui check`)" if problems[1:] else ""
            raise InputError(f"{backup} is not a sound backup: {problems[0]}{more}")
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        memory.close()
        raise InputError(f"{backup} is not a sound backup: SQLite says: {exc}") from None
    except BaseException:
        memory.close()
        raise
    return memory


def _identity(conn: sqlite3.Connection) -> tuple[str, str, str]:
    """(name, created at, the creation's summary): which event a file is."""
    name, created = conn.execute("SELECT name, created_at FROM event").fetchone()
    (summary,) = conn.execute(
        "SELECT summary FROM audit WHERE action = 'create' ORDER BY id LIMIT 1"
    ).fetchone()
    return name, created, summary


@contextlib.contextmanager
def _exclusive(event: Path) -> Iterator[sqlite3.Connection]:
    """A connection holding the event file's exclusive lock until it closes; refused while
    another process has the file open (see the module's doc)."""
    with contextlib.ExitStack() as stack:
        try:  # only taking the lock is translated: the caller's own failures pass as they are
            conn = stack.enter_context(exclusive(event, wait=_LOCK_WAIT_SECONDS))
        except OpenElsewhere as exc:
            raise BusyError(f"{exc}: close it there, then restore again") from None
        except sqlite3.DatabaseError as exc:  # not a database, or one SQLite cannot open
            # SQLite says "disk I/O error" where it cannot make the -wal and -shm beside it.
            why = read_only_reason(event) if cannot_write(exc) else None
            if why is not None:
                raise ReadOnlyError(
                    f"{event} cannot be restored here: {why}; nothing was changed"
                ) from None
            raise InputError(
                f"{event} is not an event SQLite can open ({exc}): move it "
                "away (with its -wal and -shm, if any) and restore again"
            ) from None
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        yield conn


def restore_event(
    backup: Path, event: Path, *, actor: str, now: datetime | None = None
) -> Restored:
    """Make ``event`` the event ``backup`` holds, with one more audit entry saying so.

    The backup is checked first (a damaged or unfinished one is refused). A missing event is
    built from it beside its name. An existing one must be the same event (its creation), not
    be open anywhere, and is kept whole as ``EVENT.db.replaced-TIME`` before the backup is
    written into it: its changes after the backup's are not in the restored log, the restore
    entry names the newest of them, and restoring that kept file brings them back. The
    restore's entry changes no row: it is where the log jumps, and it cannot be undone (undo
    reaches past it, to the backup's own changes)."""
    refuse_event_file(backup, event, "restored over itself")
    if os.path.lexists(event) and not event.is_file():
        raise InputError(
            f"{event} is not a regular file, so no event to restore into; "
            "give the event's file name"
        )
    _remove_abandoned(event)
    stamp = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    snapshot = _load_backup(backup)
    try:
        point = _newest(snapshot)
        assert point is not None
        if not os.path.lexists(event):
            entry = _write_restore_entry(snapshot, backup, point, stamp, actor, None, None)
            with building(event) as tmp:
                built = connect(tmp)
                try:
                    snapshot.backup(built)
                    built.execute("PRAGMA journal_mode = WAL")
                finally:
                    built.close()
                place(tmp, event)
            return Restored(point, entry, None, None)
        with _exclusive(event) as guard:
            replaced = _replaced_point(guard, snapshot, event, backup)
            kept = _kept_name(event, stamp)
            _keep_copy(guard, event, kept)
            entry = _write_restore_entry(snapshot, backup, point, stamp, actor, replaced, kept)
            try:
                snapshot.backup(guard)  # one transaction, in the event's own WAL
                guard.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error as exc:
                raise StoreError(
                    f"cannot write the backup into {event}: {exc}; it is as it "
                    f"was (a copy is in {kept.name})"
                ) from None
        return Restored(point, entry, replaced, kept)
    finally:
        snapshot.close()


def _kept_name(event: Path, stamp: str) -> Path:
    """``EVENT.db.replaced-TIME``, by the second; a second restore within that second gets
    ``-2`` and so on (the name is not the arbiter's to choose, so it must never clash)."""
    base = f"{event.name}.replaced-{stamp.replace(':', '')[:17]}"
    kept, n = event.with_name(base), 1
    while os.path.lexists(kept):
        n += 1
        kept = event.with_name(f"{base}-{n}")
    return kept


def _replaced_point(
    guard: sqlite3.Connection, snapshot: sqlite3.Connection, event: Path, backup: Path
) -> LogPoint | None:
    """The newest change of the event about to be replaced (None: it cannot be read, which
    is what a restore is for). A backup of another event is refused."""
    try:
        theirs, point = _identity(guard), _newest(guard)
        newer = [n for n in applied_migrations(guard) if n not in KNOWN_MIGRATIONS]
    except (sqlite3.Error, TypeError, UnicodeDecodeError):
        return None
    if newer:
        raise InputError(
            f"{event} was written by a newer normtui (schema {newer[-1]}); "
            "restore it with that normtui"
        )
    ours = _identity(snapshot)
    if theirs != ours:
        raise InputError(
            f"{backup} is a backup of another event ({ours[0]}, created "
            f"{ours[1]}), not of {event} ({theirs[0]}, created {theirs[1]})"
        )
    return point


def _keep_copy(guard: sqlite3.Connection, event: Path, kept: Path) -> None:
    """The event as it is, page by page (a damaged page too), in a file of its own."""
    try:
        _copy_out(guard, kept)
    except sqlite3.Error as exc:
        raise StoreError(
            f"cannot keep a copy of {event} before replacing it ({exc}); nothing "
            "was changed. Close every normtui, move the file and its -wal and "
            "-shm away, then restore again"
        ) from None


def _write_restore_entry(
    snapshot: sqlite3.Connection,
    backup: Path,
    point: LogPoint,
    at: str,
    actor: str,
    replaced: LogPoint | None,
    kept: Path | None,
) -> AuditEntry:
    summary = (
        f"restored from {visible(backup.name)}: the event as it was after #{point.id} ({point.at})"
    )
    if kept is not None:
        newest = (
            f"newest change #{replaced.id} ({replaced.at})" if replaced else "its log unreadable"
        )
        summary += f"; the file it replaced ({newest}) is kept as {kept.name}"
    snapshot.execute("BEGIN IMMEDIATE")
    entry = append_entry(
        snapshot, at=at, actor=actor, action="restore", summary=summary, before={}, after={}
    )
    snapshot.commit()
    return entry
