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

Beside it, in the same process and interleaved run by run, the yardstick: a bare Textual app
(benchmarks/bare_app.py) whose key `w` changes one Static, timed the same way.

Two things that are not the app's latency are kept out of the clock. The header's clock writes
once a second: each run types its keys right after a tick, so the next is a second away.
Textual's tab underline slides for 0.3 s after a tab changes: both apps run with
TEXTUAL_ANIMATIONS=none (it jumps), as the standings are on screen before it ends.

Reports median and 90th percentile (wall time) of each, the console's mean CPU time, and its
median as a ratio of the bare app's. --gc-freeze: a trial of the console with Python's
collector told to leave the heap it has once open alone (gc.freeze(), 3 s after the start).
--profile FILE: the console run under cProfile (its times are then the profiler's, not the
console's), the profile written to FILE when it quits: where the time goes.

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


def _console_argv(db: Path, gc_freeze: bool, profile: Path | None) -> list[str]:
    if profile is not None:  # the console under cProfile, which writes it when it quits
        return python("-m", "cProfile", "-o", str(profile), "-m", "normtui", str(db))
    if not gc_freeze:
        return python("-m", "normtui", str(db))
    # A trial of the collector's heap frozen once the console is open (it opens within a
    # second or two): the console itself, started by the same entry point.
    return python(
        "-c",
        "import gc, sys, threading; threading.Timer(3, gc.freeze).start(); "
        "from normtui.launch import main; main(sys.argv[1:])",
        str(db),
    )


def measure(
    db: Path,
    runs: int,
    quiet: float,
    *,
    gc_freeze: bool = False,
    profile: Path | None = None,
    warm: int = 3,
) -> dict[str, list[float]]:
    """Seconds of ``runs`` runs: the console's w+3 -> standings (wall and CPU), the bare
    app's key -> repaint (wall)."""
    os.environ["TEXTUAL_ANIMATIONS"] = "none"  # inherited by both children
    times: dict[str, list[float]] = {"console": [], "console CPU": [], "bare": [], "paused": []}
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "event.db"
        copy_event(db, copy)
        before = _results(copy)
        with (
            Terminal(_console_argv(copy, gc_freeze, profile), cwd=Path(tmp)) as console,
            Terminal(python(str(HERE / "bare_app.py"))) as bare,
        ):
            console.wait_for(PAIRINGS_SHOWN)
            bare.wait_for(b"bare app ready")
            if gc_freeze:
                console.drain(3.5)  # the heap frozen 3 s after the start
            for i in range(warm + runs):
                bare.idle(quiet)
                took = bare.settled_after(bare.type("w"), quiet)
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
        "--gc-freeze",
        action="store_true",
        help="a trial: the console's heap frozen for the collector (gc.freeze) once open",
    )
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
            "| median ratio | runs (paused) |\n|---|---|---|---|---|---|---|---|"
        )
        for db in events:
            t = measure(db, args.runs, args.quiet, gc_freeze=args.gc_freeze, profile=args.profile)
            console, bare = t["console"], t["bare"]
            median = statistics.median(console) / statistics.median(bare)
            print(
                f"| {db.name} | {_ms(statistics.median(console))} | {_ms(_p90(console))} "
                f"| {_ms(statistics.fmean(t['console CPU']))} "
                f"| {_ms(statistics.median(bare))} | {_ms(_p90(bare))} "
                f"| {median:.1f}x | {args.runs} ({len(t['paused'])}) |",
                flush=True,
            )
    freeze = "; gc.freeze() once open" if args.gc_freeze else ""
    print(f"quiet {args.quiet * 1000:.0f} ms{freeze}; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
