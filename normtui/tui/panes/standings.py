"""Pane 3, Standings: the table with tie-breaks and prize money, or the crosstable (§4, §5, §6,
§9). Re-read whenever the event changes, here or in another process."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import ContentSwitcher, Static

from normtui.rules.model import PlayerStatus
from normtui.tui.panes.base import Pane
from normtui.tui.widgets.crosstable import Crosstable
from normtui.tui.widgets.standings_table import StandingsTable


class StandingsPane(Pane):
    PANE_ID = "standings"
    TITLE = "Standings"
    ARTICLES = ("§4 Points 3 / 0 / 1½ / 1", "§5 Prizes shared on equal points, except first; "
                "play-off", "§6 Tie-breaks: SB, wins, wins with Black",
                "§9 Withdrawal: under 50 % of games not counted")
    BINDINGS: ClassVar = [
        Binding("x", "toggle_view", "Crosstable", id="standings.toggle",
                tooltip="Switch between the table and the crosstable"),
    ]
    PALETTE = (
        ("Standings: table / crosstable", "Switch the standings view", "toggle_view"),
    )

    def compose(self) -> ComposeResult:
        yield Static("", id="standings-info")
        with ContentSwitcher(initial="standings-table", id="standings-views"):
            yield StandingsTable(id="standings-table")
            yield Crosstable(id="crosstable")
        yield Static("", id="standings-legend")

    @property
    def view(self) -> str:
        return self.query_one(ContentSwitcher).current or "standings-table"

    def focus_first(self) -> None:
        self.query_one(f"#{self.view}").focus()

    def reload(self) -> None:
        rows = self.store.standings()
        games = self.store.games()
        currency = self.store.profile.event.currency
        self.query_one(StandingsTable).show(rows, currency)
        if self.view == "crosstable":
            self.query_one(Crosstable).show(rows, games)
        complete = [g for g in games if g.points is not None]
        played = max((g.round for g in complete), default=0)
        rounds = {g.round for g in games}
        done = max((r for r in rounds
                    if all(g.points is not None for g in games if g.round == r)),
                   default=0)
        info = f"After round {done}" if done else "Before round 1"
        if played > done:
            extra = sum(1 for g in complete if g.round > done)
            info += f", and {extra} board{'s' if extra != 1 else ''} of round {done + 1}"
        withdrawn = [r.player for r in rows if r.status is PlayerStatus.WITHDRAWN]
        info += f" · {len(complete)} of {len(games)} pairings complete"
        if withdrawn:
            info += f" · withdrawn: {', '.join(withdrawn)}"
        self.query_one("#standings-info", Static).update(info)
        self.query_one("#standings-legend", Static).update(self._legend())

    def _legend(self) -> str:
        if self.view == "crosstable":
            return ("1½A/1A: Armageddon decided it · 3F/0F: forfeit · =: Armageddon to come · "
                    "*: provisional (§8) · grey: withdrawn, not counted (§9) · x: the table")
        return ("*: includes a provisional result (§8) · tie-breaks SB, wins, wins with Black "
                "(§6) · equal points share the prizes, except first (§5) · grey: withdrawn, "
                "unranked (§9) · x: crosstable")

    def action_toggle_view(self) -> None:
        switcher = self.query_one(ContentSwitcher)
        crosstable = self.view != "crosstable"
        switcher.current = "crosstable" if crosstable else "standings-table"
        if crosstable:
            self.query_one(Crosstable).show(self.store.standings(), self.store.games())
        self.query_one("#standings-legend", Static).update(self._legend())
        self.focus_first()
