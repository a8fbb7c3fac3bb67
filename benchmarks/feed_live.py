"""The live boards under load: 5 boards, a move on each every second, for a whole round.

    python benchmarks/feed_live.py [--part console|watcher|both|file] [--seconds N]

The load is the replay of the real round 7 of 2022 (``normtui.demo.replay``) into a LiveChess
folder (``round-7/game-N.pgn`` and ``games.pgn``, rewritten in place), a half-move on each board
every second, the boards a fifth of a second apart; the drawn games' Armageddons follow as
games 6-8. That is about four minutes for the round (``--seconds`` stops it earlier).

console: the real console runs headless at 120x40 (Textual's ``run_test``) on a copy of demo.db
  with pane 8 in front, watching the folder as an arbiter would (its own half-second reads, in
  its thread). For each file written, the latency is from the moment the write returned to the
  first frame Textual hands its driver after the pane showed that board with that move.
  Reported: median and 90th percentile; the console's memory (RSS) every 20 s, then every 5 s
  for ``--quiet`` seconds after the moves stop; the console's CPU (its process less the thread
  that writes the files) while the moves come and after they stop. ``--dialog``: a dialog
  (the confirmation of "stop watching") stays open over pane 8 the whole time. A window the
  console opens by itself (a drawn game's Armageddon) is closed within 0.1 s.
watcher: ``normtui watch DB FOLDER --interval 0.5`` in a process of its own over the same round:
  its CPU time over the wall time (one core = 100 %), and its RSS sampled every 10 s.

file: the real round 8 (not begun in demo.db) replayed into a LiveChess folder and read by the
  feed (``normtui.feed.watcher.Feed``, as ``normtui watch`` reads) after every second of its
  timeline, as fast as it goes: the audit rows it adds, the event file and its WAL before, at
  their largest during the round, and after (still open, then closed).

Targets: median and p90 <= 1 s; the watcher <= 5 % of one core; memory flat; a live round of 5
boards adds <= ~100 audit rows and <= ~300 KB, and the WAL stays far below a MB.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STAGGER = 0.2  # seconds between two boards' writes within a second


def _rss_kib(pid: int | str = "self") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Writer(threading.Thread):
    """Plays the round into ``folder``; ``written`` holds (time, game, half-moves) per write."""

    def __init__(self, folder: Path, seconds: float | None) -> None:
        super().__init__(daemon=True)
        from normtui.demo.replay import Replay

        self.replay = Replay(folder, 7, every=1.0, layout="both")
        self.replay.folder.mkdir(parents=True, exist_ok=True)
        self.seconds = seconds
        self.written: list[tuple[float, int, int]] = []
        self.done = threading.Event()
        self.cpu = 0.0  # this thread's, to leave out of the console's

    def run(self) -> None:
        began = time.perf_counter()
        steps = sorted(self.replay.steps(), key=lambda s: s.at + STAGGER * ((s.game - 1) % 5))
        for step in steps:
            at = step.at + STAGGER * ((step.game - 1) % 5)
            if self.seconds is not None and at > self.seconds:
                break
            wait = at - (time.perf_counter() - began)
            if wait > 0:
                time.sleep(wait)
            self.replay.write(step)
            self.written.append((time.perf_counter(), step.game, step.done))
        self.cpu = time.thread_time()
        self.done.set()


async def _console(
    seconds: float | None, dialog: bool = False, quiet: float = 30.0
) -> tuple[list[float], int, list[int], list[int], tuple[float, float]]:
    from normtui.store import EventStore
    from normtui.tui.app import NormtuiApp
    from normtui.tui.panes.live import LivePane
    from normtui.tui.screens.confirm import ConfirmScreen
    from normtui.tui.widgets.live_boards import LiveBoards

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        shutil.copyfile(ROOT / "demo.db", db)
        folder = Path(tmp) / "live"
        store = EventStore.open(db)
        app = NormtuiApp(store, poll_seconds=1.0, show_clock=False)
        app.animation_level = "none"
        frames: list[float] = []
        shown: list[tuple[float, dict[tuple[int, str], int]]] = []
        display = app._display

        def timed(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None:
                frames.append(time.perf_counter())

        app._display = timed  # type: ignore[method-assign]
        show = LiveBoards.show

        def timed_show(table: LiveBoards, views: Any, now: Any) -> None:
            show(table, views, now)
            seen = {(b.board or 0, b.kind): b.plies for b in views}
            shown.append((time.perf_counter(), seen))

        # The pane's lines are filled here when a read is shown: the handler itself is
        # registered by Textual's @on, out of reach of a patch.
        LiveBoards.show = timed_show  # type: ignore[method-assign]
        writer = Writer(folder, seconds)
        games = {g.number: g for g in writer.replay.games}
        boards = {g.number: g for g in games.values() if not g.armageddon}
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("8")
            await pilot.pause(0.5)
            pane = app.console_screen.pane("live")
            assert isinstance(pane, LivePane)
            pane.start(str(folder), 7)
            if dialog:
                app.push_screen(ConfirmScreen("Stop watching the live boards?"))
                await pilot.pause(0.5)
            rss = [_rss_kib()]
            cpu, wall = time.process_time(), time.perf_counter()
            writer.start()
            sampled = time.perf_counter()
            screens = len(app.screen_stack)
            while not writer.done.is_set():
                await asyncio.sleep(0.1)
                # A window the console opens by itself (a drawn game's Armageddon) is closed
                # at once, as the arbiter would: this measures the boards, not a dialog.
                while len(app.screen_stack) > screens:
                    app.pop_screen()
                if time.perf_counter() - sampled >= 20:
                    sampled = time.perf_counter()
                    rss.append(_rss_kib())
            moving = (time.process_time() - cpu - writer.cpu) / (time.perf_counter() - wall)
            await asyncio.sleep(2.0)
            rss.append(_rss_kib())
            cpu, wall = time.process_time(), time.perf_counter()
            after = []
            while time.perf_counter() - wall < quiet:
                await asyncio.sleep(5.0)
                after.append(_rss_kib())
            still = (time.process_time() - cpu) / (time.perf_counter() - wall)
        store.close()
    latencies = []
    missed = 0
    board_of = _boards_of(games, boards)
    for written, game, done in writer.written:
        key = board_of[game]
        at = next((t for t, seen in shown if t >= written and seen.get(key, -1) >= done), None)
        frame = next((f for f in frames if at is not None and f >= at), None)
        if frame is None:
            missed += 1
            continue
        latencies.append(frame - written)
    return latencies, missed, rss, after, (moving, still)


def _boards_of(games: dict[int, Any], boards: dict[int, Any]) -> dict[int, tuple[int, str]]:
    """Replay game number -> (the demo's board, main/armageddon), by the players."""
    from normtui.demo.data2022 import NUMBERS
    from normtui.rules.berger import berger_round

    number = {name: i + 1 for i, name in enumerate(NUMBERS)}
    table = [(p.white, p.black) for p in berger_round(10, 7)]
    out = {}
    for n, g in games.items():
        board = table.index((number[g.tags["White"]], number[g.tags["Black"]])) + 1
        out[n] = (board, "armageddon" if g.armageddon else "main")
    return out


def _watcher(seconds: float | None) -> tuple[float, float, list[int]]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        shutil.copyfile(ROOT / "demo.db", db)
        folder = Path(tmp) / "live"
        writer = Writer(folder, seconds)
        writer.replay.folder.mkdir(parents=True, exist_ok=True)
        process = subprocess.Popen(
            [sys.executable, "-m", "normtui", "watch", str(db), str(folder), "--interval", "0.5"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        time.sleep(1.5)  # its start-up (imports) is not the watching
        start_cpu = _cpu(process.pid)
        began = time.perf_counter()
        writer.start()
        rss = []
        while not writer.done.is_set():
            writer.done.wait(10)
            rss.append(_rss_kib(process.pid))
        time.sleep(1.0)
        wall = time.perf_counter() - began
        cpu = _cpu(process.pid) - start_cpu
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
    return cpu, wall, rss


def _file(round_no: int) -> dict[str, float]:
    from datetime import datetime, timedelta
    from itertools import groupby

    from normtui.demo.replay import Replay
    from normtui.feed.sources import open_source
    from normtui.feed.watcher import Feed
    from normtui.store import EventStore

    def size(path: Path) -> int:
        return path.stat().st_size if path.exists() else 0

    with tempfile.TemporaryDirectory() as tmp:
        db, wal = Path(tmp) / "bench.db", Path(tmp) / "bench.db-wal"
        shutil.copyfile(ROOT / "demo.db", db)
        with EventStore.open(db) as store:  # the upgrade of demo.db's schema is not the round
            pass
        out: dict[str, float] = {"file before": size(db), "wal before": size(wal)}
        at = [datetime(2022, 6, 8, 16, 0).astimezone()]
        replay = Replay(Path(tmp) / "live", round_no, every=1.0, layout="both", now=lambda: at[0])
        replay.folder.mkdir(parents=True)
        began = time.perf_counter()
        with EventStore.open(db, actor="arbiter", clock=lambda: at[0]) as store:
            first = store.audit.log(limit=1, rows=False)[0].id
            feed = Feed(store, open_source(str(Path(tmp) / "live")), now=lambda: at[0])
            largest = 0
            for second, steps in groupby(replay.steps(), key=lambda s: s.at):
                at[0] = datetime(2022, 6, 8, 16, 0).astimezone() + timedelta(seconds=second)
                for step in steps:
                    replay.write(step)
                feed.poll()
                largest = max(largest, size(wal))
            entries = [e for e in store.audit.log(rows=False) if e.id > first]
            out |= {
                "audit rows": len(entries),
                "polls": second,
                "wal largest": largest,
                "file open": size(db),
                "wal open": size(wal),
                "feed entries": sum(1 for e in entries if e.actor == "feed"),
                "seconds": time.perf_counter() - began,
            }
        out |= {"file closed": size(db), "wal closed": size(wal)}
    return out


def _cpu(pid: int) -> float:
    """User + system seconds of a process so far (/proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=["console", "watcher", "both", "file"], default="both")
    parser.add_argument("--round", type=int, default=8, help="the round of --part file")
    parser.add_argument(
        "--dialog", action="store_true", help="a dialog open over pane 8 all the while (console)"
    )
    parser.add_argument(
        "--quiet",
        type=float,
        default=30.0,
        help="seconds the console is watched after the moves stop",
    )
    parser.add_argument("--seconds", type=float, help="stop the round after this long")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
    if args.part == "file":
        found = _file(args.round)
        print(
            ", ".join(
                f"{k}: {v / 1024:.0f} KiB" if k.startswith(("file", "wal")) else f"{k}: {v:.0f}"
                for k, v in found.items()
            ),
            flush=True,
        )
        return
    if args.part in ("console", "both"):
        latencies, missed, rss, after, (moving, still) = asyncio.run(
            _console(args.seconds, args.dialog, args.quiet)
        )
        shown = ""
        # Under a dialog the boards are drawn when it closes: no latency to speak of.
        if len(latencies) > 1 and not args.dialog:
            q = statistics.quantiles(latencies, n=10)
            shown = (
                f"file written -> shown: median {statistics.median(latencies) * 1000:.0f} "
                f"ms, p90 {q[8] * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms; "
            )
        print(
            f"console{' under a dialog' if args.dialog else ''}: {len(latencies)} writes "
            f"shown ({missed} not), {shown}"
            f"RSS every 20 s (MiB): {' '.join(f'{r / 1024:.1f}' for r in rss)}, "
            f"then every 5 s with no moves: {' '.join(f'{r / 1024:.1f}' for r in after)}; "
            f"CPU {100 * moving:.1f} % of a core with the moves, {100 * still:.1f} % "
            "after",
            flush=True,
        )
    if args.part in ("watcher", "both"):
        cpu, wall, rss = _watcher(args.seconds)
        print(
            f"watcher: {cpu:.2f} s CPU over {wall:.0f} s = {100 * cpu / wall:.1f} % of one core; "
            f"RSS every 10 s (MiB): {' '.join(f'{r / 1024:.1f}' for r in rss)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
