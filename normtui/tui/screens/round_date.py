"""The date and start time of a round, given or corrected from the pairings (`D`): the one date
the round has, which the TRF (132, 042/052), the Chief Arbiter's report and `check` read (a
round takes today's when it starts or its first result is entered; see docs/results.md). One
change, audited, undone with ctrl+z; refused with the reason (the dialog stays open) when the
text is not a date or a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from normtui.tui.screens.desk_modal import FieldModal

if TYPE_CHECKING:
    from normtui.store import EventStore


class RoundDateScreen(FieldModal):
    def __init__(
        self, store: EventStore, round_no: int, date: str | None, start_time: str | None
    ) -> None:
        super().__init__(store)
        self.round_no = round_no
        self.given_date = date
        self.given_start = start_time

    def compose(self) -> ComposeResult:
        with Vertical(id="round-date-dialog", classes="field-dialog"):
            yield Static(Text(f"Round {self.round_no}: its date and start", style="bold"))
            yield Static(
                Text(
                    "Now "
                    + (self.given_date or "no date")
                    + (f", {self.given_start}" if self.given_start else "")
                    + ". The rating report (TRF) and the Chief Arbiter's report print it; "
                    "a round without a date takes today's when it starts or its first "
                    "result is entered.",
                    style="dim",
                )
            )
            yield from _field("Date (YYYY-MM-DD; empty: none)", self.given_date, "round-date", 10)
            yield from _field("Start time (HH:MM; empty: none)", self.given_start, "round-start", 5)
            yield from self.buttons()
        yield from self.footer()

    def on_mount(self) -> None:
        self.query_one("#round-date", Input).focus()

    def action_record(self) -> None:
        date = self.query_one("#round-date", Input).value.strip() or None
        start = self.query_one("#round-start", Input).value.strip() or None
        if (date, start) == (self.given_date, self.given_start):
            self.dismiss(False)
            return
        self.record(self.store.rounds.set_schedule, self.round_no, date=date, start_time=start)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "round-date":
            self.query_one("#round-start", Input).focus()
        else:
            self.action_record()


def _field(label: str, value: str | None, field_id: str, width: int) -> ComposeResult:
    """A labelled field of digits and the date's or time's separators."""
    yield Label(Text(label))
    yield Input(value or "", id=field_id, restrict=r"[0-9:-]*", max_length=width, compact=True)
