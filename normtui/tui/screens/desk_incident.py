"""Record an incident (§7) with the Chief Arbiter's decision: §7 leaves what counts as
extraneous equipment to the Chief Arbiter, so an incident without a decision is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Select, Static

from normtui.rules.duties import INCIDENT_KINDS
from normtui.tui.screens.desk_modal import DeskModal

if TYPE_CHECKING:
    from normtui.rules.model import Player
    from normtui.store import EventStore

KIND_LABELS = {
    "electronic_device": "Electronic device or other equipment",
    "late_arrival": "Late arrival",
    "other": "Other",
}


class DeskIncidentScreen(DeskModal):
    def __init__(
        self,
        store: EventStore,
        round_no: int,
        player: Player,
        *,
        kind: str = INCIDENT_KINDS[0],
        description: str = "",
    ) -> None:
        """``kind``, ``description``: the incident the desk offered to record (a late
        arrival), filled in; else the first kind and nothing."""
        super().__init__(store, round_no, player)
        self.kind = kind
        self.description = description

    def compose(self) -> ComposeResult:
        players = [(Text(f"{p.number} {p.name}"), p.number) for p in self.store.players()]
        kinds = [(KIND_LABELS.get(k, k), k) for k in INCIDENT_KINDS]
        with Vertical(id="desk-dialog"):
            yield Static(
                Text(
                    self.store.profile.articles.reword(f"Incident in round {self.round_no} (§7)"),
                    style="bold",
                ),
                id="desk-title",
            )
            yield Label("Player")
            # Compact controls: the whole dialog, its title too, on an 80x24 screen.
            yield Select(
                players,
                value=self.player.number,
                allow_blank=False,
                id="incident-player",
                compact=True,
            )
            yield Label("What happened")
            yield Select(
                kinds, value=self.kind, allow_blank=False, id="incident-kind", compact=True
            )
            yield Input(
                self.description,
                placeholder="Description, e.g. telephone rang in the playing area",
                id="incident-description",
                compact=True,
            )
            yield Label("The Chief Arbiter's decision")
            yield Input(
                placeholder="e.g. game lost; warning; no sanction",
                id="incident-decision",
                compact=True,
            )
            yield from self.buttons()
        yield from self.footer()

    def on_mount(self) -> None:
        self.query_one("#incident-description", Input).focus()

    def action_record(self) -> None:
        player = self.query_one("#incident-player", Select).value
        kind = self.query_one("#incident-kind", Select).value
        description = self.query_one("#incident-description", Input).value
        decision = self.query_one("#incident-decision", Input).value
        self.record(
            self.store.desk.record_incident, self.round_no, player, str(kind), description, decision
        )

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "incident-decision":
            self.action_record()
        else:
            self.focus_next()
