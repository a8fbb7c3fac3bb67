"""The command line against a script that only imports click and sqlite3 (click's own floor):
does a command start like one?

    python benchmarks/cli_startup.py [EVENT.db] [--round N] [--runs 20] [--only standings,result]

Each run starts a fresh process of the ``normtui`` console script of this interpreter's
environment (what a shell script, the live feed or a second arbiter's loop calls) on a copy of
EVENT.db (default: demo.db), and right before it the yardstick, ``python -c "import click,
sqlite3"``:
A B A B, so that both meet the same load from other work on the machine. The figure of a
command is the median over the runs of each pair's ratio, of CPU time (user + system of the
child, from ``wait4``) and of wall time.

The commands: ``--help``; the reads ``standings DB`` (and ``--json``), ``pairings DB --round N``,
``log DB``, ``clocks DB``, ``fines DB``, ``contenders DB``, ``check DB`` and ``profiles``; and
``result DB N WHITE BLACK R --correct`` on board 1 of round N (default: the current round),
alternating 1-0 and 0-1 so that every run really writes a result and its audit row.

Target: every command at most 3x the yardstick (wall time); none of them loads python-chess
or textual (tests/cli/test_lazy.py).

``--against DIR`` times a change: DIR holds another copy of the package (``git archive REV
normtui assets | tar -x -C DIR``, the code before the change), and each round runs the
yardstick, that copy's command and this checkout's, both started as ``python -c`` with their
folder first on the path (A B interleaved, so both meet the same load); the figure is then also
the median of this checkout's CPU time over that copy's.

Bytecode: the children may write .pyc files (PYTHONDONTWRITEBYTECODE is dropped for them) and a
warm-up run of each writes them, as an installed Python does on its first start.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from event_copy import copy_event  # benchmarks/event_copy.py

ROOT = Path(__file__).resolve().parent.parent


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU, wall) seconds of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode not in (0, 1):  # 1: `check` found what the demo's report lacks
        raise SystemExit(f"{' '.join(argv)}: exit {proc.returncode}: {err.strip()}")
    return usage.ru_utime + usage.ru_stime, wall


def _board(db: Path, round_no: int | None) -> tuple[int, int, int]:
    from normtui.store import EventStore

    store = EventStore.open(db, actor="bench")
    try:
        rnd = round_no or store.rounds.current()
        game = store.games(rnd)[0]
        return rnd, game.white, game.black
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("db", nargs="?", type=Path, default=ROOT / "demo.db")
    parser.add_argument("--round", type=int, help="the round for pairings and result")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--only", help="comma-separated commands to time")
    parser.add_argument(
        "--against", type=Path, help="a folder with another copy of the package, to compare"
    )
    args = parser.parse_args()
    if args.against is not None:
        _against(args)
        return
    normtui = str(Path(sys.executable).with_name("normtui"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        commands, rnd = _timed_commands(args, Path(tmp))
        yardstick = [sys.executable, "-c", "import click, sqlite3"]
        for make in commands.values():  # warm the disk cache and write the .pyc files
            _run([normtui, *make()], env)
        _run(yardstick, env)
        ratios: dict[str, tuple[list[float], list[float]]] = {k: ([], []) for k in commands}
        base: list[float] = []
        for _ in range(args.runs):
            for name, make in commands.items():
                b_cpu, b_wall = _run(yardstick, env)
                a_cpu, a_wall = _run([normtui, *make()], env)
                base.append(b_cpu)
                ratios[name][0].append(a_cpu / b_cpu)
                ratios[name][1].append(a_wall / b_wall)
    print(
        f'yardstick `python -c "import click, sqlite3"`: median '
        f"{statistics.median(base) * 1000:.0f} ms CPU"
    )
    for name, (cpu, wall) in ratios.items():
        target = 3.0
        print(
            f"  {name:<16} {statistics.median(cpu):4.2f}x CPU, {statistics.median(wall):4.2f}x "
            f"wall (median of {len(cpu)} pairs; target <= {target}x)"
        )
    print(f"load average {os.getloadavg()[0]:.1f}; {args.db.name}, round {rnd}")


def _timed_commands(
    args: argparse.Namespace, folder: Path
) -> tuple[dict[str, Callable[[], list[str]]], int]:
    """The commands to time, on a copy of the event in ``folder`` (--only: those named), and
    the round their board is of."""
    db = folder / "event.db"
    copy_event(args.db, db)
    rnd, white, black = _board(db, args.round)
    commands = _commands(db, rnd, white, black)
    if args.only:
        commands = {k: v for k, v in commands.items() if k in args.only.split(",")}
    return commands, rnd


def _commands(db: Path, rnd: int, white: int, black: int) -> dict[str, Callable[[], list[str]]]:
    flip = iter(range(1 << 30))
    return {
        "--help": lambda: ["--help"],
        "standings": lambda: ["standings", str(db)],
        "standings --json": lambda: ["standings", str(db), "--json"],
        "pairings": lambda: ["pairings", str(db), "--round", str(rnd)],
        "log": lambda: ["log", str(db)],
        "clocks": lambda: ["clocks", str(db)],
        "fines": lambda: ["fines", str(db)],
        "contenders": lambda: ["contenders", str(db)],
        "check": lambda: ["check", str(db)],
        "profiles": lambda: ["profiles"],
        "result": lambda: [
            "result",
            str(db),
            str(rnd),
            str(white),
            str(black),
            ("1-0", "0-1")[next(flip) % 2],
            "--correct",
        ],
    }


# A copy of the package started as the console script starts it.
_ENTRY = "import sys; sys.argv[0] = 'normtui'; from normtui.launch import main; main()"


def _against(args: argparse.Namespace) -> None:
    """This checkout's commands against another copy's, A B interleaved with the yardstick."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    envs = {
        "this": {**env, "PYTHONPATH": str(ROOT)},
        "against": {**env, "PYTHONPATH": str(args.against.resolve())},
    }
    with tempfile.TemporaryDirectory() as tmp:
        commands, rnd = _timed_commands(args, Path(tmp))
        yardstick = [sys.executable, "-c", "import click, sqlite3"]
        cwd = os.getcwd()
        os.chdir(tmp)  # python -c puts the current folder first on the path
        try:
            for make in commands.values():
                for which in envs.values():
                    _run([sys.executable, "-c", _ENTRY, *make()], which)
            cpu: dict[str, dict[str, list[float]]] = {
                k: {"this": [], "against": []} for k in commands
            }
            gain: dict[str, list[float]] = {k: [] for k in commands}
            base: list[float] = []
            for _ in range(args.runs):
                for name, make in commands.items():
                    y_cpu, _ = _run(yardstick, env)
                    b_cpu, _ = _run([sys.executable, "-c", _ENTRY, *make()], envs["against"])
                    a_cpu, _ = _run([sys.executable, "-c", _ENTRY, *make()], envs["this"])
                    base.append(y_cpu)
                    cpu[name]["against"].append(b_cpu / y_cpu)
                    cpu[name]["this"].append(a_cpu / y_cpu)
                    gain[name].append(a_cpu / b_cpu)
        finally:
            os.chdir(cwd)
    print(
        f"yardstick: median {statistics.median(base) * 1000:.0f} ms CPU; CPU of the yardstick, "
        f"{args.against} -> this checkout"
    )
    for name in commands:
        print(
            f"  {name:<16} {statistics.median(cpu[name]['against']):4.2f}x -> "
            f"{statistics.median(cpu[name]['this']):4.2f}x; this / that "
            f"{statistics.median(gain[name]):4.2f} (median of {args.runs} rounds)"
        )
    print(f"load average {os.getloadavg()[0]:.1f}; {args.db.name}, round {rnd}")


if __name__ == "__main__":
    main()
