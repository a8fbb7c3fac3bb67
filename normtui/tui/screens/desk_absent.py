"""Absent at the start of a round (§7): the fine is proposed; the arbiter records it, records
the absence without it (a decision of the arbiter's, said so in the audit log), or neither."""

from __future__ import annotations

from typing import Literal

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

Answer = Literal["fine", "no_fine"]


class AbsenceScreen(ModalScreen[Answer | None]):
    BINDINGS = [
        Binding("y", "answer('fine')", "Fine", id="absent.fine"),
        Binding("w", "answer('no_fine')", "No fine", id="absent.no_fine"),
        Binding("n,escape", "answer(None)", "Cancel", id="absent.cancel"),
    ]

    def __init__(self, question: str, amount: str) -> None:
        super().__init__()
        self.question = question
        self.amount = amount

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, id="question", markup=False)
            with Horizontal(id="buttons"):
                yield Button(f"Fine {self.amount} (y)", variant="primary", id="fine")
                yield Button("No fine (w)", id="no_fine")
                yield Button("Cancel (n)", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#fine", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        answer = event.button.id
        self.dismiss(answer if answer in ("fine", "no_fine") else None)  # type: ignore[arg-type]

    def action_answer(self, answer: Answer | None) -> None:
        self.dismiss(answer)
