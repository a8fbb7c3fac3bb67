"""One result committed: the change, its audit row, and the standings recomputed.

    python benchmarks/store_result.py [--runs 1000] [--players 24]

Works on a copy of demo.db (the real 2022 event, 45 games, half of them with PGN texts), or with
``--players N`` on a filled event of N players (``normtui.demo.filled``: every round but the
last played, with records; 24 is the largest round robin FIDE's programs offer). Each run
enters a result of the last round but one as a correction of the last one (1-0 and 0-1
in turn), so every run really writes a game row and an audit row and commits, and then computes
the standings from the file, as the console does after a result. Reports the median and the
90th percentile of the wall time, and the median CPU time (steadier when other work shares
the machine).
Target: the result committed, median <= 2 ms on the 2-core reference machine (the standings
after it are part of what a console shows after a key, whose target is its own).
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


def run(runs: int, players: int | None = None) -> tuple[list[float], list[float], list[float]]:
    """Wall seconds of each run (result and standings), CPU seconds of each run, and wall
    seconds of the result alone (committed, before the standings are read)."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        if players is None:
            shutil.copyfile(ROOT / "demo.db", db)
        else:
            from normtui.demo.filled import build_filled

            build_filled(db, players)
        store = EventStore.open(db, actor="bench")
        try:
            played = store.event.rounds - 1
            boards = store.games(played)
            timings, cpu, commits = [], [], []
            last = {g.id: g.result.value for g in boards if g.result is not None}
            for i in range(runs):
                game = boards[i % len(boards)]
                result = "0-1" if last.get(game.id) == "1-0" else "1-0"
                last[game.id] = result
                start, start_cpu = time.perf_counter(), time.process_time()
                entry = store.games.enter_result(
                    played, game.white, game.black, result, correction=True
                )
                commits.append(time.perf_counter() - start)
                store.standings()
                timings.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                assert entry is not None
        finally:
            store.close()
    return timings, cpu, commits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--players", type=int, default=None, help="a filled event of N players")
    args = parser.parse_args()
    run(50)  # warm the imports
    wall, cpu, commits = run(args.runs, args.players)
    wall.sort()
    median = statistics.median(wall) * 1000
    p90 = wall[int(len(wall) * 0.9)] * 1000
    # CPU time shows the cost itself when other processes share the two cores.
    print(
        f"result + audit + standings: median {median:.2f} ms, p90 {p90:.2f} ms wall; "
        f"median {statistics.median(cpu) * 1000:.2f} ms CPU; the result alone: median "
        f"{statistics.median(commits) * 1000:.2f} ms wall; over {args.runs} runs"
        f"{'' if args.players is None else f' at {args.players} players'}"
        " (target: the result <= 2 ms)"
    )


if __name__ == "__main__":
    main()
