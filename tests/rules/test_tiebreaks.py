"""FIDE C.07's round-robin tie-breaks: Sonneborn-Berger, Koya, extended Koya and
direct encounter, in the main table and in 2024's play-off, which breaks a tied round robin
on the classical games."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from normtui.assets import builtin_profiles, load_profile_file
from normtui.rules.playoff import playoff_state
from normtui.rules.profile import Profile, load_profile
from normtui.rules.standings import Standing, classical_games, compute_standings
from normtui.rules.tiebreaks import (
    Scored,
    direct_encounter,
    extended_koya,
    koya,
    sonneborn_berger,
)
from tests.editions import BY_FOLDER, tags
from tests.rules.helpers import game, players, small_profile

# A 7-player round robin (the Koya example of the Russian chess dictionary's article, as
# the perceptio.* mirrors of it give it): rows are 1 Ivanov ... 7 Nikolaev.
KOYA_TABLE = """
- ½ ½ 1 1 1 1
½ - ½ ½ 1 1 1
½ ½ - ½ ½ 1 1
0 ½ ½ - 1 1 1
0 0 ½ 0 - 1 1
0 0 0 0 0 - 1
0 0 0 0 0 0 -
"""


def koya_games() -> tuple[list[Scored], dict[int, D]]:
    rows = [line.split() for line in KOYA_TABLE.strip().splitlines()]
    value = {"1": D(1), "½": D("0.5"), "0": D(0)}
    games = [
        Scored(i + 1, j + 1, value[rows[i][j]], value[rows[j][i]])
        for i in range(7)
        for j in range(i + 1, 7)
    ]
    totals = {i + 1: sum((value[c] for c in row if c != "-"), D(0)) for i, row in enumerate(rows)}
    return games, totals


def test_koya_is_the_score_against_the_half_and_above() -> None:
    """C.07 9.2: points against the players on 50 % or more (3 of 6: Ivanov, Petrov, Sidorov,
    Kuznetsov). The article's column: 2, 1½, 1½, 1, ½, 0, 0; Sidorov and Kuznetsov, both on
    4, are told apart by it."""
    games, totals = koya_games()
    assert [totals[n] for n in range(1, 8)] == [D(5), D("4.5"), D(4), D(4), D("2.5"), D(1), D(0)]
    ks = koya(games, totals, D(1))
    assert [ks[n] for n in range(1, 8)] == [D(2), D("1.5"), D("1.5"), D(1), D("0.5"), D(0), D(0)]


def test_extended_koya_takes_in_the_next_score_groups_one_at_a_time() -> None:
    """Extended: the limit comes down to the best group under 50 % (Smirnov's 2½), then the
    next (Vasiliev's 1), then the last (Nikolaev's 0); each step is compared in turn."""
    games, totals = koya_games()
    ext = extended_koya(games, totals, D(1))
    # Sidorov: 1½ against the top four, then + ½ Smirnov, + 1 Vasiliev, + 1 Nikolaev.
    assert ext[3] == (D(2), D(3), D(4))
    # Smirnov: ½ against the top four, then his own group adds nothing, + 1, + 1.
    assert ext[5] == (D("0.5"), D("1.5"), D("2.5"))
    assert ext[7] == (D(0), D(0), D(0))


def test_extended_koya_breaks_what_koya_leaves() -> None:
    """Two players equal on Koya: the first step down (the best group under 50 %) decides."""
    # 1 and 2 both beat 3 (on 50 %) and drew each other; 1 beat 4, 2 drew with 4.
    games = [
        Scored(1, 2, D("0.5"), D("0.5")),
        Scored(1, 3, D(1), D(0)),
        Scored(2, 3, D(1), D(0)),
        Scored(1, 4, D(1), D(0)),
        Scored(2, 4, D("0.5"), D("0.5")),
        Scored(3, 4, D(1), D(0)),
        Scored(3, 5, D(1), D(0)),
        Scored(4, 5, D(1), D(0)),
        Scored(1, 5, D(0), D(1)),
        Scored(2, 5, D(0), D(1)),
    ]
    totals = {n: D(0) for n in range(1, 6)}
    for g in games:
        totals[g.white] += g.white_score
        totals[g.black] += g.black_score
    ks, ext = koya(games, totals, D(1)), extended_koya(games, totals, D(1))
    assert ks[1] == ks[2]
    assert ext[1] > ext[2]


def test_direct_encounter_loops_until_nobody_more_is_separated() -> None:
    """C.07 6: four tied; among them 1 scored 2, 2 and 3 1½ each, 4 scored 1. Applied again
    to 2 and 3 alone: 2 beat 3, so 2 is ahead."""
    games = [
        Scored(1, 2, D(1), D(0)),
        Scored(1, 3, D("0.5"), D("0.5")),
        Scored(1, 4, D("0.5"), D("0.5")),
        Scored(2, 3, D(1), D(0)),
        Scored(2, 4, D("0.5"), D("0.5")),
        Scored(3, 4, D(1), D(0)),
    ]
    de = direct_encounter(games, [[1, 2, 3, 4]])
    assert de == {1: (D(2),), 2: (D("1.5"), D(1)), 3: (D("1.5"), D(0)), 4: (D(1),)}
    # A group nobody separates is not looped again; a player alone has nothing to compare.
    assert direct_encounter([Scored(1, 2, D("0.5"), D("0.5"))], [[1, 2], [3]]) == {
        1: (D("0.5"),),
        2: (D("0.5"),),
        3: (),
    }


def test_sonneborn_berger_of_the_classical_games_as_published_for_2020() -> None:
    """chess.com's 2020 table "Standard Games Only": Aronian, Carlsen and Firouzja on 6.5 of
    10 with Sonneborn-Berger 29.25, 27.75 and 25.25: the classical-games basis of 2024's
    play-off tie-breaks reproduces it from the real games."""
    edition = BY_FOLDER["norway-chess-2020"]
    number = {name: i for i, name in enumerate(edition.numbers, start=1)}
    games = [
        game(
            int(t["Round"].split(".")[0]),
            int(t["Round"].split(".")[1]),
            number[t["White"]],
            number[t["Black"]],
            t["Result"],
        )
        for t in tags(edition.path / "classical.pgn")
    ]
    scored = classical_games(players(6), games, small_profile(6, 2))
    totals = {n: D(0) for n in range(1, 7)}
    for g in scored:
        totals[g.white] += g.white_score
        totals[g.black] += g.black_score
    sb = sonneborn_berger(scored, totals)
    aronian, carlsen, firouzja = (
        number[n] for n in ("Aronian, Levon", "Carlsen, Magnus", "Firouzja, Alireza")
    )
    assert totals[aronian] == totals[carlsen] == totals[firouzja] == D("6.5")
    assert (sb[aronian], sb[carlsen], sb[firouzja]) == (D("29.25"), D("27.75"), D("25.25"))


def test_the_main_table_can_rank_by_direct_encounter_and_koya() -> None:
    """A profile may name them for its table; direct encounter compares only players still
    tied before it."""
    text = small_profile(4).source_text.replace(
        'order = ["sonneborn_berger", "wins", "black_wins"]',
        'order = ["direct_encounter", "koya", "extended_koya"]',
    )
    profile = load_profile(text)
    games = [
        game(1, 1, 1, 4, "1-0"),
        game(1, 2, 2, 3, "1-0"),
        game(2, 1, 4, 3, "1-0"),
        game(2, 2, 1, 2, "0-1"),
        game(3, 1, 2, 4, "0-1"),
        game(3, 2, 3, 1, "0-1"),
    ]
    rows = compute_standings(players(4), games, profile)
    # 1, 2 and 4 on 6: 2 beat 1, 4 beat 2, 1 beat 4: one each, so DE leaves them tied.
    top = [r for r in rows if r.points == 6]
    assert {r.number for r in top} == {1, 2, 4}
    assert {r.tiebreak("direct_encounter") for r in top} == {(D(3),)}
    assert all(r.tiebreak("koya") == (D(3),) for r in top)
    assert [r.shared_rank for r in top] == ["1-3"] * 3


# -- 2024's play-off -----------------------------------------------------------------------------


def row(number: int, points: str) -> Standing:
    return Standing(number, f"P{number}", D(points), D(0), 0, 0, 10, True, 1, "1")


@pytest.fixture(scope="module")
def p2024() -> Profile:
    return load_profile_file(builtin_profiles()["norway-chess-2024"])


TWO = [row(3, "16"), row(5, "16"), row(1, "12"), row(2, "10"), row(4, "9"), row(6, "8")]


def test_2024_a_tied_match_is_followed_by_a_further_match(p2024: Profile) -> None:
    """2024: "If this match ends in a tie, a further match will be played": M3 and M4, with
    colours drawn again, before any Armageddon."""
    state = playoff_state(TWO, p2024, seed=5, results={"M1": "1-0", "M2": "1-0"})
    assert state.winner is None and state.next_game is not None
    assert state.next_game.id == "M3" and state.status == "Match 2, game 1 of 2"
    assert state.planned == ("M1", "M2", "M3", "M4", "A")
    m3 = state.next_game
    state = playoff_state(TWO, p2024, seed=5, results={"M1": "1-0", "M2": "1-0", "M3": "1-0"})
    m4 = state.next_game
    assert m4 is not None and (m4.white, m4.black) == (m3.black, m3.white)


def test_2024_the_further_match_decides(p2024: Profile) -> None:
    results = {"M1": "1-0", "M2": "1-0", "M3": "1/2-1/2", "M4": "1-0"}
    state = playoff_state(TWO, p2024, seed=5, results=results)
    m4 = state.games[3]
    assert state.winner == m4.white and state.status == "Match 2 won 1½-½"


def test_2024_two_tied_matches_then_the_armageddon(p2024: Profile) -> None:
    results = {"M1": "1-0", "M2": "1-0", "M3": "0-1", "M4": "0-1"}
    state = playoff_state(TWO, p2024, seed=5, results=results)
    assert state.status == "Match 2 tied 1-1: Armageddon"
    arm = state.next_game
    assert arm is not None and arm.id == "A" and arm.round == 5
    assert p2024.time_controls[arm.time_control].describe() == (
        "White 10', Black 7', +1\" from move 41"
    )
    state = playoff_state(TWO, p2024, seed=5, results={**results, "A": "1/2-1/2"})
    assert state.winner == arm.black


def test_each_match_draws_its_colours(p2024: Profile) -> None:
    """Match 2's colours come from their own lot: over seeds both orders occur, and match 1
    draws exactly what a one-match profile draws from the same seed."""
    seen = set()
    one_match = load_profile_file(builtin_profiles()["norway-chess-2022"])
    for seed in range(12):
        results = {"M1": "1-0", "M2": "1-0"}
        two = playoff_state(TWO, p2024, seed=seed, results=results).games
        assert two[0].white == playoff_state(TWO, one_match, seed=seed).games[0].white
        seen.add(two[0].white == two[2].white)
    assert seen == {True, False}


THREE = [row(1, "15"), row(2, "15"), row(3, "15"), row(4, "9"), row(5, "8"), row(6, "7")]


def test_2024_round_robin_ties_are_broken_on_the_classical_games(p2024: Profile) -> None:
    """2024: three or more tied play a double round robin; its ties are broken by direct
    encounter, SB, Koya and extended Koya of the classical games."""
    classical = [
        Scored(1, 2, D(1), D(0)),
        Scored(2, 1, D("0.5"), D("0.5")),
        Scored(1, 3, D("0.5"), D("0.5")),
        Scored(3, 1, D("0.5"), D("0.5")),
        Scored(2, 3, D("0.5"), D("0.5")),
        Scored(3, 2, D("0.5"), D("0.5")),
    ]
    results: dict[str, str] = {}
    while (
        state := playoff_state(THREE, p2024, seed=9, results=results, classical=classical)
    ).next_game is not None:
        results[state.next_game.id] = "1/2-1/2"
    # All six play-off games drawn: 2 points each. Among them in the classical games player
    # 1 scored 2.5, player 3 2, player 2 1.5: direct encounter ranks 1, 3, 2.
    assert [r.points for r in state.table] == [D(2)] * 3
    assert [r.number for r in state.table] == [1, 3, 2]
    assert state.winner == 1 and not state.decided_by_lots
    assert state.table[0].tiebreak("direct_encounter") == (D("2.5"),)
