"""The PGN entry pane (being built)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from normtui.tui.panes.base import Pane


class PgnEntryPane(Pane):
    PANE_ID = "pgn"
    TITLE = "PGN entry"

    def compose(self) -> ComposeResult:
        yield Static("PGN entry")
