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
from normtui.text import is_number

__all__ = [
    "CLOCK_CODES",
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
# The least time an arbiter gives back (FIDE Laws art. 7.5.5 and Appendices A, B: one minute
# in rapid and blitz, two in classical games): a smaller gain is the data's, not the clock's.
ADDED_TIME_MIN = 60.0
# The findings of :func:`check_clocks`.
CLOCK_CODES = frozenset({"clock_above_control", "clock_jump", "clock_glitch"})

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
    return int(first) if is_number(first) and len(first) <= 9 else None


def check_clocks(readings: Sequence[ClockReading], control: TimeControl,
                 rule: str) -> list[Finding]:
    """The first clock above the control, the first that gained time no increment explains,
    and the first reading that cannot be right.

    Broadcasts glitch: a board that sent no time shows 0:00:00 and the game goes on, or a clock
    reads a few seconds more than before with no increment. No rule gives back seconds (the
    least time an arbiter adds is a minute: two for an illegal move in a classical game, FIDE
    Laws art. 7.5.5, one in rapid and blitz), so such a reading is a note that the clock data
    is wrong, not a warning; a zero the game went on after is not used at all. A gain of a
    minute or more may be time the arbiter added, or data just as wrong: a warning that says
    both.
    """
    out: list[Finding] = []
    last: dict[bool, ClockReading] = {}
    final = {r.white: i for i, r in enumerate(readings)}
    seen: set[str] = set()  # each finding once per game, at its first move

    def report(code: str, move: str, message: str) -> None:
        if code not in seen:
            seen.add(code)
            out.append(finding(code, move, message,
                               rule=rule if code == "clock_above_control" else None))

    for i, r in enumerate(readings):
        side = "White" if r.white else "Black"
        if r.seconds <= 0 and i < final[r.white]:
            later = next(n for n in readings[i + 1:] if n.white == r.white)
            report("clock_glitch", r.move,
                   f"After {r.move} {side}'s clock reads {format_clock(0)}, yet {side} played "
                   f"on ({format_clock(later.seconds)} after {later.move}): the clock data is "
                   "wrong there (a broadcast glitch, not a flag fall), and that reading is not "
                   "used.")
            continue
        limit = max_clock(control, r.white, r.move_number)
        if r.seconds > limit + TOLERANCE:
            report("clock_above_control", r.move,
                   f"After {r.move} {side}'s clock shows {format_clock(r.seconds)}, but "
                   f"{control.describe()} allows at most {format_clock(limit)} by then.")
        gain = control.increment_seconds if r.move_number >= control.increment_from_move else 0
        before = last.get(r.white)
        last[r.white] = r
        if before is None or r.seconds - before.seconds - gain <= TOLERANCE:
            continue
        went = (f"{side}'s clock went up from {format_clock(before.seconds)} after "
                f"{before.move} to {format_clock(r.seconds)} after {r.move}, "
                + (f"more than the increment of {gain}\"" if gain else
                   f"though no time is added before move {control.increment_from_move}"))
        if r.seconds - before.seconds - gain < ADDED_TIME_MIN:
            report("clock_glitch", r.move, f"{went}: seconds that no rule gives, so the clock "
                   "data may be wrong (a broadcast glitch).")
        else:
            report("clock_jump", r.move, f"{went}: the clock data may be wrong, unless the "
                   "arbiter added time (an illegal move gives the opponent two minutes, FIDE "
                   "Laws art. 7.5.5).")
    return out


def flagged(readings: Sequence[ClockReading]) -> set[bool]:
    """The colours (True = White) whose last clock reading is zero: their flag fell."""
    last: dict[bool, float] = {}
    for r in readings:
        last[r.white] = r.seconds
    return {white for white, seconds in last.items() if seconds <= 0}
