"""The checks the feed raises on a game as soon as its moves show them, each with its article,
and how a record on the feed stands to the one kept (extends it, or changes it)."""

from __future__ import annotations

from typing import Literal

from normtui.feed.game import Reading
from normtui.feed.report import Kind, Notice, clock_readings, clock_text, last_clocks
from normtui.rules.live import clock_set_wrong
from normtui.rules.profile import Profile, TimeControl

__all__ = ["compare", "conflict_text", "live_checks"]

_ARTICLE = {"main": "Regulations §2", "armageddon": "Regulations §3"}
_CONTROL = {"main": "classical", "armageddon": "armageddon"}


def live_checks(where: str, reading: Reading, kind: Kind, profile: Profile) -> list[Notice]:
    """What a game's moves and clocks raise at once: an illegal move, the kings' signal, clocks
    not set to the time control (§2, §3), a glitch at zero, a clock at zero."""
    out = []
    control = profile.time_controls[_CONTROL[kind]]
    rule = _ARTICLE[kind]
    if reading.broken:
        out.append(Notice(where, reading.broken, "FIDE Laws art. 7.5", short="illegal move"))
    if reading.signal:
        out.append(
            Notice(
                where,
                f"the kings in the centre signal {reading.signal}: read as "
                "the result, not as moves",
                ask=False,
                short="kings' signal",
            )
        )
        tag = reading.tag_result
        if tag not in (None, "*", "?", reading.signal):
            out.append(
                Notice(
                    where,
                    f"the Result tag says {tag} but the kings signal {reading.signal}",
                    short="result?",
                )
            )
    for white in (True, False):
        wrong = _first_clock_wrong(reading, control, white, rule)
        if wrong:
            out.append(Notice(where, wrong, short="clocks set"))
    for glitch in _glitches(reading):
        out.append(Notice(where, glitch, ask=False, short="clock glitch"))
    if not reading.finished:
        for white, seconds, label in last_clocks(reading):
            if seconds is not None and seconds <= 0:
                side = "White" if white else "Black"
                out.append(
                    Notice(
                        where,
                        f"{side}'s clock reads 0:00:00 after {label}: has the flag fallen?",
                        "FIDE Laws art. 6.9",
                        short="flag?",
                    )
                )
    return out


def compare(
    old: tuple[str, ...], old_result: str | None, reading: Reading
) -> Literal["extends", "same", "behind", "conflict"]:
    """The feed's record against the one kept: it ``extends`` it (more moves, or a result
    after ``*``), is the ``same`` game (other comments), is ``behind`` it (fewer moves, the
    game going on: the feed has not caught up), or changes what was kept (``conflict``)."""
    new = reading.sans
    old_done = old_result not in (None, "*", "?")
    if len(new) <= len(old) and old[: len(new)] == new and not reading.finished and old_done:
        return "behind"  # the moves kept, or fewer, and not yet the result kept
    if len(new) < len(old) and old[: len(new)] == new and not reading.finished:
        return "behind"
    if new[: len(old)] != old or (old_done and reading.result != old_result):
        return "conflict"
    if len(new) > len(old) or (not old_done and reading.finished):
        return "extends"
    return "same"


def conflict_text(old: tuple[str, ...], reading: Reading) -> str:
    new = reading.sans
    at = next(
        (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
        min(len(old), len(new)),
    )
    number = at // 2 + 1
    label = f"{number}." if at % 2 == 0 else f"{number}..."
    if at < len(new) and at < len(old):
        what = f"from {label}: {old[at]} kept, {new[at]} on the feed"
    elif len(new) < len(old):
        what = f"it ends {reading.result} after {len(new)} half-moves, {len(old)} are kept"
    else:
        what = f"its result is {reading.result}"
    return (
        f"the feed's record changes moves already kept ({what}); not applied: the arbiter "
        "may accept it"
    )


def _first_clock_wrong(
    reading: Reading, control: TimeControl, white: bool, rule: str
) -> str | None:
    """Why a side's clock was not set to the control (or None), read from its first reading:
    after its first move with a clock (a board whose first move came without one is read at the
    next), else before any move (DGT's ``WhiteClock``/``BlackClock`` tags). The time a move took
    is used for the first move only: it says when that move's clock started, not the game's."""
    ply_at = next(
        (i for i, p in enumerate(reading.plies) if (i % 2 == 0) == white and p.clock is not None),
        None,
    )
    if ply_at is not None:
        ply = reading.plies[ply_at]
        number = ply_at // 2 + 1
        return clock_set_wrong(
            control,
            white,
            ply.clock or 0.0,
            ply.used if number == 1 else None,
            rule=rule,
            move_number=number,
        )
    if reading.plies:
        return None
    seconds = _tag_clock(reading.tags.get("WhiteClock" if white else "BlackClock"))
    if seconds is None:
        return None
    return clock_set_wrong(control, white, seconds, 0.0, rule=rule, move_number=0)


def _tag_clock(value: str | None) -> float | None:
    if not value:
        return None
    parts = value.strip().split(":")
    if not all(p.replace(".", "", 1).isdigit() for p in parts) or len(parts) not in (2, 3):
        return None
    numbers = [float(p) for p in parts]
    while len(numbers) < 3:
        numbers.insert(0, 0.0)
    return numbers[0] * 3600 + numbers[1] * 60 + numbers[2]


def _glitches(reading: Reading) -> list[str]:
    """A clock at 0:00:00 followed by normal readings: the broadcast's glitch, no flag fall."""
    out = []
    for white, readings in clock_readings(reading):
        for i, (seconds, label) in enumerate(readings[:-1]):
            later = next((s for s, _l in readings[i + 1 :] if s > 0), None)
            if seconds <= 0 and later is not None:
                side = "White" if white else "Black"
                out.append(
                    f"{side}'s clock read 0:00:00 after {label}, then "
                    f"{clock_text(later)}: a glitch of the broadcast, not a flag fall"
                )
                break
    return out
