"""The store's values, read and written: a time as the store keeps it, a result column, a
number as JSON writes it, a player's surname in a sentence. The bottom of the store: the core
and the records both use them, and they use nothing of the store.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from normtui.rules.model import ArmageddonResult, MainResult

__all__ = ["board_result", "json_number", "main_result", "stored_time", "surname", "time_text"]


def stored_time(text: str) -> datetime:
    """A time as the store wrote it (:func:`time_text`), read back; text that is no time, or
    a time without its offset (a damaged file), is a ValueError: a console comparing it with
    the time now would fail later, and further from the cause."""
    at = datetime.fromisoformat(text)
    if at.tzinfo is None:
        raise ValueError(f"{text!r} is a time without its offset")
    return at


def time_text(at: datetime) -> str:
    """A time as the store writes it and the command line shows it: ISO 8601 to the second,
    with its offset.

    >>> from datetime import UTC
    >>> time_text(datetime(2022, 6, 1, 14, 5, 12, 345, tzinfo=UTC))
    '2022-06-01T14:05:12+00:00'
    """
    return at.isoformat(timespec="seconds")


def main_result(text: str | None) -> MainResult | None:
    """A main game's result column; a value that is no result (a damaged file) is a
    ValueError, never a silent "no result"."""
    return None if text is None else MainResult(text)


def board_result(text: str | None) -> ArmageddonResult | None:
    """An Armageddon (or play-off) result column, as :func:`main_result` reads a main one."""
    return None if text is None else ArmageddonResult(text)


def json_number(value: Decimal | None) -> int | float | None:
    """A value as JSON writes it: whole points as an integer, others as a float."""
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


def surname(name: str) -> str:
    """ "So, Wesley" -> "So": how an arbiter names a player in a sentence."""
    return name.split(",", 1)[0].strip()
