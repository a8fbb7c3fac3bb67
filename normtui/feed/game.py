"""One game followed on the feed: its moves played on a python-chess board, each new version of
its text adding only the moves that are new.

What a DGT board writes is not always a game. A board that missed a move, or a piece knocked
over, gives an illegal move: the game is kept up to the last legal move, and where it broke is
said. And the players (or the arbiter) report the result on the board itself with the kings: both
kings on the centre squares, "both on a dark square (d4, e5): 0-1, both on a white square (d5,
e4): 1-0, one on a light square, the other on a dark one: ½-½" (DGT, "End of game: indicate
the result", digitalgametechnology.com). LiveChess reads that signal and does not write those
king moves; a feed that writes them anyway is read for the signal, not as moves.

>>> game = LiveGame()
>>> r = game.update('[Round "7"]\\n', "1. e4 e5 2. Nf3 *")
>>> r.whole, r.labels[-1], r.new_plies, r.broken
(True, '2. Nf3', 3, None)
>>> r = game.update('[Round "7"]\\n', "1. e4 e5 2. Nf3 Nc6 3. Bb5 Qxb5 *")
>>> r.new_plies, r.broken
(2, '3...Qxb5 is not a legal move; the game is kept up to 3. Bb5')
>>> print(r.text.strip())
[Round "7"]
[Result "*"]
<BLANKLINE>
1. e4 e5 2. Nf3 Nc6 3. Bb5 *
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime

import chess

from normtui.pgn.movetext import Ply, plain_san, read_movetext
from normtui.pgn.tags import read_tags, with_tag

__all__ = ["LiveGame", "Reading", "kings_signal", "with_result"]

_KING_TO = re.compile(r"^K[a-h]?[1-8]?x?([a-h][1-8])[+#]?$")
_CENTRE = {chess.D4, chess.D5, chess.E4, chess.E5}


def kings_signal(board: chess.Board, words: list[str]) -> str | None:
    """The result DGT's kings-in-the-centre signal gives, if ``words`` (the moves that could
    not be played from ``board``, in turn from the side to move) put both kings on the centre
    squares; else None.

    >>> b = chess.Board("8/8/8/3k4/8/8/8/4K3 w - - 0 60")
    >>> kings_signal(b, ["Ke4"]), kings_signal(b, ["Kd4", "Ke5"]), kings_signal(b, ["Kd4"])
    ('1-0', '0-1', '1/2-1/2')
    >>> kings_signal(b, ["Ke2"]) is None, kings_signal(b, ["Nf3"]) is None
    (True, True)
    """
    if not words or len(words) > 2:
        return None
    kings = {chess.WHITE: board.king(chess.WHITE), chess.BLACK: board.king(chess.BLACK)}
    turn = board.turn
    for word in words:
        match = _KING_TO.match(word)
        if match is None:
            return None
        kings[turn] = chess.parse_square(match.group(1))
        turn = not turn
    white, black = kings[chess.WHITE], kings[chess.BLACK]
    if white not in _CENTRE or black not in _CENTRE:
        return None
    dark = chess.BB_DARK_SQUARES
    white_dark, black_dark = (
        bool(dark & chess.BB_SQUARES[white]),
        bool(dark & chess.BB_SQUARES[black]),
    )
    if white_dark and black_dark:
        return "0-1"
    if not white_dark and not black_dark:
        return "1-0"
    return "1/2-1/2"


def with_result(header: str, movetext: str, cut: int | None, result: str) -> str:
    """The record with its movetext cut at offset ``cut`` (None: whole) and ending with
    ``result``, its Result tag saying the same."""
    header = with_tag(header, "Result", result).rstrip("\n")
    moves = movetext if cut is None else movetext[:cut]
    if cut is None:
        moves = re.sub(r"(?:1-0|0-1|1/2-1/2|½-½|\*)\s*$", "", moves.rstrip())
    return f"{header}\n\n{moves.rstrip()} {result}\n".replace("\n\n ", "\n\n", 1)


def _label(ply: int, san: str) -> str:
    number = ply // 2 + 1
    return f"{number}. {san}" if ply % 2 == 0 else f"{number}...{san}"


@dataclass(frozen=True)
class Reading:
    """One version of a game's text, read. ``plies`` and ``labels`` are the legal half-moves;
    ``result`` is the record's ("*" while it goes on; the kings' ``signal`` where they gave
    one); ``text`` the record to keep (cut at the last legal move, ending with the result);
    ``moves_changed``: a move read before is not there any more."""

    tags: Mapping[str, str]
    plies: tuple[Ply, ...]
    labels: tuple[str, ...]
    seen: tuple[datetime | None, ...]
    result: str | None
    whole: bool
    text: str
    new_plies: int = 0
    moves_changed: bool = False
    broken: str | None = None
    signal: str | None = None
    tag_result: str | None = None

    @property
    def sans(self) -> tuple[str, ...]:
        return tuple(plain_san(p.san) for p in self.plies)

    @property
    def finished(self) -> bool:
        return self.result not in (None, "*")

    @property
    def last_move(self) -> str | None:
        return self.labels[-1] if self.labels else None

    @property
    def recorded(self) -> tuple[tuple[str, ...], str | None]:
        """The moves and result of :attr:`text`, the record the feed keeps, as a reader of that
        record finds them (its Result tag, "?" too, else the result after its moves): known
        here, so that the record kept need not be read again."""
        if self.broken is None and self.signal is None and self.tag_result:
            return self.sans, self.tag_result
        return self.sans, self.result


@dataclass
class LiveGame:
    """The board of one game of the feed, kept between polls."""

    board: chess.Board = field(default_factory=chess.Board)
    _sans: list[str] = field(default_factory=list)
    _seen: list[datetime | None] = field(default_factory=list)
    last: Reading | None = None
    _input: tuple[str, str] = ("", "")

    def update(self, header: str, movetext: str, now: datetime | None = None) -> Reading:
        """Read a new version of the game's text. A text that is not whole (cut while being
        written) changes nothing and reads as ``whole=False``."""
        if self.last is not None and (header, movetext) == self._input:
            return replace(self.last, new_plies=0, moves_changed=False)
        words = read_movetext(movetext)
        tags = read_tags(header)
        if not words.whole:
            return Reading(tags, (), (), (), None, False, "")
        sans = [plain_san(p.san) for p in words.plies]
        keep = 0
        while keep < min(len(self._sans), len(sans)) and self._sans[keep] == sans[keep]:
            keep += 1
        changed = keep < len(self._sans)
        while len(self.board.move_stack) > keep:
            self.board.pop()
        del self._sans[keep:]
        del self._seen[keep:]
        before = len(self._sans)
        broken_at: int | None = None
        for i in range(len(self._sans), len(sans)):
            try:
                move = self.board.parse_san(words.plies[i].san)
                if not move:  # "--": python-chess reads a pass; over the board there is none
                    raise chess.IllegalMoveError(words.plies[i].san)
            except ValueError:
                broken_at = i
                break
            self.board.push(move)
            self._sans.append(sans[i])
            self._seen.append(now)
        legal = words.plies[: len(self._sans)]
        labels = tuple(_label(i, p.san) for i, p in enumerate(legal))
        tag = tags.get("Result")
        result = tag if tag and tag != "?" else words.result
        text = header.rstrip("\n") + "\n\n" + movetext.strip() + "\n"
        broken = signal = None
        if broken_at is not None:
            cut = words.plies[broken_at].number_at
            signal = kings_signal(self.board, [p.san for p in words.plies[broken_at:]])
            if signal is not None:
                result = signal
            else:
                after = (
                    f"; the game is kept up to {labels[-1]}"
                    if labels
                    else "; no move of the game could be played"
                )
                broken = (
                    f"{_label(broken_at, words.plies[broken_at].san)} is not a legal move{after}"
                )
                result = "*"
            text = with_result(header, movetext, cut, result)
        reading = Reading(
            tags,
            tuple(legal),
            labels,
            tuple(self._seen),
            result,
            True,
            text,
            len(self._sans) - before,
            changed,
            broken,
            signal,
            tag,
        )
        self.last = reading
        self._input = (header, movetext)
        return reading
