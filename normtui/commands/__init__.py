"""Command groups of the CLI, one module each, loaded only when one of their commands runs.

A command such as ``normtui standings`` is called all day by scripts, the live feed and a second
arbiter's loop: it must not pay for importing every other command's module (python-chess, the
exporters). :class:`LazyGroup` knows each command's module from :data:`COMMANDS` and imports
that module alone; ``normtui --help`` imports them all, to list every command with its help.

A new command: write it in a module's ``register(cli)`` and add its name here (a test checks
that this table and the modules agree).
"""

from __future__ import annotations

import importlib

import click

from normtui.commands.parsing import Group

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


def load(group: click.Group, module: str) -> None:
    """Register the commands of ``normtui.commands.<module>`` on ``group`` (once)."""
    loaded: set[str] = group.__dict__.setdefault("_loaded_modules", set())
    if module not in loaded:
        loaded.add(module)
        importlib.import_module(f"{__name__}.{module}").register(group)


class LazyGroup(Group):
    """A click group whose commands are imported on first use (see the module's doc); its
    commands read their arguments as :mod:`normtui.commands.parsing` says."""

    group_class = Group  # type: ignore[assignment]  # a subgroup (blitz) has its own commands, none of them lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            load(self, COMMANDS[cmd_name])
        return self.commands.get(cmd_name)


def register_all(cli: click.Group) -> None:
    """Every module's commands at once (for tests and tools that walk the whole CLI)."""
    for module in sorted(set(COMMANDS.values())):
        load(cli, module)
