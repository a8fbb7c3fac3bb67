"""The yardstick of the console's benchmarks: a bare Textual app, run in a pseudo-terminal
the same way as the console (benchmarks/terminal.py).

    python benchmarks/bare_app.py

A Header (no clock), a DataTable of 10 rows x 8 columns, one Static and a Footer. Its first
frame shows "bare app ready" (tui_startup.py waits for it); the key ``w`` changes the Static's
text, and nothing else (key_to_standings.py times key -> repaint on it).
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header, Static

READY = b"bare app ready"


class Bare(App[None]):
    BINDINGS: ClassVar = [Binding("w", "change", "Change")]

    def __init__(self) -> None:
        super().__init__()
        self.changes = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable()
        yield Static(READY.decode(), id="changed")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(*(f"c{i}" for i in range(8)))
        for r in range(10):
            table.add_row(*(f"{r}.{c}" for c in range(8)))

    def action_change(self) -> None:
        self.changes += 1
        self.query_one("#changed", Static).update(f"changed {self.changes} times")


if __name__ == "__main__":
    Bare().run()
