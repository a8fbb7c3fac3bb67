"""Startup to the pairings drawn: the console on an event against a plain Textual app drawing the
same tables, both in a pseudo-terminal as a person starts them.

    python benchmarks/tui_startup.py [EVENT.db] [--runs 20] [--against DIR]

EVENT.db defaults to demo.db; a filled event of any size comes from
``python -m normtui.demo --filled N OUT.db``.

Each run starts a fresh interpreter on a new pseudo-terminal of 120x40 (benchmarks/terminal.py)
and times from the start to the moment the frame measured is read from the terminal: the
interpreter's start, the imports, building the app and drawing it. Two kinds, interleaved run
by run (A/B, the order alternating) so that both see the same machine:

  floor     benchmarks/floor_app.py with the event's number of players: a Header, eight tabs,
            the pairings of its boards, a Footer; until its frame with the pairings in it;
  console   `python -m normtui COPY.db` (COPY: a copy of EVENT.db) until the frame with the
            round's pairings in it (their legend): what the arbiter waits for. (Its first frame
            comes earlier, with "Opening COPY.db…" where the pairings go: the store is opened
            in a thread after it; that frame is not what the arbiter came for.)

Reports each kind's median and 90th percentile wall time, the mean CPU time of the process by
then (the kernel counts it in 10 ms ticks), the console's median wall time and mean CPU as
multiples of the floor's, and the load average before and after. Target: the console <= 1.3x
the floor.

--against DIR: a second console from another copy of the package in DIR (``git archive REV
normtui assets | tar -x -C DIR``, the code before a change, first on its PYTHONPATH), in the
same pseudo-terminals, interleaved the same way (the order of the three kinds rotating run by
run): the change's figure is this console's median over that one's.

Bytecode: the children may write .pyc files (PYTHONDONTWRITEBYTECODE is dropped for them), and
the warm-up runs write them, as any installed Python does on its first start; otherwise
normtui's modules would be compiled from source on every run while Textual's come from its
wheel's .pyc files.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
import statistics
import tempfile
from pathlib import Path

from event_copy import copy_event  # benchmarks/event_copy.py
from floor_app import READY  # benchmarks/floor_app.py
from terminal import ROOT, Terminal, python  # benchmarks/terminal.py

HERE = Path(__file__).resolve().parent
KINDS = ("floor", "console", "against")
PAIRINGS_SHOWN = b"provisional until both players sign"  # the pairings' legend


def _run(kind: str, db: Path, players: int, against: Path | None) -> tuple[float, float]:
    """(wall, CPU) seconds from the start to the frame ``kind`` waits for."""
    env = {}
    if kind == "floor":
        argv = python(str(HERE / "floor_app.py"), "--players", str(players))
        shown = READY
    else:
        argv, shown = python("-m", "normtui", str(db)), PAIRINGS_SHOWN
        if kind == "against":
            assert against is not None
            env["PYTHONPATH"] = str(against)
    with Terminal(argv, cwd=db.parent, env=env) as term:
        at = term.wait_for(shown)
        return at - term.started, term.cpu()


def _p90(times: list[float]) -> float:
    return sorted(times)[int(len(times) * 0.9)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument(
        "db", nargs="?", type=Path, default=ROOT / "demo.db", help="the event (default: demo.db)"
    )
    parser.add_argument(
        "--against",
        type=Path,
        metavar="DIR",
        help="also a console from the package in DIR (the code before a change)",
    )
    args = parser.parse_args()
    against = args.against.resolve() if args.against is not None else None
    kinds = KINDS if against is not None else KINDS[:2]
    os.environ["TEXTUAL_ANIMATIONS"] = "none"  # as key_to_standings.py runs them
    wall: dict[str, list[float]] = {kind: [] for kind in kinds}
    cpu: dict[str, list[float]] = {kind: [] for kind in kinds}
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / args.db.name
        copy_event(args.db, db)
        with contextlib.closing(sqlite3.connect(db)) as conn:
            players = conn.execute("SELECT count(*) FROM players").fetchone()[0]
        for kind in kinds:  # warm the disk cache and the .pyc files
            _run(kind, db, players, against)
        for i in range(args.runs):
            # Each kind first, second, ... in turn: A/B alternating, A/B/C rotating.
            turn = i % len(kinds)
            for kind in (
                kinds[turn:] + kinds[:turn] if len(kinds) > 2 or i % 2 == 0 else kinds[::-1]
            ):
                took, used = _run(kind, db, players, against)
                wall[kind].append(took)
                cpu[kind].append(used)
    after = os.getloadavg()[0]
    medians = {kind: statistics.median(wall[kind]) for kind in kinds}
    names = {
        "floor": f"plain Textual app, its pairings of {players // 2} boards drawn",
        "console": f"`normtui {args.db.name}`, the pairings drawn",
        "against": f"`normtui {args.db.name}` from {against}, the pairings drawn",
    }
    means = {kind: statistics.fmean(cpu[kind]) for kind in kinds}
    print("| app | median wall | p90 wall | mean CPU | ratio to the floor (median wall / CPU) |")
    print("|---|---|---|---|---|")
    for kind in kinds:
        print(
            f"| {names[kind]} | {medians[kind] * 1000:.0f} ms | {_p90(wall[kind]) * 1000:.0f} ms "
            f"| {means[kind] * 1000:.0f} ms "
            f"| {medians[kind] / medians['floor']:.2f} / {means[kind] / means['floor']:.2f} |"
        )
    print(f"{args.runs} runs each, interleaved; load average {load:.1f} before, {after:.1f} after")
    if against is not None:
        print(
            f"this checkout over {against}: {medians['console'] / medians['against']:.2f} "
            f"median wall, {means['console'] / means['against']:.2f} mean CPU"
        )


if __name__ == "__main__":
    main()
