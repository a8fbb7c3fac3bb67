"""§2 and §3 for games followed live on the boards: when the Armageddon's window opens, whether
a game's clocks were set to its time control, and the standings if the games under way ended now.

The 20 minutes of §2 ("the players will move on to Armageddon within 20 minutes after the draw")
run from the moment the game ended, which the board feed knows from its clocks; a key pressed
later, or a file read later, must not give the players more time.

>>> from datetime import datetime, timedelta, timezone
>>> seen = datetime(2022, 6, 7, 19, 30, tzinfo=timezone.utc)
>>> window_opens(seen - timedelta(minutes=3), seen) == seen - timedelta(minutes=3)
True
>>> armageddon_deadline(seen, 20).strftime("%H:%M")
'19:50'
>>> from normtui.rules.profile import TimeControl
>>> print(clock_set_wrong(TimeControl(600, 420, 1, 41), False, 595, 3, rule="§3"))
Black's clock started at 0:09:58, not 0:07:00 (White 10', Black 7', +1" from move 41, §3)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from normtui.rules.model import ArmageddonResult, Game, GameState, MainResult
from normtui.rules.scoring import armageddon_due

if TYPE_CHECKING:
    from normtui.rules.profile import TimeControl

__all__ = [
    "CLOCK_TOLERANCE",
    "FEED_CLOCK_SLACK",
    "armageddon_deadline",
    "clock_limit",
    "clock_set_wrong",
    "far_below",
    "games_if_ended_now",
    "pre_added",
    "starting_clock",
    "window_opens",
    "wrong_start",
]

# A feed's end time older than this when its result is first seen is not believed (a board left
# running, a replayed file): the window then opens when the result was seen.
FEED_CLOCK_SLACK = timedelta(hours=6)
# DGT clocks are read in whole seconds, and the move's own time is rounded too.
CLOCK_TOLERANCE = 2.0


def window_opens(ended_at: datetime | None, seen_at: datetime) -> datetime:
    """When the Armageddon's start window opens (§2): when the game ended, by the feed's clocks,
    else when its result was first seen. A feed's time after the moment it was seen (a computer
    clock ahead of ours) or far before it is not believed, and the time seen is used."""
    if ended_at is None or ended_at > seen_at or seen_at - ended_at > FEED_CLOCK_SLACK:
        return seen_at
    return ended_at


def armageddon_deadline(opens: datetime, minutes: int) -> datetime:
    """By when the Armageddon must start (§2: within ``minutes`` of the draw)."""
    return opens + timedelta(minutes=minutes)


def _hms(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


# A clock under this share of its setting within the first moves is another time control (a
# 15' game read against 120'), not a long think: none of the game's moves took that long.
FAR_BELOW = 0.5
OPENING_MOVES = 10


def pre_added(control: TimeControl) -> int:
    """The increment a DGT clock adds before move 1 when it runs from move 1 (90' + 30" starts
    at 1:30:30), else 0.

    >>> from normtui.rules.profile import TimeControl
    >>> pre_added(TimeControl(5400, 5400, 30, 1)), pre_added(TimeControl(7200, 7200, 10, 41))
    (30, 0)
    """
    return control.increment_at(1)


def clock_limit(control: TimeControl, white: bool, move_number: int) -> int:
    """The most a clock can show after the player's move ``move_number``: the setting, the
    increments earned, the one DGT adds before move 1, and every later period begun by the
    next move (a clock with a move counter adds it as move 40 is completed).

    >>> from normtui.rules.profile import Period, TimeControl
    >>> clock_limit(TimeControl(7200, 7200, 10, 41), True, 42), clock_limit(
    ...     TimeControl(180, 180, 2, 1), True, 1)
    (7220, 184)
    >>> fide = TimeControl(5400, 5400, 30, 1, moves=40, later=(Period(0, 1800, 1800, 30, 41),))
    >>> clock_limit(fide, True, 39), clock_limit(fide, True, 40)
    (6600, 8430)
    """
    return (
        control.given_by(white, move_number + 1)
        - control.increment_at(move_number + 1)
        + pre_added(control)
    )


def starting_clock(
    control: TimeControl, move_number: int, reading: float, used: float | None
) -> float | None:
    """What the clock showed before the player's move ``move_number``, from the reading after it
    and the time the move took (``[%emt]``): the reading plus the time used, less the increment
    the move earned. ``None`` without the time used."""
    if used is None:
        return None
    return reading + used - control.increment_at(move_number)


def far_below(
    control: TimeControl,
    white: bool,
    reading: float,
    move_number: int,
    *,
    rule: str,
    move: str | None = None,
) -> str | None:
    """Why a clock reading in the first moves cannot be of this time control (under half its
    setting: the game was played at another one), or ``None``.

    >>> from normtui.rules.profile import TimeControl
    >>> far_below(TimeControl(7200, 7200, 10, 41), True, 919, 1, rule="§2")[:66]
    "White's clock shows 0:15:19 after move 1, far below the 2:00:00 of"
    """
    base = control.white_seconds if white else control.black_seconds
    if move_number > OPENING_MOVES or reading >= base * FAR_BELOW:
        return None
    side = "White" if white else "Black"
    return (
        f"{side}'s clock shows {_hms(reading)} after {move or f'move {move_number}'}, far "
        f"below the "
        f"{_hms(base)} of {control.describe()}{f' ({rule})' if rule else ''}: a game at "
        "another time control, or clocks set wrong"
    )


def wrong_start(
    control: TimeControl, white: bool, reading: float, used: float | None, move_number: int = 1
) -> float | None:
    """The clock's start that the reading after the player's move ``move_number`` and that
    move's time give, where it is not the setting; ``None`` where it is, or cannot be read.

    DGT writes the first move's time with the wait before the clocks were started
    (``{[%clk 00:15:20]} {[%emt 00:53:26]}``): a time that would put the start above the setting,
    on a reading within it, is that wait, and says nothing of the start. A clock that adds the
    increment before move 1 (DGT's, when it runs from move 1) starts at the setting plus it.

    >>> from normtui.rules.profile import TimeControl
    >>> rapid = TimeControl(900, 900, 10, 1)
    >>> wrong_start(rapid, True, 920, 3206), wrong_start(rapid, False, 618, 2)
    (None, 610)
    """
    started = starting_clock(control, move_number, reading, used)
    if started is None:
        return None
    base = control.white_seconds if white else control.black_seconds
    setting = base + pre_added(control)
    if (
        started > setting + CLOCK_TOLERANCE
        and reading <= clock_limit(control, white, move_number) + CLOCK_TOLERANCE
    ):
        return None  # the move's time holds the wait before the clocks were started
    if min(abs(started - base), abs(started - setting)) <= CLOCK_TOLERANCE:
        return None
    return started


def clock_set_wrong(
    control: TimeControl,
    white: bool,
    reading: float,
    used: float | None,
    *,
    rule: str,
    move_number: int = 1,
) -> str | None:
    """Why the player's clock cannot have started at the time control's setting (§2: 120' each;
    §3: White 10', Black 7'), or ``None``. ``reading`` is the clock after the player's first move
    (``used`` the time it took) or, with ``used=0`` and ``move_number=0``, the clock before any
    move.

    A start is read from the readings (:func:`wrong_start`). Without the move's time a clock
    above the setting is wrong, and one far below it (another control); a little below is a
    player who thought over the first move."""
    low = far_below(control, white, reading, move_number, rule=rule)
    if low:  # a reading far below the setting speaks for itself
        return low
    base = control.white_seconds if white else control.black_seconds
    setting = base + pre_added(control)
    side = "White" if white else "Black"
    started = wrong_start(control, white, reading, used, move_number)
    if started is not None:
        return (
            f"{side}'s clock started at {_hms(started)}, not {_hms(setting)} "
            f"({control.describe()}, {rule})"
        )
    if reading > clock_limit(control, white, move_number) + CLOCK_TOLERANCE:
        return (
            f"{side}'s clock shows {_hms(reading)} after move {move_number}, more than "
            f"the {_hms(setting)} it starts with ({control.describe()}, {rule})"
        )
    return None


def games_if_ended_now(games: Iterable[Game]) -> list[Game]:
    """The games as they would stand if every pairing under way ended now: a main game in
    progress ends drawn, and so does its Armageddon, or the Armageddon a drawn main game waits
    for; a drawn Armageddon is then scored as §2 says (Black's win). Games not begun are left."""
    out = []
    for g in games:
        if g.result is None and g.state is GameState.IN_PROGRESS:
            g = replace(
                g,
                result=MainResult.DRAW,
                armageddon=ArmageddonResult.DRAW,
                state=GameState.FINISHED,
            )
        elif armageddon_due(g):
            g = replace(g, armageddon=ArmageddonResult.DRAW, state=GameState.FINISHED)
        out.append(g)
    return out
