"""The Standings pane (being built)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from normtui.tui.panes.base import Pane


class StandingsPane(Pane):
    PANE_ID = "standings"
    TITLE = "Standings"

    def compose(self) -> ComposeResult:
        yield Static("Standings")
