"""The line above the standings, worked out in one pass over the games, says what
the scan of every game once per round said."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.tui.panes.standings import progress_line


def _simple(games: list[Any]) -> str:
    """StandingsPane._describe's first lines as they were."""
    complete = [g for g in games if g.points is not None]
    played = max((g.round for g in complete), default=0)
    rounds = {g.round for g in games}
    done = max(
        (r for r in rounds if all(g.points is not None for g in games if g.round == r)), default=0
    )
    info = f"After round {done}" if done else "Before round 1"
    if played > done:
        extra = sum(1 for g in complete if g.round > done)
        info += f", and {extra} board{'s' if extra != 1 else ''} of round {done + 1}"
    return info + f" · {len(complete)} of {len(games)} pairings complete"


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.builds(
            SimpleNamespace,
            round=st.integers(1, 6),
            points=st.sampled_from([None, (3, 0), (1, 1.5)]),
        ),
        max_size=30,
    )
)
def test_progress_line_is_the_simple_scan(games: list[Any]) -> None:
    assert progress_line(games) == _simple(games)


def test_progress_line_examples() -> None:
    def g(rnd: int, done: bool) -> Any:
        return SimpleNamespace(round=rnd, points=(3, 0) if done else None)

    assert progress_line([]) == "Before round 1 · 0 of 0 pairings complete"
    assert progress_line([g(1, True), g(1, True), g(2, True), g(2, False)]) == (
        "After round 1, and 1 board of round 2 · 3 of 4 pairings complete"
    )
    # A postponed board of round 1 does not hide that round 2 is complete.
    assert progress_line([g(1, False), g(1, True), g(2, True), g(2, True)]) == (
        "After round 2 · 3 of 4 pairings complete"
    )
