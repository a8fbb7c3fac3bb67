"""Command groups of the CLI, one module each, loaded only when one of their commands runs.

A command such as ``normtui standings`` is called all day by scripts, the live feed and a second
arbiter's loop: it must not pay for importing every other command's module (python-chess, the
exporters). The command line's group (``normtui.cli.LazyGroup``) knows each command's module
from :data:`COMMANDS` and imports that module alone; ``normtui --help`` lists the names from
this table.

This module loads neither click nor any command: the launcher reads :func:`command_args` to
decide whether ``normtui ARGS`` opens the console, before anything else is loaded.

A new command: write it in a module's ``register(cli)`` and add its name here (a test checks
that this table and the modules agree).
"""

from __future__ import annotations

import os

from normtui.rules.errors import NormtuiError

# Command name -> the module of normtui.commands whose ``register(cli)`` defines it.
COMMANDS: dict[str, str] = {
    "open": "open",
    "validate": "pgn",
    "import-pgn": "pgn_import",
    **dict.fromkeys(("new", "pairings", "result", "standings", "log", "undo"), "event"),
    **dict.fromkeys(
        (
            "sign",
            "start",
            "round",
            "arrive",
            "all-present",
            "fines",
            "incident",
            "incidents",
            "illness",
            "withdraw",
            "clocks",
            "time-control",
            "check",
        ),
        "desk",
    ),
    **dict.fromkeys(("blitz", "playoff"), "stages"),
    **dict.fromkeys(("details", "player"), "details"),
    "export": "export",
    "profiles": "profiles",
    "print": "printing",
    **dict.fromkeys(("backup", "restore"), "files"),
    **dict.fromkeys(("watch", "contenders"), "feed"),
    **dict.fromkeys(("publish", "broadcast"), "publish"),
}


def command_args(args: list[str]) -> list[str]:
    """What ``normtui ARGS`` asks for, as the command line's arguments: the one place that
    decides whether they open the console (``open ...``). Bare ``normtui`` opens ./demo.db;
    ``normtui DB [OPTIONS]`` is ``normtui open DB [OPTIONS]``; a first word that is a command
    or an option is the command line's as typed. ``normtui fine ev.db``, a first word that
    names no file followed by another, is a mistyped command: :class:`NoSuchCommand`.

    >>> command_args([])
    ['open']
    >>> command_args(["event.db", "--as", "chief"])
    ['open', 'event.db', '--as', 'chief']
    >>> command_args(["standings", "event.db"])
    ['standings', 'event.db']
    """
    if not args:
        return ["open"]
    if args[0] in COMMANDS or args[0].startswith("-"):
        return args
    if len(args) > 1 and not args[1].startswith("-") and not os.path.exists(args[0]):
        raise NoSuchCommand(args[0])
    return ["open", *args]


class NoSuchCommand(NormtuiError):
    """``normtui fine ev.db``: a mistyped command, not a database called "fine" opened with
    an extra argument (which click would report as the console's usage)."""

    def __init__(self, name: str) -> None:
        import difflib  # only for a mistyped command

        close = difflib.get_close_matches(name, COMMANDS, n=2, cutoff=0.7)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        super().__init__(f"no command {name!r}{hint} (`normtui --help` lists them)")
