"""The race under the standings is worked out in a thread: on a 24-player event mid-event the
pane answers its keys while the search runs, and an answer for results changed since is dropped."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from normtui.demo.filled import build_filled
from normtui.rules import contenders
from normtui.tui.widgets.live_race import RACE_WORKERS, RaceLine, RaceWorked
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import console, press, race_worked, until


@pytest.fixture
def large(tmp_path: Path) -> Path:
    path = tmp_path / "large.db"
    build_filled(path, 24, through=12)
    return path


async def test_the_standings_answer_keys_while_a_large_race_is_worked_out(
    large: Path, make_app, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    started, release = threading.Event(), threading.Event()
    search = contenders.race

    def held(*args, **kwargs):  # type: ignore[no-untyped-def]
        # The real search, held until the test has pressed its keys.
        started.set()
        assert release.wait(60)
        return search(*args, **kwargs)

    monkeypatch.setattr(contenders, "race", held)
    app = make_app(large, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "3")
        assert await asyncio.to_thread(started.wait, 60)
        pane = console(app).pane("standings")
        line = pane.query_one(RaceLine)
        try:
            await press(pilot, "x")
            assert pane.view == "crosstable"  # type: ignore[attr-defined]
            await press(pilot, "x")
            assert pane.view == "standings-table"  # type: ignore[attr-defined]
            assert [w for w in app.workers if w.group == RACE_WORKERS and w.is_running]
            assert not line.text.startswith("Can still finish first")
        finally:
            release.set()
        await race_worked(pilot)
        assert line.text.startswith("Can still finish first or share it")
        assert len(line._race) == 24


async def test_an_answer_for_results_changed_since_is_dropped(demo_app) -> None:
    async with demo_app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "3")
        await race_worked(pilot)
        line = console(demo_app).pane("standings").query_one(RaceLine)
        shown = line.text
        assert shown.startswith("Can still finish first")
        line.post_message(RaceWorked(("results read before",), [], ""))
        line.post_message(RaceWorked(("results read before",), None, "stale"))
        await until(pilot, lambda: line.text == shown, "line.text == shown")
        assert line.text == shown


async def test_a_search_that_fails_is_said_on_the_line_and_the_console_goes_on(
    demo_app, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise ValueError("points finer than a thousandth")

    monkeypatch.setattr(contenders, "race", broken)
    async with demo_app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "3")
        await race_worked(pilot)
        line = console(demo_app).pane("standings").query_one(RaceLine)
        assert line.text == (
            "Who can still finish first could not be worked out: points finer than a thousandth"
        )
        await press(pilot, "x")
        assert console(demo_app).pane("standings").view == "crosstable"  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [SNAPSHOT_SIZE, (80, 24)], ids=["120x40", "80x24"])
async def test_a_race_the_search_could_not_settle_says_undecided(
    demo_app, monkeypatch, size
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(contenders, "STEPS", 0)
    async with demo_app.run_test(size=size) as pilot:
        await press(pilot, "3")
        await race_worked(pilot)
        line = console(demo_app).pane("standings").query_one(RaceLine)
        if size == SNAPSHOT_SIZE:
            assert line.text.endswith(
                " · undecided (too many ways left to work out): So; Giri; "
                "Tari; Topalov; Wang; Radjabov"
            )
        else:  # one line at 80 columns: how many, once the names would not fit
            assert line.text == "4 can still finish first or share it (§5), 6 undecided"
