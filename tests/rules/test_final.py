"""§5 and §6: the final table — one ranking, from the main table and the play-off.

The defect it fixes: after a decided play-off the screens ranked by Sonneborn-Berger and put
the play-off's loser first with the second prize, while the exports put the winner first.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.rules.final import FinalTable, final_table, place_label, playoff_order
from normtui.rules.model import RuleError
from normtui.rules.playoff import PlayoffState, playoff_state
from normtui.rules.profile import Profile
from normtui.rules.standings import Standing, rank_rows
from tests.rules.helpers import small_profile

ORDER = ["sonneborn_berger", "wins", "black_wins"]


def table(*rows: tuple[int, str, str]) -> list[Standing]:
    """The main table of (number, points, SB) rows, ranked as ``compute_standings`` does."""
    return rank_rows([Standing(n, f"P{n}", D(p), D(sb), 0, 0, 9, True) for n, p, sb in rows], ORDER)


# Carlsen (2) is ahead of Mamedyarov (5) on SB, both on 16: the case where the ranks disagreed.
TIED = table(
    (2, "16", "187"),
    (5, "16", "179"),
    (4, "14.5", "161.75"),
    (7, "13.5", "150"),
    (1, "12.5", "139"),
    (3, "12", "119"),
    (8, "9.5", "110"),
    (6, "9.5", "108"),
    (9, "8", "98"),
    (10, "8", "94"),
)
THREE = table(
    (4, "15", "150"),
    (7, "15", "140"),
    (9, "15", "130"),
    (1, "9", "90"),
    (2, "9", "80"),
    (3, "8", "70"),
    (5, "7", "60"),
    (6, "6", "50"),
    (8, "5", "40"),
    (10, "4", "30"),
)
REPRO = {"M1": "1-0", "M2": "1-0", "A": "1/2-1/2"}


def places(final: FinalTable) -> list[tuple[int, int | None, str | None]]:
    return [(r.number, r.standing.rank, r.standing.shared_rank) for r in final.rows]


def test_the_repro_the_play_off_winner_is_first_with_first_prize(profile: Profile) -> None:
    """§5: the match tied 1-1, the Armageddon drawn: Black (Mamedyarov) wins. He is rank 1
    with NOK 750,000 although Carlsen is ahead on SB; Carlsen 2nd with 400,000; the rest as
    the main table says."""
    state = playoff_state(TIED, profile, seed=7, results=REPRO)
    assert state.winner == 5
    final = final_table(TIED, profile, state)
    assert places(final)[:3] == [(5, 1, "1"), (2, 2, "2"), (4, 3, "3")]
    assert places(final)[2:] == [(r.number, r.rank, r.shared_rank) for r in TIED[2:]]
    assert (final.rows[0].prize, final.rows[1].prize) == (D("750000.00"), D("400000.00"))
    assert final.decided_by == "playoff" and final.playoff_places == 2
    assert final.note == "Places 1-2 decided by the play-off (§5): P5 won it"
    assert [r.note for r in final.rows[:3]] == [
        "won the play-off (§5)",
        "lost the play-off (§5)",
        "",
    ]
    assert final.award.paid == profile.prizes.fund


@pytest.mark.parametrize("results", [{}, {"M1": "1-0"}, {"M1": "1-0", "M2": "1-0"}])
def test_while_the_play_off_is_not_decided_first_place_stays_shared(
    profile: Profile, results: dict[str, str]
) -> None:
    """Before and during the play-off both are rank 1, place "1-2", prizes pending; the
    tie-breaks do not decide a first place the play-off decides (§5)."""
    for seed in (None, 7):
        if seed is None and results:
            continue
        state = playoff_state(TIED, profile, seed=seed, results=results)
        final = final_table(TIED, profile, state)
        assert places(final)[:3] == [(2, 1, "1-2"), (5, 1, "1-2"), (4, 3, "3")]
        assert [(r.prize, r.prize_pending) for r in final.rows[:2]] == [(None, True)] * 2
        assert final.decided_by == "playoff_pending" and final.playoff_places == 2
        assert final.award.pending == D(1150000)
        assert "pending" in final.note


def test_mid_event_nothing_changes(profile: Profile) -> None:
    """Before the last round (``playoff=None``) the table is the main table, a shared lead
    ranked by the tie-breaks, its prizes pending as if the event ended now."""
    final = final_table(TIED, profile, None)
    assert places(final) == [(r.number, r.rank, r.shared_rank) for r in TIED]
    assert final.decided_by == "tiebreaks" and final.note == ""
    assert [r.prize_pending for r in final.rows[:3]] == [True, True, False]


def test_no_play_off_needed_the_main_table(profile: Profile) -> None:
    alone = table((2, "16.5", "190"), (5, "15.5", "179"), (4, "14.5", "160"))
    state = playoff_state(alone, profile, seed=None)
    final = final_table(alone, profile, state)
    assert places(final) == [(2, 1, "1"), (5, 2, "2"), (4, 3, "3")]
    assert final.decided_by == "tiebreaks"


def _decide_drr(profile: Profile, rows: list[Standing], seed: int, result: str) -> PlayoffState:
    results: dict[str, str] = {}
    while (state := playoff_state(rows, profile, seed=seed, results=results)).winner is None:
        for g in state.due:
            results[g.id] = result
    return state


def test_three_way_the_double_round_robins_ranking_and_shared_prizes(profile: Profile) -> None:
    """§5: three or more: the double round robin's ranking (A-D) gives places 1..3; the two
    behind its winner share the prizes of places 2 and 3 (§5 "the remaining players in this
    will share their money prizes"), whatever their order."""
    results = {
        "R1.1": "1-0",
        "R2.1": "1-0",
        "R3.1": "1-0",
        "R4.1": "1-0",
        "R5.1": "1/2-1/2",
        "R6.1": "0-1",
    }
    state = playoff_state(THREE, profile, seed=11, results=results)
    assert state.winner is not None
    final = final_table(THREE, profile, state)
    order = [r.number for r in state.table]
    assert [n for n, _, _ in places(final)[:3]] == order
    assert [(rank, label) for _, rank, label in places(final)[:3]] == [(1, "1"), (2, "2"), (3, "3")]
    assert final.rows[0].prize == D("750000.00")
    assert final.rows[1].prize == final.rows[2].prize == D("325000.00")
    assert final.rows[1].note == "play-off (§5): shares the prizes of places 2-3"
    assert places(final)[3:] == [(r.number, r.rank, r.shared_rank) for r in THREE[3:]]


def test_three_way_decided_by_lot_says_so(profile: Profile) -> None:
    """All six games drawn: equal on everything, the lot decides (§5 D), and the note says so."""
    state = _decide_drr(profile, THREE, 11, "1/2-1/2")
    assert state.decided_by_lots
    final = final_table(THREE, profile, state)
    assert final.rows[0].number == state.winner
    assert final.rows[0].note == "won the play-off by lot (§5 D)"
    assert final.note.endswith("by lot (§5 D)")


def test_a_format_without_a_ranking_lets_the_others_share_the_places_after_the_winner(
    profile: Profile,
) -> None:
    """How a new play-off format plugs in: it names a winner, and gives a ranking table if
    it ranks the others; without one they share places 2..k."""
    state = PlayoffState(True, "match", (4, 7, 9), winner=9, status="decided")
    assert playoff_order(state) == [[9], [4, 7]]
    final = final_table(THREE, profile, state)
    assert places(final)[:3] == [(9, 1, "1"), (4, 2, "2-3"), (7, 2, "2-3")]
    assert final.rows[1].prize == final.rows[2].prize == D("325000.00")


def test_a_play_off_for_other_players_is_refused(profile: Profile) -> None:
    state = PlayoffState(True, "match", (2, 4), winner=4, status="decided")
    with pytest.raises(RuleError, match="first place is shared by"):
        final_table(TIED, profile, state)


def test_place_label() -> None:
    assert (place_label(1, 1), place_label(7, 2), place_label(2, 3)) == ("1", "7-8", "2-4")


# -- properties ----------------------------------------------------------------------------


@st.composite
def decided_playoffs(draw: st.DrawFn) -> tuple[Profile, list[Standing], PlayoffState]:
    """A random main table of 3..10 players whose first place is shared by 2..4 (points
    drawn from few values, so lower ties are common too), and a play-off played to its end
    with random results and seed."""
    n = draw(st.integers(3, 10))
    k = draw(st.integers(2, min(4, n)))
    top = D(draw(st.integers(10, 20)))
    rest = [D(draw(st.integers(0, 9))) / 2 for _ in range(n - k)]
    sbs = [D(draw(st.integers(0, 6))) for _ in range(n)]
    numbers = draw(st.permutations(range(1, n + 1)))
    main = rank_rows(
        [
            Standing(num, f"P{num}", pts, sb, 0, 0, 9, True)
            for num, pts, sb in zip(numbers, [top] * k + rest, sbs, strict=True)
        ],
        ORDER,
    )
    profile = small_profile(n)
    seed = draw(st.integers(0, 2**32))
    results: dict[str, str] = {}
    outcomes = st.sampled_from(["1-0", "0-1", "1/2-1/2"])
    while (state := playoff_state(main, profile, seed=seed, results=results)).winner is None:
        assert state.due
        for g in state.due:
            results[g.id] = draw(outcomes)
    return profile, main, state


@settings(max_examples=80, deadline=None)
@given(decided_playoffs())
def test_after_any_decided_play_off_the_table_is_one_consistent_order(
    case: tuple[Profile, list[Standing], PlayoffState],
) -> None:
    """The winner is rank 1 with first prize whole; the play-off players fill places 1..k in
    the play-off's order; everyone below keeps the main table's place; points never rise
    down the table; ``rank`` and ``shared_rank`` always agree; prizes sum to the fund."""
    profile, main, state = case
    final = final_table(main, profile, state)
    k = len(state.players)
    rows = [r.standing for r in final.rows]
    assert rows[0].number == state.winner and rows[0].rank == 1
    assert final.rows[0].prize == profile.prizes.amounts[0]
    assert {r.number for r in rows[:k]} == set(state.players)
    assert [r.number for r in rows[k:]] == [r.number for r in main[k:]]
    assert [(r.rank, r.shared_rank) for r in rows[k:]] == [
        (r.rank, r.shared_rank) for r in main[k:]
    ]
    sharing = Counter(r.rank for r in rows)
    for better, worse in itertools.pairwise(rows):
        assert better.points >= worse.points
        assert better.rank is not None and worse.rank is not None and better.rank <= worse.rank
    for r in rows:
        assert r.rank is not None
        assert r.shared_rank == place_label(r.rank, sharing[r.rank])
        assert 1 + sum(1 for o in rows if o.rank is not None and o.rank < r.rank) == r.rank
    others = [p.prize for p in final.rows[1:k]]
    assert others and max(others) - min(others) <= D("0.01")  # type: ignore[operator]
    paid = sum((p.prize for p in final.rows if p.prize is not None), D(0))
    assert paid + final.award.unawarded == profile.prizes.fund
    assert not any(p.prize_pending for p in final.rows)


@settings(max_examples=40, deadline=None)
@given(decided_playoffs())
def test_an_undecided_play_off_shares_first_place(
    case: tuple[Profile, list[Standing], PlayoffState],
) -> None:
    profile, main, state = case
    pending = dataclasses.replace(state, winner=None, table=())
    final = final_table(main, profile, pending)
    k = len(state.players)
    assert [(r.standing.rank, r.standing.shared_rank) for r in final.rows[:k]] == [
        (1, f"1-{k}")
    ] * k
    assert all(r.prize_pending for r in final.rows[:k])
    assert final.award.paid + final.award.pending + final.award.unawarded == profile.prizes.fund
