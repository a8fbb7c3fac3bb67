"""§4, §6 and §9: the standings after any round."""

from __future__ import annotations

import dataclasses
from decimal import Decimal as D

from normtui.rules.model import Player
from normtui.rules.profile import Profile
from normtui.rules.standings import (
    Standing,
    compute_standings,
    counted_players,
    rank_rows,
    scheduled_games,
)
from tests.rules.helpers import event_2022, game, players, small_profile

# Three players, Berger: R1 2-3 (1 bye), R2 1-2 (3 bye), R3 3-1 (2 bye).
THREE = [game(1, 1, 2, 3, "1-0"), game(2, 1, 1, 2, "½-½", "1-0"), game(3, 1, 3, 1, "½-½", "½-½")]


def by_number(rows: list[Standing]) -> dict[int, Standing]:
    return {r.number: r for r in rows}


def test_section_6_sonneborn_berger_in_event_points() -> None:
    """§6 A: SB = Σ points scored in the pairing × that opponent's total, in 3 / 1.5 / 1 / 0."""
    rows = by_number(compute_standings(players(3), THREE, small_profile(3)))
    assert {n: r.points for n, r in rows.items()} == {1: D(3), 2: D(4), 3: D(1)}
    assert rows[1].sonneborn_berger == D("1.5") * 4 + D("1.5") * 1
    assert rows[2].sonneborn_berger == 3 * 1 + 1 * 3
    assert rows[3].sonneborn_berger == 1 * 3
    assert [r.number for r in compute_standings(players(3), THREE, small_profile(3))] == [2, 1, 3]


def test_sonneborn_berger_from_main_games_when_the_profile_says_so() -> None:
    """§6 A as data: SB from the main games alone (1 / ½ / 0) on both sides."""
    base = small_profile(3)
    profile = dataclasses.replace(
        base, tiebreaks=dataclasses.replace(base.tiebreaks, sonneborn_berger_basis="main_game")
    )
    rows = by_number(compute_standings(players(3), THREE, profile))
    assert rows[1].sonneborn_berger == D("0.5") * D("1.5") + D("0.5") * D("0.5")
    assert rows[2].sonneborn_berger == 1 * D("0.5") + D("0.5") * 1
    assert rows[3].sonneborn_berger == D("0.5") * 1
    assert rows[1].points == 3, "points stay the event's own"


def test_section_6_wins_and_black_wins_leave_armageddon_out_by_default() -> None:
    """§6 B/C: main games won (forfeits included) and main games won with Black over the
    board; Armageddon wins are counted apart unless the profile includes them."""
    rows = by_number(compute_standings(players(3), THREE, small_profile(3)))
    assert (rows[1].wins, rows[1].black_wins, rows[1].armageddon_wins) == (0, 0, 2)
    assert (rows[2].wins, rows[2].black_wins) == (1, 0)
    base = small_profile(3)
    profile = dataclasses.replace(
        base, tiebreaks=dataclasses.replace(base.tiebreaks, wins_include_armageddon=True)
    )
    rows = by_number(compute_standings(players(3), THREE, profile))
    assert (rows[1].wins, rows[1].black_wins) == (2, 1), "the drawn Armageddon is Black's win"


def test_black_wins_count_over_the_board_only() -> None:
    """§6 C: a forfeit won with Black is a win (FIDE WIN) but not a win with Black (BWG)."""
    games = [game(1, 1, 2, 3, "-/+"), game(2, 1, 1, 2, "0-1"), game(3, 1, 3, 1, "1-0")]
    rows = by_number(compute_standings(players(3), games, small_profile(3)))
    assert (rows[3].wins, rows[3].black_wins) == (2, 0)
    assert (rows[2].wins, rows[2].black_wins) == (1, 1)


def test_players_equal_on_everything_share_the_place() -> None:
    """§6: equal on points, SB, wins and black wins: one shared place, shown "1-3"."""
    games = [
        game(1, 1, 2, 3, "½-½", "1-0"),
        game(2, 1, 1, 2, "½-½", "1-0"),
        game(3, 1, 3, 1, "½-½", "1-0"),
    ]
    rows = compute_standings(players(3), games, small_profile(3))
    assert {(r.rank, r.shared_rank) for r in rows} == {(1, "1-3")}


def test_shared_places_in_the_middle_are_labelled_like_7_8() -> None:
    """§6: players equal on every tie-break share the place ("7-8", 2022 wording)."""
    order = ("sonneborn_berger", "wins", "black_wins")
    points = [19, 18, 17, 16, 15, 14, 13, 13, 12, 12]
    rows = [
        Standing(n, f"P{n}", D(p), D(0), 0, 0, 9, True)
        for n, p in zip(range(10, 0, -1), reversed(points), strict=True)
    ]
    ranked = rank_rows(rows, order)
    assert [r.shared_rank for r in ranked] == [
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7-8",
        "7-8",
        "9-10",
        "9-10",
    ]
    assert [r.rank for r in ranked][6:] == [7, 7, 9, 9]


def test_standings_after_any_round_and_incomplete_pairings(profile: Profile) -> None:
    """After round 1 of 2022 only round 1 counts; a drawn game waiting for its Armageddon
    scores for nobody yet (§2)."""
    people, games = event_2022()
    after_one = by_number(compute_standings(people, games, profile, through_round=1))
    assert sum(r.games for r in after_one.values()) == 10
    first_round = [g for g in games if g.round == 1]
    expected = sum((D("2.5") if g.armageddon else D(3) for g in first_round), D(0))
    assert sum((r.points for r in after_one.values()), D(0)) == expected
    waiting = [dataclasses.replace(g, armageddon=None) if g.round == 1 else g for g in games]
    drawn = [g for g in games if g.round == 1 and g.armageddon]
    rows = by_number(compute_standings(people, waiting, profile, through_round=1))
    for g in drawn:
        assert rows[g.white].games == 0 and rows[g.white].points == 0


def test_unsigned_results_mark_the_rows_provisional(profile: Profile) -> None:
    """§8: until the scoresheets are countersigned the result is provisional."""
    people, games = event_2022()
    rows = by_number(
        compute_standings(
            people, games, profile, through_round=1, provisional_games=frozenset({(1, 1)})
        )
    )
    assert {n for n, r in rows.items() if r.provisional} == {1, 10}


def test_section_9a_an_uncounted_player_counts_for_nobody() -> None:
    """§9 a: withdrawn with fewer than 50 % of the games completed: unranked, and neither
    their points nor their games count in anyone's points or SB."""
    profile = small_profile(4)  # 3 games each: 2 completed keep a player, 1 does not
    assert scheduled_games(profile) == 3
    field = players(4, withdrawn=4)
    # R1 1-4 2-3; R2 4-3 1-2; R3 2-4 3-1. Player 4 played round 1 only.
    games = [
        game(1, 1, 1, 4, "0-1"),
        game(1, 2, 2, 3, "1-0"),
        game(2, 1, 4, 3, "-/+"),
        game(2, 2, 1, 2, "1-0"),
        game(3, 1, 2, 4, "+/-"),
        game(3, 2, 3, 1, "½-½", "0-1"),
    ]
    assert counted_players(field, games, profile) == {1, 2, 3}
    rows = by_number(compute_standings(field, games, profile))
    assert rows[4].rank is None and not rows[4].counted
    assert {n: rows[n].points for n in (1, 2, 3)} == {1: D("4.5"), 2: D(3), 3: D(1)}
    assert rows[1].sonneborn_berger == 3 * 3 + D("1.5") * 1
    assert rows[3].sonneborn_berger == 1 * D("4.5")
    assert [r.number for r in compute_standings(field, games, profile)] == [1, 2, 3, 4]


def test_section_9b_a_player_with_half_the_games_counts() -> None:
    """§9 b: at least 50 % completed: the games count, remaining ones are forfeits."""
    profile = small_profile(4)
    field = players(4, withdrawn=4)
    games = [
        game(1, 1, 1, 4, "0-1"),
        game(1, 2, 2, 3, "1-0"),
        game(2, 1, 4, 3, "1-0"),
        game(2, 2, 1, 2, "1-0"),
        game(3, 1, 2, 4, "+/-"),
        game(3, 2, 3, 1, "½-½", "0-1"),
    ]
    assert counted_players(field, games, profile) == {1, 2, 3, 4}
    rows = by_number(compute_standings(field, games, profile))
    assert (rows[4].points, rows[4].rank) == (6, 2)
    assert rows[2].sonneborn_berger == 3 * 1 + 3 * 6, "the forfeit counts against player 4"


def test_an_active_player_is_counted_whatever_they_played() -> None:
    """§9 concerns withdrawn players only: an active player always counts."""
    assert counted_players(
        [Player(1, "A"), Player(2, "B"), Player(3, "C")], [], small_profile(3)
    ) == {1, 2, 3}


def test_section_9_counting_a_withdrawn_player_is_decided_on_the_whole_event() -> None:
    """§9 b: a player who withdrew after 2 of 3 games counts in the table after round 1
    as well; one who withdrew after 1 of 3 counts in no table."""
    profile = small_profile(4)
    games = [
        game(1, 1, 1, 4, "0-1"),
        game(1, 2, 2, 3, "1-0"),
        game(2, 1, 4, 3, "1-0"),
        game(2, 2, 1, 2, "1-0"),
        game(3, 1, 2, 4, "+/-"),
        game(3, 2, 3, 1, "½-½", "0-1"),
    ]
    after_one = by_number(
        compute_standings(players(4, withdrawn=4), games, profile, through_round=1)
    )
    assert after_one[4].counted and after_one[4].rank == 1
    early = [g for g in games if g.round == 1 or 4 not in (g.white, g.black)]
    after_one = by_number(
        compute_standings(players(4, withdrawn=4), early, profile, through_round=1)
    )
    assert not after_one[4].counted and after_one[1].points == 0
