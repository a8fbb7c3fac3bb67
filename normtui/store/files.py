"""Whole event files: made beside their name and moved into place.

A file at an event's name is always a whole event or nothing. A new file (``normtui new``, a
backup, a restore onto a missing event) is built under a hidden name beside its target, closed
(the last connection checkpoints its WAL into it, so the file alone is the event) and then
moved to its name in one step that never replaces a file: a kill at any moment leaves the
target absent or whole, and at most a hidden ``.NAME.PID-….new`` file, which the next build of
that name removes once its process is gone.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path

from normtui.store.connection import remove_database
from normtui.store.errors import StoreError

__all__ = ["building", "place", "refuse_to_replace"]

_COMPANIONS = ("-wal", "-journal", "-shm")


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
                "close every normtui, then move it away")


def _prefix(target: Path) -> str:
    return f".{target.name}."


def _remove_abandoned(target: Path) -> None:
    """The hidden files of builds of ``target`` whose process is gone (killed)."""
    folder = target.parent
    prefix = _prefix(target)
    with contextlib.suppress(OSError):
        for path in folder.iterdir():
            name = path.name
            if not (name.startswith(prefix) and name.endswith(".new")):
                continue
            pid = name[len(prefix):].split("-", 1)[0]
            if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
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
    import ctypes

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
