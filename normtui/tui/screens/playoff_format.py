"""The play-off's format, set from pane 7 before it starts: one phrase as the regulations write
it ("2 blitz 3+2, then sudden death 2:30/3+2 colours by lot in pairs"), read by
``normtui.rules.playoff_format``; recorded and audited like every change, refused with the
reason (the modal stays open) when the phrase says no format or the play-off has started."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from normtui.rules.playoff_format import PHRASE_HELP, format_phrase
from normtui.tui.screens.desk_modal import FieldModal

if TYPE_CHECKING:
    from normtui.store import EventStore

EXAMPLES = (
    "2 blitz 3+2, then sudden death 2:30/3+2 colours by lot in pairs",
    "2 blitz 3+2, then armageddon 10/7+1 from move 41",
    "2 rapid 15+10, then sudden death up to 4, then lots",
)


class PlayoffFormatScreen(FieldModal):
    def __init__(self, store: EventStore) -> None:
        super().__init__(store)
        self.phrase = format_phrase(store.profile)

    def compose(self) -> ComposeResult:
        with Vertical(id="playoff-format-dialog", classes="field-dialog"):
            yield Static(Text("The play-off of two players sharing first place", style="bold"))
            yield Label("As the regulations write it")
            yield Input(self.phrase, id="playoff-format", compact=True)
            yield Static(Text(PHRASE_HELP, style="dim"), id="playoff-format-help")
            yield Static(
                Text("e.g. " + "\n     ".join(EXAMPLES), style="dim"), id="playoff-format-examples"
            )
            yield from self.buttons()
        yield from self.footer()

    def on_mount(self) -> None:
        self.query_one("#playoff-format", Input).focus()

    def action_record(self) -> None:
        self.record(self.store.playoff.set_format, self.query_one("#playoff-format", Input).value)

    @on(Input.Submitted, "#playoff-format")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_record()
