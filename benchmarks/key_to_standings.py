"""From the result key to the standings shown, as the arbiter meets it: keys typed into the
console in a pseudo-terminal, until the screen stops changing.

    python benchmarks/key_to_standings.py [--players 10,24,100] [--runs 40] [--quiet 0.1]
                                          [--keep DIR] [EVENT.db ...]

For each size the console is started as the arbiter starts it (`python -m normtui COPY.db`,
120x40, in a pseudo-terminal: benchmarks/terminal.py) on a filled event (built as
`python -m normtui.demo --filled N` builds it, kept in DIR with --keep; or the events given),
with the pairings of the round being played in front and the cursor on a board without a
result. Each run types `w` and `3` at once (White wins on that board, then pane 3, the
standings) and times from the keys to the last byte the console writes before --quiet seconds
of silence: the result written, the standings re-read and drawn, the line above the table and
the race line, the status line. A run that falls silent for longer than --quiet before the
line above the table is shown is timed to the silence after that line (and counted: "paused").
Then, untimed, ctrl+z and `y` undo the result and `1` brings the pairings back, each waited
for on the screen, so every run enters a real result (counted afterwards in the copy's audit
log). The CPU time is the console process's over the same span, every thread's.

Beside it, in the same process and interleaved run by run, two yardsticks
(benchmarks/bare_app.py), timed the same way: a bare Textual app whose key `w` changes one
Static (key -> repaint, the floor of any key), and the same job as the console's in plain
Textual (`--tabs`: `w3` writes a result into a pairings table, fills a 24-player standings
table afresh and shows its tab; `1` goes back, untimed): the floor under a result key that
changes the pane in front, with nothing of normtui in it.

Two things that are not the app's latency are kept out of the clock. The header's clock writes
once a second: each run types its keys right after a tick, so the next is a second away.
Textual's tab underline slides for 0.3 s after a tab changes: the apps run with
TEXTUAL_ANIMATIONS=none (it jumps), as the standings are on screen before it ends.

Reports median and 90th percentile (wall time) of each, the console's mean CPU time, and its
median as a ratio of each yardstick's. The console freezes its heap for Python's collector once
it has opened (gc.freeze()), as it does for the arbiter. --profile FILE: the console run under
cProfile (its times are then the profiler's, not the console's), the profile written to FILE
when it quits: where the time goes.

Targets: median <= 3x the bare app, p90 <= 60 ms at 24 players, <= 150 ms at 100 players.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
import statistics
import tempfile
from pathlib import Path

from bare_app import READY, TABS_READY  # benchmarks/bare_app.py
from event_copy import copy_event, filled_event  # benchmarks/event_copy.py
from terminal import Terminal, python  # benchmarks/terminal.py

HERE = Path(__file__).resolve().parent
TICK = 1.0  # the header clock's interval
PAIRINGS_SHOWN = b"provisional until both players sign"  # the pairings' legend
STANDINGS_SHOWN = b"After round"  # the line above the standings, drawn after the table


def _after_tick(term: Terminal, quiet: float) -> None:
    """Wait for the console to be idle just after its clock's tick."""
    term.idle(quiet)
    # No tick (a console without the clock): idle is enough.
    with contextlib.suppress(TimeoutError):
        term.settled_after(term.last_output, quiet, limit=TICK + quiet)


def _results(db: Path) -> int:
    """Results entered in ``db``'s audit log."""
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT count(*) FROM audit WHERE action = 'result'").fetchone()[0]


def _console_argv(db: Path, profile: Path | None) -> list[str]:
    if profile is not None:  # the console under cProfile, which writes it when it quits
        return python("-m", "cProfile", "-o", str(profile), "-m", "normtui", str(db))
    return python("-m", "normtui", str(db))


def measure(
    db: Path,
    runs: int,
    quiet: float,
    *,
    profile: Path | None = None,
    warm: int = 3,
) -> dict[str, list[float]]:
    """Seconds of ``runs`` runs: the console's w+3 -> standings (wall and CPU), the bare
    app's key -> repaint and the bare tabs' w3 -> standings (wall)."""
    os.environ["TEXTUAL_ANIMATIONS"] = "none"  # inherited by both children
    times: dict[str, list[float]] = {
        "console": [],
        "console CPU": [],
        "bare": [],
        "tabs": [],
        "paused": [],
    }
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "event.db"
        copy_event(db, copy)
        before = _results(copy)
        with (
            Terminal(_console_argv(copy, profile), cwd=Path(tmp)) as console,
            Terminal(python(str(HERE / "bare_app.py"))) as bare,
            Terminal(python(str(HERE / "bare_app.py"), "--tabs")) as tabs,
        ):
            console.wait_for(PAIRINGS_SHOWN)
            bare.wait_for(READY)
            tabs.wait_for(TABS_READY)
            for i in range(warm + runs):
                bare.idle(quiet)
                took = bare.settled_after(bare.type("w"), quiet)
                tabs.idle(quiet)
                took_tabs = tabs.settled_after(tabs.type("w3"), quiet)
                start = len(tabs.output)
                tabs.type("1")
                tabs.wait_for(TABS_READY, since=start)
                _after_tick(console, quiet)
                cpu = console.cpu()
                start = len(console.output)
                sent = console.type("w3")
                took_console = console.settled_after(sent, quiet)
                if STANDINGS_SHOWN not in console.output[start:]:
                    # A pause longer than --quiet before the standings: idle comes after them.
                    console.wait_for(STANDINGS_SHOWN, since=start)
                    took_console = console.idle(quiet) - sent
                    if i >= warm:
                        times["paused"].append(took_console)
                if i >= warm:
                    times["bare"].append(took)
                    times["tabs"].append(took_tabs)
                    times["console"].append(took_console)
                    times["console CPU"].append(console.cpu() - cpu)
                # ctrl+z, then yes, then the pairings again, each waited for.
                for key, shown in (("\x1a", b"(y)"), ("y", b"Undone:"), ("1", PAIRINGS_SHOWN)):
                    start = len(console.output)
                    console.type(key)
                    console.wait_for(shown, since=start)
            if profile is not None:
                console.type("\x11")  # ctrl+q: the console quits, and cProfile writes
                console.process.wait(timeout=60)
        entered = _results(copy) - before
    if entered != warm + runs:
        raise SystemExit(f"{db.name}: {entered} results entered in {warm + runs} runs")
    return times


def _p90(times: list[float]) -> float:
    return sorted(times)[int(len(times) * 0.9)]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("events", nargs="*", type=Path, metavar="EVENT.db")
    parser.add_argument("--players", default="10,24,100", help="sizes of the filled events")
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--quiet", type=float, default=0.1, help="seconds of silence: idle")
    parser.add_argument(
        "--profile",
        type=Path,
        metavar="FILE",
        help="run the console under cProfile and write its profile to FILE (one event)",
    )
    parser.add_argument("--keep", type=Path, metavar="DIR", help="build the events in DIR")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        events = args.events or [
            filled_event(folder, int(n)) for n in args.players.split(",") if n.strip()
        ]
        print(
            "| event | console median | p90 | CPU mean | bare app median | p90 "
            "| bare tabs median | p90 | ratio to bare / to tabs | runs (paused) |\n"
            "|---|---|---|---|---|---|---|---|---|---|"
        )
        for db in events:
            t = measure(db, args.runs, args.quiet, profile=args.profile)
            console, bare, tabs = t["console"], t["bare"], t["tabs"]
            median = statistics.median(console)
            print(
                f"| {db.name} | {_ms(median)} | {_ms(_p90(console))} "
                f"| {_ms(statistics.fmean(t['console CPU']))} "
                f"| {_ms(statistics.median(bare))} | {_ms(_p90(bare))} "
                f"| {_ms(statistics.median(tabs))} | {_ms(_p90(tabs))} "
                f"| {median / statistics.median(bare):.1f}x / "
                f"{median / statistics.median(tabs):.1f}x | {args.runs} ({len(t['paused'])}) |",
                flush=True,
            )
    print(f"quiet {args.quiet * 1000:.0f} ms; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
