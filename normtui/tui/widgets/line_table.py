"""A read-only table drawn line by line (Textual's line API), for tables that change with every
result: the standings and the crosstable.

Why not a DataTable: a DataTable renders every visible cell through Rich again whenever any
cell changes (its caches are keyed by an update counter), about a millisecond a cell on the
reference machine, and re-lays itself out after a refill: a hundred-cell table took ~80 ms to
repaint. Here each row is one pre-built strip of segments, so a repaint is a few string
operations, and a refill of the same shape is not a layout change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from normtui.text import visible
from normtui.tui.widgets.responsive_table import Responsive


@dataclass(frozen=True)
class Column:
    label: str
    key: str
    justify: str = "left"  # "left", "right" or "center"


# A cell: its text and a Rich style string ("" for the row's style).
Cell = tuple[str, str]


@lru_cache(maxsize=256)
def _style(text: str) -> Style:
    return Style.parse(text) if text else Style()


def _pad(text: str, width: int, justify: str) -> str:
    room = width - cell_len(text)
    if room <= 0:
        return text
    if justify == "right":
        return " " * room + text
    if justify == "center":
        left = room // 2
        return " " * left + text + " " * (room - left)
    return text + " " * room


class LineTable(Responsive, ScrollView, can_focus=True):
    """Columns and rows of short texts; a header line that stays put when the rows scroll."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"line-table--header"}
    # The first and last row, never sideways (as in the console's row tables).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home,g", "first_row", "First row", show=False, id="table.first"),
        Binding("end,G", "last_row", "Last row", show=False, id="table.last"),
    ]
    GAP: ClassVar[str] = "  "  # between columns

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.columns: list[Column] = []
        self.keys: list[str] = []
        self._cells: list[list[Cell]] = []
        self._row_styles: list[str] = []
        self._strips: list[Strip] = []
        self._header = Strip([])
        self._widths: list[int] = []
        self._base: Style | None = None
        self._shape: tuple[object, ...] = ()
        self._cache: dict[tuple[tuple[Cell, ...], str], Strip] = {}
        self._blank = Strip([])
        self.gap = self.GAP  # a table may close its columns up on a narrow screen
        self._form = self.wide  # the form its widths were measured in

    # -- filling -----------------------------------------------------------------------------

    def has_content(self) -> bool:
        return bool(self.keys)

    def fill(
        self, columns: Sequence[Column], rows: Sequence[tuple[str, Sequence[Cell], str]]
    ) -> None:
        """``rows``: (key, cells, row style)."""
        old_columns = self.columns
        self.columns = list(columns)
        self.keys = [key for key, _cells, _style in rows]
        # Names come from the event file: a damaged one's escape sequences are shown, not run.
        self._cells = [
            [(visible(text), style) for text, style in cells] for _key, cells, _style in rows
        ]
        self._row_styles = [style for _key, _cells, style in rows]
        # Columns only widen (as in a DataTable) and the table is at least as wide as the
        # widget: a result that makes "13" into "14½*" must not change the virtual size, which
        # would cost a layout pass and a repaint of the whole table.
        labels = [c.label for c in columns]
        widths = [cell_len(label) for label in labels]
        for cells in self._cells:
            for i, (text, _s) in enumerate(cells):
                widths[i] = max(widths[i], cell_len(text))
        # The widths kept only in the same form and while they fit: the narrow form of a table
        # (surnames) may have the labels of the wide one, and must give the room back.
        same_form, self._form = self._form == self.wide, self.wide
        if same_form and labels == [c.label for c in old_columns]:
            kept = [max(a, b) for a, b in zip(widths, self._widths, strict=True)]
            if not self.size.width or self.line_width(kept) <= self.size.width:
                widths = kept
        self._widths = widths
        old_header, old = self._header, self._strips
        self._build()
        size = Size(max(self._header.cell_length, self.size.width), len(self._strips) + 1)
        if size != self.virtual_size:
            self.virtual_size = size
            self.refresh()
            return
        # Same shape (the usual case after a result): repaint only the lines that changed.
        if self._header != old_header:
            self.refresh(Region(0, 0, self.size.width, 1))
        top = self.scroll_offset.y
        for index, strip in enumerate(self._strips):
            if index >= len(old) or strip != old[index]:
                self.refresh(Region(0, index + 1 - top, self.size.width, 1))

    def line_width(self, widths: Sequence[int]) -> int:
        """The cells of a line with columns this wide: a space either side, a gap between."""
        return sum(widths) + cell_len(self.gap) * max(len(widths) - 1, 0) + 2

    def show_row(self, index: int) -> None:
        """Scroll just enough for row ``index`` to be in view under the header."""
        rows = self.scrollable_content_region.height - 1
        top = self.scroll_offset.y
        if rows <= 0 or top <= index < top + rows:
            return
        self.scroll_to(y=index if index < top else index - rows + 1, animate=False)

    def _build(self) -> None:
        """The strips of the header and the rows, the widget's own style applied once here
        rather than on every line drawn; a row that did not change keeps its strip."""
        base = self._base or Style()
        shape = (tuple(self._widths), tuple(c.justify for c in self.columns), base, self.gap)
        if shape != self._shape or len(self._cache) > 4 * len(self._cells) + 64:
            # Rows that changed leave their old strips behind: a table repainted with every
            # move of the live boards would otherwise keep one per move all round.
            self._shape = shape
            self._cache.clear()
        header_style = self.get_component_rich_style("line-table--header", partial=True)
        self._header = self._strip([(c.label, "") for c in self.columns], base + header_style)
        strips = []
        for cells, row_style in zip(self._cells, self._row_styles, strict=True):
            key = (tuple(cells), row_style)
            strip = self._cache.get(key)
            if strip is None:
                strip = self._cache[key] = self._strip(cells, base + _style(row_style))
            strips.append(strip)
        self._strips = strips
        self._blank = Strip([Segment(" " * self.virtual_size.width, base)])

    def notify_style_update(self) -> None:
        """The theme or the CSS changed: the strips carry the old colours."""
        super().notify_style_update()
        self._base = self.rich_style
        if self.columns:
            self._build()
            self.refresh()

    def _strip(self, cells: Sequence[Cell], row_style: Style) -> Strip:
        segments = [Segment(" ", row_style)]
        for i, (text, style) in enumerate(cells):
            column = self.columns[i]
            segments.append(
                Segment(_pad(text, self._widths[i], column.justify), row_style + _style(style))
            )
            segments.append(Segment(self.gap if i < len(cells) - 1 else " ", row_style))
        return Strip(segments)

    def action_first_row(self) -> None:
        self.scroll_to(0, 0, animate=False)

    def action_last_row(self) -> None:
        self.scroll_to(0, self.max_scroll_y, animate=False)

    # -- reading (for tests and for the panes) -------------------------------------------------

    def row(self, key: str) -> list[str]:
        return [text for text, _style in self._cells[self.keys.index(key)]]

    def cell(self, key: str, column: str) -> str:
        index = next(i for i, c in enumerate(self.columns) if c.key == column)
        return self.row(key)[index]

    def row_style(self, key: str) -> str:
        return self._row_styles[self.keys.index(key)]

    def column(self, column: str) -> list[str]:
        return [self.cell(key, column) for key in self.keys]

    # -- drawing ------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        if self._base is None:
            self._base = self.rich_style
            self._build()
        if y == 0:
            strip = self._header
        else:
            index = y - 1 + scroll_y
            strip = self._strips[index] if 0 <= index < len(self._strips) else self._blank
        return strip.crop_extend(scroll_x, scroll_x + self.size.width, self._base)
