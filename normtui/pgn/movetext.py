"""A game's movetext, cut into its words before any chess is played: the one tokenizer of
normtui, and the one reader of what a comment after a move says of the clocks.

python-chess reads a whole record and plays it (:mod:`normtui.pgn.visitor`); it cannot say
whether a text is whole, nor where a word stands in it. A live feed reads files while they are
written, so the first question about a game's text is whether it is whole: a game is whole when
its moves end with a game termination marker (``*``, ``1-0``, ``0-1``, ``1/2-1/2``), which every
writer puts last (PGN standard §8.2.6). A text cut anywhere before that, inside a move ("Nf"), a
comment ("{[%clk 1:2") or the tags, is not, and the feed does not act on it. The words are kept
with their offsets, so that a record broken by an illegal move can be kept up to the last legal
one, cut from its own text; the check of a variation never closed reads the same words.

The words are python-chess's: comments (``{...}``, ``;`` to the line's end, a line starting with
``%``) and variations are commentary; move numbers, with their dots or without, NAGs and
annotations standing alone (``$1``, ``!?``, ``e.p.``) are not moves. Any other word is a move
as written, to be played (a word python-chess skips silently, such as "Nf9", is a move that
cannot be played here: :func:`normtui.pgn.record.unreadable_text` says so of a whole record).

DGT LiveChess writes each move's clock and the time it took as comments after it:
``12. Nf3 {[%clk 01:31:20]} {[%emt 00:00:04]}``.

>>> words = read_movetext("1. e4 {[%clk 1:59:50]} {[%emt 0:00:10]} e5 2. Nf3 *")
>>> [p.san for p in words.plies], words.plies[0].clock, words.plies[0].used, words.whole
(['e4', 'e5', 'Nf3'], 7190.0, 10.0, True)
>>> read_movetext("1. e4 e5 2. Nf").whole, read_movetext("1. e4 {[%clk 1:5").whole
(False, False)
>>> plain_san("Nf3+!"), plain_san("0-0-0")
('Nf3', 'O-O-O')
>>> parse_clock("Good move [%clk 0:03:01.5] [%emt 0:00:04]"), parse_emt("[%emt 00:01:04]")
(181.5, 64.0)
>>> parse_clock("no clock") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = [
    "Movetext",
    "Ply",
    "main_line",
    "parse_clock",
    "parse_emt",
    "plain_san",
    "read_movetext",
    "tokens",
]

_TOKEN = re.compile(
    r"""
    (?P<comment>\{[^}]*\}?)
  | (?P<line>;[^\n]*)
  | (?P<escape>^%[^\n]*)
  | (?P<result>(?:1-0|0-1|1/2-1/2|½-½|\*)(?=[\s)]|$))
  | (?P<number>\d+\s*\.(?:\s*\.)*|\d+(?=[\s(){};]|$))
  | (?P<nag>\$\d+|(?:[?!]{1,2}|e\.p\.)(?=[\s(){};]|$))
  | (?P<open>\()
  | (?P<close>\))
  | (?P<word>[^\s{}();]+)
""",
    re.VERBOSE | re.MULTILINE,
)
_CLK = re.compile(r"\[%clk\s+(\d+):(\d{1,2})(?::(\d{1,2}(?:\.\d*)?))?\s*\]")
_EMT = re.compile(r"\[%emt\s+(\d+):(\d{1,2})(?::(\d{1,2}(?:\.\d*)?))?\s*\]")
_ANNOTATION = re.compile(r"[+#!?]+$")


def tokens(text: str) -> Iterator[tuple[str, str, int]]:
    """(kind, text, offset) of each word of a movetext: ``comment``, ``line`` (a ``;``
    comment), ``escape`` (a ``%`` line), ``result``, ``number``, ``nag``, ``open`` and ``close``
    (a variation's brackets), ``word`` (a move as written, or what stands for one).

    >>> [kind for kind, _word, _at in tokens("12... Nf6 $1 (12... e5) {a} 1/2-1/2")]
    ['number', 'word', 'nag', 'open', 'number', 'word', 'close', 'comment', 'result']
    """
    for match in _TOKEN.finditer(text):
        yield match.lastgroup or "", match.group(), match.start()


def parse_clock(comment: str) -> float | None:
    """Seconds in the comment's ``[%clk h:mm:ss]`` (the mover's clock after the move), or
    None when it has none."""
    return _seconds(_CLK.search(comment))


def parse_emt(comment: str) -> float | None:
    """Seconds in the comment's ``[%emt h:mm:ss]`` (the time the move took), or None."""
    return _seconds(_EMT.search(comment))


def _seconds(match: re.Match[str] | None) -> float | None:
    if match is None:
        return None
    hours, minutes, seconds = match.groups()
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds or 0)


def plain_san(word: str) -> str:
    """A move as two records are compared: without check signs or annotations, castling with
    letters ("Nf3+!" and "Nf3" are the same move)."""
    word = _ANNOTATION.sub("", word)
    return word.replace("0-0-0", "O-O-O").replace("0-0", "O-O")


@dataclass(frozen=True, slots=True)
class Ply:
    """One half-move as written: its word, where it starts in the movetext (and where its move
    number does, when one stands right before it), the clock after it and the time it took."""

    san: str
    start: int
    number_at: int
    clock: float | None
    used: float | None


@dataclass(frozen=True, slots=True)
class Movetext:
    """``whole``: the text ends with a termination marker (``result``, else None)."""

    plies: tuple[Ply, ...]
    result: str | None
    whole: bool

    @property
    def sans(self) -> tuple[str, ...]:
        return tuple(p.san for p in self.plies)


class _MainLine:
    """The words of a movetext's main line, as :func:`tokens` gives them, the variations
    and their brackets left out; after the last, ``depth`` is how many variations were left
    open and ``last`` the kind of the text's last word (a bracket included)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.depth = 0
        self.last = ""

    def __iter__(self) -> Iterator[tuple[str, str, int]]:
        for kind, value, start in tokens(self.text):
            self.last = kind
            if kind == "open":
                self.depth += 1
            elif kind == "close":
                self.depth = max(0, self.depth - 1)
            elif not self.depth:
                yield kind, value, start


def main_line(text: str) -> Iterator[tuple[str, str, int]]:
    """(kind, text, offset) of each word of the movetext's main line, as :func:`tokens` gives
    them: a reader that needs a few moves stops when it has them.

    >>> [word for kind, word, _at in main_line("1. e4 (1. d4 d5) e5 *") if kind == "word"]
    ['e4', 'e5']
    """
    return iter(_MainLine(text))


def read_movetext(text: str) -> Movetext:
    """The half-moves of a game's movetext (variations are commentary, and skipped)."""
    plies: list[Ply] = []
    result: str | None = None
    number_at = -1
    pending: dict[str, object] | None = None

    def close() -> None:
        if pending is not None:
            plies.append(Ply(**pending))  # type: ignore[arg-type]

    words = _MainLine(text)
    for kind, value, start in words:
        if kind == "comment" and pending is not None:
            clock = parse_clock(value)
            used = parse_emt(value)
            if clock is not None:
                pending["clock"] = clock
            if used is not None:
                pending["used"] = used
        elif kind == "number":
            number_at = start
        elif kind == "word":
            close()
            pending = {
                "san": value,
                "start": start,
                "number_at": number_at if number_at >= 0 else start,
                "clock": None,
                "used": None,
            }
            number_at = -1
        elif kind == "result":
            result = "1/2-1/2" if value == "½-½" else value
            close()
            pending = None
    close()
    return Movetext(tuple(plies), result, words.last == "result" and words.depth == 0)
