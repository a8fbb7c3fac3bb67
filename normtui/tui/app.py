"""The Textual app: it only owns the event store and pushes the console screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import App

from normtui.tui.commands import ConsoleCommands

if TYPE_CHECKING:
    from normtui.store import EventStore


class NormtuiApp(App[None]):
    """The arbiter's console. The store is opened (and its errors reported) by the CLI."""

    CSS_PATH = "normtui.tcss"
    TITLE = "normtui"
    COMMANDS: ClassVar = App.COMMANDS | {ConsoleCommands}

    def __init__(self, store: EventStore, *, poll_seconds: float = 1.0) -> None:
        super().__init__()
        self.store = store
        self.poll_seconds = poll_seconds

    def on_mount(self) -> None:
        from normtui.tui.screens.console import ConsoleScreen

        self.push_screen(ConsoleScreen(self.store, poll_seconds=self.poll_seconds))
