"""Reading a game as the boards write it: never a cut text, only the new moves, an
illegal move kept up to the last legal one, the kings' result signal read as a signal."""

from __future__ import annotations

from datetime import datetime

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.demo.replay import game_text, round_games
from normtui.feed.game import LiveGame, kings_signal, with_result
from normtui.pgn import split_text
from normtui.pgn.movetext import read_movetext
from normtui.pgn.tags import read_tags

NOW = datetime(2022, 6, 7, 18, 0).astimezone()
GAME = game_text(round_games(7)[0], 84, True, NOW)  # Anand-Radjabov, as LiveChess writes it


def parts(text: str) -> tuple[str, str]:
    raw = next(split_text(text))
    return raw.header_text, raw.movetext


def test_a_whole_record_reads_whole_with_its_clocks() -> None:
    header, moves = parts(GAME)
    words = read_movetext(moves)
    assert words.whole and words.result == "1/2-1/2" and len(words.plies) == 84
    assert all(p.clock is not None and p.used is not None for p in words.plies)
    assert read_tags(header)["ReferenceTime"].startswith("W/")  # White to move after 84


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=len(GAME) - 1))
def test_a_record_cut_anywhere_is_never_whole(cut: int) -> None:
    """A file read while it is written ends anywhere: inside a move, a comment, a tag."""
    text = GAME[:cut]
    if text.rstrip() == GAME.rstrip():
        return
    raws = list(split_text(text))
    if not raws:
        return
    words = read_movetext(raws[0].movetext)
    assert not words.whole, repr(text[-40:])
    game = LiveGame()
    reading = game.update(raws[0].header_text, raws[0].movetext, NOW)
    assert not reading.whole and reading.text == "" and game.last is None


def test_each_new_version_plays_only_the_new_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    header, _ = parts(GAME)
    words = read_movetext(parts(GAME)[1])
    texts = [game_text(round_games(7)[0], done, False, NOW) for done in (10, 11, 30)]
    game = LiveGame()
    played = []
    push = chess.Board.push

    def counting(board: chess.Board, move: chess.Move) -> None:
        played.append(move)
        push(board, move)

    monkeypatch.setattr(chess.Board, "push", counting)
    for done, text in zip((10, 11, 30), texts, strict=True):
        reading = game.update(*parts(text), NOW)
        assert reading.whole and len(reading.plies) == done
    assert len(played) == 30  # 10, then 1, then 19: never a move twice
    assert reading.sans == tuple(p.san.rstrip("+#") for p in words.plies[:30])
    again = game.update(*parts(text), NOW)
    assert again.new_plies == 0 and len(played) == 30
    assert header.startswith('[ePGN "0.1;DGT LiveChess/2.2.5"]')


def test_moves_taken_back_on_the_board_are_taken_back_here() -> None:
    game = LiveGame()
    game.update('[Round "1"]\n', "1. e4 e5 2. Nf3 Nc6 *")
    reading = game.update('[Round "1"]\n', "1. e4 e5 2. Nf3 Nf6 *")
    assert reading.moves_changed and reading.sans == ("e4", "e5", "Nf3", "Nf6")


def test_an_illegal_move_keeps_the_game_up_to_the_last_legal_one() -> None:
    game = LiveGame()
    reading = game.update(
        '[White "A"]\n[Result "*"]\n',
        "1. e4 {[%clk 1:59:50]} e5 2. Ke3 {[%clk 1:59:00]} Nc6 3. Nf3 *",
    )
    assert reading.broken == "2. Ke3 is not a legal move; the game is kept up to 1...e5"
    assert reading.sans == ("e4", "e5") and reading.result == "*"
    assert reading.text == '[White "A"]\n[Result "*"]\n\n1. e4 {[%clk 1:59:50]} e5 *\n'
    # The operator corrects the board: the record goes on from the last legal move.
    fixed = game.update('[White "A"]\n[Result "*"]\n', "1. e4 e5 2. Ke2 Nc6 *")
    assert fixed.broken is None and fixed.sans == ("e4", "e5", "Ke2", "Nc6")


def test_a_null_move_is_not_a_move() -> None:
    reading = LiveGame().update("", "1. e4 -- 2. d4 *")
    assert reading.broken is not None and reading.sans == ("e4",)


@pytest.mark.parametrize(
    ("words", "result"),
    [
        (["Ke4", "Kd5"], "1-0"),  # both kings on light squares
        (["Kd4", "Ke5"], "0-1"),  # both on dark squares
        (["Ke4", "Ke5"], "1/2-1/2"),  # one of each
    ],
)
def test_the_kings_in_the_centre_give_the_result(words: list[str], result: str) -> None:
    """DGT: the result is set on the board with both kings on the centre squares."""
    reading = LiveGame().update('[Result "*"]\n', f"1. e4 e5 2. Ke2 Ke7 3. {words[0]} {words[1]} *")
    assert (reading.signal, reading.result, reading.broken) == (result, result, None)
    assert reading.sans == ("e4", "e5", "Ke2", "Ke7")
    board = chess.Board()
    for san in ("e4", "e5", "Ke2", "Ke7"):
        board.push_san(san)
    assert kings_signal(board, words) == result
    assert kings_signal(board, ["Kf3", "Kf6"]) is None  # not the centre: an illegal move


def test_a_signal_after_a_real_game_ends_the_record_with_its_result() -> None:
    # 1. e4 e5 2. Ke2 Ke7: the kings stand on e2 and e7; the signal puts them on d5 and e4.
    reading = LiveGame().update('[Result "*"]\n', "1. e4 e5 2. Ke2 Ke7 3. Kd5 Ke4 *")
    assert reading.signal == "1-0" and reading.broken is None and reading.result == "1-0"
    assert reading.sans == ("e4", "e5", "Ke2", "Ke7")
    assert reading.text.endswith("2. Ke2 Ke7 1-0\n") and '[Result "1-0"]' in reading.text


def test_with_result_adds_a_missing_result_tag() -> None:
    assert (
        with_result('[White "A"]', "1. e4 *", None, "1-0")
        == '[White "A"]\n[Result "1-0"]\n\n1. e4 1-0\n'
    )
