"""`normtui open DB` (or `normtui DB`): the arbiter's console."""

from __future__ import annotations

from pathlib import Path

import click


def register(cli: click.Group) -> None:
    @cli.command("open")
    @click.argument("db", required=False, type=click.Path(dir_okay=False, path_type=Path))
    def open_console(db: Path | None) -> None:
        """Open the arbiter's console on DB (default: ./demo.db)."""
        from normtui.launch import run_console

        run_console(db)
