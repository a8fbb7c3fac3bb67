"""A path input that completes file names: Tab (or →) takes the suggestion shown in grey.

Only directories and PGN files are suggested, the way an arbiter looks for a broadcast file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textual.binding import Binding
from textual.suggester import Suggester, SuggestionReady
from textual.widgets import Input

from normtui.pgn.reader import decode_line, open_pgn


class PathSuggester(Suggester):
    """The longest completion the directory allows; a directory ends with a slash."""

    def __init__(self) -> None:
        # The file system changes under us: no cache; file names are case sensitive.
        super().__init__(use_cache=False, case_sensitive=True)

    async def get_suggestion(self, value: str) -> str | None:
        return complete_path(value)


def complete_path(value: str) -> str | None:
    if not value:
        return None
    expanded = os.path.expanduser(value)
    folder, _, prefix = expanded.rpartition(os.sep)
    base = Path(folder or ("/" if expanded.startswith(os.sep) else "."))
    try:
        entries = [
            e
            for e in os.scandir(base)
            if e.name.startswith(prefix)
            and not (e.name.startswith(".") and not prefix)
            and (e.is_dir() or e.name.lower().endswith(".pgn"))
        ]
    except OSError:
        return None
    if not entries:
        return None
    names = sorted(e.name + (os.sep if e.is_dir() else "") for e in entries)
    # Characters, not path components: "round" completes to "round-" for round-7, round-8.
    common = os.path.commonprefix(names)  # noqa: RUF071
    if len(common) <= len(prefix):
        return None
    return value + common[len(prefix) :]


def read_pgn_text(path: Path) -> str:
    """A PGN file as text, decoded as the validator decodes it (UTF-8, else Windows-1252, line
    by line), so that the text area shows what is checked. Binary data and UTF-16 are refused
    with one line (a ValueError)."""
    with open_pgn(path) as stream:
        text = "".join(decode_line(raw)[0] for raw in stream)
    return text.lstrip("\ufeff").replace("\r\n", "\n")


class PgnPathInput(Input):
    BINDINGS = [Binding("tab", "complete", "Complete", show=False, id="pgn.complete")]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            placeholder="PGN file (Tab completes)", suggester=PathSuggester(), **kwargs
        )
        # The suggestion shown in grey, kept as Input keeps its own: taken when it came for
        # the value typed, gone when the value changes, the field is focused, all selected.
        self._shown_suggestion = ""

    def on_suggestion_ready(self, event: SuggestionReady) -> None:
        if event.value == self.value:
            self._shown_suggestion = event.suggestion

    def watch_value(self) -> None:
        self._shown_suggestion = ""

    def on_focus(self) -> None:
        self._shown_suggestion = ""

    def select_all(self) -> None:
        super().select_all()
        self._shown_suggestion = ""

    def action_complete(self) -> None:
        """Tab takes the suggestion; with none, it moves on like Tab anywhere else."""
        if self._shown_suggestion and self.cursor_at_end:
            self.value = self._shown_suggestion
            self.cursor_position = len(self.value)
        else:
            self.screen.focus_next()
