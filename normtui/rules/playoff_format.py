"""The play-off's format in one phrase, both ways: what ``normtui new --playoff`` and
``normtui playoff --format`` read, and what the play-off is said as (:func:`format_phrase`,
which reads back to the same rules).

A phrase is steps separated by commas or "then": the match first, then what decides it when it
is tied. Each step may give its clock (minutes, White's/Black's where they differ, + the
increment in seconds, "from move N" where it starts later)::

    2 blitz 3+2, then sudden death 2:30/3+2 colours by lot in pairs    Tata Steel 2025
    2 blitz 3+2, then armageddon 10/7+1 from move 41                     Norway Chess
    2 blitz, then 2 blitz, then armageddon                               Norway Chess 2024
    2 rapid 15+10, then sudden death up to 4, then lots
    2 blitz, then matches                                                matches until one is won
    none                                                                 the tie-breaks decide

>>> change = parse_format("2 blitz 3+2, then sudden death 2:30/3+2 colours by lot in pairs")
>>> change.keys["after_match"], change.keys["sudden_death_colours"]
('sudden_death', 'pairs')
>>> change.controls["playoff_sudden_death"].describe()
'White 2\\'30", Black 3\\', +2"'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

from normtui.rules.errors import NormtuiError
from normtui.rules.time_control import TimeControl

if TYPE_CHECKING:
    from normtui.rules.profile import Profile

__all__ = ["PHRASE_HELP", "FormatChange", "FormatError", "format_phrase", "parse_format"]

# The names a phrase gives the controls it sets, where the profile has none of its own.
RAPID = "playoff_rapid"
BLITZ = "playoff_blitz"
SUDDEN_DEATH = "playoff_sudden_death"

PHRASE_HELP = (
    'Steps, separated by commas or "then": first the match ("2 blitz", "2 rapid", "2 games"), '
    'then what decides a tied match: "armageddon", "sudden death" (until a game is won; '
    '"up to N" games, then "armageddon" or "lots"; "colours by lot" for its first game; '
    '"in pairs": colours change every two games), "lots", "matches" (until one is won), or the '
    "same match again. A step may give its clock: 3+2, 2:30/3+2 (White/Black), 10/7+1 from "
    'move 41. "none": no play-off, the tie-breaks decide.'
)

_CLOCK = re.compile(
    r"(?P<w>\d+(?:[.:]\d+)?)'?(?:\s*/\s*(?P<b>\d+(?:[.:]\d+)?)'?)?\s*\+\s*(?P<inc>\d+)\"?"
    r"(?:\s+from\s+move\s+(?P<from>\d+))?"
)
_MATCH = re.compile(
    r"(?P<n>\d+)\s*(?:-\s*game\s+match|\s*(?P<kind>blitz|rapid|games?|match)(?:\s+games?)?)"
)
_NONE = ("none", "no play-off", "no playoff", "tie-breaks", "tiebreaks", "no")


class FormatError(NormtuiError, ValueError):
    """A phrase that says no play-off format; the message names the step."""


@dataclass(frozen=True)
class FormatChange:
    """What a phrase sets: the ``[playoff]`` keys, and the time controls it gives (set where
    the profile has them, added where it does not)."""

    keys: dict[str, object]
    controls: dict[str, TimeControl] = field(default_factory=dict)


def _minutes(text: str, step: str) -> int:
    """Seconds of "3", "2.5" or "2:30" minutes."""
    if ":" in text:
        minutes, _, seconds = text.partition(":")
        if int(seconds) > 59:
            raise FormatError(f"{step!r}: {text} is not minutes and seconds")
        return int(minutes) * 60 + int(seconds)
    try:
        value = Decimal(text) * 60
    except InvalidOperation:  # pragma: no cover - the pattern read digits
        raise FormatError(f"{step!r}: {text} is not minutes") from None
    if value != value.to_integral_value():
        raise FormatError(f"{step!r}: {text} minutes is not whole seconds")
    return int(value)


def _clock(step: str) -> tuple[TimeControl | None, str]:
    """The clock a step gives, and the step without it."""
    found = _CLOCK.search(step)
    if found is None:
        return None, step
    white = _minutes(found["w"], step)
    black = _minutes(found["b"], step) if found["b"] else white
    if not white or not black:
        raise FormatError(f"{step!r}: a clock starts with more than 0 minutes")
    tc = TimeControl(white, black, int(found["inc"]), int(found["from"] or 1))
    return tc, (step[: found.start()] + " " + step[found.end() :]).strip()


def _steps(text: str) -> list[str]:
    text = " ".join(text.lower().replace("’", "'").replace("”", '"').split())
    parts = re.split(r"\s*[,;]\s*|\s+then\s+", text)
    return [p.removeprefix("then ").strip() for p in parts if p.strip()]


def parse_format(text: str, profile: Profile | None = None) -> FormatChange:
    """The keys and clocks a phrase sets (see the module's doc); ``profile``: the event's, for
    the names of the controls it already has."""
    steps = _steps(text)
    if not steps:
        raise FormatError(f"the play-off is not said: {PHRASE_HELP}")
    if len(steps) == 1 and steps[0] in _NONE:
        return FormatChange({"for_shared_first": False})
    match_control = profile.playoff.match_time_control if profile else BLITZ
    armageddon_control = (
        profile.playoff.armageddon_time_control if profile else ("playoff_armageddon")
    )
    controls: dict[str, TimeControl] = {}
    first = steps[0]
    clock, rest = _clock(first)
    found = _MATCH.fullmatch(rest)
    if found is None:
        raise FormatError(
            f"{first!r}: the play-off starts with its match, e.g. '2 blitz' or '2 rapid 15+10'"
        )
    games = int(found["n"])
    if not 1 <= games <= 20:
        raise FormatError(f"{first!r}: a match of 1 to 20 games")
    kind = found["kind"] or "games"
    if kind == "blitz":
        match_control = BLITZ
    elif kind == "rapid":
        match_control = RAPID
        has = profile is not None and RAPID in profile.time_controls
        if clock is None and not has:
            raise FormatError(f"{first!r}: give the rapid games' clock, e.g. '2 rapid 15+10'")
    if clock is not None:
        controls[match_control] = clock
    keys: dict[str, object] = {
        "for_shared_first": True,
        "match_games": games,
        "matches": 1,
        "match_time_control": match_control,
        "after_match": "",
        "sudden_death_time_control": match_control,
        "sudden_death_games": 0,
        "after_sudden_death": "armageddon",
        "sudden_death_first_white": "alternate",
        "sudden_death_colours": "alternate",
    }
    rest_steps = steps[1:]
    while rest_steps and _same_match(rest_steps[0], first, games):
        keys["matches"] = int(str(keys["matches"])) + 1
        rest_steps.pop(0)
    if not rest_steps:
        raise FormatError(
            f"{text.strip()!r}: say what decides a tied match: then armageddon, sudden "
            "death, lots, or matches"
        )
    step = rest_steps.pop(0)
    decider = _decider(step, sudden=True)
    keys["after_match"] = decider
    if decider == "match":
        keys["matches"] = 1  # matches until one is won: how many came before says nothing
    if decider == "sudden_death":
        tc, rest = _clock(step)
        if tc is not None:
            controls[SUDDEN_DEATH] = tc
            keys["sudden_death_time_control"] = SUDDEN_DEATH
        cap = re.search(r"\b(?:up to|at most|max(?:imum)?)\s+(\d+)(?:\s+games?)?", rest)
        keys["sudden_death_games"] = int(cap[1]) if cap else 0
        if re.search(r"colou?rs?\s+(?:by|drawn by)\s+lots?|\bdrawn\b", rest):
            keys["sudden_death_first_white"] = "lots"
        if re.search(r"\bin pairs\b|\bpairs\b", rest):
            keys["sudden_death_colours"] = "pairs"
        if cap:
            if not rest_steps:
                raise FormatError(
                    f"{step!r}: say what follows {cap[1]} drawn sudden-death games: then "
                    "armageddon or lots"
                )
            step = rest_steps.pop(0)
            after = _decider(step, sudden=False)
            keys["after_sudden_death"] = after
            decider = after
    if decider == "armageddon":
        tc, rest = _clock(step)
        if tc is not None:
            controls[armageddon_control] = tc
        chooses = re.search(r"higher[- ]ranked\s+chooses|chooses\s+colou?rs?", rest)
        keys["armageddon_colours"] = "higher_ranked_chooses" if chooses else "lots"
    if rest_steps and decider == "sudden_death":
        raise FormatError(
            f"{step!r} goes on until a game is won: give it its most games for "
            f"{rest_steps[0]!r} to follow ('sudden death up to 4, then {rest_steps[0]}')"
        )
    if rest_steps:
        raise FormatError(
            f"{rest_steps[0]!r}: nothing follows {step!r}, which always ends the play-off"
        )
    return FormatChange(keys, controls)


def _same_match(step: str, first: str, games: int) -> bool:
    """Whether ``step`` is the first match again (another match of as many games)."""
    if step in ("a second match", "another match", "a further match"):
        return True
    found = _MATCH.fullmatch(_clock(step)[1])
    if found is None:
        return False
    if int(found["n"]) != games or _clock(step)[0] != _clock(first)[0]:
        raise FormatError(
            f"{step!r}: every match has the first one's games and clock ({first!r}); other "
            "matches are beyond what a profile says"
        )
    return True


def _decider(step: str, *, sudden: bool) -> str:
    word = _clock(step)[1]
    if word.startswith("armageddon"):
        return "armageddon"
    if word in ("lots", "lot", "drawing of lots", "a drawing of lots", "by lot"):
        return "lots"
    if sudden and word.startswith("sudden death"):
        return "sudden_death"
    if sudden and word in ("matches", "more matches", "further matches", "matches until won"):
        return "match"
    if sudden and word.startswith("matches until"):
        return "match"
    allowed = "armageddon, sudden death, lots or matches" if sudden else "armageddon or lots"
    raise FormatError(f"{step!r}: not a step of a play-off here; use {allowed}")


def _clock_text(tc: TimeControl) -> str:
    """A one-period clock as a phrase writes it: 3+2, 2:30/3+2, 10/7+1 from move 41."""

    def minutes(seconds: int) -> str:
        return f"{seconds // 60}:{seconds % 60:02d}" if seconds % 60 else str(seconds // 60)

    text = minutes(tc.white_seconds)
    if tc.black_seconds != tc.white_seconds:
        text += f"/{minutes(tc.black_seconds)}"
    text += f"+{tc.increment_seconds}"
    if tc.increment_from_move > 1:
        text += f" from move {tc.increment_from_move}"
    return text


def format_phrase(profile: Profile) -> str:
    """The profile's play-off of two players as a phrase :func:`parse_format` reads back to
    the same rules and clocks (a clock of several periods is left out: the phrase keeps it).

    >>> from normtui.assets import default_profile
    >>> format_phrase(default_profile())
    '2 blitz 3+2, then armageddon 10/7+1 from move 41'
    """
    rules = profile.playoff
    if not rules.for_shared_first:
        return "none"
    controls = profile.time_controls

    def clock(name: str) -> str:
        tc = controls[name]
        return "" if tc.later else " " + _clock_text(tc)

    kind = {BLITZ: "blitz", RAPID: "rapid"}.get(rules.match_time_control, "games")
    match = f"{rules.match_games} {kind}{clock(rules.match_time_control)}"
    steps = [match] * rules.matches
    step = rules.after_match
    if step == "match":
        steps = [match, "matches"]
    elif step == "lots":
        steps.append("lots")
    elif step == "sudden_death":
        sudden = "sudden death"
        if rules.sudden_death_time_control != rules.match_time_control:
            sudden += clock(rules.sudden_death_time_control)
        if rules.sudden_death_games:
            sudden += f" up to {rules.sudden_death_games}"
        if rules.sudden_death_first_white == "lots":
            sudden += " colours by lot"
        if rules.sudden_death_colours == "pairs":
            sudden += " in pairs"
        steps.append(sudden)
        step = rules.after_sudden_death if rules.sudden_death_games else ""
        if step == "lots":
            steps.append("lots")
    if step == "armageddon":
        armageddon = "armageddon" + clock(rules.armageddon_time_control)
        if rules.armageddon_colours == "higher_ranked_chooses":
            armageddon += " higher-ranked chooses colours"
        steps.append(armageddon)
    return ", then ".join(steps)
