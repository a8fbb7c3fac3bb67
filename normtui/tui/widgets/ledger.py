"""A ledger the arbiter reads whole (the desk's fines and incidents): every entry wrapped to
the width, scrolled line by line from the keyboard.

Not a table: an incident's description and the Chief Arbiter's decision are sentences, and a
table column cut "What happened" off even at 200 columns; a row taller than the table could
not be read to its end from the keyboard either.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static


class Ledger(VerticalScroll, can_focus=True):
    DEFAULT_CSS = """
    Ledger > .ledger-text {
        padding: 0 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home,g", "scroll_home", "First line", show=False, id="ledger.first"),
        Binding("end,G", "scroll_end", "Last line", show=False, id="ledger.last"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("", markup=False, classes="ledger-text")

    def show(self, entries: Sequence[Text], empty: str) -> None:
        """One entry a paragraph; literal text (entries name players and quote decisions)."""
        text = Text("\n").join(entries) if entries else Text(empty, style="dim")
        self.query_one(".ledger-text", Static).update(text)

    @property
    def text(self) -> str:
        """What the ledger says (for tests)."""
        return str(self.query_one(".ledger-text", Static).render())
