"""Regulations §2: no agreed draw until after Black's move 30; drawn Armageddons go to Black."""

from __future__ import annotations

from normtui.pgn.regulations import black_moves

from .conftest import Check, codes, only


def test_black_moves_made() -> None:
    assert (black_moves("30. Rb1"), black_moves("30...Bb4"), black_moves(None)) == (29, 30, 0)


def test_draw_before_move_30(check: Check) -> None:
    after_white_30, after_black_30, no_moves = check("draw_before_move_30.pgn")
    f = only(after_white_30, "draw_before_move_30")
    assert (f.severity, f.move, f.rule) == ("error", "30. Rb1", "Regulations §2")
    assert "after Black's move 30" in f.message
    assert not after_white_30.ok
    assert after_black_30.findings == () and after_black_30.ok
    # A draw recorded without moves is a broadcast's result alone, not a draw "before any move".
    assert codes(no_moves) == ["no_moves"] and no_moves.ok


def test_draw_before_move_30_allowed(check: Check) -> None:
    on_board, with_next_move = check("draw_before_move_30_allowed.pgn")
    f = only(on_board, "draw_before_move_30_allowed")
    assert (f.severity, f.move) == ("info", "4...Ng8")
    assert "Repetition before move 30" in f.message and "arbiter confirms" in f.message
    g = only(with_next_move, "draw_before_move_30_allowed")
    assert "4...Ng8 repeats the position a third time" in g.message
    assert on_board.ok and with_next_move.ok


def test_stalemate_before_move_30_is_allowed(check: Check) -> None:
    [report] = check("stalemate_early.pgn")
    assert "Draw by stalemate" in only(report, "draw_before_move_30_allowed").message


def test_the_rule_is_for_main_games_only(check: Check) -> None:
    [report] = check("draw_before_move_30.pgn", "playoff")[:1]
    assert "draw_before_move_30" not in codes(report)


def test_armageddon_draw(check: Check) -> None:
    [report] = check("armageddon_draw.pgn", "armageddon")
    f = only(report, "armageddon_draw")
    assert (f.severity, f.rule) == ("info", "Regulations §2")
    assert f.message == "A drawn Armageddon counts as a win for Black."
    assert report.ok
