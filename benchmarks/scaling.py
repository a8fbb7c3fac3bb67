"""What a larger round robin costs: reads, exports and the console against the number of players.

    python benchmarks/scaling.py [--sizes 10,24,50,100] [--series single,double,odd]
                                 [--repeats 3] [--fit 24,100] [--only MEASURES] [--keep DIR]

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

Each read opens the event afresh, as a command does (the interpreter's start is left out:
benchmarks/cli_startup.py measures that), and the figure is the median of --repeats runs of
its CPU time (``time.process_time``: steadier than wall time on a shared machine; a read
that takes over 2 s is run once), each run after a full garbage collection (a command starts
with a small heap). The last column gives, for every measure and series, the exponent k of a
least-squares fit t ~ N^k over the sizes within --fit (24 to 100 players: from the largest
round robin FIDE's pairing programs offer to four times it): the games grow as N^2, so a cost
linear in the games fits k ~ 2. Target: k <= 2.1 for the standings read and every export.
(The console's result key to the standings: benchmarks/key_to_standings.py.)
"""

from __future__ import annotations

import argparse
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

from event_copy import filled_event  # benchmarks/event_copy.py

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


def exponent(points: list[tuple[int, float]], low: int, high: int) -> float | None:
    """The slope of log t against log N (least squares) over the points from ``low`` to
    ``high`` players (an odd field's one more counts)."""
    xs = [(math.log(n), math.log(t)) for n, t in points if low <= n <= high + 1 and t > 0]
    if len(xs) < 2:
        return None
    mx = statistics.fmean(x for x, _ in xs)
    my = statistics.fmean(y for _, y in xs)
    return sum((x - mx) * (y - my) for x, y in xs) / sum((x - mx) ** 2 for x, _ in xs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10,24,50,100")
    parser.add_argument("--series", default="single,double,odd")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--fit", default="24,100", metavar="LOW,HIGH", help="the sizes the exponent is fitted over"
    )
    parser.add_argument(
        "--only",
        metavar="MEASURES",
        help="comma-separated measures or their first words, e.g. standings,export",
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
    names = [*reads, *writes]
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
                db = filled_event(folder, players, cycles)
                row = figures[kind]
                for name, read in reads.items():
                    row[name].append((players, _cpu(db, read, args.repeats)))
                if any(n.startswith("write ") for n in names):
                    for name, took in _writes(db, args.repeats).items():
                        if name in names:
                            row[name].append((players, took))
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
    print(f"{now}; load average {os.getloadavg()[0]:.1f}; CPU ms, median of {args.repeats}")
    low, high = (int(n) for n in args.fit.split(","))
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
        print(
            f"| {'measure':<14} | "
            + " | ".join(f"N={n:<5}" for n in sizes)
            + f" | k ({low}-{high}) |"
        )
        print("|" + "---|" * (len(sizes) + 2))
        for name in names:
            points = figures[kind][name]
            k = exponent(points, low, high)
            cells = " | ".join(f"{t * 1000:7.1f}" for _, t in points)
            print(f"| {name:<14} | {cells} | {'-' if k is None else f'{k:.2f}'} |")


if __name__ == "__main__":
    main()
