"""How a game ended, and whether its result fits: the final position, clocks, Termination tag.

The final position speaks first, in the order the FIDE Laws give precedence: checkmate (5.1.1),
stalemate (5.2.1), a dead position (5.2.2), then the automatic draws by fivefold repetition and
75 moves (9.6). Otherwise the result says what happened: a draw is a repetition (claimed when
it stood on the board or came with the next move, 9.2), a 50-move claim (9.3), a flag fall the
opponent could not exploit (6.9) or an agreement; a decisive game without mate is a loss on
time when the clocks or the Termination tag say so, and otherwise a resignation, as it almost
always is in real records (a resignation is never written down as a move).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import NamedTuple

import chess

from normtui.pgn.clocks import flagged, format_clock
from normtui.pgn.findings import Finding, finding
from normtui.pgn.record import same_outcome
from normtui.pgn.visitor import Facts, label_before

__all__ = ["Ending", "assess_ending", "first_fivefold", "position_key", "threefold"]

_COLOUR = {chess.WHITE: "White", chess.BLACK: "Black"}
_WHAT = {
    "stalemate": ("wrong_result_stalemate", "Stalemate"),
    "insufficient_material": (
        "wrong_result_dead_position",
        "A dead position (neither side can mate)",
    ),
    "fivefold_repetition": ("wrong_result_automatic_draw", "A fivefold repetition"),
    "seventy_five_moves": ("wrong_result_automatic_draw", "The 75-move rule"),
}


def position_key(board: chess.Board) -> Hashable:
    """What makes two positions "the same" for repetitions (FIDE Laws art. 9.2.3)."""
    return (
        board.pawns,
        board.knights,
        board.bishops,
        board.rooks,
        board.queens,
        board.kings,
        board.occupied_co[chess.WHITE],
        board.occupied_co[chess.BLACK],
        board.turn,
        board.clean_castling_rights(),
        board.ep_square if board.has_legal_en_passant() else None,
    )


def _since_last_zeroing(facts: Facts, board: chess.Board) -> Counter[int]:
    # Positions before a capture or pawn move can never come back, so only this stretch counts.
    span = min(board.halfmove_clock + 1, len(facts.occupancy))
    return Counter(facts.occupancy[-span:])


def _stretch_keys(board: chess.Board) -> Counter[Hashable]:
    """The exact positions since the last irreversible move, counted: python-chess's own claim
    check does this per question; here it is done once for all of a game's questions."""
    counts: Counter[Hashable] = Counter([position_key(board)])
    undone: list[chess.Move] = []
    try:
        while board.move_stack:
            move = board.pop()
            undone.append(move)
            if board.is_irreversible(move):
                break
            counts[position_key(board)] += 1
    finally:
        while undone:
            board.push(undone.pop())
    return counts


def threefold(board: chess.Board, facts: Facts) -> tuple[bool, chess.Move | None]:
    """(the position stands on the board for the third time, else a legal move that would
    make it so: a claim with the next move, FIDE Laws art. 9.2.1).

    Such a move neither captures nor moves a pawn nor castles (castling gives up rights no
    earlier position lacked), so it lifts one piece from one square onto an empty one: the
    occupancy after it differs from the present one by exactly two squares. Only occupancies
    seen twice are candidates and each names its move, so no move list is generated, and the
    exact positions are counted only when occupancy says a repetition is possible.
    """
    seen = _since_last_zeroing(facts, board)
    occupied = board.occupied
    candidates = []
    for target, times in seen.items():
        gone, came = occupied & ~target, target & ~occupied
        if times < 2 or chess.popcount(gone) != 1 or chess.popcount(came) != 1:
            continue
        move = chess.Move(chess.lsb(gone), chess.lsb(came))
        if board.is_legal(move) and not board.is_zeroing(move):
            candidates.append(move)
    if seen[occupied] < 3 and not candidates:
        return False, None
    keys = _stretch_keys(board)
    if keys[position_key(board)] >= 3:
        return True, None
    for move in candidates:
        board.push(move)
        try:
            repeated = keys[position_key(board)] >= 2
        finally:
            board.pop()
        if repeated:
            return False, move
    return False, None


def first_fivefold(board: chess.Board, facts: Facts) -> tuple[int, str] | None:
    """(ply, move label) where a position first stood on the board for the fifth time."""
    # Five visits of one position take at least 16 half-moves without a capture or pawn move.
    if not facts.long_stretch or max(Counter(facts.occupancy).values(), default=0) < 5:
        return None
    replay = board.root()
    counts: Counter[Hashable] = Counter([position_key(replay)])
    for ply, move in enumerate(board.move_stack, start=1):
        replay.push(move)
        if replay.halfmove_clock == 0:
            counts.clear()
        key = position_key(replay)
        counts[key] += 1
        if counts[key] >= 5:
            replay.pop()
            return ply, label_before(replay, replay.san(move))
    return None


def _automatic_end(board: chess.Board, facts: Facts) -> tuple[str, int, str] | None:
    ends = []
    fivefold = first_fivefold(board, facts)
    if fivefold is not None:
        ends.append(("fivefold_repetition", *fivefold))
    if facts.seventy_five is not None:
        ends.append(("seventy_five_moves", *facts.seventy_five))
    return min(ends, key=lambda end: end[1]) if ends else None


def _must_be_draw(termination: str, result: str | None, last: str | None) -> list[Finding]:
    code, what = _WHAT[termination]
    after = f" after {last}" if last else ""
    if result == "*":
        return [
            finding(
                "finished_game_unterminated",
                last,
                f"{what}{after} ends the game as a draw, but the result is '*'.",
            )
        ]
    if result is not None and result != "1/2-1/2":
        return [finding(code, last, f"{what}{after} is a draw, but the result is {result}.")]
    return []


def _checkmate(board: chess.Board, result: str | None, last: str | None) -> list[Finding]:
    mater = not board.turn
    wins = "1-0" if mater == chess.WHITE else "0-1"
    if result == "*":
        return [
            finding(
                "finished_game_unterminated", last, f"{last} is checkmate, but the result is '*'."
            )
        ]
    if result is not None and not same_outcome(result, wins):
        return [
            finding(
                "wrong_result_checkmate",
                last,
                f"{last} is checkmate by {_COLOUR[mater]}, so the result is {wins}, not {result}.",
            )
        ]
    return []


def _draw(
    board: chess.Board, facts: Facts, flags: set[bool], time_tag: bool, last: str | None
) -> tuple[str, list[Finding], str | None]:
    """(termination, findings, move that would claim a repetition) of a game scored drawn."""
    on_board, claim = threefold(board, facts)
    if on_board:
        return "threefold_repetition", [], None
    if claim is not None:
        return "threefold_repetition", [], label_before(board, board.san(claim))
    if board.can_claim_fifty_moves():
        return "fifty_moves", [], None
    if flags or time_tag:
        out = []
        for side in sorted(flags):
            if not board.has_insufficient_material(not side):
                out.append(
                    finding(
                        "result_vs_clock",
                        last,
                        f"{_COLOUR[side]}'s clock shows {format_clock(0)} at the end, but the game "
                        f"is scored a draw although {_COLOUR[not side]} could still mate: a flag "
                        "fall loses unless the opponent cannot mate.",
                    )
                )
        return "time_forfeit", out, None
    return "agreement", [], None


def _decisive(
    board: chess.Board,
    winner: bool,
    flags: set[bool],
    time_tag: bool,
    forfeit_tag: bool,
    last: str | None,
) -> tuple[str, list[Finding]]:
    loser = not winner
    if time_tag or loser in flags:
        if board.has_insufficient_material(winner):
            return "time_forfeit", [
                finding(
                    "time_forfeit_draw",
                    last,
                    f"{_COLOUR[loser]} lost on time, but {_COLOUR[winner]} has no material to mate "
                    "with: the game is a draw, not a win.",
                )
            ]
        return "time_forfeit", []
    if winner in flags:
        return "resignation", [
            finding(
                "result_vs_clock",
                last,
                f"{_COLOUR[winner]}'s clock shows {format_clock(0)} at the end, yet "
                f"{_COLOUR[winner]} is scored the winner: check the result.",
            )
        ]
    if forfeit_tag:
        return "forfeit", []
    if board.has_insufficient_material(winner) and not board.has_insufficient_material(loser):
        return "resignation", [
            finding(
                "winner_cannot_mate",
                last,
                f"{_COLOUR[winner]} is scored the winner with no material to mate; a resignation "
                "stands, but check the result was not entered the wrong way round.",
            )
        ]
    return "resignation", []


class Ending(NamedTuple):
    """How a game ended: ``end_move`` is the move that ended it (for an automatic draw, the
    move that made it, even if more were recorded), ``claim`` the move with which a threefold
    repetition could be claimed when it was not yet on the board."""

    termination: str
    findings: list[Finding]
    end_move: str | None = None
    claim: str | None = None


_FORFEITS = ("+/-", "-/+", "-/-")


def _says_forfeit(facts: Facts) -> bool:
    """Whether a record without moves says it is a forfeit, beside a forfeit result: its
    Termination tag ("abandoned", the PGN standard's word, which normtui's own export writes,
    or any forfeit but one on time) or its game comment ("won by forfeit")."""
    tag = facts.headers.get("Termination", "").strip().lower()
    return tag == "abandoned" or ("forfeit" in tag and "time" not in tag) or facts.says_forfeit


def assess_ending(facts: Facts, board: chess.Board, result: str | None) -> Ending:
    """How a game read without error ended, and whether its result fits.

    A forfeit result on moves that were played is an error, and the game is then checked as
    the result scores it (+/- as 1-0), so that a mate scored the wrong way is still found.
    """
    plies = len(board.move_stack)
    if result not in _FORFEITS:
        return _played(facts, board, result)
    if plies == 0:
        return Ending("forfeit", [finding("forfeit", None, f"Scored as a forfeit ({result}).")])
    wrong = finding(
        "forfeit_with_moves",
        facts.last_move,
        f"Scored {result}, a forfeit, yet the game was played (to {facts.last_move}): a "
        "forfeit is a game that was not played; a played game is scored 1-0, 0-1 or 1/2-1/2, "
        "even when it was lost by a rules infraction.",
    )
    ending = _played(facts, board, result)
    return ending._replace(findings=[wrong, *ending.findings])


def _played(facts: Facts, board: chess.Board, result: str | None) -> Ending:
    last = facts.last_move
    plies = len(board.move_stack)
    if not any(board.generate_legal_moves()):
        if board.is_check():
            return Ending("checkmate", _checkmate(board, result, last), last)
        return Ending("stalemate", _must_be_draw("stalemate", result, last), last)
    if board.is_insufficient_material():
        termination = "insufficient_material"
        return Ending(termination, _must_be_draw(termination, result, last), last)
    automatic = _automatic_end(board, facts)
    if automatic is not None:
        termination, ply, label = automatic
        out = _must_be_draw(termination, result, label)
        if ply < plies:
            out.append(
                finding(
                    "moves_after_game_end",
                    label,
                    f"The game was drawn automatically at {label}, but {plies - ply} more "
                    + ("half-moves were" if plies - ply > 1 else "half-move was")
                    + " recorded after it.",
                )
            )
        return Ending(termination, out, label)
    if result is None or result == "-/-":
        return Ending("unknown", [], last)
    if result == "*":
        where = f" after {last}" if last else ""
        return Ending(
            "unterminated",
            [finding("unfinished_game", last, f"The game has no result yet ('*'){where}.")],
            last,
        )
    if plies == 0:
        # Broadcasts export the results of played games without their moves: no forfeit,
        # and no draw agreed "before any move", unless the record says so.
        if _says_forfeit(facts):
            return Ending(
                "forfeit",
                [
                    finding(
                        "forfeit", None, f"The record says the game was a forfeit, scored {result}."
                    )
                ],
            )
        return Ending(
            "unknown",
            [
                finding(
                    "no_moves",
                    None,
                    f"No moves recorded: the record gives the result ({result}) alone, so how the "
                    "game ended cannot be checked.",
                )
            ],
        )
    tag = facts.headers.get("Termination", "").strip().lower()
    flags = flagged(facts.clocks)
    if result == "1/2-1/2":
        termination, out, claim = _draw(board, facts, flags, "time" in tag, last)
        return Ending(termination, out, last, claim)
    termination, out = _decisive(
        board,
        same_outcome(result, "1-0"),
        flags,
        "time" in tag,
        tag in ("abandoned", "rules infraction"),
        last,
    )
    return Ending(termination, out, last)
