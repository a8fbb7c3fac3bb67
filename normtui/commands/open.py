"""`normtui open DB` (or `normtui DB`): the arbiter's console."""

from __future__ import annotations

from pathlib import Path

import click

from normtui.commands.common import fail


def register(cli: click.Group) -> None:
    @cli.command("open")
    @click.argument("db", required=False, type=click.Path(dir_okay=False, path_type=Path))
    def open_console(db: Path | None) -> None:
        """Open the arbiter's console on DB (default: ./demo.db)."""
        if db is None:
            db = Path("demo.db")
            if not db.exists():
                fail("no database given and no ./demo.db here; create an event with "
                     "`normtui new EVENT.db --players players.csv`")
        if not db.exists():
            fail(f"{db}: no such database; create it with `normtui new {db} --players players.csv`")
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
