"""The validator's findings beside the game: one entry per finding, its full message wrapped.

An OptionList rather than a table, because the message is the part the arbiter reads and a
table column would cut it at 80 columns; severity, move and rule head each entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

if TYPE_CHECKING:
    from normtui.importing import Checked, Outcome

_STYLE = {"error": "bold red", "warning": "bold yellow", "info": "bold cyan"}
_MARK = {"error": "✖ error", "warning": "▲ warning", "info": "● info"}
# In the reverse of the order the outcomes are listed in.
_OUTCOME_STYLE = {
    "unchanged": "dim",
    "attached": "green",
    "entered": "bold green",
    "unmatched": "bold yellow",
    "conflict": "bold yellow",
    "refused": "bold red",
}


class PgnFindings(OptionList):
    """Shows either the findings of the games being checked, or the outcome of an import.
    Where the pane puts the cursor on arrival: Enter or ``i`` goes into the text area."""

    BINDINGS: ClassVar = [
        Binding(
            "enter,i",
            "edit",
            "Edit the record",
            show=False,
            id="pgn.edit",
            tooltip="Into the text area (the record), to type or paste",
        ),
    ]

    class EditRequested(Message):
        """Enter or i on the findings: the arbiter wants to type in the record."""

    def action_edit(self) -> None:
        self.post_message(self.EditRequested())

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.border_title = "Findings"

    def show_empty(self, text: str) -> None:
        self.clear_options()
        self.add_option(Option(Text(text, style="dim"), disabled=True))

    def show_checked(self, checked: Sequence[Checked]) -> None:
        self.clear_options()
        if not checked:
            self.show_empty("Paste a game, or open a file (ctrl+o).")
            return
        many = len(checked) > 1
        options: list[Option] = []
        for item in checked:
            report = item.report
            if many:
                head = Text(item.title, style="bold")
                options.append(Option(head, id=f"game-{report.index}", disabled=True))
            if not report.findings:
                options.append(
                    Option(
                        Text("✔ no findings: the record is valid", style="green"),
                        id=f"ok-{report.index}",
                    )
                )
            for n, f in enumerate(report.findings):
                line = Text.assemble(
                    (_MARK[f.severity], _STYLE[f.severity]),
                    "  ",
                    (f.move or "whole game", "bold"),
                    "  ",
                    (f.rule, "italic"),
                )
                line.append(f"\n{f.message}")
                options.append(Option(line, id=f"finding-{report.index}-{n}-{f.code}"))
        self.add_options(options)
        self.border_subtitle = _counts(checked)

    def show_outcomes(self, outcomes: Sequence[Outcome], title: str) -> None:
        self.clear_options()
        self.border_subtitle = title
        if not outcomes:
            self.show_empty("The file has no games.")
            return
        # What needs the arbiter comes first; what changed nothing comes last.
        order = list(_OUTCOME_STYLE)[::-1]
        ranked = sorted(outcomes, key=lambda o: (order.index(o.status), o.index))
        self.add_options(
            [
                Option(
                    Text.assemble((f"{o.status:<9}", _OUTCOME_STYLE[o.status]), " ", o.message),
                    id=f"outcome-{o.index}",
                )
                for o in ranked
            ]
        )


def _counts(checked: Sequence[Checked]) -> str:
    totals = {s: sum(c.report.count(s) for c in checked) for s in ("error", "warning", "info")}
    parts = [f"{n} {s}{'s' if n != 1 else ''}" for s, n in totals.items() if n]
    games = f"{len(checked)} games: " if len(checked) > 1 else ""
    return games + (", ".join(parts) if parts else "no findings")


def target_line(checked: list[Checked]) -> Text:
    """Where the record in the text area would go, said under it."""
    # Text, not markup: the names come from the PGN headers, and may hold any bracket.
    if len(checked) > 1:
        matched = sum(1 for c in checked if c.target is not None)
        return Text(
            f"{len(checked)} games, {matched} matched to a pairing: ctrl+s attaches "
            "each to its board"
        )
    if not checked:
        return Text("")
    item = checked[0]
    if item.target is None:
        return Text.assemble(
            ("No pairing: ", "bold"), item.unmatched, " (ctrl+g chooses the board)"
        )
    # A player the record spells otherwise is matched all the same, and said before ctrl+s
    # (loaded with the records checked: never before the first frame).
    from normtui.importing.boards import names_said, renamed

    game = item.target.game
    names = renamed(item.report.white, item.report.black, game.white_name, game.black_name)
    said = f" ({names_said(names)})" if names else ""
    return Text.assemble((f"→ {item.target.describe()}", "bold"), said, ": ctrl+s attaches it")
