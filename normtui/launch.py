"""The `normtui` entry point. Opening the console is the common case and must start fast, so
`normtui`, `normtui DB` and `normtui open DB` go straight to it without loading the command
groups (they pull in the store's helpers, python-chess and the exporters); everything else
goes to the full command line in :mod:`normtui.cli`."""

from __future__ import annotations

import os
import sys
from pathlib import Path

_NOT_THE_CONSOLE = object()


def _console_target(args: list[str]) -> Path | object | None:
    if not args:
        return None
    if args[0] == "open" and len(args) <= 2 and not any(a.startswith("-") for a in args):
        return Path(args[1]) if len(args) == 2 else None
    # A lone argument that names a file (or looks like a database) is `normtui DB`. Anything
    # else, a command name included, is for the command line, which says what is wrong.
    if len(args) == 1 and not args[0].startswith("-") and (
            os.path.isfile(args[0]) or args[0].endswith(".db")):
        return Path(args[0])
    return _NOT_THE_CONSOLE


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    target = _console_target(args)
    if target is _NOT_THE_CONSOLE:
        from normtui.cli import main as cli_main

        cli_main(args)
        return
    from normtui.commands.open import run_console

    assert target is None or isinstance(target, Path)
    run_console(target)
