"""What the event commands share: opening the store, one-line errors, reporting a change.

A command that changes the event is decorated with :func:`reports`: it gains ``--json`` and
``--as NAME`` (:func:`actor_option`), and what it says through :func:`report`, :func:`say` and
:func:`data` comes out either as lines or, with ``--json``, as one object: ``{"changed": bool,
"entries": [audit entries], "notes": [lines], ...data}``. A changing command with a JSON shape
of its own takes :func:`actor_option` alone. Not a command module itself (it has no
``register``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click

from normtui.commands.common import UserError, echo, echo_json, output_guard
from normtui.store import EventStore
from normtui.text import is_number

if TYPE_CHECKING:
    from normtui.store.audit import AuditEntry  # loaded by the first write or log

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

db_argument = click.argument("db", type=click.Path(dir_okay=False, path_type=Path))
json_option = click.option("--json", "as_json", is_flag=True, help="Write JSON to stdout.")


# Who the running command writes as (its --as NAME); None: $NORMTUI_ACTOR, else the login.
_ACTOR: ContextVar[str | None] = ContextVar("normtui_actor", default=None)


def actor() -> str | None:
    """The running command's ``--as NAME``, if it was given one."""
    return _ACTOR.get()


def actor_option(func: F) -> F:
    """``--as NAME`` on a command that changes the event: the name its audit entries carry."""

    @click.option(
        "--as",
        "as_actor",
        metavar="NAME",
        help="Who makes the change, as the audit log shows it (default: "
        "$NORMTUI_ACTOR, else the login name).",
    )
    @functools.wraps(func)
    def command(*args: Any, as_actor: str | None, **kwargs: Any) -> Any:
        token = _ACTOR.set(as_actor)
        try:
            return func(*args, **kwargs)
        finally:
            _ACTOR.reset(token)

    return cast(F, command)


@contextmanager
def opened(db: Path) -> Iterator[EventStore]:
    store = EventStore.open(db, actor=_ACTOR.get())
    try:
        yield store
    finally:
        store.close()


# The JSON object of the running command, when it was given --json.
_OUTPUT: ContextVar[dict[str, Any] | None] = ContextVar("normtui_json_output", default=None)


def reports(func: F) -> F:
    """Give a command that changes the event ``--json`` and ``--as`` (see the module's doc)."""

    @json_option
    @actor_option
    @functools.wraps(func)
    def command(*args: Any, as_json: bool, **kwargs: Any) -> Any:
        if not as_json:
            return func(*args, **kwargs)
        output: dict[str, Any] = {"changed": False, "entries": [], "notes": []}
        token = _OUTPUT.set(output)
        try:
            result = func(*args, **kwargs)
        except SystemExit:
            # Refused after something was already written: say what was (the error itself
            # is on stderr), so that a script is not told nothing changed.
            if output["changed"]:
                with output_guard(changed=True):
                    echo_json(output)
            raise
        finally:
            _OUTPUT.reset(token)
        with output_guard(output["changed"]):
            echo_json(output)
        return result

    return cast(F, command)


def report(entry: AuditEntry | None, unchanged: str = "nothing to change") -> None:
    """What a mutation did (the audit summary), or that it changed nothing."""
    output = _OUTPUT.get()
    if output is not None:
        if entry is None:
            output["notes"].append(f"unchanged: {unchanged}")
        else:
            output["changed"] = True
            output["entries"].append(entry.to_json())
        return
    if entry is None:
        echo(f"unchanged: {unchanged}")
    else:
        echo(f"#{entry.id} {entry.summary}")


def say(line: str) -> None:
    """A line for the arbiter beside the report (a note in the JSON)."""
    output = _OUTPUT.get()
    if output is None:
        echo(line)
    else:
        output["notes"].append(line)


def data(key: str, value: object, line: str | Sequence[str] | None = None) -> None:
    """A value the JSON carries under ``key``; as text, ``line`` (if any) is printed, or each
    of several lines (one line each: a line break inside a name is shown, not obeyed)."""
    output = _OUTPUT.get()
    if output is None:
        for text in [line] if isinstance(line, str) else line or ():
            echo(text)
    else:
        output[key] = value


def emit(
    items: Sequence[T],
    as_json: bool,
    line: Callable[[T], str],
    *,
    to_json: Callable[[T], object] | None = None,
    empty: str | None = None,
) -> None:
    """A listing: JSON (each item's ``to_json()``) or one line per item."""
    if as_json:
        echo_json([to_json(i) if to_json else i.to_json() for i in items])  # type: ignore[attr-defined]
        return
    for item in items:
        echo(line(item))
    if not items and empty:
        echo(empty)


def parse_round(value: str) -> int:
    """ROUND as typed: ASCII digits (``"²"`` passes ``str.isdigit`` but is no round); a number
    longer than any event is refused here, before it reaches SQLite."""
    text = value.strip()
    if not is_number(text):
        raise UserError(f"round {value!r} is not a round number")
    if len(text) > 6:
        raise UserError(f"round {text} is out of range (no event has that many rounds)")
    return int(text)
