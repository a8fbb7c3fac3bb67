"""Messages that cross panes."""

from __future__ import annotations

from textual.message import Message


class StoreChanged(Message):
    """The event database changed: here (``local``) or in another process. Panes re-read."""

    def __init__(self, *, local: bool, action: str | None = None) -> None:
        super().__init__()
        self.local = local
        self.action = action
