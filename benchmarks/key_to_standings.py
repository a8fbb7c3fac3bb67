"""A result key, then the standings key, as the arbiter meets them: each key typed into the
console in a pseudo-terminal on its own, timed until the screen stops changing, beside a plain
Textual app doing the same visible job in the same run.

    python benchmarks/key_to_standings.py [--players 10,24,100] [--runs 40] [--quiet 0.1]
                                          [--keep DIR] [--profile FILE] [--gc-before]
                                          [--against DIR]
                                          [EVENT.db ...]

For each size the console is started as the arbiter starts it (`python -m normtui COPY.db`,
120x40, in a pseudo-terminal: benchmarks/terminal.py) on a filled event (built as
`python -m normtui.demo --filled N` builds it, kept in DIR with --keep; or the events given),
with the pairings of the round being played in front and the cursor on a board without a
result. Each run types, one at a time, each once the screen is quiet:

  w   White wins on that board: the result written, the pairings' row, the line above them,
      the header's count and the status line redrawn;
  3   the standings: pane 3 in front, its table worked out and drawn, the line above it, the
      legend and the race line.

Each key is timed from the moment it is typed to the last byte the app writes before --quiet
seconds of silence (the silence itself is not counted), once what the key shows last is on
the screen: after `w` the status line's summary of the result (drawn a frame after the
table), after `3` the line above the standings. A key that falls silent for longer than
--quiet before that is timed to the silence after it (and counted: "paused"). Then, untimed,
ctrl+z and `y` undo the result and `1` brings the pairings back, each waited for on the
screen, so every run enters a real result (counted afterwards in the copy's audit log).

Two CPU times of each key, over the same span: the main thread's, to the nanosecond (the
scheduler's own count, benchmarks/terminal.py): where Textual handles the key, lays out and
renders, and where a collection the key meets runs; and every thread's (the kernel's 10 ms
ticks: a mean). On a machine shared with other work the wall time's p90 is much the other
work's (the floor's shows how much); the main thread's CPU is what the app itself did.

The floor (benchmarks/floor_app.py) runs beside it, interleaved run by run (A/B, the order
alternating): a plain Textual app with the same header, tabs and footer, a pairings table of
the event's boards and a standings table of its players, whose `w` writes a result into a
board and its `3` fills the standings afresh and shows them, timed the same way (to "result N
entered" on its status line, to its line above the standings). A ratio is taken only between
the console and the floor of the same run.

Two things that are not the app's latency are kept out of the clock. The console's header
clock writes once a second: each key is typed right after a tick. Textual's tab underline
slides for 0.3 s after a tab changes: both apps run with TEXTUAL_ANIMATIONS=none (it jumps).

Reports, per key and app: the wall time's median, 90th percentile and p90 over median (the
hitch: a key that meets a full garbage collection), the same of the main thread's CPU, every
thread's mean CPU, the medians over the floor's (wall, CPU), the runs (paused), and the load
average before and after. --profile FILE: the console run under cProfile (its times are then the
profiler's), the profile written to FILE when it quits. --gc-before: a second console on a
second copy, interleaved with the others, whose collector does what the console did before
normtui/tui/collector.py (one gc.freeze() once open, CPython's thresholds, no collection of its
own): the same code but for that, so the difference is the collector's. --against DIR: a
second console from another copy of the package in DIR (``git archive REV normtui assets | tar
-x -C DIR``, the code before a change, first on its PYTHONPATH), interleaved the same way: the
change's figure is this console's median over that one's, key by key.

Targets: at 24 players, each key's p90 <= 1.3x its median; its median <= 1.3x the floor's.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sqlite3
import statistics
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

from event_copy import copy_event, filled_event  # benchmarks/event_copy.py
from floor_app import READY, STANDINGS  # benchmarks/floor_app.py
from terminal import Terminal, python  # benchmarks/terminal.py

HERE = Path(__file__).resolve().parent
TICK = 1.0  # the header clock's interval
PAIRINGS_SHOWN = b"provisional until both players sign"  # the pairings' legend
STANDINGS_SHOWN = b"After round"  # the line above the standings, drawn after the table
KEYS = ("w", "3")
# What each key shows last, that the clock waits for: after `w` the status line's summary of
# the result ("12:04 round 9 board 1 (Carlsen-Caruana): result 1-0", drawn a frame after the
# table; not the undo's "Undone: ..." repainted), after `3` the line above the standings.
KEY_SHOWN: dict[str, bytes | re.Pattern[bytes]] = {
    "w": re.compile(rb"\d\d:\d\d round \d+ board \d+ \([^\x1b]*\): result 1-0"),
    "3": STANDINGS_SHOWN,
}
FLOOR_SHOWN: dict[str, bytes | re.Pattern[bytes]] = {
    "w": re.compile(rb"result \d+ entered"),
    "3": STANDINGS,
}


def _after_tick(term: Terminal, quiet: float) -> None:
    """Wait for the console to be idle just after its clock's tick."""
    term.idle(quiet)
    # No tick (a console without the clock): idle is enough.
    with contextlib.suppress(TimeoutError):
        term.settled_after(term.last_output, quiet, limit=TICK + quiet)


def _event_size(db: Path) -> tuple[int, int]:
    """(players, results entered in the audit log) of ``db``."""
    # Closed at once: an open connection would keep the console from migrating the copy.
    with contextlib.closing(sqlite3.connect(db)) as conn:
        players = conn.execute("SELECT count(*) FROM players").fetchone()[0]
        results = conn.execute("SELECT count(*) FROM audit WHERE action = 'result'").fetchone()[0]
    return players, results


def _console_argv(db: Path, profile: Path | None) -> list[str]:
    if profile is not None:  # the console under cProfile, which writes it when it quits
        return python("-m", "cProfile", "-o", str(profile), "-m", "normtui", str(db))
    return python("-m", "normtui", str(db))


# The console with the collector it had before normtui/tui/collector.py: frozen once when
# open, CPython's thresholds, no collection of its own (--gc-before).
_GC_BEFORE = """
import gc, sys
from normtui.tui import collector
collector.IdleCollector.start = lambda self, app: gc.freeze()
collector.IdleCollector.stop = lambda self: gc.unfreeze()
collector.IdleCollector.settled = lambda self: None
from normtui.launch import main
main(sys.argv[1:])
"""


class _Runs:
    """Seconds of each key of each app: wall, the main thread's CPU, every thread's CPU."""

    def __init__(self) -> None:
        self.wall: dict[tuple[str, str], list[float]] = {}
        self.main_cpu: dict[tuple[str, str], list[float]] = {}
        self.cpu: dict[tuple[str, str], list[float]] = {}
        self.paused: dict[tuple[str, str], int] = {}

    def add(
        self, app: str, key: str, wall: float, main_cpu: float, cpu: float, *, paused: bool
    ) -> None:
        self.paused[app, key] = self.paused.get((app, key), 0) + paused
        self.wall.setdefault((app, key), []).append(wall)
        self.main_cpu.setdefault((app, key), []).append(main_cpu)
        self.cpu.setdefault((app, key), []).append(cpu)


def _timed(
    term: Terminal, key: str, quiet: float, shown: bytes | re.Pattern[bytes]
) -> tuple[float, float, float, bool]:
    """``key`` typed: (wall, main thread's CPU, every thread's CPU) seconds until the screen
    is quiet with ``shown`` on it, and whether it paused longer than ``quiet`` before
    ``shown`` (then timed to the silence after it)."""
    main_cpu, cpu = term.main_cpu(), term.cpu()
    start = len(term.output)
    sent = term.type(key)
    took = term.settled_after(sent, quiet)
    paused = not term.shows(shown, since=start)
    if paused:
        term.wait_for(shown, since=start)
        took = term.idle(quiet) - sent
    return took, term.main_cpu() - main_cpu, term.cpu() - cpu, paused


def _console_run(console: Terminal, quiet: float, runs: _Runs | None, *, name: str) -> None:
    """One run of a console: w, then 3, each timed; then undo and the pairings again."""
    for key in KEYS:
        _after_tick(console, quiet)
        took, main_cpu, cpu, paused = _timed(console, key, quiet, KEY_SHOWN[key])
        if runs is not None:
            runs.add(name, key, took, main_cpu, cpu, paused=paused)
    # ctrl+z, then yes, then the pairings again, each waited for.
    for key, shown in (("\x1a", b"(y)"), ("y", b"Undone:"), ("1", PAIRINGS_SHOWN)):
        start = len(console.output)
        console.type(key)
        console.wait_for(shown, since=start)


def _floor_run(floor: Terminal, quiet: float, runs: _Runs | None) -> None:
    for key in KEYS:
        floor.idle(quiet)
        took, main_cpu, cpu, paused = _timed(floor, key, quiet, FLOOR_SHOWN[key])
        if runs is not None:
            runs.add("floor", key, took, main_cpu, cpu, paused=paused)
    start = len(floor.output)
    floor.type("1")
    floor.wait_for(READY, since=start)


def measure(
    db: Path,
    runs: int,
    quiet: float,
    *,
    profile: Path | None = None,
    gc_before: bool = False,
    against: Path | None = None,
    warm: int = 3,
) -> _Runs:
    """``runs`` runs of each app on a copy of ``db``, after ``warm`` runs not counted."""
    os.environ["TEXTUAL_ANIMATIONS"] = "none"  # inherited by the children
    out = _Runs()
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        copies = {"console": Path(tmp) / "event.db"}
        if gc_before:
            copies["gc before"] = Path(tmp) / "event-gc-before.db"
        if against is not None:
            copies["against"] = Path(tmp) / "event-against.db"
        for copy in copies.values():
            copy_event(db, copy)
        players, before = _event_size(copies["console"])
        argv = {"console": _console_argv(copies["console"], profile)}
        if gc_before:
            argv["gc before"] = python("-c", _GC_BEFORE, str(copies["gc before"]))
        if against is not None:
            argv["against"] = python("-m", "normtui", str(copies["against"]))
        env = {"against": {"PYTHONPATH": str(against)}} if against is not None else {}
        consoles = {
            name: stack.enter_context(Terminal(args, cwd=Path(tmp), env=env.get(name)))
            for name, args in argv.items()
        }
        floor = stack.enter_context(
            Terminal(python(str(HERE / "floor_app.py"), "--players", str(players)))
        )
        for console in consoles.values():
            console.wait_for(PAIRINGS_SHOWN)
        floor.wait_for(READY)
        jobs: list[Callable[[_Runs | None], None]] = [
            *(partial(_console_run, c, quiet, name=name) for name, c in consoles.items()),
            partial(_floor_run, floor, quiet),
        ]
        for i in range(warm + runs):
            counted = out if i >= warm else None
            # A/B, the order turning round run by run: no app always follows another.
            for k in range(len(jobs)):
                jobs[(i + k) % len(jobs)](counted)
        if profile is not None:
            consoles["console"].type("\x11")  # ctrl+q: the console quits, cProfile writes
            consoles["console"].process.wait(timeout=60)
        for copy in copies.values():
            entered = _event_size(copy)[1] - before
            if entered != warm + runs:
                raise SystemExit(f"{db.name}: {entered} results entered in {warm + runs} runs")
    return out


def _p90(times: list[float]) -> float:
    return sorted(times)[int(len(times) * 0.9)]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def _figures(t: _Runs, name: str, key: str) -> str:
    """The row's figures of ``name``'s ``key``: wall and main thread's CPU (median, p90,
    p90/median), every thread's mean CPU, and its medians over the floor's."""
    cells = []
    medians = []
    for times in (t.wall[name, key], t.main_cpu[name, key]):
        median = statistics.median(times)
        medians.append(median)
        cells += [_ms(median), _ms(_p90(times)), f"{_p90(times) / median:.2f}"]
    cells.append(_ms(statistics.fmean(t.cpu[name, key])))
    floor = (statistics.median(t.wall["floor", key]), statistics.median(t.main_cpu["floor", key]))
    cells.append(f"{medians[0] / floor[0]:.2f}, {medians[1] / floor[1]:.2f}")
    return " | ".join(cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("events", nargs="*", type=Path, metavar="EVENT.db")
    parser.add_argument("--players", default="10,24,100", help="sizes of the filled events")
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--quiet", type=float, default=0.1, help="seconds of silence: idle")
    parser.add_argument(
        "--profile",
        type=Path,
        metavar="FILE",
        help="run the console under cProfile and write its profile to FILE (one event)",
    )
    parser.add_argument("--keep", type=Path, metavar="DIR", help="build the events in DIR")
    parser.add_argument(
        "--gc-before",
        action="store_true",
        help="also the console with its collector as before normtui/tui/collector.py",
    )
    parser.add_argument(
        "--against",
        type=Path,
        metavar="DIR",
        help="also a console from the copy of the package in DIR (the code before a change)",
    )
    args = parser.parse_args()
    against = args.against.resolve() if args.against is not None else None
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        events = args.events or [
            filled_event(folder, int(n)) for n in args.players.split(",") if n.strip()
        ]
        print(
            "| event | key | app | wall median ms | p90 | p90/median "
            "| main thread CPU median ms | p90 | p90/median | all threads CPU mean ms "
            "| /floor (wall, CPU medians) | runs (paused) | load before, after |\n"
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
        )
        for db in events:
            load = os.getloadavg()[0]
            t = measure(
                db,
                args.runs,
                args.quiet,
                profile=args.profile,
                gc_before=args.gc_before,
                against=against,
            )
            after = os.getloadavg()[0]
            for key in KEYS:
                for name in ("console", "gc before", "against", "floor"):
                    if (name, key) not in t.wall:
                        continue
                    print(
                        f"| {db.name} | `{key}` | {name} | {_figures(t, name, key)} "
                        f"| {args.runs} ({t.paused[name, key]}) | {load:.1f}, {after:.1f} |",
                        flush=True,
                    )
            if against is not None:
                for key in KEYS:
                    ratios = [
                        statistics.median(mine["console", key])
                        / statistics.median(mine["against", key])
                        for mine in (t.wall, t.main_cpu)
                    ]
                    print(
                        f"{db.name} `{key}`: this checkout over {against}: "
                        f"{ratios[0]:.2f} wall, {ratios[1]:.2f} main thread CPU (medians)"
                    )
    print(f"quiet {args.quiet * 1000:.0f} ms")


if __name__ == "__main__":
    main()
