"""Small helpers of the records, in a module of their own so that a command can use them
without defining every record class: a player's surname, a number as JSON writes
it, the enums by their stored values."""

from __future__ import annotations

from decimal import Decimal

from normtui.rules.model import ArmageddonResult, GameState, MainResult

__all__ = ["BOARD_RESULTS", "MAIN_RESULTS", "STATES", "json_number", "surname"]


def surname(name: str) -> str:
    """ "So, Wesley" -> "So": how an arbiter names a player in a sentence."""
    return name.split(",", 1)[0].strip()


def json_number(value: Decimal | None) -> int | float | None:
    """A value as JSON writes it: whole points as an integer, others as a float."""
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


# Enum lookups by value through a dict: calling the Enum class costs more, per game per read.
# A value that is none of them (a damaged file) is a KeyError, never a silent "no result".
MAIN_RESULTS: dict[str | None, MainResult | None] = {None: None, **{m.value: m for m in MainResult}}
BOARD_RESULTS: dict[str | None, ArmageddonResult | None] = {
    None: None,
    **{m.value: m for m in ArmageddonResult},
}
STATES: dict[str, GameState] = {s.value: s for s in GameState}
