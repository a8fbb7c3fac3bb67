"""What the audit log holds: the bytes of its entries' records of the changes (``before`` and
``after``) beside the game records they are about, and the event file's size.

    python benchmarks/audit_size.py [--players 10]

Two events, each built fresh through the store's API: the demo (``python -m normtui.demo``, the
real 2022 event through round 7), and a full event of ``--players`` players (every round
played, each game with its PGN record and its Armageddon's, ``normtui.demo.filled``), every
scoresheet then signed by White, Black and the arbiter, as at the venue. The file is measured
after ``VACUUM``. Run it on two commits to compare what the log keeps.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import tempfile
from pathlib import Path

from normtui.demo.build import main as build_demo
from normtui.demo.filled import build_filled
from normtui.store import EventStore


def measure(path: Path) -> dict[str, float]:
    conn = sqlite3.connect(path)
    try:
        conn.execute("VACUUM")
        entries, before, after = conn.execute(
            "SELECT count(*), sum(length(CAST(before AS BLOB))), "
            "sum(length(CAST(after AS BLOB))) FROM audit"
        ).fetchone()
        (records,) = conn.execute(
            "SELECT sum(coalesce(length(CAST(pgn AS BLOB)), 0) "
            "+ coalesce(length(CAST(armageddon_pgn AS BLOB)), 0)) FROM games"
        ).fetchone()
        sign = conn.execute(
            "SELECT avg(length(CAST(before AS BLOB)) + length(CAST(after AS BLOB))) "
            "FROM audit WHERE action = 'sign'"
        ).fetchone()[0]
    finally:
        conn.close()
    return {
        "entries": entries,
        "before+after": before + after,
        "records": records,
        "sign": sign or 0,
        "file": os.path.getsize(path),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        demo = Path(tmp) / "demo.db"
        build_demo([str(demo)])
        full = Path(tmp) / "full.db"
        build_filled(full, args.players, through=args.players - 1)
        with EventStore.open(full, actor="arbiter") as store:
            for game in store.games():
                for who in ("white", "black", "arbiter"):
                    store.games.sign(game.id, who)
        for name, path in (("demo", demo), (f"full event, {args.players} players", full)):
            figures = measure(path)
            print(
                f"{name}: {figures['entries']:.0f} entries; before+after "
                f"{figures['before+after']:,.0f} B for {figures['records']:,.0f} B of game "
                f"records; a signature's entry {figures['sign']:,.0f} B; "
                f"file {figures['file']:,.0f} B"
            )


if __name__ == "__main__":
    main()
