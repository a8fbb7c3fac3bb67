"""Pane 5, Player desk: arrivals and the §7 fine, the fines ledger, incidents, illness and
postponement (§9), and withdrawal with the 50 % rule's consequence shown before it is confirmed.

Every write goes through the store and is audited; every question that costs a player money or
points is asked first (a ConfirmScreen or a modal that shows the rule book's decision).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Select, Static

from normtui.rules.model import PlayerStatus
from normtui.tui.panes.base import Pane
from normtui.tui.widgets.desk_arrivals import DeskArrivals

if TYPE_CHECKING:
    from collections.abc import Callable

    from normtui.rules.model import Player


class PlayerDeskPane(Pane):
    PANE_ID = "desk"
    TITLE = "Desk"
    ARTICLES = (
        "§7 present at the start or a 500 EUR fine; no telephone or other equipment (the "
        "Chief Arbiter decides)",
        "§9 illness: a free day (cannot be refused) or the next morning (can be); rounds 9-10 "
        "forfeit; withdrawal under 50 % of the games: results not counted",
    )
    PALETTE = (
        ("Desk: mark present", "The selected player was there at the start", "present"),
        ("Desk: mark absent (fine)", "Absent at the start: the §7 fine is proposed", "absent"),
        ("Desk: record an incident", "With the Chief Arbiter's decision (§7)", "incident"),
        ("Desk: report illness", "Postpone or forfeit the player's game (§9)", "illness"),
        ("Desk: withdraw a player", "The 50 % rule's consequence is shown first (§9)",
         "withdraw"),
        ("Desk: title and sex of the player", "For the FIDE rating report", "player_details"),
        ("Report details: city, federation, arbiters", "For the FIDE rating report",
         "report_details"),
    )
    BINDINGS = [
        Binding("p", "present", "Present", id="desk.present",
                tooltip="The selected player was in the playing area at the start"),
        Binding("a", "absent", "Absent", id="desk.absent",
                tooltip="Absent at the start: the §7 fine is proposed; record it, or the "
                "absence alone"),
        Binding("i", "incident", "Incident", id="desk.incident",
                tooltip="Record an incident with the Chief Arbiter's decision (§7)"),
        Binding("l", "illness", "Ill", id="desk.illness",
                tooltip="Illness: postpone or forfeit the game, as §9 decides"),
        Binding("w", "withdraw", "Withdraw", id="desk.withdraw",
                tooltip="Withdraw the player; the 50 % rule's consequence is shown first"),
        # Set once for the rating report: in the help and the palette, not the Footer.
        Binding("t", "player_details", "Title/sex", id="desk.player_details", show=False,
                tooltip="The selected player's FIDE title and sex, for the rating report"),
        Binding("r", "report_details", "Report details", id="desk.report_details",
                show=False, tooltip="The event's city, federation and arbiters (TRF)"),
        # Out of the Footer: the round selector says "[ ] other rounds" beside itself.
        Binding("left_square_bracket", "round(-1)", "Previous round", id="desk.round_prev",
                key_display="[", show=False),
        Binding("right_square_bracket", "round(1)", "Next round", id="desk.round_next",
                key_display="]", show=False),
    ]

    def __init__(self, store: object, **kwargs: object) -> None:
        super().__init__(store, **kwargs)  # type: ignore[arg-type]
        self.round_no = 0

    def compose(self) -> ComposeResult:
        with Horizontal(id="desk-round-bar"):
            yield Static("Arrivals in", id="desk-round-label")
            yield Select([], allow_blank=True, id="desk-round", compact=True)
            yield Static("[ ] other rounds", id="desk-round-hint")
        yield DeskArrivals(id="desk-arrivals")
        with Horizontal(id="desk-ledgers"):
            with Vertical(id="desk-fines-box"):
                yield Static("Fines (§7)", classes="desk-heading", id="desk-fines-heading")
                yield DataTable(id="desk-fines", cursor_type="row", zebra_stripes=True)
            with Vertical(id="desk-incidents-box"):
                yield Static("Incidents (§7)", classes="desk-heading")
                yield DataTable(id="desk-incidents", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        fines = self.query_one("#desk-fines", DataTable)
        for label in ("Rd", "Player", "Amount", "Reason"):
            fines.add_column(label, key=label.lower())
        incidents = self.query_one("#desk-incidents", DataTable)
        for label in ("Rd", "Player", "Kind", "Decision", "What happened"):
            incidents.add_column(label, key=label.lower())
        rounds = self.store.event.rounds
        self.query_one("#desk-round", Select).set_options(
            [(f"round {r}", r) for r in range(1, rounds + 1)])
        self.round_no = self.store.current_round()
        self.query_one("#desk-round", Select).value = self.round_no

    def focus_first(self) -> None:
        self.query_one(DeskArrivals).focus()

    def reload(self) -> None:
        self.query_one(DeskArrivals).show_round(self.store, self.round_no)
        fines = self.query_one("#desk-fines", DataTable)
        fines.clear()
        ledger = self.store.fines()
        for f in ledger:
            fines.add_row(str(f.round or ""), f.player.name, f"{f.amount:f} {f.currency}",
                          f.reason, key=str(f.id))
        total: dict[str, Decimal] = {}
        for f in ledger:
            total[f.currency] = total.get(f.currency, Decimal(0)) + f.amount
        sums = ", ".join(f"{amount:f} {cur}" for cur, amount in total.items())
        self.query_one("#desk-fines-heading", Static).update(
            f"Fines (§7): {len(ledger)}, total {sums}" if ledger else "Fines (§7): none")
        incidents = self.query_one("#desk-incidents", DataTable)
        incidents.clear()
        for i in self.store.incidents():
            incidents.add_row(str(i.round), i.player.name, i.kind.replace("_", " "), i.decision,
                              i.description, key=str(i.id))

    # -- the round shown ---------------------------------------------------------------------

    @on(Select.Changed, "#desk-round")
    def _round_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and event.value != self.round_no:
            self.round_no = event.value
            self.reload()

    def action_round(self, step: int) -> None:
        rounds = self.store.event.rounds
        self.query_one("#desk-round", Select).value = min(max(self.round_no + step, 1), rounds)

    # -- actions on the selected player ------------------------------------------------------

    def _player(self) -> Player | None:
        player = self.query_one(DeskArrivals).selected
        if player is None:
            self.notify("Select a player in the arrivals table first.", severity="warning")
        return player

    def action_present(self) -> None:
        player = self._player()
        if player is not None:
            self.write("arrival", self.store.record_arrival, self.round_no, player.number, True)

    def action_absent(self) -> None:
        from normtui.rules.duties import arrival_fine
        from normtui.tui.screens.desk_absent import AbsenceScreen, Answer

        player = self._player()
        if player is None:
            return
        fine = arrival_fine(False, self.store.profile)
        assert fine is not None
        amount = f"{fine.amount:f} {fine.currency}"
        question = (f"{player.name} was not in the playing area at the start of round "
                    f"{self.round_no}.\n\n{fine.article}: a fine of {amount} ({fine.reason}).\n\n"
                    "Record the absence and the fine, or the absence alone?")

        def answered(answer: Answer | None) -> None:
            if answer is None:
                self.notify("Nothing recorded.", timeout=3)
                return
            self.write("arrival", self.store.record_arrival, self.round_no, player.number, False,
                       fine=answer == "fine")

        self.app.push_screen(AbsenceScreen(question, amount), answered)

    def action_incident(self) -> None:
        from normtui.tui.screens.desk_incident import DeskIncidentScreen

        player = self._player()
        if player is not None:
            self.app.push_screen(DeskIncidentScreen(self.store, self.round_no, player),
                                 self._recorded("incident"))

    def action_illness(self) -> None:
        from normtui.tui.screens.desk_illness import DeskIllnessScreen

        player = self._player()
        if player is not None:
            self.app.push_screen(DeskIllnessScreen(self.store, self.round_no, player),
                                 self._recorded("illness"))

    def _recorded(self, action: str) -> Callable[[bool | None], None]:
        """After a modal that wrote (and audited) by itself: tell the arbiter, and the panes."""
        def done(recorded: bool | None) -> None:
            if recorded:
                entry = self.store.log(limit=1)
                if entry:
                    self.notify(entry[0].summary, timeout=4, markup=False)
                self.changed(action)
        return done

    def action_player_details(self) -> None:
        from normtui.tui.screens.desk_details import PlayerDetailsScreen

        player = self._player()
        if player is not None:
            self.app.push_screen(PlayerDetailsScreen(self.store, self.round_no, player),
                                 self._recorded("player"))

    def action_report_details(self) -> None:
        from normtui.tui.screens.desk_details import ReportDetailsScreen

        self.app.push_screen(ReportDetailsScreen(self.store), self._recorded("details"))

    def action_withdraw(self) -> None:
        from normtui.tui.screens.confirm import ConfirmScreen

        player = self._player()
        if player is None:
            return
        if player.status is PlayerStatus.WITHDRAWN:
            self.notify(f"{player.name} has already withdrawn.", severity="warning", markup=False)
            return
        done, effect = self.attempt(self.store.withdrawal_preview, player.number)
        if not done or effect is None:
            return
        question = f"Withdraw {player.name} from the event (§9)?\n\n{effect.message}."

        def answered(confirmed: bool | None) -> None:
            if not confirmed:
                self.notify("Nothing recorded.", timeout=3)
                return
            self.write("withdraw", self.store.withdraw, player.number)

        self.app.push_screen(ConfirmScreen(question, confirm="Withdraw"), answered)
