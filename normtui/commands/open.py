"""`normtui open DB` (or `normtui DB`): the arbiter's console."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from normtui.commands.common import fail

# sqlite-utils imports numpy and pandas when they are installed, only to map their types to
# column types; the console never stores either, and numpy alone is a quarter of a second of
# startup. Hidden from the import system before the store is first imported (a no-op if
# something imported it already).
_NOT_NEEDED = ("numpy", "pandas")


def run_console(db: Path | None) -> None:
    """Open the console on ``db`` (default ./demo.db); one line and exit code 2 if it cannot
    be opened."""
    if db is None:
        db = Path("demo.db")
        if not db.exists():
            fail("no database given and no ./demo.db here; create an event with "
                 "`normtui new EVENT.db --players players.csv`")
    if not db.exists():
        fail(f"{db}: no such database; create it with `normtui new {db} --players players.csv`")
    if "sqlite_utils" not in sys.modules:
        for name in _NOT_NEEDED:
            sys.modules.setdefault(name, None)  # type: ignore[arg-type]
    # Imported here so that the plain commands never pay for Textual.
    from normtui.store import EXPECTED_ERRORS, EventStore

    try:
        store = EventStore.open(db)
    except EXPECTED_ERRORS as exc:
        fail(str(exc))
    from normtui.tui.app import NormtuiApp

    try:
        NormtuiApp(store).run()
    finally:
        store.close()


def register(cli: click.Group) -> None:
    @cli.command("open")
    @click.argument("db", required=False, type=click.Path(dir_okay=False, path_type=Path))
    def open_console(db: Path | None) -> None:
        """Open the arbiter's console on DB (default: ./demo.db)."""
        run_console(db)
