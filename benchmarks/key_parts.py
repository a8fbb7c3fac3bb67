"""Where a result key's time goes, run by run: is a slow `w` one that did more, or one that ran
slower?

    python benchmarks/key_parts.py [--players 24] [--runs 30] [--keep DIR]

The console runs in a pseudo-terminal as key_to_standings.py runs it (120x40, a filled event,
the pairings of the round being played in front), with two of the key's parts timed in its
main thread (``time.thread_time``): the console reading the event again after the write
(``ConsoleScreen.read_event``: normtui and SQLite) and Textual's DataTable drawing the
pairings (``DataTable.render_lines``). Each run types `w`, timed as key_to_standings.py times
it (to the last byte before 100 ms of silence, with its main thread's CPU), then undoes it.

Reports each run (wall, main thread CPU, the two parts, the rest) and each figure's median, p90
and p90 over median. When the slow runs are slow in every part alike, the key did the same work
more slowly (the processor, not the console); when one part grows alone, that part did more.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from event_copy import copy_event, filled_event  # benchmarks/event_copy.py
from key_to_standings import KEY_SHOWN, PAIRINGS_SHOWN, _after_tick, _timed
from terminal import Terminal, python  # benchmarks/terminal.py

HERE = Path(__file__).resolve().parent
QUIET = 0.1
PARTS = ("read_event", "datatable")


def child(db: str, log: str) -> None:
    """The console, each key's parts written to ``log`` (a JSON line a key) as the next comes."""
    from textual import events
    from textual.widgets import DataTable

    from normtui.launch import main
    from normtui.tui.app import NormtuiApp
    from normtui.tui.screens.console import ConsoleScreen

    out = open(log, "w", buffering=1)  # noqa: SIM115 (open while the console runs)
    key: dict[str, object] = {}

    def timed(cls: type, name: str, part: str) -> None:
        original = getattr(cls, name)

        def wrapper(self: object, *args: object, **kwargs: object) -> object:
            start = time.thread_time()
            try:
                return original(self, *args, **kwargs)
            finally:
                if key:
                    key[part] = float(key.get(part, 0.0)) + time.thread_time() - start  # type: ignore[arg-type]

        setattr(cls, name, wrapper)

    timed(ConsoleScreen, "read_event", "read_event")
    timed(DataTable, "render_lines", "datatable")
    on_event = NormtuiApp.on_event

    async def each_key(self: NormtuiApp, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            if key:
                out.write(json.dumps(key) + "\n")
            key.clear()
            key["key"] = event.key
        await on_event(self, event)

    NormtuiApp.on_event = each_key  # type: ignore[method-assign]
    main([db])


def measure(db: Path, runs: int) -> list[dict[str, float]]:
    os.environ["TEXTUAL_ANIMATIONS"] = "none"
    with tempfile.TemporaryDirectory() as tmp:
        copy, log = Path(tmp) / "event.db", Path(tmp) / "parts.jsonl"
        copy_event(db, copy)
        keys: list[tuple[float, float]] = []
        with Terminal(python(str(HERE / "key_parts.py"), "--child", str(copy), str(log))) as term:
            term.wait_for(PAIRINGS_SHOWN)
            for _ in range(runs + 3):
                _after_tick(term, QUIET)
                took, main_cpu, _cpu, _paused = _timed(term, "w", QUIET, KEY_SHOWN["w"])
                keys.append((took, main_cpu))
                for typed, shown in (("\x1a", b"(y)"), ("y", b"Undone:"), ("1", PAIRINGS_SHOWN)):
                    start = len(term.output)
                    term.type(typed)
                    term.wait_for(shown, since=start)
            term.type("\x11")  # ctrl+q: the last key's parts are written as it comes
            with contextlib.suppress(Exception):
                term.process.wait(timeout=10)
        parts = [json.loads(line) for line in log.read_text().splitlines()]
    ws = [p for p in parts if p["key"] == "w"]
    rows = []
    for (wall, cpu), p in list(zip(keys, ws, strict=True))[3:]:  # three warm-up runs
        row = {"wall": wall, "cpu": cpu} | {part: float(p.get(part, 0.0)) for part in PARTS}
        row["rest"] = cpu - sum(row[part] for part in PARTS)
        rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=24)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--keep", type=Path, help="where the filled event is kept")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    with contextlib.ExitStack() as stack:
        folder = args.keep or Path(stack.enter_context(tempfile.TemporaryDirectory()))
        folder.mkdir(parents=True, exist_ok=True)
        load = os.getloadavg()[0]
        rows = measure(filled_event(folder, args.players), args.runs)
    columns = ("wall", "cpu", *PARTS, "rest")
    print("| run | " + " | ".join(f"{c} ms" for c in columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for n, row in enumerate(rows, 1):
        print(f"| {n} | " + " | ".join(f"{row[c] * 1000:.1f}" for c in columns) + " |")
    print()
    print("| figure | median ms | p90 ms | p90/median |")
    print("|---|---|---|---|")
    for c in columns:
        values = sorted(row[c] for row in rows)
        median, p90 = statistics.median(values), values[int(len(values) * 0.9)]
        print(f"| {c} | {median * 1000:.1f} | {p90 * 1000:.1f} | {p90 / median:.2f} |")
    print(f"\n{len(rows)} runs, load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
