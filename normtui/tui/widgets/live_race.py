"""The standings if the games under way ended now, beside the real ones, and the race for first
place: who can still finish first (or share it, which means the play-off, §5), and each
player's best and worst possible place (§4).

The race is worked out in a thread (``work_out``): on a large event its search takes up to a
second, and the console keeps its clock and its keys meanwhile. Its answer comes back as a
``RaceWorked`` message, dropped when the results changed since it was asked."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING

from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from normtui.rules.contenders import Contender, describe_leader
from normtui.rules.first_place import FirstPlace
from normtui.store import StandingRow
from normtui.store.values import surname
from normtui.tui.formatting import points
from normtui.tui.widgets.line_table import Cell, Column, LineTable

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from normtui.store import GameRecord

COLUMNS = (
    ("If now", "Now", "rank", "right"),
    ("Player", "Player", "player", "left"),
    ("Points", "Pts", "points", "right"),
    ("If the games end now", "If now", "live", "right"),
    ("Max", "Max", "max", "right"),
    ("Best", "Best", "best", "right"),
    ("Worst", "Worst", "worst", "right"),
    ("First?", "1st?", "first", "left"),
)


class RaceWorked(Message):
    """The race worked out for the results read under ``key`` (``race`` None: ``error``)."""

    def __init__(self, key: object, race: list[Contender] | None, error: str = "") -> None:
        super().__init__()
        self.key = key
        self.race = race
        self.error = error


RACE_WORKERS = "race"


def work_out(widget: Widget, question: Callable[[], list[Contender]], key: object) -> None:
    """Run ``question`` (``EventStore.feed.race_question``) in a thread; its answer is posted to
    ``widget`` as ``RaceWorked`` under ``key``. A newer question supersedes an older one."""

    def job() -> None:
        try:
            race = question()
        except Exception as exc:  # a worker's exception would end the console: say it instead
            widget.post_message(
                RaceWorked(key, None, f"Who can still finish first could not be worked out: {exc}")
            )
            return
        widget.post_message(RaceWorked(key, race))

    widget.run_worker(job, thread=True, group=RACE_WORKERS, exclusive=True, exit_on_error=False)


def race_cells(
    live: StandingRow, real: StandingRow | None, race: Contender | None, wide: bool
) -> tuple[list[Cell], str]:
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
    elif race.can_win is None:  # too many ways left to settle it in the search's steps
        first = ("undecided", "italic")
    else:
        first = ("out of reach" if wide else "no", "grey50")
    cells: list[Cell] = [
        (live.shared_rank or "—", ""),
        (name, ""),
        (points(was), ""),
        (points(now) + gain, "bold" if now > was else ""),
        (points(race.max_points) if race else "", ""),
        _place(race.best_text if race else ""),
        _place(race.worst_text if race else ""),
        first,
    ]
    return cells, "" if live.counted else "grey50"


def _place(text: str) -> Cell:
    """A place, or its range with a "?" where the search could not settle it in its steps."""
    return (f"{text}?", "italic") if "-" in text else (text, "")


class LiveRace(LineTable):
    """One line per player, in the order of the table if the games ended now."""

    WIDE_FROM = 110

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._live: list[StandingRow] = []
        self._real: dict[int, StandingRow] = {}
        self._race: dict[int, Contender] = {}

    def show(self, live: list[StandingRow], real: list[StandingRow], race: list[Contender]) -> None:
        self._live = live
        self._real = {r.number: r for r in real}
        self._race = {c.number: c for c in race}
        self.redraw()

    def redraw(self) -> None:
        wide = self.measure_wide()
        columns = [
            Column(label if wide else short, key, justify) for label, short, key, justify in COLUMNS
        ]
        rows = []
        for row in self._live:
            cells, style = race_cells(
                row, self._real.get(row.number), self._race.get(row.number), wide
            )
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
        self._first: FirstPlace | None = None
        self._pending = False
        self.text = ""

    def show(
        self,
        games: Sequence[GameRecord],
        ask: Callable[[], Callable[[], list[Contender]]],
        first: FirstPlace,
        decided: str = "",
    ) -> None:
        """``games``: the event's games, as the pane has just read them; ``ask``: reads the
        race's question from the event (``EventStore.feed.race_question``), called only when a
        result has changed; ``decided``: the final table's line once a play-off has decided
        first place; ``first``: what decides a share of first place (the event's profile). The
        race itself follows from a thread (the line until then is the last one)."""
        self._first = first
        key = (tuple((g.id, g.result, g.armageddon) for g in games), decided)
        if key != self._key:
            self._key = key
            self._decided = decided
            self._pending = True
            work_out(self, ask(), key)
            # Only a search that takes a while says so (a small event's is done by then).
            self.set_timer(0.3, self._say_working)
        self._render_line()

    def on_race_worked(self, message: RaceWorked) -> None:
        message.stop()
        if message.key != self._key:
            return  # the results changed since: a newer answer is on its way
        self._pending = False
        if message.race is None:
            self._race = []
            self._set_text(message.error)
            return
        self._race = message.race
        self._render_line()

    def _say_working(self) -> None:
        if self._pending:
            self._set_text("Working out who can still finish first…")

    def on_resize(self) -> None:
        if self._race:
            self._render_line()

    def _render_line(self) -> None:
        race = self._race
        if not race:
            return
        alive = [c for c in race if c.can_win]
        out = [surname(c.name) for c in race if c.can_win is False]
        unsure = [surname(c.name) for c in race if c.can_win is None]
        going_on = any(c.games_left for c in race) and not any(c.clinched for c in race)
        wide = self.size.width == 0 or self.size.width >= self.WIDE_FROM
        first = self._first
        assert first is not None  # show() came first
        if wide or not going_on:
            text = describe_leader([_surnamed(c) for c in race], first, self._decided)
            if out and going_on:
                text += f" · out of reach: {', '.join(out)}"
        else:
            text = f"{len(alive)} can still finish first or share it"
            if first.decider == "playoff" and first.playoff_article:
                text += f" ({first.playoff_article})"
            if unsure:  # names while they fit the line, else how many
                text += (
                    f"; undecided: {', '.join(unsure)}"
                    if len(unsure) <= 3
                    else f", {len(unsure)} undecided"
                )
            if out:
                text += f"; out of reach: {', '.join(out)}"
        self._set_text(text)

    def _set_text(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self.update(text)


def _surnamed(c: Contender) -> Contender:

    return replace(c, name=surname(c.name))
