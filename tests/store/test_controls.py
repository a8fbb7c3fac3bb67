"""The classical control each main game was played at, for the title regulations: minutes per
player for 60 moves, and whether one control served every game (``classical_controls``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from normtui.assets import profile_path, read_profile_text
from normtui.rules.profile import TimeControl
from normtui.rules.time_control import with_periods
from normtui.store import EventStore, PlayerInput

FIDE = with_periods(TimeControl(5400, 5400, 30, 1), 40, [(0, 1800, 1800)])


def _event(path: Path, now: list[datetime]) -> EventStore:
    text = read_profile_text(profile_path("fide-round-robin"))
    text = text.replace("players = 10 ", "players = 4 ").replace("rounds = 9", "rounds = 3")
    return EventStore.create(
        path, [PlayerInput(f"P{i}") for i in range(4)], text, clock=lambda: now[0]
    )


def test_one_control_for_every_game(tmp_path: Path) -> None:
    now = [datetime(2025, 1, 18, 14, 0, tzinfo=UTC)]
    with _event(tmp_path / "e.db", now) as store:
        store.set_time_control("classical", FIDE)
        assert store.classical_controls().identical  # no game yet: the profile's control
        for g in store.games()[:2]:
            now[0] += timedelta(hours=5)
            store.games.enter_result(g.round, g.white, g.black, "1/2-1/2")
        found = store.classical_controls()
    assert (found.minutes_for_60_moves, found.identical, found.controls) == (150, True, (FIDE,))


def test_a_control_changed_mid_event_leaves_the_games_before_at_the_old_one(
    tmp_path: Path,
) -> None:
    now = [datetime(2025, 1, 18, 14, 0, tzinfo=UTC)]
    with _event(tmp_path / "e.db", now) as store:
        first, second, *_ = store.games()
        now[0] += timedelta(hours=5)
        store.games.enter_result(first.round, first.white, first.black, "1-0")
        now[0] += timedelta(days=1)
        store.set_time_control("classical", TimeControl(3600, 3600, 0, 1))
        now[0] += timedelta(hours=5)
        store.games.enter_result(second.round, second.white, second.black, "0-1")
        found = store.classical_controls()
        assert not found.identical
        assert found.controls == (TimeControl(5400, 5400, 30, 1), TimeControl(3600, 3600, 0, 1))
        assert found.minutes_for_60_moves == Decimal(60)


def test_a_change_undone_before_the_next_game_does_not_count(tmp_path: Path) -> None:
    now = [datetime(2025, 1, 18, 14, 0, tzinfo=UTC)]
    with _event(tmp_path / "e.db", now) as store:
        first, second, *_ = store.games()
        store.games.enter_result(first.round, first.white, first.black, "1-0")
        now[0] += timedelta(hours=1)
        store.set_time_control("classical", TimeControl(3600, 3600, 0, 1))
        store.audit.undo()
        now[0] += timedelta(hours=1)
        store.games.enter_result(second.round, second.white, second.black, "0-1")
        assert store.classical_controls().identical
