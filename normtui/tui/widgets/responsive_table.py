"""Tables that redraw themselves shorter on a narrow terminal (80 columns): the
:class:`Responsive` mixin, and a row table that keeps its cursor on the same record across
redraws."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from normtui.tui.widgets.row_table import RowTable

if TYPE_CHECKING:
    from textual.geometry import Size


class Responsive:
    """``WIDE_FROM``: below this width :meth:`redraw` is asked for the narrow form (surnames,
    short words); crossing it on a resize redraws."""

    WIDE_FROM: ClassVar[int] = 100
    wide = True

    if TYPE_CHECKING:  # provided by the widget and the table the mixin goes with
        size: Size

        def has_content(self) -> bool: ...

    def redraw(self) -> None:
        """Fill the table again from what it last showed (subclasses)."""

    def measure_wide(self) -> bool:
        """Decide the layout from the width now (before the first layout: wide)."""
        self.wide = self.size.width == 0 or self.size.width >= self.WIDE_FROM
        return self.wide

    def on_resize(self) -> None:
        if (self.size.width >= self.WIDE_FROM) != self.wide and self.has_content():
            self.redraw()


class ResponsiveTable(Responsive, RowTable):
    def has_content(self) -> bool:
        return self.row_count > 0

    def fill(
        self,
        columns: Sequence[tuple[str, str]],
        rows: Sequence[tuple[str, Sequence[object]]],
        keep: str | None,
    ) -> None:
        """Columns (label, key) and rows (key, cells); the cursor goes back to row ``keep``.

        Columns are made afresh each time: DataTable widths only ever grow, and a redraw with
        short names must give the room back."""
        self.clear(columns=True)
        for label, key in columns:
            self.add_column(label, key=key)
        at = 0
        for index, (key, cells) in enumerate(rows):
            self.add_row(*cells, key=key)
            if key == keep:
                at = index
        if rows:
            self.move_cursor(row=at, animate=False)
