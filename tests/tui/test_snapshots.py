"""Snapshots of panes 1, 3 and 6, the Armageddon screen and the help, at 120x40 on the demo
event at 19:32 on 7 June 2022 (update with `pytest tests/tui --snapshot-update`, then look)."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import to_board


def test_pairings(demo_app, snap_compare) -> None:
    assert snap_compare(demo_app, terminal_size=SNAPSHOT_SIZE)


def test_armageddon_waiting_for_its_start(demo_app, snap_compare) -> None:
    async def open_board_3(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await to_board(pilot, 3)
        await pilot.press("a")

    assert snap_compare(demo_app, terminal_size=SNAPSHOT_SIZE, run_before=open_board_3)


def test_standings(demo_app, snap_compare) -> None:
    assert snap_compare(demo_app, press=["3"], terminal_size=SNAPSHOT_SIZE)


def test_crosstable(demo_app, snap_compare) -> None:
    assert snap_compare(demo_app, press=["3", "x"], terminal_size=SNAPSHOT_SIZE)


def test_audit_log(demo_app, snap_compare) -> None:
    assert snap_compare(demo_app, press=["6"], terminal_size=SNAPSHOT_SIZE)


def test_help(demo_app, snap_compare) -> None:
    assert snap_compare(demo_app, press=["question_mark"], terminal_size=SNAPSHOT_SIZE)
