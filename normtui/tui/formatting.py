"""How the console writes results, points, money and times: one place, so that every pane
says "1½" and "NOK 150,000.00" the same way.

>>> points(Decimal("1.5")), points(Decimal(3)), points(Decimal("9.5"))
('1½', '3', '9½')
>>> money(Decimal("150000"), "NOK")
'NOK 150,000.00'
>>> result_text(MainResult.DRAW)
'½-½'
>>> countdown(timedelta(minutes=14, seconds=5)), countdown(timedelta(seconds=-75))
('14:05', '-01:15')
>>> countdown(timedelta(days=1637, hours=17, minutes=47, seconds=35))
'1637 days 17:47:35'
>>> from datetime import UTC
>>> at = datetime(2022, 6, 7, 19, 32, tzinfo=UTC)
>>> clock_time(at.replace(minute=41), at), clock_time(at.replace(day=6, minute=41), at)
('19:41', '6 Jun 19:41')
>>> clock_time(at.replace(minute=41), at.replace(year=2026))
'7 Jun 2022 19:41'
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter
from textual.strip import Strip

from normtui.rules.model import ArmageddonResult, GameState, MainResult
from normtui.text import visible

__all__ = [
    "ShowControls",
    "clock_time",
    "countdown",
    "day_of",
    "money",
    "points",
    "result_text",
    "same_day",
    "stamp",
    "state_text",
]


class ShowControls(LineFilter):
    """The last look at every line the console draws: a control or format character still in
    it (a damaged event's name in a label, a feed's tag in a message) is shown as its escape
    (:func:`normtui.text.visible`), never sent to the terminal, which would obey it (set its
    title or clipboard, blink). The tables and the title show escapes already; this catches
    whatever text took another road. A line is kept to its width (an escape is wider than the
    character it shows, which a terminal draws in no cell)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if "".join([s.text for s in segments]).isprintable():  # one C call: the usual line
            return segments
        shown = [
            s if s.control or s.text.isprintable() else Segment(visible(s.text), s.style)
            for s in segments
        ]
        width = Strip(segments).cell_length
        return list(Strip(shown).crop(0, width))


_STATES = {
    GameState.SCHEDULED: "scheduled",
    GameState.IN_PROGRESS: "in progress",
    GameState.FINISHED: "finished",
    GameState.POSTPONED: "postponed",
    GameState.FORFEIT: "forfeit",
}


def points(value: Decimal) -> str:
    """Points as a scoresheet writes them: halves as ½."""
    whole = int(value)
    if value == whole:
        return str(whole)
    if value * 2 == int(value * 2):
        return f"{whole or ''}½"
    return f"{value.normalize():f}"


def money(amount: Decimal, currency: str) -> str:
    """To the øre, with the currency first, as on the prize list."""
    return f"{currency} {amount.quantize(Decimal('0.01')):,.2f}"


def result_text(result: MainResult | ArmageddonResult | None) -> str:
    if result is None:
        return ""
    return "½-½" if result.value == "1/2-1/2" else result.value


def state_text(state: GameState) -> str:
    return _STATES[state]


def countdown(left: timedelta) -> str:
    """mm:ss (or h:mm:ss, or days and h:mm:ss), negative once the time is up: a deadline
    of another day is not 39301 hours away but 1637 days."""
    seconds = int(left.total_seconds())
    sign = "-" if seconds < 0 else ""
    minutes, secs = divmod(abs(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        return f"{sign}{days} day{'s' if days != 1 else ''} {hours:02d}:{minutes:02d}:{secs:02d}"
    if hours:
        return f"{sign}{hours}:{minutes:02d}:{secs:02d}"
    return f"{sign}{minutes:02d}:{secs:02d}"


def _local(at: datetime, like: datetime) -> datetime:
    """A time from the store (UTC) in ``like``'s zone (the console's local time)."""
    if at.tzinfo is not None and like.tzinfo is not None:
        at = at.astimezone(like.tzinfo)
    return at


def same_day(at: datetime, like: datetime) -> bool:
    return _local(at, like).date() == like.date()


def clock_time(at: datetime, like: datetime) -> str:
    """A time from the store as a time of day in ``like``'s zone; with its date when that is
    not ``like``'s day, and its year when not ``like``'s year: "by 19:41" yesterday would be
    read as today."""
    at = _local(at, like)
    if at.date() == like.date():
        return at.strftime("%H:%M")
    if at.year == like.year:
        return f"{at.day} {at:%b %H:%M}"
    return f"{at.day} {at:%b %Y %H:%M}"


def day_of(at: datetime, like: datetime) -> str:
    """The date alone ("7 Jun", "7 Jun 2022"), for narrow columns."""
    at = _local(at, like)
    return f"{at.day} {at:%b}" if at.year == like.year else f"{at.day} {at:%b %Y}"


def stamp(at: datetime, like: datetime) -> str:
    """Date and time of day of an audit entry, in the console's zone."""
    return _local(at, like).strftime("%Y-%m-%d %H:%M:%S")
