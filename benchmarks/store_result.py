"""One result committed: the change, its audit row, and the standings recomputed.

    python benchmarks/store_result.py [--runs 1000]

Works on a copy of demo.db (the real 2022 event, 45 games, half of them with PGN texts). Each
run enters a round-8 result as a correction of the last one (1-0, then 0-1, ...), so every run
really writes a game row and an audit row and commits, and then computes the standings from
the file, as the console does after a result. Reports the median and the 90th percentile of the
wall time, and the median CPU time (steadier when other work shares the machine).
Target: median <= 2 ms on the 2-core reference machine.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from normtui.store import EventStore

ROOT = Path(__file__).resolve().parent.parent


def run(runs: int) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        shutil.copyfile(ROOT / "demo.db", db)
        store = EventStore.open(db, actor="bench")
        try:
            boards = store.games(8)
            timings, cpu = [], []
            for i in range(runs):
                game = boards[i % len(boards)]
                result = "1-0" if (i // len(boards)) % 2 == 0 else "0-1"
                start, start_cpu = time.perf_counter(), time.process_time()
                entry = store.enter_result(8, game.white, game.black, result, correction=True)
                store.standings()
                timings.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                assert entry is not None
        finally:
            store.close()
    return timings, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1000)
    args = parser.parse_args()
    run(50)  # warm the caches and the imports
    wall, cpu = run(args.runs)
    wall.sort()
    median = statistics.median(wall) * 1000
    p90 = wall[int(len(wall) * 0.9)] * 1000
    # CPU time shows the cost itself when other processes share the two cores.
    print(
        f"result + audit + standings: median {median:.2f} ms, p90 {p90:.2f} ms wall; "
        f"median {statistics.median(cpu) * 1000:.2f} ms CPU; over {args.runs} runs "
        "(target <= 2 ms)"
    )


if __name__ == "__main__":
    main()
