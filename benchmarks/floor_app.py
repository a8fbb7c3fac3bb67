"""The floor under the console's benchmarks: a plain Textual app doing the console's visible job,
with nothing of normtui in it, run in a pseudo-terminal the same way (benchmarks/terminal.py).

    python benchmarks/floor_app.py [--players 24]

A Header, eight tabs, a Footer. Tab 1: a line, the pairings (``players // 2`` boards, eight
columns), a legend and a status line; tab 3: a line, the standings (``players`` rows, nine
columns), a legend and a line under it. Its first frame shows the pairings with "floor
ready" (tui_startup.py waits for it). ``w`` writes a result into the first board (its result,
points and state), and says so on the line above the boards and the status line; ``3`` fills
the standings afresh, as the console's pane does when it comes to the front after a change,
and shows their tab; ``1`` shows the pairings again (key_to_standings.py times `w` and `3`).
"""

from __future__ import annotations

import argparse
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header, Static, TabbedContent, TabPane

READY = b"floor ready"
STANDINGS = b"floor standings"
TABS = ("Pairings", "PGN", "Standings", "Clocks", "Desk", "Audit", "Play-off", "Live")


class Floor(App[None]):
    # The tables take the room left, as the console's do: the lines under them stay on screen
    # at 100 players.
    CSS = "DataTable { height: 1fr; }"
    BINDINGS: ClassVar = [
        Binding("w", "result", "White wins"),
        Binding("1", "show('tab-1')", "Pairings"),
        Binding("3", "standings", "Standings"),
    ]

    def __init__(self, players: int) -> None:
        super().__init__()
        self.players = players
        self.results = 0

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent(initial="tab-1"):
            for number, title in enumerate(TABS, start=1):
                with TabPane(f"{number} {title}", id=f"tab-{number}"):
                    if number == 1:
                        yield Static(id="round")
                        yield DataTable(id="boards")
                        yield Static(f"{READY.decode()}: the legend of the pairings")
                        yield Static(id="status")
                    elif number == 3:
                        yield Static(id="above")
                        yield DataTable(id="table")
                        yield Static("the legend of the standings, the marks and tie-breaks")
                        yield Static("the race for first place, under the table")
                    else:
                        yield Static(title)
        yield Footer()

    def on_mount(self) -> None:
        boards = self.query_one("#boards", DataTable)
        boards.add_columns("Bd", "White", "Black", "Result", "Armageddon", "Pts", "State", "Sig")
        for board in range(1, self.players // 2 + 1):
            boards.add_row(
                str(board), f"White player {board}", f"Black player {board}", "", "", "", "", ""
            )
        self.query_one("#round", Static).update("Round 9 · 0 complete")
        self.query_one("#table", DataTable).add_columns(
            "Rank", "No", "Player", "Points", "SB", "Wins", "Black", "Games", "Prize"
        )

    def action_result(self) -> None:
        self.results += 1
        boards = self.query_one("#boards", DataTable)
        for column, value in ((3, "1-0"), (5, "3-0"), (6, f"finished {self.results}")):
            boards.update_cell_at((0, column), value)
        self.query_one("#round", Static).update(f"Round 9 · {self.results} complete")
        self.query_one("#status", Static).update(f"result {self.results} entered")

    def action_standings(self) -> None:
        table = self.query_one("#table", DataTable)
        table.clear()
        for rank in range(1, self.players + 1):
            table.add_row(
                str(rank),
                str(rank),
                f"Player number {rank}",
                f"{self.results + rank}",
                f"{rank * 3.25:.2f}",
                str(rank % 4),
                str(rank % 3),
                "8",
                f"NOK {1000 * rank:,}.00",
            )
        self.query_one("#above", Static).update(
            f"{STANDINGS.decode()} after round 8 and {self.results} boards of round 9"
        )
        self.action_show("tab-3")

    def action_show(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=24)
    Floor(parser.parse_args().players).run()
