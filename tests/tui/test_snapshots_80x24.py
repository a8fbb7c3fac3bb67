"""Every pane and every dialog at 80x24 (nothing an arbiter must read is cut there),
on the demo event at 19:32 on 7 June 2022, round 7. Update with
`pytest tests/tui --snapshot-update`, then look at each changed screen.

The command palette is Textual's own, its entries listed in an order that varies from run to
run: test_console checks the titles it lists instead."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable

from normtui.store import EventStore
from normtui.tui.screens.pgn_open import PgnTree
from tests.store.playoff_events import make_events
from tests.tui.helpers import console, press, race_worked, settled, to_board, until

SMALL = (80, 24)
ROOT = Path(__file__).resolve().parents[2]

Steps = Callable[[Pilot[None]], Awaitable[None]]


def keys(*pressed: str, board: int | None = None) -> Steps:
    async def run(pilot: Pilot[None]) -> None:
        await settled(pilot)
        if board is not None:
            await to_board(pilot, board)
        await press(pilot, *pressed)
        await race_worked(pilot)

    return run


def clock_keys(*pressed: str) -> Steps:
    """Pane 4, then ``pressed`` once its table of controls has its rows: a "down" pressed
    before them moved nothing, and the form then edited the first control (a loaded machine's
    flake)."""

    async def run(pilot: Pilot[None]) -> None:
        await settled(pilot)
        await press(pilot, "4")
        table = console(pilot.app).pane("clocks").query_one("#clock-controls", DataTable)
        await until(pilot, lambda: table.row_count > 0 and table.has_focus, "the controls shown")
        await press(pilot, *pressed)
        await race_worked(pilot)

    return run


@pytest.fixture
def desk_event(demo_copy: Path) -> Path:
    """The demo with a fine and two incidents in round 7, for the desk's ledgers."""
    with EventStore.open(demo_copy, actor="arbiter") as store:
        store.desk.record_arrival(7, "Radjabov", False)
        store.desk.record_incident(
            7,
            "Anand",
            "electronic_device",
            "telephone rang in the playing area during move 23",
            "game lost by Anand; the Chief Arbiter decided under §7",
        )
        store.desk.record_incident(
            7, "Giri", "other", "left the playing area without permission", "warning"
        )
    return demo_copy


PANES = {
    "pairings": keys(),
    "standings": keys("3"),
    "crosstable": keys("3", "x"),
    "clocks": keys("4"),
    "clock_form": clock_keys("down", "e"),
    "audit": keys("6"),
    "playoff_not_needed": keys("7"),
    "help": keys("question_mark"),
    "go_to_prompt": keys("colon"),
    "forfeit_question": keys("f", board=1),
    "armageddon": keys("a", board=3),
    "start_round_question": keys("]", "s"),
    "undo_question": keys("ctrl+z"),
    "time_control_question": clock_keys("down", "e", "ctrl+u", "8", "ctrl+s"),
}


@pytest.mark.parametrize("name", list(PANES))
def test_at_80x24(name: str, demo_app, snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(demo_app, terminal_size=SMALL, run_before=PANES[name])


DESK = {
    "desk": keys("5"),
    "absence_question": keys("5", "a"),
    "late_arrival_question": keys("5", "end", "p"),
    "withdrawal_question": keys("5", "end", "w"),
    "illness": keys("5", "]", "down", "l"),
    "incident": keys("5", "i"),
    "player_details": keys("5", "t"),
    "report_details": keys("5", "r"),
}


@pytest.mark.parametrize("name", list(DESK))
def test_desk_at_80x24(name: str, desk_event, make_app, snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = make_app(desk_event, preload=False)
    assert snap_compare(app, terminal_size=SMALL, run_before=DESK[name])


def test_pgn_pane_with_a_record_at_80x24(demo_app, snap_compare, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tests.tui.test_pgn_pane import PgnEntryPane, paste, real_game

    monkeypatch.setattr(PgnEntryPane, "DEBOUNCE", 0)

    async def pasted(pilot: Pilot[None]) -> None:
        await paste(pilot, real_game("Anand"))

    assert snap_compare(demo_app, terminal_size=SMALL, run_before=pasted)


def test_the_replacement_question_at_80x24(demo_app, snap_compare, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tests.tui.test_pgn_pane import PgnEntryPane, paste, real_game, settle

    monkeypatch.setattr(PgnEntryPane, "DEBOUNCE", 0)
    real = real_game("Anand")

    async def replace(pilot: Pilot[None]) -> None:
        await paste(pilot, real.replace("2. Nf3", "2. Nf4"))
        await press(pilot, "ctrl+s")
        await settle(pilot)
        await press(pilot, "ctrl+n")
        area = console(pilot.app).pane("pgn").query_one("TextArea")
        area.load_text(real)  # type: ignore[attr-defined]
        await settle(pilot)
        await press(pilot, "ctrl+s")
        await settle(pilot)

    assert snap_compare(demo_app, terminal_size=SMALL, run_before=replace)


def test_pgn_open_at_80x24(demo_app, snap_compare, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(ROOT / "assets" / "data")

    async def open_tree(pilot: Pilot[None]) -> None:
        await press(pilot, "2")
        console(pilot.app).pane("pgn").query_one("#pgn-path").value = (  # type: ignore[attr-defined]
            "norway-chess-2022"
        )
        await press(pilot, "ctrl+o")
        # The folder tree reads its folder in a worker.
        await until(
            pilot,
            lambda: bool(pilot.app.screen.query_one(PgnTree).root.children),
            "the folder's files listed",
        )
        await pilot.pause()

    assert snap_compare(demo_app, terminal_size=SMALL, run_before=open_tree)


@pytest.fixture(scope="module")
def _tied(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return make_events(tmp_path_factory.mktemp("tied-80x24"), "two")


@pytest.mark.parametrize("name", ["playoff", "playoff_start_question"])
def test_playoff_at_80x24(
    name: str,
    _tied,
    tmp_path,
    make_app,
    snap_compare,  # type: ignore[no-untyped-def]
    monkeypatch,
) -> None:
    from tests.store.playoff_events import copy_event

    monkeypatch.setattr("normtui.tui.panes.playoff.new_seed", lambda: 7)  # the seed is shown
    app = make_app(copy_event(_tied, "two", tmp_path), preload=False)
    steps = keys("7") if name == "playoff" else keys("7", "s")
    assert snap_compare(app, terminal_size=SMALL, run_before=steps)
