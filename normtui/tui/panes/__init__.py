"""The console's panes, in the order of their keys (1 … 8).

Each entry is (key, pane id, module, class name): modules are imported when the console is built,
so a heavy pane (the PGN entry pulls in python-chess) only costs what it imports itself.
"""

from __future__ import annotations

import importlib

from normtui.tui.panes.base import Pane

PANES: tuple[tuple[str, str, str, str], ...] = (
    ("1", "pairings", "normtui.tui.panes.pairings", "PairingsPane"),
    ("2", "pgn", "normtui.tui.panes.pgn_entry", "PgnEntryPane"),
    ("3", "standings", "normtui.tui.panes.standings", "StandingsPane"),
    ("4", "clocks", "normtui.tui.panes.clocks", "ClocksPane"),
    ("5", "desk", "normtui.tui.panes.desk", "PlayerDeskPane"),
    ("6", "audit", "normtui.tui.panes.audit", "AuditLogPane"),
    ("7", "playoff", "normtui.tui.panes.playoff", "PlayoffPane"),
    ("8", "live", "normtui.tui.panes.live", "LivePane"),
)

# The tab titles, short enough that all eight fit in 80 columns, here so that the tabs can be
# drawn before the pane modules are imported (tests check they match each pane's TITLE).
TITLES: dict[str, str] = {
    "pairings": "Pairings",
    "pgn": "PGN",
    "standings": "Standings",
    "clocks": "Clocks",
    "desk": "Desk",
    "audit": "Audit",
    "playoff": "Play-off",
    "live": "Live",
}


def pane_class(module: str, name: str) -> type[Pane]:
    cls: type[Pane] = getattr(importlib.import_module(module), name)
    assert issubclass(cls, Pane)
    return cls
