"""Shared fixtures of the console tests: a copy of the demo event and an app that is
deterministic (fixed clock, no polling, no header clock) so pilot and snapshot tests agree.

``demo_copy`` copies the top-level ``demo.db`` (built by ``python -m normtui.demo`` when it is
missing): the real 2022 event, rounds 1-6 complete, round 7 under way with Tari-Carlsen drawn at
19:21 and its Armageddon due by 19:41.
"""

from __future__ import annotations

import inspect
import shutil
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from normtui.store import EventStore
from normtui.tui.app import NormtuiApp

ROOT = Path(__file__).resolve().parents[2]
DEMO_DB = ROOT / "demo.db"

# The demo stops at 19:31 on 7 June 2022, during round 7; the console is looked at a minute
# later, nine minutes before the Armageddon of board 3 must start.
STAVANGER = timezone(timedelta(hours=2))
NOW = datetime(2022, 6, 7, 19, 32, tzinfo=STAVANGER)
SNAPSHOT_SIZE = (120, 40)

Steps = Callable[[Pilot[Any]], Awaitable[None] | None]


class FakeClock:
    """A clock tests can move forward: the store stamps with it, the app counts down with it."""

    def __init__(self, start: datetime = NOW) -> None:
        self.at = start

    def __call__(self) -> datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)


@pytest.fixture(scope="session")
def _demo_source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if DEMO_DB.exists():
        return DEMO_DB
    from normtui.demo.build import build_demo

    path = tmp_path_factory.mktemp("demo") / "demo.db"
    build_demo(path)
    return path


@pytest.fixture
def demo_copy(_demo_source: Path, tmp_path: Path) -> Path:
    """A private copy of the demo event: tests may write to it."""
    target = tmp_path / "demo.db"
    shutil.copyfile(_demo_source, target)
    return target


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_app(clock: FakeClock) -> Callable[..., NormtuiApp]:
    """``make_app(path, **kwargs)``: the console on ``path`` with the fixed clock, no polling and
    no clock in the header, so that pilot runs and snapshots are the same every time."""
    stores: list[EventStore] = []

    def make(path: Path, **kwargs: object) -> NormtuiApp:
        store = EventStore.open(path, actor="arbiter", clock=clock)
        stores.append(store)
        options: dict[str, object] = {"poll_seconds": 0, "now": clock, "show_clock": False}
        options.update(kwargs)
        app = NormtuiApp(store, **options)  # type: ignore[arg-type]
        # The pilot waits for animations to finish (the tab underline): a second a test.
        app.animation_level = "none"
        return app

    yield make  # type: ignore[misc]
    for store in stores:
        store.close()


@pytest.fixture
def snap_compare(snap_compare: Callable[..., bool]) -> Callable[..., bool]:
    """pytest-textual-snapshot's, with the text cursors still: a focused field's cursor
    blinks every half second, and which phase the screenshot caught depended on how long
    the steps before it took (a loaded machine's snapshots lost the cursor)."""

    def compare(app: App[Any], *args: Any, run_before: Steps | None = None, **kwargs: Any) -> bool:
        async def steps(pilot: Pilot[Any]) -> None:
            if run_before is not None:
                done = run_before(pilot)
                if inspect.isawaitable(done):
                    await done
            still_cursors(pilot.app)
            await pilot.pause()

        return snap_compare(app, *args, run_before=steps, **kwargs)

    return compare


def still_cursors(app: App[Any]) -> None:
    """Every text field's cursor shown and still (Textual's public cursor_blink: off, it
    stops the blink with the cursor drawn)."""
    for screen in app.screen_stack:
        for field in screen.query("Input, TextArea"):
            field.cursor_blink = False  # type: ignore[attr-defined]


@pytest.fixture
def demo_app(demo_copy: Path, make_app: Callable[..., NormtuiApp]) -> NormtuiApp:
    """The console on a copy of the demo, building each pane only when it is first shown
    (what most pilot tests need; about a second less per test)."""
    return make_app(demo_copy, preload=False)
