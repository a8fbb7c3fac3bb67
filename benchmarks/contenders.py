"""Who can still finish first on a larger event: the race's search against players and rounds.

    python benchmarks/contenders.py [--events 10:5,16:10,18:12,20:14,24:6,24:12,24:18]
                                    [--sweep N] [--cycles 1] [--keep DIR]

Each event N:R is a filled event of N players with results up to round R, built as
``python -m normtui.demo --filled N --through R`` builds it (in a temporary folder, or in DIR
with ``--keep DIR``, where a file already built is used again). For each, the race's inputs
are read once (``EventStore.feed.race_question``, what the console reads on its event loop: timed
as "read") and the search (``normtui.rules.contenders.race``, what runs in a thread) is timed
on its own: wall time, the median and the slowest of three runs, and the median CPU time
(steadier on a shared machine); then once more under ``tracemalloc`` for its peak memory.
Also given: the steps of search it spent of its budget (``contenders.STEPS``), the players
whose chance of first place is undecided, and those with a place given as a range.
``--sweep N``: every round of an event of N players instead (0 to the last but one).

Target: at most 1 s at 24 players at any round, memory bounded (no enumeration of outcomes).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from normtui.demo.filled import build_filled
from normtui.rules import contenders
from normtui.rules.race_search import Budget
from normtui.store import EventStore


def _event(folder: Path, players: int, through: int, cycles: int) -> Path:
    path = folder / f"filled-{players}x{cycles}-r{through}.db"
    if not path.exists():
        build_filled(path, players, cycles=cycles, through=through)
    return path


def measure(path: Path) -> dict[str, object]:
    with EventStore.open(path) as store:
        start = time.perf_counter()
        question = store.feed.race_question()
        read = time.perf_counter() - start
        rounds = store.event.rounds
    times, cpu = [], []
    for _ in range(3):
        start, started = time.perf_counter(), time.process_time()
        rows = question()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - started)
    tracemalloc.start()
    question()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    budget = Budget(contenders.STEPS)
    question(budget=budget)
    return {
        "read": read,
        "race": statistics.median(times),
        "worst": max(times),
        "cpu": statistics.median(cpu),
        "peak": peak,
        "steps": contenders.STEPS - max(budget.left, 0),
        "rounds": rounds,
        "left": max((r.games_left for r in rows), default=0),
        "undecided": sum(1 for r in rows if r.can_win is None),
        "ranges": sum(1 for r in rows if not r.settled),
        "can_win": sum(1 for r in rows if r.can_win),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", default="10:5,16:10,18:12,20:14,24:6,24:12,24:18")
    parser.add_argument("--sweep", type=int, metavar="N")
    parser.add_argument("--cycles", type=int, default=1)
    parser.add_argument("--keep", type=Path)
    args = parser.parse_args(argv)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="normtui-contenders-"))
    folder.mkdir(parents=True, exist_ok=True)
    if args.sweep:
        rounds = (args.sweep - 1 + args.sweep % 2) * args.cycles
        events = [(args.sweep, r) for r in range(rounds)]
    else:
        events = [tuple(int(x) for x in e.split(":")) for e in args.events.split(",")]
    print(f"STEPS = {contenders.STEPS:,}; Python {sys.version.split()[0]}")
    print(
        f"{'event':>14} {'left':>4} {'read':>7} {'race':>7} {'worst':>7} {'cpu':>7} {'peak':>8} "
        f"{'steps':>9} {'can win':>7} {'undecided':>9} {'ranges':>6}"
    )
    for players, through in events:
        m = measure(_event(folder, players, through, args.cycles))
        print(
            f"{f'{players} after r{through}':>14} {m['left']:>4} "
            f"{m['read'] * 1000:>5.0f}ms {m['race'] * 1000:>5.0f}ms "
            f"{m['worst'] * 1000:>5.0f}ms {m['cpu'] * 1000:>5.0f}ms "
            f"{m['peak'] / 1e6:>6.1f}MB {m['steps']:>9,} "
            f"{m['can_win']:>7} {m['undecided']:>9} {m['ranges']:>6}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
