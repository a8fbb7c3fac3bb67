"""§1: the blitz opener, a single round robin scored 1 / ½ / 0 whose ranking is strict:
points, Sonneborn-Berger, most wins, most wins with Black, then lots."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from normtui.rules.blitz import blitz_pairings, blitz_standings
from normtui.rules.lots import lots_order
from normtui.rules.model import Game, RuleError
from normtui.rules.profile import Profile
from normtui.rules.standings import Standing
from tests.rules.helpers import game, players

# 4 players, Berger: R1 1-4 2-3; R2 4-3 1-2; R3 2-4 3-1.
BOARDS = [(1, 1, 1, 4), (1, 2, 2, 3), (2, 1, 4, 3), (2, 2, 1, 2), (3, 1, 2, 4), (3, 2, 3, 1)]


def play(*results: str) -> list[Game]:
    return [game(*board, result) for board, result in zip(BOARDS, results, strict=True)]


def table(rows: list[Standing]) -> list[tuple[int, str | None]]:
    return [(r.number, r.shared_rank) for r in rows]


def test_blitz_pairings_are_one_berger_cycle() -> None:
    """§1: the blitz opener is one Berger cycle."""
    rounds = blitz_pairings(4)
    assert [(p.round, p.board, p.white, p.black) for r in rounds for p in r] == BOARDS


def test_points_are_one_half_nought(profile: Profile) -> None:
    """§1: blitz games score 1 / ½ / 0, no Armageddon points."""
    rows = blitz_standings(players(4), play("1-0", "½-½", "0-1", "1-0", "0-1", "½-½"), profile)
    assert {r.number: r.points for r in rows} == {1: D("2.5"), 2: D("0.5"), 3: D("2"), 4: D(1)}
    assert all(r.games == 3 for r in rows)


def test_sonneborn_berger_on_one_half_nought_breaks_equal_points(profile: Profile) -> None:
    """§1 blitz tie-break A: 1 and 2 both on 2 points; 1 beat stronger opponents."""
    rows = blitz_standings(players(4), play("1-0", "1-0", "1-0", "1-0", "1-0", "1-0"), profile)
    assert [(r.number, r.points, r.sonneborn_berger) for r in rows[:2]] == [
        (1, D(2), D(3)),
        (2, D(2), D(2)),
    ]
    assert table(rows) == [(1, "1"), (2, "2"), (3, "3"), (4, "4")]


def test_most_wins_breaks_equal_sonneborn_berger(profile: Profile) -> None:
    """§1 blitz tie-break B: most wins."""
    rows = blitz_standings(players(4), play("1-0", "½-½", "1-0", "½-½", "½-½", "1-0"), profile)
    assert {r.points for r in rows} == {D("1.5")}
    assert {r.sonneborn_berger for r in rows} == {D("2.25")}
    assert table(rows)[-1] == (2, "4"), "the only player without a win is last"


def test_wins_with_black_break_equal_wins(profile: Profile) -> None:
    """§1 blitz tie-break C: most wins with Black."""
    rows = blitz_standings(players(4), play("1-0", "1-0", "1-0", "½-½", "1-0", "0-1"), profile)
    assert [(r.number, r.points, r.wins, r.black_wins, r.shared_rank) for r in rows[:2]] == [
        (1, D("2.5"), 2, 1, "1"),
        (2, D("2.5"), 2, 0, "2"),
    ]


def test_without_a_seed_a_full_tie_shares_the_place(profile: Profile) -> None:
    """§1: until lots are drawn a full tie is a shared place."""
    rows = blitz_standings(players(4), play(*["½-½"] * 6), profile)
    assert {r.shared_rank for r in rows} == {"1-4"}


def test_lots_decide_what_nothing_else_does(profile: Profile) -> None:
    """§1 blitz tie-break D: a drawing of lots from a recorded seed, reproducible."""
    games = play(*["½-½"] * 6)
    rows = blitz_standings(players(4), games, profile, lots_seed=11)
    assert [r.shared_rank for r in rows] == ["1", "2", "3", "4"]
    assert [r.number for r in rows] == lots_order([1, 2, 3, 4], 11)
    assert rows == blitz_standings(players(4), games, profile, lots_seed=11)
    assert rows[0].extra["lots"] > rows[1].extra["lots"]


def test_lots_do_not_override_a_real_tiebreak(profile: Profile) -> None:
    """§1: lots come last; they never reorder players a tie-break separates."""
    games = play("1-0", "1-0", "1-0", "1-0", "1-0", "1-0")
    for seed in range(5):
        assert table(blitz_standings(players(4), games, profile, lots_seed=seed))[:2] == [
            (1, "1"),
            (2, "2"),
        ]


def test_unplayed_games_count_for_nobody_yet(profile: Profile) -> None:
    """§1: a blitz game without a result scores for nobody."""
    games = play("1-0", "1-0", "1-0", "1-0", "1-0", "1-0")[:2]
    assert sum(r.games for r in blitz_standings(players(4), games, profile)) == 4


def test_the_blitz_opener_has_no_armageddon(profile: Profile) -> None:
    """§1, §2: Armageddon belongs to the classical rounds only."""
    with pytest.raises(RuleError, match="no Armageddon"):
        blitz_standings(players(4), [game(1, 1, 1, 4, "½-½", "1-0")], profile)


def test_a_game_with_a_stranger_is_refused(profile: Profile) -> None:
    """§1: only the ten players of the field play the blitz opener."""
    with pytest.raises(RuleError, match="not in the field"):
        blitz_standings(players(4), [game(1, 1, 1, 7, "1-0")], profile)
