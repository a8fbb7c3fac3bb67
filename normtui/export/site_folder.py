"""The public site's folder, written as a shared web root must be: normtui creates, replaces and
removes only files there, by names it made itself, and never through a link.

A web root is often writable by others (a sync job, a colleague, the web server's own user), so
nothing found in it is trusted: the folder is opened once and every name is resolved from that
descriptor (``dir_fd``), one plain component at a time, never following a link
(``O_NOFOLLOW``). A link put in place of ``games`` or of a page, before or during a build, is
refused or replaced as the link itself: what it points to is never opened, written or removed.
A new file is linked into place (``linkat``), which fails if the name appeared meanwhile, so a
file someone else made between the check and the write is never replaced.

What the folder refuses for good is :class:`SiteRefused`; what may pass (a folder not writable
for a moment, a full disk) is an :class:`OSError` naming the file, which ``--watch`` tries again.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
from pathlib import Path

from normtui.export.output import fill
from normtui.export.snapshot import ExportError

__all__ = ["SiteFolder", "SiteRefused", "is_leftover", "is_site_name"]

# The names a build makes: "index.html", "round-7.json", "games/all.pgn". Lower-case letters,
# digits and hyphens, one optional folder: no "..", no absolute path, nothing hidden.
_NAME = re.compile(r"(?:[a-z0-9][a-z0-9-]*/)?[a-z0-9][a-z0-9-]*\.[a-z]{2,4}")
# A build's temporary file (".index.html.1f2e3d4c.tmp"), the list's own included.
_LEFTOVER = re.compile(
    r"\.(?:\.normtui-site\.json|[a-z0-9][a-z0-9-]*\.[a-z]{2,4})\.[0-9a-f]{8}\.tmp"
)
# Errors of linkat that mean "this file system has no hard links", not "the name is taken".
_NO_LINKS = frozenset(
    {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK, errno.ENOSYS, errno.EXDEV}
)
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC


class SiteRefused(ExportError):
    """The folder holds what normtui must not touch: refused for good (exit 2, ``--watch``
    stops), the folder as it was."""


def is_site_name(name: str) -> bool:
    """A name a build makes: a plain relative name, one folder at most, nothing hidden."""
    return _NAME.fullmatch(name) is not None


def is_leftover(name: str) -> bool:
    """A build's temporary file, by its name alone (the last component)."""
    return _LEFTOVER.fullmatch(name) is not None


class SiteFolder:
    """The folder ``path`` (made if missing), open until :meth:`close`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        if path.exists() and not path.is_dir():
            raise SiteRefused(f"{path} is not a folder")
        try:
            # The folder the user named, links in that path included (their choice).
            path.mkdir(parents=True, exist_ok=True)
            self._root = os.open(path, _DIR_FLAGS)
        except NotADirectoryError:
            raise SiteRefused(f"{path} is not a folder") from None
        except OSError as exc:
            raise self._error(exc, "") from None
        self._folders: dict[str, int] = {"": self._root}

    def __enter__(self) -> SiteFolder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for fd in self._folders.values():
            with contextlib.suppress(OSError):
                os.close(fd)
        self._folders.clear()

    def shown(self, name: str) -> str:
        return str(self.path / name) if name else str(self.path)

    def _error(self, exc: OSError, name: str) -> OSError:
        # The folder's name for the file, not the descriptor's: one line the arbiter reads.
        return OSError(exc.errno, exc.strerror or str(exc), self.shown(name))

    def _folder(self, sub: str, *, create: bool) -> int | None:
        """The descriptor of the folder ``sub`` ("" or "games"); None when it is not there
        (and not ``create``). A link there is refused, never followed."""
        if sub in self._folders:
            return self._folders[sub]
        if create:
            try:
                os.mkdir(sub, 0o777, dir_fd=self._root)
            except FileExistsError:
                pass
            except OSError as exc:
                raise self._error(exc, sub) from None
        try:
            fd = os.open(sub, _DIR_FLAGS | os.O_NOFOLLOW, dir_fd=self._root)
        except FileNotFoundError:
            if create:  # made, then removed by someone else
                raise self._error(FileNotFoundError(errno.ENOENT, "vanished"), sub) from None
            return None
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                # Linux says ENOTDIR for a link opened with O_DIRECTORY | O_NOFOLLOW.
                link = False
                with contextlib.suppress(OSError):
                    link = stat.S_ISLNK(os.lstat(sub, dir_fd=self._root).st_mode)
                what = "a link" if exc.errno == errno.ELOOP or link else "not a folder"
                raise SiteRefused(
                    f"{self.shown(sub)} is {what}: normtui writes only inside its own folder, "
                    "never through a link; remove it, then publish again"
                ) from None
            raise self._error(exc, sub) from None
        self._folders[sub] = fd
        return fd

    def _parent(self, name: str, *, create: bool) -> tuple[int, str] | None:
        """The descriptor of ``name``'s folder and its last component; None when the folder
        is not there (and not ``create``)."""
        if not is_site_name(name) and not (name.startswith(".") and "/" not in name):
            raise SiteRefused(f"{name!r} is not a name normtui makes")  # a caller's bug
        sub, _, base = name.rpartition("/")
        folder = self._folder(sub, create=create)
        return None if folder is None else (folder, base)

    def lstat(self, name: str) -> os.stat_result | None:
        """What is at ``name`` itself (a link is a link); None if nothing."""
        where = self._parent(name, create=False)
        if where is None:
            return None
        try:
            return os.stat(where[1], dir_fd=where[0], follow_symlinks=False)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise self._error(exc, name) from None

    def read(self, name: str, limit: int) -> bytes | None:
        """The bytes of the regular file ``name`` (at most ``limit``; None if there is none).
        Raises :class:`SiteRefused` for a link, a folder or a device, or a larger file."""
        where = self._parent(name, create=False)
        if where is None:
            return None
        flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
        try:
            fd = os.open(where[1], flags, dir_fd=where[0])
        except FileNotFoundError:
            return None
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise SiteRefused(f"{self.shown(name)} is a link") from None
            raise self._error(exc, name) from None
        with open(fd, "rb", closefd=True) as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise SiteRefused(f"{self.shown(name)} is not a file")
            data = f.read(limit + 1)
        if len(data) > limit:
            raise SiteRefused(f"{self.shown(name)} is larger than {limit} bytes")
        return data

    def write(self, name: str, data: bytes, *, replace: bool) -> None:
        """Write ``name`` whole: through a temporary file renamed over the file normtui wrote
        there before (``replace``), or linked into place as a new file, refused if anything
        is there already. An existing file keeps its permissions (and, for root, its owner)."""
        where = self._parent(name, create=True)
        assert where is not None
        folder, base = where
        old = self._lstat_at(folder, base, name)
        if old is not None and not stat.S_ISREG(old.st_mode):
            raise SiteRefused(
                f"{self.shown(name)} is {'a link' if stat.S_ISLNK(old.st_mode) else 'not a file'}"
                ": normtui replaces only the files it wrote, never through a link; remove "
                "it, then publish again"
            )
        if old is not None and not replace:
            raise self.taken(name)
        tmp = f".{base}.{secrets.token_hex(4)}.tmp"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
        try:
            # 0o666: the kernel takes the umask off, as for any file a program creates (a
            # page must be readable by the web server), never a temporary file's 0600.
            fd = os.open(tmp, flags, 0o666, dir_fd=folder)
        except OSError as exc:
            raise self._error(exc, name) from None
        try:
            fill(fd, data, like=old)
            if replace:
                # rename(2) replaces the name itself: a link put there meanwhile is replaced
                # as a link, its target untouched.
                os.replace(tmp, base, src_dir_fd=folder, dst_dir_fd=folder)
            else:
                self._link_new(folder, tmp, base, name)
        except OSError as exc:
            raise self._error(exc, name) from None
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=folder)

    def _lstat_at(self, folder: int, base: str, name: str) -> os.stat_result | None:
        try:
            return os.stat(base, dir_fd=folder, follow_symlinks=False)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise self._error(exc, name) from None

    def taken(self, name: str) -> SiteRefused:
        return SiteRefused(
            f"{self.shown(name)} is not a file normtui wrote (its list of files, "
            f"{self.shown('.normtui-site.json')}, does not name it): it is left alone, "
            "--force or not; move it away, or publish into another folder"
        )

    def _link_new(self, folder: int, tmp: str, base: str, name: str) -> None:
        try:
            os.link(tmp, base, src_dir_fd=folder, dst_dir_fd=folder, follow_symlinks=False)
            return
        except FileExistsError:
            raise self.taken(name) from None
        except OSError as exc:
            if exc.errno not in _NO_LINKS:
                raise
        # No hard links here (some network and FAT file systems): check, then rename.
        if self._lstat_at(folder, base, name) is not None:
            raise self.taken(name)
        os.replace(tmp, base, src_dir_fd=folder, dst_dir_fd=folder)

    def remove(self, name: str) -> bool:
        """Remove the file ``name`` (a regular file only: a link or a folder put there is left
        alone); whether it was removed."""
        where = self._parent(name, create=False)
        if where is None:
            return False
        old = self._lstat_at(where[0], where[1], name)
        if old is None or not stat.S_ISREG(old.st_mode):
            return False
        try:
            os.unlink(where[1], dir_fd=where[0])  # a link put there meanwhile: the link only
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise self._error(exc, name) from None
        return True

    def entries(self, limit: int = 100_000) -> list[tuple[str, str]]:
        """Everything in the folder, at any depth, as (relative name, kind): "file", "link",
        "folder" or "other" (a FIFO, a socket, a device); links are never followed. At most
        ``limit`` entries (the web root of a whole site is not read to its end)."""
        found: list[tuple[str, str]] = []
        pending: list[tuple[str, int]] = [("", os.dup(self._root))]
        try:
            while pending and len(found) < limit:
                prefix, fd = pending.pop()
                try:
                    self._list(prefix, fd, found, pending)
                finally:
                    os.close(fd)
        finally:
            for _, fd in pending:
                os.close(fd)
        return found[:limit]

    def _list(
        self, prefix: str, fd: int, found: list[tuple[str, str]], pending: list[tuple[str, int]]
    ) -> None:
        try:
            with os.scandir(fd) as it:
                listed = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            raise self._error(exc, prefix.rstrip("/")) from None
        for entry in listed:
            rel = prefix + entry.name
            if entry.is_symlink():
                found.append((rel, "link"))
            elif entry.is_dir(follow_symlinks=False):
                try:
                    sub = os.open(entry.name, _DIR_FLAGS | os.O_NOFOLLOW, dir_fd=fd)
                except OSError:  # replaced by a link meanwhile, or not readable
                    found.append((rel, "other"))
                    continue
                found.append((rel, "folder"))
                pending.append((rel + "/", sub))
            elif entry.is_file(follow_symlinks=False):
                found.append((rel, "file"))
            else:
                found.append((rel, "other"))

    def clear_leftovers(self, now: float, older_than: float = 60.0) -> None:
        """Remove the temporary files of builds killed mid-write (normtui's names only, in the
        folders it writes, regular files older than ``older_than`` seconds: younger ones may
        be another build's work in progress)."""
        for sub in ("", "games"):
            folder = self._folder(sub, create=False)
            if folder is None:
                continue
            try:
                with os.scandir(folder) as it:
                    names = [e.name for e in it if is_leftover(e.name)]
            except OSError:
                continue
            for name in names:
                with contextlib.suppress(OSError):
                    info = os.stat(name, dir_fd=folder, follow_symlinks=False)
                    if stat.S_ISREG(info.st_mode) and now - info.st_mtime > older_than:
                        os.unlink(name, dir_fd=folder)
