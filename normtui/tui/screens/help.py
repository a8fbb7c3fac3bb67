"""`?`: every key of the console and, per pane, the regulation articles it applies."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from normtui.tui.panes import PANES, pane_class

if TYPE_CHECKING:
    from textual.screen import Screen


def _keys_of(bindings: object) -> list[tuple[str, str]]:
    rows = []
    for binding in bindings:  # type: ignore[attr-defined]
        if binding.description:
            rows.append((binding.key_display or binding.key, binding.description))
    return rows


def help_markdown(console: Screen[None]) -> str:
    lines = ["# normtui: keys and rules", "", "## Everywhere", "", "| key | action |", "|---|---|"]
    lines += [f"| `{k}` | {d} |" for k, d in _keys_of(console.BINDINGS)]
    lines.append("| `ctrl+p` | Command palette: every action by name |")
    lines.append("| `ctrl+q` | Quit |")
    for key, _pane_id, module, cls_name in PANES:
        cls = pane_class(module, cls_name)
        lines += ["", f"## {key} {cls.TITLE}", ""]
        if cls.ARTICLES:
            lines.append("Applies: " + "; ".join(cls.ARTICLES))
            lines.append("")
        keys = _keys_of(cls.BINDINGS)
        if keys:
            lines += ["| key | action |", "|---|---|"]
            lines += [f"| `{k}` | {d} |" for k, d in keys]
    return "\n".join(lines)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close", id="help.close")]

    def __init__(self, console: Screen[None]) -> None:
        super().__init__()
        self.console = console

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Markdown(help_markdown(self.console))

    def on_mount(self) -> None:
        self.query_one("#help").focus()
