"""Startup to the first frame: the console on an event against a bare Textual app.

    python benchmarks/tui_startup.py [EVENT.db] [--runs 30]

EVENT.db defaults to demo.db; a filled event of any size comes from
``python -m normtui.demo --filled N OUT.db``.

Each run spawns a fresh Python process (`python benchmarks/tui_startup.py --child KIND`) that
builds its app and runs it headless at 120x40; the moment Textual hands the frame measured to
the driver the child prints time.monotonic() and leaves at once (os._exit). The parent took
time.monotonic() just before spawning it (the clock is system-wide), so a run measures the
interpreter's start, the imports, building the app and its frame: what the arbiter waits for
after typing `normtui`.

The bare app is the yardstick: a Header, a DataTable of 10 rows x 8 columns, a Footer.
The console is started exactly as `normtui EVENT.db` starts it (normtui.launch.main on a copy
of EVENT.db), and measured to two frames:
  first    its first frame: header, the first tab, the keys, "Opening EVENT.db…" (the
           measure);
  pairings the first frame with the round's pairings in it (store opened in a thread after
           the first frame, pane built).
Runs interleave bare / first / pairings so that all see the same machine; the report gives each
median and the ratios, of wall time and of the child's CPU time. Target: first <= 1.3x bare.

Bytecode: the children may write .pyc files (PYTHONDONTWRITEBYTECODE is dropped for them), and
the warm-up runs write them, as any installed Python does on its first start; otherwise
normtui's 40-odd modules would be compiled from source on every run while Textual's come
from its wheel's .pyc files.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from event_copy import copy_event  # benchmarks/event_copy.py

ROOT = Path(__file__).resolve().parent.parent
SIZE = (120, 40)


def _exit_at_first_frame(app: Any) -> None:
    display = app._display

    def first(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        if renderable is not None:
            print(time.monotonic(), time.process_time(), flush=True)
            os._exit(0)

    app._display = first


def _bare() -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import DataTable, Footer, Header

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Header()
            yield DataTable()
            yield Footer()

        def on_mount(self) -> None:
            table = self.query_one(DataTable)
            table.add_columns(*(f"c{i}" for i in range(8)))
            for r in range(10):
                table.add_row(*(f"{r}.{c}" for c in range(8)))

    app = Bare()
    _exit_at_first_frame(app)
    app.run(headless=True, size=SIZE)


def _console(db: str, until_pairings: bool) -> None:
    """The console exactly as `normtui demo.db` opens it (the console script's entry point),
    headless; ``until_pairings``: the first frame that shows the round's pairings."""
    from textual.app import App

    run = App.run

    def headless(app: Any, **_kwargs: Any) -> Any:
        if until_pairings:
            _exit_when_pairings_shown(app)
        else:
            _exit_at_first_frame(app)
        return run(app, headless=True, size=SIZE)

    App.run = headless  # type: ignore[method-assign]
    from normtui.launch import main

    main([db])


def _exit_when_pairings_shown(app: Any) -> None:
    display = app._display

    def shown(screen: Any, renderable: Any) -> None:
        display(screen, renderable)
        tables = screen.query("PairingsTable")
        if renderable is not None and tables and tables.first().row_count:
            print(time.monotonic(), time.process_time(), flush=True)
            os._exit(0)

    app._display = shown


def _spawn(kind: str, db: Path) -> tuple[float, float]:
    """(wall, CPU) seconds from the spawn to the child's frame."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.monotonic()
    out = subprocess.run(
        [sys.executable, __file__, "--child", kind, str(db)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env=env,
    )
    wall, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(wall) - start, float(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--child", choices=("bare", "first", "pairings"))
    parser.add_argument(
        "db", nargs="?", type=Path, default=ROOT / "demo.db", help="the event (default: demo.db)"
    )
    args = parser.parse_args()
    if args.child == "bare":
        _bare()
        return
    if args.child in ("first", "pairings"):
        _console(str(args.db), until_pairings=args.child == "pairings")
        return
    kinds = ("bare", "first", "pairings")
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    cpus: dict[str, list[float]] = {kind: [] for kind in kinds}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / args.db.name
        copy_event(args.db, db)
        for kind in kinds:  # warm the disk cache and the .pyc files
            _spawn(kind, db)
        for _ in range(args.runs):
            for kind in kinds:
                wall, cpu = _spawn(kind, db)
                times[kind].append(wall)
                cpus[kind].append(cpu)
    medians = {kind: statistics.median(times[kind]) * 1000 for kind in kinds}
    cpu_medians = {kind: statistics.median(cpus[kind]) * 1000 for kind in kinds}
    names = {
        "bare": "bare Textual app (Header, 10x8 DataTable, Footer)",
        "first": f"`normtui {args.db.name}`, first frame",
        "pairings": f"`normtui {args.db.name}`, first frame with the pairings",
    }
    for kind in kinds:
        ratio = (
            ""
            if kind == "bare"
            else (
                f"; ratio {medians[kind] / medians['bare']:.2f} wall, "
                f"{cpu_medians[kind] / cpu_medians['bare']:.2f} CPU"
            )
        )
        print(
            f"{names[kind]}: median {medians[kind]:.0f} ms wall "
            f"(min {min(times[kind]) * 1000:.0f}), {cpu_medians[kind]:.0f} ms CPU{ratio}"
        )
    print(f"{args.runs} runs each, interleaved; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
