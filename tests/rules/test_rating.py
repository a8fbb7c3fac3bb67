"""The rating change, K and the performance rating (FIDE B.02 2024 with the October 2025
amendment; B.01 1.4.7-1.4.9): the tables' properties, and examples worked by hand from the
regulations' text."""

from __future__ import annotations

import itertools
from decimal import Decimal as D

import pytest
from hypothesis import given
from hypothesis import strategies as st

from normtui.rules.fide_tables import DP_BY_PERCENT, PD_ROWS
from normtui.rules.model import Game, MainResult, Player
from normtui.rules.rating import (
    counted_difference,
    dp,
    k_by_rule,
    limited_k,
    pd,
    performance,
    rate_players,
    rated_minutes,
    round_half_away,
)

WIN, DRAW, LOSS = MainResult.WHITE_WIN, MainResult.DRAW, MainResult.BLACK_WIN


# -- the tables -----------------------------------------------------------------------------


def test_pd_table_rows_cover_every_difference_once() -> None:
    """8.1.2's rows follow each other without a gap or an overlap, 0 to "> 735", and PD of
    the higher-rated player rises by one hundredth a row from .50 to 1.0."""
    assert PD_ROWS[0][0] == 0
    for (_, high, pd_h), (low, _, next_h) in itertools.pairwise(PD_ROWS):
        assert high is not None and low == high + 1
        assert next_h == pd_h + 1
    assert PD_ROWS[-1] == (736, None, 100)
    assert len(PD_ROWS) == 51


@given(st.integers(-2000, 2000), st.integers(0, 500))
def test_pd_is_monotone(difference: int, more: int) -> None:
    """A stronger opponent never raises the player's expected score."""
    assert pd(difference + more) <= pd(difference)


@given(st.integers(-2000, 2000))
def test_pd_of_higher_and_lower_add_up_to_one(difference: int) -> None:
    """PD(H) + PD(L) = 1 (8.1: "the two tables are effectively mirror-images")."""
    assert pd(difference) + pd(-difference) == 1


def test_dp_table_is_mirrored_and_rising() -> None:
    """8.1.1: dp(p) = −dp(1 − p); dp rises with p; 0 and 1.0 are shown notionally as ∓800."""
    assert sorted(DP_BY_PERCENT) == list(range(101))
    for p in range(101):
        assert DP_BY_PERCENT[p] == -DP_BY_PERCENT[100 - p]
    values = [DP_BY_PERCENT[p] for p in range(101)]
    assert values == sorted(values) and len(set(values)) == 101
    assert (DP_BY_PERCENT[100], DP_BY_PERCENT[99], DP_BY_PERCENT[66]) == (800, 677, 117)


@given(st.integers(0, 100))
def test_dp_of_a_fraction_rounds_the_percentage_half_up(p: int) -> None:
    assert dp(D(p) / 100) == DP_BY_PERCENT[p]
    if p > 0:
        # 66.5 % is 67 % (B.01 1.4.9: "0.5% is rounded up").
        assert dp((D(p) - D("0.5")) / 100) == DP_BY_PERCENT[p]


def test_the_table_is_not_the_logistic_formula() -> None:
    """The table differs from 1 / (1 + 10^(−D/400)) by up to 0.01: at D = 100 the formula
    gives 0.640, the row 99-106 gives .64; at D = 50 it gives 0.571, the table .57; at D = 92
    the formula's 0.6296 would round to .63 and the table agrees; at 4 the formula gives
    0.5058, which rounds to .51 — the table says .51; at 10 0.5144, the table .51."""
    assert pd(-100) == D("0.64") and pd(-50) == D("0.57") and pd(-4) == D("0.51")
    assert pd(-11) == D("0.52")  # the formula: 0.5158


# -- the 400-point rule (8.3.1, from 1 October 2025) ----------------------------------------


@pytest.mark.parametrize(
    ("player", "opponent", "counted"),
    [
        (2200, 2700, 400),  # below 2650: held to 400
        (2600, 2100, -400),
        (2649, 2200, -400),
        (2650, 2200, -450),  # from 2650 the real difference
        (2800, 2300, -500),
        (2300, 2800, 400),  # the lower player still has the rule
    ],
)
def test_counted_difference(player: int, opponent: int, counted: int) -> None:
    assert counted_difference(player, opponent) == counted


def test_a_2650_player_loses_more_to_a_much_weaker_one_than_a_2649_player() -> None:
    """A loss to a player 450 below: 2649 counts D = 400 (PD .92, ΔR −0.92), 2650 counts 450
    (row 433-456, PD .94, ΔR −0.94). K 10: −9.2 and −9.4."""
    players = [
        Player(1, "Below", 2649, k=10, k_source="list"),
        Player(2, "Weak", 2199),
        Player(3, "Top", 2650, k=10, k_source="list"),
        Player(4, "Weak2", 2200),
    ]
    games = [Game(1, 1, 1, 2, LOSS), Game(1, 2, 3, 4, LOSS)]
    rated = rate_players(players, games, year=2026)
    assert rated[1].lines[0].difference == -400 and rated[1].change == D("-9.20")
    assert rated[3].lines[0].difference == -450 and rated[3].change == D("-9.40")


# -- K (8.3.3) ------------------------------------------------------------------------------


def test_k_by_rule() -> None:
    # The junior's K lasts to the end of the year of the 18th birthday, while under 2300.
    assert k_by_rule(2299, 2008, 2026)[0] == 40
    assert k_by_rule(2299, 2007, 2026)[0] == 20
    assert k_by_rule(2300, 2010, 2026)[0] == 20
    assert k_by_rule(2399, None, 2026)[0] == 20
    assert k_by_rule(2400, None, 2026)[0] == 10
    assert k_by_rule(2400, 2012, 2026)[0] == 10


@given(st.sampled_from([10, 20, 40]), st.integers(1, 200))
def test_k_times_games_never_exceeds_700(k: int, games: int) -> None:
    """K is reduced to the largest whole number keeping K × n within 700, and only then."""
    used = limited_k(k, games)
    assert used * games <= 700 or (used == k and k * games <= 700)
    if k * games > 700:
        assert (used + 1) * games > 700
    else:
        assert used == k


def test_k_from_the_list_goes_before_the_rule_and_is_limited() -> None:
    """An event of 20 rated games for a K-40 junior: 40 × 20 = 800 > 700, so K 35."""
    n = 21
    players = [Player(1, "Junior", 2000, k=40, k_source="list", birth_year=2012)]
    players += [Player(i, f"P{i}", 2000) for i in range(2, n + 1)]
    games = [Game(i - 1, 1, 1, i, DRAW) for i in range(2, n + 1)]
    junior = rate_players(players, games, year=2026)[1]
    assert junior.games == 20
    assert junior.k is not None and junior.k.value == 35 and junior.k.source == "list"
    assert "40 × 20 games > 700: K 35" in junior.k.why
    # The others' K is the rule's: 20 under 2400, with one game.
    other = rate_players(players, games, year=2026)[2]
    assert other.k is not None and (other.k.value, other.k.source) == (20, "rule")


# -- hand-worked changes --------------------------------------------------------------------


def test_a_win_against_a_player_200_higher() -> None:
    """2000 (K 20) beats 2200: D = 200, row 198-206, PD of the lower .24, ΔR +0.76: +15.2;
    the 2200 (K 20) loses 15.2."""
    players = [Player(1, "Low", 2000), Player(2, "High", 2200)]
    rated = rate_players(players, [Game(1, 1, 1, 2, WIN)], year=2026)
    assert (rated[1].expected, rated[1].change, rated[1].change_text) == (
        D("0.24"),
        D("15.20"),
        "+15.2",
    )
    assert (rated[2].expected, rated[2].change_text) == (D("0.76"), "-15.2")


def test_a_tournament_sums_its_games_and_shows_one_decimal() -> None:
    """2400, K 10, nine games: +3 =4 −2 against 2500, 2450, 2350, 2600, 2300, 2380, 2420,
    2550, 2700. PD by game: .36 .43 .57 .24 .64 .53 .47 .30 .15 = 3.69; score 5; ΣΔR 1.31;
    change +13.1 (a rating period would round it to +13)."""
    opponents = [2500, 2450, 2350, 2600, 2300, 2380, 2420, 2550, 2700]
    results = [WIN, DRAW, WIN, LOSS, DRAW, DRAW, WIN, DRAW, LOSS]
    players = [Player(1, "Me", 2400, k=10, k_source="csv")]
    players += [Player(i + 2, f"O{i}", r) for i, r in enumerate(opponents)]
    games = [Game(i + 1, 1, 1, i + 2, res) for i, res in enumerate(results)]
    me = rate_players(players, games, year=2026)[1]
    assert [line.expected for line in me.lines] == [
        D(x) for x in [".36", ".43", ".57", ".24", ".64", ".53", ".47", ".30", ".15"]
    ]
    assert (me.games, me.score, me.expected) == (9, D(5), D("3.69"))
    assert (me.change, me.change_text, me.change_rounded) == (D("13.10"), "+13.1", 13)
    # Ra = 22250 / 9 = 2472.2 → 2472; p = 5/9 = 55.6 % → 56, dp 43: Rp 2515.
    assert (me.ra, me.rp) == (2472, 2515)


def test_rounding_a_rating_period_is_half_away_from_zero() -> None:
    assert [round_half_away(D(x)) for x in ("2.5", "-2.5", "2.4", "-0.5")] == [3, -3, 2, -1]


@given(
    st.integers(1400, 2649),
    st.integers(1400, 2649),
    st.sampled_from([WIN, DRAW, LOSS]),
)
def test_below_2650_what_one_gains_the_other_loses(a: int, b: int, result: MainResult) -> None:
    """ΔR(A) + ΔR(B) = 0 for two players below 2650 (the rule is the same both ways)."""
    rated = rate_players(
        [Player(1, "A", a), Player(2, "B", b)], [Game(1, 1, 1, 2, result)], year=2026
    )
    assert rated[1].lines[0].delta is not None and rated[2].lines[0].delta is not None
    assert rated[1].lines[0].delta + rated[2].lines[0].delta == 0


# -- what is not rated ----------------------------------------------------------------------


def test_forfeits_no_move_games_and_unrated_opponents_are_not_rated() -> None:
    players = [
        Player(1, "A", 2400),
        Player(2, "B", 2400),
        Player(3, "C", None),
        Player(4, "D", 2300),
    ]
    games = [
        Game(1, 1, 1, 2, MainResult.WHITE_FORFEIT_WIN),  # forfeit (5.1)
        Game(2, 1, 1, 3, WIN),  # opponent unrated (8.3.1)
        Game(3, 1, 4, 1, LOSS),  # no move by White (5.1)
        Game(4, 1, 2, 4, None),  # not played yet
    ]
    rated = rate_players(players, games, year=2026, no_move={(3, 1)})
    a = rated[1]
    assert a.games == 0 and a.change == 0
    assert [line.why_not for line in a.lines] == [
        "forfeit: not rated (B.02 §5.1)",
        "opponent unrated: not rated for a rated player (B.02 §8.3.1)",
        "a player made no move: not rated (B.02 §5.1)",
    ]
    assert rated[2].lines[-1].why_not == "not played (yet)"


# -- an unrated player's first rating (8.2) -------------------------------------------------


def test_initial_rating_with_two_hypothetical_draws() -> None:
    """5 games, 3 points, opponents 1850 1900 1901 1906 1950 (9507): Ra = (9507 + 3600) / 7 =
    1872.43; p = 4/7 = 57 %, dp 50; Ru = 1922.43 → 1922, published once 5 games are rated."""
    ratings = [1850, 1900, 1901, 1906, 1950]
    results = [WIN, WIN, DRAW, DRAW, LOSS]
    players = [Player(1, "New", None)] + [Player(i + 2, f"O{i}", r) for i, r in enumerate(ratings)]
    games = [Game(i + 1, 1, 1, i + 2, res) for i, res in enumerate(results)]
    new = rate_players(players, games, year=2026)[1]
    assert new.k is None and new.change is None and new.change_text == ""
    assert new.initial is not None
    assert (new.initial.rating, new.initial.games, new.initial.score) == (1922, 5, D(3))
    assert "§7.1.4" not in new.initial.why  # 5 games: enough to publish


def test_initial_rating_is_at_most_2200_and_a_zero_score_is_disregarded() -> None:
    players = [Player(1, "Strong", None), Player(2, "Zero", None)]
    players += [Player(i, f"O{i}", 2500) for i in range(3, 8)]
    games = [Game(i, 1, 1, i, WIN) for i in range(3, 8)]
    games += [Game(i, 2, 2, i, LOSS) for i in range(3, 8)]
    rated = rate_players(players, games, year=2026)
    assert rated[1].initial is not None and rated[1].initial.rating == 2200
    assert rated[2].initial is not None and rated[2].initial.rating is None
    assert "§8.2.1" in rated[2].initial.why


# -- the performance rating ----------------------------------------------------------------


def test_performance_rounds_ra_and_p_half_up() -> None:
    """B.01 1.4.7b and 1.4.9: Ra 2379.5 → 2380; 6 of 9 = 66.7 % → 67, dp 125: Rp 2505."""
    ratings = [2379, 2380] * 4 + [2379]
    assert sum(ratings) / 9 == pytest.approx(2379.444, abs=0.001)
    assert performance(ratings, D(6)) == (2379, 2379 + 125)
    assert performance([2379, 2380], D(1)) == (2380, 2380)
    assert performance([], D(0)) is None


def test_rate_of_play_for_a_rated_game() -> None:
    """B.02 1.1: 120 minutes where a player is rated 2400 or more, 90 from 1800, else 60."""
    assert rated_minutes([2400, 1500]) == 120
    assert rated_minutes([2399, 1800]) == 90
    assert rated_minutes([1799, None]) == 60
