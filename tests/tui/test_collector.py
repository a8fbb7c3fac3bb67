"""The console's collector: the oldest generation is collected while the arbiter pauses, not
in a key, and the process's thresholds are as they were once the console has gone."""

from __future__ import annotations

import gc
from collections.abc import Callable

import pytest

from normtui.tui import collector as module
from normtui.tui.collector import OLDEST, IdleCollector
from tests.tui.helpers import settled


class _App:
    """What the collector asks of the app: a timer."""

    def __init__(self) -> None:
        self.ticks: list[Callable[[], None]] = []

    def set_interval(self, _seconds: float, tick: Callable[[], None]) -> None:
        self.ticks.append(tick)


@pytest.fixture
def monotonic() -> list[float]:
    """The collector's clock, moved by hand."""
    return [1000.0]


def _garbage(collector: IdleCollector) -> None:
    """Enough cycles that the middle generation has been collected since the last full one."""
    for _ in range(20_000):
        a: list[object] = []
        a.append(a)
    assert gc.get_count()[2] > 0 or collector.collections


def test_the_oldest_generation_is_collected_when_no_key_has_come(monotonic) -> None:
    before = gc.get_threshold()
    app = _App()
    collector = IdleCollector(lambda: monotonic[0])
    collector.start(app)  # type: ignore[arg-type]
    try:
        assert gc.get_threshold() == (before[0], before[1], OLDEST)
        [tick] = app.ticks
        collector.typed()
        _garbage(collector)
        tick()  # a key a moment ago: not now
        assert collector.collections == 0
        monotonic[0] += module.IDLE
        tick()
        assert collector.collections == 1 and gc.get_count()[2] == 0
        tick()  # nothing since: nothing to do
        assert collector.collections == 1
    finally:
        collector.stop()
    assert gc.get_threshold() == before and not collector.running


def test_long_overdue_it_is_collected_even_while_keys_come(monotonic, monkeypatch) -> None:
    app = _App()
    collector = IdleCollector(lambda: monotonic[0])
    collector.start(app)  # type: ignore[arg-type]
    try:
        monkeypatch.setattr(module.gc, "get_count", lambda: (0, 0, module.OVERDUE))
        collector.typed()
        app.ticks[0]()
        assert collector.collections == 1
    finally:
        collector.stop()


async def test_the_console_starts_it_and_puts_the_thresholds_back(demo_app) -> None:
    before = gc.get_threshold()
    async with demo_app.run_test() as pilot:
        await settled(pilot)
        assert demo_app.collector.running and gc.get_threshold()[2] == OLDEST
    assert gc.get_threshold() == before and not demo_app.collector.running


def test_once_every_pane_is_built_the_next_pause_freezes_them(monotonic) -> None:
    app = _App()
    collector = IdleCollector(lambda: monotonic[0])
    collector.start(app)  # type: ignore[arg-type]
    try:
        frozen = gc.get_freeze_count()
        kept = [[] for _ in range(1000)]  # alive: the panes built
        collector.settled()
        collector.typed()
        app.ticks[0]()
        assert gc.get_freeze_count() == frozen  # a key a moment ago: not now
        monotonic[0] += module.IDLE
        app.ticks[0]()
        assert gc.get_freeze_count() >= frozen + len(kept) and collector.collections == 1
    finally:
        collector.stop()
    assert gc.get_freeze_count() == 0
