"""`normtui open DB` (or `normtui DB`): the arbiter's console."""

from __future__ import annotations

from pathlib import Path

import click

from normtui.commands.common import command
from normtui.commands.console import run_console

# The console's arbiter (normtui demo's too).
console_actor_option = click.option(
    "--as",
    "as_actor",
    metavar="NAME",
    help="Who makes the console's changes, as the audit log shows them "
    "(default: $NORMTUI_ACTOR, else the login name).",
)


@command("open")
@click.argument("db", required=False, type=click.Path(dir_okay=False, path_type=Path))
@console_actor_option
def open_console(db: Path | None, as_actor: str | None) -> None:
    """Open the arbiter's console on DB (default: ./demo.db)."""
    run_console(db, actor=as_actor)
