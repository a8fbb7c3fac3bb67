"""Writing a file the user named (an export), without harming what is there.

* A regular file, or a name that does not exist yet, is written beside it and renamed over
  it: a failed export never leaves half a file, and a report being read is replaced whole.
  An existing file keeps its permissions (and, for root, its owner); a new one gets
  ``0666 & ~umask`` like any file a program creates (a press page must be readable by the
  web server), never the temporary file's 0600.
* A symbolic link is followed: its target is what is written, and the link stays a link.
* A character device (``/dev/null``, a terminal) or a FIFO is written through, as ``>``
  would: renaming over it would replace the device node itself (as root, ``/dev/null``).
  A block device (a disk) or a socket is refused.
* ``-`` is stdout.

The event file and its companions are refused by the caller
(:func:`normtui.store.connection.refuse_event_file`) before anything is opened.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
import sys
from pathlib import Path

from normtui.store import InputError

__all__ = ["OutputError", "fill", "write_output"]


class OutputError(InputError):
    """The output file cannot be written: one line naming it (nothing was written)."""


def _failure(path: Path | str, exc: OSError) -> OutputError:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return OutputError(
            f"{path}: the disk is full; nothing was written (an existing file is as it was)"
        )
    return OutputError(f"{path}: cannot be written: {exc.strerror or exc}")


def write_output(path: Path | str, data: str | bytes, *, wait_for_reader: bool = True) -> None:
    """Write ``data`` (text as UTF-8, its line ends kept) to ``path`` as the module says.

    ``wait_for_reader=False``: a FIFO that nobody reads is refused instead of waited for (the
    console writes in a thread it waits for when the arbiter quits; the command line waits,
    as ``>`` does)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if str(path) == "-":
        _write_stdout(raw)
        return
    target = Path(os.path.realpath(path))  # a link's target (even a dangling link's)
    try:
        info: os.stat_result | None = target.stat()
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise _failure(path, exc) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise OutputError(f"{path} is a folder; give a file name")
    if info is not None and not stat.S_ISREG(info.st_mode):
        _write_through(path, target, info, raw, wait_for_reader)
        return
    _replace(path, target, info, raw)


def _write_stdout(raw: bytes) -> None:
    sys.stdout.flush()
    sys.stdout.buffer.write(raw)
    sys.stdout.buffer.flush()


def _write_through(
    path: Path | str, target: Path, info: os.stat_result, raw: bytes, wait_for_reader: bool
) -> None:
    if stat.S_ISBLK(info.st_mode):
        raise OutputError(
            f"{path} is a disk (a block device); an export is not written onto a disk"
        )
    if not (stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
        raise OutputError(f"{path} is not a file, a device or a FIFO; give a file name")
    fifo = stat.S_ISFIFO(info.st_mode)
    try:
        # No O_TRUNC, no O_CREAT: a device is written, never made or emptied.
        flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0)
        if fifo and not wait_for_reader:
            flags |= os.O_NONBLOCK  # ENXIO at once when nobody has it open to read
        try:
            fd = os.open(target, flags)
        except OSError as exc:
            if exc.errno == errno.ENXIO and fifo:
                raise OutputError(
                    f"{path} is a FIFO that nobody reads; nothing was written "
                    "(start its reader, then write again)"
                ) from None
            raise
        os.set_blocking(fd, True)  # a reader is there: the writes may wait for it
        with open(fd, "wb", closefd=True) as out:
            out.write(raw)
    except OSError as exc:
        raise _failure(path, exc) from None


def fill(fd: int, raw: bytes, *, like: os.stat_result | None) -> None:
    """Write ``raw`` into the new file ``fd`` (closed after), with the permissions (and, for
    root, the owner) of the file it will replace, ``like``; flushed to the disk."""
    with open(fd, "wb", closefd=True) as out:
        out.write(raw)
        out.flush()
        if like is not None:
            os.fchmod(out.fileno(), stat.S_IMODE(like.st_mode))
            with contextlib.suppress(OSError):  # only root may give a file away
                os.fchown(out.fileno(), like.st_uid, like.st_gid)
        os.fsync(out.fileno())


def _replace(path: Path | str, target: Path, info: os.stat_result | None, raw: bytes) -> None:
    folder = target.parent
    tmp = folder / f".{target.name}.{secrets.token_hex(4)}.tmp"
    try:
        # 0o666: the kernel takes the umask off, as for any file a program creates.
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise _failure(path, exc) from None
    try:
        fill(fd, raw, like=info)
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise _failure(path, exc) from None
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
