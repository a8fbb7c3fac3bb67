"""What the event commands share: opening the store, one-line errors, reporting a change.

Not a command module itself (it has no ``register``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click

from normtui.commands.common import UserError, echo_json
from normtui.store import AuditEntry, EventStore

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

db_argument = click.argument("db", type=click.Path(dir_okay=False, path_type=Path))
json_option = click.option("--json", "as_json", is_flag=True, help="Write JSON to stdout.")


@contextmanager
def opened(db: Path) -> Iterator[EventStore]:
    store = EventStore.open(db)
    try:
        yield store
    finally:
        store.close()


def report(entry: AuditEntry | None, unchanged: str = "nothing to change") -> None:
    """One line saying what a mutation did (the audit summary), or that it changed nothing."""
    if entry is None:
        click.echo(f"unchanged: {unchanged}")
    else:
        click.echo(f"#{entry.id} {entry.summary}")


def emit(items: Sequence[T], as_json: bool, line: Callable[[T], str], *,
         to_json: Callable[[T], object] | None = None, empty: str | None = None) -> None:
    """A listing: JSON (each item's ``to_json()``) or one line per item."""
    if as_json:
        echo_json([to_json(i) if to_json else i.to_json() for i in items])  # type: ignore[attr-defined]
        return
    for item in items:
        click.echo(line(item))
    if not items and empty:
        click.echo(empty)


def parse_round(value: str) -> int:
    if not value.strip().isdigit():
        raise UserError(f"round {value!r} is not a round number")
    return int(value)
