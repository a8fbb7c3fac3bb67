"""What the console does once it has opened: the store open, the first pane built."""

from __future__ import annotations

import gc
from pathlib import Path

from normtui.tui.app import NormtuiApp
from tests.tui.helpers import console, press, until


async def test_the_console_freezes_what_is_alive_once_opened(
    demo_copy: Path, make_app, monkeypatch
) -> None:
    """gc.freeze() when the console has opened, and once more at the first pause after every
    pane is built, never again as it runs (full collections would otherwise walk Textual's
    and the store's objects under the arbiter's keys; normtui.tui.collector); gc.unfreeze()
    when it has gone."""
    frozen: list[bool] = []
    freeze, unfreeze = gc.freeze, gc.unfreeze

    def frozen_now() -> None:
        frozen.append(console_ready())
        freeze()

    def unfrozen_now() -> None:
        frozen.append(False)
        unfreeze()

    # Each call counted and done: what the console froze is not walked by its collections
    # (the worker's whole heap would be, at each of them).
    monkeypatch.setattr(gc, "freeze", frozen_now)
    monkeypatch.setattr(gc, "unfreeze", unfrozen_now)
    app = make_app(demo_copy, preload=True)

    def console_ready() -> bool:
        return console(app).ready

    async with app.run_test() as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await press(pilot, "3", "w", "1")
        assert frozen[:1] == [True]
        await until(pilot, lambda: len(frozen) == 2, "the panes frozen at a pause")
        collections = app.collector.collections
        await press(pilot, "3", "w", "1")
        await until(
            pilot, lambda: app.collector.collections > collections, "a collection at a pause"
        )
        assert frozen == [True, True]
    assert frozen == [True, True, False]  # unfrozen once the console is gone


async def test_a_console_opened_on_a_path_freezes_once_the_store_is_open(
    demo_copy: Path, monkeypatch
) -> None:
    """Opened on a path (``normtui DB``), the store opens in a thread after the first frame:
    the freeze comes after it, once the first pane is built (and once more at the first pause
    after every pane is: normtui.tui.collector)."""
    frozen: list[bool] = []
    app = NormtuiApp(demo_copy, poll_seconds=0, show_clock=False)
    freeze = gc.freeze

    def frozen_now() -> None:
        frozen.append(console(app).ready)
        freeze()

    monkeypatch.setattr(gc, "freeze", frozen_now)
    async with app.run_test() as pilot:
        await until(pilot, lambda: console(app).settled, "every pane built")
        assert frozen[:1] == [True] and len(frozen) <= 2 and all(frozen)
        store = app.store_to_close()
    assert store is not None
    store.close()
