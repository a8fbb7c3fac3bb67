"""Pane 2, PGN entry: check a game record against the rules and its pairing, and attach it.

Paste into the text area or open a file; the validator's findings stand beside the game and
follow every edit (debounced, and off the UI thread, because a pasted broadcast can be long).
A multi-game file is imported in a worker with a progress bar while the console stays usable.
python-chess is only imported by those workers, never when the console starts.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Input, Select, Static, TextArea

from normtui.importing import check_text
from normtui.importing.boards import TROUBLE
from normtui.rules.errors import NormtuiError
from normtui.rules.model import MainResult
from normtui.store.connection import refuse_event_file
from normtui.store.values import surname
from normtui.tui.panes.base import PaletteBinding, Pane
from normtui.tui.panes.pairings import PairingsPane
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.screens.pgn_open import PgnOpenScreen
from normtui.tui.widgets.pgn_findings import PgnFindings, target_line
from normtui.tui.widgets.pgn_import import PgnImportBar
from normtui.tui.widgets.pgn_path import PgnPathInput, read_pgn_text
from normtui.tui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from normtui.importing import Checked, KindChoice, Outcome
    from normtui.store import EventStore
    from normtui.store.picture import EventPicture
    from normtui.store.records import GameRecord

AUTO = 0  # the pairing Select's "from the headers"; game ids start at 1
# A file this large is imported, not loaded into the text area for reading.
LOAD_LIMIT = 512 * 1024
# "auto" reads the Event tag: broadcasts name the Armageddon games' event so.
_KINDS: list[tuple[str, str]] = [
    ("Kind: auto", "auto"),
    ("Main game", "main"),
    ("Armageddon", "armageddon"),
]


class PgnEntryPane(Pane):
    PANE_ID = "pgn"
    TITLE = "PGN"
    BINDINGS = [
        PaletteBinding(
            "ctrl+s",
            "attach",
            "Attach",
            id="pgn.attach",
            tooltip="Attach the game(s) in the text area to their board; enter the result",
            palette="PGN: attach the game",
        ),
        PaletteBinding(
            "ctrl+o",
            "open",
            "Open",
            id="pgn.open",
            tooltip="Pick a PGN file from a tree",
            palette="PGN: open a file",
        ),
        PaletteBinding(
            "ctrl+t",
            "import_file",
            "Import",
            id="pgn.import",
            tooltip="Import every game of the file in the path, with a progress bar",
            palette="PGN: import a file",
        ),
        Binding(
            "ctrl+g",
            "pairing",
            "Pairing",
            id="pgn.pairing",
            tooltip="Choose the board yourself (default: from the headers)",
        ),
        Binding(
            "ctrl+l",
            "path",
            "Path",
            id="pgn.path",
            tooltip="Type a file's path: Tab completes, Enter loads it",
        ),
        # In the help and the palette, not the Footer: checking follows every edit anyway,
        # and at 80 columns the Footer needs the room for the console's own keys.
        PaletteBinding(
            "ctrl+r",
            "check",
            "Check now",
            id="pgn.check",
            show=False,
            tooltip="Check the text area now, without waiting for a pause",
            palette="PGN: check now",
        ),
        PaletteBinding(
            "ctrl+n",
            "clear",
            "Clear",
            id="pgn.clear",
            show=False,
            tooltip="Empty the text area",
            palette="PGN: clear",
        ),
        # In the text area 1-8 are typed (a PGN has digits): Escape leaves it, and then the
        # digits switch panes again; F1-F8 switch from inside it.
        Binding(
            "escape",
            "leave_text",
            "Leave the field",
            id="pgn.leave",
            show=False,
            tooltip="Leave the text area or path (then 1-8 switch panes; F1-F8 work from "
            "inside it)",
        ),
    ]
    DEBOUNCE = 0.4

    class Validated(Message):
        def __init__(
            self, generation: int, checked: list[Checked], error: str | None = None
        ) -> None:
            super().__init__()
            self.generation = generation
            self.checked = checked
            self.error = error

    def __init__(self, store: EventStore, picture: EventPicture, **kwargs: object) -> None:
        super().__init__(store, picture, **kwargs)
        self._games: list[GameRecord] = []
        self._generation = 0
        self._shown_generation = 0
        self._debounce: Timer | None = None
        self._notified: set[tuple[int, str, str | None]] = set()
        self._labels: list[tuple[Text, int]] = []
        # After an attach or import the list shows what happened; the reload that our own
        # write causes must not replace that with the findings again.
        self._showing_outcomes = False
        # The text last attached whole (every game went in): quitting loses nothing else.
        self._attaching = ""
        self._kept_text = ""

    def compose(self) -> ComposeResult:
        with Horizontal(id="pgn-bar"):
            yield PgnPathInput(id="pgn-path")
            yield Select(
                [("Pairing: headers", AUTO)], allow_blank=False, value=AUTO, id="pgn-pairing"
            )
            yield Select(_KINDS, allow_blank=False, value="auto", id="pgn-kind")
        with Horizontal(id="pgn-body"):
            yield TextArea(id="pgn-text", show_line_numbers=True, tab_behavior="focus")
            yield PgnFindings(id="pgn-findings")
        yield Static("", id="pgn-target")
        yield PgnImportBar(id="pgn-import")
        yield StatusLine()

    def on_mount(self) -> None:
        area = self.query_one(TextArea)
        area.border_title = "Game record (paste here)"
        area.border_subtitle = "Esc leaves it · F1-F8 panes"
        self.query_one(PgnFindings).border_title = "Findings · i: edit the record"
        self.query_one(PgnFindings).show_empty("Paste a game, or open a file (ctrl+o).")

    def focus_first(self) -> None:
        # Never the text area on arrival: "2 3 x 4" typed fast put "3x4" in the record. Enter
        # or i goes into it (PgnFindings.EditRequested). At once, not focus()'s next turn:
        # that came after the next pane key and brought this tab back to the front.
        self.screen.set_focus(self.query_one(PgnFindings))

    @on(PgnFindings.EditRequested)
    def _edit(self, event: PgnFindings.EditRequested) -> None:
        event.stop()
        self.query_one(TextArea).focus()

    @property
    def checking(self) -> bool:
        """A check waits for the typing to pause, or runs: the findings shown are older."""
        return self._debounce is not None or self._shown_generation != self._generation

    # -- the store ---------------------------------------------------------------------------

    def redraw(self) -> None:
        self._games = list(self.picture.main_games)
        labels = [(Text("Pairing: headers"), AUTO)] + [
            (_pairing_label(g), g.id) for g in self._games
        ]
        if labels != self._labels:
            select: Select[int] = self.query_one("#pgn-pairing", Select)
            keep = select.value
            self._labels = labels
            select.set_options(labels)
            select.value = keep if any(v == keep for _l, v in labels) else AUTO
        if self.query_one(TextArea).text.strip() and not self._showing_outcomes:
            self._schedule(0)

    # -- checking as the text changes --------------------------------------------------------

    @on(TextArea.Changed, "#pgn-text")
    def _text_changed(self) -> None:
        self._schedule(self.DEBOUNCE)

    @on(Select.Changed)
    def _choice_changed(self) -> None:
        self._schedule(0)

    def _schedule(self, delay: float) -> None:
        self._showing_outcomes = False
        if self._debounce is not None:
            self._debounce.stop()
        self._debounce = self.set_timer(delay, self._start_check) if delay else None
        if not delay:
            self._start_check()

    def _start_check(self) -> None:
        self._debounce = None
        self._generation += 1
        text = self.query_one(TextArea).text
        if not text.strip():
            self._shown_generation = self._generation
            self.query_one(PgnFindings).show_empty("Paste a game, or open a file (ctrl+o).")
            self.query_one("#pgn-target", Static).update("")
            return
        self.query_one(PgnFindings).border_subtitle = "checking…"
        self._check(text, self._generation, self._kind(), self._chosen(), self.picture)

    @work(thread=True, exclusive=True, group="pgn-check")
    def _check(
        self,
        text: str,
        generation: int,
        kind: KindChoice,
        chosen: GameRecord | None,
        event: EventPicture,
    ) -> None:
        # ``event``: the picture when the check was asked for (a frozen object: the thread
        # reads nothing else of the console's).
        try:
            checked = check_text(
                text,
                event.profile,
                list(event.main_games),
                kind,
                chosen,
                dates=event.round_dates,
            )
        except Exception as exc:  # a worker's exception would end the console: say it instead
            self.post_message(self.Validated(generation, [], f"The check failed: {exc}"))
            return
        self.post_message(self.Validated(generation, checked))

    @on(Validated)
    def _validated(self, message: Validated) -> None:
        if message.generation != self._generation:
            return  # the text changed since: a newer check is on its way
        self._shown_generation = message.generation
        if message.error is not None:
            self.query_one(PgnFindings).show_empty(message.error)
            return
        checked = message.checked
        self.query_one(PgnFindings).show_checked(checked)
        self.query_one("#pgn-target", Static).update(target_line(checked))
        self._notify_rules_broken(checked)

    def _notify_rules_broken(self, checked: list[Checked]) -> None:
        """A regulation broken is told once, loudly, not again on every keystroke."""
        seen: set[tuple[int, str, str | None]] = set()
        for item in checked:
            for f in item.report.findings:
                if f.severity != "error" or not f.rule.startswith("Regulations"):
                    continue
                key = (item.report.index, f.code, f.move)
                seen.add(key)
                if key not in self._notified:
                    self.notify(
                        f"{item.title}\n{f.message} ({f.rule})",
                        title="Rule broken",
                        severity="error",
                        timeout=6,
                        markup=False,
                    )
        self._notified = seen

    # -- actions -----------------------------------------------------------------------------

    def action_leave_text(self) -> None:
        self.query_one(PgnFindings).focus()

    def action_check(self) -> None:
        self._schedule(0)

    def action_pairing(self) -> None:
        self.query_one("#pgn-pairing", Select).focus()

    def action_path(self) -> None:
        self.query_one(PgnPathInput).focus()

    def action_clear(self) -> None:
        self.query_one(TextArea).clear()
        self.query_one("#pgn-pairing", Select).value = AUTO
        self.query_one(TextArea).focus()

    def action_open(self) -> None:

        typed = self.query_one(PgnPathInput).value.strip()
        start = Path(typed).expanduser() if typed else Path.cwd()
        self.app.push_screen(PgnOpenScreen(start if start.is_dir() else start.parent), self._opened)

    def _opened(self, path: Path | None) -> None:
        # Back on the findings, not in the text area, whatever had the focus before.
        self.call_after_refresh(self.query_one(PgnFindings).focus)
        if path is not None:
            self.query_one(PgnPathInput).value = str(path)
            self.load_file(path)

    @on(Input.Submitted, "#pgn-path")
    def _path_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.load_file(Path(event.value.strip()).expanduser())

    def load_file(self, path: Path) -> None:
        """A file small enough to read goes into the text area; a large one is imported."""

        failures: tuple[type[Exception], ...] = (OSError, ValueError, NormtuiError)
        try:
            refuse_event_file(path, self.store.path, "read as a PGN file")
            size = path.stat().st_size
            if size > LOAD_LIMIT:
                self.notify(
                    f"{path.name} is {size // 1024} KB: ctrl+t imports it game by game "
                    "without loading it here.",
                    severity="warning",
                    markup=False,
                )
                return
            text = read_pgn_text(path)
        except failures as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        self.query_one(TextArea).load_text(text)
        self.query_one(PgnFindings).focus()
        self._schedule(0)

    def action_attach(self) -> None:
        text = self.query_one(TextArea).text
        if not text.strip():
            self.notify("Nothing to attach: paste a game or open a file.", severity="warning")
            return
        self._attaching = text
        self.query_one(PgnImportBar).start(
            self.store, text, "the text area", self._kind(), self._chosen()
        )

    def action_import_file(self) -> None:
        typed = self.query_one(PgnPathInput).value.strip()
        if not typed:
            self.notify(
                "Type the file's path first (ctrl+l), or pick it with ctrl+o.", severity="warning"
            )
            self.action_path()
            return
        path = Path(typed).expanduser()
        self.query_one(PgnImportBar).start(self.store, path, path.name, self._kind(), None)
        # Out of the path input, so that the console's keys (1-8, ?) work during the import.
        self.query_one(PgnFindings).focus()

    @on(PgnImportBar.Finished)
    def _import_finished(self, message: PgnImportBar.Finished) -> None:
        if message.error is not None:
            self.notify(message.error, severity="error", markup=False)
            return
        summary = message.summary
        outcomes = message.outcomes
        self._showing_outcomes = True
        self.query_one(PgnFindings).show_outcomes(outcomes, summary)
        said = outcomes[0].message if len(outcomes) == 1 else summary
        # The line under the text said where ctrl+s would attach it: now what it did.
        self.query_one("#pgn-target", Static).update(Text(said))
        # What went in is a confirmation (the status line); what did not, a warning.
        troubled = [o for o in outcomes if o.status in TROUBLE and not o.replaceable]
        if (
            message.name == "the text area"
            and not troubled
            and not any(o.replaceable for o in outcomes)
        ):
            self._kept_text = self._attaching
        if troubled:
            self.notify(said, title="Import", severity="warning", markup=False)
        else:
            self.say(said)
        if any(o.status in ("entered", "attached") for o in outcomes):
            self.changed()
        replaceable = [o for o in outcomes if o.replaceable]
        if replaceable and not self.in_front:
            # The arbiter has moved on: the question waits for ctrl+s again.
            self.say(
                f"{len(replaceable)} record(s) differ from those attached: ctrl+s on "
                "pane 2 offers to replace them.",
                warning=True,
            )
            return
        if replaceable:
            self._offer_replacement(message, replaceable)
            return
        self._armageddon_after(outcomes)

    def _offer_replacement(self, message: PgnImportBar.Finished, outcomes: list[Outcome]) -> None:
        """A record is already attached to the game (one with errors, or a broadcast's):
        the arbiter may put this one in its place, audited and undoable."""

        boards = "\n".join(f"  {o.board}" for o in outcomes[:8])
        more = f"\n  and {len(outcomes) - 8} more" if len(outcomes) > 8 else ""
        question = (
            f"A different record is already attached to:\n{boards}{more}\n\n"
            f"Replace it with the record from {message.name}? Its result is entered "
            "where the board has none. The record replaced stays in the audit log "
            "(ctrl+z brings it back)."
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.query_one(PgnImportBar).start(
                    self.store,
                    message.source,
                    message.name,
                    message.kind,
                    message.chosen,
                    replace=True,
                )
            else:
                self.say("Not replaced: the record attached before stays.")

        self.app.push_screen(ConfirmScreen(question, confirm="Replace"), answered)

    def _armageddon_after(self, outcomes: list[Outcome]) -> None:
        """A record that entered a drawn main game opens its Armageddon, as d does."""

        draws = [
            o
            for o in outcomes
            if o.status == "entered"
            and o.stage == "main"
            and o.result == MainResult.DRAW.value
            and o.game_id is not None
        ]
        if len(draws) != 1:
            return  # a file of many games: the pairings show every Armageddon due
        game = self.picture.game(draws[0].game_id)  # type: ignore[arg-type]
        pane = self.console.pane("pairings")
        if not (isinstance(pane, PairingsPane) and game is not None and game.armageddon_due):
            return
        if self.in_front:
            pane.open_armageddon(game)
        else:
            self.say(
                f"{game.label} drawn: its Armageddon is waiting (§2); ctrl+a opens it",
                warning=True,
                true_while=lambda: self.picture.armageddon_waits(game.id),
            )

    def unsaved(self) -> str:
        """What quitting now would lose: records typed or pasted and not attached."""
        text = self.query_one(TextArea).text
        if not text.strip() or text == self._kept_text:
            return ""
        games = text.count("[Event ")
        what = f"{games} records" if games > 1 else "a record"
        return f"Pane 2 (PGN): {what} typed or pasted, not attached (ctrl+s attaches)."

    # -- helpers -----------------------------------------------------------------------------

    def _kind(self) -> KindChoice:
        return self.query_one("#pgn-kind", Select).value  # type: ignore[return-value]

    def _chosen(self) -> GameRecord | None:
        value = self.query_one("#pgn-pairing", Select).value
        return next((g for g in self._games if g.id == value), None)


def _pairing_label(g: GameRecord) -> Text:
    return Text(f"R{g.round}.{g.board} {surname(g.white_name)}-{surname(g.black_name)}")
