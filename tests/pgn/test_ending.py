"""How the game ended, and whether the result fits the final position (FIDE Laws 5 and 9)."""

from __future__ import annotations

from normtui.pgn import validate_text
from normtui.rules.profile import Profile

from .conftest import Check, codes, only


def test_wrong_result_checkmate(check: Check) -> None:
    reversed_mate, drawn_mate = check("wrong_result_checkmate.pgn")
    f = only(reversed_mate, "wrong_result_checkmate")
    assert (f.severity, f.move, f.rule) == ("error", "2...Qh4", "FIDE Laws art. 5.1.1")
    assert "result is 0-1, not 1-0" in f.message
    # A mate scored as a draw is one error, not also an early agreed draw.
    assert codes(drawn_mate) == ["wrong_result_checkmate"]


def test_wrong_result_stalemate(check: Check) -> None:
    [report] = check("wrong_result_stalemate.pgn")
    assert report.termination == "stalemate"
    assert only(report, "wrong_result_stalemate").move == "10. Qe6"


def test_wrong_result_dead_position(check: Check) -> None:
    [report] = check("wrong_result_dead_position.pgn")
    assert report.termination == "insufficient_material"
    f = only(report, "wrong_result_dead_position")
    assert (f.move, f.rule) == ("69...Kxb4", "FIDE Laws art. 5.2.2")


def test_wrong_result_automatic_draw(check: Check) -> None:
    fivefold, seventy_five = check("wrong_result_automatic_draw.pgn")
    assert fivefold.termination == "fivefold_repetition"
    assert only(fivefold, "wrong_result_automatic_draw").move == "8...Ng8"
    assert seventy_five.termination == "seventy_five_moves"
    assert only(seventy_five, "wrong_result_automatic_draw").move == "79...Qc5"


def test_seventy_five_moves_scored_drawn_is_fine(check: Check) -> None:
    [report] = check("seventy_five_moves.pgn")
    assert (report.termination, report.findings) == ("seventy_five_moves", ())


def test_moves_after_game_end(check: Check) -> None:
    [report] = check("moves_after_game_end.pgn")
    f = only(report, "moves_after_game_end")
    assert (f.severity, f.move) == ("warning", "8...Ng8")
    assert "2 more half-moves" in f.message
    # Drawn at 8...Ng8, before move 30, by the rules: allowed, counted where the game ended.
    assert only(report, "draw_before_move_30_allowed").move == "8...Ng8"
    assert report.ok


def test_finished_game_unterminated(check: Check) -> None:
    [report] = check("finished_game_unterminated.pgn")
    f = only(report, "finished_game_unterminated")
    assert f.severity == "error" and "checkmate" in f.message


def test_unfinished_game(check: Check) -> None:
    [report] = check("unfinished_game.pgn")
    assert report.termination == "unterminated"
    assert only(report, "unfinished_game").severity == "warning"


def test_winner_cannot_mate(check: Check) -> None:
    [report] = check("winner_cannot_mate.pgn")
    assert report.termination == "resignation"
    assert only(report, "winner_cannot_mate").severity == "warning"
    assert report.ok


def test_terminations_read_from_the_board(profile: Profile) -> None:
    def termination(moves: str) -> str:
        [report] = validate_text(f'[Result "{moves.split()[-1]}"]\n\n{moves}\n', "main", profile)
        return report.termination

    assert termination("1. f3 e5 2. g4 Qh4# 0-1") == "checkmate"
    assert termination("1. e4 e5 2. Nf3 Nc6 1-0") == "resignation"
    assert termination("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 1/2-1/2") == (
        "threefold_repetition"
    )
    assert termination("1. e4 e5 1/2-1/2") == "agreement"


def test_one_move_after_the_game_end_is_said_in_the_singular(profile: Profile) -> None:
    from tests.pgn.conftest import PGN_DATA

    text = (PGN_DATA / "moves_after_game_end.pgn").read_text().replace(" e5 1/2-1/2", " 1/2-1/2")
    [report] = validate_text(text, "main", profile)
    message = only(report, "moves_after_game_end").message
    assert message.endswith("but 1 more half-move was recorded after it.")
