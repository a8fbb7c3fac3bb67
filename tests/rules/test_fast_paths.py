"""The rules' fast paths give what their straightforward definitions give, on random
events of any shape: incomplete pairings, forfeits (of the Armageddon too), withdrawals,
provisional results, a table after an earlier round, both Sonneborn-Berger bases, Armageddon
wins counted or not, any order of the tie-breaks (Koya and direct encounter included)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.rules.berger import berger_schedule
from normtui.rules.model import ArmageddonResult, Game, MainResult, Player, PlayerStatus
from normtui.rules.profile_check import TIEBREAK_NAMES
from normtui.rules.standings import compute_standings
from tests.rules import reference
from tests.rules.helpers import small_profile

FAST = settings(max_examples=150, deadline=None)


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[Player], list[Game], dict[str, object]]:
    n = draw(st.integers(3, 9))
    cycles = draw(st.integers(1, 2))
    games = []
    for rnd in berger_schedule(n, cycles):
        for p in rnd:
            if p.black is None:
                continue
            result = draw(st.none() | st.sampled_from(list(MainResult)))
            armageddon = None
            if result is MainResult.DRAW:
                armageddon = draw(st.none() | st.sampled_from(list(ArmageddonResult)))
            games.append(Game(p.round, p.board, p.white, p.black, result, armageddon))
    withdrawn = draw(st.sets(st.integers(1, n), max_size=2))
    players = [
        Player(i, f"P{i}", status=PlayerStatus.WITHDRAWN if i in withdrawn else PlayerStatus.ACTIVE)
        for i in range(1, n + 1)
    ]
    profile = small_profile(n, cycles)
    names = [n for n in TIEBREAK_NAMES if n != "lots"]
    tiebreaks = dataclasses.replace(
        profile.tiebreaks,
        order=tuple(draw(st.permutations(names))[: draw(st.integers(0, len(names)))]),
        sonneborn_berger_basis=draw(st.sampled_from(["event_points", "main_game"])),
        wins_include_armageddon=draw(st.booleans()),
    )
    classical = dataclasses.replace(
        profile.classical, armageddon_draw_winner=draw(st.sampled_from(["black", "white"]))
    )
    profile = dataclasses.replace(profile, tiebreaks=tiebreaks, classical=classical)
    rounds = max(g.round for g in games)
    options = {
        "profile": profile,
        "through_round": draw(st.none() | st.integers(0, rounds)),
        "provisional_games": frozenset(
            draw(st.sets(st.sampled_from([(g.round, g.board) for g in games]), max_size=6))
        ),
    }
    return players, games, options


@FAST
@given(tables())
def test_compute_standings_is_the_straightforward_table(
    case: tuple[list[Player], list[Game], dict[str, object]],
) -> None:
    players, games, options = case
    profile = options.pop("profile")
    fast = compute_standings(players, games, profile, **options)  # type: ignore[arg-type]
    plain = reference.compute_standings(players, games, profile, **options)  # type: ignore[arg-type]
    assert fast == plain
    assert [(r.rank, r.shared_rank, r.extra) for r in fast] == [
        (r.rank, r.shared_rank, r.extra) for r in plain
    ]


def test_an_armageddon_after_a_decisive_game_is_refused_as_before() -> None:
    """A kind of result the rules refuse raises the same error, for the same game."""
    profile = small_profile(4)
    players = [Player(i, f"P{i}") for i in range(1, 5)]
    games = [
        Game(1, 1, 1, 4, MainResult.WHITE_WIN),
        Game(1, 2, 2, 3, MainResult.BLACK_WIN, ArmageddonResult.DRAW),
    ]
    with pytest.raises(Exception) as fast:
        compute_standings(players, games, profile)
    with pytest.raises(Exception) as plain:
        reference.compute_standings(players, games, profile)
    assert (type(fast.value), str(fast.value)) == (type(plain.value), str(plain.value))
