"""The standings if the games under way ended now, beside the real ones, and the race for first
place: who can still finish first (or share it, which means the play-off, §5), and each
player's best and worst possible place (§4)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from textual.widgets import Static

from normtui.rules.contenders import Contender, describe_leader
from normtui.store import StandingRow
from normtui.store.records import surname
from normtui.tui.formatting import points
from normtui.tui.widgets.line_table import Cell, Column, LineTable

if TYPE_CHECKING:
    from collections.abc import Sequence

    from normtui.store import EventStore, GameRecord

COLUMNS = (("If now", "Now", "rank", "right"), ("Player", "Player", "player", "left"),
           ("Points", "Pts", "points", "right"), ("If the games end now", "If now", "live",
                                                   "right"),
           ("Max", "Max", "max", "right"), ("Best", "Best", "best", "right"),
           ("Worst", "Worst", "worst", "right"), ("First?", "1st?", "first", "left"))


def race_cells(live: StandingRow, real: StandingRow | None, race: Contender | None,
               wide: bool) -> tuple[list[Cell], str]:
    name = live.player if wide else surname(live.player)
    now = live.points
    was = real.points if real else Decimal(0)
    gain = f" (+{points(now - was)})" if now > was and wide else ""
    if race is None:
        first: Cell = ("", "")
    elif race.clinched:
        first = ("won it" if wide else "won", "bold green")
    elif race.can_win:
        first = ("can finish first" if wide else "yes", "bold")
    else:
        first = ("out of reach" if wide else "no", "grey50")
    cells: list[Cell] = [
        (live.shared_rank or "—", ""), (name, ""), (points(was), ""),
        (points(now) + gain, "bold" if now > was else ""),
        (points(race.max_points) if race else "", ""),
        (str(race.best_place) if race else "", ""), (str(race.worst_place) if race else "", ""),
        first]
    return cells, "" if live.counted else "grey50"


class LiveRace(LineTable):
    """One line per player, in the order of the table if the games ended now."""

    WIDE_FROM = 110

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._live: list[StandingRow] = []
        self._real: dict[int, StandingRow] = {}
        self._race: dict[int, Contender] = {}

    def show(self, live: list[StandingRow], real: list[StandingRow],
             race: list[Contender]) -> None:
        self._live = live
        self._real = {r.number: r for r in real}
        self._race = {c.number: c for c in race}
        self.redraw()

    def redraw(self) -> None:
        wide = self.measure_wide()
        columns = [Column(label if wide else short, key, justify)
                   for label, short, key, justify in COLUMNS]
        rows = []
        for row in self._live:
            cells, style = race_cells(row, self._real.get(row.number),
                                      self._race.get(row.number), wide)
            rows.append((str(row.number), cells, style))
        self.fill(columns, rows)


class RaceLine(Static):
    """One line under the standings: who can still finish first (§5), worked out again only
    when a result changed; one line at 80 columns too (a count, then who is out of reach)."""

    DEFAULT_CSS = """
    RaceLine {
        height: auto;
        color: $text-muted;
    }
    """
    WIDE_FROM = 110

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]
        self._key: tuple[object, ...] | None = None
        self._race: list[Contender] = []
        self._decided = ""
        self.text = ""

    def show(self, store: EventStore, decided: str = "",
             games: Sequence[GameRecord] | None = None) -> None:
        """``decided``: the final table's line once a play-off has decided first place;
        ``games``: the store's games, when the caller has just read them."""
        if games is None:
            games = store.games()
        key = (tuple((g.id, g.result, g.armageddon) for g in games), decided)
        if key != self._key:
            self._key = key
            self._race = store.contenders()
            self._decided = decided
        self._render_line()

    def on_resize(self) -> None:
        if self._race:
            self._render_line()

    def _render_line(self) -> None:
        race = self._race
        alive = [c for c in race if c.can_win]
        out = [surname(c.name) for c in race if not c.can_win]
        going_on = any(c.games_left for c in race) and not any(c.clinched for c in race)
        wide = self.size.width == 0 or self.size.width >= self.WIDE_FROM
        if wide or not going_on:
            text = describe_leader([_surnamed(c) for c in race], self._decided)
            if out and going_on:
                text += f" · out of reach: {', '.join(out)}"
        else:
            text = f"{len(alive)} can still finish first or share it (§5)"
            if out:
                text += f"; out of reach: {', '.join(out)}"
        if text != self.text:
            self.text = text
            self.update(text)


def _surnamed(c: Contender) -> Contender:
    from dataclasses import replace

    return replace(c, name=surname(c.name))
