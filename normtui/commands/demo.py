"""`normtui demo [FOLDER]`: a fresh copy of the demo event, and the console on it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from normtui.commands.common import UserError, command, echo, echo_json, friendly, json_option
from normtui.commands.console import run_console
from normtui.commands.open import console_actor_option
from normtui.demo.fresh import DEMO_NAME, DemoExists, fresh_demo, players_example


@command("demo")
@click.argument(
    "folder", required=False, type=click.Path(file_okay=False, path_type=Path), default="."
)
@click.option("--force", is_flag=True, help="Replace the folder's demo.db with a fresh copy.")
@click.option("--copy-only", is_flag=True, help="Copy the demo event; do not open the console.")
@json_option
@console_actor_option
@friendly
def demo(folder: Path, force: bool, copy_only: bool, as_json: bool, as_actor: str | None) -> None:
    """Copy the demo event into FOLDER (default: the current folder) as demo.db, and open
    the console on it: the real Norway Chess 2022, rounds 1-6 played, round 7 under way.

    The copy is the arbiter's to change at will; `normtui FOLDER/demo.db` opens it again. A
    demo.db already in FOLDER is kept: asked in a terminal whether to replace it, refused
    otherwise (--force replaces it with a fresh copy, unless it is open elsewhere).
    Beside it, players-example.csv (the 2022 field, unless the folder has a file of that
    name): a players file to start your own event from with `normtui new --players`.
    --copy-only, or --json, copies without opening the console (--json says what was written
    as {"path": ..., "replaced": ..., "players_example": PATH or null}).
    """
    replace = force
    target = folder / DEMO_NAME
    existed = os.path.lexists(target)
    if existed and not replace and not as_json and sys.stdin.isatty():
        replace = click.confirm(f"{target} exists; replace it with a fresh copy?", err=True)
        if not replace:
            raise UserError(str(DemoExists(target)))
    path = fresh_demo(folder, replace=replace)
    example = players_example(folder)
    if as_json:
        echo_json(
            {
                "path": str(path.resolve()),
                "replaced": existed,
                "players_example": str(example.resolve()) if example else None,
            }
        )
        return
    if not copy_only:
        run_console(path, actor=as_actor)
    # After the console, which takes the whole screen while it runs.
    echo(f"the demo event is {path.resolve()}: `normtui {path}` opens it again")
    if example is not None:
        echo(
            f"a players file to start from: {example} (`normtui new EVENT.db --players {example}`)"
        )
