"""A pane's status line: the routine confirmations ("result 1-0 entered", "signed by White",
"present") at the foot of the pane, with the time they were said.

Toasts stack over the table, covering the Signed column for seconds while the arbiter is
reading it; they are kept for refusals and rule warnings, which must interrupt.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static


class StatusLine(Static):
    DEFAULT_CSS = """
    StatusLine {
        height: 1;
        padding: 0 1;
        color: $text-muted;
    }
    StatusLine.-warning {
        color: $text-warning;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, classes="status-line", **kwargs)  # type: ignore[arg-type]
        self.text = ""
        self._true_while: Callable[[], bool] | None = None

    def say(
        self,
        text: str,
        at: datetime | None = None,
        *,
        warning: bool = False,
        true_while: Callable[[], bool] | None = None,
    ) -> None:
        """Show ``text`` (literal: it names players), stamped with the time of day.
        ``true_while``: the line goes once that says False (see :meth:`drop_if_stale`)."""
        self.text = text
        self._true_while = true_while
        shown = f"{at:%H:%M} {text}" if at is not None else text
        self.set_class(warning, "-warning")
        # One line, two when the text needs them: nothing the arbiter must read is cut, and
        # the usual one-line confirmation is not a layout change (a layout pass arranges every
        # widget of the screen again, and the standings are waiting to be repainted).
        width = max(self.size.width - 2, 20) if self.size.width else 78
        lines = 1 if cell_len(shown) <= width else 2
        if self.styles.height is None or self.styles.height.value != lines:
            self.styles.height = lines
        self.update(Text(shown), layout=False)

    def drop_if_stale(self) -> None:
        """After a change to the event: a line that is no longer true goes ("the Armageddon
        waits" once the feed has entered it)."""
        if self._true_while is not None and not self._true_while():
            self.blank()

    def blank(self) -> None:
        self.text = ""
        self._true_while = None
        self.update("", layout=False)
