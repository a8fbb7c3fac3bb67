"""A yes/no question, answered from the keyboard (y / n / Escape).

Every question here is asked before a change to official results (a forfeit, a correction, an
undo, a withdrawal, a fine cancelled): Enter, pressed in a hurry or left over from the key that
opened the question, must do the least harm, so the focus starts on Cancel and only `y` (or the
confirm button itself) confirms."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str, *, confirm: str = "Confirm", cancel: str = "Cancel") -> None:
        super().__init__()
        self.question = question
        self.confirm_label = confirm
        self.cancel_label = cancel

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            # Scrolls when long (a withdrawal naming every game) so that the answers stay
            # on an 80x24 screen.
            with VerticalScroll(classes="question-box"):
                yield Static(self.question, id="question", markup=False)
            with Horizontal(id="buttons"):
                yield Button(Text(f"{self.confirm_label} (y)"), variant="primary", id="yes")
                yield Button(Text(f"{self.cancel_label} (n)"), id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
