"""What every command shares: one-line errors with exit code 2, and JSON output.

Exit codes (the README's): 0 done; 1 a check found problems, or the output was cut short (the
reader of a pipe went away); 2 bad input or usage, one line on stderr, the event file as it
was; 3 the event was changed, but what the command had to say about it could not be written
(stdout closed or on a full disk): ``normtui log`` shows the change. 130 interrupted.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal
from enum import Enum
from functools import wraps
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from normtui.rules.errors import NormtuiError
from normtui.store import COMMITS
from normtui.text import json_visible, visible

F = TypeVar("F", bound=Callable[..., Any])


class UserError(NormtuiError):
    """Bad input or usage: one line on stderr, exit code 2, nothing changed."""


# The event was changed, but the command's report could not be written.
CHANGED_BUT_UNREPORTED = 3

# What writing to stdout fails with when the pipe is gone, the disk under a redirection is
# full, the terminal went away, or stdout was closed (``>&-``).
_OUTPUT_ERRNOS = frozenset(
    {errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF}
)


def fail(message: str, code: int = 2) -> NoReturn:
    # One line, and nothing in it that a terminal would obey (a name quoted from a damaged
    # file or from the command line may hold escape sequences).
    click.echo(f"normtui: {visible(' '.join(message.split()))}", err=True)
    sys.exit(code)


def _output_lost(exc: OSError, changed: bool) -> NoReturn:
    """stdout cannot be written: say so (unless the reader just went away before a change),
    send the rest of the output nowhere, and exit 3 if the event was changed, else 1."""
    # Nothing more for stdout, not even at exit (Python would complain about it there).
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    why = "it is closed" if exc.errno == errno.EBADF else exc.strerror or str(exc)
    if changed:
        fail(
            f"the change was made (`normtui log` shows it), but its report could not be "
            f"written to stdout: {why}",
            CHANGED_BUT_UNREPORTED,
        )
    if not isinstance(exc, BrokenPipeError):
        fail(f"stdout cannot be written: {why}", 1)
    sys.exit(1)


def lost_output(exc: OSError) -> None:
    """If ``exc`` is stdout failing, say so and exit 1 (nothing was changed)."""
    if _is_output_error(exc):
        _output_lost(exc, changed=False)


@contextmanager
def output_guard(changed: bool) -> Iterator[None]:
    """Around output written after the command's own work (``--json``'s object): stdout that
    cannot be written is one line and exit 3 if the event was ``changed``, else 1."""
    try:
        yield
        sys.stdout.flush()
    except OSError as exc:
        if _is_output_error(exc):
            _output_lost(exc, changed)
        raise


def _is_output_error(exc: BaseException) -> bool:
    # A file normtui writes (an export) fails with its name; stdout and stderr without one.
    return isinstance(exc, OSError) and exc.filename is None and exc.errno in _OUTPUT_ERRNOS


def _os_failure(exc: OSError) -> str:
    name = exc.filename or "file"
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"{name}: the disk is full (nothing was written to it); free some space"
    return f"{name}: {exc.strerror or exc}"


def _damage(db: object) -> str | None:
    """After an unexpected failure on an event file: if SQLite finds the file damaged (a
    value the schema forbids, a broken page), that is the line to show, not a traceback."""
    if not isinstance(db, Path) or "normtui.store.core" not in sys.modules:
        return None
    if not db.is_file():  # SQLite would create it (`new`'s target, a mistyped name)
        return None
    from normtui.store.check import damage

    return damage(db)


def friendly(func: F) -> F:
    """Turn expected failures into one line on stderr instead of a traceback: the rules' and
    the store's refusals, SQLite and OS errors, a damaged event file. Exit 2, or 3 when the
    event was changed but stdout could not be written, or 130 when interrupted."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        before = COMMITS.count
        try:
            try:
                result = func(*args, **kwargs)
            finally:
                # What click.echo left in a buffer fails here, not after we have exited.
                sys.stdout.flush()
            return result
        except KeyboardInterrupt:
            fail("interrupted", 130)
        except OSError as exc:
            if _is_output_error(exc):
                _output_lost(exc, COMMITS.count > before)
            fail(_os_failure(exc))
        except sqlite3.Error as exc:
            from normtui.store.errors import sqlite_failure

            db = kwargs.get("db")
            fail(str(sqlite_failure(exc, db if isinstance(db, Path) else Path("event file"))))
        except Exception as exc:
            if isinstance(exc, NormtuiError):
                fail(str(exc))
            damaged = _damage(kwargs.get("db"))
            if damaged is not None:
                fail(damaged)
            raise

    return wrapper  # type: ignore[return-value]


def _default(value: object) -> object:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, Enum):
        return value.value
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def to_json(data: object, indent: int | None = 2) -> str:
    """``data`` as JSON, letters as they are, but every character a terminal would obey (see
    :func:`normtui.text.visible`) as a ``\\u`` escape, which JSON's own rules leave raw for
    C1 controls, DEL and the bidirectional overrides."""
    text = json.dumps(data, default=_default, ensure_ascii=False, indent=indent)
    return json_visible(text)


def echo_json(data: object) -> None:
    echo(to_json(data), lines=True)


def echo(message: object = "", *, err: bool = False, nl: bool = True, lines: bool = False) -> None:
    """Everything a command writes to stdout or stderr: one line, in which every control or
    format character (a line break included) is shown as an escape
    (:func:`normtui.text.visible`), so that a name from a feed or a damaged event can neither
    set the terminal's title, its clipboard or blink nor start a fake line; ``lines`` for a
    block this program joined (a JSON object, an export), whose texts were made safe in it."""
    click.echo(visible(str(message), lines=lines), err=err, nl=nl)
