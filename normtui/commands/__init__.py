"""The command line's commands, a module for each group of them, each imported only when one of
its commands runs.

Each command is a module-level function (``@command("standings")``, from
:mod:`normtui.commands.common`). A command such as ``normtui standings`` is called all day by
scripts, the live feed and a second arbiter's loop: it must not pay for importing every other
command's module (python-chess, the exporters). The command line's group
(``normtui.cli.LazyGroup``) finds each command in :data:`COMMANDS` and imports its module
alone; ``normtui --help`` lists the names from this table and each command's docstring, read
from its module's source (:mod:`normtui.commands.summaries`).

This module loads neither click nor any command: the launcher reads :func:`command_args` to
decide whether ``normtui ARGS`` opens the console, before anything else is loaded.

A new command: write it as a function of a module here, its help its docstring, and add it to
:data:`COMMANDS` (tests/cli/test_lazy.py checks that they agree).
"""

from __future__ import annotations

import os

from normtui.rules.errors import NormtuiError

# Command name -> where its command is: a module of normtui.commands, and the function in it
# (click's lazily loaded subcommands: the module is imported when the command runs).
COMMANDS: dict[str, str] = {
    "open": "open.open_console",
    "demo": "demo.demo",
    "validate": "pgn.validate",
    "import-pgn": "pgn_import.import_pgn",
    "new": "event.new",
    "pairings": "event.pairings",
    "result": "event.result",
    "standings": "event.standings",
    "log": "event.log",
    "undo": "event.undo",
    "sign": "desk.sign",
    "start": "desk.start",
    "round": "desk.round_",
    "arrive": "desk.arrive",
    "all-present": "desk.all_present",
    "fines": "desk.fines",
    "incident": "desk.incident",
    "incidents": "desk.incidents",
    "illness": "desk.illness",
    "withdraw": "desk.withdraw",
    "clocks": "desk.clocks",
    "time-control": "desk.time_control",
    "check": "desk.check",
    "blitz": "stages.blitz",
    "playoff": "stages.playoff",
    "lots": "stages.lots",
    "details": "details.details",
    "player": "details.player",
    "export": "export.export",
    "profiles": "profiles.profiles",
    "print": "printing.print_sheet",
    "backup": "files.backup",
    "restore": "files.restore",
    "watch": "feed.watch",
    "contenders": "feed.contenders",
    "ratings": "fide.ratings",
    "norms": "fide.norms",
    "publish": "publish.publish",
    "broadcast": "publish.broadcast",
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
