"""Startup to the first frame: the console on an event against a bare Textual app, both in a
pseudo-terminal as a person starts them.

    python benchmarks/tui_startup.py [EVENT.db] [--runs 20]

EVENT.db defaults to demo.db; a filled event of any size comes from
``python -m normtui.demo --filled N OUT.db``.

Each run starts a fresh interpreter on a new pseudo-terminal of 120x40 (benchmarks/terminal.py)
and times from the start to the moment the frame measured is read from the terminal: the
interpreter's start, the imports, building the app and drawing it. Three kinds, interleaved run
by run so that all see the same machine:

  bare      the yardstick, benchmarks/bare_app.py (a Header, a 10x8 DataTable, a Static, a
            Footer), until its frame with "bare app ready";
  first     `python -m normtui COPY.db` (COPY: a copy of EVENT.db) until its first frame: the
            header, the first tab, the keys, "Opening COPY.db…";
  pairings  the same command until the frame with the round's pairings in it (the store is
            opened in a thread after the first frame, then the pane built).

Reports each kind's median wall time, the mean CPU time of the process by then (the kernel
counts it in 10 ms ticks) and the ratios to the bare app. Target: first <= 1.3x bare.

Bytecode: the children may write .pyc files (PYTHONDONTWRITEBYTECODE is dropped for them), and
the warm-up runs write them, as any installed Python does on its first start; otherwise
normtui's modules would be compiled from source on every run while Textual's come from its
wheel's .pyc files.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from event_copy import copy_event  # benchmarks/event_copy.py
from terminal import ROOT, Terminal, python  # benchmarks/terminal.py

HERE = Path(__file__).resolve().parent
KINDS = ("bare", "first", "pairings")


def _run(kind: str, db: Path) -> tuple[float, float]:
    """(wall, CPU) seconds from the start to the frame ``kind`` waits for."""
    if kind == "bare":
        argv, shown = python(str(HERE / "bare_app.py")), b"bare app ready"
    else:
        argv = python("-m", "normtui", str(db))
        shown = b"Opening" if kind == "first" else b"provisional until both players sign"
    with Terminal(argv, cwd=db.parent) as term:
        at = term.wait_for(shown)
        return at - term.started, term.cpu()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument(
        "db", nargs="?", type=Path, default=ROOT / "demo.db", help="the event (default: demo.db)"
    )
    args = parser.parse_args()
    wall: dict[str, list[float]] = {kind: [] for kind in KINDS}
    cpu: dict[str, list[float]] = {kind: [] for kind in KINDS}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / args.db.name
        copy_event(args.db, db)
        for kind in KINDS:  # warm the disk cache and the .pyc files
            _run(kind, db)
        for _ in range(args.runs):
            for kind in KINDS:
                took, used = _run(kind, db)
                wall[kind].append(took)
                cpu[kind].append(used)
    medians = {kind: statistics.median(wall[kind]) for kind in KINDS}
    means = {kind: statistics.fmean(cpu[kind]) for kind in KINDS}
    names = {
        "bare": "bare Textual app",
        "first": f"`normtui {args.db.name}`, first frame",
        "pairings": f"`normtui {args.db.name}`, the pairings shown",
    }
    print("| app | median wall | min wall | mean CPU | ratio to bare (wall / CPU) |")
    print("|---|---|---|---|---|")
    for kind in KINDS:
        print(
            f"| {names[kind]} | {medians[kind] * 1000:.0f} ms | {min(wall[kind]) * 1000:.0f} ms "
            f"| {means[kind] * 1000:.0f} ms | {medians[kind] / medians['bare']:.2f} / "
            f"{means[kind] / means['bare']:.2f} |"
        )
    print(f"{args.runs} runs each, interleaved; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
