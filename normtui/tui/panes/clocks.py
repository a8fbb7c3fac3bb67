"""Pane 4, Clock settings: every time control of the event's profile, said as an arbiter says it
and editable (each edit audited through the store), and below, what to dial on each board now.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from normtui.rules.profile import Articles
from normtui.tui.clock_dials import dials, games_under
from normtui.tui.panes.base import PaletteBinding, Pane
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.widgets.clock_form import ClockForm
from normtui.tui.widgets.row_table import RowTable
from normtui.tui.widgets.status_line import StatusLine

# The rule book's name for each stage, and what its articles cover (the profile's [articles]
# say which articles those are). The rule book sets no blitz opener control: its line names
# the format's article, and the setting is the profile's default.
STAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "classical": ("Classical", ("main_games",)),
    "armageddon": ("Armageddon", ("main_games", "armageddon")),
    "playoff_blitz": ("Play-off blitz", ("playoff",)),
    "playoff_armageddon": ("Play-off Armageddon", ("playoff",)),
    "playoff_rapid": ("Play-off rapid", ("playoff",)),
    "playoff_sudden_death": ("Play-off sudden death", ("playoff",)),
    "blitz_opener": ("Blitz opener", ("format",)),
}


def stage_title(name: str) -> str:
    return STAGES.get(name, (name.replace("_", " ").capitalize(), ()))[0]


def stage_articles(name: str, articles: Articles) -> str:
    """The articles that set the stage's clock, as the profile numbers them ("§2, §3")."""
    topics = STAGES.get(name, ("", ()))[1]
    return ", ".join(label for t in topics if (label := getattr(articles, t)))


class ClocksPane(Pane):
    PANE_ID = "clocks"
    TITLE = "Clocks"
    BINDINGS = [
        PaletteBinding(
            "e",
            "edit",
            "Edit",
            id="clocks.edit",
            tooltip="Edit the selected time control (Enter too); saved edits are audited",
            palette="Clocks: edit the selected time control",
        ),
        PaletteBinding(
            "n",
            "dial",
            "Dial now",
            id="clocks.dial",
            tooltip="Go to the boards that need a clock set now",
            palette="Clocks: dial now",
        ),
        Binding(
            "t", "controls", "Controls", id="clocks.controls", tooltip="Back to the time controls"
        ),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Time controls (e or Enter edits the selected one)", classes="clock-heading")
        yield RowTable(id="clock-controls")
        yield ClockForm(id="clock-form")
        yield Static("Dial now", classes="clock-heading", id="clock-dial-heading")
        yield RowTable(id="clock-dial")
        yield StatusLine()

    def on_mount(self) -> None:
        controls = self.query_one("#clock-controls", RowTable)
        controls.add_column("Stage", key="stage")
        controls.add_column("Setting", key="setting")
        controls.add_column("Rule", key="rule")
        dial = self.query_one("#clock-dial", RowTable)
        dial.add_column("Bd", key="board")
        dial.add_column("Players", key="players")
        dial.add_column("Dial", key="setting")
        dial.add_column("When", key="when")
        self.query_one(ClockForm).display = False
        # The Armageddon countdowns move with the time of day, not only with the store.
        self.set_interval(1.0, self._tick)

    def redraw(self) -> None:
        table = self.query_one("#clock-controls", RowTable)
        row = table.cursor_row
        table.clear()
        profile = self.picture.profile
        unplayed = profile.unplayed_armageddons()
        for name, tc in profile.time_controls.items():
            if name in unplayed:  # no game of the event is played at it
                continue
            article = stage_articles(name, profile.articles)
            table.add_row(stage_title(name), tc.describe(), article, key=name)
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))
        self._refresh_dial()

    def _tick(self) -> None:
        # Behind another tab nobody reads the countdown: no queries then.
        if self.query_one("#clock-dial", RowTable).is_on_screen:
            self._refresh_dial()

    def _refresh_dial(self) -> None:
        table = self.query_one("#clock-dial", RowTable)
        rows = dials(self.picture, self.normtui.now())
        row = table.cursor_row
        table.clear()
        for d in rows:
            lines = max(2, d.setting.count("\n") + 1)  # mixed increments: a line each
            table.add_row(d.board, d.players, d.setting, d.when, key=d.key, height=lines)
        heading = self.query_one("#clock-dial-heading", Static)
        heading.update(
            f"Dial now: {len(rows)} board{'s' if len(rows) != 1 else ''}"
            if rows
            else "Dial now: no board needs a clock set"
        )
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))

    # -- editing -----------------------------------------------------------------------------

    def _selected(self) -> str | None:
        table = self.query_one("#clock-controls", RowTable)
        if not table.row_count:
            return None
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    def action_edit(self) -> None:
        name = self._selected()
        if name is None:
            return
        tc = self.picture.profile.time_controls[name]
        self.query_one(ClockForm).edit(name, stage_title(name), tc)

    def action_dial(self) -> None:
        self.query_one("#clock-dial", RowTable).focus()

    def action_controls(self) -> None:
        self.query_one("#clock-controls", RowTable).focus()

    @on(DataTable.RowSelected, "#clock-controls")
    def _row_selected(self) -> None:
        self.action_edit()

    @on(ClockForm.Saved)
    def _saved(self, message: ClockForm.Saved) -> None:
        """Asked first, with what the change applies to: a clock changed mid-event, a game
        in progress among them, must be a decision, not a keystroke."""

        name, tc = message.name, message.time_control
        old = self.picture.profile.time_controls.get(name)
        if old == tc:
            self._close_form()
            self.say(f"{stage_title(name)}: unchanged ({tc.describe()}).")
            return
        applies = "\n".join(f"  {line}" for line in games_under(self.picture, name))
        question = (
            f"Change the {stage_title(name)} time control?\n\n"
            f"Now: {old.describe() if old else '?'}\nNew: {tc.describe()}\n\n"
            f"It applies to:\n{applies}"
        )

        def answered(yes: bool | None) -> None:
            if not yes:
                self.query_one(ClockForm).show_error("Not saved: the change was not confirmed.")
                return
            if not self.write(self.store.set_time_control, name, tc):
                self.query_one(ClockForm).show_error("Not saved: see the message.")
                return
            self._close_form()

        self.app.push_screen(ConfirmScreen(self._reword(question), confirm="Change"), answered)

    def _close_form(self) -> None:
        self.query_one(ClockForm).display = False
        self.action_controls()

    @on(ClockForm.Cancelled)
    def _cancelled(self) -> None:
        self._close_form()
