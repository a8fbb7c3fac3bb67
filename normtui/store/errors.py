"""What the store refuses, as one line an arbiter can act on.

Every error here leaves the database exactly as it was: the store checks before it writes, and
anything it could not check beforehand is rolled back with the transaction.

SQLite's failures are said as an arbiter can act on them (:func:`sqlite_failure`): a full disk,
a read-only folder or filesystem, a damaged file, a file busy elsewhere. SQLite's own words are
often misleading at the venue: with less than 32 KB free it cannot make the shared-memory file
beside the event and says "disk I/O error"; in a folder it may not write into it says "unable
to open database file" about a file that is plainly there. :func:`sqlite_failure` looks at the
error code and at the disk (``statvfs``, ``access``: no descriptor is opened on the event file)
and names the cause.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from normtui.rules.errors import NormtuiError

__all__ = [
    "AmbiguousError",
    "BusyError",
    "ConflictError",
    "DamagedDatabase",
    "DiskFullError",
    "InputError",
    "NewerSchemaError",
    "NotANormtuiDatabase",
    "NotFoundError",
    "NotNewestError",
    "NotYoursError",
    "ReadOnlyError",
    "StoreError",
    "cannot_write",
    "disk_full",
    "read_only_reason",
    "sqlite_failure",
]


class StoreError(NormtuiError):
    """Base of every store refusal. ``str(exc)`` is the one-line message (with the article)."""


class NotANormtuiDatabase(StoreError):
    """The file is missing, not SQLite, or SQLite made by something else."""


class DamagedDatabase(NotANormtuiDatabase):
    """An event file SQLite cannot read whole: damaged (`normtui check` reports it, exit 1),
    or left unfinished by a normtui older than the one that builds a new file beside it."""


class NewerSchemaError(StoreError):
    """The file was written by a newer normtui; this one must not touch it."""


class NotFoundError(StoreError):
    """No such player, game, round or audit entry."""


class AmbiguousError(NotFoundError):
    """A name fragment that matches more than one player."""


class InputError(StoreError):
    """Malformed input: a players CSV, a date, a time control, a PGN kind..."""


class ConflictError(StoreError):
    """Someone else changed the same thing first (another console or a CLI command)."""


class NotNewestError(ConflictError):
    """Undo was asked for a change that is no longer the newest (someone wrote since)."""


class NotYoursError(ConflictError):
    """Undo would take back another arbiter's change, and was not told it may."""

    def __init__(self, message: str, actor: str) -> None:
        super().__init__(message)
        self.actor = actor


class BusyError(StoreError):
    """Another process held the write lock for longer than the busy timeout."""


# Below this much free space SQLite cannot be sure of making its -shm (32 KB) and a WAL frame.
_FULL_UNDER_BYTES = 256 * 1024


class DiskFullError(StoreError):
    """The disk holding a file normtui writes is full (SQLITE_FULL, ENOSPC)."""


class ReadOnlyError(StoreError):
    """The event cannot be changed: its folder or filesystem is read-only, or the disk full."""


def _folder(path: Path) -> str:
    return os.path.dirname(os.path.abspath(path))


def free_bytes(path: Path) -> int | None:
    """Free space for this user on the filesystem holding ``path`` (None if unknown)."""
    try:
        info = os.statvfs(_folder(path))
    except OSError:
        return None
    return info.f_bavail * info.f_frsize


def disk_full(path: Path) -> str | None:
    """``"the disk holding FOLDER is full (12 KB free)"`` when it is, else None."""
    free = free_bytes(path)
    if free is None or free >= _FULL_UNDER_BYTES:
        return None
    return f"the disk holding {_folder(path)} is full ({free // 1024} KB free)"


def read_only_reason(path: Path) -> str | None:
    """Why nothing can be written beside ``path``, or None if it seems writable."""
    folder = _folder(path)
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return f"{folder} is on a read-only filesystem"
    except OSError:
        pass
    full = disk_full(path)
    if full:
        return full
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} cannot be written"
    return None


def _code(exc: sqlite3.Error) -> str:
    return getattr(exc, "sqlite_errorname", "") or ""


def cannot_write(exc: sqlite3.Error) -> bool:
    """Whether SQLite failed because it could not write (or create) a file: the read-only
    folder, filesystem or full disk that a read-only opening may get around."""
    code = _code(exc)
    return code.startswith(("SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_FULL"))


def sqlite_failure(exc: sqlite3.Error, path: Path, read_only: str | None = None) -> StoreError:
    """One line for ``exc``, raised while working on the event file ``path``. ``read_only``:
    why the store opened the file read-only, when it did."""
    code, text = _code(exc), str(exc)
    if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return BusyError(
            "the event file is busy: another normtui has been writing for too long; try again"
        )
    if code.startswith("SQLITE_READONLY") and read_only:
        return ReadOnlyError(f"{path} cannot be changed here: {read_only}; nothing was changed")
    if code == "SQLITE_FULL" or (code.startswith("SQLITE_IOERR") and disk_full(path)):
        return DiskFullError(
            f"{path} cannot be written: {disk_full(path) or 'the disk is full'}"
            "; nothing was changed: free some space and try again"
        )
    if code.startswith("SQLITE_READONLY") or (cannot_write(exc) and read_only_reason(path)):
        why = read_only_reason(path) or "it is read-only"
        return ReadOnlyError(f"{path} cannot be changed here: {why}; nothing was changed")
    if "Could not decode to UTF-8" in text:
        column = text.split("column ", 1)[-1].split(" with text", 1)[0]
        return DamagedDatabase(
            f"{path} is damaged: column {column} holds bytes that are not text; "
            f"`normtui check {path}` lists the damage; restore the file from a backup"
        )
    if code in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or "malformed" in text:
        return DamagedDatabase(f"{path} is damaged ({text}); restore it from a backup")
    if isinstance(exc, sqlite3.IntegrityError):
        return StoreError(f"refused by the database: {text}")
    return StoreError(f"{path}: database error: {text}")
