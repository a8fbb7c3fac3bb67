"""The plain values every rule works on: players, games, results and their states.

Results are written as an arbiter writes them on the pairing sheet:

>>> parse_result("½-½")
<MainResult.DRAW: '1/2-1/2'>
>>> parse_result("+/-").is_forfeit
True
>>> parse_armageddon_result("1/2-1/2").winner("black")
<Colour.BLACK: 'black'>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from normtui.rules.errors import RuleError

__all__ = [
    "FIDE_TITLES",
    "TITLE_CODES",
    "ArmageddonResult",
    "Colour",
    "Game",
    "GameState",
    "MainResult",
    "Player",
    "PlayerStatus",
    "Postponement",
    "ResultError",
    "RuleError",
    "parse_armageddon_result",
    "parse_result",
]


class ResultError(RuleError):
    """A result string that is not one of the results an arbiter can enter."""


class Colour(StrEnum):
    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class MainResult(StrEnum):
    """The result of a main (classical) game, forfeits included (FIDE notation)."""

    WHITE_WIN = "1-0"
    BLACK_WIN = "0-1"
    DRAW = "1/2-1/2"
    WHITE_FORFEIT_WIN = "+/-"
    BLACK_FORFEIT_WIN = "-/+"
    DOUBLE_FORFEIT = "-/-"

    @property
    def is_forfeit(self) -> bool:
        return self in (
            MainResult.WHITE_FORFEIT_WIN,
            MainResult.BLACK_FORFEIT_WIN,
            MainResult.DOUBLE_FORFEIT,
        )

    @property
    def is_draw(self) -> bool:
        return self is MainResult.DRAW

    @property
    def winner(self) -> Colour | None:
        if self in (MainResult.WHITE_WIN, MainResult.WHITE_FORFEIT_WIN):
            return Colour.WHITE
        if self in (MainResult.BLACK_WIN, MainResult.BLACK_FORFEIT_WIN):
            return Colour.BLACK
        return None


class ArmageddonResult(StrEnum):
    """The result of an Armageddon game; a draw is scored for the profile's draw winner. A
    player absent for it loses it by forfeit (``+/-``: Black was absent); both absent, both
    lose it (``-/-``)."""

    WHITE_WIN = "1-0"
    BLACK_WIN = "0-1"
    DRAW = "1/2-1/2"
    WHITE_FORFEIT_WIN = "+/-"
    BLACK_FORFEIT_WIN = "-/+"
    DOUBLE_FORFEIT = "-/-"

    @property
    def is_forfeit(self) -> bool:
        return self in (
            ArmageddonResult.WHITE_FORFEIT_WIN,
            ArmageddonResult.BLACK_FORFEIT_WIN,
            ArmageddonResult.DOUBLE_FORFEIT,
        )

    def winner(self, draw_winner: str = "black") -> Colour | None:
        """Who takes the Armageddon; ``None`` when both were absent."""
        if self in (ArmageddonResult.WHITE_WIN, ArmageddonResult.WHITE_FORFEIT_WIN):
            return Colour.WHITE
        if self in (ArmageddonResult.BLACK_WIN, ArmageddonResult.BLACK_FORFEIT_WIN):
            return Colour.BLACK
        if self is ArmageddonResult.DOUBLE_FORFEIT:
            return None
        return Colour(draw_winner)


class GameState(StrEnum):
    SCHEDULED = "scheduled"
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"
    POSTPONED = "postponed"
    FORFEIT = "forfeit"


class Postponement(StrEnum):
    """§9: where a game missed through illness may be played."""

    FREE_DAY = "free_day"
    MORNING = "morning"


class PlayerStatus(StrEnum):
    ACTIVE = "active"
    WITHDRAWN = "withdrawn"


_SPELLINGS: dict[str, MainResult] = {
    "1-0": MainResult.WHITE_WIN,
    "0-1": MainResult.BLACK_WIN,
    "1/2-1/2": MainResult.DRAW,
    "½-½": MainResult.DRAW,
    "=": MainResult.DRAW,
    "0.5-0.5": MainResult.DRAW,
    "+/-": MainResult.WHITE_FORFEIT_WIN,
    "+:-": MainResult.WHITE_FORFEIT_WIN,
    "+--": MainResult.WHITE_FORFEIT_WIN,
    "-/+": MainResult.BLACK_FORFEIT_WIN,
    "-:+": MainResult.BLACK_FORFEIT_WIN,
    "--+": MainResult.BLACK_FORFEIT_WIN,
    "-/-": MainResult.DOUBLE_FORFEIT,
    "-:-": MainResult.DOUBLE_FORFEIT,
    "---": MainResult.DOUBLE_FORFEIT,
}

ACCEPTED = "1-0, 0-1, 1/2-1/2 (or ½-½, =), +/-, -/+, -/-"


def _normalise(text: str) -> str:
    return "".join(text.split()).replace("–", "-").replace("—", "-")


def parse_result(text: str) -> MainResult:
    """Read a main-game result as typed by an arbiter; anything else is a :class:`ResultError`."""
    result = _SPELLINGS.get(_normalise(text))
    if result is None:
        raise ResultError(f"'{text}' is not a result; use one of {ACCEPTED}")
    return result


def parse_armageddon_result(text: str) -> ArmageddonResult:
    """Read an Armageddon result: a board result, or a forfeit when a player did not come to
    the Armageddon (``+/-``: White wins, Black absent).

    >>> parse_armageddon_result("-/+").winner()
    <Colour.BLACK: 'black'>
    """
    result = _SPELLINGS.get(_normalise(text))
    if result is None:
        raise ResultError(
            f"'{text}' is not an Armageddon result; use 1-0, 0-1 or 1/2-1/2 (a drawn "
            "Armageddon counts as Black's win), or +/-, -/+ or -/- for a player absent from "
            "it",
            "Regulations §2",
        )
    return ArmageddonResult(result.value)


@dataclass(frozen=True)
class Player:
    """A participant. ``number`` is the pairing number from the drawing of lots (§1)."""

    number: int
    name: str
    rating: int | None = None
    federation: str | None = None
    fide_id: str | None = None
    status: PlayerStatus = PlayerStatus.ACTIVE
    title: str | None = None  # one of FIDE_TITLES
    sex: str | None = None  # "m" or "w", as FIDE's rating report writes it
    # FIDE's development coefficient as recorded (B.02 8.3.3), and where it came from: "list",
    # "csv" or "arbiter"; None: by the rule (normtui.rules.rating.k_by_rule).
    k: int | None = None
    k_source: str | None = None
    birth_year: int | None = None


# The titles FIDE awards, in the order of its rating report's specification (TRF, 001).
FIDE_TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
# The titles by FIDE's one- and two-letter codes (its rating list's legend; Swiss-Manager's and
# FIDE's TRF readers know them too).
TITLE_CODES = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
}


@dataclass(frozen=True)
class Game:
    """One pairing of one round: the main game and, after a drawn main game, its Armageddon."""

    round: int
    board: int
    white: int
    black: int
    result: MainResult | None = None
    armageddon: ArmageddonResult | None = None
    state: GameState = GameState.SCHEDULED
    # Whether a drawn main game is followed by an Armageddon (the profile's
    # ``classical.armageddon_after_draw``); without one a draw is complete as it is.
    armageddon_after_draw: bool = True

    def colour_of(self, number: int) -> Colour:
        if number == self.white:
            return Colour.WHITE
        if number == self.black:
            return Colour.BLACK
        raise ValueError(f"player {number} does not play in round {self.round} board {self.board}")

    def opponent_of(self, number: int) -> int:
        return self.black if self.colour_of(number) is Colour.WHITE else self.white
