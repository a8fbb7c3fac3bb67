"""What every command shares: one-line errors with exit code 2, and JSON output."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from decimal import Decimal
from enum import Enum
from functools import wraps
from typing import Any, NoReturn, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


class UserError(Exception):
    """Bad input or usage: one line on stderr, exit code 2, nothing changed."""

    exit_code = 2


def fail(message: str, code: int = 2) -> NoReturn:
    click.echo(f"normtui: {message}", err=True)
    sys.exit(code)


def friendly(func: F) -> F:
    """Turn expected failures into one line on stderr instead of a traceback."""
    from normtui.rules.model import RuleError
    from normtui.rules.profile import ProfileError

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (UserError, RuleError, ProfileError) as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            fail("interrupted", 130)

    return wrapper  # type: ignore[return-value]


def _default(value: object) -> object:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, Enum):
        return value.value
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def to_json(data: object) -> str:
    return json.dumps(data, default=_default, ensure_ascii=False, indent=2)


def echo_json(data: object) -> None:
    click.echo(to_json(data))
