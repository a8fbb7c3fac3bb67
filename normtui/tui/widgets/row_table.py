"""The console's row tables: a DataTable with a row cursor that shows every cell as literal
text and whose Home/End (and g/G) go to the first/last row.

Literal text: a DataTable parses a str cell as Rich markup, so a player named ``a[/]b`` ended
the console (MarkupError) and ``[@click=app.quit]Q[/]`` became a clickable action. Names,
summaries, decisions and record texts are the users'; no cell is ever markup here.

Home/End: a DataTable moves the cursor sideways on them (or scrolls the table sideways), so
``End d b`` entered an Armageddon on board 1 instead of board 5. In a table of boards, players
or audit entries the arbiter means the last row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.coordinate import Coordinate
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import DataTable
from textual.widgets.data_table import CellType, ColumnKey, RowDoesNotExist, RowKey

from normtui.text import visible


def literal(cell: object) -> object:
    """A str cell as plain text (never markup), control characters shown as escapes
    (:func:`normtui.text.visible`: a name from a damaged file cannot make the terminal blink);
    anything else as it is."""
    # A cell's own line breaks are kept: a row as tall as a clock's two lines shows both.
    if isinstance(cell, str):
        return Text(visible(cell, lines=True))
    if isinstance(cell, Text) and visible(cell.plain, lines=True) != cell.plain:
        # Its styled parts would not survive the escapes; the text is what must be seen.
        return Text(visible(cell.plain, lines=True), style=cell.style)
    return cell


class RowTable(DataTable[Any]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home,g", "first_row", "First row", show=False, id="table.first"),
        Binding("end,G", "last_row", "Last row", show=False, id="table.last"),
    ]

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("cursor_type", "row")
        kwargs.setdefault("zebra_stripes", True)
        super().__init__(**kwargs)
        # What fill_wrapped last drew, and at which width (a resize wraps it again).
        self._wrapped: (
            tuple[Sequence[tuple[str, str]], Sequence[tuple[str, Sequence[Text]]], str] | None
        ) = None
        self._wrapped_width = 0
        self._rewrap_due = False

    def fill_wrapped(
        self,
        columns: Sequence[tuple[str, str]],
        rows: Sequence[tuple[str, Sequence[Text]]],
        wrap: str,
        keep: str | None = None,
    ) -> None:
        """Columns (label, key) and rows (key, cells), the column ``wrap`` as wide as the
        table leaves it and each row as tall as its text there: a summary, a decision,
        what happened, shown whole at 80 columns, not cut at the table's edge. The cursor
        goes back to row ``keep``."""
        self._wrapped = (columns, rows, wrap)
        self._wrapped_width = self.size.width
        at = [key for _label, key in columns].index(wrap)
        fixed = [
            max([len(label)] + [cells[i].cell_len for _key, cells in rows])
            for i, (label, _key) in enumerate(columns)
            if i != at
        ]
        # Each column pads its cells by one cell either side; the scrollbar takes two.
        room = self.size.width - sum(fixed) - 2 * len(columns) - 2
        width = max(room, 20) if self.size.width else 60
        self.clear(columns=True)
        for i, (label, key) in enumerate(columns):
            self.add_column(label, key=key, width=width if i == at else None)
        console = self.app.console
        index = 0
        for n, (key, cells) in enumerate(rows):
            lines = len(cells[at].wrap(console, width))
            self.add_row(*cells, key=key, height=max(lines, 1))
            if key == keep:
                index = n
        if rows:
            self.move_cursor(row=index, animate=False)

    def on_resize(self) -> None:
        self._rewrap()

    def _rewrap(self) -> None:
        self._rewrap_due = False
        if self._wrapped is not None and self.size.width != self._wrapped_width:
            self.fill_wrapped(*self._wrapped, keep=self.highlighted_key())

    def render_lines(self, crop: Region) -> list[Strip]:
        # A new width that came with no Resize (a pane built on demand is laid out once
        # before its stylesheet applies, then narrower without one): wrapped again at once
        # after this frame, not left wider than the table with a scrollbar under it.
        wrapped = self._wrapped is not None and self.size.width != self._wrapped_width
        if wrapped and not self._rewrap_due:
            self._rewrap_due = True
            self.call_later(self._rewrap)
        return super().render_lines(crop)

    def highlighted_key(self) -> str | None:
        if self.row_count == 0 or not 0 <= self.cursor_row < self.row_count:
            return None
        return self.coordinate_to_cell_key(Coordinate(self.cursor_row, 0)).row_key.value

    def add_row(
        self, *cells: CellType, height: int | None = 1, key: str | None = None, label: Any = None
    ) -> RowKey:
        return super().add_row(*(literal(c) for c in cells), height=height, key=key, label=label)

    def update_cell(
        self,
        row_key: RowKey | str,
        column_key: ColumnKey | str,
        value: CellType,
        *,
        update_width: bool = False,
    ) -> None:
        super().update_cell(row_key, column_key, literal(value), update_width=update_width)

    def action_first_row(self) -> None:
        if self.row_count:
            self.move_cursor(row=0)

    def action_last_row(self) -> None:
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)

    def go_to_key(self, key: str) -> bool:
        """Put the cursor on the row keyed ``key`` (":N"); False when there is none."""
        try:
            index = self.get_row_index(key)
        except RowDoesNotExist:
            return False
        self.move_cursor(row=index)
        return True
