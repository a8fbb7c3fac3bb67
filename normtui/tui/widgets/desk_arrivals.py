"""Arrivals of one round: every player, whether they were in the playing area at the start (§7),
the fine that followed, and their game of the round (a postponement or forfeit shows here)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from normtui.rules.model import GameState, PlayerStatus
from normtui.store.values import surname
from normtui.tui.formatting import clock_time
from normtui.tui.widgets.row_table import RowTable

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime

    from normtui.rules.model import Player
    from normtui.store import ArrivalRecord, FineRecord, GameRecord

_STATE = {
    GameState.SCHEDULED: "scheduled",
    GameState.IN_PROGRESS: "in progress",
    GameState.FINISHED: "finished",
    GameState.POSTPONED: "postponed",
    GameState.FORFEIT: "forfeit",
}


def _game_text(number: int, game: GameRecord | None) -> tuple[str, str]:
    if game is None:
        return "no game", ""
    white = game.white == number
    opponent = surname(game.black_name if white else game.white_name)
    state = _STATE[game.state]
    if game.armageddon_due:
        state = "Armageddon due"
    if game.postponed_to is not None:
        state += f" ({game.postponed_to.value.replace('_', ' ')})"
    return f"B{game.board} {'W' if white else 'B'} {opponent}", state


class DeskArrivals(RowTable):
    """Row key: the player's pairing number."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.players: dict[int, Player] = {}

    def on_mount(self) -> None:
        self.add_column("No", key="no")
        self.add_column("Player", key="player")
        self.add_column("Start", key="arrival")
        self.add_column("Fine", key="fine")
        self.add_column("Game", key="game")
        self.add_column("State", key="state")

    def show_round(
        self,
        players: Sequence[Player],
        arrivals: Sequence[ArrivalRecord],
        fines: Sequence[FineRecord],
        games: Sequence[GameRecord],
        now: datetime,
    ) -> None:
        """Every player, with their arrival, fine and game of the round shown (``arrivals``,
        ``fines`` and ``games`` are that round's; ``now``: the console's time, whose zone and
        day a late arrival's time is shown in)."""
        arrivals_of = {a.player.number: a for a in arrivals}
        fines_of = {f.player.number: f for f in fines}
        row = self.cursor_row
        self.clear()
        self.players = {p.number: p for p in players}
        for p in self.players.values():
            arrival = arrivals_of.get(p.number)
            if arrival is None:
                at_start = Text("–", style="dim")
            elif arrival.present:
                at_start = Text("present", style="green")
            elif arrival.arrived_at is not None:
                # Absent at the start still (§7, the fine stands), but in the room now.
                at_start = Text(f"late {clock_time(arrival.arrived_at, now)}", style="bold yellow")
            else:
                at_start = Text("ABSENT", style="bold red")
            fine = fines_of.get(p.number)
            fine_text = f"{fine.amount:f} {fine.currency}" if fine else ""
            # Surnames: the pairing number beside them tells the two Wangs of another event apart.
            name = Text(surname(p.name))
            if p.status is PlayerStatus.WITHDRAWN:
                name = Text(f"{surname(p.name)} (withdrawn)", style="dim")
            game = next((g for g in games if p.number in (g.white, g.black)), None)
            self.add_row(
                str(p.number),
                name,
                at_start,
                fine_text,
                *_game_text(p.number, game),
                key=str(p.number),
            )
        if self.row_count:
            self.move_cursor(row=min(max(row, 0), self.row_count - 1))

    @property
    def selected(self) -> Player | None:
        if not self.row_count:
            return None
        key = self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value
        return self.players.get(int(str(key)))
