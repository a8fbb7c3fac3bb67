"""Pane 5, Player desk: arrivals and the §7 fine, the fines ledger, incidents, illness and
postponement (§9), and withdrawal with the 50 % rule's consequence shown before it is confirmed.

Every write goes through the store and is audited; every question that costs a player money or
points is asked first (a ConfirmScreen or a modal that shows the rule book's decision).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Select, Static

from normtui.rules.duties import arrival_fine
from normtui.rules.model import GameState, PlayerStatus
from normtui.store.values import surname
from normtui.tui.formatting import clock_time, state_text
from normtui.tui.panes.base import PaletteBinding, Pane
from normtui.tui.screens.choice import ChoiceScreen
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.screens.desk_absent import AbsenceScreen, Answer
from normtui.tui.screens.desk_details import PlayerDetailsScreen, ReportDetailsScreen
from normtui.tui.screens.desk_illness import DeskIllnessScreen
from normtui.tui.screens.desk_incident import DeskIncidentScreen
from normtui.tui.screens.drawn_number import DrawnNumberScreen
from normtui.tui.widgets.desk_arrivals import DeskArrivals
from normtui.tui.widgets.ledger import Ledger
from normtui.tui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from normtui.rules.model import Player
    from normtui.rules.withdrawal import WithdrawalEffect
    from normtui.store import EventStore
    from normtui.store.desk import ArrivalRecord
    from normtui.store.picture import EventPicture


class PlayerDeskPane(Pane):
    PANE_ID = "desk"
    TITLE = "Desk"
    GO_TO = "player"
    BINDINGS = [
        PaletteBinding(
            "p",
            "present",
            "Present",
            id="desk.present",
            tooltip="The selected player was in the playing area at the start; the cursor "
            "goes on to the next (on a player recorded absent: asks, §7)",
            palette="Desk: mark present",
        ),
        PaletteBinding(
            "P",
            "all_present",
            "All present",
            id="desk.all_present",
            key_display="P",
            tooltip="Every player not yet recorded in this round: present",
            palette="Desk: all present",
        ),
        PaletteBinding(
            "a",
            "absent",
            "Absent",
            id="desk.absent",
            tooltip="Absent at the start: the fine is proposed (§7), where the regulations set "
            "one; record it, or the absence alone",
            palette="Desk: mark absent (fine)",
        ),
        PaletteBinding(
            "i",
            "incident",
            "Incident",
            id="desk.incident",
            tooltip="Record an incident with the Chief Arbiter's decision (§7)",
            palette="Desk: record an incident",
        ),
        PaletteBinding(
            "l",
            "illness",
            "Ill",
            id="desk.illness",
            tooltip="Illness: postpone or forfeit the game, as the regulations decide (§9)",
            palette="Desk: report illness",
        ),
        PaletteBinding(
            "w",
            "withdraw",
            "Withdraw",
            id="desk.withdraw",
            tooltip="Withdraw the player; the 50 % rule's consequence is shown first",
            palette="Desk: withdraw a player",
        ),
        # Before round 1 only: in the help and the palette, not the Footer.
        PaletteBinding(
            "n",
            "drawn_number",
            "Number drawn",
            id="desk.drawn_number",
            show=False,
            tooltip="The pairing number the selected player drew (the drawing of lots before "
            "round 1); the event is paired again, asked first once a round has started",
            palette="Desk: the pairing number a player drew by lot",
        ),
        # Set once for the rating report: in the help and the palette, not the Footer.
        PaletteBinding(
            "t",
            "player_details",
            "Title/sex",
            id="desk.player_details",
            show=False,
            tooltip="The selected player's FIDE title and sex, for the rating report",
            palette="Desk: title and sex of the player",
        ),
        PaletteBinding(
            "r",
            "report_details",
            "Report details",
            id="desk.report_details",
            show=False,
            tooltip="The event's city, federation and arbiters (TRF)",
            palette="Report details: city, federation, arbiters",
        ),
        # Out of the Footer: the round selector says "[ ] other rounds" beside itself.
        Binding(
            "left_square_bracket",
            "round(-1)",
            "Previous round",
            id="desk.round_prev",
            key_display="[",
            show=False,
        ),
        Binding(
            "right_square_bracket",
            "round(1)",
            "Next round",
            id="desk.round_next",
            key_display="]",
            show=False,
        ),
    ]

    ROUND_KEY = "] (or [)"
    # The round shown: set, the desk shows it (again; watch_round_no), its widgets repainting
    # what changed in them; not the whole pane again (repaint=False).
    round_no: reactive[int] = reactive(0, init=False, always_update=True, repaint=False)

    def __init__(self, store: EventStore, picture: EventPicture, **kwargs: object) -> None:
        super().__init__(store, picture, **kwargs)
        # The desk shows the round being played until the arbiter chooses another.
        self._following = True
        # The player whose late arrival i was just offered to record as an incident.
        self._late_offered: int | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="desk-round-bar"):
            yield Static("Arrivals in", id="desk-round-label")
            yield Select([], allow_blank=True, id="desk-round", compact=True)
            yield Static("[ ] other rounds", id="desk-round-hint")
        yield DeskArrivals(id="desk-arrivals")
        with Horizontal(id="desk-ledgers"):
            with Vertical(id="desk-fines-box"):
                yield Static(
                    self._reword("Fines (§7)"), classes="desk-heading", id="desk-fines-heading"
                )
                yield Ledger(id="desk-fines")
            with Vertical(id="desk-incidents-box"):
                yield Static(self._reword("Incidents (§7)"), classes="desk-heading")
                yield Ledger(id="desk-incidents")
        yield StatusLine()

    def on_mount(self) -> None:
        rounds = self.picture.rounds
        self.query_one("#desk-round", Select).set_options(
            [(f"round {r}", r) for r in range(1, rounds + 1)]
        )
        self.set_reactive(PlayerDeskPane.round_no, self.picture.current_round)
        self.query_one("#desk-round", Select).value = self.round_no

    def focus_first(self) -> None:
        self.query_one(DeskArrivals).focus()

    def go_to_numbers(self) -> list[int]:
        return sorted(self.query_one(DeskArrivals).players)

    def go_to(self, number: int) -> None:
        self.query_one(DeskArrivals).go_to_key(str(number))

    def shown_round(self) -> int | None:
        return self.round_no if self._following else None

    def redraw(self) -> None:
        self.round_no = self.round_to_show(self.round_no, self._following)

    def watch_round_no(self, round_no: int) -> None:
        self.query_one("#desk-round", Select).value = round_no
        event = self.picture
        ledger = event.fines
        self.query_one(DeskArrivals).show_round(
            list(event.players),
            event.arrivals_of(round_no),
            [f for f in ledger if f.round == round_no],
            event.games_of(round_no),
            self.normtui.now(),
        )
        # Ledgers of sentences, wrapped and scrolled line by line: nothing cut at 80 columns.
        self.query_one("#desk-fines", Ledger).show(
            [
                Text.assemble(
                    (f"R{f.round or '-'} {surname(f.player.name)}", "bold"),
                    f" {f.amount:f} {f.currency}: {f.reason} ({f.article})",
                )
                for f in ledger
            ],
            "No fines.",
        )
        total: dict[str, Decimal] = {}
        for f in ledger:
            total[f.currency] = total.get(f.currency, Decimal(0)) + f.amount
        sums = ", ".join(f"{amount:f} {cur}" for cur, amount in total.items())
        self.query_one("#desk-fines-heading", Static).update(
            self._reword(
                f"Fines (§7): {len(ledger)}, total {sums}" if ledger else "Fines (§7): none"
            )
        )
        self.query_one("#desk-incidents", Ledger).show(
            [
                Text.assemble(
                    (f"R{i.round} {surname(i.player.name)}", "bold"),
                    " · ",
                    (i.kind.replace("_", " "), "italic"),
                    ": ",
                    i.description,
                    "\n",
                    ("  Decision: ", "bold"),
                    i.decision,
                )
                for i in event.incidents
            ],
            "No incidents.",
        )

    # -- the round shown ---------------------------------------------------------------------

    @on(Select.Changed, "#desk-round")
    def _round_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and event.value != self.round_no:
            self._following = event.value == self.picture.current_round
            self.round_no = event.value

    def action_round(self, step: int) -> None:
        rounds = self.picture.rounds
        self.query_one("#desk-round", Select).value = min(max(self.round_no + step, 1), rounds)

    # -- actions on the selected player ------------------------------------------------------

    def _player(self) -> Player | None:
        player = self.query_one(DeskArrivals).selected
        if player is None:
            self.notify("Select a player in the arrivals table first.", severity="warning")
        return player

    def _arrival(self, player: Player) -> ArrivalRecord | None:
        return next(
            (
                a
                for a in self.picture.arrivals_of(self.round_no)
                if a.player.number == player.number
            ),
            None,
        )

    def _next_player(self) -> None:
        """After an arrival the cursor goes on to the next player: the desk takes them in
        order as they come in."""
        table = self.query_one(DeskArrivals)
        if table.cursor_row < table.row_count - 1:
            table.move_cursor(row=table.cursor_row + 1)

    def action_present(self) -> None:
        player = self._player()
        if player is None:
            return
        arrival = self._arrival(player)
        if arrival is not None and not arrival.present:
            self._late(player)
            return
        if self.write(self.store.desk.record_arrival, self.round_no, player.number, True):
            self._next_player()

    def _late(self, player: Player) -> None:
        """p on a player recorded absent: a late arrival keeps the §7 fine; only a record made
        in error is corrected, and then the fine goes with it, named."""

        fine = next(
            (
                f
                for f in self.picture.fines
                if f.round == self.round_no and f.player.number == player.number
            ),
            None,
        )
        fined = (
            f"fined {fine.amount:f} {fine.currency} ({fine.article})"
            if fine
            else "not fined (the arbiter's decision)"
        )
        arrival = self._arrival(player)
        came = (
            f" and arrived late at {clock_time(arrival.arrived_at, self.normtui.now())}"
            if arrival is not None and arrival.arrived_at is not None
            else ""
        )
        question = (
            f"{player.name} is recorded absent at the start of round {self.round_no}{came}, "
            f"{fined}.\n\nA player who arrives after the start is still fined "
            "(Regulations §7). Only if the absence was recorded in error is it "
            "corrected" + (", and the fine cancelled." if fine else ".")
        )
        cancel = (
            f": present, fine of {fine.amount:f} {fine.currency} cancelled"
            if fine
            else ": present at the start"
        )

        def answered(answer: str | None) -> None:
            if answer == "late":
                if self.write(
                    self.store.desk.record_late_arrival, self.round_no, player.number, quiet=True
                ):
                    self._late_offered = player.number
                    self.call_after_refresh(
                        self.say,
                        self._reword(
                            f"{surname(player.name)} arrived late: stays absent at the start"
                            + (", the fine stands (§7)" if fine else "")
                            + "; i records the late arrival as an incident."
                        ),
                    )
            elif answer == "correct":
                self.write(self.store.desk.record_arrival, self.round_no, player.number, True)
            else:
                self.say("Nothing recorded.")

        self.app.push_screen(
            ChoiceScreen(
                question,
                [
                    (
                        "l",
                        "Arrived late: keep the absence" + (" and the fine" if fine else ""),
                        "late",
                    ),
                    ("c", f"Correct the record{cancel}", "correct"),
                ],
                cancel="Record nothing",
            ),
            answered,
        )

    def action_all_present(self) -> None:
        if self.write(self.store.desk.record_all_present, self.round_no):
            self.query_one(DeskArrivals).action_last_row()

    def action_absent(self) -> None:

        player = self._player()
        if player is None:
            return
        fine = arrival_fine(False, self.picture.profile)
        assert fine is not None
        amount = f"{fine.amount:f} {fine.currency}"
        arrival = self._arrival(player)
        was = (
            f"\n\nNote: the desk recorded {surname(player.name)} present at the start."
            if arrival is not None and arrival.present
            else ""
        )
        # Recorded absent and fined already: "no fine" cancels that fine, and says so here
        # (the answer must not do more than the question names).
        fined = (
            None
            if arrival is None or arrival.present
            else next(
                (
                    f
                    for f in self.picture.fines
                    if f.round == self.round_no and f.player.number == player.number
                ),
                None,
            )
        )
        if fined is not None:
            was = (
                f"\n\nNote: {surname(player.name)} is recorded absent already and fined "
                f"{fined.amount:f} {fined.currency}: no fine cancels that fine."
            )
        question = (
            f"{player.name} was not in the playing area at the start of round "
            f"{self.round_no}.\n\n{fine.article}: a fine of {amount} ({fine.reason})."
            f"{was}\n\nRecord the absence and the fine, or the absence alone?"
        )

        def answered(answer: Answer | None) -> None:
            if answer is None:
                self.say("Nothing recorded.")
                return
            if self.write(
                self.store.desk.record_arrival,
                self.round_no,
                player.number,
                False,
                fine=answer == "fine",
            ):
                self._next_player()

        cancels = f"{fined.amount:f} {fined.currency}" if fined is not None else None
        self.app.push_screen(
            AbsenceScreen(self._reword(question), amount, cancels=cancels), answered
        )

    def action_incident(self) -> None:

        player = self._player()
        if player is None:
            return
        # Offered for a late arrival (p on a player recorded absent): that incident, in words.
        late = self._late_offered == player.number
        self._late_offered = None
        screen = (
            DeskIncidentScreen(self.store, self.round_no, player)
            if not late
            else DeskIncidentScreen(
                self.store,
                self.round_no,
                player,
                kind="late_arrival",
                description=self._late_description(player),
            )
        )
        self.app.push_screen(screen, self._recorded)

    def _late_description(self, player: Player) -> str:
        arrival = self._arrival(player)
        if arrival is None or arrival.arrived_at is None:
            return f"Arrived after the start of round {self.round_no}"
        at = clock_time(arrival.arrived_at, self.normtui.now())
        return f"Arrived at {at}, after the start of round {self.round_no}"

    def action_illness(self) -> None:

        player = self._player()
        if player is not None:
            self.app.push_screen(
                DeskIllnessScreen(self.store, self.round_no, player), self._recorded
            )

    def _recorded(self, recorded: bool | None) -> None:
        """After a modal that wrote (and audited) by itself: tell the arbiter, and the panes."""
        if recorded:
            self.changed()
            if self.picture.head is not None:
                self.say(self.picture.head.summary)

    def action_player_details(self) -> None:

        player = self._player()
        if player is not None:
            self.app.push_screen(
                PlayerDetailsScreen(self.store, self.round_no, player), self._recorded
            )

    def action_drawn_number(self) -> None:
        """The drawing of lots, one player at a time. Once a round has started its pairings
        would change: asked first (the store refuses it without that answer)."""
        player = self._player()
        if player is None:
            return
        # As it is now: a result entered elsewhere since the last look forbids it.
        self.console.catch_up()
        games = self.picture.main_games
        played = next((g for g in games if g.result is not None), None)
        if played is not None:
            self.notify(
                f"Pairing numbers cannot change once a game has its result ({played.label})",
                title="Regulations §1",
                severity="error",
                markup=False,
            )
            return
        started = [g for g in games if g.state is not GameState.SCHEDULED]
        if not started:
            self.app.push_screen(DrawnNumberScreen(self.store, player), self._recorded)
            return
        boards = ", ".join(f"{g.round}.{g.board}" for g in started)

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.push_screen(
                    DrawnNumberScreen(self.store, player, force=True), self._recorded
                )

        self.app.push_screen(
            ConfirmScreen(
                f"A round has started (boards {boards} in progress): a new drawing of lots "
                "changes the pairings being played. Those boards are scheduled again, with "
                "their new pairings.\n\nRecord the number drawn anyway?",
                confirm="Record anyway",
            ),
            answered,
        )

    def action_report_details(self) -> None:

        self.app.push_screen(ReportDetailsScreen(self.store), self._recorded)

    def _games_changed(self, effect: WithdrawalEffect) -> str:
        """Every game the withdrawal turns into a forfeit, as it stands now: a game in
        progress must not become a forfeit unnoticed."""
        if not effect.forfeits:
            return ""
        games = {(g.round, g.board): g for g in self.picture.main_games}
        lines = []
        for forfeit in effect.forfeits:
            game = games[(forfeit.round, forfeit.board)]
            now = state_text(game.state)
            if game.state is GameState.IN_PROGRESS:
                now = "IN PROGRESS now"
            assert forfeit.result is not None
            lines.append(f"  {game.label}: {now} → {forfeit.result.value}")
        return "\n\nThe games it turns into forfeits:\n" + "\n".join(lines)

    def action_withdraw(self) -> None:

        player = self._player()
        if player is None:
            return
        if player.status is PlayerStatus.WITHDRAWN:
            self.notify(f"{player.name} has already withdrawn.", severity="warning", markup=False)
            return
        done, effect = self.attempt(self.store.desk.withdrawal_preview, player.number)
        if not done or effect is None:
            return
        question = (
            f"Withdraw {player.name} from the event (§9)?\n\n{effect.message}."
            f"{self._games_changed(effect)}"
        )

        def answered(confirmed: bool | None) -> None:
            if not confirmed:
                self.say("Nothing recorded.")
                return
            # Exactly the withdrawal shown: refused if its games changed meanwhile.
            self.write(self.store.desk.withdraw, player.number, expected=effect)

        self.app.push_screen(ConfirmScreen(self._reword(question), confirm="Withdraw"), answered)
