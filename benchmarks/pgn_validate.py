"""PGN validation against a bare python-chess loop, and its peak memory on a huge file.

    python benchmarks/pgn_validate.py [--games 2052] [--rounds 7] [--memory-games 100000]

(``--games 0`` or ``--memory-games 0`` skips that part.)

Builds a file of ``--games`` games by repeating the 76 real 2022 games (classical and
Armageddon, rotated so neighbours differ), then times, in the same run and interleaved so that
other work on the machine hits all three alike (``--rounds`` rounds; the best rate, and
the median over the rounds of each round's ratio to bare):

- bare: ``chess.pgn.read_game`` per game, then ``game.end().board()`` and ``board.outcome()``,
  the least a validator must do (read, replay, look at the final position);
- validate, 1 core: ``normtui.pgn.validate_file(..., jobs=1)``, every check of ``normtui
  validate``;
- validate, 2 cores: ``validate_file(..., jobs=2)``, ranges of the file on a process pool.

Then builds a file of ``--memory-games`` games and validates it in a fresh subprocess with
jobs=1 and with jobs=2, printing each process's peak resident memory (``getrusage`` maxrss:
the process itself, and the largest pool worker).

Targets on the 2-core reference machine: 1 core >= 1.2x bare; 2 cores >= 2x bare; peak
memory on 100,000 games < 150 MB.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import chess.pgn

from normtui.assets import DATA_2022, default_profile
from normtui.pgn import split_text, validate_file

_MEMORY_PROBE = """
import json, resource, sys, time
from normtui.assets import default_profile
from normtui.pgn import validate_file
start = time.perf_counter()
games = sum(1 for _ in validate_file(sys.argv[1], "main", default_profile(),
                                      jobs=int(sys.argv[2]), keep_text=False))
print(json.dumps({
    "games": games, "seconds": time.perf_counter() - start,
    "self_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "worker_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))
"""


def build(path: Path, games: int) -> int:
    """Write ``games`` real games, rotated; return the size in bytes."""
    real = []
    for name in ("classical.pgn", "armageddon.pgn"):
        text = (DATA_2022 / name).read_text(encoding="utf-8")
        real += [g.text.strip() + "\n\n" for g in split_text(text)]
    with path.open("w", encoding="utf-8") as out:
        for i in range(games):
            # Step through the games 7 at a time (76 is prime to 7): no run of equal neighbours.
            out.write(real[(i * 7 + i // len(real)) % len(real)])
    return path.stat().st_size


def bare(path: Path) -> int:
    games = 0
    with path.open(encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            game.end().board().outcome()
            games += 1
    return games


def validate(path: Path, jobs: int) -> int:
    return sum(1 for _ in validate_file(path, "main", default_profile(), jobs=jobs))


def _cpu() -> float:
    # This process and its finished children (a pool's workers, once the pool is gone).
    own, kids = (
        resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(fn: Callable[[], int]) -> tuple[int, float, float]:
    """(games, wall seconds, CPU seconds of all processes): CPU time is steadier when others
    share the cores, and for a pool it shows what the pool costs beyond the work itself."""
    start, start_cpu = time.perf_counter(), _cpu()
    games = fn()
    return games, time.perf_counter() - start, _cpu() - start_cpu


def speed(games: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "games.pgn"
        size = build(path, games)
        print(f"speed: {games} games, {size / 1e6:.1f} MB, {rounds} interleaved rounds")
        runs: dict[str, Callable[[], int]] = {
            "bare python-chess (read_game, replay, outcome)": lambda: bare(path),
            "normtui validate_file, jobs=1": lambda: validate(path, 1),
            "normtui validate_file, jobs=2": lambda: validate(path, 2),
        }
        walls: dict[str, list[float]] = {name: [] for name in runs}
        cpus: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(rounds):
            for name, fn in runs.items():
                counted, seconds, cpu = timed(fn)
                assert counted == games, (name, counted)
                walls[name].append(seconds)
                cpus[name].append(cpu)
        first = next(iter(runs))
        for name in runs:
            rate = games / min(walls[name])
            # The ratio within each round, then its median: the three runs of one round meet
            # about the same load from other work, so the ratio is steadier than the rates.
            ratio = statistics.median(b / w for b, w in zip(walls[first], walls[name], strict=True))
            cpu_ratio = statistics.median(
                b / c for b, c in zip(cpus[first], cpus[name], strict=True)
            )
            print(
                f"  {name:<48} {rate:5.0f} games/s (best)  {ratio:4.2f}x wall (median)  "
                f"{cpu_ratio:4.2f}x CPU"
            )


def memory(games: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "huge.pgn"
        size = build(path, games)
        print(f"memory: {games} games, {size / 1e6:.0f} MB, each in a fresh process")
        for jobs in (1, 2):
            probe = subprocess.run(
                [sys.executable, "-c", _MEMORY_PROBE, str(path), str(jobs)],
                capture_output=True,
                text=True,
                check=True,
            )
            r = json.loads(probe.stdout)
            workers = f", largest worker {r['worker_mb']:.0f} MB" if jobs > 1 else ""
            print(
                f"  jobs={jobs}: {r['games']} games in {r['seconds']:.0f} s "
                f"({r['games'] / r['seconds']:.0f} games/s); peak RSS: main process "
                f"{r['self_mb']:.0f} MB{workers}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2052, help="0 skips the speed run")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--memory-games", type=int, default=100_000, help="0 skips the memory run")
    args = parser.parse_args()
    if args.games:
        speed(args.games, args.rounds)
    if args.memory_games:
        memory(args.memory_games)


if __name__ == "__main__":
    main()
