"""Tables that redraw themselves shorter on a narrow terminal (80 columns): the
:class:`Responsive` mixin, and a row table that keeps its cursor on the same record across
redraws."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from rich.cells import cell_len
from rich.text import Text

from normtui.tui.widgets.row_table import RowTable, literal

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


def _same(old: object, new: object) -> bool:
    """Whether a cell would look the same: a Text's own style is not part of its equality
    (an Armageddon started turns its State cell from yellow to cyan, same words).

    >>> _same(Text("Armageddon", style="bold yellow"), Text("Armageddon", style="cyan"))
    False
    """
    if isinstance(old, Text) and isinstance(new, Text):
        return (old.plain, old.style, old.spans, old.justify) == (
            new.plain,
            new.style,
            new.spans,
            new.justify,
        )
    return bool(old == new)


class ResponsiveTable(Responsive, RowTable):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # The columns, the form and the row keys the table was last filled with.
        self._filled: tuple[object, ...] | None = None

    def has_content(self) -> bool:
        return self.row_count > 0

    def clear(self, columns: bool = False) -> Self:
        self._filled = None
        return super().clear(columns)

    def fill(
        self,
        columns: Sequence[tuple[str, str]],
        rows: Sequence[tuple[str, Sequence[object]]],
        keep: str | None,
    ) -> None:
        """Columns (label, key) and rows (key, cells); the cursor goes back to row ``keep``.

        Columns are made afresh when they or the form change: DataTable widths only ever grow,
        and a redraw with short names must give the room back. The same columns and rows (a
        result, a signature): only the cells that changed are updated, with no layout pass
        and the cursor where it is."""
        filled = (tuple(columns), self.wide, tuple(key for key, _cells in rows))
        if filled == self._filled:
            self._update_cells(columns, rows)
            if keep is not None and keep != self.highlighted_key():
                self.go_to_key(keep)
            return
        self.clear(columns=True)
        self._filled = filled
        for label, key in columns:
            self.add_column(label, key=key)
        at = 0
        for index, (key, cells) in enumerate(rows):
            self.add_row(*cells, key=key)
            if key == keep:
                at = index
        if rows:
            self.move_cursor(row=at, animate=False)

    def _update_cells(
        self, columns: Sequence[tuple[str, str]], rows: Sequence[tuple[str, Sequence[object]]]
    ) -> None:
        for key, cells in rows:
            for (_label, column), cell in zip(columns, cells, strict=True):
                new, old = literal(cell), self.get_cell(key, column)
                if not _same(old, new):
                    wider = cell_len(str(new)) > cell_len(str(old))
                    self.update_cell(key, column, new, update_width=wider)
