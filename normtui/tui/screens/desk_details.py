"""What the FIDE rating report needs beyond the games, from the desk: a player's title and sex,
and the event's place and arbiters (TRF 001, 022, 032, 102, 112). Recorded and audited like
every change; an empty field clears what was recorded."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Select, Static

from normtui.rules.model import FIDE_TITLES
from normtui.tui.screens.desk_modal import DeskModal, RecordingModal

_NONE = "none"


class PlayerDetailsScreen(DeskModal):
    def compose(self) -> ComposeResult:
        p = self.player
        with Vertical(id="desk-dialog"):
            yield Static(Text(f"{p.name}: for the rating report", style="bold"), id="desk-title")
            yield Label("FIDE title")
            yield Select(
                [("no title", _NONE), *((t, t) for t in FIDE_TITLES)],
                value=p.title or _NONE,
                allow_blank=False,
                id="player-title",
                compact=True,
            )
            yield Label("Sex (as the report writes it)")
            yield Select(
                [("not given", _NONE), ("m", "m"), ("w", "w")],
                value=p.sex or _NONE,
                allow_blank=False,
                id="player-sex",
                compact=True,
            )
            yield from self.buttons()
        yield from self.footer()

    def on_mount(self) -> None:
        self.query_one("#player-title", Select).focus()

    def action_record(self) -> None:
        title = self.query_one("#player-title", Select).value
        sex = self.query_one("#player-sex", Select).value
        self.record(
            self.store.set_player_details,
            self.player.number,
            {"title": str(title), "sex": str(sex)},
        )


# (field, label, placeholder)
_FIELDS = (
    ("city", "City (TRF 022)", "e.g. Stavanger"),
    ("federation", "Federation, FIDE code (TRF 032)", "e.g. NOR"),
    ("site", "PGN Site of the exports (empty: city and federation)", "e.g. Stavanger NOR"),
    ("chief_arbiter", "Chief Arbiter (TRF 102)", "Lastname, Firstname"),
    (
        "deputy_arbiters",
        "Deputy Chief Arbiters (TRF 112), separated by ;",
        "Lastname, Firstname; Lastname, Firstname",
    ),
)


class ReportDetailsScreen(RecordingModal):
    def compose(self) -> ComposeResult:
        shown = self.store.event.details
        values = {
            "city": shown.city,
            "federation": shown.federation,
            "site": shown.site,
            "chief_arbiter": shown.chief_arbiter,
            "deputy_arbiters": "; ".join(shown.deputy_arbiters),
        }
        with Vertical(id="desk-dialog"):
            yield Static("[b]The event, for the rating report[/]", id="desk-title")
            for key, label, placeholder in _FIELDS:
                yield Label(label)
                yield Input(
                    values[key] or "", placeholder=placeholder, id=f"report-{key}", compact=True
                )
            yield from self.buttons()
        yield from self.footer()

    def on_mount(self) -> None:
        self.query_one(f"#report-{_FIELDS[0][0]}", Input).focus()

    def action_record(self) -> None:
        changes: dict[str, str | list[str] | None] = {
            key: self.query_one(f"#report-{key}", Input).value for key, _l, _p in _FIELDS
        }
        deputies = str(changes["deputy_arbiters"] or "")
        changes["deputy_arbiters"] = [d.strip() for d in deputies.split(";") if d.strip()]
        self.record(self.store.set_report_details, changes)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        if event.input.id == f"report-{_FIELDS[-1][0]}":
            self.action_record()
        else:
            self.focus_next()
