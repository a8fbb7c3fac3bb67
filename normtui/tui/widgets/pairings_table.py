"""The boards of one round: who plays whom, what happened, what is still owed (§2, §4, §8)."""

from __future__ import annotations

import math
from datetime import datetime

from rich.text import Text

from normtui.rules.model import ArmageddonResult, GameState, MainResult
from normtui.store import GameRecord
from normtui.store.values import surname
from normtui.tui.formatting import (
    clock_time,
    day_of,
    points,
    result_text,
    same_day,
    state_text,
)
from normtui.tui.widgets.responsive_table import ResponsiveTable

COLUMNS = (
    ("Bd", "board"),
    ("White", "white"),
    ("Black", "black"),
    ("Result", "result"),
    ("Armageddon", "armageddon"),
    ("Points", "points"),
    ("State", "state"),
    ("Signed", "signed"),
)


def armageddon_cell(
    game: GameRecord, now: datetime, draw_winner: str = "black", narrow: bool = False
) -> Text:
    """The Armageddon of a board: nothing, the time left in its start window, or its result
    (a drawn Armageddon says who it counts for).

    Whole minutes here (the Armageddon screen counts the seconds): the table then changes
    once a minute, not every second."""
    if game.result is not MainResult.DRAW or not game.armageddon_after_draw:
        return Text("")
    if game.armageddon is None:
        started = game.armageddon_started_at
        if started is not None:
            # Its start window is over: the countdown stops (§2).
            if narrow:
                return Text("under way", style="bold cyan")
            return Text(f"under way ({clock_time(started, now)})", style="bold cyan")
        if game.armageddon_deadline is None:
            return Text("due", style="bold yellow")
        deadline = game.armageddon_deadline
        seconds = (deadline - now).total_seconds()
        by = clock_time(deadline, now)
        if seconds < -3600:
            if narrow:
                # The date without its year: the Signed column must stay on an 80-column
                # screen; the wide cell and the Armageddon dialog say it in full.
                short = (
                    by
                    if same_day(deadline, now)
                    else day_of(deadline, now.replace(year=deadline.year))
                )
                return Text(f"late ({short})", style="bold red")
            return Text(f"late: due by {by}", style="bold red")
        if seconds < 0:
            late = f"{math.ceil(-seconds / 60)} min"
            return Text(f"late {late}" if narrow else f"late by {late}", style="bold red")
        left = f"{math.ceil(seconds / 60)} min left"
        return Text(left if narrow else f"by {by} ({left})", style="bold yellow")
    # The feed's mark goes with the result it marks: "½-½f → Black", not "½-½ → Blackf".
    text = _from_feed(Text(result_text(game.armageddon)), game.armageddon_from)
    if game.armageddon is ArmageddonResult.DRAW:
        text.append(f" → {draw_winner[0].upper()}" if narrow else f" → {draw_winner.capitalize()}")
    return text


# A result the live board feed entered, not the arbiter: the arbiter confirms it
# with the scoresheets (§8) and should know which ones nobody has looked at yet.
FEED_MARK = "f"


def _from_feed(text: Text, source: str | None) -> Text:
    if source == "feed":
        text.append(FEED_MARK, style="bold cyan")
    return text


_SHORT_LABELS = {"signed": "Sig", "armageddon": "Armageddon", "points": "Pts"}
_SHORT_STATES = {
    GameState.IN_PROGRESS: "playing",
    GameState.SCHEDULED: "sched.",
    GameState.POSTPONED: "postp.",
}


def points_cell(game: GameRecord) -> str:
    if game.points is None:
        return ""
    return f"{points(game.points[0])}-{points(game.points[1])}"


def state_cell(game: GameRecord, narrow: bool = False) -> Text:
    if game.armageddon_due:
        style = "cyan" if game.armageddon_started_at is not None else "bold yellow"
        return Text("Armag." if narrow else "Armageddon", style=style)
    text = state_text(game.state)
    if narrow:
        text = _SHORT_STATES.get(game.state, text)
    if game.state is GameState.POSTPONED and game.postponed_to is not None:
        text += f" ({game.postponed_to.value.replace('_', ' ')})"
    style = {
        GameState.IN_PROGRESS: "cyan",
        GameState.FORFEIT: "magenta",
        GameState.POSTPONED: "yellow",
    }.get(game.state, "")
    return Text(text, style=style)


def result_cell(game: GameRecord) -> Text:
    if game.result is None:
        return Text("")
    if game.provisional:
        # Provisional until both players have signed and the arbiter has countersigned (§8).
        text = Text.assemble(result_text(game.result), ("*", "bold yellow"))
    else:
        text = Text(result_text(game.result))
    return _from_feed(text, game.result_from)


def signed_cell(game: GameRecord) -> Text:
    if game.result is None:
        return Text("")
    sig = game.signatures
    marks = [
        ("W" if sig.white else "·"),
        ("B" if sig.black else "·"),
        ("A" if sig.arbiter else "·"),
    ]
    return Text("".join(marks), style="green" if sig.is_final else "yellow")


class PairingsTable(ResponsiveTable):
    """One row per board, keyed by the game's id so the cursor stays on its board."""

    # Below this width full names ("Vachier-Lagrave, Maxime") and long words would push the
    # result columns off the screen, and the results are what the arbiter is looking for.
    WIDE_FROM = 110

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.games: list[GameRecord] = []
        self._now = datetime.now()
        self._draw_winner = "black"

    @property
    def game(self) -> GameRecord | None:
        """The highlighted board."""
        key = self.highlighted_key()
        return next((g for g in self.games if str(g.id) == key), None)

    def show(self, games: list[GameRecord], now: datetime, draw_winner: str) -> None:
        self.games = games
        self._now = now
        self._draw_winner = draw_winner
        self.redraw()

    @property
    def armageddons(self) -> bool:
        """Whether the event has Armageddons (its games carry the profile's rule): without,
        the table has no Armageddon column."""
        return any(g.armageddon_after_draw for g in self.games)

    def redraw(self) -> None:
        keep = self.highlighted_key()
        wide = self.measure_wide()
        armageddons = self.armageddons
        columns = [
            (label if wide else _SHORT_LABELS.get(key, label), key)
            for label, key in COLUMNS
            if armageddons or key != "armageddon"
        ]
        self.fill(columns, [(str(g.id), self._cells(g, armageddons)) for g in self.games], keep)

    def _cells(self, game: GameRecord, armageddons: bool) -> list[object]:
        wide = self.wide
        name = (lambda n: n) if wide else surname
        cells = [
            Text(str(game.board), justify="right"),
            name(game.white_name),
            name(game.black_name),
            result_cell(game),
            armageddon_cell(game, self._now, self._draw_winner, not wide),
            points_cell(game),
            state_cell(game, not wide),
            signed_cell(game),
        ]
        if not armageddons:
            del cells[4]
        return cells

    def tick(self, now: datetime) -> None:
        """Move the countdowns on: a cell is touched only when its text changes, since each
        update repaints the table."""
        self._now = now
        for game in self.games:
            if game.armageddon_due:
                key = str(game.id)
                cell = armageddon_cell(game, now, self._draw_winner, not self.wide)
                old = self.get_cell(key, "armageddon")
                if str(old) != str(cell):
                    self.update_cell(
                        key, "armageddon", cell, update_width=len(str(cell)) > len(str(old))
                    )
