"""Keys typed ahead reach the dialog the key before them opened, in order: each test types the
key that opens a dialog and the answer in one burst, as a terminal delivers what an arbiter
types fast (``typed_at_once``: all keys read before the first is handled). Before the console
dispatched each key after the one before it (normtui.tui.key_order), the keys went to the
control under the dialog, and the dialog kept its prefilled values. One console for every
kind of dialog (its start is most of the time)."""

from __future__ import annotations

from textual.widgets import DataTable

from normtui.tui.panes.desk import PlayerDeskPane
from normtui.tui.screens.desk_details import ReportDetailsScreen
from normtui.tui.widgets.clock_form import ClockForm
from normtui.tui.widgets.desk_arrivals import DeskArrivals
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import built, console, pairings, typed_at_once, until


async def test_keys_typed_with_the_key_that_opens_a_dialog_answer_it(demo_app) -> None:
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await until(pilot, lambda: console(app).settled, "the console settled")
        # A field dialog: the round's date and start.
        typed_at_once(app, "D", *"2026-12-04", "enter", *"16:00", "enter")
        await until(pilot, lambda: app.store.rounds()[6].date == "2026-12-04", "round 7 dated")
        assert app.store.rounds()[6].start_time == "16:00"
        assert app.screen is console(app)

        # The question undo asks, answered at once; then ":" and a board's number.
        typed_at_once(app, "ctrl+z", "y", "colon", "4")
        await until(pilot, lambda: app.store.rounds()[6].date == "2022-06-07", "undone")
        table = pairings(app).table
        await until(pilot, lambda: table.games[table.cursor_row].board == 4, "on board 4")
        assert app.screen is console(app)

        # Pane 5 built by its key, player 3 absent and fined: the question's f.
        typed_at_once(app, "5", "down", "down", "a", "f")
        await until(pilot, lambda: len(app.store.desk.fines()) == 1, "the fine")
        assert app.store.desk.fines()[0].player.number == 3
        pane = await built(pilot, "desk")
        assert isinstance(pane, PlayerDeskPane)
        await until(pilot, lambda: pane.query_one(DeskArrivals).selected.number == 4, "on 4")
        # A choice: p on player 3, absent, then c: the record corrected, the fine cancelled.
        typed_at_once(app, "up", "p", "c")
        await until(pilot, lambda: app.store.desk.fines() == [], "the fine cancelled")
        await until(pilot, lambda: app.screen is console(app), "the choice closed")
        typed_at_once(app, "down")

        # An incident: its description, Enter to the decision, Enter records.
        typed_at_once(app, "i", *"phone rang", "enter", *"game lost", "enter")
        await until(pilot, lambda: len(app.store.desk.incidents()) == 1, "the incident")
        [incident] = app.store.desk.incidents()
        assert (incident.player.number, incident.decision) == (4, "game lost")
        await until(pilot, lambda: app.screen is console(app), "the dialog closed")

        # The rating report's details: its first field typed into, ctrl+s records.
        typed_at_once(app, "r", "ctrl+u", *"Oslo", "ctrl+s")
        await until(pilot, lambda: app.store.event.details.city == "Oslo", "the city")
        assert not isinstance(app.screen, ReportDetailsScreen)

        # The Armageddon's control (the second row): Black 6', asked first, y.
        typed_at_once(app, "4", "down", "e", "tab", "tab", "ctrl+u", "6", "ctrl+s", "y")
        await until(
            pilot,
            lambda: app.store.profile.time_controls["armageddon"].black_seconds == 360,
            "the Armageddon's Black 6'",
        )
        pane = await built(pilot, "clocks")
        await until(pilot, lambda: not pane.query_one(ClockForm).display, "the form closed")
        assert pane.query_one("#clock-controls", DataTable).cursor_row == 1
