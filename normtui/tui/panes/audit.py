"""Pane 6, Audit log: every change to the event, newest first, with undo.

The store writes one audit row per change (the rows before and after), so this pane only reads;
undo is the console's (ctrl+z, or u here), which asks first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from normtui.tui.formatting import stamp
from normtui.tui.panes.base import Pane
from normtui.tui.widgets.responsive_table import ResponsiveTable

if TYPE_CHECKING:
    from datetime import datetime

    from normtui.store import AuditEntry

# The console shows the recent past; the CLI's `normtui log` has all of it.
SHOWN = 500


def entry_cells(entry: AuditEntry, now: datetime, wide: bool) -> list[Text]:
    at = stamp(entry.at, now)
    if not wide:
        at = at[5:16]  # "06-07 17:45": the year is the event's, seconds are noise here
    style = "strike grey50" if entry.undone_by is not None else ""
    if entry.undone_by is not None:
        mark = Text(f"undone by #{entry.undone_by}", style="yellow")
    elif entry.undoes is not None:
        mark = Text("undo", style="cyan")
    else:
        mark = Text("")
    return [Text(str(entry.id), justify="right", style=style), Text(at, style=style),
            Text(entry.actor, style=style), Text(entry.action, style=style),
            Text(entry.summary, style=style), mark]


class AuditTable(ResponsiveTable):
    WIDE_FROM = 110
    COLUMNS = (("#", "id"), ("Time", "at"), ("Actor", "actor"), ("Action", "action"),
               ("Summary", "summary"), ("", "mark"))

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.entries: list[AuditEntry] = []
        self.now: datetime | None = None

    def show(self, entries: list[AuditEntry], now: datetime) -> None:
        self.entries = entries
        self.now = now
        self.redraw()

    def redraw(self) -> None:
        if self.now is None:
            return
        now = self.now
        keep = self.highlighted_key()
        wide = self.measure_wide()
        self.fill(self.COLUMNS, [(str(e.id), entry_cells(e, now, wide)) for e in self.entries],
                  keep)

    @property
    def entry(self) -> AuditEntry | None:
        key = self.highlighted_key()
        return next((e for e in self.entries if str(e.id) == key), None)


class AuditLogPane(Pane):
    PANE_ID = "audit"
    TITLE = "Audit"
    BINDINGS: ClassVar = [
        Binding("u", "undo", "Undo last", id="audit.undo",
                tooltip="Undo the newest change that is not undone (asks first)"),
    ]
    PALETTE = (("Audit log: undo the last change", "Asks first", "undo"),)

    def compose(self) -> ComposeResult:
        yield Static("", id="audit-info")
        yield AuditTable(id="audit-table")
        yield Static("", id="audit-detail")

    def focus_first(self) -> None:
        self.screen.set_focus(self.query_one(AuditTable))

    def reload(self) -> None:
        entries = self.store.log(limit=SHOWN)
        table = self.query_one(AuditTable)
        table.show(entries, self.app.now())  # type: ignore[attr-defined]
        undone = sum(1 for e in entries if e.undone_by is not None)
        self.query_one("#audit-info", Static).update(
            f"{len(entries)} changes, newest first · {undone} undone (struck through) · "
            "u or ctrl+z undoes the newest")
        self._detail(table.entry)

    @on(DataTable.RowHighlighted, "#audit-table")
    def _highlighted(self, _event: DataTable.RowHighlighted) -> None:
        self._detail(self.query_one(AuditTable).entry)

    def _detail(self, entry: AuditEntry | None) -> None:
        """The whole summary of the highlighted change: the table cuts long ones."""
        text = "" if entry is None else f"#{entry.id} {entry.action}: {entry.summary}"
        if entry is not None and entry.undone_by is not None:
            text += f" (undone by #{entry.undone_by})"
        self.query_one("#audit-detail", Static).update(text)

    def action_undo(self) -> None:
        from normtui.tui.screens.console import ConsoleScreen

        screen = self.screen
        if isinstance(screen, ConsoleScreen):
            screen.action_undo()
