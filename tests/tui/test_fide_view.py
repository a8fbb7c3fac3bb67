"""Pane 3's third view, r: FIDE's numbers of every player (the rating change, K, Ra and Rp of
B.02 §8; the title norms of B.01 §1.4), read only while shown and again after every change."""

from __future__ import annotations

from pathlib import Path

from normtui.tui.widgets.fide_table import FideTable
from tests.fide_events import norm_event
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import console, press, rows_in_view, until


def _fide(app) -> FideTable:  # type: ignore[no-untyped-def]
    return console(app).pane("standings").query_one(FideTable)


async def test_r_shows_the_rating_changes_and_back(demo_app) -> None:  # type: ignore[no-untyped-def]
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "3")
        await until(pilot, lambda: "standings" in console(app)._panes, "the standings")
        pane = console(app).pane("standings")
        assert not _fide(app).has_content()  # not read until shown
        await press(pilot, "r")
        await until(pilot, lambda: pane.view == "fide-table", "the FIDE view")
        table = _fide(app)
        assert table.cell("2", "change") == "+3.7" and table.cell("2", "k") == "10"
        assert table.column("rp")[:2] == ["2756", "2901"]
        legend = str(pane.query_one("#standings-legend").render())
        assert "Armageddon is not rated" in legend and "B.02 §8" in legend
        # A result entered: the view is read again with the pane.
        before = table.cell("8", "change")
        app.store.games.enter_result(7, "Topalov", "Wang", "1-0")
        pane.reload()
        await until(
            pilot,
            lambda: table.cell("8", "change") != before,
            "the assertion below",
        )
        assert table.cell("8", "change") != before
        await press(pilot, "r")
        await until(pilot, lambda: pane.view == "standings-table", "the table again")


async def test_norms_met_and_possible(tmp_path: Path, make_app) -> None:  # type: ignore[no-untyped-def]
    norm_event(tmp_path / "norm.db", through=5).close()
    app = make_app(tmp_path / "norm.db", preload=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "3")
        await until(pilot, lambda: "standings" in console(app)._panes, "the standings")
        await press(pilot, "r")
        pane = console(app).pane("standings")
        await until(pilot, lambda: _fide(app).has_content(), "the FIDE view")
        norms = _fide(app).cell("1", "norms")
        assert norms.startswith("GM needs") and "of 4 left" in norms
        assert rows_in_view(_fide(app))
        assert pane.view == "fide-table"
