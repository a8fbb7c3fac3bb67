"""Messages that cross panes."""

from __future__ import annotations

from textual.message import Message


class StoreChanged(Message):
    """The event database changed: here (``local``) or in another process. Posted by a pane
    after its write, it bubbles up to the console, which has every pane re-read."""

    def __init__(self, *, local: bool) -> None:
        super().__init__()
        self.local = local
