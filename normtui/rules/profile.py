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
import tomllib
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from normtui.rules.errors import ProfileError

__all__ = [
    "TIEBREAK_NAMES",
    "Profile",
    "ProfileError",
    "TimeControl",
    "load_profile",
]


TIEBREAK_NAMES = ("sonneborn_berger", "wins", "black_wins", "lots")
SB_BASES = ("event_points", "main_game")
REQUIRED_TIME_CONTROLS = ("classical", "armageddon", "playoff_blitz", "playoff_armageddon")


@dataclass(frozen=True)
class TimeControl:
    """A clock setting. ``increment_from_move`` 41 means the increment starts after move 40."""

    white_seconds: int
    black_seconds: int
    increment_seconds: int
    increment_from_move: int

    def describe(self) -> str:
        """The setting as an arbiter says it.

        >>> TimeControl(7200, 7200, 10, 41).describe()
        '120\\' + 10" from move 41'
        >>> TimeControl(180, 180, 2, 1).describe()
        '3\\' + 2"'
        """
        if self.increment_seconds == 0:
            inc = ""
        elif self.increment_from_move <= 1:
            inc = f' + {self.increment_seconds}"'
        else:
            inc = f' + {self.increment_seconds}" from move {self.increment_from_move}'
        if self.white_seconds == self.black_seconds:
            return f"{_clock(self.white_seconds)}{inc}"
        inc = inc.replace(" + ", ", +", 1)
        return f"White {_clock(self.white_seconds)}, Black {_clock(self.black_seconds)}{inc}"

    def pgn_tag(self) -> str:
        """The short TimeControl tag broadcasts write (base+increment), which cannot say that
        the increment starts at move 41; exports write the PGN standard's full form instead
        (``normtui.export.snapshot.pgn_time_control``: ``40/600:0+1``).

        >>> TimeControl(600, 420, 1, 41).pgn_tag()
        '600+1'
        """
        return f"{self.white_seconds}+{self.increment_seconds}"


def _clock(seconds: int) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"{minutes}'" if rest == 0 else f"{minutes}'{rest:02d}\""


@dataclass(frozen=True)
class EventRules:
    name: str
    players: int
    rounds: int
    cycles: int
    pairing_system: str
    has_blitz_opener: bool
    currency: str


@dataclass(frozen=True)
class ClassicalRules:
    draw_agreement_after_black_move: int
    scoresheet_stop_under_seconds: int
    armageddon_start_within_minutes: int
    armageddon_same_colours: bool
    armageddon_draw_winner: str


@dataclass(frozen=True)
class MainPoints:
    """§4: points per round of the main event."""

    win: Decimal
    loss: Decimal
    draw_armageddon_win: Decimal
    draw_armageddon_loss: Decimal
    forfeit_win: Decimal
    forfeit_loss: Decimal


@dataclass(frozen=True)
class BlitzPoints:
    win: Decimal
    draw: Decimal
    loss: Decimal


@dataclass(frozen=True)
class Tiebreaks:
    order: tuple[str, ...]
    sonneborn_berger_basis: str
    wins_include_armageddon: bool


@dataclass(frozen=True)
class PlayoffRules:
    match_games: int
    match_time_control: str
    armageddon_time_control: str
    armageddon_draw_winner: str
    armageddon_colours: str
    round_robin_cycles: int
    round_robin_time_control: str
    round_robin_tiebreaks: tuple[str, ...]


@dataclass(frozen=True)
class Prizes:
    fund: Decimal
    amounts: tuple[Decimal, ...]
    share_equal_points: bool
    first_prize_shared: bool


@dataclass(frozen=True)
class Duties:
    present_minutes_before_start: int
    late_fine: Decimal
    late_fine_currency: str


@dataclass(frozen=True)
class IllnessRules:
    withdrawal_counted_fraction: Decimal
    forfeit_rounds: tuple[int, ...]
    opponent_may_refuse_morning: bool
    opponent_may_refuse_free_day: bool


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
    source_text: str = field(default="", compare=False, repr=False)


def load_profile(text: str) -> Profile:
    """Parse and validate a profile from TOML text."""
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"profile is not valid TOML: {exc}") from None
    data = dict(data)
    controls = data.pop("time_controls", None)
    if not isinstance(controls, dict) or not controls:
        raise ProfileError("profile key 'time_controls': missing or not a table")
    time_controls = {
        name: _build(TimeControl, table, f"time_controls.{name}")
        for name, table in controls.items()
    }
    sections: dict[str, Any] = {"time_controls": types.MappingProxyType(time_controls)}
    for fld in dataclasses.fields(Profile):
        if fld.name in ("time_controls", "source_text"):
            continue
        if fld.name not in data:
            raise ProfileError(f"profile key '{fld.name}': missing table")
        sections[fld.name] = _build(_HINTS[fld.name], data.pop(fld.name), fld.name)
    if data:
        raise ProfileError(f"profile key '{sorted(data)[0]}': unknown table")
    profile = Profile(**sections, source_text=text)
    _check(profile)
    return profile


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
}


def _build(cls: type, table: object, path: str) -> Any:
    if not isinstance(table, dict):
        raise ProfileError(f"profile key '{path}': expected a table")
    hints = typing.get_type_hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(table) - names)
    if unknown:
        raise ProfileError(f"profile key '{path}.{unknown[0]}': unknown key")
    values = {}
    for name in names:
        if name not in table:
            raise ProfileError(f"profile key '{path}.{name}': missing")
        values[name] = _coerce(hints[name], table[name], f"{path}.{name}")
    return cls(**values)


def _coerce(hint: Any, value: object, path: str) -> object:
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
        if not isinstance(value, str) or not value:
            raise ProfileError(f"profile key '{path}': expected a non-empty string, got {value!r}")
        return value
    raise AssertionError(f"unsupported profile type {hint!r}")  # pragma: no cover


def _check(p: Profile) -> None:
    """The rule book's own arithmetic: what no single key can be wrong about alone."""

    def fail(key: str, why: str) -> typing.NoReturn:
        raise ProfileError(f"profile key '{key}': {why}")

    ev = p.event
    if ev.players < 3:
        fail("event.players", f"a round robin needs at least 3 players, got {ev.players}")
    if ev.cycles < 1:
        fail("event.cycles", "must be at least 1")
    per_cycle = ev.players - 1 if ev.players % 2 == 0 else ev.players
    if ev.rounds != per_cycle * ev.cycles:
        fail("event.rounds", f"{ev.players} players over {ev.cycles} cycle(s) play "
             f"{per_cycle * ev.cycles} rounds, not {ev.rounds}")
    if ev.pairing_system != "berger":
        fail("event.pairing_system", f"only 'berger' is supported, got {ev.pairing_system!r}")
    needed = REQUIRED_TIME_CONTROLS + (("blitz_opener",) if ev.has_blitz_opener else ())
    for name in needed:
        if name not in p.time_controls:
            fail(f"time_controls.{name}", "missing")
    for name, tc in p.time_controls.items():
        if tc.white_seconds == 0 or tc.black_seconds == 0:
            fail(f"time_controls.{name}", "a clock must start with more than 0 seconds")
        if tc.increment_from_move < 1:
            fail(f"time_controls.{name}.increment_from_move", "moves are numbered from 1")
    for key, winner in (("classical.armageddon_draw_winner", p.classical.armageddon_draw_winner),
                        ("playoff.armageddon_draw_winner", p.playoff.armageddon_draw_winner)):
        if winner not in ("white", "black"):
            fail(key, f"must be 'white' or 'black', got {winner!r}")
    pts = p.points
    if not pts.win > pts.draw_armageddon_win >= pts.draw_armageddon_loss >= pts.loss:
        fail("points", "must order win > Armageddon win >= Armageddon loss >= loss")
    if not p.blitz_points.win > p.blitz_points.draw > p.blitz_points.loss:
        fail("blitz_points", "must order win > draw > loss")
    for key, order in (("tiebreaks.order", p.tiebreaks.order),
                       ("playoff.round_robin_tiebreaks", p.playoff.round_robin_tiebreaks)):
        for name in order:
            if name not in TIEBREAK_NAMES:
                fail(key, f"unknown tie-break {name!r} (known: {', '.join(TIEBREAK_NAMES)})")
        if len(set(order)) != len(order):
            fail(key, "a tie-break is listed twice")
    if p.tiebreaks.sonneborn_berger_basis not in SB_BASES:
        fail("tiebreaks.sonneborn_berger_basis", f"must be one of {', '.join(SB_BASES)}")
    for key in ("match_time_control", "armageddon_time_control", "round_robin_time_control"):
        name = getattr(p.playoff, key)
        if name not in p.time_controls:
            fail(f"playoff.{key}", f"names no time control: {name!r}")
    if p.playoff.armageddon_colours not in ("lots", "higher_ranked_chooses"):
        fail("playoff.armageddon_colours", "must be 'lots' or 'higher_ranked_chooses'")
    if p.playoff.match_games < 1 or p.playoff.round_robin_cycles < 1:
        fail("playoff", "match_games and round_robin_cycles must be at least 1")
    prizes = p.prizes
    if sum(prizes.amounts, Decimal(0)) != prizes.fund:
        fail("prizes.amounts", f"add up to {sum(prizes.amounts, Decimal(0))}, "
             f"not to the fund {prizes.fund}")
    if len(prizes.amounts) > ev.players:
        fail("prizes.amounts", f"{len(prizes.amounts)} prizes for {ev.players} players")
    if list(prizes.amounts) != sorted(prizes.amounts, reverse=True):
        fail("prizes.amounts", "a lower place cannot win more than a higher one")
    if any(a != a.quantize(Decimal("0.01")) for a in prizes.amounts):
        fail("prizes.amounts", "amounts are whole to the hundredth (øre, cents)")
    if not Decimal(0) < p.illness.withdrawal_counted_fraction <= Decimal(1):
        fail("illness.withdrawal_counted_fraction", "must be above 0 and at most 1")
    if p.classical.draw_agreement_after_black_move < 0:
        fail("classical.draw_agreement_after_black_move", "must not be negative")
