"""What every pane of the console shares."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.containers import Vertical

from normtui.tui.messages import StoreChanged

if TYPE_CHECKING:
    from collections.abc import Callable

    from normtui.store import EventStore


class Pane(Vertical):
    """A pane reads the store in :meth:`reload` and posts :class:`StoreChanged` after a write.

    ``ARTICLES`` lists the regulation articles the pane applies, for the help screen.
    ``PALETTE`` lists (title, help, action name on the pane) for the command palette.
    """

    PANE_ID: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    ARTICLES: ClassVar[tuple[str, ...]] = ()
    PALETTE: ClassVar[tuple[tuple[str, str, str], ...]] = ()

    def __init__(self, store: EventStore, **kwargs: object) -> None:
        super().__init__(id=self.PANE_ID, **kwargs)  # type: ignore[arg-type]
        self.store = store
        self.stale = True

    def reload(self) -> None:
        """Re-read what the pane shows from the store."""

    def on_mount(self) -> None:
        self.reload()
        self.stale = False

    def changed(self, action: str | None = None) -> None:
        """Call after this pane wrote to the store: every pane re-reads."""
        self.post_message(StoreChanged(local=True, action=action))

    def palette_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        return [(title, help_text, getattr(self, f"action_{action}"))
                for title, help_text, action in self.PALETTE]

    def focus_first(self) -> None:
        """Keyboard first: switching to a pane puts the focus on its first control."""
        for widget in self.query("*"):
            if widget.focusable:
                widget.focus()
                return
