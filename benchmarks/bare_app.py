"""The yardstick of the console's benchmarks: a bare Textual app, run in a pseudo-terminal
the same way as the console (benchmarks/terminal.py).

    python benchmarks/bare_app.py [--tabs]

A Header (no clock), a DataTable of 10 rows x 8 columns, one Static and a Footer. Its first
frame shows "bare app ready" (tui_startup.py waits for it); the key ``w`` changes the Static's
text, and nothing else (key_to_standings.py times key -> repaint on it).

--tabs: the same job as the console's result key in plain Textual, the floor under it. Two
tabs: the pairings (12 boards) and the standings (24 players x 12 columns, above them a line).
``w`` writes a result into the pairings, fills the standings afresh and says so on a status
line; ``3`` shows the standings, ``1`` the pairings. Ready when it shows "bare tabs ready".
"""

from __future__ import annotations

import sys
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header, Static, TabbedContent, TabPane

READY = b"bare app ready"
TABS_READY = b"bare tabs ready"


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


class BareTabs(App[None]):
    BINDINGS: ClassVar = [
        Binding("w", "result", "White wins"),
        Binding("1", "show('pairings')", "Pairings"),
        Binding("3", "show('standings')", "Standings"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.results = 0

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent():
            with TabPane("1 Pairings", id="pairings"):
                yield DataTable(id="boards")
                yield Static(TABS_READY.decode())
            with TabPane("3 Standings", id="standings"):
                yield Static(id="above")
                yield DataTable(id="table")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        boards = self.query_one("#boards", DataTable)
        boards.add_columns("board", "white", "black", "result")
        for board in range(1, 13):
            boards.add_row(str(board), f"White {board}", f"Black {board}", "")
        self.query_one("#table", DataTable).add_columns(*(f"c{i}" for i in range(12)))
        self._fill()

    def _fill(self) -> None:
        table = self.query_one("#table", DataTable)
        table.clear()
        for player in range(1, 25):
            table.add_row(*(f"{player}.{c}.{self.results}" for c in range(12)))
        self.query_one("#above", Static).update(f"After round {self.results}")

    def action_result(self) -> None:
        self.results += 1
        self.query_one("#boards", DataTable).update_cell_at((2, 3), f"1-0 ({self.results})")
        self._fill()
        self.query_one("#status", Static).update(f"Entered result {self.results}")

    def action_show(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab


if __name__ == "__main__":
    (BareTabs() if "--tabs" in sys.argv[1:] else Bare()).run()
