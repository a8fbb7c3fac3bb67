"""Messages that cross panes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from normtui.store import AuditEntry


class StoreChanged(Message):
    """The event database changed: here (``local``; ``entry``, the change when it is known)
    or in another process. The console reads the event again and every pane shows it."""

    def __init__(self, *, local: bool, entry: AuditEntry | None = None) -> None:
        super().__init__()
        self.local = local
        self.entry = entry
