"""The games on the live feed, one line each: who plays, how far, the last move and when, both
clocks, the result the feed has, and what the feed asks of the arbiter.

A line table (see ``line_table``): the feed repaints every half second, and only the lines that
changed are drawn again. Up and down move a cursor over the boards.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from textual.binding import Binding
from textual.message import Message

from normtui.feed.report import BoardView, clock_text
from normtui.store.records import surname
from normtui.tui.widgets.line_table import Cell, Column, LineTable

# (label, label when narrow, key, justify); "at" is left out when narrow (the line below the
# table has it for the highlighted board).
COLUMNS = (("Bd", "Bd", "board", "right"), ("White", "White", "white", "left"),
           ("Black", "Black", "black", "left"), ("Moves", "Mv", "moves", "right"),
           ("Last move", "Last", "last", "left"), ("At", "At", "at", "left"),
           ("White's clock", "White", "wclock", "right"),
           ("Black's clock", "Black", "bclock", "right"), ("Result", "Res", "result", "left"),
           ("The feed asks", "Asks", "asks", "left"))
_NARROW_NAME = 10


def _clock(seconds: float | None) -> Cell:
    if seconds is None:
        return ("", "")
    return (clock_text(seconds), "bold red" if seconds <= 0 else "")


def _time(at: datetime | None, like: datetime) -> str:
    if at is None:
        return ""
    if at.tzinfo is not None and like.tzinfo is not None:
        at = at.astimezone(like.tzinfo)
    return at.strftime("%H:%M:%S")


def board_cells(view: BoardView, now: datetime, wide: bool) -> tuple[list[Cell], str]:
    """The cells of one board's line and the line's style."""
    def name(full: str) -> str:
        return full if wide else surname(full)[:_NARROW_NAME]

    board = "" if view.board is None else str(view.board)
    if view.kind == "armageddon":
        board += "A"
    moves = f"{(view.plies + 1) // 2}" if view.plies else ""
    asks = [n for n in view.notices if n.ask]
    shown = asks or list(view.notices)
    if shown:
        first = shown[0].text if wide or not shown[0].short else shown[0].short
        more = f" +{len(shown) - 1}" if len(shown) > 1 else ""
        ask: Cell = (f"{'! ' if asks else ''}{first}{more}", "bold yellow" if asks else "grey62")
    else:
        ask = ("", "")
    result = view.result if view.result and view.result != "*" else ""
    cells: list[Cell] = [
        (board, ""), (name(view.white), ""), (name(view.black), ""), (moves, ""),
        (view.last_move or ("not begun" if view.board is not None else ""), ""),
        (_time(view.last_move_at, now), "grey62"), _clock(view.white_clock),
        _clock(view.black_clock), (result.replace("1/2-1/2", "½-½"), "bold"), ask]
    if not wide:
        del cells[5]
    style = "on dark_red" if view.conflict else "" if view.board is not None else "grey50"
    return cells, style


class LiveBoards(LineTable):
    """One line per game of the feed, keyed by its record; a cursor for the arbiter's keys."""

    WIDE_FROM = 130
    BINDINGS: ClassVar = [
        Binding("up,k", "move(-1)", "Up", show=False),
        Binding("down,j", "move(1)", "Down", show=False),
        Binding("home,g", "move(-999)", "First", show=False),
        Binding("end,G", "move(999)", "Last", show=False),
    ]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.views: list[BoardView] = []
        self.cursor = 0
        self._now = datetime.now().astimezone()

    @property
    def view(self) -> BoardView | None:
        """The highlighted game."""
        return self.views[self.cursor] if 0 <= self.cursor < len(self.views) else None

    def show(self, views: list[BoardView], now: datetime) -> None:
        keep = self.view.key if self.view else None
        self.views = sorted(views, key=lambda v: (v.board is None, v.board or 0,
                                                  v.kind != "main", v.origin))
        self.cursor = next((i for i, v in enumerate(self.views) if v.key == keep),
                           min(self.cursor, max(0, len(self.views) - 1)))
        self._now = now
        self.redraw()

    def redraw(self) -> None:
        wide = self.measure_wide()
        columns = [Column(label if wide else short, key, justify)
                   for label, short, key, justify in COLUMNS if wide or key != "at"]
        rows = []
        for i, view in enumerate(self.views):
            cells, style = board_cells(view, self._now, wide)
            if i == self.cursor and self.has_focus:
                style = f"{style} reverse".strip()
            rows.append((view.key, cells, style))
        self.fill(columns, rows)

    def action_move(self, step: int) -> None:
        if not self.views:
            return
        self.cursor = max(0, min(len(self.views) - 1, self.cursor + step))
        self.redraw()
        self.post_message(self.Moved(self))

    def on_focus(self) -> None:
        self.redraw()

    def on_blur(self) -> None:
        self.redraw()

    class Moved(Message):
        """The cursor moved to another game."""

        def __init__(self, table: LiveBoards) -> None:
            super().__init__()
            self.table = table
