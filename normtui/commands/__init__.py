"""Command groups of the CLI, one module each; ``register_all`` adds them to the root group."""

from __future__ import annotations

import importlib

import click

# Each module defines ``register(cli: click.Group) -> None``.
_MODULES = ("open", "pgn", "pgn_import", "event", "desk", "stages", "details", "export")


def register_all(cli: click.Group) -> None:
    for name in _MODULES:
        importlib.import_module(f"normtui.commands.{name}").register(cli)
