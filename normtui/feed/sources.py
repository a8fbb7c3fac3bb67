"""Where the live boards come from, read again on every poll, and only what changed.

- A DGT LiveChess export folder ("Export to local filesystem" in LiveChess 2): one sub-folder
  per round, ``round-7/``, holding ``game-1.pgn``, ``game-2.pgn``, … (one per board) and, with
  "Combine PGNs per round", ``games.pgn`` with all of them. Where both are there the per-board
  files are read: they are the same games, and each changes alone. The folder given may also be
  one round's folder, or any folder of PGN files.
- A single PGN file, or an http(s) URL of one (a broadcast's round PGN).
- LiveChess Cloud's public JSON (:mod:`normtui.feed.lcc`): the URL of a ``tournament.json``, of a
  round's ``index.json``, or a ``view.livechesscloud.com/#<id>/<round>`` page (mapped to the
  JSON as lichess's relay does it).

A file is read again only when its size or modification time changed, and is taken only if
neither changed while it was read (a writer in the middle of it). A file or an answer that cannot
be read is one line in :attr:`Poll.problems`; the games read from it before are kept meanwhile,
never dropped: the feed acts on what it reads, never on what is missing.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import SplitResult, urlsplit

from normtui.feed.lcc import LccFormatError, game_pgn
from normtui.http import Fetched, FetchError, fetch
from normtui.pgn import split_text
from normtui.rules.errors import NormtuiError
from normtui.text import open_regular_file

__all__ = ["FeedRecord", "Poll", "Source", "SourceError", "open_source"]

# A round of LiveChess games is some tens of KiB: a file past this is no round's file.
MAX_FILE_BYTES = 16 << 20
_ROUND_DIR = re.compile(r"^round[-_ ]?(\d+)$", re.IGNORECASE)
_GAME_FILE = re.compile(r"^game[-_ ]?(\d+)\.pgn$", re.IGNORECASE)
# A round number of at most three digits: a longer one is no round (and would be a huge int).
_LCC_VIEW = re.compile(r"view\.livechesscloud\.com/?#?([0-9a-f-]+)/(\d{1,3})(?!\d)", re.IGNORECASE)
_LCC_ROUND = re.compile(r"^(.*)/round-(\d{1,3})/index\.json$")


class SourceError(NormtuiError, ValueError):
    """A source that cannot be watched at all (bad input): one line."""


@dataclass(frozen=True, slots=True)
class FeedRecord:
    """One game as the source has it now. ``key`` stays the same from poll to poll; ``order``
    is its place in the round (board files by number, games of a file in file order)."""

    key: str
    origin: str
    round: int | None
    order: tuple[int, int]
    header: str
    movetext: str
    # When the source last wrote it (a LiveChess file's modification time), where it says.
    written: datetime | None = None


@dataclass(frozen=True)
class Poll:
    """``stale``: the source could not be read at all this time; ``records`` are what it said
    last."""

    records: tuple[FeedRecord, ...]
    problems: tuple[str, ...] = ()
    read: int = 0  # files or answers read again this time
    stale: bool = False


class Source(Protocol):
    label: str

    def poll(self) -> Poll: ...


def _decode(data: bytes, name: str) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data[:8192]:
        raise ValueError(f"{name}: not PGN text (binary or UTF-16)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    return text.lstrip("\ufeff")


def _records(
    text: str, origin: str, round_no: int | None, number: int, written: datetime | None = None
) -> list[FeedRecord]:
    out = []
    for raw in split_text(text):
        out.append(
            FeedRecord(
                f"{origin}#{raw.index}",
                origin,
                round_no,
                (number, raw.index),
                raw.header_text,
                raw.movetext,
                written,
            )
        )
    return out


def _looks_like_pgn(text: str) -> bool:
    head = text.lstrip()[:200].lower()
    return not head.startswith(("<", "{")) and (
        head.startswith("[") or head[:1].isdigit() or not head
    )


@dataclass
class _FileCache:
    signature: tuple[int, int] = (-1, -1)
    records: list[FeedRecord] = field(default_factory=list)


class FolderSource:
    """A LiveChess export folder, one round's folder, or a single PGN file (``file``)."""

    def __init__(
        self,
        path: Path,
        round_no: int | None = None,
        *,
        refuse: Callable[[Path], bool] = lambda _p: False,
    ) -> None:
        self.path = path
        self.round = round_no
        self.label = str(path)
        self._refuse = refuse
        self._cache: dict[Path, _FileCache] = {}

    def _files(self) -> list[tuple[int | None, int, Path]]:
        """(round, board number, path) of the files to read now."""
        if self.path.is_file():
            return [(self.round, 0, self.path)]
        match = _ROUND_DIR.match(self.path.name)
        rounds: list[tuple[int | None, Path]]
        if match:
            rounds = [(int(match.group(1)), self.path)]
        else:
            found = []
            for sub in self.path.iterdir():
                sub_match = _ROUND_DIR.match(sub.name)
                if sub_match and sub.is_dir():
                    found.append((int(sub_match.group(1)), sub))
            rounds = [(n, sub) for n, sub in sorted(found)]
            if not rounds:
                rounds = [(self.round, self.path)]
        files: list[tuple[int | None, int, Path]] = []
        for number, folder in rounds:
            if self.round is not None and number is not None and number != self.round:
                continue
            boards = sorted(
                (int(m.group(1)), p) for p in folder.iterdir() if (m := _GAME_FILE.match(p.name))
            )
            if boards:
                files += [(number, n, p) for n, p in boards]
            elif (folder / "games.pgn").is_file():
                files.append((number, 0, folder / "games.pgn"))
            elif not match and number is None:
                files += [(None, i, p) for i, p in enumerate(sorted(folder.glob("*.pgn")))]
        return files

    def poll(self) -> Poll:
        if not self.path.exists():
            what = "folder" if self.path.suffix.lower() != ".pgn" else "file"
            return Poll(
                self._kept(),
                (f"the {what} {self.path} is not there (any more); watching on",),
                stale=True,
            )
        try:
            files = self._files()
        except OSError as exc:
            return Poll(
                self._kept(), (f"{self.path}: cannot be read ({exc.strerror or exc})",), stale=True
            )
        problems: list[str] = []
        read = 0
        seen = set()
        for round_no, number, path in files:
            seen.add(path)
            cache = self._cache.setdefault(path, _FileCache())
            problem, fresh = self._read(path, cache, round_no, number)
            read += fresh
            if problem:
                problems.append(problem)
        for gone in set(self._cache) - seen:
            # A file no longer there keeps what it said (nothing is undone by an absence), but
            # only while the folder has nothing else: memory stays as the round's files.
            if seen:
                del self._cache[gone]
        return Poll(self._kept(), tuple(problems), read)

    def _kept(self) -> tuple[FeedRecord, ...]:
        return tuple(r for c in self._cache.values() for r in c.records)

    def _read(
        self, path: Path, cache: _FileCache, round_no: int | None, number: int
    ) -> tuple[str | None, int]:
        name = self._name(path)
        if self._refuse(path):
            return f"{name} is the event file itself; not read", 0
        try:
            before = os.stat(path)
        except OSError:
            return f"{name} went away while being read; read again next time", 0
        if not stat.S_ISREG(before.st_mode):
            return f"{name} is not a regular file; not read", 0
        if before.st_size > MAX_FILE_BYTES:
            return f"{name} is larger than {MAX_FILE_BYTES >> 20} MiB: not a round's games", 0
        signature = (before.st_size, before.st_mtime_ns)
        if signature == cache.signature:
            return None, 0
        try:
            # Opened as a regular file: one swapped for a FIFO since the stat would wait.
            with open_regular_file(path) as f:
                data = f.read(MAX_FILE_BYTES + 1)
            after = os.stat(path)
        except OSError as exc:
            return f"{name}: cannot be read ({exc.strerror or exc}); read again next time", 0
        if (after.st_size, after.st_mtime_ns) != signature or len(data) != after.st_size:
            return f"{name} is being written; read again next time", 1
        try:
            text = _decode(data, name)
        except ValueError as exc:
            cache.signature = signature
            return str(exc), 1
        cache.signature = signature
        written = datetime.fromtimestamp(after.st_mtime, UTC).astimezone()
        cache.records = _records(text, name, round_no, number, written)
        return None, 1

    def _name(self, path: Path) -> str:
        if path == self.path:
            return path.name
        try:
            return str(path.relative_to(self.path))
        except ValueError:  # pragma: no cover - every file is below the folder
            return str(path)


class UrlSource:
    """A PGN file on a web server, polled."""

    def __init__(self, url: str, round_no: int | None = None, *, timeout: float = 5.0) -> None:
        self.url = url
        self.round = round_no
        self.label = url
        self.timeout = timeout
        self._etag: str | None = None
        self._records: tuple[FeedRecord, ...] = ()
        self._body: bytes | None = None

    def poll(self) -> Poll:
        try:
            got = fetch(self.url, etag=self._etag, timeout=self.timeout)
        except FetchError as exc:
            return Poll(self._records, (str(exc),), stale=True)
        if got.body is None or got.body == self._body:
            return Poll(self._records)
        try:
            text = _decode(got.body, self.url)
        except ValueError as exc:
            return Poll(self._records, (f"{exc}; garbage, not a PGN file",), 1)
        if not _looks_like_pgn(text):
            return Poll(self._records, (f"{self.url} answers something that is not PGN",), 1)
        self._body, self._etag = got.body, got.etag
        self._records = tuple(
            _records(text, urlsplit(self.url).path.rsplit("/", 1)[-1] or self.url, self.round, 0)
        )
        return Poll(self._records, (), 1)


class LccSource:
    """A LiveChess Cloud tournament (``base``: ``…/get/<id>``), the live round or ``round``."""

    def __init__(self, base: str, round_no: int | None = None, *, timeout: float = 5.0) -> None:
        self.base = base.rstrip("/")
        self.round = round_no
        self.label = f"LiveChess Cloud {self.base}" + (f" round {round_no}" if round_no else "")
        self.timeout = timeout
        self._answers: dict[str, tuple[Fetched, Any]] = {}
        self._records: dict[int, FeedRecord] = {}
        self._round: int | None = None

    def _json(self, url: str) -> tuple[Any, bool]:
        """The JSON at ``url`` and whether it is new; raises FetchError or LccFormatError."""
        old = self._answers.get(url)
        got = fetch(url, etag=old[0].etag if old else None, timeout=self.timeout)
        if got.body is None and old is None:
            raise LccFormatError(f"{url} answers 304 Not Modified to a first request")
        if old is not None and (got.body is None or got.body == old[0].body):
            return old[1], False
        assert got.body is not None
        try:
            data = json.loads(got.body.decode("utf-8-sig"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise LccFormatError(f"{url} answers garbage, not JSON") from None
        except RecursionError:  # the decoder recurses into each array and object
            raise LccFormatError(
                f"{url} answers JSON nested too deeply to read: not LiveChess Cloud's"
            ) from None
        self._answers[url] = (got, data)
        return data, True

    def poll(self) -> Poll:
        problems: list[str] = []
        read = 0
        try:
            tournament, fresh = self._json(f"{self.base}/tournament.json")
            read += fresh
            if not isinstance(tournament, dict):
                raise LccFormatError(f"{self.base}/tournament.json is not a tournament")
            round_no = self.round or _live_round(tournament)
            if round_no != self._round:
                # The next round went live: its games replace the last round's, and the
                # answers kept are those of the tournament alone (memory stays a round's).
                self._round = round_no
                self._records.clear()
                self._answers = {
                    k: v for k, v in self._answers.items() if k.endswith("/tournament.json")
                }
            index_url = f"{self.base}/round-{round_no}/index.json"
            index, fresh = self._json(index_url)
            read += fresh
            pairings = index.get("pairings") if isinstance(index, dict) else None
            if not isinstance(pairings, list):
                raise LccFormatError(f"{index_url} has no pairings")
        except (FetchError, LccFormatError) as exc:
            return Poll(tuple(self._records.values()), (str(exc),), read, stale=True)
        for number, pairing in enumerate(pairings, start=1):
            if (
                not isinstance(pairing, dict)
                or not pairing.get("white")
                or not pairing.get("black")
            ):
                continue
            url = f"{self.base}/round-{round_no}/game-{number}.json"
            try:
                game, fresh = self._json(url)
                read += fresh
                if not fresh and number in self._records:
                    continue
                text = game_pgn(tournament, index, pairing, game, round_no, number)
            except (FetchError, LccFormatError) as exc:
                problems.append(str(exc))
                continue
            for record in _records(text, f"round-{round_no}/game-{number}.json", round_no, number):
                self._records[number] = record
        return Poll(tuple(self._records.values()), tuple(problems), read)


def _live_round(tournament: dict[str, Any]) -> int:
    """The round being played: the last one marked live, else the last one with games."""
    rounds = tournament.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise LccFormatError("the tournament has no rounds")
    live = [i for i, r in enumerate(rounds, start=1) if isinstance(r, dict) and r.get("live")]
    if live:
        return live[-1]
    played = [i for i, r in enumerate(rounds, start=1) if isinstance(r, dict) and r.get("count")]
    return played[-1] if played else 1


def _checked_url(text: str) -> SplitResult:
    """The parts of a source's URL, or one line saying why it cannot be read. A user name or
    password in it is refused without being repeated: every message about the source (a
    timeout, a 404, each retry) would print it."""
    if "@" in text.split("?", 1)[0].split("#", 1)[0]:
        raise SourceError(
            "the URL holds a user name or password (NAME:PASSWORD@): refused and not shown; "
            "give the feed's public URL"
        )
    if any(c.isspace() or not c.isprintable() for c in text):
        raise SourceError(f"{text!r}: a URL holds no space or control character")
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018  # a port out of range or not a number raises here
    except ValueError as exc:
        raise SourceError(f"{text}: not a URL that can be read ({exc})") from None
    if not parts.hostname:
        raise SourceError(f"{text}: a URL names its server (http://HOST/...)")
    return parts


def open_source(
    spec: str,
    round_no: int | None = None,
    *,
    timeout: float = 5.0,
    refuse: Callable[[Path], bool] = lambda _p: False,
) -> Source:
    """The source ``spec`` names (a folder, a file, a URL); :class:`SourceError` when it cannot
    be one. ``refuse``: files never to read (the event file and its companions)."""
    text = spec.strip()
    if not text:
        raise SourceError("no source given: a LiveChess folder, a PGN file or a URL")
    view = _LCC_VIEW.search(text)
    if view:
        # lila, RelayRound.Sync.Lcc: the viewer's page and the pool's JSON for the same round.
        return LccSource(
            f"https://1.pool.livechesscloud.com/get/{view.group(1)}",
            round_no or int(view.group(2)),
            timeout=timeout,
        )
    if text.lower().startswith(("http://", "https://")):
        path = _checked_url(text).path
        if path.endswith("/tournament.json"):
            return LccSource(text[: text.rindex("/tournament.json")], round_no, timeout=timeout)
        match = _LCC_ROUND.match(text.split("?", 1)[0])
        if match:
            return LccSource(match.group(1), round_no or int(match.group(2)), timeout=timeout)
        return UrlSource(text, round_no, timeout=timeout)
    if "://" in text:
        raise SourceError(f"{text}: only http(s) URLs, folders and files can be watched")
    where = Path(text).expanduser()
    if not where.exists():
        raise SourceError(f"{where}: no such folder or file")
    if refuse(where):
        raise SourceError(f"{where} is the event file itself; watch a LiveChess folder or a PGN")
    if not (where.is_dir() or where.is_file()):
        raise SourceError(f"{where} is neither a folder nor a file")
    return FolderSource(where, round_no, refuse=refuse)
