"""Pane 4, Clock settings: the profile's time controls as an arbiter says them (§2, §3, §5),
edited with validation and audited, and what to dial on each board now."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Static

from normtui.store import EventStore
from normtui.tui.panes.clocks import ClocksPane
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.widgets.clock_form import ClockForm
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import press, until


async def show(pilot) -> ClocksPane:  # type: ignore[no-untyped-def]
    await press(pilot, "4")
    return pilot.app.screen.query_one(ClocksPane)


def cells(table: DataTable[object], column: str) -> list[str]:
    return [str(table.get_cell(row, column)) for row in table.rows]


async def edit_armageddon(pilot, values: dict[str, str]) -> ClocksPane:  # type: ignore[no-untyped-def]
    """From the keyboard: the Armageddon row (the second), e, type the changed fields, ctrl+s."""
    pane = await show(pilot)
    pane.query_one("#clock-controls", DataTable).move_cursor(row=1)
    await press(pilot, "e")
    for key, value in values.items():
        field = pane.query_one(f"#clock-{key}", Input)
        field.focus()
        await press(pilot, "ctrl+u", *value)
    await press(pilot, "ctrl+s")
    return pane


async def test_the_controls_as_said_and_what_to_dial_now(demo_copy, demo_app, clock) -> None:
    """Every stage described as an arbiter says it (§2, §3, §5). Round 7 at 19:32: boards 1
    and 5 play the classical game; Tari-Carlsen were drawn at 19:21 and their Armageddon must
    start by 19:41 (§2), Tari keeping White."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show(pilot)
        table = pane.query_one("#clock-controls", DataTable)
        assert cells(table, "stage") == [
            "Classical",
            "Armageddon",
            "Play-off blitz",
            "Play-off Armageddon",
            "Blitz opener",
        ]
        assert cells(table, "setting")[:3] == [
            "120' + 10\" from move 41",
            "White 10', Black 7', +1\" from move 41",
            "3' + 2\"",
        ]
        dial = pane.query_one("#clock-dial", DataTable)
        assert cells(dial, "board") == ["7.1", "7.3", "7.5"]
        assert cells(dial, "setting") == [
            "120' each\n+10\" from move 41",
            "Tari 10', Carlsen 7'\n+1\" from move 41",
            "120' each\n+10\" from move 41",
        ]
        assert cells(dial, "when") == [
            "in progress",
            "Armageddon by 19:41\n09:00 left",
            "in progress",
        ]
        clock.advance(minutes=10)
        # The countdown follows the clock (its next tick), not only the store.
        await until(
            pilot,
            lambda: cells(dial, "when")[1] == "Armageddon by 19:41\nOVERDUE 01:00",
            "the countdown overdue",
        )


async def test_an_invalid_edit_saves_nothing_and_a_valid_one_is_audited(
    demo_copy, demo_app
) -> None:
    with EventStore.open(demo_copy) as store:
        before = len(store.audit.log())
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await edit_armageddon(pilot, {"white-sec": "75"})
        form = pane.query_one(ClockForm)
        assert form.display
        error = str(form.query_one("#clock-form-error", Static).render())
        assert error == "Not saved. White seconds: 75 is not between 0 and 59"
        await press(pilot, "ctrl+u", "0", "tab", "ctrl+u", "0", "tab", "ctrl+u", "0")
        await press(pilot, "ctrl+s")
        assert "Black minutes: a clock cannot start at 0:00" in str(
            form.query_one("#clock-form-error", Static).render()
        )
        await press(pilot, "escape")
        assert not form.display
        assert len(app.store.audit.log()) == before  # nothing saved, nothing audited
        assert app.store.profile.time_controls["armageddon"].white_seconds == 600

        await edit_armageddon(pilot, {"black-min": "6", "increment": "2"})
        # Asked first, with what it applies to: the Armageddon due on board 3.
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.query_one("#question", Static).render())
        assert "Now: White 10', Black 7', +1\" from move 41" in question
        assert "New: White 10', Black 6', +2\" from move 41" in question
        assert "round 7 board 3 (Tari-Carlsen): its Armageddon is due now" in question
        await press(pilot, "y")
        assert not form.display
        table = pane.query_one("#clock-controls", DataTable)
        assert cells(table, "setting")[1] == "White 10', Black 6', +2\" from move 41"
        assert cells(pane.query_one("#clock-dial", DataTable), "setting")[1] == (
            "Tari 10', Carlsen 6'\n+2\" from move 41"
        )
    with EventStore.open(demo_copy) as store:
        assert store.profile.time_controls["armageddon"].black_seconds == 360
        assert len(store.audit.log()) == before + 1
        assert store.audit.log(limit=1)[0].summary == (
            "time control armageddon: White 10', Black 6', +2\" from move 41 "
            "(was White 10', Black 7', +1\" from move 41)"
        )


async def test_a_control_of_several_periods_is_edited_in_the_form(demo_copy, demo_app) -> None:
    """The Candidates' 120'/40 + 60'/20 + 15' + 30" from move 61: the first period in the
    first row, its moves and the periods after it in the second; saved, it is shown whole and
    read back into the same fields."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show(pilot)
        pane.query_one("#clock-controls", DataTable).move_cursor(row=0)
        await press(pilot, "e")
        typed = {"increment": "30", "from-move": "61", "moves": "40", "then": "60/20, 15"}
        for key, value in typed.items():
            pane.query_one(f"#clock-{key}", Input).focus()
            await press(pilot, "ctrl+u", *value)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.query_one("#question", Static).render())
        assert "New: 120'/40 + 60'/20 + 15' + 30\" from move 61" in question
        await press(pilot, "y")
        table = pane.query_one("#clock-controls", DataTable)
        assert cells(table, "setting")[0] == "120'/40 + 60'/20 + 15' + 30\" from move 61"
        await press(pilot, "e")
        form = pane.query_one(ClockForm)
        assert (form.values().values["moves"], form.values().values["then"]) == ("40", "60/20, 15")
        # A second period's moves left out is named, and nothing is saved.
        pane.query_one("#clock-then", Input).focus()
        await press(pilot, "ctrl+u", *"60, 15")
        await press(pilot, "ctrl+s")
        assert "Later periods: '60' is followed by another period: say its moves" in str(
            form.query_one("#clock-form-error", Static).render()
        )
    with EventStore.open(demo_copy) as store:
        tc = store.profile.time_controls["classical"]
        assert (tc.moves, [p.moves for p in tc.later]) == (40, [20, 0])


def test_snapshot_clocks_pane(demo_app, snap_compare) -> None:
    assert snap_compare(demo_app, press=["4"], terminal_size=SNAPSHOT_SIZE)


@pytest.mark.parametrize("typed", ["²", "٣", "1e3", "-5", " "])
def test_a_digit_that_is_not_ascii_is_refused_by_name_not_a_crash(typed: str) -> None:
    """`²` passes str.isdigit() and then breaks int(); the form and the go-to prompt
    take ASCII digits only."""
    from normtui.tui.widgets.clock_form import ClockFormError, ClockValues
    from normtui.tui.widgets.go_to import settled

    with pytest.raises(ClockFormError, match=r"White minutes: .*not a whole number"):
        ClockValues({"white-min": typed})._int("white-min", 0, 600)
    assert settled(typed, range(1, 6)) is None


def test_a_control_the_form_cannot_show_whole_is_not_saved_from_it() -> None:
    """Later periods with a clock for each colour, or an increment of their own, have no field
    in the form: it says so and saves nothing, rather than dropping them."""
    from normtui.rules.profile import Period, TimeControl
    from normtui.rules.time_control import with_periods
    from normtui.tui.widgets.clock_form import fits_the_form

    candidates = with_periods(
        TimeControl(7200, 7200, 30, 61), 40, [(20, 3600, 3600), (0, 900, 900)]
    )
    assert fits_the_form(candidates) and fits_the_form(TimeControl(600, 420, 1, 41))
    own_increment = TimeControl(5400, 5400, 30, 1, moves=40, later=(Period(0, 1800, 1800, 10, 41),))
    own_times = TimeControl(5400, 5400, 30, 1, moves=40, later=(Period(0, 1800, 1500, 30, 41),))
    assert not fits_the_form(own_increment) and not fits_the_form(own_times)


def test_the_dial_says_each_periods_own_increment() -> None:
    """A control whose periods earn different increments is dialled with each increment and
    its moves, a line each, as the scoresheets say them; one increment stays one line."""
    from normtui.rules.profile import Period, TimeControl
    from normtui.tui.clock_dials import _setting

    mixed = TimeControl(5400, 5400, 10, 1, moves=40, later=(Period(0, 1800, 1800, 30, 41),))
    assert _setting(mixed, "Aune", "Berg").splitlines() == [
        "90'/40 + 30' each",
        '+ 10" a move to move 40,',
        'then + 30" a move from move 41',
    ]
    assert _setting(TimeControl(7200, 7200, 10, 41), "Aune", "Berg") == (
        "120' each\n+10\" from move 41"
    )
