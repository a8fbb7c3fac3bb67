"""Ctrl+O in the PGN entry pane: pick a PGN file from a directory tree, from the keyboard.

Arrows move, Enter opens a folder or picks a file, Backspace goes to the parent folder,
Escape closes without a choice.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DirectoryTree, Footer, Static


class PgnTree(DirectoryTree):
    """Folders and PGN files only: nothing else can be opened here."""

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        return [
            p
            for p in paths
            if not p.name.startswith(".") and (p.is_dir() or p.suffix.lower() == ".pgn")
        ]


class PgnOpenScreen(ModalScreen[Path | None]):
    BINDINGS = [
        Binding("escape", "dismiss(None)", "Cancel", id="pgn_open.cancel"),
        Binding("backspace", "parent", "Parent folder", id="pgn_open.parent"),
    ]

    def __init__(self, start: Path) -> None:
        super().__init__()
        self.start = start if start.is_dir() else Path.cwd()

    def compose(self) -> ComposeResult:
        with Vertical(id="pgn-open"):
            yield Static(self._title(), id="pgn-open-title", markup=False)
            yield PgnTree(self.start, id="pgn-open-tree")
        yield Footer(compact=True)

    def _title(self) -> str:
        return (
            f"Open a PGN file from {self.start}\n"
            "Enter: open / pick · Backspace: parent folder · Escape: cancel"
        )

    def on_mount(self) -> None:
        self.query_one(PgnTree).focus()

    @on(DirectoryTree.FileSelected)
    def _picked(self, event: DirectoryTree.FileSelected) -> None:
        event.stop()
        self.dismiss(event.path)

    def action_parent(self) -> None:
        tree = self.query_one(PgnTree)
        parent = Path(tree.path).resolve().parent
        self.start = parent
        tree.path = parent
        self.query_one("#pgn-open-title", Static).update(self._title())
