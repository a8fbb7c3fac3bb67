"""Pane 8, Live: the console follows the DGT feed, shows every board, opens the
Armageddon of a game the feed enters as drawn, and puts the feed's questions to the arbiter."""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from normtui.demo.replay import Replay
from normtui.rules.model import MainResult
from normtui.store.values import surname
from normtui.tui.panes.live import LivePane, _detail_text
from normtui.tui.screens.armageddon import ArmageddonScreen
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.screens.feed_source import FeedSourceScreen
from normtui.tui.widgets.live_race import LiveRace
from tests.tui.conftest import NOW, SNAPSHOT_SIZE
from tests.tui.helpers import (
    console,
    notes,
    pairings,
    press,
    race_worked,
    rows_in_view,
    settled,
    to_board,
    until,
)


def live(app) -> LivePane:  # type: ignore[no-untyped-def]
    pane = console(app).pane("live")
    assert isinstance(pane, LivePane)
    return pane


async def show_live(pilot, source: str | None = None) -> LivePane:  # type: ignore[no-untyped-def]
    """Pane 8 in front, watching ``source`` (once read) if given."""
    await press(pilot, "8")
    pane = live(pilot.app)
    if source is not None:
        pane.start(source, None)
        pane.read_now()
    await race_worked(pilot)
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


async def test_the_source_is_set_from_the_keyboard_kept_and_read(demo_app, tmp_path, clock) -> None:
    app = demo_app
    replay(tmp_path / "live", clock, 10)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot)
        assert "Not watching the live boards" in pane._status
        await press(pilot, "s")
        assert isinstance(app.screen, FeedSourceScreen)
        app.screen.query_one("#feed-source").value = str(tmp_path / "live")
        await press(pilot, "enter")
        # The round offered is the round being played: followed from one round to the next.
        assert app.store.feed.source() == (str(tmp_path / "live"), 7)
        [entry] = [e for e in app.store.audit.log(limit=10) if e.action == "feed source"]
        assert entry.actor == "arbiter"
        report = pane.read_now()
        await until(
            pilot,
            lambda: report is not None and len(report.boards) == 5,
            "report is not None and len(report.boards) == 5",
        )
        assert report is not None and len(report.boards) == 5
        assert pane.boards.cell(report.boards[0].key, "moves") == "5"
        # The path as much of it as fits beside the rest of the line (its last folders).
        assert pane._status.startswith("Watching ")
        assert "/live (round 7) · read " in pane._status
        board1 = next(g for g in app.store.games(7) if g.board == 1)
        # Under way already: its moves are the board's live state, not a change to the event.
        assert app.store.feed.live_record(board1.id, "main") is not None
        assert app.store.audit.log(limit=1)[0].action == "feed source"


async def test_a_console_opened_on_an_event_with_a_source_watches_it(
    demo_copy, make_app, tmp_path, clock
) -> None:
    from normtui.store import EventStore

    with EventStore.open(demo_copy) as store:
        store.feed.set_source(str(tmp_path / "live"), 7)
    replay(tmp_path / "live", clock, 3)
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot)
        assert pane.feed is not None and pane.source == (str(tmp_path / "live"), 7)
        report = pane.read_now()
        assert report is not None and {b.board for b in report.boards} == {1, 2, 3, 4, 5}


def to_draw(r: Replay, clock) -> datetime:  # type: ignore[no-untyped-def]
    """Board 1 (Anand-Radjabov) played into the folder to its draw, the other boards as far;
    the time the draw ended."""
    for step in r.steps():
        if step.game == 1 and step.finished:
            clock.at = NOW + timedelta(seconds=step.at)
            r.write(step)
            return clock.at
        if step.game <= 5:
            r.write(step)
    raise AssertionError("board 1 never ends")


def play_armageddon(r: Replay) -> None:
    """Board 1's Armageddon (the pairing's second game) played into the folder."""
    main = next(g for g in r.games if g.number == 1)
    arm = next(g for g in r.games if g.armageddon and g.tags["White"] == main.tags["White"])
    for step in r.steps():
        if step.game == arm.number:
            r.write(step)


def watch_pushes(app) -> list[object]:  # type: ignore[no-untyped-def]
    """Every screen pushed from now on (a dialog, a menu), in order."""
    pushed: list[object] = []
    push = app.push_screen

    def recorded(screen, *args, **kwargs):  # type: ignore[no-untyped-def]
        pushed.append(screen)
        return push(screen, *args, **kwargs)

    app.push_screen = recorded
    return pushed


async def test_a_draw_from_the_feed_opens_nothing_and_waits_for_the_arbiter_s_key(
    demo_copy, make_app, tmp_path, clock
) -> None:
    r = replay(tmp_path / "live", clock, 0)
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot)
        pane.start(str(tmp_path / "live"), None)
        pushed = watch_pushes(app)
        ended = to_draw(r, clock)
        clock.advance(minutes=2)  # the console reads it two minutes later
        pane.read_now()
        await until(pilot, lambda: "ctrl+a opens it" in pane.status, "said on the status line")
        # Nothing opened: said on the status line and counted in the header (the demo's
        # board 3 waits too).
        assert pushed == [] and app.screen is console(app)
        board1 = next(g for g in app.store.games(7) if g.board == 1)
        assert (board1.result, board1.result_from, board1.armageddon) == (
            MainResult.DRAW,
            "feed",
            None,
        )
        deadline = (ended + timedelta(minutes=20)).astimezone(ended.tzinfo)
        assert board1.armageddon_deadline == deadline
        assert (
            "round 7 board 1 (Anand-Radjabov) drawn on the live boards: its Armageddon "
            "is waiting, to start by" in pane.status
        )
        assert "ctrl+a opens it" in pane.status
        # The live pane's own line names the boards waiting, round.board.
        pane.read_now()
        assert "Armageddon waiting: 7.3, 7.1 (ctrl+a)" in pane._status
        await until(
            pilot,
            lambda: "Armageddon waiting: 2" in console(app).sub_title,
            "the assertion below",
        )
        assert "Armageddon waiting: 2" in console(app).sub_title
        # ctrl+a opens the one to start first (the demo's board 3), then the next: board 1,
        # its window counted from the game's end.
        await press(pilot, "ctrl+a")
        assert isinstance(app.screen, ArmageddonScreen) and app.screen.game.board == 3
        assert pairings(app).shown
        await press(pilot, "escape", "ctrl+a")
        assert isinstance(app.screen, ArmageddonScreen) and app.screen.game.board == 1
        assert pairings(app).table.game.board == 1
        assert "18:00 left" in str(app.screen.query_one("#armageddon-window").render())
        # Its Armageddon, played on the feed meanwhile: the dialog says so and stays open (a
        # dialog closed by the feed hands the next key to the pane under it).
        play_armageddon(r)
        pane.read_now()
        await until(
            pilot,
            lambda: isinstance(app.screen, ArmageddonScreen),
            "isinstance(app.screen, ArmageddonScreen)",
        )
        assert isinstance(app.screen, ArmageddonScreen)
        said = str(app.screen.query_one("#armageddon-entered").render())
        assert "Already entered by the live boards: 1-0" in said
        board1 = next(g for g in app.store.games(7) if g.board == 1)
        assert board1.armageddon is not None and board1.armageddon_from == "feed"
        # A key now is a correction, asked first.
        await press(pilot, "b")
        assert isinstance(app.screen, ConfirmScreen)
        assert "Correct the Armageddon of round 7 board 1" in app.screen.question
        await press(pilot, "escape")
        assert next(g for g in app.store.games(7) if g.board == 1).armageddon == board1.armageddon
        assert "Armageddon 1-0 from the live boards" in pairings(app).status
        row = [str(c) for c in pairings(app).table.get_row(str(board1.id))]
        assert "½-½*f" in row and "1-0f" in row, row
        assert "f from the live boards" in str(pairings(app).query_one("#pairings-legend").render())
        assert "Armageddon waiting: 1" in console(app).sub_title


async def test_keys_typed_while_the_feed_enters_a_draw_reach_no_dialog(
    demo_copy, make_app, tmp_path, clock
) -> None:
    """The arbiter types w, b, d and pane keys all the while the feed reads the draw of board
    1 in its thread: no dialog the arbiter did not open appears, no Armageddon is entered;
    then the arbiter opens it and enters it by key."""
    r = replay(tmp_path / "live", clock, 0)
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot)
        pane.start(str(tmp_path / "live"), None)
        pane.read_now()
        before = {g.id: g.armageddon for g in app.store.games()}
        last = app.store.audit.log(limit=1)[0].id
        pushed = watch_pushes(app)
        to_draw(r, clock)
        keys = ["w", "b", "d", "3", "w", "d", "b", "8", "w", "b", "d", "6", "d", "w", "3"]
        for _ in range(3):
            pane.poll()  # the feed's read, in its thread, as the console does it
            for key in keys:
                await press(pilot, key)
                assert app.screen is console(app), (key, app.screen)
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert pushed == []
        games = app.store.games()
        board1 = next(g for g in games if g.round == 7 and g.board == 1)
        assert board1.result is MainResult.DRAW and board1.result_from == "feed"
        assert {g.id: g.armageddon for g in games} == before
        new = [e for e in app.store.audit.log(limit=200) if e.id > last]
        assert {e.actor for e in new} <= {"feed"}, new  # nothing under the arbiter's name
        # The arbiter opens it (twice ctrl+a: the demo's board 3 must start first; or a on
        # the board in the pairings) and enters what was played.
        await press(pilot, "ctrl+a", "escape", "ctrl+a")
        assert isinstance(app.screen, ArmageddonScreen) and app.screen.game.id == board1.id
        await press(pilot, "escape")
        await to_board(pilot, 1)
        await press(pilot, "a")
        assert isinstance(app.screen, ArmageddonScreen) and app.screen.game.id == board1.id
        await press(pilot, "b")
        board1 = app.store.games.get(board1.id)
        assert board1.armageddon is not None and board1.armageddon.value == "0-1"
        assert board1.armageddon_from != "feed"
        assert app.store.audit.log(limit=1)[0].actor == "arbiter"


async def test_a_conflict_is_shown_and_accepted_only_when_asked(demo_app, tmp_path, clock) -> None:
    app = demo_app
    replay(tmp_path / "live", clock, 6)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot, str(tmp_path / "live"))
        path = tmp_path / "live" / "round-7" / "game-1.pgn"
        path.write_text(path.read_text().replace("Bc5 {", "Nf6 {", 1))
        report = pane.read_now()
        await until(
            pilot,
            lambda: report is not None and report.boards[0].conflict,
            "report is not None and report.boards[0].conflict",
        )
        assert report is not None and report.boards[0].conflict
        await until(
            pilot,
            lambda: any("changes moves already kept" in n for n in notes(app, "warning")),
            "the conflict's warning",
        )
        kept = next(g for g in app.store.games(7) if g.board == 1).pgn
        pane.focus_first()
        await press(pilot, "a")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert next(g for g in app.store.games(7) if g.board == 1).pgn == kept
        await press(pilot, "a")
        await press(pilot, "y")
        entry = app.store.audit.log(limit=1)[0]
        assert entry.actor == "arbiter" and "the feed's record accepted" in entry.summary


async def test_taking_a_record_that_ends_otherwise_says_the_signed_result_stays(
    demo_app, tmp_path, clock
) -> None:
    """Board 1 is entered 0-1 and signed by White; the feed's conflicting record ends 1-0:
    the question says the result stays, the record will disagree, and check reports it."""
    app = demo_app
    replay(tmp_path / "live", clock, 6)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot, str(tmp_path / "live"))
        board1 = next(g for g in app.store.games(7) if g.board == 1)
        app.store.games.enter_result(7, board1.white, board1.black, "0-1")
        app.store.games.sign(board1.id, "white")
        path = tmp_path / "live" / "round-7" / "game-1.pgn"
        text = path.read_text().replace("Bc5 {", "Nf6 {", 1).replace('"*"', '"1-0"')
        path.write_text(text.rstrip().removesuffix("*") + "1-0\n")
        report = pane.read_now()
        await until(
            pilot,
            lambda: report is not None and report.boards[0].conflict,
            "report is not None and report.boards[0].conflict",
        )
        assert report is not None and report.boards[0].conflict
        pane.focus_first()
        await press(pilot, "a")
        assert isinstance(app.screen, ConfirmScreen)
        assert (
            "The result entered, 0-1 (signed by White), stays: the record, which ends "
            "1-0, then disagrees with it, and `normtui check` reports it"
        ) in app.screen.question
        await press(pilot, "y")
        board1 = app.store.games.get(board1.id)
        assert board1.result is MainResult.BLACK_WIN and "1-0" in (board1.pgn or "")


async def test_the_cursor_stays_on_its_board_as_the_feed_reads(demo_app, tmp_path, clock) -> None:
    app = demo_app
    r = replay(tmp_path / "live", clock, 2)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot, str(tmp_path / "live"))
        pane.focus_first()
        await press(pilot, "down", "down")
        assert pane.boards.view is not None and pane.boards.view.board == 3
        for step in r.steps()[10:40]:
            r.write(step)
        pane.read_now()
        await until(pilot, lambda: pane.boards.view.board == 3, "pane.boards.view.board == 3")
        assert pane.boards.view.board == 3
        assert "round 7 board 3" in str(pane.query_one("#live-detail").render())


async def test_a_folder_that_vanishes_is_one_status_line_and_nothing_written(
    demo_app, tmp_path, clock
) -> None:
    app = demo_app
    replay(tmp_path / "live", clock, 4)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot, str(tmp_path / "live"))
        last = app.store.audit.log(limit=1)[0].id
        shutil.rmtree(tmp_path / "live")
        pane.read_now()
        await until(
            pilot,
            lambda: "is not there (any more); watching on" in pane._status,
            "the assertion below",
        )
        assert "is not there (any more); watching on" in pane._status
        assert app.store.audit.log(limit=1)[0].id == last
        assert len(pane.boards.views) == 5


async def test_the_standings_say_who_can_still_finish_first(demo_app) -> None:
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await press(pilot, "3")
        await race_worked(pilot)
        line = console(app).pane("standings").query_one("#standings-race")
        assert line.text.startswith("Can still finish first or share it")  # type: ignore[attr-defined]
        assert "out of reach: Giri, Wang, Radjabov" in line.text  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [SNAPSHOT_SIZE, (80, 24)], ids=["120x40", "80x24"])
def test_live_pane_snapshot(
    demo_copy, make_app, tmp_path, clock, snap_compare, monkeypatch, size
) -> None:  # type: ignore[no-untyped-def]
    """Pane 8, 70 half-moves into round 7 of a replay (five boards and board 3's Armageddon),
    the cursor on board 5; the status line names the folder as given ("live", in the test's
    folder)."""
    monkeypatch.chdir(tmp_path)
    replay(tmp_path / "live", clock, 70)
    app = make_app(demo_copy, preload=False)

    async def watch(pilot) -> None:  # type: ignore[no-untyped-def]
        pane = await show_live(pilot, "live")
        pane.focus_first()
        await press(pilot, "end")

    assert snap_compare(app, terminal_size=size, run_before=watch)


def test_every_key_of_the_pane_is_in_the_palette() -> None:
    actions = {b.action for b in LivePane.palette()}
    assert {b.action for b in LivePane.BINDINGS} <= actions  # type: ignore[union-attr]


async def test_a_kept_source_that_is_not_there_yet_is_looked_for_again(
    demo_copy, make_app, tmp_path, clock
) -> None:
    from normtui.store import EventStore

    with EventStore.open(demo_copy) as store:
        store.feed.set_source(str(tmp_path / "live"), None)
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot)
        assert pane.feed is None and "no such folder or file; tried again" in pane._status
        replay(tmp_path / "live", clock, 3)  # the board computer's folder appears
        pane.poll()
        await until(pilot, lambda: pane.feed is not None, "the folder found")


async def test_the_source_dialog_refuses_a_missing_folder_and_keeps_a_fast_tab(
    demo_app, tmp_path, clock
) -> None:
    """A folder typed that is not there is refused in the dialog; Tab typed right after the
    path moves on (the round is not typed into the path); the source is offered again after
    a stop, with the round being played."""
    app = demo_app
    (tmp_path / "live").mkdir()
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot)
        await press(pilot, "s")
        assert isinstance(app.screen, FeedSourceScreen)
        assert app.screen.query_one("#feed-round").value == "7"  # the round being played
        path = app.screen.query_one("#feed-source")
        # Most of each path put in at once (typing a long temporary path key by key costs
        # seconds); its last letters typed, with the Tab right after them.
        path.value = str(tmp_path / "nowher")
        path.cursor_position = len(path.value)
        await press(pilot, "e", "enter")
        assert isinstance(app.screen, FeedSourceScreen)
        assert "no such folder or file" in str(app.screen.query_one("#feed-source-error").render())
        assert app.store.feed.source() == (None, None)
        path.value = str(tmp_path / "li")
        path.cursor_position = len(path.value)
        await press(pilot, "v", "e", "tab", "7", "enter")
        assert app.store.feed.source() == (str(tmp_path / "live"), 7)
        await press(pilot, "x", "y")
        assert pane.feed is None
        await press(pilot, "s")
        assert app.screen.query_one("#feed-source").value == str(tmp_path / "live")


async def test_the_live_watch_follows_the_round_being_played(demo_app, tmp_path, clock) -> None:
    """Watching round 7: once it is complete, round 8 is watched (and kept with the event)."""
    from normtui.tui.messages import StoreChanged
    from tests.tui.test_desk_pane import finish_round_7

    app = demo_app
    (tmp_path / "live").mkdir()
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await show_live(pilot)
        pane._source_chosen((str(tmp_path / "live"), 7))
        await until(
            pilot,
            lambda: pane.source == (str(tmp_path / "live"), 7),
            "the assertion below",
        )
        assert pane.source == (str(tmp_path / "live"), 7)
        finish_round_7(app.store)
        console(app).store_changed(StoreChanged(local=True))
        await until(
            pilot,
            lambda: pane.source == (str(tmp_path / "live"), 8),
            "the assertion below",
        )
        assert pane.source == (str(tmp_path / "live"), 8)
        assert app.store.feed.source() == (str(tmp_path / "live"), 8)
        assert "round 8 is watched now" in pane.status


async def test_at_80x24_the_cursor_s_board_and_the_whole_field_are_in_view(
    demo_app, tmp_path, clock
) -> None:
    """Five boards under way: every board's line whole as the cursor goes down them, the ten
    players of the race under them; with board 3's Armageddon too, the race scrolls."""
    app = demo_app
    r = replay(tmp_path / "live", clock, 30)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await show_live(pilot, str(tmp_path / "live"))
        pane.focus_first()
        race = pane.query_one(LiveRace)
        assert [v.board for v in pane.boards.views] == [1, 2, 3, 4, 5]
        for index in range(5):
            view = pane.boards.view
            assert view is not None and view is pane.boards.views[index]
            line = rows_in_view(pane.boards)[view.key]
            assert surname(view.white) in line and surname(view.black) in line
            await press(pilot, "down")
        assert len(rows_in_view(race)) == 10
        assert "Vachier-Lagrave " in rows_in_view(pane.boards)[pane.boards.keys[3]]
        for step in r.steps():
            if 30 < step.at <= 70:
                r.write(step)
        pane.read_now()
        await until(
            pilot,
            lambda: len(pane.boards.views) == 6 and pane.boards.view.board == 5,
            "the sixth board, the cursor on board 5",
        )
        assert len(pane.boards.views) == 6 and pane.boards.view.board == 5
        # Scrolled to after the next frame.
        await until(
            pilot, lambda: pane.boards.view.key in rows_in_view(pane.boards), "board 5 in view"
        )
        assert 5 <= len(rows_in_view(race)) < 10
        race.focus()
        await press(pilot, "end")
        assert race.keys[-1] in rows_in_view(race)


async def test_boards_that_do_not_fit_scroll_to_the_cursor(demo_app, tmp_path, clock) -> None:
    """The whole round (five boards and three Armageddons) on a screen of 20 lines: the
    cursor's line is always drawn, the first and the last in turn."""
    app = demo_app
    replay(tmp_path / "live", clock, 10**6)
    async with app.run_test(size=(80, 20)) as pilot:
        pane = await show_live(pilot, str(tmp_path / "live"))
        while len(app.screen_stack) > 1:  # an Armageddon the feed's draws opened
            app.pop_screen()
            await pilot.pause()
        pane.focus_first()
        boards = pane.boards
        assert len(boards.views) == 8 and len(rows_in_view(boards)) < 8
        for key in ("end", "home", *["down"] * 7):
            await press(pilot, key)
            assert boards.views[boards.cursor].key in rows_in_view(boards), key
        assert boards.cursor == 7


async def test_the_names_take_the_width_there_is(demo_app, tmp_path, clock) -> None:
    app = demo_app
    replay(tmp_path / "live", clock, 10)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await show_live(pilot, str(tmp_path / "live"))
        assert pane.boards.cell(pane.boards.keys[3], "white") == "Vachier-Lagrave, Maxime"


def test_the_detail_says_every_notice_whole() -> None:
    from normtui.feed.report import BoardView, Notice

    said = (
        "the feed's record changes moves already kept (from move 3: 3...Nf6 instead of "
        "3...Bc5): a later record; a changes it (asks)"
    )
    view = BoardView(
        key="k",
        origin="game-1.pgn",
        kind="main",
        round=7,
        board=1,
        game_id=1,
        white="Anand, Viswanathan",
        black="Radjabov, Teimour",
        plies=6,
        moves="1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6",
        notices=(Notice("round 7 board 1", said, short="conflict"),),
    )
    text = _detail_text(view, 76, 1)
    assert said in text and text.startswith("round 7 board 1: Anand - Radjabov")
