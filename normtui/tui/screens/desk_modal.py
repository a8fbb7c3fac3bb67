"""What the desk's modals share: they are about one player in one round, record with ctrl+s
(or their Record button) and leave with Escape; a refusal keeps the modal open with the reason,
so the arbiter can correct the entry instead of typing it again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Button, Footer

from normtui.rules.errors import NormtuiError

if TYPE_CHECKING:
    from collections.abc import Callable

    from normtui.rules.model import Player
    from normtui.store import EventStore


class RecordingModal(ModalScreen[bool]):
    """Dismissed with True once the store has recorded (and audited) the entry."""

    BINDINGS = [
        Binding("ctrl+s", "record", "Record", id="desk_modal.record"),
        Binding("escape", "dismiss(False)", "Cancel", id="desk_modal.cancel"),
    ]

    def __init__(self, store: EventStore) -> None:
        super().__init__()
        self.store = store

    def footer(self) -> ComposeResult:
        # The console's Footer below shows the pane's keys, which do nothing here.
        yield Footer(compact=True)

    def buttons(self) -> ComposeResult:
        with Horizontal(classes="desk-buttons"):
            yield Button("Record (ctrl+s)", variant="primary", id="desk-record", compact=True)
            yield Button("Cancel (Esc)", id="desk-cancel", compact=True)

    def action_record(self) -> None:
        raise NotImplementedError

    def record(self, call: Callable[..., object], *args: object, **kwargs: object) -> None:
        try:
            entry = call(*args, **kwargs)
        except NormtuiError as exc:
            self.notify(str(exc), title="Not recorded", severity="error", timeout=6, markup=False)
            return
        if entry is None:  # already recorded so: no audit entry, nothing for the panes
            self.notify("Nothing changed.", timeout=3)
        self.dismiss(entry is not None)

    @on(Button.Pressed, "#desk-record")
    def _record_pressed(self) -> None:
        self.action_record()

    @on(Button.Pressed, "#desk-cancel")
    def _cancel_pressed(self) -> None:
        self.dismiss(False)


class FieldModal(RecordingModal):
    """A small dialog of a field or two over the console (the play-off's format, a number drawn):
    its frame's look, shared."""

    DEFAULT_CSS = """
    FieldModal {
        align: center middle;
    }
    FieldModal .field-dialog {
        width: 76;
        max-width: 95%;
        height: auto;
        max-height: 100%;
        overflow-y: auto;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    FieldModal .field-dialog Label {
        margin-top: 1;
        color: $text-muted;
    }
    FieldModal .field-dialog .desk-buttons {
        height: 1;
        margin: 1 0 0 0;
        align-horizontal: right;
    }
    FieldModal .field-dialog Button {
        margin-left: 2;
    }
    FieldModal .field-dialog Input:focus {
        background: $accent 40%;
    }
    """


class DeskModal(RecordingModal):
    """About one player in one round."""

    def __init__(self, store: EventStore, round_no: int, player: Player) -> None:
        super().__init__(store)
        self.round_no = round_no
        self.player = player
