"""What every command shares: one-line errors with exit code 2, and JSON output."""

from __future__ import annotations

import json
import os
import sqlite3
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


def _expected() -> tuple[type[Exception], ...]:
    from normtui.rules.model import RuleError
    from normtui.rules.profile import ProfileError

    kinds: list[type[Exception]] = [UserError, RuleError, ProfileError]
    # Commands that never open a database should not pay for importing the store (and
    # sqlite-utils) just to name its error class: if it is not loaded, it raised nothing.
    store_errors = sys.modules.get("normtui.store.errors")
    if store_errors is not None:
        kinds.append(store_errors.StoreError)
    return tuple(kinds)


def friendly(func: F) -> F:
    """Turn expected failures into one line on stderr instead of a traceback: the rules' and
    the store's refusals, SQLite and OS errors. Exit 2, or 130 when interrupted."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except KeyboardInterrupt:
            fail("interrupted", 130)
        except BrokenPipeError:
            # The reader went away (`| head`): not an error of ours to report.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(1)
        except sqlite3.Error as exc:
            fail(f"database error: {exc}")
        except Exception as exc:
            if isinstance(exc, _expected()):
                fail(str(exc))
            if isinstance(exc, OSError):
                fail(f"{exc.filename or 'file'}: {exc.strerror or exc}")
            raise

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
