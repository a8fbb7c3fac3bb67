"""Pane 6 (the audit log) read again after a change, against the length of the log.

    python benchmarks/audit_pane.py [--entries 500 1000 2000 4000] [--runs 9]

The console at 120x40 on a copy of demo.db, pane 6 in front; the store's log is the demo's own
entries repeated to each length (ids renumbered), and the pane's reload and the next frame are
timed (median wall and CPU of ``--runs``). Each length twice: with the page the pane holds (the
newest 500, the others a page away) and with the whole log in the table, which is what a page
saves.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import shutil
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


async def _measure(entries: int, runs: int, whole: bool) -> tuple[float, float, int]:
    from normtui.store import EventStore
    from normtui.tui.app import NormtuiApp
    from normtui.tui.panes import audit

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        shutil.copyfile(ROOT / "demo.db", db)
        store = EventStore.open(db)
        real = store.audit.log(rows=False)
        log = [dataclasses.replace(real[i % len(real)], id=entries - i) for i in range(entries)]

        def read(
            limit: int | None = None, *, rows: bool = True, upto: int | None = None
        ) -> list[object]:
            shown = [e for e in log if upto is None or e.id <= upto]
            return shown[:limit] if limit is not None else shown

        store.audit.log = read  # type: ignore[assignment,method-assign]
        store.audit.ids = lambda: list(range(1, entries + 1))  # type: ignore[method-assign]
        page = audit.PAGE
        audit.PAGE = entries if whole else page
        app = NormtuiApp(store, poll_seconds=0, show_clock=False)
        try:
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.press("6")
                await pilot.pause()
                pane = app.console_screen.pane("audit")
                walls, cpus = [], []
                for _ in range(runs):
                    wall, cpu = time.perf_counter(), time.process_time()
                    pane.reload()
                    await pilot.pause()
                    walls.append(time.perf_counter() - wall)
                    cpus.append(time.process_time() - cpu)
                rows = pane.query_one(audit.AuditTable).row_count
        finally:
            audit.PAGE = page
            store.close()
    return statistics.median(walls), statistics.median(cpus), rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, nargs="+", default=[500, 1000, 2000, 4000])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    for n in args.entries:
        for whole in (False, True):
            wall, cpu, rows = asyncio.run(_measure(n, args.runs, whole))
            how = "whole log" if whole else "a page"
            print(
                f"{n} entries, {how} ({rows} rows): reload + frame median {wall * 1000:.0f} ms "
                f"wall, {cpu * 1000:.0f} ms CPU",
                flush=True,
            )


if __name__ == "__main__":
    main()
