"""The round selector of the pairings: "Round 1 2 3 … 9", the round shown highlighted, each
number a click away (the keys [ and ] do the same).

One line of text with click links rather than a Tabs or a Select: a widget per round costs
styling and layout before the console's first frame, and this is read far more than clicked.
Beside it, the round's line (:class:`RoundInfo`).
"""

from __future__ import annotations

from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from normtui.tui.widgets.whole_text import join_fitting


class RoundBar(Static):
    class Chosen(Message):
        """A round number was clicked."""

        def __init__(self, round_no: int) -> None:
            super().__init__()
            self.round = round_no

    # The round highlighted: bound to the pane's round shown.
    current: reactive[int] = reactive(0)

    def __init__(self, rounds: int, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.rounds = rounds
        # As wide as its text, which is then updated without a layout pass.
        self.styles.width = len("Round ") + sum(len(str(r)) + 2 for r in range(1, rounds + 1))
        self._drawn: int | None = None

    def watch_current(self, current: int) -> None:
        # Set again after every change (bound to the pane's round): drawn when it moves.
        if current == self._drawn:
            return
        self._drawn = current
        parts = ["[b]Round[/b] "]
        for r in range(1, self.rounds + 1):
            look = "reverse b" if r == current else "dim"
            parts.append(f"[@click=choose({r})][{look}] {r} [/{look}][/]")
        self.update(Content.from_markup("".join(parts)), layout=False)

    def action_choose(self, round_no: int) -> None:
        self.post_message(self.Chosen(round_no))


class RoundInfo(Static):
    """The round's line beside the bar (its date, how many boards are complete, the keys),
    broken between its parts when it needs two lines at 80 columns: "c current" stays whole."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]
        self.parts: list[str] = []
        self._shown = ""

    def show(self, parts: list[str]) -> None:
        self.parts = parts
        if not self.content_region.width:
            return  # not laid out yet: its first resize shows them, one layout pass less
        text = join_fitting(parts, self.content_region.width)
        if text != self._shown:  # a resize seldom changes it
            # A layout pass only for a new number of lines (its height): "3/12 complete"
            # after a result is the same line repainted.
            layout = not self._shown or text.count("\n") != self._shown.count("\n")
            self._shown = text
            self.update(text, layout=layout)

    def on_resize(self) -> None:
        if self.parts:
            self.show(self.parts)
