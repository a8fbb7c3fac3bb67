"""Pane 2, PGN entry: a pasted record checked against §2 and its pairing, attached to its board,
and a whole broadcast file imported in a worker."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, ProgressBar, Select, Static, TextArea

from normtui.assets import DATA_2022
from normtui.store import EventStore
from normtui.tui.panes.pgn_entry import AUTO, PgnEntryPane
from normtui.tui.screens.armageddon import ArmageddonScreen
from normtui.tui.widgets.pgn_findings import PgnFindings
from normtui.tui.widgets.pgn_path import complete_path
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import notes, press, until

# Topalov-Wang Hao is in progress in round 7 of the demo; here they agree a draw at move 10,
# twenty moves before §2 allows it.
EARLY_DRAW = """[Event "10th Norway Chess 2022"]
[Site "Stavanger NOR"]
[Date "2022.06.07"]
[Round "7"]
[White "Topalov, Veselin"]
[Black "Wang, Hao"]
[Result "1/2-1/2"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6
8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1/2-1/2
"""


@pytest.fixture(autouse=True)
def _no_debounce(monkeypatch: pytest.MonkeyPatch) -> None:
    # The pause after typing is for people; tests check at once and wait for the worker.
    monkeypatch.setattr(PgnEntryPane, "DEBOUNCE", 0)


def real_game(white: str) -> str:
    from normtui.pgn import split_text

    text = (DATA_2022 / "classical.pgn").read_text(encoding="utf-8")
    return next(
        g.text for g in split_text(text) if '[Round "7"]' in g.text and f'[White "{white}' in g.text
    )


async def settle(pilot) -> None:  # type: ignore[no-untyped-def]
    """Wait until the pane's checks and imports are done and what they posted is shown."""
    pane = pilot.app.screen_stack[0].query_one(PgnEntryPane)
    for _ in range(200):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if not pane.checking and not any(w.is_running for w in pilot.app.workers):
            return
    raise AssertionError("the PGN pane never settled")


async def paste(pilot, text: str) -> PgnEntryPane:  # type: ignore[no-untyped-def]
    await press(pilot, "2")
    pane = pilot.app.screen.query_one(PgnEntryPane)
    area = pane.query_one(TextArea)
    area.focus()
    pilot.app.post_message(events.Paste(text))  # as the terminal delivers a paste
    await settle(pilot)
    return pane


def option_ids(pane: PgnEntryPane) -> list[str]:
    findings = pane.query_one(PgnFindings)
    return [findings.get_option_at_index(i).id or "" for i in range(findings.option_count)]


def errors(app) -> list[str]:  # type: ignore[no-untyped-def]
    return notes(app, "error")


async def test_early_draw_is_a_finding_and_an_error_notification(demo_copy, demo_app) -> None:
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await paste(pilot, EARLY_DRAW)
        assert "finding-0-0-draw_before_move_30" in option_ids(pane)
        target = str(pane.query_one("#pgn-target", Static).render())
        assert "round 7 board 5 (Topalov-Wang)" in target
        [told] = [m for m in errors(app) if "Black's move 30" in m]
        assert "10...Nbd7" in told and "Regulations §2" in told
        # Told once: checking the same text again does not notify again.
        await press(pilot, "ctrl+r")
        await settle(pilot)
        assert len([m for m in errors(app) if "Black's move 30" in m]) == 1
        # Attached as the record of the board, but a record with an error enters no result.
        await press(pilot, "ctrl+s")
        await settle(pilot)
    with EventStore.open(demo_copy) as store:
        game = store.games.find(7, "Topalov", "Wang")
        assert game.pgn is not None and "Nbd7" in game.pgn
        assert game.result is None


async def test_a_real_game_goes_to_its_own_board_only(demo_copy, demo_app) -> None:
    """The real Anand-Radjabov of round 7: refused on a board chosen by mistake, then attached
    to its own board (found from the headers) with its result entered."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await paste(pilot, real_game("Anand"))
        assert option_ids(pane) == ["ok-0"]
        assert "round 7 board 1 (Anand-Radjabov), main game (from the headers)" in str(
            pane.query_one("#pgn-target", Static).render()
        )
        assert errors(app) == []
        pairing = pane.query_one("#pgn-pairing", Select)
        pairing.value = app.store.games.find(7, "Topalov", "Wang").id
        await settle(pilot)
        assert any("players_mismatch" in i for i in option_ids(pane))
        await press(pilot, "ctrl+s")
        await settle(pilot)
        assert app.store.games.find(7, "Topalov", "Wang").pgn is None
        pairing.value = AUTO
        await settle(pilot)
        await press(pilot, "ctrl+s")
        await settle(pilot)
        assert option_ids(pane) == ["outcome-0"]
        # The line under the text says what was done, no longer what ctrl+s would do.
        target = str(pane.query_one("#pgn-target", Static).render())
        assert "ctrl+s" not in target and "round 7 board 1 (Anand-Radjabov)" in target
        # A drawn main game: its Armageddon opens, as d does on the pairings (§2).
        assert isinstance(app.screen, ArmageddonScreen)
        assert app.screen.game.label == "round 7 board 1 (Anand-Radjabov)"
        await press(pilot, "escape")  # later
        assert pane.status.endswith("the Armageddon waits; a on the board (or ctrl+a) enters it.")
    with EventStore.open(demo_copy) as store:
        game = store.games.find(7, "Anand", "Radjabov")
        assert game.result is not None and game.result.value == "1/2-1/2"
        assert game.pgn is not None and game.pgn.startswith('[Event "10th Norway Chess 2022"]')
        assert game.armageddon_deadline is not None  # the draw opened its Armageddon (§2)
        # The record and its result are one change: one undo takes back both.
        [last] = store.audit.log(limit=1)
        assert last.action == "result"
        assert last.summary.endswith("result 1/2-1/2; main PGN attached")


async def test_importing_the_real_files_enters_every_result_and_keeps_a_conflict(
    demo_copy, demo_app
) -> None:
    with EventStore.open(demo_copy) as store:
        # An arbiter's entry the broadcast disagrees with (really 1-0): reported, not changed.
        store.games.enter_result(7, "Mamedyarov", "Giri", "0-1", correction=True)
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "2")
        pane = app.screen.query_one(PgnEntryPane)
        path_input = pane.query_one("#pgn-path", Input)
        said: list[str] = []
        for name in ("classical.pgn", "armageddon.pgn"):
            await press(pilot, "ctrl+l")
            path_input.value = str(DATA_2022 / name)
            await press(pilot, "ctrl+t")
            await settle(pilot)
            bar = pane.query_one(ProgressBar)
            assert bar.total and bar.progress == bar.total
            # Read at once: a notification expires, and a loaded machine may be slow to import.
            said += notes(app)
        summary = pane.query_one(PgnFindings).border_subtitle or ""
        assert summary.startswith("armageddon.pgn: 31 games")
        assert any("conflict" in m for m in said if "classical.pgn" in m)
    with EventStore.open(demo_copy) as store:
        games = store.games()
        assert all(g.result is not None for g in games)
        assert all(g.armageddon is not None for g in games if g.result.value == "1/2-1/2")
        assert store.games.find(7, "Mamedyarov", "Giri").result.value == "0-1"
        assert store.games.find(9, "Wang", "So").pgn is not None


async def test_a_file_that_is_not_pgn_is_one_line_not_a_traceback(demo_app, tmp_path: Path) -> None:
    garbage = tmp_path / "photo.pgn"
    garbage.write_bytes(b"\x89PNG\x00\x00\x00binary")
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "2")
        pane = app.screen.query_one(PgnEntryPane)
        pane.query_one("#pgn-path", Input).value = str(garbage)
        await press(pilot, "ctrl+t")
        await settle(pilot)
        assert any("binary data" in m for m in errors(app))


async def test_the_event_file_is_refused_as_a_pgn_file(demo_copy, demo_app) -> None:
    """Opening the event file (or its WAL) in the PGN pane, by Enter or ctrl+t,
    is refused before it is read: reading and closing it would drop the console's locks."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "2")
        pane = app.screen.query_one(PgnEntryPane)
        for name in (str(demo_copy), f"{demo_copy}-wal"):
            path_input = pane.query_one("#pgn-path", Input)
            path_input.value = name
            path_input.focus()
            await press(pilot, "enter")
            await press(pilot, "ctrl+t")
            await settle(pilot)
        refused = [m for m in errors(app) if "is the event file" in m]
        assert len(refused) == 4, errors(app)
        assert pane.query_one(TextArea).text == ""


def test_path_completion_completes_folders_and_pgn_files_only(tmp_path: Path) -> None:
    (tmp_path / "round-7").mkdir()
    (tmp_path / "round-8.pgn").write_text("")
    (tmp_path / "notes.txt").write_text("")
    assert complete_path(f"{tmp_path}/ro") == f"{tmp_path}/round-"
    assert complete_path(f"{tmp_path}/round-7") == f"{tmp_path}/round-7/"
    assert complete_path(f"{tmp_path}/no") is None


def test_snapshot_pgn_pane_with_a_violation(demo_app, snap_compare) -> None:
    async def run_before(pilot) -> None:  # type: ignore[no-untyped-def]
        pane = await paste(pilot, EARLY_DRAW)
        # On the findings: the text area's blinking cursor would make two pictures.
        await press(pilot, "tab")
        assert pane.query_one(PgnFindings).has_focus
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(demo_app, terminal_size=SNAPSHOT_SIZE, run_before=run_before)


def test_building_the_panes_imports_no_python_chess() -> None:
    """Startup budget: python-chess is imported by the first check or import, in its worker."""
    code = (
        "import sys, normtui.tui.panes.pgn_entry, normtui.tui.panes.clocks, "
        "normtui.tui.panes.desk, normtui.tui.screens.pgn_open; print('chess' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == "False"


async def test_an_attach_that_ends_while_the_arbiter_is_elsewhere_opens_nothing(
    demo_copy, demo_app, monkeypatch
) -> None:
    """ctrl+s on the drawn Anand-Radjabov, and the arbiter is on pane 3 when the import ends:
    the Armageddon does not open over pane 3 (its w/b/d would be taken as its result); the
    status line says it is waiting, and the header counts it."""
    from tests.tui.helpers import console

    app = demo_app
    held: list[object] = []
    after = PgnEntryPane._armageddon_after
    monkeypatch.setattr(
        PgnEntryPane, "_armageddon_after", lambda self, outcomes: held.append(outcomes)
    )
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await paste(pilot, real_game("Anand"))
        await press(pilot, "ctrl+s")
        await settle(pilot)
        assert len(held) == 1
        await press(pilot, "escape", "3")
        after(pane, held[0])  # type: ignore[arg-type]  # the import ends now
        await until(pilot, lambda: app.screen is console(app), "app.screen is console(app)")
        assert app.screen is console(app)
        standings = console(app).pane("standings")
        assert (
            "round 7 board 1 (Anand-Radjabov) drawn: its Armageddon is waiting (§2); "
            "ctrl+a opens it" in standings.status
        )
        assert "Armageddon waiting: 2" in console(app).sub_title


async def test_a_name_spelled_otherwise_is_said_before_and_after_attaching(demo_app) -> None:
    """ "Topalov, Veselin3" in the White tag is Topalov, and pane 2 says so: under the text
    before ctrl+s, and in what the attach did."""
    app = demo_app
    record = real_game("Topalov").replace(
        '[White "Topalov, Veselin"]', '[White "Topalov, Veselin3"]'
    )
    note = "the record's 'Topalov, Veselin3' taken for Topalov, Veselin"
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await paste(pilot, record)
        target = str(pane.query_one("#pgn-target", Static).render())
        assert f"round 7 board 5 (Topalov-Wang), main game (from the headers) ({note})" in target
        await press(pilot, "ctrl+s")
        await settle(pilot)
        target = str(pane.query_one("#pgn-target", Static).render())
        assert "ctrl+s" not in target and target.endswith(note)
    assert app.store.games.find(7, "Topalov", "Wang").pgn is not None
