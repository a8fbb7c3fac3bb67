"""Pane 8, Live (issue 12): the console follows the DGT feed, shows every board, opens the
Armageddon of a game the feed enters as drawn, and puts the feed's questions to the arbiter."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

import pytest

from normtui.feed.replay import Replay
from normtui.rules.model import MainResult
from normtui.tui.panes.live import LivePane
from normtui.tui.screens.armageddon import ArmageddonScreen
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.screens.feed_source import FeedSourceScreen
from tests.tui.conftest import NOW, SNAPSHOT_SIZE
from tests.tui.helpers import console, notes, pairings


def live(app) -> LivePane:  # type: ignore[no-untyped-def]
    pane = console(app).pane("live")
    assert isinstance(pane, LivePane)
    return pane


async def show_live(pilot, source: str | None = None) -> LivePane:  # type: ignore[no-untyped-def]
    """Pane 8 in front, watching ``source`` (once read) if given."""
    await pilot.pause()
    await pilot.press("8")
    await pilot.pause()
    pane = live(pilot.app)
    if source is not None:
        pane.start(source, None)
        pane.read_now()
        await pilot.pause()
    return pane


def replay(folder: Path, clock, until: float) -> Replay:  # type: ignore[no-untyped-def]
    """Round 7 of 2022 played into ``folder`` a move a second, up to ``until`` seconds in; the
    clock ends at the last write."""
    r = Replay(folder, 7, every=1.0, layout="per-game", now=clock)
    r.folder.mkdir(parents=True, exist_ok=True)
    for step in r.steps():
        if step.at > until:
            break
        clock.at = NOW + timedelta(seconds=step.at)
        r.write(step)
    return r


async def test_the_source_is_set_from_the_keyboard_kept_and_read(demo_app, tmp_path,
                                                                  clock) -> None:
    app = demo_app
    replay(tmp_path / "live", clock, 10)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot)
        assert "Not watching the live boards" in pane._status
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, FeedSourceScreen)
        app.screen.query_one("#feed-source").value = str(tmp_path / "live")
        await pilot.press("enter")
        await pilot.pause()
        assert app.store.feed_source() == (str(tmp_path / "live"), None)
        [entry] = [e for e in app.store.log(limit=10) if e.action == "feed source"]
        assert entry.actor == "arbiter"
        report = pane.read_now()
        await pilot.pause()
        assert report is not None and len(report.boards) == 5
        assert pane.boards.cell(report.boards[0].key, "moves") == "5"
        assert pane._status.startswith(f"Watching {tmp_path / 'live'} · read")
        board1 = next(g for g in app.store.games(7) if g.board == 1)
        # Under way already: its moves are the board's live state, not a change to the event.
        assert app.store.live_record(board1.id, "main") is not None
        assert app.store.log(limit=1)[0].action == "feed source"


async def test_a_console_opened_on_an_event_with_a_source_watches_it(demo_copy, make_app,
                                                                     tmp_path, clock) -> None:
    from normtui.store import EventStore

    with EventStore.open(demo_copy) as store:
        store.set_feed_source(str(tmp_path / "live"), 7)
    replay(tmp_path / "live", clock, 3)
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot)
        assert pane.feed is not None and pane.source == (str(tmp_path / "live"), 7)
        report = pane.read_now()
        assert report is not None and {b.board for b in report.boards} == {1, 2, 3, 4, 5}


async def test_a_draw_from_the_feed_opens_its_armageddon_timed_from_the_game_s_end(
        demo_copy, make_app, tmp_path, clock) -> None:
    r = replay(tmp_path / "live", clock, 0)
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot)
        pane.start(str(tmp_path / "live"), None)
        # Board 1 (Anand-Radjabov) to its draw, the other boards as far.
        main = next(g for g in r.games if g.number == 1)
        for step in r.steps():
            if step.game == 1 and step.finished:
                clock.at = NOW + timedelta(seconds=step.at)
                r.write(step)
                break
            if step.game <= 5:
                r.write(step)
        ended = clock.at
        clock.advance(minutes=2)  # the console reads it two minutes later
        pane.read_now()
        await pilot.pause()
        assert isinstance(app.screen, ArmageddonScreen)
        game = app.screen.game
        assert (game.board, game.result) == (1, MainResult.DRAW) and game.result_from == "feed"
        deadline = (ended + timedelta(minutes=20)).astimezone(ended.tzinfo)
        assert game.armageddon_deadline == deadline.isoformat(timespec="seconds")
        assert "18:00 left" in str(app.screen.query_one("#armageddon-window").render())
        # Its Armageddon, played on the feed (the pairing's second game), closes the screen.
        arm = next(g for g in r.games if g.armageddon and g.tags["White"] == main.tags["White"])
        for step in r.steps():
            if step.game == arm.number:
                r.write(step)
        pane.read_now()
        await pilot.pause()
        assert not isinstance(app.screen, ArmageddonScreen)
        board1 = next(g for g in app.store.games(7) if g.board == 1)
        assert board1.armageddon is not None and board1.armageddon_from == "feed"
        assert "Armageddon 1-0 from the feed" in pane.status
        # The pairings say which results the feed entered: the arbiter has not looked yet.
        await pilot.press("1")
        await pilot.pause()
        row = [str(c) for c in pairings(app).table.get_row(str(board1.id))]
        assert "½-½*f" in row and "1-0f" in row, row
        assert "f from the live boards" in str(
            pairings(app).query_one("#pairings-legend").render())


async def test_a_conflict_is_shown_and_accepted_only_when_asked(demo_app, tmp_path,
                                                                clock) -> None:
    app = demo_app
    replay(tmp_path / "live", clock, 6)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot, str(tmp_path / "live"))
        path = tmp_path / "live" / "round-7" / "game-1.pgn"
        path.write_text(path.read_text().replace("Bc5 {", "Nf6 {", 1))
        report = pane.read_now()
        await pilot.pause()
        assert report is not None and report.boards[0].conflict
        assert any("changes moves already kept" in n for n in notes(app, "warning"))
        kept = next(g for g in app.store.games(7) if g.board == 1).pgn
        pane.focus_first()
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert next(g for g in app.store.games(7) if g.board == 1).pgn == kept
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        entry = app.store.log(limit=1)[0]
        assert entry.actor == "arbiter" and "the feed's record accepted" in entry.summary


async def test_the_cursor_stays_on_its_board_as_the_feed_reads(demo_app, tmp_path,
                                                               clock) -> None:
    app = demo_app
    r = replay(tmp_path / "live", clock, 2)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot, str(tmp_path / "live"))
        pane.focus_first()
        await pilot.press("down", "down")
        await pilot.pause()
        assert pane.boards.view is not None and pane.boards.view.board == 3
        for step in r.steps()[10:40]:
            r.write(step)
        pane.read_now()
        await pilot.pause()
        assert pane.boards.view.board == 3
        assert "round 7 board 3" in str(pane.query_one("#live-detail").render())


async def test_a_folder_that_vanishes_is_one_status_line_and_nothing_written(
        demo_app, tmp_path, clock) -> None:
    app = demo_app
    replay(tmp_path / "live", clock, 4)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot, str(tmp_path / "live"))
        last = app.store.log(limit=1)[0].id
        shutil.rmtree(tmp_path / "live")
        pane.read_now()
        await pilot.pause()
        assert "is not there (any more); watching on" in pane._status
        assert app.store.log(limit=1)[0].id == last
        assert len(pane.boards.views) == 5


async def test_the_standings_say_who_can_still_finish_first(demo_app) -> None:
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause(0.2)
        line = console(app).pane("standings").query_one("#standings-race")
        assert line.text.startswith("Can still finish first or share it")  # type: ignore[attr-defined]
        assert "out of reach: Giri, Wang, Radjabov" in line.text  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [SNAPSHOT_SIZE, (80, 24)], ids=["120x40", "80x24"])
def test_live_pane_snapshot(demo_copy, make_app, tmp_path, clock, snap_compare, monkeypatch,
                            size) -> None:  # type: ignore[no-untyped-def]
    """Pane 8, 70 half-moves into round 7 of a replay; the status line names the folder as
    given ("live", in the test's folder)."""
    monkeypatch.chdir(tmp_path)
    replay(tmp_path / "live", clock, 70)
    app = make_app(demo_copy, preload=False)

    async def watch(pilot) -> None:  # type: ignore[no-untyped-def]
        await show_live(pilot, "live")

    assert snap_compare(app, terminal_size=size, run_before=watch)


def test_every_key_of_the_pane_is_in_the_palette() -> None:
    actions = {a for _t, _h, a in LivePane.PALETTE}
    assert {b.action for b in LivePane.BINDINGS} <= actions  # type: ignore[union-attr]


async def test_a_kept_source_that_is_not_there_yet_is_looked_for_again(demo_copy, make_app,
                                                                       tmp_path, clock) -> None:
    from normtui.store import EventStore

    with EventStore.open(demo_copy) as store:
        store.set_feed_source(str(tmp_path / "live"), None)
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot)
        assert pane.feed is None and "no such folder or file; tried again" in pane._status
        replay(tmp_path / "live", clock, 3)  # the board computer's folder appears
        pane.poll()
        await pilot.pause(0.3)
        assert pane.feed is not None
