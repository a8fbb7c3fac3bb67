"""Clock comments (``{[%clk 1:59:50]}``) against the stage's time control.

A reading is the mover's remaining time after the move, increment included, as DGT boards and
broadcasts record it. Under a control of ``base`` seconds plus ``inc`` from move ``k``, White's
clock after move ``n`` can show at most ``base + inc * max(0, n - k + 1)``.

>>> parse_clock("[%clk 1:59:58]")
7198.0
>>> parse_clock("Good move [%clk 0:03:01.5] [%emt 0:00:04]")
181.5
>>> parse_clock("no clock") is None
True
>>> from normtui.rules.profile import TimeControl
>>> max_clock(TimeControl(7200, 7200, 10, 41), True, 42)
7220
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from normtui.pgn.findings import Finding, Stage, finding
from normtui.rules.profile import Profile, TimeControl

__all__ = [
    "ClockReading",
    "check_clocks",
    "control_for",
    "flagged",
    "format_clock",
    "max_clock",
    "parse_clock",
]

_CLK = re.compile(r"\[%clk\s+(\d+):(\d{1,2})(?::(\d{1,2}(?:\.\d*)?))?\s*\]")
# Broadcast clocks are read in whole seconds: a second of slack keeps rounding quiet.
TOLERANCE = 1.0

_RULE = {"main": "Regulations §2", "armageddon": "Regulations §3", "playoff": "Regulations §5"}


@dataclass(frozen=True, slots=True)
class ClockReading:
    """The mover's clock after a move: ``white`` is the mover's colour."""

    white: bool
    move_number: int
    move: str
    seconds: float


def parse_clock(comment: str) -> float | None:
    """Seconds in the comment's ``[%clk h:mm:ss]``, or None when it has none."""
    match = _CLK.search(comment)
    if match is None:
        return None
    hours, minutes, seconds = match.groups()
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds or 0)


def format_clock(seconds: float) -> str:
    """
    >>> format_clock(7205), format_clock(59.5)
    ('2:00:05', '0:00:59')
    """
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def max_clock(control: TimeControl, white: bool, move_number: int) -> int:
    """The most a clock can show after the player's move ``move_number``."""
    base = control.white_seconds if white else control.black_seconds
    return base + control.increment_seconds * max(0, move_number - control.increment_from_move + 1)


def control_for(stage: Stage, profile: Profile, headers: Mapping[str, str],
                readings: Sequence[ClockReading] = ()) -> tuple[TimeControl, str]:
    """The time control a game of this stage was played at, and the article that sets it.

    A play-off game is blitz unless its tags or its first clock say it is the Armageddon.
    """
    controls = profile.time_controls
    if stage == "main":
        return controls["classical"], _RULE[stage]
    if stage == "armageddon":
        return controls["armageddon"], _RULE[stage]
    blitz = controls[profile.playoff.match_time_control]
    armageddon = controls[profile.playoff.armageddon_time_control]
    return (armageddon if is_playoff_armageddon(headers, blitz, armageddon, readings)
            else blitz), _RULE[stage]


def is_playoff_armageddon(headers: Mapping[str, str], blitz: TimeControl,
                          armageddon: TimeControl, readings: Sequence[ClockReading] = ()) -> bool:
    """Whether a play-off game is the Armageddon: named so, tagged so, or clocked so."""
    named = " ".join((headers.get("Event", ""), headers.get("Round", ""))).lower()
    if "armageddon" in named:
        return True
    base = _tag_base(headers.get("TimeControl", ""))
    if base is not None and base == armageddon.white_seconds != blitz.white_seconds:
        return True
    first = next((r for r in readings if r.white), None)
    return first is not None and first.seconds > max_clock(blitz, True, 1) + TOLERANCE


def _tag_base(tag: str) -> int | None:
    """White's starting seconds in a TimeControl tag, short ("600+1") or in the standard's
    periods ("40/600:0+1"), or None.

    >>> _tag_base("600+1"), _tag_base("40/600:0+1"), _tag_base("?")
    (600, 600, None)
    """
    first = tag.strip().split(":")[0].split("/")[-1].split("+")[0]
    return int(first) if first.isdigit() else None


def check_clocks(readings: Sequence[ClockReading], control: TimeControl,
                 rule: str) -> list[Finding]:
    """The first clock above the control, and the first clock that gained too much."""
    out: list[Finding] = []
    last: dict[bool, float] = {}
    above = jumped = False
    for r in readings:
        side = "White" if r.white else "Black"
        limit = max_clock(control, r.white, r.move_number)
        if not above and r.seconds > limit + TOLERANCE:
            above = True
            out.append(finding(
                "clock_above_control", r.move,
                f"After {r.move} {side}'s clock shows {format_clock(r.seconds)}, but "
                f"{control.describe()} allows at most {format_clock(limit)} by then.", rule=rule))
        gain = control.increment_seconds if r.move_number >= control.increment_from_move else 0
        before = last.get(r.white)
        if not jumped and before is not None and r.seconds > before + gain + TOLERANCE:
            jumped = True
            allowed = (f"more than the increment of {gain}\"" if gain else
                       f"though no time is added before move {control.increment_from_move}")
            out.append(finding(
                "clock_jump", r.move,
                f"After {r.move} {side}'s clock went up from {format_clock(before)} to "
                f"{format_clock(r.seconds)}, {allowed}; right only if the arbiter added time "
                "(an illegal-move penalty)."))
        last[r.white] = r.seconds
    return out


def flagged(readings: Sequence[ClockReading]) -> set[bool]:
    """The colours (True = White) whose last clock reading is zero: their flag fell."""
    last: dict[bool, float] = {}
    for r in readings:
        last[r.white] = r.seconds
    return {white for white, seconds in last.items() if seconds <= 0}
