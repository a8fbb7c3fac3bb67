"""The rounds complete, worked out in one pass over the games, are what the simple
scan of every game once per round gave."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.demo.filled import build_filled
from normtui.export.snapshot import complete_through, take_snapshot
from normtui.store import EventStore
from tests.store.reference import complete_through as _simple  # each round scanned

games_st = st.lists(
    st.builds(
        SimpleNamespace, round=st.integers(1, 7), points=st.sampled_from([None, (3, 0), (1, 1.5)])
    ),
    max_size=30,
)


@settings(max_examples=200, deadline=None)
@given(games=games_st, rounds=st.integers(1, 7))
def test_complete_through_is_the_simple_scan(games: list[Any], rounds: int) -> None:
    games = [g for g in games if g.round <= rounds]
    assert complete_through(games, rounds) == _simple(games, rounds)


def test_a_snapshot_of_a_filled_event(tmp_path: Path) -> None:
    """Eleven players (five boards and a bye a round), round 1 played, then all of round 2
    but its first board and two boards of round 3: the table is after round 1, with the six
    results beyond it counted and named."""
    path = tmp_path / "filled.db"
    build_filled(path, 11, through=1)
    with EventStore.open(path) as store:
        snap = take_snapshot(store)
        assert snap.complete_through == _simple(list(snap.games), snap.rounds) == 1
        assert snap.status_line == "Standings after round 1"
        for g in [*store.games(2)[1:], *store.games(3)[:2]]:
            store.games.enter_result(g.round, g.white, g.black, "1-0")
        snap = take_snapshot(store)
        assert snap.complete_through == _simple(list(snap.games), snap.rounds) == 1
        assert snap.counted_beyond() == (6, 10, 3)
        assert snap.status_line == "Standings after round 1 and 6 of 10 games of rounds 2-3"
        for row in snap.standings:
            assert snap.row(row.number) is row
