"""A question with a few named answers, each a button and a key that reads as its word
("f" Fine, "n" No fine), and Escape for none of them.

The first button has the focus when it opens; put the answer that changes least first, so
that an Enter typed in a hurry does the least harm.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

T = TypeVar("T")


class ChoiceScreen(ModalScreen[T | None], Generic[T]):
    """``choices``: (key, label, answer); dismissed with the answer, or None (Escape)."""

    BINDINGS = [Binding("escape", "choose_none", "Cancel", id="choice.cancel")]

    def __init__(
        self, question: str, choices: Sequence[tuple[str, str, T]], *, cancel: str = "Cancel"
    ) -> None:
        super().__init__()
        self.question = question
        self.choices = list(choices)
        self.cancel_label = cancel

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="choice-dialog"):
            # Literal text: the question names players. Scrolls when long, so that the
            # answers stay on an 80x24 screen.
            with VerticalScroll(classes="question-box"):
                yield Static(self.question, id="question", markup=False)
            # One answer a line: each says in full what it records, at 80 columns too.
            with Vertical(id="choices"):
                for index, (key, label, _answer) in enumerate(self.choices):
                    yield Button(
                        Text(f"{key}  {label}"),
                        id=f"choice-{index}",
                        compact=True,
                        variant="primary" if index == 0 else "default",
                    )
                yield Button(Text(f"Esc  {self.cancel_label}"), id="choice-cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#choice-0", Button).focus()

    def on_key(self, event: events.Key) -> None:
        for key, _label, answer in self.choices:
            if event.key == key:
                event.stop()
                self.dismiss(answer)
                return

    def on_button_pressed(self, event: Button.Pressed) -> None:
        index = (event.button.id or "").removeprefix("choice-")
        self.dismiss(self.choices[int(index)][2] if index.isdigit() else None)

    def action_choose_none(self) -> None:
        self.dismiss(None)
