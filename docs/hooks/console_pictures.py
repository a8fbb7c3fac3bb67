"""The console's pictures: an SVG screenshot of each pane on the demo event, taken headless
with Textual's App.run_test and its pilot, as the snapshot tests take theirs (the same fixed
moment: 19:32 on 7 June 2022, round 7 under way, nine minutes before board 3's Armageddon must
start).

The site's build calls :func:`pane_pictures`; ``python docs/hooks/console_pictures.py``
writes the README's picture, ``docs/images/console.svg`` (the pairings pane).
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

from normtui.store import EventStore
from normtui.tui.app import NormtuiApp
from normtui.tui.panes import PANES

ROOT = Path(__file__).resolve().parents[2]
DEMO_DB = ROOT / "demo.db"
README_PICTURE = ROOT / "docs" / "images" / "console.svg"
NOW = datetime(2022, 6, 7, 19, 32, tzinfo=timezone(timedelta(hours=2)))
SIZE = (120, 40)
TITLE = "normtui demo.db"


def pane_pictures(size: tuple[int, int] = SIZE) -> dict[str, str]:
    """Pane id -> the pane's SVG, every pane in one run of the console on a copy of the demo
    (the console writes its file's -wal beside it: never the committed demo.db)."""
    shots: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "demo.db"
        shutil.copyfile(DEMO_DB, path)
        store = EventStore.open(path, actor="arbiter", clock=lambda: NOW)
        try:
            app = NormtuiApp(
                store, poll_seconds=0, now=lambda: NOW, show_clock=False, preload=False
            )
            app.animation_level = "none"

            async def take() -> None:
                async with app.run_test(size=size) as pilot:
                    await pilot.pause()
                    for key, pane_id, _module, _cls in PANES:
                        await pilot.press(key)
                        # The pane's own work (the race's searches in threads) shown, then drawn.
                        await app.workers.wait_for_complete()
                        await pilot.pause()
                        shots[pane_id] = app.export_screenshot(title=TITLE)

            asyncio.run(take())
        finally:
            store.close()
    missing = [pane_id for _key, pane_id, _m, _c in PANES if pane_id not in shots]
    if missing:
        raise RuntimeError(f"the console ended before its pictures of {', '.join(missing)}")
    return shots


def main() -> None:
    """Write the README's picture: the pairings pane."""
    README_PICTURE.parent.mkdir(parents=True, exist_ok=True)
    README_PICTURE.write_text(pane_pictures()["pairings"], encoding="utf-8")
    print(f"wrote {README_PICTURE.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
