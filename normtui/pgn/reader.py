"""Reading PGN files: decoding, and cutting the text into games, in constant memory.

Files come from broadcasts, ChessBase exports and arbiters' laptops: UTF-8 with or without a
BOM (also one at the start of a later line, where two such files were joined with ``cat``),
Windows-1252 (or Latin-1, which the PGN standard itself prescribes), CRLF line ends, the old
Mac's lone CR. Decoding is done line by line, so one Latin-1 name in game 40,000 of a UTF-8
file costs that line alone and the file is never held whole. A lone CR ends a line here, in
every mode: so the line numbers of a finding are the same read whole, in ranges, or pasted.

Where games begin and end is decided by :mod:`normtui.pgn.cutting`.

>>> [g.index for g in split_text('[Event "A"]\\n\\n1. e4 e5 *\\n\\n1. d4 *\\n')]
[0, 1]
>>> next(split_text('[White "x"]\\n1. e4 1-0\\n[White "y"]\\n1. d4 0-1\\n')).text
'[White "x"]\\n1. e4 1-0\\n'
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from normtui.pgn.cutting import Line, RawGame, cut
from normtui.rules.errors import NormtuiError
from normtui.text import open_regular_file

__all__ = [
    "PgnReadError",
    "RawGame",
    "decode_line",
    "game_ranges",
    "iter_games",
    "iter_ranges",
    "iter_stream",
    "open_pgn",
    "split_text",
]

# A line of bytes ends at LF, CRLF or a lone CR.
_CR_LINES = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")
_BOM = b"\xef\xbb\xbf"
_SNIFF = 8192
# The standard wants lines of 255 characters at most; a game's moves on one line are a few KB,
# and a whole file of the old Mac's lone CRs is one line to readline (about 1,300 games a MB).
# A line longer than this is no PGN (a device, a FIFO that never ends a line): refused, not
# read to its end.
MAX_LINE_BYTES = 16 << 20


class PgnReadError(NormtuiError, ValueError):
    """A file that cannot be read as PGN at all: missing, unreadable, binary, UTF-16."""


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


def _text(text: str) -> str:
    # A BOM starts a file, or a file joined to another: never text (U+FEFF), at any line start.
    if text[:1] == "\ufeff":
        text = text.lstrip("\ufeff")
    if text[-1:] == "\r":
        return text[:-1] + "\n"
    if text[-2:] == "\r\n":
        return text[:-2] + "\n"
    return text


def _text_lines(
    raw_lines: Iterable[bytes], name: str = "the file", first_line: int = 1
) -> Iterator[Line]:
    """The lines of a stream read at LF: each decoded, and cut again at a lone CR. A line
    longer than :data:`MAX_LINE_BYTES` is refused (see :func:`_lines_of`)."""
    for lineno, raw in enumerate(raw_lines, start=first_line):
        if len(raw) > MAX_LINE_BYTES:
            raise PgnReadError(f"{name}: line {lineno} is longer than 16 MB: not a PGN file")
        if raw[:3] != _BOM:
            # The common cases, LF and CRLF, at the cost of one decode.
            crlf = raw[-2:] == b"\r\n"
            if b"\r" not in (raw[:-2] if crlf else raw):
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    pass
                else:
                    yield (text[:-2] + "\n" if crlf else text), len(raw), False
                    continue
        pieces = (raw,) if b"\r" not in raw else _CR_LINES.findall(raw)
        for piece in pieces:
            text, recoded = decode_line(piece)
            yield _text(text), len(piece), recoded


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
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return cut((_text(line), len(line), False) for line in _lines(text))


def _sniff(head: bytes, name: str) -> None:
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise PgnReadError(f"{name}: UTF-16 text; save it as UTF-8 and try again")
    if b"\x00" in head:
        raise PgnReadError(f"{name}: binary data, not a PGN file")


def open_pgn(path: str | os.PathLike[str]) -> BinaryIO:
    """Open a PGN file for reading, or raise :class:`PgnReadError` with one line of reason."""
    name = os.fspath(path)
    try:
        stream = open_regular_file(name)  # a FIFO would wait for a writer forever
        _sniff(stream.peek(_SNIFF)[:_SNIFF], name)
    except PgnReadError:
        stream.close()
        raise
    except OSError as exc:
        raise PgnReadError(f"{name}: {exc.strerror or exc}") from None
    return stream


def iter_stream(stream: BinaryIO, end: int | None = None, first_line: int = 1) -> Iterator[RawGame]:
    """The games of a binary stream from its current position (a game's first line) that
    start before byte ``end``. The last of them is read to its end, past ``end`` if need be."""
    lines = _text_lines(_lines_of(stream), getattr(stream, "name", "the file"), first_line)
    return cut(lines, first_line, stream.tell(), end)


def _lines_of(stream: BinaryIO) -> Iterator[bytes]:
    """The lines of ``stream``, none read past :data:`MAX_LINE_BYTES` + 1 bytes: a FIFO or a
    device may never send a line end. The iteration runs in C, as ``for line in
    stream`` does."""
    return iter(functools.partial(stream.readline, MAX_LINE_BYTES + 1), b"")


def iter_games(
    path: str | os.PathLike[str], start: int = 0, end: int | None = None, first_line: int = 1
) -> Iterator[RawGame]:
    """Stream the games of a PGN file, or those of one range of :func:`game_ranges`.

    ``index`` counts from 0 within the range, ``line`` from ``first_line``.

    Raises :class:`PgnReadError` when the file cannot be opened or is not text.
    """
    stream = open_pgn(path)
    with stream:
        if start:
            stream.seek(start)
        yield from iter_stream(stream, end, first_line)


def iter_ranges(path: str | os.PathLike[str], chunk_bytes: int) -> Iterator[tuple[int, int, int]]:
    """Cut a file into (start, end, first line) byte ranges of about ``chunk_bytes``, as it
    is read (a range is known once the game that starts the next one is found).

    A range starts at a game's first line, found by the same reader that reads the games
    (a tag-like line inside a comment does not start one), so reading the ranges one after
    another with :func:`iter_games` gives the games, findings and line numbers of the whole
    file read at once.
    """
    size = os.path.getsize(path)
    start, line = 0, 1
    for game in iter_games(path):
        if game.offset - start >= chunk_bytes:
            yield start, game.offset, line
            start, line = game.offset, game.line
    if size > start:
        yield start, size, line


def game_ranges(path: str | os.PathLike[str], chunk_bytes: int) -> list[tuple[int, int, int]]:
    """Every range of :func:`iter_ranges`, at once."""
    return list(iter_ranges(path, chunk_bytes))
