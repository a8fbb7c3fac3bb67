"""From the result key to the standings repainted, in-process.

    python benchmarks/tui_repaint.py [--runs 200]

The console runs headless at 120x40 on a copy of demo.db with the standings on screen. Each run
calls the action that the pairings' `w` key runs (the very code: store write, audit row,
StoreChanged) on a board without a result, then lets the event loop go until Textual hands the
next frame to its driver after the standings table has been re-read. That frame time minus
the moment of the call is the latency. The result is then undone (not timed) so the next run
writes again. The boards are the five of round 8, in turn.

A second figure, "w then 3", is the arbiter's own path when the standings are NOT on screen:
the result key on the pairings, then the key of the standings pane (building its tab's layout),
again until the frame with the new table.

Reports median and 90th percentile of the wall time, and the median CPU time of the process
(steadier when other work shares the two cores). Target: key to repainted <= 15 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import events

from normtui.store import EventStore
from normtui.tui.app import NormtuiApp
from normtui.tui.panes.pairings import PairingsPane
from normtui.tui.panes.standings import StandingsPane
from normtui.tui.screens.console import ConsoleScreen

ROOT = Path(__file__).resolve().parent.parent


class Frames:
    """Times of the frames Textual gives its driver, and of the standings' last re-read."""

    def __init__(self, app: NormtuiApp) -> None:
        self.shown: list[tuple[float, float]] = []  # (wall, CPU) when a frame went out
        self.reloaded = 0.0
        display = app._display

        def timed(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None:
                self.shown.append((time.perf_counter(), time.process_time()))

        app._display = timed  # type: ignore[method-assign]
        reload = StandingsPane.reload

        def timed_reload(pane: StandingsPane) -> None:
            reload(pane)
            self.reloaded = time.perf_counter()

        StandingsPane.reload = timed_reload  # type: ignore[method-assign]

    async def after(self, start: float, start_cpu: float) -> tuple[float, float]:
        """Wall and CPU seconds from ``start`` to the first frame after the standings were
        re-read."""
        deadline = time.perf_counter() + 5
        while time.perf_counter() < deadline:
            if self.reloaded > start:
                frame = next((f for f in self.shown if f[0] > self.reloaded), None)
                if frame is not None:
                    return frame[0] - start, frame[1] - start_cpu
            await asyncio.sleep(0)
        raise RuntimeError("no frame with the new standings within 5 s")


async def _measure(runs: int, path_w_then_3: bool) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        shutil.copyfile(ROOT / "demo.db", db)
        store = EventStore.open(db, actor="bench")
        app = NormtuiApp(store, poll_seconds=0, show_clock=False, preload=False)
        wall: list[float] = []
        cpu: list[float] = []
        try:
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, ConsoleScreen)
                pairings = screen.pane("pairings")
                assert isinstance(pairings, PairingsPane)
                pairings.show_round(8)
                frames = Frames(app)
                for i in range(runs):
                    pairings.table.move_cursor(row=i % 5)
                    if not path_w_then_3:
                        await pilot.press("3")
                    await pilot.pause()
                    frames.shown.clear()
                    start, start_cpu = time.perf_counter(), time.process_time()
                    if path_w_then_3:
                        press: Callable[[str], None] = lambda k: app.post_message(  # noqa: E731
                            events.Key(k, k))
                        press("w")
                        press("3")
                    else:
                        pairings.action_result("1-0")
                    took, took_cpu = await frames.after(start, start_cpu)
                    wall.append(took)
                    cpu.append(took_cpu)
                    store.undo()
                    screen.post_message(_changed())
                    await pilot.press("1")
                    await pilot.pause()
        finally:
            store.close()
    return wall, cpu


def _changed() -> Any:
    from normtui.tui.messages import StoreChanged

    return StoreChanged(local=True, action="undo")


def _report(name: str, wall: list[float], cpu: list[float]) -> str:
    wall = sorted(wall)
    return (f"{name}: median {statistics.median(wall) * 1000:.1f} ms, "
            f"p90 {wall[int(len(wall) * 0.9)] * 1000:.1f} ms wall; "
            f"median {statistics.median(cpu) * 1000:.1f} ms CPU; {len(wall)} runs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    asyncio.run(_measure(5, False))  # warm the imports and the caches
    wall, cpu = asyncio.run(_measure(args.runs, False))
    print(_report("result key -> standings repainted (standings on screen)", wall, cpu))
    wall, cpu = asyncio.run(_measure(max(args.runs // 4, 10), True))
    print(_report("w then 3 -> standings repainted (from the pairings)", wall, cpu))


if __name__ == "__main__":
    main()
