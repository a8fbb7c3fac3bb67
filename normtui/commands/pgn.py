"""PGN commands (validate, import-pgn): built by the PGN issue."""

from __future__ import annotations

import click


def register(cli: click.Group) -> None:
    del cli
