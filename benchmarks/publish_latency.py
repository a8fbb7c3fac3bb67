"""How long after a change the public site shows it: ``normtui publish --watch``.

    python benchmarks/publish_latency.py [EVENT.db] [--changes 20] [--interval 0.5]

On a copy of EVENT.db (default: demo.db), ``normtui publish COPY DIR --watch`` runs in a process
of its own; this script then enters results one at a time from a second connection (as the
console, the CLI or a deputy would) and measures, for each, the time from the commit to the
moment ``DIR/standings.json`` holds the new table (read as a web server would, the file whole
or the old one). Prints the median, p90 and worst, and the build time the publisher reports.

Target: within a second of any change (``--interval`` 0.5 s, the default).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from event_copy import copy_event  # benchmarks/event_copy.py

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("event", nargs="?", default=str(ROOT / "demo.db"))
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--interval", type=float, default=0.5)
    args = parser.parse_args()

    from normtui.store import EventStore

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "event.db"
        copy_event(Path(args.event), db)
        site = Path(tmp) / "site"
        publisher = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "normtui",
                "publish",
                str(db),
                str(site),
                "--watch",
                "--interval",
                str(args.interval),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
        )
        try:
            while not (site / "standings.json").exists():
                if publisher.poll() is not None:
                    raise SystemExit(f"normtui publish ended (exit {publisher.returncode})")
                time.sleep(0.01)
            delays = []
            with EventStore.open(db, actor="benchmark") as store:
                games = [g for g in store.games() if g.round <= 6]
                for i in range(args.changes):
                    game = games[i % len(games)]
                    result = ("1-0", "0-1")[i % 2]
                    if game.result is not None and game.result.value == result:
                        result = "0-1" if result == "1-0" else "1-0"
                    store.games.enter_result(
                        game.round, game.white, game.black, result, correction=True
                    )
                    committed = time.monotonic()
                    wanted = [r.to_json() for r in store.playoff.final_standings().rows]
                    while True:
                        try:
                            if json.loads((site / "standings.json").read_text()) == wanted:
                                break
                        except ValueError:
                            raise SystemExit("a half-written standings.json was read") from None
                        time.sleep(0.005)
                    delays.append(time.monotonic() - committed)
        finally:
            publisher.terminate()
            publisher.wait(timeout=30)
    delays.sort()
    p90 = delays[min(len(delays) - 1, int(len(delays) * 0.9))]
    print(
        f"{len(delays)} changes, --interval {args.interval}: commit -> standings.json "
        f"median {statistics.median(delays) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms, "
        f"worst {delays[-1] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
