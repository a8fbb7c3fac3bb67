"""Where one game ends and the next begins: the cutting rules, in one pass over the lines.

python-chess reads one game from where it is told to start, and ends it at the first blank line
outside a comment; it cannot say where the next game starts. The files say it in many ways:

- a blank line after the moves ends a game, and so does a tag line (no blank line between two
  games);
- a blank line inside the tags is not an end: ChessBase writes one after the Event tag. But a
  broadcast's export of results alone is tags, a blank line, the next game's tags. The one rule
  that reads both right: after a blank line in the tags, a block of tags naming a tag the game
  already has is the next game's, and one naming only new tags continues this game (the PGN
  standard lets a tag appear once per game, and every game names its players again);
- a blank line after a game comment, before any move, is not an end either (the moves follow);
- inside a ``{comment}`` a blank line is text, and so is a tag line, unless the comment is never
  closed: then it would swallow every game after it. Which of the two it is shows further on,
  so the reader looks ahead (a bounded number of lines) to the first brace: ``}`` closes the
  comment (it was text), ``{`` opens a comment of the next game's moves, and the end of that
  would-be game reached first says the same: a game.

Blank lines that are inside a game (in the tags, after a game comment, a second separator
before the moves) are left out of its text, so that python-chess, which would end the game
there, reads the whole game; :meth:`RawGame.line_at` still gives the file's line numbers.

Every decision depends only on the game's own lines and the lines after it, and all state is
new at each game's first line: reading from any game's first line gives the same games as
reading the whole file. That is what lets several processes share a file (``reader``).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from normtui.pgn.tags import TAG_LINE, tag_name

__all__ = ["Line", "RawGame", "cut"]

_BRACES = re.compile(r"[{};]")
_BRACE = re.compile(r"[{}]")
# How far to read on inside a comment that holds a tag line; further than any game's tags and
# first moves, and the lines read are held in memory only until the decision.
LOOKAHEAD_LINES = 2000

Line = tuple[str, int, bool]
"""A line of text with its line end made "\\n", the bytes it took in the file, and whether it
was not UTF-8."""


@dataclass(frozen=True, slots=True)
class RawGame:
    """One game's text as cut from a file, before any chess is read from it.

    ``line`` is the game's first line in the file (from 1), ``moves_at`` the offset in ``text``
    where the moves begin, ``size`` the bytes the game took in the file (separators included),
    ``recoded_line`` the first line that was not UTF-8, if any. ``offset`` is where the game's
    first line starts in the file (in bytes; for :func:`~normtui.pgn.reader.split_text`, in
    characters of the text with its line ends made "\\n"). ``dropped`` lists the file's line
    numbers of the blank lines inside the game that ``text`` leaves out.
    """

    index: int
    line: int
    text: str
    moves_at: int
    size: int = 0
    recoded_line: int | None = None
    offset: int = 0
    dropped: tuple[int, ...] = ()

    @property
    def header_text(self) -> str:
        return self.text[: self.moves_at]

    @property
    def movetext(self) -> str:
        return self.text[self.moves_at :]

    def line_at(self, pos: int) -> int:
        """The file's line number of character ``pos`` of ``text``.

        >>> game = next(cut([('[Event "E"]\\n', 12, False), ("\\n", 1, False),
        ...                  ('[Site "S"]\\n', 11, False)]))
        >>> game.dropped, game.line_at(game.text.index("[Site"))
        ((2,), 3)
        """
        line = self.line + self.text.count("\n", 0, pos)
        for dropped in self.dropped:
            if dropped > line:
                break
            line += 1
        return line


class _Ahead:
    """The lines, with a look at those after the current one that does not consume them."""

    def __init__(self, lines: Iterable[Line]) -> None:
        self._lines = iter(lines)
        self._read: deque[Line] = deque()

    def __iter__(self) -> Iterator[Line]:
        # A generator, not __next__: the lines pass at the speed of a plain for loop, and only
        # after a look ahead are the lines read so far given out first.
        read, lines = self._read, self._lines
        while True:
            while read:
                yield read.popleft()
            for line in lines:
                yield line
                if read:
                    break
            else:
                if not read:
                    return

    def ahead(self) -> Iterator[Line]:
        i = 0
        while True:
            if i == len(self._read):
                line = next(self._lines, None)
                if line is None:
                    return
                self._read.append(line)
            yield self._read[i]
            i += 1


def _is_blank(text: str) -> bool:
    # python-chess's own test (str.isspace), Unicode spaces included.
    return not text or text.isspace()


def _comment_after(line: str, in_comment: bool) -> bool:
    """Whether a comment is open at the end of ``line``."""
    for ch in _BRACES.findall(line):
        if in_comment:
            in_comment = ch != "}"
        elif ch == "{":
            in_comment = True
        elif ch == ";":
            break
    return in_comment


def _has_moves(line: str, in_comment: bool) -> tuple[bool, bool]:
    """(text outside comments: a move, a number, a result; whether a comment is open after)."""
    if not in_comment and line[:1] == "%":
        return False, False
    pos, found = 0, False
    for match in _BRACES.finditer(line):
        if not in_comment and line[pos : match.start()].strip():
            found = True
        ch, pos = match.group(), match.end()
        if in_comment:
            in_comment = ch != "}"
        elif ch == "{":
            in_comment = True
        elif ch == ";":
            return found, False
    if not in_comment and line[pos:].strip():
        found = True
    return found, in_comment


def _repeats(tags: list[str], line: str, ahead: Iterator[Line]) -> bool:
    """After a blank line in the tags: does the block of tag lines from ``line`` on name a tag
    the game has already? Then it is the next game's."""
    have = {tag_name(tag) for tag in tags if tag[:1] == "["}
    if tag_name(line) in have:
        return True
    for n, (text, _, _) in enumerate(ahead):
        if text[:1] != "[" or n >= LOOKAHEAD_LINES:
            return False
        if tag_name(text) in have:
            return True
    return False


def _starts_game(ahead: Iterator[Line]) -> bool:
    """A whole tag line inside an open comment: is it the next game's (the comment was never
    closed), judging by the lines after it? See the module's doc."""
    moves = False
    for n, (text, _, _) in enumerate(ahead):
        if n >= LOOKAHEAD_LINES:
            return True
        blank = _is_blank(text)
        if not moves:
            if blank or TAG_LINE.match(text) or text[:1] == "%":
                continue
            moves = True
        elif blank or text[:1] == "[":
            return True
        brace = _BRACE.search(text)
        if brace is not None:
            return brace.group() == "{"
    return True


def cut(
    lines: Iterable[Line], first_line: int = 1, offset: int = 0, stop: int | None = None
) -> Iterator[RawGame]:
    """The games of ``lines`` (numbered from ``first_line``, the first at byte ``offset``),
    up to the first game that starts at byte ``stop`` or after it."""
    source = _Ahead(lines)
    buf: list[str] = []
    # Blank lines not yet known to be inside the game or after it: (text, line, recoded).
    pending: list[tuple[str, int, bool]] = []
    dropped: list[int] = []
    chars = moves_at = size = index = first = start = 0
    lineno, pos = first_line - 1, offset
    recoded: int | None = None
    state = 0  # 0 between games, 1 in the tags, 2 in the moves
    in_comment = moved = False
    for text, nbytes, was_recoded in source:
        lineno += 1
        here, pos = pos, pos + nbytes
        blank = text.isspace() or not text
        ends = False
        if state == 2:
            if in_comment:
                ends = (
                    text[:1] == "["
                    and TAG_LINE.match(text) is not None
                    and _starts_game(source.ahead())
                )
            elif blank:
                if not moved:  # only a game comment so far: the moves may follow
                    pending.append((text, lineno, was_recoded))
                    size += nbytes
                    continue
                ends = True
            else:
                ends = text[0] == "["
        elif state == 1:
            if blank:
                pending.append((text, lineno, was_recoded))
                size += nbytes
                continue
            ends = bool(pending) and text[0] == "[" and _repeats(buf, text, source.ahead())
        if ends:
            yield RawGame(
                index,
                first,
                "".join(buf),
                moves_at if state == 2 else chars,
                size,
                recoded,
                start,
                tuple(dropped),
            )
            index += 1
            buf, chars, size, recoded, state = [], 0, 0, None, 0
            pending, dropped = [], []
        size += nbytes
        if state == 0:
            if blank or text[0] in "%;":  # python-chess skips these before a game, too
                continue
            if stop is not None and here >= stop:
                return
            state = 1 if text[0] == "[" else 2
            first, start, moves_at, in_comment, moved = lineno, here, 0, False, False
        elif pending:
            if state == 1 and text[0] != "[" and text[0] != "%":
                # The blank line between the tags and the moves: one is kept, as PGN has it
                # (python-chess would end the game at a second).
                blank_text, blank_line, blank_recoded = pending.pop(0)
                buf.append(blank_text)
                chars += len(blank_text)
                if blank_recoded and recoded is None:
                    recoded = blank_line
            dropped += [line for _, line, _ in pending]
            pending = []
        if state == 1 and text[0] != "[" and text[0] != "%":
            state, moves_at = 2, chars
        if was_recoded and recoded is None:
            recoded = lineno
        if state == 2:
            if not moved:
                moved, in_comment = _has_moves(text, in_comment)
            elif "{" in text or "}" in text:
                in_comment = _comment_after(text, in_comment)
        buf.append(text)
        chars += len(text)
    if state:
        yield RawGame(
            index,
            first,
            "".join(buf),
            moves_at if state == 2 else chars,
            size,
            recoded,
            start,
            tuple(dropped),
        )
