"""Startup to the first frame: the console on demo.db against a bare Textual app.

    python benchmarks/tui_startup.py [--runs 30]

Each run spawns a fresh Python process (`python benchmarks/tui_startup.py --child bare|console`)
that builds its app and runs it headless at 120x40; the moment Textual hands its first frame to
the driver the child prints time.monotonic() and leaves at once (os._exit). The parent took
time.monotonic() just before spawning it (the clock is system-wide), so a run measures the
interpreter's start, the imports, building the app and its first frame: what the arbiter waits
for after typing `normtui`.

The bare app is the issue's yardstick: a Header, a DataTable of 10 rows x 8 columns, a Footer.
The console opens a copy of demo.db as `normtui demo.db` does, measured two ways: from the
console's own launcher (normtui.commands.open.run_console: store, app, first frame), and from
the console script's entry point (normtui.launch.main, which first imports every command group of
the CLI). Runs interleave bare / console / cli so that all see the same machine; the report
gives each median and the ratios, of wall time and of the child's CPU time (the steadier one
when other work shares the two cores). Target: ratio <= 1.3.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

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


def _console(db: str, through_cli: bool) -> None:
    """The console exactly as `normtui demo.db` opens it, headless; ``through_cli``: by the
    console script's own entry point (which first loads every command group)."""
    from textual.app import App

    run = App.run

    def headless(app: Any, **_kwargs: Any) -> Any:
        _exit_at_first_frame(app)
        return run(app, headless=True, size=SIZE)

    App.run = headless  # type: ignore[method-assign]
    if through_cli:
        from normtui.launch import main

        main([db])
    else:
        from normtui.commands.open import run_console

        run_console(Path(db))


def _spawn(kind: str, db: Path) -> tuple[float, float]:
    """(wall, CPU) seconds from the spawn to the child's first frame."""
    start = time.monotonic()
    out = subprocess.run([sys.executable, __file__, "--child", kind, str(db)],
                         capture_output=True, text=True, timeout=60, check=True)
    wall, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(wall) - start, float(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--child", choices=("bare", "console", "cli"))
    parser.add_argument("db", nargs="?")
    args = parser.parse_args()
    if args.child == "bare":
        _bare()
        return
    if args.child in ("console", "cli"):
        _console(args.db, through_cli=args.child == "cli")
        return
    kinds = ("bare", "console", "cli")
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    cpus: dict[str, list[float]] = {kind: [] for kind in kinds}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "demo.db"
        shutil.copyfile(ROOT / "demo.db", db)
        for kind in kinds:  # warm the disk cache and the .pyc files
            _spawn(kind, db)
        for _ in range(args.runs):
            for kind in kinds:
                wall, cpu = _spawn(kind, db)
                times[kind].append(wall)
                cpus[kind].append(cpu)
    medians = {kind: statistics.median(times[kind]) * 1000 for kind in kinds}
    cpu_medians = {kind: statistics.median(cpus[kind]) * 1000 for kind in kinds}
    names = {"bare": "bare Textual app (Header, 10x8 DataTable, Footer)",
             "console": "normtui console on demo.db (normtui.commands.open.run_console)",
             "cli": "`normtui demo.db` through the console script (normtui.launch.main)"}
    for kind in kinds:
        ratio = "" if kind == "bare" else (
            f"; ratio {medians[kind] / medians['bare']:.2f} wall, "
            f"{cpu_medians[kind] / cpu_medians['bare']:.2f} CPU")
        print(f"{names[kind]}: median {medians[kind]:.0f} ms wall "
              f"(min {min(times[kind]) * 1000:.0f}), {cpu_medians[kind]:.0f} ms CPU{ratio}")
    print(f"{args.runs} runs each, interleaved; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
