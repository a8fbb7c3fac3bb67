"""Pane 8 under a dialog: the feed reads on, and the pane is drawn again only once the dialog
has gone (Textual draws the whole dimmed screen behind a dialog for every change in it)."""

from __future__ import annotations

from normtui.tui.screens.confirm import ConfirmScreen
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import press, until
from tests.tui.test_live_pane import replay, show_live


async def test_the_live_pane_is_not_drawn_under_a_dialog_and_catches_up_after(
    demo_app, tmp_path, clock
) -> None:
    app = demo_app
    played = replay(tmp_path / "live", clock, 10)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot, str(tmp_path / "live"))
        key = pane.report.boards[0].key  # type: ignore[union-attr]
        assert pane.boards.cell(key, "moves") == "5"  # moves, not half-moves
        app.push_screen(ConfirmScreen("Stop watching the live boards?"))
        await pilot.pause()
        for step in played.steps():
            if 10 < step.at <= 14:
                played.write(step)
        report = pane.read_now()
        await pilot.pause()
        # Read and acted on, not drawn: the dialog's background stays as it was.
        assert report is not None and report.boards[0].plies == 14
        assert pane.boards.cell(key, "moves") == "5"
        await press(pilot, "n")
        pane.read_now()
        await until(
            pilot,
            lambda: pane.boards.cell(key, "moves") == "7",
            "the assertion below",
        )
        assert pane.boards.cell(key, "moves") == "7"
