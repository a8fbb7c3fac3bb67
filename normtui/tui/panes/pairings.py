"""The Pairings pane (being built)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from normtui.tui.panes.base import Pane


class PairingsPane(Pane):
    PANE_ID = "pairings"
    TITLE = "Pairings"

    def compose(self) -> ComposeResult:
        yield Static("Pairings")
