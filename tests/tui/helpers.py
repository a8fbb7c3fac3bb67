"""Small readers of a running console for the pilot tests."""

from __future__ import annotations

import threading
import time
import unicodedata
from collections.abc import Callable

from textual.app import App
from textual.keys import KEY_NAME_REPLACEMENTS, key_to_character
from textual.notifications import Notification
from textual.pilot import Pilot
from textual.widgets import DataTable

from normtui.tui.panes.base import Pane
from normtui.tui.panes.pairings import PairingsPane
from normtui.tui.screens.console import ConsoleScreen
from normtui.tui.widgets.line_table import LineTable


def notifications(app: App[None]) -> list[Notification]:
    """The notifications shown now (not those cleared or expired)."""
    # Textual keeps them even when a test run does not show them. The tests' one read of
    # Textual's private state: there is no public reader (Textual's own tests read it too).
    return list(app._notifications)


def notes(app: App[None], severity: str | None = None) -> list[str]:
    """The messages of the notifications shown now (optionally of one severity)."""
    return [n.message for n in notifications(app) if severity is None or n.severity == severity]


def console(app: App[None]) -> ConsoleScreen:
    screen = app.screen_stack[0]
    assert isinstance(screen, ConsoleScreen)
    return screen


def pairings(app: App[None]) -> PairingsPane:
    pane = console(app).pane("pairings")
    assert isinstance(pane, PairingsPane)
    return pane


async def to_board(pilot: Pilot[None], board: int) -> None:
    """Put the pairings cursor on a board of the round shown."""
    pane = pairings(pilot.app)
    table = pane.table
    index = next(i for i, g in enumerate(table.games) if g.board == board)
    table.move_cursor(row=index)
    await until(pilot, lambda: table.cursor_row == index, f"the cursor on board {board}")


def column(table: DataTable[object], key: str) -> list[str]:
    """The plain text of one column, top to bottom."""
    return [str(table.get_cell(row, key)) for row in table.rows]


def hold_store_opening(monkeypatch) -> threading.Event:  # type: ignore[no-untyped-def]
    """EventStore.open waits (up to 10 s) until the returned event is set: a console opened on
    a path stays "Opening …" meanwhile."""
    from normtui.store import EventStore

    release = threading.Event()
    opened = EventStore.open

    def held(path, **kwargs):  # type: ignore[no-untyped-def]
        release.wait(10)
        return opened(path, **kwargs)

    monkeypatch.setattr(EventStore, "open", held)
    return release


async def race_worked(pilot: Pilot[None]) -> None:
    """Wait for the race's searches (threads: ``live_race.work_out``) to answer, and for the
    answers to be shown."""
    from contextlib import suppress

    from textual.worker import WorkerCancelled

    from normtui.tui.widgets.live_race import RACE_WORKERS

    await pilot.pause()
    for worker in [w for w in pilot.app.workers if w.group == RACE_WORKERS]:
        with suppress(WorkerCancelled):  # superseded by a newer question, waited on too
            await worker.wait()
    await pilot.pause()


def rows_in_view(table: LineTable) -> dict[str, str]:
    """The rows of a line table drawn on the screen, key -> the line as drawn; rows scrolled
    out of view, or clipped by the pane around the table, are left out."""
    visible = table.screen.find_widget(table).visible_region
    content = table.scrollable_content_region
    shown = {}
    for index, key in enumerate(table.keys):
        y = index + 1 - table.scroll_offset.y  # line 0 is the header
        if 1 <= y < content.height and visible.y <= content.y + y < visible.bottom:
            shown[key] = table.render_line(y).text
    return shown


async def built(pilot: Pilot[None], pane_id: str) -> Pane:
    """The pane ``pane_id`` once the keys typed so far have built and mounted it (a pane key
    pressed as the console opens is replayed after the other tabs exist): never builds it."""
    screen = console(pilot.app)

    def mounted() -> Pane | None:
        return next((p for p in screen.panes if p.id == pane_id and p.is_mounted), None)

    await until(pilot, lambda: mounted() is not None, f"pane {pane_id} built")
    pane = mounted()
    assert pane is not None
    return pane


async def until(pilot: Pilot[None], condition: Callable[[], bool], what: str) -> None:
    """Let the app work until ``condition`` holds: as long as a loaded machine needs, never a
    fixed number of pauses (the bound only ends a test whose condition never comes)."""
    deadline = time.monotonic() + 120
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        await pilot.pause(0.01)


async def press(pilot: Pilot[None], *keys: str) -> None:
    """``Pilot.press``, then wait until the console has done every key: each handled, and what
    it opened there with its field focused (normtui.tui.key_order), the keys typed while it
    opened replayed. ``Pilot.press`` alone waits for the process to look idle, which a loaded
    machine's scheduler fakes."""
    app = pilot.app
    order = getattr(app, "key_order", None)
    if order is None:  # not the console
        await pilot.press(*keys)
        return
    target = order.done + sum(not k.startswith("wait:") for k in keys)
    await pilot.press(*keys)
    # Keys typed while the console opens are held, and replayed once it has settled.
    await until(
        pilot,
        lambda: app.return_code is not None or (order.done >= target and console(app).settled),
        f"keys {keys} done",
    )


def typed_at_once(app: App[None], *keys: str) -> None:
    """``keys`` (named as for ``Pilot.press``) delivered as a terminal delivers what is typed
    fast: all read before the app has handled the first. ``Pilot.press`` lets the app idle
    between keys, which an arbiter typing ahead does not (nor a loaded machine's pilot)."""
    from textual import events

    for key in keys:
        name = _key_name(key) if len(key) == 1 and not key.isalnum() else key
        app.post_message(events.Key(name, key if len(key) == 1 else key_to_character(name)))


def _key_name(character: str) -> str:
    """Textual's name of the key that types ``character`` (":" is "colon", "-" "minus"): its
    Unicode name, as Textual names keys (textual.keys)."""
    name = unicodedata.name(character).lower().replace("-", "_").replace(" ", "_")
    return KEY_NAME_REPLACEMENTS.get(name, name)


async def settled(pilot: Pilot[None]) -> None:
    """The console started: its tabs there, the keys typed meanwhile replayed, the first pane
    focused (a key pressed before would be held and replayed later)."""
    app = pilot.app
    await until(
        pilot,
        lambda: console(app).settled and app.focused is not None,
        "the console settled",
    )


async def typed(pilot: Pilot[None], *keys: str) -> None:
    """``typed_at_once``, then wait until the console has done every key (as ``press``)."""
    app = pilot.app
    order = app.key_order  # type: ignore[attr-defined]
    target = order.done + len(keys)
    typed_at_once(app, *keys)
    await until(pilot, lambda: order.done >= target and console(app).settled, f"{keys} done")


async def drawn(pilot: Pilot[None]) -> None:
    """Once the screen has drawn what was changed before this call (its next refresh): what
    a screenshot of it shows then. Asking for a screenshot before that frame keeps it from
    ever showing the change."""
    import asyncio

    frame = asyncio.Event()
    pilot.app.screen.call_after_refresh(frame.set)
    await until(pilot, frame.is_set, "the next frame")
