"""One pass over a game's moves: python-chess parses and plays them, this visitor takes notes.

``chess.pgn.read_game`` with its default builder makes a tree node per move, and reading the
final position then replays every move a second time. This visitor builds no tree: the parser
already keeps the board it plays on, so the visitor holds on to that board and, per move, only
appends the board's occupancy (a cheap pre-filter for repetitions, checked exactly later only
where it can matter) and watches the 75-move counter. Variations are skipped: they are
commentary, not the game.

>>> import io, chess.pgn
>>> facts = chess.pgn.read_game(io.StringIO("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"),
...                             Visitor=FactsVisitor)
>>> facts.board.is_checkmate(), facts.last_move, facts.result_token
(True, '4. Qxf7', '1-0')
"""

from __future__ import annotations

from dataclasses import dataclass, field

import chess
import chess.pgn

from normtui.pgn.clocks import ClockReading
from normtui.pgn.movetext import parse_clock, parse_emt
from normtui.pgn.tags import tag_value

__all__ = ["Facts", "FactsVisitor", "label_after", "label_before"]

_NULL_MOVES = frozenset({"--", "Z0", "0000", "@@@@"})


def label_before(board: chess.Board, san: str) -> str:
    """The label of ``san`` played from ``board``: "24. Nf6" or "24...Nf6"."""
    if board.turn == chess.WHITE:
        return f"{board.fullmove_number}. {san}"
    return f"{board.fullmove_number}...{san}"


def label_after(board: chess.Board, san: str) -> str:
    """The label of the move ``san`` that led to ``board``."""
    if board.turn == chess.BLACK:
        return f"{board.fullmove_number}. {san}"
    return f"{board.fullmove_number - 1}...{san}"


@dataclass(slots=True)
class Facts:
    """What one pass over a game leaves for the checks.

    ``board`` is the final position with its move stack (None if the start position was
    unreadable). ``occupancy`` holds the occupied-squares mask of the start position and after
    every move; ``long_stretch`` says 16 half-moves passed without a capture or pawn move at
    some point. ``error`` is (code, move label, message) of the first unreadable, illegal or
    ambiguous move: the parser drops everything after it. ``says_forfeit``: a comment before
    the first move mentions a forfeit.
    """

    headers: dict[str, str] = field(default_factory=dict)
    board: chess.Board | None = None
    occupancy: list[int] = field(default_factory=list)
    error: tuple[str, str | None, str] | None = None
    result_token: str | None = None
    clocks: list[ClockReading] = field(default_factory=list)
    seventy_five: tuple[int, str] | None = None
    long_stretch: bool = False
    last_move: str | None = None
    says_forfeit: bool = False


class FactsVisitor(chess.pgn.BaseVisitor[Facts]):
    """A python-chess visitor that collects :class:`Facts` in the parser's single pass."""

    def __init__(self) -> None:
        self.facts = Facts()
        self.san = ""
        self.stopped = False
        self._clock_ply = -1  # the half-move the last clock reading followed

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.facts.headers[tagname] = tag_value(tagvalue)

    def begin_variation(self) -> chess.pgn.SkipType:
        return chess.pgn.SKIP

    def begin_parse_san(self, board: chess.Board, san: str) -> None:
        self.san = san
        if san in _NULL_MOVES and not self.stopped:
            # python-chess reads "--" as a pass; over the board there is no such move.
            self._fail(
                "illegal_move",
                label_before(board, san),
                f"'{san}' is a null move (a pass), which is not a move in chess.",
            )

    def visit_board(self, board: chess.Board) -> None:
        facts = self.facts
        if facts.board is None:
            facts.board = board
            facts.occupancy.append(board.occupied)
            return
        if self.stopped:
            return
        facts.occupancy.append(board.occupied)
        halfmoves = board.halfmove_clock
        if halfmoves >= 16:
            # Only such stretches can hold a fivefold repetition (see ending.first_fivefold).
            facts.long_stretch = True
            if halfmoves >= 150 and facts.seventy_five is None:
                facts.seventy_five = (len(facts.occupancy) - 1, label_after(board, self.san))

    def visit_comment(self, comment: str) -> None:
        board = self.facts.board
        if board is not None and not board.move_stack and "forfeit" in comment.lower():
            self.facts.says_forfeit = True
        if "%" not in comment or board is None or not board.move_stack or self.stopped:
            return
        plies = len(board.move_stack)
        clocks = self.facts.clocks
        if "%clk" in comment and (seconds := parse_clock(comment)) is not None:
            white = board.turn == chess.BLACK
            number = board.fullmove_number if white else board.fullmove_number - 1
            used = parse_emt(comment) if "%emt" in comment else None
            clocks.append(ClockReading(white, number, label_after(board, self.san), seconds, used))
            self._clock_ply = plies
        elif (
            "%emt" in comment
            and plies == self._clock_ply
            and (used := parse_emt(comment)) is not None
        ):
            # DGT writes the move's time in a comment of its own after the clock's.
            last = clocks[-1]
            clocks[-1] = ClockReading(last.white, last.move_number, last.move, last.seconds, used)

    def visit_result(self, result: str) -> None:
        if self.facts.result_token is None:
            self.facts.result_token = result

    def handle_error(self, error: Exception) -> None:
        board = self.facts.board
        if board is None:
            self._fail(
                "not_standard_chess", None, f"The game's start position cannot be used: {error}."
            )
            return
        label = label_before(board, self.san)
        if isinstance(error, chess.IllegalMoveError):
            self._fail(
                "illegal_move",
                label,
                f"{label} is not a legal move in the position; the moves after it cannot be read.",
            )
        elif isinstance(error, chess.AmbiguousMoveError):
            self._fail(
                "ambiguous_move",
                label,
                f"{label} could be made by two pieces; the moves after it cannot be read.",
            )
        else:
            self._fail(
                "parse_error",
                label,
                f"{label} is not a move in algebraic notation; the moves after it cannot be read.",
            )

    def _fail(self, code: str, label: str | None, message: str) -> None:
        if self.facts.error is None:
            self.facts.error = (code, label, message)
        self.stopped = True

    def result(self) -> Facts:
        board = self.facts.board
        if board is not None and board.move_stack and not self.stopped:
            self.facts.last_move = label_after(board, self.san)
        return self.facts
