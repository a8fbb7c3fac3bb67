"""The Player desk pane (being built)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from normtui.tui.panes.base import Pane


class PlayerDeskPane(Pane):
    PANE_ID = "desk"
    TITLE = "Player desk"

    def compose(self) -> ComposeResult:
        yield Static("Player desk")
