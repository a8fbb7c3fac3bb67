"""The drawing of lots for the pairing numbers, recorded from the desk before round 1: the
number the selected player drew. The player who had it takes the drawer's old number, so the
drawing is entered one player at a time as the envelopes are opened; the Berger tables pair the
event again. Refused with the reason (the modal stays open) when the number is not one of the
field's or a game has a result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from normtui.tui.screens.desk_modal import FieldModal

if TYPE_CHECKING:
    from normtui.rules.model import Player
    from normtui.store import EventStore


class DrawnNumberScreen(FieldModal):
    def __init__(self, store: EventStore, player: Player, *, force: bool = False) -> None:
        super().__init__(store)
        self.player = player
        self.force = force
        self.size_of_field = len(store.players())

    def compose(self) -> ComposeResult:
        p = self.player
        with Vertical(id="drawn-number-dialog", classes="field-dialog"):
            yield Static(Text(f"Drawing of lots: {p.name}", style="bold"))
            yield Static(
                Text(
                    f"Now number {p.number}. The player who has the number drawn takes "
                    f"{p.number}; the rounds are paired again from the numbers.",
                    style="dim",
                )
            )
            yield Label(Text(f"Number drawn (1 to {self.size_of_field})"))
            yield Input(id="drawn-number", restrict=r"\d*", max_length=3, compact=True)
            yield from self.buttons()
        yield from self.footer()

    def on_mount(self) -> None:
        self.query_one("#drawn-number", Input).focus()

    def action_record(self) -> None:
        text = self.query_one("#drawn-number", Input).value.strip()
        if not text:
            self.notify("Type the number drawn.", severity="warning")
            return
        self.record(
            self.store.stages.draw_numbers, [(self.player.number, int(text))], force=self.force
        )

    @on(Input.Submitted, "#drawn-number")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_record()
