"""A line of text shown whole: wrapped at the words, the widget as tall as the text needs.

For the lines a pane updates often (the live status, the highlighted board, what a table
counts): its height is set only when the number of lines changes, and the text is updated
without a layout pass otherwise (a layout pass repaints the whole screen)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static


def show_whole(static: Static, text: str, width: int = 0) -> None:
    """``text`` in ``static``, wrapped to its width (``width`` before its first layout)."""
    room = static.size.width or width or 78
    lines = max(len(Text(text).wrap(static.app.console, room)), 1)
    if static.styles.height is None or static.styles.height.value != lines:
        static.styles.height = lines
    if getattr(static, "_shown", None) != text:
        static._shown = text  # type: ignore[attr-defined]
        static.update(text, layout=False)


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
