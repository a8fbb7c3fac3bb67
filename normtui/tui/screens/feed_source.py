"""Which live feed the console follows: a LiveChess folder, a PGN file or URL, a LiveChess Cloud
tournament, and optionally one round of it. Answers (source, round) or None (cancelled)."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static


class FeedSourceScreen(ModalScreen[tuple[str, int | None] | None]):
    DEFAULT_CSS = """
    FeedSourceScreen {
        align: center middle;
    }
    FeedSourceScreen #dialog {
        width: 76;
    }
    FeedSourceScreen .title {
        text-style: bold;
    }
    FeedSourceScreen #feed-source-help, FeedSourceScreen #feed-source-error {
        color: $text-muted;
    }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="feed_source.cancel"),
        # Priority: the focus moves before the next key is handed on. As a plain binding Tab
        # is acted on after it has come back up from the path field, and "PATH<tab>8" typed
        # fast put the 8 at the end of the path.
        Binding("tab", "app.focus_next", "Next", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", "Previous", show=False, priority=True),
    ]

    def __init__(self, source: str | None, round_no: int | None) -> None:
        super().__init__()
        self.source = source or ""
        self.round = round_no

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Watch the live boards", classes="title")
            yield Static(
                "A DGT LiveChess folder (round-7/game-1.pgn …), a PGN file or URL, or "
                "LiveChess Cloud (…/get/ID/tournament.json). Kept with the event.",
                id="feed-source-help",
            )
            yield Input(self.source, placeholder="folder, file or URL", id="feed-source")
            yield Input(
                str(self.round or ""),
                placeholder="round (empty: every round)",
                id="feed-round",
                restrict=r"\d*",
                max_length=2,
            )
            yield Static("", id="feed-source-error")
            with Horizontal(id="buttons"):
                yield Button("Watch (enter)", variant="primary", id="watch")
                yield Button("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#feed-source", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#watch")
    def _watch(self) -> None:
        source = self.query_one("#feed-source", Input).value.strip()
        round_text = self.query_one("#feed-round", Input).value.strip()
        error = self.query_one("#feed-source-error", Static)
        if not source:
            error.update("Give a folder, a file or a URL.")
            return
        if "://" not in source and not Path(source).expanduser().exists():
            # Typed by hand: a path that is not there is a typing mistake, said here (a source
            # kept with the event is looked for again at every read: it may come later).
            error.update(f"{Path(source).expanduser()}: no such folder or file.")
            self.query_one("#feed-source", Input).focus()
            return
        self.dismiss((source, int(round_text) if round_text else None))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
