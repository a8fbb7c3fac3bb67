"""The console's memory over a long day: is it bounded while the audit log grows?

    python benchmarks/console_memory.py [--minutes 120] [--every 8] [--sample 60]
                                        [--samples FILE] [EVENT.db]

The console runs as the arbiter runs it (`python -m normtui COPY.db`, 120x40, in a
pseudo-terminal: benchmarks/terminal.py) on a copy of demo.db (or EVENT.db), its pairings of the
round being played in front. Every --every seconds one turn of work, each step waited for on the
screen or for its process:

* in the console: `w` (White wins on the board under the cursor, one without a result), then
  ctrl+z and `y` (the result undone);
* a second arbiter on the command line (`normtui result ... --as deputy`, then `normtui undo
  --as deputy`) on another board: the console reads the change as it reads a colleague's;
* the console shows pane 6 (the audit log, which reads its page of 500 again at every change
  while in front), pane 3 (the standings) and the pairings again.

So four audit entries a turn, the rate of a busy venue several times over (the soak that raised
the question: about 920 entries in 24 minutes). Beside it, in the same run, the floor: a plain
Textual app doing the same visible job (benchmarks/floor_app.py with the event's players: a
result written into its pairings, its standings filled afresh and shown, the pairings again),
driven the same number of times (--no-floor leaves it out). Every --sample seconds each one's
resident memory (VmRSS, /proc) and the audit log's length are printed and, with --samples,
appended to FILE as JSON lines. The end prints the samples' figures: the first, the largest, the
last, and the growth over each half of the run (bounded: the second half grows no more than
noise).

Low on CPU by design (one turn every few seconds): it may run for hours beside other work.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sqlite3
import subprocess
import tempfile
import time
from pathlib import Path

from event_copy import copy_event  # benchmarks/event_copy.py
from floor_app import READY  # benchmarks/floor_app.py
from terminal import Terminal, python  # benchmarks/terminal.py

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PAIRINGS_SHOWN = b"provisional until both players sign"  # the pairings' legend
AUDIT_SHOWN = b"changes"  # the audit pane's header counts them
STANDINGS_SHOWN = b"After round"


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def audit_length(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM audit").fetchone()[0])


def _open_board(db: Path, round_no: int, skip: int) -> tuple[str, str]:
    """White's and Black's numbers of a board of ``round_no`` without a result, other than
    board ``skip``."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT g.board, w.number, b.number FROM games g JOIN players w ON w.id = g.white "
            "JOIN players b ON b.id = g.black WHERE g.round = ? AND g.result IS NULL "
            "AND g.stage = 'main' ORDER BY g.board",
            (round_no,),
        ).fetchall()
    for board, white, black in rows:
        if board != skip:
            return str(white), str(black)
    raise SystemExit(f"round {round_no} has no second board without a result")


def _cli(*args: str) -> None:
    subprocess.run(
        python("-m", "normtui", *args),
        check=True,
        stdout=subprocess.DEVNULL,
        env={**os.environ, "NORMTUI_ACTOR": "deputy"},
    )


def _step(term: Terminal, key: str, shown: bytes) -> None:
    term.output.clear()  # a long run: keep only what this step waits for
    term.type(key)
    term.wait_for(shown, limit=60)


def run(
    db: Path, minutes: float, every: float, sample: float, samples: Path | None, floor: bool
) -> list[dict]:
    os.environ["TEXTUAL_ANIMATIONS"] = "none"
    out: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "event.db"
        copy_event(db, copy)
        env_actor = os.environ.get("NORMTUI_ACTOR")
        os.environ["NORMTUI_ACTOR"] = "arbiter"
        try:
            term = Terminal(python("-m", "normtui", str(copy)), cwd=Path(tmp))
        finally:
            if env_actor is None:
                os.environ.pop("NORMTUI_ACTOR")
            else:
                os.environ["NORMTUI_ACTOR"] = env_actor
        with contextlib.closing(sqlite3.connect(copy)) as conn:
            players = conn.execute("SELECT count(*) FROM players").fetchone()[0]
        plain = (
            Terminal(python(str(HERE / "floor_app.py"), "--players", str(players)))
            if floor
            else None
        )
        with term, plain or contextlib.nullcontext():
            if plain is not None:
                plain.wait_for(READY, limit=60)
            term.wait_for(PAIRINGS_SHOWN, limit=60)
            term.idle(0.5)
            with sqlite3.connect(copy) as conn:
                round_no = conn.execute(
                    "SELECT min(round) FROM games WHERE result IS NULL AND stage = 'main'"
                ).fetchone()[0]
            # The cursor's board: the first without a result (the console puts it there).
            with sqlite3.connect(copy) as conn:
                first = conn.execute(
                    "SELECT min(board) FROM games WHERE round = ? AND result IS NULL "
                    "AND stage = 'main'",
                    (round_no,),
                ).fetchone()[0]
            white, black = _open_board(copy, round_no, first)
            start = time.monotonic()
            end = start + minutes * 60
            next_sample = start
            turns = 0
            while True:
                now = time.monotonic()
                if now >= next_sample:
                    row = {
                        "minute": round((now - start) / 60, 2),
                        "rss_mib": round(rss_mib(term.process.pid), 1),
                        "floor_rss_mib": None
                        if plain is None
                        else round(rss_mib(plain.process.pid), 1),
                        "audit_entries": audit_length(copy),
                        "turns": turns,
                        "load": round(os.getloadavg()[0], 1),
                    }
                    out.append(row)
                    print(json.dumps(row), flush=True)
                    if samples is not None:
                        with samples.open("a") as f:
                            f.write(json.dumps(row) + "\n")
                    next_sample += sample
                if now >= end:
                    break
                turn_start = time.monotonic()
                _step(term, "w", b"1-0")
                _step(term, "\x1a", b"(y)")
                _step(term, "y", b"Undone:")
                _cli("result", str(copy), str(round_no), white, black, "1-0")
                _cli("undo", str(copy))
                _step(term, "6", AUDIT_SHOWN)
                term.idle(0.3)
                _step(term, "3", STANDINGS_SHOWN)
                _step(term, "1", PAIRINGS_SHOWN)
                term.idle(0.3)
                term.output.clear()
                if plain is not None:  # the same visible job, in plain Textual
                    for key in ("w3", "1"):
                        plain.output.clear()
                        plain.type(key)
                        plain.idle(0.3)
                turns += 1
                time.sleep(max(0.0, every - (time.monotonic() - turn_start)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("event", nargs="?", type=Path, default=ROOT / "demo.db")
    parser.add_argument("--minutes", type=float, default=120.0)
    parser.add_argument("--every", type=float, default=8.0, help="seconds between turns")
    parser.add_argument("--sample", type=float, default=60.0, help="seconds between samples")
    parser.add_argument("--samples", type=Path, help="append each sample to FILE (JSON lines)")
    parser.add_argument("--no-floor", action="store_true", help="no floor app beside")
    args = parser.parse_args()
    rows = run(args.event, args.minutes, args.every, args.sample, args.samples, not args.no_floor)
    rss = [r["rss_mib"] for r in rows]
    half = len(rss) // 2
    print(
        f"{rows[-1]['turns']} turns, audit log {rows[0]['audit_entries']} -> "
        f"{rows[-1]['audit_entries']} entries over {rows[-1]['minute']:.0f} min; "
        f"RSS first {rss[0]:.1f}, largest {max(rss):.1f}, last {rss[-1]:.1f} MiB; "
        f"first half +{rss[half] - rss[0]:.1f}, second half +{rss[-1] - rss[half]:.1f} MiB"
    )
    floor = [r["floor_rss_mib"] for r in rows if r["floor_rss_mib"] is not None]
    if floor:
        print(
            f"floor (plain Textual app, the same job): first {floor[0]:.1f}, largest "
            f"{max(floor):.1f}, last {floor[-1]:.1f} MiB"
        )


if __name__ == "__main__":
    main()
