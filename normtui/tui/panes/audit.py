"""The Audit log pane (being built)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from normtui.tui.panes.base import Pane


class AuditLogPane(Pane):
    PANE_ID = "audit"
    TITLE = "Audit log"

    def compose(self) -> ComposeResult:
        yield Static("Audit log")
