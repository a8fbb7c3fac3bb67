"""The games on the live feed, one line each: who plays, how far, the last move and when, both
clocks, the result the feed has, and what the feed asks of the arbiter.

A line table (see ``line_table``): the feed repaints every half second, and only the lines that
changed are drawn again. Up and down move a cursor over the boards.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

from rich.cells import cell_len
from textual.binding import Binding
from textual.message import Message

from normtui.feed.report import BoardView, clock_text
from normtui.store.values import surname
from normtui.tui.widgets.line_table import Cell, Column, LineTable

# (label, label when short, key, justify).
COLUMNS = (
    ("Bd", "Bd", "board", "right"),
    ("White", "White", "white", "left"),
    ("Black", "Black", "black", "left"),
    ("Moves", "Mv", "moves", "right"),
    ("Last move", "Last", "last", "left"),
    ("At", "At", "at", "left"),
    ("White's clock", "White", "wclock", "right"),
    ("Black's clock", "Black", "bclock", "right"),
    ("Result", "Res", "result", "left"),
    ("The feed asks", "Asks", "asks", "left"),
)
_NAMES = (1, 2)  # the columns of the players' names


@dataclass(frozen=True)
class Form:
    """How much of each board a line says: the first form that fits the width is drawn, so the
    names are cut only when even surnames do not fit (the line below has them in full)."""

    long: bool  # long labels, and the feed's whole sentence in the last column
    names: str  # "full", "surname" or "cut"
    at: bool  # the time of the last move (the line below has it for the highlighted board)
    gap: str


FORMS = (
    Form(True, "full", True, "  "),
    Form(False, "full", True, "  "),
    Form(False, "surname", True, "  "),
    Form(False, "surname", False, "  "),
    Form(False, "surname", False, " "),
    Form(False, "cut", False, " "),
)


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


def board_cells(view: BoardView, now: datetime, form: Form) -> tuple[list[Cell], str]:
    """The cells of one board's line and the line's style."""

    def name(full: str) -> str:
        return full if form.names == "full" else surname(full)

    board = "" if view.board is None else str(view.board)
    if view.kind == "armageddon":
        board += "A"
    moves = f"{(view.plies + 1) // 2}" if view.plies else ""
    asks = [n for n in view.notices if n.ask]
    shown = asks or list(view.notices)
    if shown:
        first = shown[0].text if form.long or not shown[0].short else shown[0].short
        more = f" +{len(shown) - 1}" if len(shown) > 1 else ""
        ask: Cell = (f"{'! ' if asks else ''}{first}{more}", "bold yellow" if asks else "grey62")
    else:
        ask = ("", "")
    result = view.result if view.result and view.result != "*" else ""
    cells: list[Cell] = [
        (board, ""),
        (name(view.white), ""),
        (name(view.black), ""),
        (moves, ""),
        (view.last_move or ("not begun" if view.board is not None else ""), ""),
        (_time(view.last_move_at, now), "grey62"),
        _clock(view.white_clock),
        _clock(view.black_clock),
        (result.replace("1/2-1/2", "½-½"), "bold"),
        ask,
    ]
    if not form.at:
        del cells[5]
    style = "on dark_red" if view.conflict else "" if view.board is not None else "grey50"
    return cells, style


def _cut(text: str, width: int) -> str:
    return text if cell_len(text) <= width else text[: max(width - 1, 1)] + "…"


class LiveBoards(LineTable):
    """One line per game of the feed, keyed by its record; a cursor for the arbiter's keys."""

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
        self.views = sorted(
            views, key=lambda v: (v.board is None, v.board or 0, v.kind != "main", v.origin)
        )
        self.cursor = next(
            (i for i, v in enumerate(self.views) if v.key == keep),
            min(self.cursor, max(0, len(self.views) - 1)),
        )
        self._now = now
        self.redraw()

    def redraw(self) -> None:
        width = self.scrollable_content_region.width
        for form in FORMS:
            columns = [
                Column(label if form.long else short, key, justify)
                for label, short, key, justify in COLUMNS
                if form.at or key != "at"
            ]
            lines = [board_cells(view, self._now, form) for view in self.views]
            widths = [
                max([cell_len(c.label)] + [cell_len(cells[i][0]) for cells, _s in lines])
                for i, c in enumerate(columns)
            ]
            self.gap = form.gap
            if not width or self.line_width(widths) <= width:
                break
        if form.names == "cut":
            room = (
                width - self.line_width([0 if i in _NAMES else w for i, w in enumerate(widths)])
            ) // 2
            for cells, _style in lines:
                for i in _NAMES:
                    cells[i] = (_cut(cells[i][0], max(room, 4)), cells[i][1])
        rows = []
        for i, (view, (cells, style)) in enumerate(zip(self.views, lines, strict=True)):
            if i == self.cursor and self.has_focus:
                style = f"{style} reverse".strip()
            rows.append((view.key, cells, style))
        self.fill(columns, rows)
        self.show_row(self.cursor)

    def on_resize(self) -> None:
        if self.columns:  # drawn before its first layout, maybe in the widest form
            self.redraw()

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
