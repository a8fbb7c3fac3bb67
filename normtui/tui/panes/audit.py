"""Pane 6, Audit log: every change to the event, newest first, who made it, with undo.

The store writes one audit row per change (the rows before and after), so this pane only reads;
undo is the console's (ctrl+z, or u here), which asks first. Each summary is shown whole,
wrapped in its row: at 80 columns a cut summary hides what a change did.

Every entry is reachable: the table holds a page of them (the newest, first), and the next
older or newer page comes when the cursor goes past its end or its top, or with ``:N`` for any
entry. A whole event's log in one table would cost a fifth of a millisecond a row at every
change (2,000 entries: 0.4 s).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Static

from normtui.tui.formatting import stamp
from normtui.tui.panes.base import PaletteBinding, Pane
from normtui.tui.widgets.responsive_table import ResponsiveTable
from normtui.tui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from datetime import datetime

    from normtui.store import AuditEntry, EventStore
    from normtui.store.picture import EventPicture

# Entries in the table at once; the others a page away.
PAGE = 500


def mark_of(entry: AuditEntry) -> Text:
    if entry.undone_by is not None:
        return Text(f"undone by #{entry.undone_by}", style="yellow")
    if entry.undoes is not None:
        return Text(f"undoes #{entry.undoes}", style="cyan")
    return Text("")


def entry_cells(entry: AuditEntry, now: datetime, wide: bool) -> list[Text]:
    """#, time, actor, (action, when wide), summary, (mark, when wide): narrow, the mark
    leads the summary instead of taking a column."""
    at = stamp(entry.at, now)
    if not wide:
        at = at[5:16]  # "06-07 17:45": the year is the event's, seconds are noise here
    style = "strike grey50" if entry.undone_by is not None else ""
    summary = Text(entry.summary, style=style)
    mark = mark_of(entry)
    if not wide and mark:
        summary = Text.assemble(mark, " ", summary)
    cells = [
        Text(str(entry.id), justify="right", style=style),
        Text(at, style=style),
        Text(entry.actor, style=style),
    ]
    if wide:
        return [*cells, Text(entry.action, style=style), summary, mark]
    return [*cells, summary]


class AuditTable(ResponsiveTable):
    WIDE_FROM = 110
    WIDE = (
        ("#", "id"),
        ("Time", "at"),
        ("Actor", "actor"),
        ("Action", "action"),
        ("Summary", "summary"),
        ("", "mark"),
    )
    NARROW = (("#", "id"), ("Time", "at"), ("Actor", "actor"), ("Summary", "summary"))

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
        # Newest first: a cursor on the newest entry stays on the newest one.
        keep = None if self.cursor_row <= 0 else self.highlighted_key()
        wide = self.measure_wide()
        self.fill_wrapped(
            self.WIDE if wide else self.NARROW,
            [(str(e.id), entry_cells(e, now, wide)) for e in self.entries],
            "summary",
            keep,
        )

    @property
    def entry(self) -> AuditEntry | None:
        key = self.highlighted_key()
        return next((e for e in self.entries if str(e.id) == key), None)

    class Past(Message):
        """The cursor went past the page's end (``older``) or its top: the next page."""

        def __init__(self, older: bool) -> None:
            super().__init__()
            self.older = older

    def action_cursor_down(self) -> None:
        if self.row_count and self.cursor_row >= self.row_count - 1:
            self.post_message(self.Past(older=True))
            return
        super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.row_count and self.cursor_row <= 0:
            self.post_message(self.Past(older=False))
            return
        super().action_cursor_up()


class AuditLogPane(Pane):
    PANE_ID = "audit"
    TITLE = "Audit"
    GO_TO = "change"
    BINDINGS: ClassVar = [
        PaletteBinding(
            "u",
            "undo",
            "Undo last",
            id="audit.undo",
            tooltip="Undo the newest change that is not undone (asks first)",
            palette="Audit log: undo the last change",
        ),
    ]

    def __init__(self, store: EventStore, picture: EventPicture, **kwargs: object) -> None:
        super().__init__(store, picture, **kwargs)
        # The newest entry of the page shown; None: the newest page, following new changes.
        self.upto: int | None = None
        self._ids: list[int] = []
        # (the log's newest entry, upto, the day) of the page shown: the log is read again only
        # when the picture's head says it has changed, another page is asked for, or a new day
        # changes how its times are written.
        self._read_for: tuple[object, ...] | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="audit-info", markup=False)
        yield AuditTable(id="audit-table")
        yield StatusLine()

    def focus_first(self) -> None:
        # "Newest first": on arrival the newest change is in view, whatever was highlighted
        # when the pane was last shown.
        if self.upto is not None:
            self.upto = None
            self.redraw()
        table = self.query_one(AuditTable)
        if table.row_count:
            table.move_cursor(row=0, animate=False)
        self.screen.set_focus(table)

    def go_to_numbers(self) -> list[int]:
        return list(self._ids)

    def go_to(self, number: int) -> None:
        table = self.query_one(AuditTable)
        if not table.go_to_key(str(number)):
            # Another page: the one with this entry in its middle.
            self._page(number + PAGE // 2)
            table.go_to_key(str(number))

    @on(AuditTable.Past)
    def _past(self, event: AuditTable.Past) -> None:
        event.stop()
        table = self.query_one(AuditTable)
        if not table.entries:
            return
        if event.older:
            oldest = table.entries[-1].id
            if self._ids and oldest > self._ids[0]:
                self._page(oldest - 1)
                table.move_cursor(row=0, animate=False)
        elif self.upto is not None:
            newer = self._ids[bisect_right(self._ids, table.entries[0].id) :][:PAGE]
            if newer:
                self._page(newer[-1])
                table.go_to_key(str(newer[0]))

    def _page(self, upto: int) -> None:
        self.upto = None if not self._ids or upto >= self._ids[-1] else upto
        self.redraw()

    def redraw(self) -> None:
        # The log is the event's history, not its state: the pane reads the page it shows
        # (as a PGN text is read when shown), once per change of the log.
        now = self.normtui.now()
        key = (self.picture.head, self.upto, now.date())
        if self._read_for == key:
            return
        self._read_for = key
        self._ids = self.store.audit.ids()
        entries = self.store.audit.log(PAGE, rows=False, upto=self.upto)
        table = self.query_one(AuditTable)
        table.show(entries, now)
        undone = sum(1 for e in entries if e.undone_by is not None)
        total = len(self._ids)
        where = ""
        if entries and len(entries) < total:
            where = f" · #{entries[-1].id}-#{entries[0].id} here, the others past either end or :N"
        self.query_one("#audit-info", Static).update(
            f"{total} change{'s' if total != 1 else ''}, newest first{where} · {undone} undone "
            "(struck through) · u or ctrl+z undoes the newest"
        )

    def action_undo(self) -> None:
        self.console.action_undo()
