"""The screens a live round changed, at 80x24: the Armageddon dialog when another terminal (or
the feed) entered its result meanwhile, a refusal's toast off the table, the question before a
round is closed, and the source dialog refusing a folder that is not there. Update with
`pytest tests/tui/test_snapshots_live_round.py --snapshot-update`, then look at each."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import TabbedContent

from normtui.store import EventStore
from normtui.tui.messages import StoreChanged
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.widgets.status_line import StatusLine
from tests.tui.helpers import console, pairings, press, settled, to_board, until
from tests.tui.test_desk_pane import finish_round_7

SMALL = (80, 24)


def test_the_armageddon_dialog_says_it_was_entered_elsewhere(
    demo_app, demo_copy: Path, snap_compare
) -> None:  # type: ignore[no-untyped-def]
    async def entered(pilot: Pilot[None]) -> None:
        await settled(pilot)
        await to_board(pilot, 3)
        await press(pilot, "a")
        with EventStore.open(demo_copy, actor="deputy") as deputy:
            deputy.games.enter_armageddon(7, "Tari", "Carlsen", "0-1")
        console(pilot.app)._poll()
        await pilot.pause()

    assert snap_compare(demo_app, terminal_size=SMALL, run_before=entered)


def test_a_refusal_toast_stays_off_the_table(demo_app, snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def refused(pilot: Pilot[None]) -> None:
        await settled(pilot)
        await press(pilot, "C")  # round 7 has boards without a result

    assert snap_compare(demo_app, terminal_size=SMALL, run_before=refused)


def test_the_question_before_a_round_is_closed(demo_app, snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def close(pilot: Pilot[None]) -> None:
        await settled(pilot)
        finish_round_7(pilot.app.store)  # type: ignore[attr-defined]
        console(pilot.app).store_changed(StoreChanged(local=True))
        # The pane says that round 8 is being played (after the next frames); arriving on
        # pane 1 again then shows round 8, and the line, no longer true, goes.
        status = pairings(pilot.app).query_one(StatusLine)
        await until(pilot, lambda: "being played now" in status.text, "round 8 said")
        # The pairings follow round 8 on arrival: [ goes back to the round to close. Each
        # step waited for: on a loaded machine the keys would otherwise meet a pane between.
        await press(pilot, "3", "1")
        tabs = console(pilot.app).query_one(TabbedContent)
        await until(
            pilot,
            lambda: tabs.active == "tab-pairings" and pairings(pilot.app).round == 8,
            "pane 1 in front, following round 8",
        )
        await press(pilot, "left_square_bracket")
        await until(pilot, lambda: pairings(pilot.app).round == 7, "round 7 shown")
        await press(pilot, "C")
        await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen), "the question")
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    assert snap_compare(demo_app, terminal_size=SMALL, run_before=close)


def test_the_source_dialog_refuses_a_folder_that_is_not_there(demo_app, snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def missing(pilot: Pilot[None]) -> None:
        await settled(pilot)
        await press(pilot, "8")
        await press(pilot, "s")
        await press(pilot, *"/nowhere/live", "enter")
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    assert snap_compare(demo_app, terminal_size=SMALL, run_before=missing)
