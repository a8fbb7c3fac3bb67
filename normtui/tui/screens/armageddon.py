"""The Armageddon of a drawn main game (§2, §3): same colours, its clock setting, and the
countdown of the window in which it must start. Answers with the result (a board result, or a
forfeit when a player did not come: ``f`` Black absent, ``F`` White absent), or ``None`` when
the arbiter will enter it later (it stays waiting in the pairings)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from normtui.rules.model import ArmageddonResult
from normtui.rules.profile import Profile
from normtui.store import GameRecord
from normtui.store.values import surname
from normtui.tui.formatting import clock_time, countdown, result_text


def window_text(game: GameRecord, now: datetime, minutes: int) -> Text:
    """ "Start by 18:00 — 14:05 left", red once the window has passed; once started, when."""
    started = game.armageddon_started_at
    if started is not None and game.armageddon is None:
        when = clock_time(started, now)
        deadline = game.armageddon_deadline
        if deadline is not None and started > deadline:
            late = countdown(started - deadline)
            return Text(f"Under way since {when}, {late} late (§2)", style="bold red")
        return Text(
            f"Under way since {when} (within {minutes}' of the draw, §2)", style="bold cyan"
        )
    if game.armageddon_deadline is None:
        return Text(f"Start within {minutes} minutes of the draw (§2)")
    left = game.armageddon_deadline - now
    by = clock_time(game.armageddon_deadline, now)
    if left.total_seconds() < 0:
        return Text(f"Should have started by {by}: {countdown(-left)} late (§2)", style="bold red")
    return Text.assemble(
        f"Start by {by} (within {minutes}' of the draw, §2): ",
        (f"{countdown(left)} left", "bold yellow"),
    )


class ArmageddonScreen(ModalScreen[ArmageddonResult | None]):
    BINDINGS = [
        # Short words: every key of the dialog, Later too, in the Footer at 80 columns (the
        # buttons above name the players).
        Binding("w", "answer('1-0')", "1-0", id="armageddon.white_wins"),
        Binding("b", "answer('0-1')", "0-1", id="armageddon.black_wins"),
        Binding("d", "answer('1/2-1/2')", "½-½ (Black wins)", id="armageddon.draw"),
        # A player who does not come to the Armageddon loses it by forfeit (asked first).
        Binding(
            "f",
            "answer('+/-')",
            "Black absent",
            id="armageddon.white_forfeit",
            tooltip="Black did not come: White wins the Armageddon by forfeit",
        ),
        Binding(
            "F",
            "answer('-/+')",
            "White absent",
            id="armageddon.black_forfeit",
            key_display="F",
            tooltip="White did not come: Black wins the Armageddon by forfeit",
        ),
        Binding("escape,l", "later", "Later", id="armageddon.later"),
    ]

    def __init__(self, game: GameRecord, profile: Profile, now: Callable[[], datetime]) -> None:
        super().__init__()
        self.game = game
        self.profile = profile
        self.now = now

    def compose(self) -> ComposeResult:
        game, profile = self.game, self.profile
        tc = profile.time_controls["armageddon"]
        draw_winner = profile.classical.armageddon_draw_winner
        white, black = surname(game.white_name), surname(game.black_name)
        winner_of_draw = black if draw_winner == "black" else white
        with Vertical(id="armageddon-dialog"):
            yield Static(
                f"Armageddon — round {game.round}, board {game.board}",
                classes="title",
                markup=False,
            )
            yield Static(
                Text.assemble(
                    ("White ", "bold"),
                    f"{game.white_name}  {_minutes(tc.white_seconds)}\n",
                    ("Black ", "bold"),
                    f"{game.black_name}  {_minutes(tc.black_seconds)}",
                ),
                id="armageddon-players",
            )
            yield Static(
                f"Clock: {tc.describe()} (§3); same colours as the main game",
                id="armageddon-clock",
                markup=False,
            )
            yield Static(self._window(), id="armageddon-window")
            yield Static(
                Text.assemble(
                    "A drawn Armageddon is ",
                    (f"{draw_winner.capitalize()}'s win", "bold"),
                    f": {winner_of_draw} takes it (§2).",
                ),
                id="armageddon-rule",
            )
            yield Static(self._entered(), id="armageddon-entered")
            with Horizontal(id="armageddon-buttons"):
                yield Button(Text(f"1-0 {white} (w)"), id="a-1-0", variant="primary")
                yield Button(Text(f"0-1 {black} (b)"), id="a-0-1", variant="primary")
                yield Button(Text(f"½-½ → {winner_of_draw} (d)"), id="a-draw", variant="warning")
                yield Button("Later (esc)", id="a-later")
        yield Footer(compact=True)

    def _entered(self) -> Text:
        game = self.game
        if game.armageddon is None:
            return Text()
        by = " by the live boards" if game.armageddon_from == "feed" else ""
        return Text(
            f"Already entered{by}: {result_text(game.armageddon)}; a new result is a "
            "correction (asked first).",
            style="bold magenta",
        )

    def entered_elsewhere(self, game: GameRecord) -> None:
        """The feed or another terminal entered this Armageddon while the dialog was open: said
        here, and the dialog stays (closing it would hand the arbiter's next key to the pane
        under it)."""
        if game.id != self.game.id or game.armageddon == self.game.armageddon:
            return
        self.game = game
        line = self.query_one("#armageddon-entered", Static)
        line.update(self._entered())
        line.display = game.armageddon is not None
        self._tick()

    def on_mount(self) -> None:
        self.query_one("#armageddon-entered").display = self.game.armageddon is not None
        # Enter on the focused button must never record a result by accident.
        self.query_one("#a-later", Button).focus()
        self.set_interval(1.0, self._tick)

    def _window(self) -> Text:
        minutes = self.profile.classical.armageddon_start_within_minutes
        return window_text(self.game, self.now(), minutes)

    def _tick(self) -> None:
        self.query_one("#armageddon-window", Static).update(self._window())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        answers = {"a-1-0": "1-0", "a-0-1": "0-1", "a-draw": "1/2-1/2"}
        if event.button.id in answers:
            self.action_answer(answers[event.button.id])
        else:
            self.action_later()

    def action_answer(self, result: str) -> None:
        self.dismiss(ArmageddonResult(result))

    def action_later(self) -> None:
        self.dismiss(None)


def _minutes(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"
