"""The console screen: one tab per pane, each one key away, and the watch on the database."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, TabbedContent, TabPane

from normtui.tui.messages import StoreChanged
from normtui.tui.panes import PANES, pane_class
from normtui.tui.panes.base import Pane

if TYPE_CHECKING:
    from normtui.store import EventStore


def _pane_bindings() -> list[Binding]:
    return [
        Binding(key, f"show_pane('{pane_id}')", pane_id.capitalize() if pane_id != "pgn"
                else "PGN", id=f"pane.{pane_id}")
        for key, pane_id, _module, _cls in PANES
    ]


class ConsoleScreen(Screen[None]):
    BINDINGS = [
        *_pane_bindings(),
        Binding("question_mark", "help", "Help", id="help", key_display="?"),
        Binding("ctrl+z", "undo", "Undo", id="undo"),
        Binding("ctrl+q", "app.quit", "Quit", id="quit", show=False),
    ]

    def __init__(self, store: EventStore, *, poll_seconds: float = 1.0) -> None:
        super().__init__()
        self.store = store
        self.poll_seconds = poll_seconds
        self._seen_version = store.data_version()

    def compose(self) -> ComposeResult:
        yield Header(show_clock=getattr(self.app, "show_clock", True))
        with TabbedContent(id="panes"):
            for key, pane_id, module, cls_name in PANES:
                cls = pane_class(module, cls_name)
                with TabPane(f"{key} {cls.TITLE}", id=f"tab-{pane_id}"):
                    yield cls(self.store)
        yield Footer()

    def on_mount(self) -> None:
        self._update_titles()
        if self.poll_seconds > 0:
            self.set_interval(self.poll_seconds, self._poll)

    @property
    def panes(self) -> list[Pane]:
        return list(self.query(Pane))

    def pane(self, pane_id: str) -> Pane:
        return self.query_one(f"#{pane_id}", Pane)

    def action_show_pane(self, pane_id: str) -> None:
        self.query_one(TabbedContent).active = f"tab-{pane_id}"
        pane = self.pane(pane_id)
        if pane.stale:
            pane.reload()
            pane.stale = False
        pane.focus_first()

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        pane_id = (event.pane.id or "").removeprefix("tab-")
        pane = self.pane(pane_id)
        if pane.stale:
            pane.reload()
            pane.stale = False

    def action_help(self) -> None:
        from normtui.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))

    def action_undo(self) -> None:
        from normtui.tui.screens.confirm import ConfirmScreen

        entries = self.store.log(limit=1)
        if not entries:
            self.notify("Nothing to undo.", severity="warning")
            return
        last = entries[0]

        def done(confirmed: bool | None) -> None:
            if not confirmed:
                return
            undone = self.store.undo()
            self.notify(f"Undone: {undone.summary}")
            self.post_message(StoreChanged(local=True, action="undo"))

        self.app.push_screen(
            ConfirmScreen(f"Undo the last change?\n\n{last.summary}", confirm="Undo"), done)

    def _poll(self) -> None:
        """Another process (the CLI, a second console) may have written to the file."""
        version = self.store.data_version()
        if version != self._seen_version:
            self._seen_version = version
            self.post_message(StoreChanged(local=False))

    @on(StoreChanged)
    def _store_changed(self, event: StoreChanged) -> None:
        self._seen_version = self.store.data_version()
        active = self.query_one(TabbedContent).active.removeprefix("tab-")
        for pane in self.panes:
            if pane.id == active:
                pane.reload()
                pane.stale = False
            else:
                pane.stale = True
        self._update_titles()
        if not event.local:
            self.notify("Results from another terminal were loaded.", timeout=3)

    def _update_titles(self) -> None:
        self.title = self.store.event.name
        current = self.store.current_round()
        self.sub_title = f"Round {current}" if current else "All rounds complete"
