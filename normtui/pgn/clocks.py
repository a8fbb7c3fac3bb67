"""Clock comments (``{[%clk 1:59:50]}``) against the stage's time control.

A reading is the mover's remaining time after the move, increment included, as DGT boards and
broadcasts record it. Under a control of ``base`` seconds plus ``inc`` from move ``k``, White's
clock after move ``n`` can show at most ``base + inc * max(0, n - k + 1)``, and one increment
more when it runs from move 1: DGT clocks add it before the first move (90' + 30" starts at
1:30:30).

The readings come from the comments as :mod:`normtui.pgn.movetext` reads them.

>>> from normtui.rules.profile import TimeControl
>>> max_clock(TimeControl(7200, 7200, 10, 41), True, 42)
7220
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from normtui.pgn.findings import Finding, Stage, finding
from normtui.rules.live import clock_limit, far_below, wrong_start
from normtui.rules.profile import Profile, TimeControl
from normtui.text import is_number

__all__ = [
    "CLOCK_CODES",
    "CONTROL_CODES",
    "ClockReading",
    "check_clocks",
    "control_for",
    "flagged",
    "format_clock",
    "max_clock",
]

# Broadcast clocks are read in whole seconds: a second of slack keeps rounding quiet.
TOLERANCE = 1.0
# The least time an arbiter gives back (FIDE Laws art. 7.5.5 and Appendices A, B: one minute
# in rapid and blitz, two in classical games): a smaller gain is the data's, not the clock's.
ADDED_TIME_MIN = 60.0
# The findings of :func:`check_clocks`.
CLOCK_CODES = frozenset(
    {
        "clock_above_control",
        "clock_below_control",
        "clock_increment",
        "clock_start_wrong",
        "clock_jump",
        "clock_glitch",
    }
)
# The findings that say the game was not played at the event's time control.
CONTROL_CODES = frozenset(
    {"clock_above_control", "clock_below_control", "clock_increment", "clock_start_wrong"}
)
# A side's clock gaining on at least this many moves, and on half its moves with their times or
# a quarter of those without, gains an increment: a steady one, not a glitch.
STEADY_GAINS = 3
STEADY_SHARE = 4

_RULE = {"main": "Regulations §2", "armageddon": "Regulations §3", "playoff": "Regulations §5"}


@dataclass(frozen=True, slots=True)
class ClockReading:
    """The mover's clock after a move: ``white`` is the mover's colour; ``used`` the time the
    move took (``[%emt]``), where the record gives it."""

    white: bool
    move_number: int
    move: str
    seconds: float
    used: float | None = None


def format_clock(seconds: float) -> str:
    """
    >>> format_clock(7205), format_clock(59.5)
    ('2:00:05', '0:00:59')
    """
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def max_clock(control: TimeControl, white: bool, move_number: int) -> int:
    """The most a clock can show after the player's move ``move_number``."""
    return clock_limit(control, white, move_number)


def control_for(
    stage: Stage,
    profile: Profile,
    headers: Mapping[str, str],
    readings: Sequence[ClockReading] = (),
) -> tuple[TimeControl, str]:
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
    return (
        armageddon if is_playoff_armageddon(headers, blitz, armageddon, readings) else blitz
    ), _RULE[stage]


def is_playoff_armageddon(
    headers: Mapping[str, str],
    blitz: TimeControl,
    armageddon: TimeControl,
    readings: Sequence[ClockReading] = (),
) -> bool:
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


def check_clocks(
    readings: Sequence[ClockReading], control: TimeControl, rule: str
) -> list[Finding]:
    """The first clock above the control, a clock far below it, a steady increment the control
    does not give, the first clock that gained time no increment explains, and the first reading
    that cannot be right.

    Broadcasts glitch: a board that sent no time shows 0:00:00 and the game goes on, or a clock
    reads a few seconds more than before with no increment. No rule gives back seconds (the
    least time an arbiter adds is a minute: two for an illegal move in a classical game, FIDE
    Laws art. 7.5.5, one in rapid and blitz), so such a reading is a note that the clock data
    is wrong, not a warning; a zero the game went on after is not used at all. A gain of a
    minute or more may be time the arbiter added, or data just as wrong: a warning that says
    both. A clock that gains on move after move is no glitch but an increment: the game was
    played at another control, and so is one whose clocks start far below this one's.
    """
    out: list[Finding] = []
    seen: set[str] = set()  # each finding once per game, at its first move

    def report(code: str, move: str, message: str) -> None:
        if code not in seen:
            seen.add(code)
            out.append(finding(code, move, message, rule=None if code in _NO_RULE else rule))

    kept = _usable(readings, report)
    for white in (True, False):
        # A zero is a flag fall or a glitch (said elsewhere), not a setting.
        first = next((r for r in kept if r.white == white and r.seconds > 0), None)
        low = first and far_below(
            control, white, first.seconds, first.move_number, rule="", move=first.move
        )
        if first is not None and low:
            report("clock_below_control", first.move, f"{low}.")
        elif first is not None and first.move_number == 1:
            _start(control, first, report)
    # One game, one control: a steady increment seen on one clock is the other's too.
    steady = max(_steady_increment(kept, control, white, report) for white in (True, False))
    last: dict[bool, ClockReading] = {}
    # A later period's time, once due: a clock with a move counter adds it as the period's
    # first move comes, one without when the flag falls (so some moves later).
    claimed: dict[bool, set[int]] = {True: set(), False: set()}
    for r in kept:
        side = "White" if r.white else "Black"
        limit = max_clock(control, r.white, r.move_number)
        if r.seconds > limit + TOLERANCE:
            report(
                "clock_above_control",
                r.move,
                f"After {r.move} {side}'s clock shows {format_clock(r.seconds)}, but "
                f"{control.describe()} allows at most {format_clock(limit)} by then.",
            )
        before = last.get(r.white)
        last[r.white] = r
        if before is None:
            continue
        gain = _gain(control, r, before, steady)
        due = [
            start
            for start in control.first_moves()[1:]
            if start <= r.move_number + 1 and start not in claimed[r.white]
        ]
        if r.seconds - before.seconds - gain > TOLERANCE and due:
            claimed[r.white].update(due)
            gain += sum(control.added_before(start, r.white) for start in due)
        if r.seconds - before.seconds - gain <= TOLERANCE:
            continue
        went = (
            f"{side}'s clock went up from {format_clock(before.seconds)} after "
            f"{before.move} to {format_clock(r.seconds)} after {r.move}, "
            + (
                f'more than the increment of {gain}"'
                if gain
                else f"though no time is added before move {control.first_increment()}"
            )
        )
        if r.seconds - before.seconds - gain < ADDED_TIME_MIN:
            report(
                "clock_glitch",
                r.move,
                f"{went}: seconds that no rule gives, so the clock "
                "data may be wrong (a broadcast glitch).",
            )
        else:
            report(
                "clock_jump",
                r.move,
                f"{went}: the clock data may be wrong, unless the "
                "arbiter added time (an illegal move gives the opponent two minutes, FIDE "
                "Laws art. 7.5.5).",
            )
    return out


def _start(
    control: TimeControl, first: ClockReading, report: Callable[[str, str, str], None]
) -> None:
    """A clock set below the control, read from the first move's reading and time (above it,
    ``clock_above_control`` says so)."""
    started = wrong_start(control, first.white, first.seconds, first.used)
    base = control.white_seconds if first.white else control.black_seconds
    if started is None or started > base or first.used is None:
        return
    side = "White" if first.white else "Black"
    report(
        "clock_start_wrong",
        first.move,
        f"{side}'s clock started at {format_clock(started)} ({format_clock(first.seconds)} "
        f"after {first.move}, which took {format_clock(first.used)}), not at the "
        f"{format_clock(base)} of {control.describe()}: the clock was set wrong.",
    )


# Findings that rest on the code's own article, not on the stage's time control.
_NO_RULE = frozenset({"clock_jump", "clock_glitch"})


def _gain(
    control: TimeControl, r: ClockReading, before: ClockReading | None = None, steady: int = 0
) -> int:
    """The seconds a clock earns by move ``r`` since ``before`` (by default the move before):
    the control's increment, or the ``steady`` one the clocks show where it is more."""
    if before is None or before.move_number + 1 == r.move_number:  # the move before: most
        return max(steady, control.increment_at(r.move_number))
    return sum(
        max(steady, control.increment_at(n))
        for n in range(before.move_number + 1, r.move_number + 1)
    )


def _steady_moves(control: TimeControl, move_number: int) -> bool:
    """Whether a steady increment is looked for at this move: every move of a control with an
    increment from move 1, the moves before the increment of one that adds it later; and only
    before a second period's time can come (a move counter adds it with the period's last
    move)."""
    starts = control.first_moves()
    if len(starts) > 1 and move_number >= starts[1] - 1:
        return False
    first = control.first_increment()
    return first is None or first <= 1 or move_number < first


def _usable(
    readings: Sequence[ClockReading], report: Callable[[str, str, str], None]
) -> list[ClockReading]:
    """The readings less the zeros the game went on after (each reported as a glitch)."""
    final = {r.white: i for i, r in enumerate(readings)}
    kept = []
    for i, r in enumerate(readings):
        if r.seconds <= 0 and i < final[r.white]:
            side = "White" if r.white else "Black"
            later = next(n for n in readings[i + 1 :] if n.white == r.white)
            report(
                "clock_glitch",
                r.move,
                f"After {r.move} {side}'s clock reads {format_clock(0)}, yet {side} played "
                f"on ({format_clock(later.seconds)} after {later.move}): the clock data is "
                "wrong there (a broadcast glitch, not a flag fall), and that reading is not "
                "used.",
            )
            continue
        kept.append(r)
    return kept


def _steady_increment(
    readings: Sequence[ClockReading],
    control: TimeControl,
    white: bool,
    report: Callable[[str, str, str], None],
) -> int:
    """The increment a side's clock gains a move, when it gains more than the control gives
    move after move (reported as ``clock_increment``), else 0.

    A clock gains the increment less the time the move took (``[%emt]``, where given): the
    increment is the median of the gains with the moves' times added back."""
    mine = [r for r in readings if r.white == white]
    pairs = [
        (b, r)
        for b, r in itertools.pairwise(mine)
        if r.move_number == b.move_number + 1 and _steady_moves(control, r.move_number)
    ]
    gains = [(b, r, r.seconds - b.seconds - _gain(control, r) + (r.used or 0)) for b, r in pairs]
    timed = [g for g in gains if g[1].used is not None]
    if len(timed) >= STEADY_GAINS:
        # With the moves' times the increment shows on every move: most agree on it (DGT's
        # times are not always right: a move's time may hold a pause of the clocks).
        extra = round(statistics.median(g for _b, _r, g in timed))
        near = max(2 * TOLERANCE, extra / 4)  # LiveChess Cloud's times are seconds off
        rises = [t for t in timed if abs(t[2] - extra) <= near]
        steady = extra > TOLERANCE and 2 * len(rises) >= len(timed)
    else:
        # Without them a clock shows the increment only on the moves that took less than it:
        # the largest gain is nearest the increment.
        rises = [t for t in gains if TOLERANCE < t[2] < ADDED_TIME_MIN]
        extra = round(max((g for _b, _r, g in rises), default=0))
        steady = STEADY_SHARE * len(rises) >= len(pairs)
    if len(rises) < STEADY_GAINS or not steady or extra >= ADDED_TIME_MIN:
        return 0
    before, first, _g = rises[0]
    side = "White" if white else "Black"
    real = control.increment_at(first.move_number) + extra
    starts_at = control.first_increment()
    where = (
        f"from move {first.move_number}"
        if starts_at is None or starts_at <= 1
        else f"before move {starts_at}"
    )
    report(
        "clock_increment",
        first.move,
        f"{side}'s clock shows an increment of about {real}\" a move {where} on "
        f"{len(rises)} of its {len(pairs)} moves after the first "
        f"({format_clock(before.seconds)} after {before.move}, "
        f"{format_clock(first.seconds)} after {first.move}), which {control.describe()} "
        "does not give: the game was played at another time control.",
    )
    return real


def flagged(readings: Sequence[ClockReading]) -> set[bool]:
    """The colours (True = White) whose last clock reading is zero: their flag fell."""
    last: dict[bool, float] = {}
    for r in readings:
        last[r.white] = r.seconds
    return {white for white, seconds in last.items() if seconds <= 0}
