"""Where the console publishes the event's public site. Answers the folder, or None."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static


class PublishSiteScreen(ModalScreen[Path | None]):
    DEFAULT_CSS = """
    PublishSiteScreen { align: center middle; }
    PublishSiteScreen #dialog { width: 76; }
    PublishSiteScreen .title { text-style: bold; }
    PublishSiteScreen .help, PublishSiteScreen #publish-error { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="publish_site.cancel")]

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Publish the public page", classes="title")
            yield Static(
                "A folder for any web server (python -m http.server -d FOLDER): "
                "rebuilt after every change, only the files that changed.",
                classes="help",
            )
            yield Input(str(self.folder), placeholder="folder", id="publish-folder")
            yield Static("", id="publish-error")
            with Horizontal(id="buttons"):
                yield Button("Publish (enter)", variant="primary", id="publish")
                yield Button("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#publish-folder", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#publish")
    def _publish(self) -> None:
        text = self.query_one("#publish-folder", Input).value.strip()
        folder = Path(text).expanduser() if text else None
        if folder is None or (folder.exists() and not folder.is_dir()):
            self.query_one("#publish-error", Static).update("Give a folder (made if missing).")
            return
        self.dismiss(folder)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
