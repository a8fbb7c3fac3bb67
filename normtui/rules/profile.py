"""The regulations profile: every number of the rule book, loaded from TOML into frozen dataclasses.

A profile is data, so next year's rules are a new file rather than a code change. Loading is
strict: an unknown key, a missing key, a wrong type or a number that breaks the rule book's own
arithmetic (prizes that do not add up to the fund) is one :class:`ProfileError` naming the key.

Reading the file is the caller's business (``normtui.assets``): the rules do no I/O.

>>> TimeControl(600, 420, 1, 41).describe()
'White 10\\', Black 7\\', +1" from move 41'
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from normtui.rules.errors import ProfileError
from normtui.rules.profile_check import check_profile
from normtui.rules.time_control import Period, TimeControl

# The limits and names a profile is checked against are profile_check.py's.
__all__ = ["Articles", "Period", "Profile", "ProfileError", "TimeControl", "load_profile"]


@dataclass(frozen=True)
class EventRules:
    """§1: the event's size, its pairing system and its currency."""

    name: str
    players: int
    rounds: int
    cycles: int
    pairing_system: str
    has_blitz_opener: bool
    currency: str
    # The order of a later cycle's rounds (normtui.rules.berger.SECOND_CYCLE_ORDERS).
    second_cycle: str = "fide"
    # Regulations for any field (FIDE's round robin), not one event's: ``players`` and
    # ``rounds`` are an example, which `normtui new` replaces by the field's, so the profile
    # is described by its format, not by them.
    any_field: bool = False


@dataclass(frozen=True)
class ClassicalRules:
    """§2: the main games: draw offers, scoresheets, and the Armageddon that follows a draw."""

    draw_agreement_after_black_move: int
    scoresheet_stop_under_seconds: int
    armageddon_start_within_minutes: int
    armageddon_same_colours: bool
    armageddon_draw_winner: str
    # 2022: "until after black's move 30"; 2024: "until at least 30 moves have been made by
    # each player". Either way Black has made the move; the wording is what the arbiter reads.
    draw_agreement_rule: str = "after_black_move"
    # Whether the draw rule binds the Armageddon too (2024 says it does not; 2022's is in §2,
    # the main games' article).
    draw_agreement_in_armageddon: bool = False
    # Whether a drawn main game is followed by an Armageddon (§2). A 1 / ½ / 0 round robin
    # (FIDE's) has none: a draw is complete, and scores ``points.draw_armageddon_loss`` each.
    armageddon_after_draw: bool = True


@dataclass(frozen=True)
class MainPoints:
    """§4: points per round of the main event."""

    win: Decimal
    loss: Decimal
    draw_armageddon_win: Decimal
    draw_armageddon_loss: Decimal
    forfeit_win: Decimal
    forfeit_loss: Decimal
    # An Armageddon lost by a player absent for it: no rule book names it, so by default it
    # scores as an Armageddon lost (the main game's draw stands). ``None``: that default.
    armageddon_forfeit_win: Decimal | None = None
    armageddon_forfeit_loss: Decimal | None = None

    @property
    def armageddon_forfeit(self) -> tuple[Decimal, Decimal]:
        """(present player, absent player) for a forfeited Armageddon."""
        win = (
            self.draw_armageddon_win
            if self.armageddon_forfeit_win is None
            else self.armageddon_forfeit_win
        )
        loss = (
            self.draw_armageddon_loss
            if self.armageddon_forfeit_loss is None
            else self.armageddon_forfeit_loss
        )
        return win, loss


@dataclass(frozen=True)
class BlitzPoints:
    """Points of a blitz game (the opener and the play-off)."""

    win: Decimal
    draw: Decimal
    loss: Decimal


@dataclass(frozen=True)
class Tiebreaks:
    """§6: the tie-breaks in order, and what Sonneborn-Berger and wins count."""

    order: tuple[str, ...]
    sonneborn_berger_basis: str
    wins_include_armageddon: bool


@dataclass(frozen=True)
class PlayoffRules:
    """§5: the play-off for a shared first place."""

    match_games: int
    match_time_control: str
    armageddon_time_control: str
    armageddon_draw_winner: str
    armageddon_colours: str
    round_robin_cycles: int
    round_robin_time_control: str
    round_robin_tiebreaks: tuple[str, ...]
    # Matches of ``match_games`` before the Armageddon: 2024 plays "a further match" first.
    matches: int = 1
    round_robin_second_cycle: str = "fide"
    # What the round robin's tie-breaks are computed from: its own games, or (2024) the
    # classical games of the main event.
    round_robin_tiebreak_basis: str = "playoff_games"
    # Whether a first place shared on points is played off (§5); without, the tie-breaks
    # decide it (a FIDE round robin, C.07).
    for_shared_first: bool = True
    # What decides two players' last match when it is tied (PLAYOFF_AFTER_MATCH): one
    # Armageddon (2019-2025), sudden-death games until one is won (Tata Steel), further
    # matches until one is won, or a drawing of lots.
    after_match: str = "armageddon"
    # Sudden death: its clock, the most games played (0: until one is won) before
    # ``after_sudden_death`` decides, the colours of its first game (the previous game's
    # reversed, or drawn) and how they go on (alternating, or changing every two games:
    # Tata Steel's "the other player will play white in the next two").
    sudden_death_time_control: str = "playoff_blitz"
    sudden_death_games: int = 0
    after_sudden_death: str = "armageddon"
    sudden_death_first_white: str = "alternate"
    sudden_death_colours: str = "alternate"

    @property
    def plays_armageddon(self) -> bool:
        """Whether the play-off of two can come to an Armageddon: after its match, or after
        its sudden death's last game (an event without one says nothing of it)."""
        if not self.for_shared_first:
            return False
        if self.after_match == "armageddon":
            return True
        return (
            self.after_match == "sudden_death"
            and self.sudden_death_games > 0
            and self.after_sudden_death == "armageddon"
        )


@dataclass(frozen=True)
class Prizes:
    """§5: the prize fund and its prizes, and how equal points share them."""

    fund: Decimal
    amounts: tuple[Decimal, ...]
    share_equal_points: bool
    first_prize_shared: bool

    @property
    def awarded(self) -> bool:
        """Whether the event pays prizes at all: most round robins have no prize table (a
        national championship, a norm event), and then nothing shows a prize."""
        return any(self.amounts)


@dataclass(frozen=True)
class Duties:
    """§7: the player's duty to be present, and its fine."""

    present_minutes_before_start: int
    late_fine: Decimal
    late_fine_currency: str


@dataclass(frozen=True)
class IllnessRules:
    """§9: illness, postponement and withdrawal."""

    withdrawal_counted_fraction: Decimal
    forfeit_rounds: tuple[int, ...]
    opponent_may_refuse_morning: bool
    opponent_may_refuse_free_day: bool


@dataclass(frozen=True)
class Articles:
    """Which article of the event's regulations covers what: every text that names a rule
    cites it from here, so a Norway profile says "§6" and a FIDE round robin "FIDE C.07". A
    blank entry cites nothing (the event's own regulations, unnumbered, or a rule the event
    does not have). The defaults are the 2022 rule book's numbers, which every Norway edition
    follows (an event file written before this table keeps them)."""

    format: str = "§1"  # the field, the pairing system, the drawing of lots
    main_games: str = "§2"  # the main games: time control, draw offers
    armageddon: str = "§3"  # the Armageddon after a drawn game
    points: str = "§4"
    prizes: str = "§5"
    playoff: str = "§5"  # a shared first place played off
    lots: str = "§5 D"  # a play-off's last resort
    tiebreaks: str = "§6"
    duties: str = "§7"  # presence at the start, electronic devices
    scoresheets: str = "§8"  # signatures, a result provisional until signed
    illness: str = "§9"  # illness, postponement
    withdrawal: str = "§9 a"  # a withdrawn player counted or not

    def cite(self, topic: str) -> str:
        """`` (§6)``, `` (FIDE C.07)``, or nothing: the article as a parenthesis after a
        sentence."""
        label: str = getattr(self, topic)
        return f" ({label})" if label else ""

    def reword(self, text: str) -> str:
        """``text`` with each citation in the 2022 rule book's numbering ("(§9 a)",
        "Regulations §5", "..., §2)") made this profile's: the console's fixed words (a key's
        tooltip, a refusal, a legend) cite the event's own articles, or none where it has
        none. A Norway profile's text is left as it is.

        >>> FIDE_ARTICLES.reword("Provisional (§8); a fine (§7, its amount); Regulations §6")
        'Provisional (FIDE Laws 8.7); a fine (its amount, FIDE Laws 6.7); FIDE C.07'
        >>> FIDE_ARTICLES.reword("Illness (§9): Berg (drawn by lot, §5 D)")
        'Illness: Berg (drawn by lot)'
        """
        if self == Articles():
            return text

        def label(m: re.Match[str]) -> str:
            key = f"§{m['number']}{m['letter'] or ''}"
            topic = _RULE_BOOK_TOPICS.get(key) or _RULE_BOOK_TOPICS[key[:2]]
            return str(getattr(self, topic))

        def regulations(m: re.Match[str]) -> str:
            found = label(m)
            if not found:
                return "Regulations"  # the event's own, unnumbered
            return f"Regulations {found}" if found.startswith("§") else found

        def parenthesis(m: re.Match[str]) -> str:
            found = label(m)
            return f" ({found})" if found else ""

        def first(m: re.Match[str]) -> str:  # "(§7, its amount)": the article moves last
            found = label(m)
            return f"({m['rest']}, {found})" if found else f"({m['rest']})"

        def after_comma(m: re.Match[str]) -> str:
            found = label(m)
            return f", {found}" if found else ""

        text = _REGULATIONS.sub(regulations, text)
        text = _PARENTHESIS.sub(parenthesis, text)
        text = _FIRST.sub(first, text)
        return _AFTER_COMMA.sub(after_comma, text)

    def full(self, topic: str) -> str:
        """The article as a refusal names it: "Regulations §5", "FIDE C.07", or "" (the
        event's own regulations, unnumbered: "Regulations")."""
        label: str = getattr(self, topic)
        if not label:
            return "Regulations"
        return f"Regulations {label}" if label.startswith("§") else label


# The 2022 rule book's numbers (Articles' defaults) and what each covers: what reword maps.
_RULE_BOOK_TOPICS = {
    "§1": "format",
    "§2": "main_games",
    "§3": "armageddon",
    "§4": "points",
    "§5": "playoff",
    "§5 D": "lots",
    "§6": "tiebreaks",
    "§7": "duties",
    "§8": "scoresheets",
    "§9": "illness",
    "§9 a": "withdrawal",
}
# The 2022 numbers as the console's fixed words cite them, each made the profile's by reword.
_NUMBER = r"§(?P<number>[1-9])(?P<letter> [a-dD])?"
_REGULATIONS = re.compile(rf"Regulations {_NUMBER}")
_PARENTHESIS = re.compile(rf" \({_NUMBER}\)")
_FIRST = re.compile(rf"\({_NUMBER}, (?P<rest>[^)]*)\)")
_AFTER_COMMA = re.compile(rf", {_NUMBER}(?=\))")

# The articles of a 1 / ½ / 0 round robin under FIDE's rules (fide-round-robin's [articles]).
FIDE_ARTICLES = Articles(
    format="FIDE C.05",
    main_games="FIDE Laws",
    armageddon="",
    points="FIDE Laws 10.1",
    prizes="",
    playoff="",
    lots="",
    tiebreaks="FIDE C.07",
    duties="FIDE Laws 6.7",
    scoresheets="FIDE Laws 8.7",
    illness="",
    withdrawal="",
)


@dataclass(frozen=True)
class Sources:
    """Where the rules came from. ``not_found`` lists the keys (or tables) whose rule was not
    found for this edition, so that the 2022 rule book's value stands in; ``normtui clocks``
    and the console's help say so."""

    not_found: tuple[str, ...] = ()


@dataclass(frozen=True)
class Profile:
    """The whole rule book as data. ``source_text`` keeps the TOML so a database carries it."""

    event: EventRules
    time_controls: Mapping[str, TimeControl]
    classical: ClassicalRules
    points: MainPoints
    blitz_points: BlitzPoints
    tiebreaks: Tiebreaks
    playoff: PlayoffRules
    prizes: Prizes
    duties: Duties
    illness: IllnessRules
    sources: Sources = field(default_factory=Sources)
    articles: Articles = field(default_factory=Articles)
    source_text: str = field(default="", compare=False, repr=False)

    def unplayed_armageddons(self) -> list[str]:
        """The Armageddon controls no game of the event is played at, in an event without
        an Armageddon after a draw: the profile format keeps them, nothing shows them."""
        if self.classical.armageddon_after_draw:
            return []
        po = self.playoff
        out = ["armageddon"]
        others = (po.match_time_control, po.round_robin_time_control, po.sudden_death_time_control)
        if not po.plays_armageddon and po.armageddon_time_control not in others:
            out.append(po.armageddon_time_control)
        return out

    def not_found(self, key: str) -> bool:
        """Whether ``key`` (or the table holding it) was not found for this edition."""
        return any(key == k or key.startswith(k + ".") for k in self.sources.not_found)


def load_profile(text: str) -> Profile:
    """Parse and validate a profile from TOML text."""
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"profile is not valid TOML: {exc}") from None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise ProfileError(
            "profile refused: its arrays or tables are nested too deeply to read"
        ) from None
    data = dict(data)
    controls = data.pop("time_controls", None)
    if not isinstance(controls, dict) or not controls:
        raise ProfileError("profile key 'time_controls': missing or not a table")
    time_controls = {
        name: _time_control(table, f"time_controls.{name}") for name, table in controls.items()
    }
    sections: dict[str, Any] = {"time_controls": types.MappingProxyType(time_controls)}
    for fld in dataclasses.fields(Profile):
        if fld.name in ("time_controls", "source_text"):
            continue
        if fld.name not in data:
            if fld.name in _OPTIONAL_TABLES:
                continue
            raise ProfileError(f"profile key '{fld.name}': missing table")
        sections[fld.name] = _build(_HINTS[fld.name], data.pop(fld.name), fld.name)
    if data:
        raise ProfileError(f"profile key '{sorted(data)[0]}': unknown table")
    if "articles" not in sections and not sections["classical"].armageddon_after_draw:
        # A 1 / ½ / 0 event written before profiles said their articles (an event file of
        # fide-round-robin): FIDE's articles, not the Norway rule book's numbers.
        sections["articles"] = FIDE_ARTICLES
    profile = Profile(**sections, source_text=text)
    check_profile(profile)
    return profile


# A control's first period is the four keys every profile writes; ``moves`` (how many moves it
# covers) and ``then`` (the periods after it) make it one of several.
_LATER_KEYS = (
    "moves",
    "seconds",
    "white_seconds",
    "black_seconds",
    "increment_seconds",
    "increment_from_move",
)


def _time_control(table: object, path: str) -> TimeControl:
    """``[time_controls.X]``: one period (the four keys), or several::

        white_seconds = 5400      # 90' for the first 40 moves
        black_seconds = 5400
        moves = 40
        increment_seconds = 30    # +30" a move from move 1, in every period
        increment_from_move = 1
        then = [{ seconds = 1800 }]

    A later period gives ``seconds`` (or ``white_seconds`` and ``black_seconds``) and, but for
    the last, ``moves``; its increment is the control's unless it gives its own, and runs from
    the period's first move at the earliest."""
    if not isinstance(table, dict):
        raise ProfileError(f"profile key '{path}': expected a table")
    table = dict(table)
    then = table.pop("then", None)
    moves = table.pop("moves", 0)
    first: _FirstPeriod = _build(_FirstPeriod, table, path)
    moves = _whole(moves, f"{path}.moves")
    if then is None:
        return first.control(moves, ())
    if not isinstance(then, list) or not then:
        raise ProfileError(f"profile key '{path}.then': expected a list of periods")
    later = []
    start = 1 + moves
    for i, item in enumerate(then):
        key = f"{path}.then[{i}]"
        if not isinstance(item, dict):
            raise ProfileError(f"profile key '{key}': expected a table (a period)")
        unknown = sorted(set(item) - set(_LATER_KEYS))
        if unknown:
            raise ProfileError(f"profile key '{key}.{unknown[0]}': unknown key")
        values = {k: _whole(v, f"{key}.{k}") for k, v in item.items()}
        both = values.get("seconds")
        if both is not None and ("white_seconds" in values or "black_seconds" in values):
            raise ProfileError(
                f"profile key '{key}.seconds': give seconds, or white_seconds and "
                "black_seconds, not both"
            )
        if both is None and not ("white_seconds" in values and "black_seconds" in values):
            raise ProfileError(f"profile key '{key}.seconds': missing (the time it adds)")
        white = both if both is not None else values["white_seconds"]
        black = both if both is not None else values["black_seconds"]
        increment = values.get("increment_seconds", first.increment_seconds)
        from_move = max(start, values.get("increment_from_move", first.increment_from_move))
        period = Period(values.get("moves", 0), white, black, increment, from_move)
        later.append(period)
        start += period.moves
    return first.control(moves, tuple(later))


def _whole(value: object, path: str) -> int:
    number = _coerce(int, value, path)
    assert isinstance(number, int)
    return number


@dataclass(frozen=True)
class _FirstPeriod:
    white_seconds: int
    black_seconds: int
    increment_seconds: int
    increment_from_move: int

    def control(self, moves: int, later: tuple[Period, ...]) -> TimeControl:
        return TimeControl(
            self.white_seconds,
            self.black_seconds,
            self.increment_seconds,
            self.increment_from_move,
            moves=moves,
            later=later,
        )


_HINTS: dict[str, type] = {
    "event": EventRules,
    "classical": ClassicalRules,
    "points": MainPoints,
    "blitz_points": BlitzPoints,
    "tiebreaks": Tiebreaks,
    "playoff": PlayoffRules,
    "prizes": Prizes,
    "duties": Duties,
    "illness": IllnessRules,
    "sources": Sources,
    "articles": Articles,
}
_OPTIONAL_TABLES = frozenset({"sources", "articles"})


# The annotations of the profile's classes, which are strings (``from __future__ import
# annotations``): resolving them with typing.get_type_hints compiles each one, half of what
# loading a profile costs, and every command loads one.
_ANNOTATIONS: dict[str, object] = {
    "int": int,
    "str": str,
    "bool": bool,
    "Decimal": Decimal,
    "Decimal | None": Decimal | None,
    "tuple[int, ...]": tuple[int, ...],
    "tuple[str, ...]": tuple[str, ...],
    "tuple[Decimal, ...]": tuple[Decimal, ...],
}


def _hints(cls: type) -> dict[str, Any]:
    fields = dataclasses.fields(cls)
    if all(isinstance(f.type, str) and f.type in _ANNOTATIONS for f in fields):
        return {f.name: _ANNOTATIONS[f.type] for f in fields}  # type: ignore[index]
    return typing.get_type_hints(cls)


def _build(cls: type, table: object, path: str) -> Any:
    if not isinstance(table, dict):
        raise ProfileError(f"profile key '{path}': expected a table")
    hints = _hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(table) - names)
    if unknown:
        raise ProfileError(f"profile key '{path}.{unknown[0]}': unknown key")
    optional = {
        f.name
        for f in dataclasses.fields(cls)
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
    }
    values = {}
    for name in names:
        if name not in table:
            if name in optional:
                continue  # a key newer than the file: its default is the old behaviour
            raise ProfileError(f"profile key '{path}.{name}': missing")
        values[name] = _coerce(hints[name], table[name], f"{path}.{name}")
    return cls(**values)


def _coerce(hint: Any, value: object, path: str) -> object:
    args = typing.get_args(hint)
    if isinstance(hint, types.UnionType) and type(None) in args:
        # TOML has no null: an optional key is either absent (the default) or a value.
        return _coerce(next(a for a in args if a is not type(None)), value, path)
    if typing.get_origin(hint) is tuple:
        item_hint = typing.get_args(hint)[0]
        if not isinstance(value, list):
            raise ProfileError(f"profile key '{path}': expected a list")
        return tuple(_coerce(item_hint, v, f"{path}[{i}]") for i, v in enumerate(value))
    if hint is bool:
        if not isinstance(value, bool):
            raise ProfileError(f"profile key '{path}': expected true or false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ProfileError(f"profile key '{path}': expected a whole number, got {value!r}")
        if value < 0:
            raise ProfileError(f"profile key '{path}': must not be negative, got {value}")
        return value
    if hint is Decimal:
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise ProfileError(f"profile key '{path}': expected a number, got {value!r}")
        number = Decimal(value)
        if number < 0:
            raise ProfileError(f"profile key '{path}': must not be negative, got {value}")
        return number
    if hint is str:
        # An article may be blank: it then cites nothing.
        blank_ok = path.startswith("articles.") and value == ""
        if not isinstance(value, str) or not (value or blank_ok):
            raise ProfileError(f"profile key '{path}': expected a non-empty string, got {value!r}")
        return value
    raise AssertionError(f"unsupported profile type {hint!r}")  # pragma: no cover
