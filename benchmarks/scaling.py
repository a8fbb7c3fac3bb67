"""What a larger round robin costs: reads, exports and the console against the number of players.

    python benchmarks/scaling.py [--sizes 10,20,50,100,200] [--series single,double,odd]
                                 [--repeats 3] [--console-runs 10] [--only MEASURES]
                                 [--keep DIR]

For each size N and each series (``single``: a single round robin of N players; ``double``: a
double round robin of N players; ``odd``: a single round robin of N + 1 players, a bye each
round) the script builds a filled event as ``python -m normtui.demo --filled N`` does (every
round but the last with its results and PGN texts) in a temporary folder (or in DIR with
``--keep DIR``, where a file already built is used again), then times, in this process:

  standings  ``store.playoff.final_standings()``, what ``normtui standings`` prints
  rounds     ``store.rounds()``, what ``normtui rounds`` prints
  games      ``store.games()``, every game with its records
  export F   ``export_event(store, fmt)`` for html, trf, trf16, pgn, csv, json and md
  snapshot   ``take_snapshot(store)``, the one read of the store every export starts with
  write F    the export's own work: its writer on a snapshot taken before (not timed), for
             every format but pgn (whose writer is nearly all of its export)
  console    the console's result key to the repainted standings (benchmarks/tui_repaint.py:
             the headless console at 120x40, a result entered on a board of the last round,
             until the frame with the new table), median of --console-runs runs

Each read opens the event afresh, as a command does (the interpreter's start is left out:
benchmarks/cli_startup.py measures that), and the figure is the median of --repeats runs of
its CPU time (``time.process_time``: steadier than wall time on a shared machine; a read
that takes over 2 s is run once), each run after a full garbage collection (a command starts
with a small heap); the console
is given in wall time too. The last lines give, for every measure and series, the exponent
k of a least-squares fit t ~ N^k over the sizes from 50 to 200: the games grow as N^2, so a
cost linear in the games fits k ~ 2. Target: k <= 2.1 for every read and export,
and the console's result to standings at most 15 ms at 20 players, 50 ms at 100.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import math
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import tui_repaint  # the console's measure: benchmarks/tui_repaint.py, beside this script

from normtui.demo_filled import build_filled
from normtui.export import export_event, writer
from normtui.export.snapshot import take_snapshot
from normtui.store import EventStore

EXPORTS = ("html", "trf", "trf16", "pgn", "csv", "json", "md")
SERIES = {"single": (0, 1), "double": (0, 2), "odd": (1, 1)}  # (players added, cycles)


def _cpu(db: Path, read: Callable[[EventStore], object], repeats: int) -> float:
    """Median CPU seconds of opening the event, ``read``, closing it."""
    times = []
    for _ in range(repeats):
        gc.collect()  # what the measures before left for the collector is not this one's
        start = time.process_time()
        store = EventStore.open(db, actor="bench")
        try:
            read(store)
        finally:
            store.close()
        times.append(time.process_time() - start)
        if times[0] > 2:  # a PGN export of thousands of games: once is precise enough
            break
    return statistics.median(times)


def _reads() -> dict[str, Callable[[EventStore], object]]:
    reads: dict[str, Callable[[EventStore], object]] = {
        "standings": lambda s: s.playoff.final_standings(),
        "rounds": lambda s: s.rounds(),
        "games": lambda s: s.games(),
    }
    for fmt in EXPORTS:
        reads[f"export {fmt}"] = lambda s, fmt=fmt: export_event(s, fmt)
    reads["snapshot"] = take_snapshot
    return reads


def _writes(db: Path, repeats: int) -> dict[str, float]:
    """Median CPU seconds of each writer but pgn's on one snapshot of the event."""
    store = EventStore.open(db, actor="bench")
    try:
        snap = take_snapshot(store)
    finally:
        store.close()
    out = {}
    for fmt in EXPORTS:
        if fmt == "pgn":
            continue
        write = writer(fmt)
        times = []
        for _ in range(repeats):
            gc.collect()
            start = time.process_time()
            write(snap)
            times.append(time.process_time() - start)
        out[f"write {fmt}"] = statistics.median(times)
    return out


def _event(folder: Path, players: int, cycles: int) -> Path:
    db = folder / f"filled-{players}-{cycles}.db"
    if not db.exists():
        start = time.perf_counter()
        build_filled(db, players, cycles=cycles)
        print(f"  built {db.name} in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return db


def _console(db: Path, runs: int) -> tuple[float, float]:
    """Median (wall, CPU) seconds of the result key to the repainted standings."""
    rnd, boards = tui_repaint.free_boards(db, None)
    asyncio.run(tui_repaint.measure(db, rnd, boards, 2, False))  # warm the caches
    wall, cpu = asyncio.run(tui_repaint.measure(db, rnd, boards, runs, False))
    return statistics.median(wall), statistics.median(cpu)


def exponent(points: list[tuple[int, float]]) -> float | None:
    """The slope of log t against log N (least squares) over the points from 50 to 200."""
    xs = [(math.log(n), math.log(t)) for n, t in points if 50 <= n <= 201 and t > 0]
    if len(xs) < 2:
        return None
    mx = statistics.fmean(x for x, _ in xs)
    my = statistics.fmean(y for _, y in xs)
    return sum((x - mx) * (y - my) for x, y in xs) / sum((x - mx) ** 2 for x, _ in xs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10,20,50,100,200")
    parser.add_argument("--series", default="single,double,odd")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--console-runs", type=int, default=10, help="0: no console figure")
    parser.add_argument(
        "--only",
        metavar="MEASURES",
        help="comma-separated measures or their first words, e.g. standings,write,console",
    )
    parser.add_argument(
        "--keep",
        type=Path,
        metavar="DIR",
        help="build the events in DIR and use those already there",
    )
    args = parser.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    series = args.series.split(",")
    unknown = set(series) - set(SERIES)
    if unknown:
        parser.error(f"unknown series {', '.join(sorted(unknown))}; use {', '.join(SERIES)}")
    reads = _reads()
    writes = [f"write {fmt}" for fmt in EXPORTS if fmt != "pgn"]
    names = [*reads, *writes, *(("console", "console wall") if args.console_runs else ())]
    if args.only:
        wanted = args.only.split(",")
        names = [n for n in names if any(n.startswith(w) for w in wanted)]
        reads = {k: v for k, v in reads.items() if k in names}
    # figures[series][measure] = [(players, seconds), ...]
    figures: dict[str, dict[str, list[tuple[int, float]]]] = {
        s: {m: [] for m in names} for s in series
    }
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for kind in series:
            extra, cycles = SERIES[kind]
            for size in sizes:
                players = size + extra
                db = _event(folder, players, cycles)
                row = figures[kind]
                for name, read in reads.items():
                    row[name].append((players, _cpu(db, read, args.repeats)))
                if any(n.startswith("write ") for n in names):
                    for name, took in _writes(db, args.repeats).items():
                        if name in names:
                            row[name].append((players, took))
                if "console" in names:
                    wall, cpu = _console(db, args.console_runs)
                    row["console"].append((players, cpu))
                    if "console wall" in names:
                        row["console wall"].append((players, wall))
                games = players * (players - 1) // 2 * cycles
                print(f"  {kind} {players} ({games} games) done", file=sys.stderr)
    _print(figures, names, series, args)


def _print(
    figures: dict[str, dict[str, list[tuple[int, float]]]],
    names: list[str],
    series: list[str],
    args: argparse.Namespace,
) -> None:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"{now}; load average {os.getloadavg()[0]:.1f}; CPU ms, median of "
        f"{args.repeats} (console: of {args.console_runs} runs)"
    )
    for kind in series:
        sizes = [n for n, _ in figures[kind][names[0]]]
        print(
            f"\n{kind}: "
            + {
                "single": "single round robin",
                "double": "double round robin",
                "odd": "single round robin, odd field",
            }[kind]
        )
        print(f"| {'measure':<14} | " + " | ".join(f"N={n:<5}" for n in sizes) + " | k (50-200) |")
        print("|" + "---|" * (len(sizes) + 2))
        for name in names:
            points = figures[kind][name]
            k = exponent(points)
            cells = " | ".join(f"{t * 1000:7.1f}" for _, t in points)
            print(f"| {name:<14} | {cells} | {'-' if k is None else f'{k:.2f}'} |")


if __name__ == "__main__":
    main()
