"""Regulations §5: the play-off when first place is shared, and the prize money after it."""

from __future__ import annotations

import dataclasses
from decimal import Decimal as D

import pytest

from normtui.rules.model import Colour, RuleError
from normtui.rules.playoff import parse_playoff_result, playoff_players, playoff_state
from normtui.rules.prizes import prizes_for_standings
from normtui.rules.standings import Standing


def row(number: int, points: str, rank: int) -> Standing:
    return Standing(number, f"P{number}", D(points), D(0), 0, 0, 9, True, rank, str(rank))


TWO_TIED = [
    row(2, "16.5", 1),
    row(5, "16.5", 1),
    row(4, "14.5", 3),
    *(row(n, "9", i) for i, n in enumerate((1, 3, 6, 7, 8, 9, 10), start=4)),
]
THREE_TIED = [
    row(4, "15", 1),
    row(7, "15", 1),
    row(9, "15", 1),
    *(row(n, "9", i) for i, n in enumerate((1, 2, 3, 5, 6, 8, 10), start=4)),
]


def test_no_playoff_when_first_is_not_shared(profile):
    """§5 applies only "in case of shared first place"."""
    standings = [row(1, "16.5", 1), row(2, "15.5", 2)]
    state = playoff_state(standings, profile, seed=1)
    assert not state.needed
    assert state.winner == 1
    assert state.status == "First place: P1."


def test_withdrawn_uncounted_player_is_not_in_the_playoff(profile):
    """§9 a: an uncounted player is not in the final standings, so not in a play-off."""
    standings = [row(1, "15", 1), dataclasses.replace(row(2, "15", 1), counted=False)]
    assert playoff_players(standings) == (1,)


def test_two_tied_play_a_two_game_match_with_colours_reversed(profile):
    """§5: a 2-game match, 3'+2", colours by lot in game 1 and reversed in game 2."""
    state = playoff_state(TWO_TIED, profile, seed=42)
    assert (state.needed, state.format, state.players) == (True, "match", (2, 5))
    assert state.status == "Match game 1 of 2"
    m1 = state.next_game
    assert m1 is not None and m1.id == "M1" and m1.kind == "blitz"
    assert profile.time_controls[m1.time_control].describe() == "3' + 2\""
    state = playoff_state(TWO_TIED, profile, seed=42, results={"M1": "1-0"})
    m2 = state.next_game
    assert m2 is not None and (m2.white, m2.black) == (m1.black, m1.white)


def test_match_colours_are_reproducible_from_the_seed(profile):
    """§1/§5 lots: the recorded seed draws the same colours again; seeds differ somewhere."""
    first = {playoff_state(TWO_TIED, profile, seed=s).games[0].white for s in range(20)}
    assert first == {2, 5}
    for seed in range(5):
        a = playoff_state(TWO_TIED, profile, seed=seed).games[0]
        b = playoff_state(TWO_TIED, profile, seed=seed).games[0]
        assert a == b


def test_match_settled_in_two_games_and_first_prize_whole(profile):
    """§5: the match winner takes first prize whole; the other shares places 2..k (here 2)."""
    state = playoff_state(TWO_TIED, profile, seed=42)
    m1 = state.games[0]
    results = {"M1": "1-0", "M2": "1/2-1/2"}
    state = playoff_state(TWO_TIED, profile, seed=42, results=results)
    assert state.winner == m1.white
    assert state.status == "Match won 1½-½"
    award = prizes_for_standings(TWO_TIED, profile, first_place_winner=state.winner)
    assert award.amounts[m1.white] == D("750000.00")
    assert award.amounts[m1.black] == D("400000.00")
    assert award.paid == profile.prizes.fund


def test_tied_match_goes_to_armageddon_and_a_draw_is_blacks_win(profile):
    """§5: "If this match ends in a tie … an Armageddon game … with draw odds" (Black)."""
    results = {"M1": "1-0", "M2": "1-0"}
    state = playoff_state(TWO_TIED, profile, seed=42, results=results)
    assert state.status == "Match tied 1-1: Armageddon"
    arm = state.next_game
    assert arm is not None and arm.kind == "armageddon"
    assert profile.time_controls[arm.time_control].describe() == (
        "White 10', Black 7', +1\" from move 41"
    )
    state = playoff_state(TWO_TIED, profile, seed=42, results={**results, "A": "1/2-1/2"})
    assert state.winner == arm.black
    assert state.notes == ("The Armageddon was drawn: Black wins (draw odds, §5).",)
    award = prizes_for_standings(TWO_TIED, profile, first_place_winner=state.winner)
    assert award.amounts[arm.black] == D("750000.00")
    assert award.amounts[arm.white] == D("400000.00")


def test_higher_ranked_player_chooses_armageddon_colours_when_the_profile_says_so(profile):
    """Profile option playoff.armageddon_colours = "higher_ranked_chooses"."""
    choosing = dataclasses.replace(
        profile,
        playoff=dataclasses.replace(profile.playoff, armageddon_colours="higher_ranked_chooses"),
    )
    results = {"M1": "0-1", "M2": "0-1"}
    state = playoff_state(TWO_TIED, choosing, seed=1, results=results)
    assert state.waiting_for_choice == 2 and state.next_game is None
    state = playoff_state(
        TWO_TIED, choosing, seed=1, results=results, armageddon_choice=Colour.BLACK
    )
    assert state.next_game is not None and state.next_game.black == 2


def test_three_tied_play_a_double_round_robin_round_by_round(profile):
    """§5: more than two share first: a double round robin (Berger, FIDE swap)."""
    state = playoff_state(THREE_TIED, profile, seed=11)
    assert state.format == "double_round_robin"
    assert state.status == "Double round robin, round 1 of 6"
    assert [g.id for g in state.games] == ["R1.1"]  # the next round appears when due
    results = {"R1.1": "1-0"}
    state = playoff_state(THREE_TIED, profile, seed=11, results=results)
    assert [g.id for g in state.games] == ["R1.1", "R2.1"]


def _drr(profile, results):
    return playoff_state(THREE_TIED, profile, seed=11, results=results)


def test_double_round_robin_each_pair_meets_twice_with_colours_reversed(profile):
    results: dict[str, str] = {}
    while (state := _drr(profile, results)).next_game is not None:
        results[state.next_game.id] = "1/2-1/2"
    pairs = sorted((g.white, g.black) for g in state.games)
    assert len(pairs) == 6
    for white, black in pairs:
        assert (black, white) in pairs


# The second cycle plays table rounds 1, 2, 3 reversed (FIDE's order): R5 is round 2 again.
SB_DECIDES = {
    "R1.1": "1-0",
    "R2.1": "1-0",
    "R3.1": "1-0",
    "R4.1": "1-0",
    "R5.1": "0-1",
    "R6.1": "1/2-1/2",
}


def test_double_round_robin_settled_on_sonneborn_berger(profile):
    """§5 A: 7 and 9 both on 2.5; SB 4.75 (1×2.5 + 1×1 + ½×2.5) beats 3.25 (1 + 1 + ½×2.5)."""
    state = _drr(profile, SB_DECIDES)
    assert [(r.number, r.points, r.sonneborn_berger) for r in state.table[:2]] == [
        (7, D("2.5"), D("4.75")),
        (9, D("2.5"), D("3.25")),
    ]
    assert state.winner == 7 and not state.decided_by_lots
    award = prizes_for_standings(THREE_TIED, profile, first_place_winner=7)
    # "The remaining players in this will share their money prizes": places 2 and 3.
    assert award.amounts[7] == D("750000.00")
    assert award.amounts[4] == award.amounts[9] == D("325000.00")
    assert award.paid == profile.prizes.fund


def test_double_round_robin_settled_by_lots(profile):
    """§5 D: equal on points, SB, wins and wins with Black: the drawing of lots decides."""
    results = {
        "R1.1": "1-0",
        "R2.1": "1-0",
        "R3.1": "0-1",
        "R4.1": "1-0",
        "R5.1": "1-0",
        "R6.1": "0-1",
    }
    state = _drr(profile, results)
    top, second = state.table[0], state.table[1]
    assert (top.points, top.sonneborn_berger, top.wins, top.black_wins) == (
        second.points,
        second.sonneborn_berger,
        second.wins,
        second.black_wins,
    )
    assert state.decided_by_lots
    assert state.status == "Double round robin complete: first place drawn by lot"
    assert state.winner == top.number
    # Reproducible: the same seed draws the same winner.
    assert _drr(profile, results).winner == state.winner


def test_a_round_robin_left_tied_without_lots_decides_nobody(profile):
    """A profile whose play-off tie-breaks end before the lots (an event's own TOML): a
    round robin left tied on all of them has no winner. The first row of its table was made
    the winner, and the final table then refused it ("the play-off's ranking shares its first
    place"), so that no table, export or play-off view of the event could be shown."""
    from normtui.rules.final import final_table

    rules = dataclasses.replace(profile.playoff, round_robin_tiebreaks=("sonneborn_berger",))
    no_lots = dataclasses.replace(profile, playoff=rules)
    results = {f"R{r}.1": "1/2-1/2" for r in range(1, 7)}
    state = playoff_state(THREE_TIED, no_lots, seed=11, results=results)
    assert state.winner is None and state.next_game is None
    assert state.status == (
        "Double round robin complete: first place still shared by P4, P7 "
        "and P9, which its tie-breaks (sonneborn_berger) do not decide and "
        "no drawing of lots follows (§5): the Chief Arbiter decides"
    )
    table = final_table(THREE_TIED, no_lots, state)
    assert table.decided_by == "playoff_pending"
    assert [r.standing.shared_rank for r in table.rows[:3]] == ["1-3"] * 3
    assert table.award.pending == D(1400000)
    assert table.note == (
        "Places 1-3 shared: the play-off decides them (§5), played without "
        "a winner; their prizes are pending"
    )


def test_prizes_pending_until_the_playoff_is_decided(profile):
    """First prize is never shared: until the play-off ends, places 1..k are pending."""
    award = prizes_for_standings(THREE_TIED, profile)
    assert award.pending == D(1400000)
    assert {award.amounts[n] for n in (4, 7, 9)} == {None}
    assert award.paid + award.pending == profile.prizes.fund


@pytest.mark.parametrize("bad", ["2-0", "+/-", "draw"])
def test_a_playoff_result_must_be_a_game_result(profile, bad):
    with pytest.raises(RuleError, match="is not a result"):
        playoff_state(TWO_TIED, profile, seed=42, results={"M1": bad})


def test_a_result_for_a_game_not_yet_due_is_refused(profile):
    with pytest.raises(RuleError, match="not due"):
        playoff_state(TWO_TIED, profile, seed=42, results={"M1": "1-0", "A": "1-0"})


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("1-0", "1-0"),
        ("0-1", "0-1"),
        ("½-½", "1/2-1/2"),
        ("=", "1/2-1/2"),
        (" 1/2-1/2 ", "1/2-1/2"),
    ],
)
def test_playoff_results_as_an_arbiter_types_them(typed, stored):
    assert parse_playoff_result(typed) == stored


@pytest.mark.parametrize("bad", ["+/-", "-/-", "2-0", ""])
def test_forfeits_and_nonsense_are_no_playoff_results(bad):
    with pytest.raises(RuleError, match="not a play-off result"):
        parse_playoff_result(bad)


def test_a_game_not_yet_due_is_told_apart_from_a_mistyped_one(profile):
    state = playoff_state(TWO_TIED, profile, seed=42)
    assert state.planned == ("M1", "M2", "A")
    with pytest.raises(
        RuleError, match="no play-off game M2 yet: it is not due; the next game is M1"
    ):
        state.game("M2")
    with pytest.raises(RuleError, match=r"only if the match is tied"):
        state.game("A")
    with pytest.raises(RuleError, match=r"no play-off game 'M3' \(games: M1\)"):
        state.game("M3")
    decided = playoff_state(
        TWO_TIED, profile, seed=42, results={"M1": "1-0", "M2": "1-0", "A": "0-1"}
    )
    with pytest.raises(RuleError, match="the play-off is decided"):
        decided.game("R1.1")


def test_the_whole_round_of_a_round_robin_is_due_at_once(profile):
    """Four tied: two boards a round, both due together; the next round waits for both."""
    four = [row(n, "15", 1) for n in (1, 2, 3, 4)] + [row(n, "9", 5) for n in range(5, 11)]
    state = playoff_state(four, profile, seed=3)
    assert [g.id for g in state.due] == ["R1.1", "R1.2"]
    assert len(state.planned) == 12  # 6 pairs, twice
    state = playoff_state(four, profile, seed=3, results={"R1.2": "0-1"})
    assert [g.id for g in state.due] == ["R1.1"]
