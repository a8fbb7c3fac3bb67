"""A player too ill to play a round (§9): choose where the game goes, see what the rule book
decides before anything is recorded, then record it (ctrl+s) or leave (Escape).

The decision is the store's (``illness_decision``): a free day cannot be refused, the morning
of the next round can; in the last rounds (2022: 9 and 10) illness is a forfeit.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, RadioButton, RadioSet, Static

from normtui.rules.errors import NormtuiError
from normtui.rules.model import GameState, Postponement
from normtui.tui.screens.desk_modal import DeskModal

# (radio id, slot, label): the slots §9 names, and "no solution", which is a forfeit.
SLOTS: tuple[tuple[str, Postponement | None, str], ...] = (
    ("slot-free-day", Postponement.FREE_DAY, "A free day (the opponent cannot refuse)"),
    ("slot-morning", Postponement.MORNING, "The morning of the next round (may be refused)"),
    ("slot-none", None, "No solution found: the ill player forfeits"),
)


class DeskIllnessScreen(DeskModal):
    def compose(self) -> ComposeResult:
        game = next(
            (
                g
                for g in self.store.games(self.round_no)
                if self.player.number in (g.white, g.black)
            ),
            None,
        )
        self.game = game
        where = game.label if game else f"round {self.round_no}: no game"
        with Vertical(id="desk-dialog"):
            yield Static(
                Text.assemble(
                    (
                        self.store.profile.articles.reword(f"Illness (§9): {self.player.name}"),
                        "bold",
                    ),
                    f"\n{where}",
                ),
                id="desk-title",
            )
            with RadioSet(id="illness-slot"):
                for i, (radio_id, _slot, label) in enumerate(SLOTS):
                    yield RadioButton(label, value=i == 0, id=radio_id)
            yield Checkbox("The opponent refuses this slot", id="illness-refuses")
            yield Static("", id="illness-decision")
            yield from self.buttons()
        yield from self.footer()

    def on_mount(self) -> None:
        self.query_one(RadioSet).focus()
        self._preview()

    def _choice(self) -> tuple[Postponement | None, bool]:
        pressed = self.query_one(RadioSet).pressed_button
        slot = next((s for rid, s, _l in SLOTS if pressed and rid == pressed.id), SLOTS[0][1])
        return slot, self.query_one(Checkbox).value

    @on(RadioSet.Changed)
    @on(Checkbox.Changed)
    def _preview(self) -> None:
        """What §9 decides for the choice as it stands: shown before it is recorded."""
        slot, refuses = self._choice()
        decision = self.query_one("#illness-decision", Static)
        if self.game is not None and self.game.result is not None:
            decision.update(
                Text.assemble(
                    ("Not possible: ", "bold red"),
                    self.store.profile.articles.reword(
                        f"{self.game.label} already has a result "
                        f"({self.game.result.value}); there is nothing left "
                        "to postpone (Regulations §9)"
                    ),
                )
            )
            decision.set_class(True, "-refused")
            return
        try:
            d = self.store.desk.illness_decision(
                self.round_no, proposed=slot, opponent_refuses=refuses
            )
        except NormtuiError as exc:
            said = self.store.profile.articles.reword(str(exc))
            decision.update(Text.assemble(("Not possible: ", "bold red"), said))
            decision.set_class(True, "-refused")
            return
        verb = "Postpone" if d.outcome == "postpone" else "FORFEIT"
        said = self.store.profile.articles.reword(f"{d.reason} ({d.article})")
        text = Text.assemble((f"{verb}: ", "bold"), said)
        if self.game is not None and self.game.state is GameState.IN_PROGRESS:
            # As the forfeit questions and the withdrawal say it: a game being played.
            text.append(
                f"\nNote: {self.game.label} is in progress (its clocks were started).",
                style="bold yellow",
            )
        decision.update(text)
        decision.set_class(False, "-refused")

    def action_record(self) -> None:
        slot, refuses = self._choice()
        self.record(
            self.store.desk.report_illness,
            self.round_no,
            self.player.number,
            proposed=slot,
            opponent_refuses=refuses,
        )
