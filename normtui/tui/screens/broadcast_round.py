"""Which round the console pushes to which Lichess broadcast round, and where the token is.

Answers (round, classical round id, Armageddon round id or None, token, token file or None) or
None. The token is read from the file named here, else from ``LICHESS_TOKEN``; the dialog never
shows it. Given what a console pushed before it quit, the dialog opens filled in with it."""

from __future__ import annotations

import re

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

_ROUND_ID = re.compile(r"[A-Za-z0-9]{8}")

# round, to, Armageddon to, token, token file
BroadcastChoice = tuple[int, str, str | None, str, str | None]


class BroadcastRoundScreen(ModalScreen[BroadcastChoice | None]):
    DEFAULT_CSS = """
    BroadcastRoundScreen { align: center middle; }
    BroadcastRoundScreen #dialog { width: 76; }
    BroadcastRoundScreen .title { text-style: bold; }
    BroadcastRoundScreen .help, BroadcastRoundScreen #broadcast-error { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="broadcast_round.cancel")]

    def __init__(
        self,
        round_no: int,
        to: str = "",
        armageddon_to: str | None = None,
        token_file: str | None = None,
    ) -> None:
        super().__init__()
        self.round_no = round_no
        self.given = (to, armageddon_to or "", token_file or "")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Push a round to a Lichess broadcast", classes="title")
            yield Static(
                "The round ids are the 8 characters at the end of the broadcast "
                "round's address. The token (study:write) comes from the file named "
                "below, else from LICHESS_TOKEN.",
                classes="help",
            )
            yield Input(
                str(self.round_no),
                placeholder="round",
                id="broadcast-round",
                restrict=r"\d*",
                max_length=3,
            )
            yield Input(
                self.given[0],
                placeholder="Lichess round id of the classical games",
                id="broadcast-to",
                max_length=8,
            )
            yield Input(
                self.given[1],
                placeholder="Lichess round id of the Armageddon games (optional)",
                id="broadcast-armageddon",
                max_length=8,
            )
            yield Input(
                self.given[2],
                placeholder="token file (empty: $LICHESS_TOKEN)",
                id="broadcast-token-file",
            )
            yield Static("", id="broadcast-error")
            with Horizontal(id="buttons"):
                yield Button("Push (enter)", variant="primary", id="push")
                yield Button("Cancel (esc)", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#broadcast-to", Input).focus()

    def _error(self, text: str) -> None:
        self.query_one("#broadcast-error", Static).update(text)

    @on(Input.Submitted)
    @on(Button.Pressed, "#push")
    def _push(self) -> None:
        def value(name: str) -> str:
            return self.query_one(f"#broadcast-{name}", Input).value.strip()

        round_text, to, armageddon, token_file = (
            value(n) for n in ("round", "to", "armageddon", "token-file")
        )
        if not round_text:
            self._error("Give the round.")
            return
        for name, given in (("classical", to), ("Armageddon", armageddon)):
            if (given or name == "classical") and not _ROUND_ID.fullmatch(given):
                self._error(f"The {name} round id is 8 letters and digits.")
                return
        # Only when pushing.
        from normtui.export.lichess_input import read_token, token_file_warning
        from normtui.store import InputError

        try:
            token = read_token(token_file or None)
        except InputError as exc:
            self._error(str(exc))
            return
        warning = token_file_warning(token_file) if token_file else None
        if warning:
            self.app.notify(warning, severity="warning", timeout=10)
        self.dismiss((int(round_text), to, armageddon or None, token, token_file or None))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
