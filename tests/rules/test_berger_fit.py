"""The Berger tables under another numbering (normtui.rules.berger_fit): any round robin paired
by the tables under some numbering is found again from its first rounds, colours and all, and
its rounds to come make a whole round robin."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.rules.berger import berger_schedule
from normtui.rules.berger_fit import first_unfit_round, fit_berger


@st.composite
def renumbered(draw: st.DrawFn) -> tuple[int, int, str, dict[int, int], int]:
    players = draw(st.integers(3, 12))
    cycles = draw(st.integers(1, 2))
    order = draw(st.sampled_from(["fide", "plain", "mirror"]))
    numbers = draw(st.permutations(range(1, players + 1)))
    played = draw(st.integers(0, (players - 1 + players % 2) * cycles))
    return players, cycles, order, dict(enumerate(numbers, start=1)), played


@settings(max_examples=150, deadline=None)
@given(renumbered())
def test_a_renumbered_schedule_is_found_from_its_played_rounds(
    case: tuple[int, int, str, dict[int, int], int],
) -> None:
    players, cycles, order, number_of, k = case
    table = berger_schedule(players, cycles, second_cycle=order)
    bye = players + 1
    played = {}
    for rnd in table[:k]:
        games = set()
        for p in rnd:
            white = number_of[p.white]
            games.add((white, number_of[p.black] if p.black is not None else bye, True))
        played[rnd[0].round] = games
    fit = fit_berger(players, cycles, order, played)
    assert fit is not None
    for rnd in fit[:k]:
        got = {(p.white, p.black if p.black is not None else bye, True) for p in rnd}
        assert got == played[rnd[0].round]
    met = Counter(frozenset((p.white, p.black)) for rnd in fit for p in rnd if p.black is not None)
    assert set(met.values()) == {cycles}
    assert len(met) == players * (players - 1) // 2
    assert all(sum(1 for p in rnd if p.black is None) == players % 2 for rnd in fit)


def test_the_tables_under_their_own_numbers_are_the_tables() -> None:
    table = berger_schedule(10, 1)
    played = {1: {(p.white, p.black, True) for p in table[0] if p.black is not None}}
    fit = fit_berger(10, 1, "fide", played)
    assert fit is not None
    assert [[(p.white, p.black) for p in r] for r in fit] == [
        [(p.white, p.black) for p in r] for r in table
    ]


def test_colours_are_kept_where_a_renumbering_allows_and_ignored_where_none_does() -> None:
    """Round 1 with every colour reversed: the tables under 1<->6, 2<->5, 3<->4 give those
    colours; a round 1 whose colours no renumbering gives still fits on its pairings."""
    reversed_round = {1: {(6, 1, True), (5, 2, True), (4, 3, True)}}
    fit = fit_berger(6, 1, "fide", reversed_round)
    assert fit is not None
    assert {(p.white, p.black, True) for p in fit[0]} == reversed_round[1]
    odd_colours = {
        1: {(1, 6, True), (5, 2, True), (3, 4, True)},
        2: {(6, 4, True), (5, 3, True), (1, 2, True)},
    }
    assert fit_berger(6, 1, "fide", odd_colours) is not None


def test_no_renumbering_names_its_first_round() -> None:
    played = {
        1: {(1, 2, True), (3, 4, True), (5, 6, True)},
        2: {(1, 3, True), (2, 5, True), (4, 6, True)},
        3: {(1, 6, True), (2, 4, True), (3, 5, True)},
    }
    assert fit_berger(6, 1, "fide", played) is None
    assert first_unfit_round(6, 1, "fide", played) == 3
