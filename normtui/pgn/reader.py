"""Reading PGN files: decoding, and cutting the text into games, in constant memory.

Files come from broadcasts, ChessBase exports and arbiters' laptops: UTF-8 with or without a
BOM, Windows-1252 (or Latin-1, which the PGN standard itself prescribes), CRLF line ends.
Decoding is done line by line, so one Latin-1 name in game 40,000 of a UTF-8 file costs that
line alone and the file is never held whole.

The cutting is done here rather than by python-chess because python-chess, missing the blank
line between two games, reads the second game's tags as moves of the first. A game starts at a
tag line after moves or after a blank line, unless that line is inside a ``{comment}``.

>>> [g.index for g in split_text('[Event "A"]\\n\\n1. e4 e5 *\\n\\n1. d4 *\\n')]
[0, 1]
>>> next(split_text('[White "x"]\\n1. e4 1-0\\n[White "y"]\\n1. d4 0-1\\n')).text
'[White "x"]\\n1. e4 1-0\\n'
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

__all__ = [
    "PgnReadError",
    "RawGame",
    "decode_line",
    "game_ranges",
    "iter_games",
    "iter_stream",
    "open_pgn",
    "split_text",
]

# python-chess's own tag syntax: a line that does not match it is ignored there, silently.
TAG_LINE = re.compile(r"^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+\"([^\r]*)\"\]\s*$")
_TAG_START = re.compile(rb"\[[A-Za-z0-9][A-Za-z0-9_+#=:-]*\s+\"")
_BRACES = re.compile(r"[{};]")
_SNIFF = 8192


class PgnReadError(ValueError):
    """A file that cannot be read as PGN at all: missing, unreadable, binary, UTF-16."""


@dataclass(frozen=True, slots=True)
class RawGame:
    """One game's text as cut from a file, before any chess is read from it.

    ``line`` is the game's first line in the file (from 1), ``moves_at`` the offset in ``text``
    where the moves begin, ``size`` the bytes the game took in the file (separators included),
    ``recoded_line`` the first line that was not UTF-8, if any.
    """

    index: int
    line: int
    text: str
    moves_at: int
    size: int = 0
    recoded_line: int | None = None

    @property
    def header_text(self) -> str:
        return self.text[:self.moves_at]

    @property
    def movetext(self) -> str:
        return self.text[self.moves_at:]


def decode_line(raw: bytes) -> tuple[str, bool]:
    """Decode one line: UTF-8 if it is, else Windows-1252 (Latin-1 where 1252 has a hole).

    >>> decode_line("Østenstad".encode("cp1252"))
    ('Østenstad', True)
    >>> decode_line("Østenstad".encode("utf-8"))
    ('Østenstad', False)
    """
    try:
        return raw.decode("utf-8"), False
    except UnicodeDecodeError:
        try:
            return raw.decode("cp1252"), True
        except UnicodeDecodeError:
            return raw.decode("latin-1"), True


def _text_lines(raw_lines: Iterable[bytes]) -> Iterator[tuple[str, int, bool]]:
    first = True
    for raw in raw_lines:
        text, recoded = decode_line(raw)
        if first:
            text = text.lstrip("\ufeff")
            first = False
        if "\r" in text:
            # CRLF, and the old Mac's lone CR, both become LF.
            parts = _lines(text.replace("\r\n", "\n").replace("\r", "\n"))
            for i, part in enumerate(parts):
                yield part, len(raw) if i == 0 else 0, recoded
        else:
            yield text, len(raw), recoded


def _comment_after(line: str, in_comment: bool) -> bool:
    for ch in _BRACES.findall(line):
        if in_comment:
            in_comment = ch != "}"
        elif ch == "{":
            in_comment = True
        else:
            if ch == ";":
                break
    return in_comment


def _ends_game(state: int, text: str, blank: bool, in_comment: bool, blank_in_tags: bool) -> bool:
    if state == 2:
        if not in_comment:
            return blank or text[0] == "["
        # A comment never closed would swallow the rest of the file: a tag line ends it.
        return text[:1] == "[" and TAG_LINE.match(text) is not None
    # Tags, a blank line, tags again: the first game had no moves.
    return state == 1 and blank_in_tags and text[:1] == "["


def _split(lines: Iterable[tuple[str, int, bool]], first_line: int = 1) -> Iterator[RawGame]:
    buf: list[str] = []
    chars = moves_at = size = index = first = 0
    lineno = first_line - 1
    recoded: int | None = None
    state = 0  # 0 between games, 1 in the tags, 2 in the moves
    blank_in_tags = in_comment = False
    for text, nbytes, was_recoded in lines:
        lineno += 1
        blank = not text or text.isspace()
        if state and _ends_game(state, text, blank, in_comment, blank_in_tags):
            yield RawGame(index, first, "".join(buf), moves_at if state == 2 else chars, size,
                          recoded)
            index += 1
            buf, chars, size, recoded, state = [], 0, 0, None, 0
        size += nbytes
        if state == 0:
            if blank or text[0] == "%":
                continue
            state = 1 if text[0] == "[" else 2
            first, moves_at, blank_in_tags, in_comment = lineno, 0, False, False
        elif state == 1:
            if blank:
                blank_in_tags = True
            elif text[0] != "[" and text[0] != "%":
                state, moves_at = 2, chars
        if was_recoded and recoded is None:
            recoded = lineno
        if state == 2 and ("{" in text or "}" in text):
            in_comment = _comment_after(text, in_comment)
        buf.append(text)
        chars += len(text)
    if state:
        yield RawGame(index, first, "".join(buf), moves_at if state == 2 else chars, size,
                      recoded)


def _lines(text: str) -> list[str]:
    # Not str.splitlines: it also splits at form feeds and Unicode separators, which a file
    # read line by line (at "\n") does not, and line numbers would disagree.
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def split_text(text: str) -> Iterator[RawGame]:
    """Cut PGN text into games (``index`` from 0, ``line`` from 1)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _split((line, len(line), False) for line in _lines(text))


def _sniff(head: bytes, name: str) -> None:
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise PgnReadError(f"{name}: UTF-16 text; save it as UTF-8 and try again")
    if b"\x00" in head:
        raise PgnReadError(f"{name}: binary data, not a PGN file")


def open_pgn(path: str | os.PathLike[str]) -> BinaryIO:
    """Open a PGN file for reading, or raise :class:`PgnReadError` with one line of reason."""
    name = os.fspath(path)
    try:
        stream = open(name, "rb")  # noqa: SIM115 - the caller closes it
        _sniff(stream.peek(_SNIFF)[:_SNIFF], name)
    except PgnReadError:
        stream.close()
        raise
    except OSError as exc:
        raise PgnReadError(f"{name}: {exc.strerror or exc}") from None
    return stream


def iter_stream(stream: BinaryIO, end: int | None = None,
                first_line: int = 1) -> Iterator[RawGame]:
    """The games of a binary stream from its current position up to byte ``end``."""
    raw_lines: Iterable[bytes] = stream if end is None else _until(stream, end)
    return _split(_text_lines(raw_lines), first_line)


def _until(stream: BinaryIO, end: int) -> Iterator[bytes]:
    pos = stream.tell()
    for raw in stream:
        if pos >= end:
            return
        pos += len(raw)
        yield raw


def iter_games(path: str | os.PathLike[str], start: int = 0, end: int | None = None,
               first_line: int = 1) -> Iterator[RawGame]:
    """Stream the games of a PGN file, or of one range cut by :func:`game_ranges`.

    ``index`` counts from 0 within the range, ``line`` from ``first_line``.

    Raises :class:`PgnReadError` when the file cannot be opened or is not text.
    """
    stream = open_pgn(path)
    with stream:
        if start:
            stream.seek(start)
        yield from iter_stream(stream, end, first_line)


def game_ranges(path: str | os.PathLike[str],
                chunk_bytes: int) -> list[tuple[int, int, int]]:
    """Cut a file into (start, end, first line) byte ranges of about ``chunk_bytes``.

    A range starts at a tag line that follows a blank line, where :func:`iter_games` starts a
    game too, so reading the ranges one after another gives the games of the whole file.
    """
    size = os.path.getsize(path)
    starts = [0]
    with open_pgn(path) as stream:
        target = chunk_bytes
        while target < size:
            stream.seek(target)
            pos = target + len(stream.readline())
            previous_blank = False
            for raw in stream:
                if previous_blank and _TAG_START.match(raw):
                    starts.append(pos)
                    break
                previous_blank = not raw.strip()
                pos += len(raw)
            else:
                break
            target = pos + chunk_bytes
        lines = _lines_before(stream, starts)
    ends = [*starts[1:], size]
    return [(a, b, n) for a, b, n in zip(starts, ends, lines, strict=True) if b > a]


def _lines_before(stream: BinaryIO, offsets: list[int]) -> list[int]:
    # Counting newlines block by block is a C loop: cheap next to parsing the games.
    out, line, pos = [], 1, 0
    stream.seek(0)
    for offset in offsets:
        while pos < offset:
            block = stream.read(min(1 << 20, offset - pos))
            if not block:
                break
            line += block.count(b"\n")
            pos += len(block)
        out.append(line)
    return out
