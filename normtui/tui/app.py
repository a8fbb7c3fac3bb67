"""The Textual app: it only owns the event store and pushes the console screen."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, ClassVar

from textual.app import App

from normtui.tui.commands import ConsoleCommands
from normtui.tui.panes import PANES

if TYPE_CHECKING:
    from normtui.store import EventStore


class NormtuiApp(App[None]):
    """The arbiter's console. The store is opened (and its errors reported) by the CLI."""

    # One stylesheet per pane, beside its module, so each pane's look lives with its code.
    CSS_PATH: ClassVar = [
        "normtui.tcss",
        *(f"panes/{module.rsplit('.', 1)[1]}.tcss" for _k, _id, module, _c in PANES),
    ]
    TITLE = "normtui"
    COMMANDS: ClassVar = App.COMMANDS | {ConsoleCommands}

    def __init__(self, store: EventStore, *, poll_seconds: float = 1.0,
                 now: Callable[[], datetime] | None = None, show_clock: bool = True,
                 preload: bool = True) -> None:
        super().__init__()
        self.store = store
        self.poll_seconds = poll_seconds
        # Tests and snapshots pass a fixed clock: countdowns and the header must not drift.
        self.now: Callable[[], datetime] = now or (lambda: datetime.now().astimezone())
        self.show_clock = show_clock
        # False: a pane is built only when first shown (tests that need one pane run faster).
        self.preload = preload

    def on_mount(self) -> None:
        from normtui.tui.screens.console import ConsoleScreen

        self.push_screen(ConsoleScreen(self.store, poll_seconds=self.poll_seconds,
                                       preload=self.preload))
