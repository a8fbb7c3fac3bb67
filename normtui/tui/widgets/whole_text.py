"""A line of text shown whole: wrapped at the words, the widget as tall as the text needs.

For the lines a pane updates often (the live status, the highlighted board, what a table
counts): its height is set only when the number of lines changes, and the text is updated
without a layout pass otherwise (a layout pass arranges every widget of the screen again)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static


class WholeText(Static):
    """Text that remembers what it shows, so that it is updated only when that changes."""

    def __init__(self, text: str = "", *, markup: bool = False, id: str | None = None) -> None:
        super().__init__(text, markup=markup, id=id)
        self.shown = text

    def show(self, text: str, width: int = 0) -> None:
        """``text``, wrapped to the widget's width (``width`` before its first layout)."""
        room = self.size.width or width or 78
        lines = max(len(Text(text).wrap(self.app.console, room)), 1)
        if self.styles.height is None or self.styles.height.value != lines:
            self.styles.height = lines
        self.set(text)

    def set(self, text: str, *, layout: bool = False) -> None:
        """``text`` as it is (a line of fixed size: no layout pass unless ``layout``)."""
        if text != self.shown:
            self.shown = text
            self.update(text, layout=layout)


def join_fitting(parts: list[str], width: int, sep: str = " · ") -> str:
    """``parts`` joined by ``sep``, a new line where the next part would not fit ``width``:
    a line breaks between parts, never inside one ("c current" stays together)."""
    lines: list[str] = []
    for part in parts:
        if lines and (not width or cell_len(lines[-1] + sep + part) <= width):
            lines[-1] += sep + part
        else:
            lines.append(part)
    return "\n".join(lines)
