"""Snapshots of panes 1, 3 and 6, the Armageddon screen and the help, at 120x40 on the demo
event at 19:32 on 7 June 2022 (update with `pytest tests/tui --snapshot-update`, then look)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import press, race_worked, settled, to_board


def test_pairings(demo_app, snap_compare) -> None:
    assert snap_compare(demo_app, terminal_size=SNAPSHOT_SIZE)


def test_armageddon_waiting_for_its_start(demo_app, snap_compare) -> None:
    async def open_board_3(pilot: Pilot[None]) -> None:
        await settled(pilot)
        await to_board(pilot, 3)
        await press(pilot, "a")

    assert snap_compare(demo_app, terminal_size=SNAPSHOT_SIZE, run_before=open_board_3)


def test_standings(demo_app, snap_compare) -> None:
    async def show_standings(pilot: Pilot[None]) -> None:
        await press(pilot, "3")
        await race_worked(pilot)

    assert snap_compare(demo_app, terminal_size=SNAPSHOT_SIZE, run_before=show_standings)


def test_crosstable(demo_app, snap_compare) -> None:
    assert snap_compare(demo_app, press=["3", "x"], terminal_size=SNAPSHOT_SIZE)


def test_audit_log(demo_app, snap_compare) -> None:
    assert snap_compare(demo_app, press=["6"], terminal_size=SNAPSHOT_SIZE)


def test_help(demo_app, snap_compare) -> None:
    assert snap_compare(demo_app, press=["question_mark"], terminal_size=SNAPSHOT_SIZE)


def test_the_first_frame_while_the_store_opens(demo_copy, snap_compare, monkeypatch) -> None:
    """`normtui demo.db` before the store is open: the console's frame, the event's name (read
    by the launcher), "Opening …" where the pairings go. The opening thread is held back until
    the snapshot is taken."""
    from normtui.tui.app import NormtuiApp
    from tests.tui.helpers import hold_store_opening

    release = hold_store_opening(monkeypatch)
    monkeypatch.chdir(demo_copy.parent)
    app = NormtuiApp(
        Path("demo.db"), poll_seconds=0, show_clock=False, event_name="Norway Chess 2022"
    )
    app.animation_level = "none"
    leave = app.exit

    def exit_(*args, **kwargs):  # type: ignore[no-untyped-def]
        release.set()  # the screenshot is taken: let the thread finish before the app ends
        leave(*args, **kwargs)

    monkeypatch.setattr(app, "exit", exit_)
    try:
        assert snap_compare(app, terminal_size=SNAPSHOT_SIZE)
    finally:
        release.set()
