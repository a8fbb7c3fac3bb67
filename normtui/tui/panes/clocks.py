"""The Clocks pane (being built)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from normtui.tui.panes.base import Pane


class ClocksPane(Pane):
    PANE_ID = "clocks"
    TITLE = "Clocks"

    def compose(self) -> ComposeResult:
        yield Static("Clocks")
