"""§2 and §4: entering results and closing a round."""

from __future__ import annotations

import pytest

from normtui.rules.model import ArmageddonResult as A
from normtui.rules.model import Game, GameState, RuleError
from normtui.rules.model import MainResult as M
from normtui.rules.results import apply_armageddon, apply_result, check_round_closable
from tests.rules.helpers import game

EMPTY = Game(4, 3, 2, 7)


@pytest.mark.parametrize(
    ("result", "armageddon", "state"),
    [
        (M.WHITE_WIN, None, GameState.FINISHED),
        (M.DRAW, None, GameState.IN_PROGRESS),
        (M.DRAW, A.DRAW, GameState.FINISHED),
        (M.BLACK_FORFEIT_WIN, None, GameState.FORFEIT),
        (M.DOUBLE_FORFEIT, None, GameState.FORFEIT),
    ],
)
def test_section_2_states_after_a_result(result: M, armageddon: A | None, state: GameState) -> None:
    """§2: a drawn main game is in progress until its Armageddon; forfeits are final."""
    entered = apply_result(EMPTY, result, armageddon)
    assert (entered.result, entered.armageddon, entered.state) == (result, armageddon, state)


def test_section_2_armageddon_completes_a_drawn_game() -> None:
    drawn = apply_result(EMPTY, M.DRAW, None)
    assert apply_armageddon(drawn, A.BLACK_WIN).state is GameState.FINISHED
    assert apply_result(drawn, M.DRAW, A.WHITE_WIN).state is GameState.FINISHED


@pytest.mark.parametrize(
    ("game_", "why"),
    [
        (EMPTY, "no result yet"),
        (Game(4, 3, 2, 7, M.WHITE_WIN), "decisive main game"),
        (Game(4, 3, 2, 7, M.WHITE_FORFEIT_WIN), "forfeited main game"),
    ],
)
def test_section_2_no_armageddon_unless_the_main_game_was_drawn(game_: Game, why: str) -> None:
    with pytest.raises(RuleError, match=why) as err:
        apply_armageddon(game_, A.WHITE_WIN)
    assert err.value.article == "Regulations §2"


def test_section_2_no_armageddon_entered_with_a_decisive_result() -> None:
    with pytest.raises(RuleError, match="decisive main game"):
        apply_result(EMPTY, M.BLACK_WIN, A.WHITE_WIN)


def test_a_result_is_changed_only_as_a_correction() -> None:
    """§8: a result confirmed on the scoresheets changes only as a correction."""
    won = apply_result(EMPTY, M.WHITE_WIN, None)
    with pytest.raises(RuleError) as err:
        apply_result(won, M.DRAW, None)
    assert err.value.message == "board 3 of round 4 already has 1-0; enter it as a correction"
    corrected = apply_result(won, M.DRAW, None, correction=True)
    assert (corrected.result, corrected.state) == (M.DRAW, GameState.IN_PROGRESS)
    assert apply_result(won, M.WHITE_WIN, None) is won, "entering the same result is harmless"


def test_an_armageddon_is_changed_only_as_a_correction() -> None:
    """§2, §8: the same for an Armageddon result."""
    done = apply_result(EMPTY, M.DRAW, A.WHITE_WIN)
    with pytest.raises(RuleError, match="already has the Armageddon 1-0; enter it as a corr"):
        apply_armageddon(done, A.DRAW)
    with pytest.raises(RuleError, match="already has the Armageddon 1-0"):
        apply_result(done, M.DRAW, A.BLACK_WIN)
    assert apply_armageddon(done, A.DRAW, correction=True).armageddon is A.DRAW
    assert apply_armageddon(done, A.WHITE_WIN) is done


def test_a_correction_to_a_decisive_result_drops_the_armageddon() -> None:
    """§2: a corrected decisive main game has no Armageddon."""
    done = apply_result(EMPTY, M.DRAW, A.WHITE_WIN)
    corrected = apply_result(done, M.BLACK_WIN, None, correction=True)
    assert (corrected.armageddon, corrected.state) == (None, GameState.FINISHED)


def test_a_round_closes_when_every_pairing_is_complete() -> None:
    """§2, §4: every board has a result and every drawn main game its Armageddon."""
    check_round_closable(
        [game(1, 1, 1, 10, "1-0"), game(1, 2, 2, 9, "½-½", "½-½"), game(1, 3, 3, 8, "-/+")]
    )


def test_a_round_with_missing_results_or_armageddons_stays_open() -> None:
    """§2, §4: the round stays open and the message lists every board missing something."""
    games = [
        game(4, 1, 10, 7, "1-0"),
        game(4, 2, 8, 6),
        game(4, 3, 9, 5, "½-½"),
        game(4, 4, 1, 4),
        game(4, 5, 2, 3, "½-½", "0-1"),
    ]
    with pytest.raises(RuleError) as err:
        check_round_closable(games)
    assert err.value.message == (
        "round 4 cannot be closed: boards 2, 4 have no result; board 3 has a drawn main game "
        "whose Armageddon is missing"
    )
    assert err.value.article == "Regulations §2, §4"


def test_a_postponed_game_does_not_hold_the_round_open() -> None:
    """§9: a game postponed to a free day or the next morning is entered when played."""
    postponed = Game(4, 2, 8, 6, state=GameState.POSTPONED)
    check_round_closable([game(4, 1, 10, 7, "1-0"), postponed])
