"""§5 and the prize table: money is shared on equal points, except first prize."""

from __future__ import annotations

import dataclasses
from decimal import Decimal as D

import pytest

from normtui.rules.model import RuleError
from normtui.rules.prizes import distribute_prizes, point_groups, prizes_for_standings
from normtui.rules.profile import Profile
from normtui.rules.standings import Standing, compute_standings
from tests.rules.helpers import game, players, small_profile

TABLE = [
    D(a)
    for a in (
        750_000,
        400_000,
        250_000,
        200_000,
        180_000,
        170_000,
        160_000,
        140_000,
        130_000,
        120_000,
    )
]


def test_section_5_equal_points_share_the_prizes_of_their_places() -> None:
    """§5: 7th and 8th on equal points: (160,000 + 140,000) / 2 each (2022: Topalov, Tari)."""
    groups = [[1], [2], [3], [4], [5], [6], [7, 8], [9], [10]]
    award = distribute_prizes(groups, TABLE)
    assert award.amounts[7] == award.amounts[8] == D(150_000)
    assert award.paid == D(2_500_000)


def test_section_5_a_shared_first_is_pending_until_the_play_off() -> None:
    """§5: first prize is not shared; until the play-off, 1st and 2nd prizes wait."""
    award = distribute_prizes([[1, 2], [3]] + [[n] for n in range(4, 11)], TABLE)
    assert award.amounts[1] is None and award.amounts[2] is None
    assert award.pending == D(1_150_000)
    assert award.paid + award.pending == D(2_500_000)


def test_section_5_the_play_off_winner_takes_first_prize_whole() -> None:
    """§5: the winner gets 750,000; the others of the play-off share the places after first."""
    award = distribute_prizes(
        [[1, 2, 3]] + [[n] for n in range(4, 11)], TABLE, first_place_winner=3
    )
    assert award.amounts[3] == D(750_000)
    assert award.amounts[1] == award.amounts[2] == D(325_000)
    assert award.pending == 0
    with pytest.raises(RuleError, match="not among the players sharing first place"):
        distribute_prizes([[1, 2], [3]], TABLE[:3], first_place_winner=3)


def test_shares_are_exact_to_the_ore_and_the_odd_ore_go_in_standings_order() -> None:
    """§5: 100 shared by three is 33.34 + 33.33 + 33.33: nothing is lost or invented."""
    award = distribute_prizes([[9], [4, 7, 2]], [D(50), D(40), D(35), D(25), D(10)])
    assert [award.amounts[n] for n in (4, 7, 2)] == [D("33.34"), D("33.33"), D("33.33")]
    assert (award.paid, award.unawarded) == (D(150), D(10))


def test_equal_points_are_not_shared_when_the_profile_says_so() -> None:
    """§5 as data: another event may pay places strictly (share_equal_points = false)."""
    award = distribute_prizes([[1], [2, 3]], [D(100), D(50), D(25)], share_equal_points=False)
    assert (award.amounts[2], award.amounts[3]) == (D(50), D(25))


def test_section_9a_an_uncounted_players_prize_is_unawarded() -> None:
    """§9 a: an uncounted player is unranked, so the last place's prize is not awarded."""
    profile = small_profile(4)
    field = players(4, withdrawn=1)
    games = [
        game(1, 1, 1, 4, "1-0"),
        game(1, 2, 2, 3, "1-0"),
        game(2, 1, 4, 3, "1-0"),
        game(3, 1, 2, 4, "½-½", "0-1"),
    ]
    rows = compute_standings(field, games, profile)
    award = prizes_for_standings(rows, profile)
    assert 1 not in award.amounts
    assert award.unawarded == profile.prizes.amounts[-1]
    assert award.paid + award.unawarded == profile.prizes.fund


def test_point_groups_follow_the_standings(profile: Profile) -> None:
    """§5: money follows points, in standings order; uncounted players (§9 a) get none."""
    rows = [
        Standing(3, "C", D(6), D(0), 0, 0, 3, True),
        Standing(1, "A", D(6), D(0), 0, 0, 3, True),
        Standing(2, "B", D(3), D(0), 0, 0, 3, True),
        Standing(4, "D", D(9), D(0), 0, 0, 1, False),
    ]
    assert point_groups(rows) == [[3, 1], [2]]


def test_an_event_without_prizes_pays_nobody_after_its_play_off() -> None:
    """An empty prize table (most round robins have none): the play-off's winner is placed
    first and paid nothing; the table holds nothing back, and names nobody."""
    award = distribute_prizes([[1, 2], [3]], [], first_place_winner=2)
    assert award.amounts == {2: D(0), 1: D(0), 3: D(0)}
    assert (award.paid, award.pending, award.unawarded) == (0, 0, 0)
    profile = small_profile(3)
    plain = dataclasses.replace(
        profile, prizes=dataclasses.replace(profile.prizes, fund=D(0), amounts=())
    )
    table = compute_standings(players(3), [game(1, 1, 1, 3, "1-0")], plain)
    award = prizes_for_standings(table, plain, first_place_winner=1)
    assert award.amounts == {} and not plain.prizes.awarded and profile.prizes.awarded
