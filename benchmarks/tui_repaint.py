"""From the result key to the standings repainted, in-process.

    python benchmarks/tui_repaint.py [EVENT.db] [--round N] [--runs 200]

The console runs headless at 120x40 on a copy of EVENT.db (default: demo.db; a filled event of
any size comes from `python -m normtui.demo --filled N`) with the standings on screen. Each run
calls the action that the pairings' `w` key runs (the very code: store write, audit row,
StoreChanged) on a board without a result, then lets the event loop go until Textual hands the
next frame to its driver after the standings table has been re-read. That frame time minus
the moment of the call is the latency. The result is then undone (not timed) so the next run
writes again. The boards are those of round N without a result, in turn; by default N is the
first round without any result (round 8 of demo.db, the last round of a filled event).

A second figure, "w then 3", is the arbiter's own path when the standings are NOT on screen:
the result key on the pairings, then the key of the standings pane (building its tab's layout),
again until the frame with the new table.

Reports median and 90th percentile of the wall time, and the median CPU time of the process
(steadier when other work shares the two cores). Target: key to repainted <= 15 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from event_copy import copy_event  # benchmarks/event_copy.py
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


def free_boards(db: Path, round_no: int | None) -> tuple[int, list[int]]:
    """The round measured and the ids of its games without a result: ``round_no``, or the
    first round in which no game has one (the current round when every round has one). Read
    from a copy: opening the event itself could bring an older file's schema up to date."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "probe.db"
        copy_event(db, copy)
        store = EventStore.open(copy, actor="bench")
        try:
            games = store.games()
            started = {g.round for g in games if g.result is not None}
            if round_no is None:
                round_no = next(
                    (r for r in range(1, store.event.rounds + 1) if r not in started),
                    store.rounds.current(),
                )
            free = [g.id for g in games if g.round == round_no and g.result is None]
        finally:
            store.close()
    if not free:
        raise SystemExit(f"{db}: round {round_no} has no board without a result to enter")
    return round_no, free


async def measure(
    source: Path, round_no: int, boards: list[int], runs: int, path_w_then_3: bool
) -> tuple[list[float], list[float]]:
    """(wall, CPU) seconds of ``runs`` results entered on ``boards`` of ``round_no`` (game
    ids, in turn), on a copy of ``source``."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        copy_event(source, db)
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
                pairings.show_round(round_no)
                frames = Frames(app)
                for i in range(runs):
                    pairings.table.go_to_key(str(boards[i % len(boards)]))
                    if not path_w_then_3:
                        await pilot.press("3")
                    await pilot.pause()
                    frames.shown.clear()
                    start, start_cpu = time.perf_counter(), time.process_time()
                    if path_w_then_3:
                        press: Callable[[str], None] = lambda k: app.post_message(  # noqa: E731
                            events.Key(k, k)
                        )
                        press("w")
                        press("3")
                    else:
                        pairings.action_result("1-0")
                    took, took_cpu = await frames.after(start, start_cpu)
                    wall.append(took)
                    cpu.append(took_cpu)
                    store.audit.undo()
                    screen.post_message(_changed())
                    await pilot.press("1")
                    await pilot.pause()
        finally:
            store.close()
    return wall, cpu


def _changed() -> Any:
    from normtui.tui.messages import StoreChanged

    return StoreChanged(local=True)


def _report(name: str, wall: list[float], cpu: list[float]) -> str:
    wall = sorted(wall)
    return (
        f"{name}: median {statistics.median(wall) * 1000:.1f} ms, "
        f"p90 {wall[int(len(wall) * 0.9)] * 1000:.1f} ms wall; "
        f"median {statistics.median(cpu) * 1000:.1f} ms CPU; {len(wall)} runs"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("db", nargs="?", type=Path, default=ROOT / "demo.db")
    parser.add_argument("--round", type=int, help="the round whose boards get the results")
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    rnd, boards = free_boards(args.db, args.round)
    asyncio.run(measure(args.db, rnd, boards, 5, False))  # warm the imports and the caches
    wall, cpu = asyncio.run(measure(args.db, rnd, boards, args.runs, False))
    print(_report("result key -> standings repainted (standings on screen)", wall, cpu))
    wall, cpu = asyncio.run(measure(args.db, rnd, boards, max(args.runs // 4, 10), True))
    print(_report("w then 3 -> standings repainted (from the pairings)", wall, cpu))
    print(
        f"{args.db.name}, round {rnd} ({len(boards)} boards without a result); "
        f"load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
