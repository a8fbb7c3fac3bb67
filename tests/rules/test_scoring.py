"""§2 and §4: what a pairing is worth."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from normtui.rules.model import ArmageddonResult as A
from normtui.rules.model import Game, RuleError
from normtui.rules.model import MainResult as M
from normtui.rules.profile import Profile
from normtui.rules.scoring import (
    armageddon_due,
    blitz_points,
    check_game,
    is_complete,
    pairing_points,
    points_of,
)


@pytest.mark.parametrize(
    ("result", "armageddon", "expected"),
    [
        (M.WHITE_WIN, None, (D(3), D(0))),
        (M.BLACK_WIN, None, (D(0), D(3))),
        (M.DRAW, A.WHITE_WIN, (D("1.5"), D(1))),
        (M.DRAW, A.BLACK_WIN, (D(1), D("1.5"))),
        (M.DRAW, A.DRAW, (D(1), D("1.5"))),
        (M.WHITE_FORFEIT_WIN, None, (D(3), D(0))),
        (M.BLACK_FORFEIT_WIN, None, (D(0), D(3))),
        (M.DOUBLE_FORFEIT, None, (D(0), D(0))),
    ],
)
def test_section_4_points_per_round(
    profile: Profile, result: M, armageddon: A | None, expected: tuple[D, D]
) -> None:
    """§4: 3 / 0, 1.5 / 1 after a drawn main game; §2: a drawn Armageddon is Black's win;
    forfeits 3 to the present player, 0 to the absent, 0 and 0 when both are absent."""
    game = Game(1, 1, 1, 10, result, armageddon)
    assert pairing_points(game, profile.points) == expected


def test_incomplete_pairings_are_worth_nothing_yet(profile: Profile) -> None:
    """§2: a drawn main game waits for its Armageddon; until then it scores for nobody."""
    waiting = Game(1, 1, 1, 10, M.DRAW)
    assert armageddon_due(waiting) and not is_complete(waiting)
    assert pairing_points(waiting, profile.points) is None
    assert pairing_points(Game(1, 1, 1, 10), profile.points) is None
    assert points_of(Game(1, 1, 1, 10, M.DRAW, A.DRAW), 10, profile.points) == D("1.5")


@pytest.mark.parametrize(
    ("result", "why"),
    [
        (M.WHITE_WIN, "decisive main game"),
        (M.BLACK_FORFEIT_WIN, "forfeited main game"),
        (None, "no result yet"),
    ],
)
def test_section_2_no_armageddon_without_a_drawn_main_game(result: M | None, why: str) -> None:
    """§2: an Armageddon follows a drawn classical game, and only that."""
    with pytest.raises(RuleError, match=why) as err:
        check_game(Game(3, 2, 4, 9, result, A.WHITE_WIN))
    assert err.value.article == "Regulations §2"


def test_blitz_scoring_is_one_half_nought(profile: Profile) -> None:
    """§1, §5: the blitz opener and the play-off games score 1 / ½ / 0."""
    assert blitz_points(M.WHITE_WIN, profile.blitz_points) == (D(1), D(0))
    assert blitz_points(M.DRAW, profile.blitz_points) == (D("0.5"), D("0.5"))
    assert blitz_points(A.BLACK_WIN, profile.blitz_points) == (D(0), D(1))
    assert blitz_points(M.BLACK_FORFEIT_WIN, profile.blitz_points) == (D(0), D(1))
    assert blitz_points(M.DOUBLE_FORFEIT, profile.blitz_points) == (D(0), D(0))
