"""In the console: after a decided play-off, pane 3 puts its winner first.

The repro: Carlsen and Mamedyarov tied on 16, Carlsen ahead on Sonneborn-Berger; the play-off
started with seed 7 (so Carlsen has White in M1 and in the Armageddon), then entered from the
keyboard in pane 7: M1 1-0 (w), M2 1-0 (w), A ½-½ (d: Black, Mamedyarov, wins). Pane 3 used
to rank Carlsen 1st with NOK 400,000.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from normtui.store import EventStore
from tests.export.conftest import TIED_16
from tests.export.event2022 import build_2022
from tests.store.playoff_events import copy_event
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import console, press, race_worked, rows_in_view, until

CARLSEN, MAMEDYAROV = "2", "5"


@pytest.fixture(scope="session")
def _tied_16(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tui-final") / "tied-16.db"
    build_2022(path, armageddon=TIED_16, with_pgn=False)
    with EventStore.open(path, actor="test") as store:
        store.playoff.start(7)
    return path


@pytest.fixture
def tied(_tied_16: Path, tmp_path: Path) -> Path:
    return copy_event({"tied": _tied_16}, "tied", tmp_path)


def _note(app) -> Static:  # type: ignore[no-untyped-def]
    return console(app).pane("standings").query_one("#standings-note", Static)


async def test_the_repro_from_the_keyboard_then_pane_3(tied: Path, make_app) -> None:
    app = make_app(tied, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "3")
        table = console(app).pane("standings").query_one("#standings-table")
        # Under way: first place shared, both prizes pending, and the line above says why.
        assert table.keys[:2] == [CARLSEN, MAMEDYAROV]  # type: ignore[attr-defined]
        assert [table.cell(k, "rank") for k in table.keys[:3]] == ["1-2", "1-2", "3"]  # type: ignore[attr-defined]
        assert table.cell(MAMEDYAROV, "prize") == "pending play-off"  # type: ignore[attr-defined]
        assert _note(app).display and "under way" in str(_note(app).render())
        await press(pilot, "7")
        for key in ("w", "w", "d"):  # M1 1-0, M2 1-0, A ½-½ (Black wins)
            await press(pilot, key)
        assert app.store.playoff().winner == 5
        await press(pilot, "3")
        assert table.keys[:3] == [MAMEDYAROV, CARLSEN, "4"]  # type: ignore[attr-defined]
        assert [table.cell(k, "rank") for k in table.keys[:3]] == ["1", "2", "3"]  # type: ignore[attr-defined]
        assert table.cell(MAMEDYAROV, "prize") == "NOK 750,000.00"  # type: ignore[attr-defined]
        assert table.cell(CARLSEN, "prize") == "NOK 400,000.00"  # type: ignore[attr-defined]
        assert str(_note(app).render()) == (
            "Places 1-2 decided by the play-off (§5): Mamedyarov, Shakhriyar won it."
        )
        await race_worked(pilot)  # the race line follows from its thread
        race = console(app).pane("standings").query_one("#standings-race", Static)
        assert str(race.render()) == (  # not "the play-off decides" any more
            "Places 1-2 decided by the play-off (§5): Mamedyarov, Shakhriyar won it"
        )
        # Pane 7 lists the money in the same order.
        outcome = str(console(app).pane("playoff").query_one("#playoff-outcome", Static).render())
        assert "Prize money: Mamedyarov NOK 750,000.00 · Carlsen NOK 400,000.00" in outcome


async def test_a_result_from_another_process_reorders_pane_3(tied: Path, make_app) -> None:
    """The Armageddon entered from the command line while the console shows pane 3: the
    next poll puts the winner first there too."""
    app = make_app(tied, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "3")
        with EventStore.open(tied, actor="deputy") as other:
            for game, result in (("M1", "1-0"), ("M2", "1-0"), ("A", "1/2-1/2")):
                other.playoff.enter_result(game, result)
        console(app)._poll()
        table = console(app).pane("standings").query_one("#standings-table")
        await until(pilot, lambda: table.keys[0] == MAMEDYAROV, "the winner first")  # type: ignore[attr-defined]
        assert table.keys[0] == MAMEDYAROV  # type: ignore[attr-defined]
        assert table.cell(MAMEDYAROV, "rank") == "1"  # type: ignore[attr-defined]


def _decided(tied: Path) -> Path:
    with EventStore.open(tied, actor="test") as store:
        for game, result in (("M1", "1-0"), ("M2", "1-0"), ("A", "1/2-1/2")):
            store.playoff.enter_result(game, result)
    return tied


@pytest.mark.parametrize("size", [SNAPSHOT_SIZE, (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("keys", [["3"], ["3", "x"]], ids=["table", "crosstable"])
def test_snapshot_of_pane_3_after_the_play_off(
    tied: Path, make_app, snap_compare, keys, size
) -> None:  # type: ignore[no-untyped-def]
    async def show(pilot) -> None:  # type: ignore[no-untyped-def]
        await press(pilot, *keys)
        await race_worked(pilot)

    assert snap_compare(
        make_app(_decided(tied), preload=False), run_before=show, terminal_size=size
    )


@pytest.mark.parametrize("keys", [["3"], ["3", "x"]], ids=["table", "crosstable"])
async def test_after_the_last_round_80x24_shows_the_whole_field(tied: Path, make_app, keys) -> None:
    """The play-off's line once (the race line under the table would repeat it), the legend
    on one line, and all ten players under them."""
    app = make_app(_decided(tied), preload=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, *keys)
        pane = console(app).pane("standings")
        table = pane.query_one("#crosstable" if "x" in keys else "#standings-table")
        shown = rows_in_view(table)  # type: ignore[arg-type]
        assert len(shown) == 10 and "Mamedyarov" in shown[MAMEDYAROV]
        assert _note(app).display and not pane.query_one("#standings-race").display
        assert pane.query_one("#standings-legend").outer_size.height == 1
