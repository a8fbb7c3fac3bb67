"""`normtui DB`: the console draws its frame first while it opens the store in a thread; a file
that fails after the launcher's check is still one line and exit code 2."""

from __future__ import annotations

import asyncio
import gc
import sqlite3
import time
from pathlib import Path

import pytest
from textual.widgets import TabbedContent

from normtui.commands.console import run_console
from normtui.tui.app import DamagedEvent, NormtuiApp
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import console, hold_store_opening, notes, pairings


def opening_app(path: Path) -> NormtuiApp:
    app = NormtuiApp(path, poll_seconds=0, show_clock=False, event_name="Norway Chess 2022")
    app.animation_level = "none"
    return app


async def until(condition, seconds: float = 120.0) -> None:  # type: ignore[no-untyped-def]
    # A bound for a loaded machine (the wall clock's, not the sum of the sleeps).
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not reached in time"
        await asyncio.sleep(0.02)


async def test_the_frame_first_then_the_pairings_with_the_focus(demo_copy: Path) -> None:
    app = opening_app(demo_copy)
    seen_opening: list[bool] = []
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        screen = console(app)
        seen_opening.append(bool(screen.query("#opening")) or screen.ready)
        assert screen.title == "Norway Chess 2022"
        await until(lambda: screen.ready and screen._tabs_ready)
        await pilot.pause()
        assert app.store is not None and app.store.path == demo_copy
        assert not screen.query("#opening")
        assert screen.title == "Norway Chess 2022"
        # The round, and the acting arbiter: who every change made here is audited as.
        assert screen.sub_title == f"Round 7 · Armageddon waiting: 1 · arbiter: {app.store.actor}"
        pane = pairings(app)
        assert [g.board for g in pane.table.games] == [1, 2, 3, 4, 5]
        assert app.focused is pane.table
        # The console works as it does when handed an open store.
        await pilot.press("3")
        await pilot.pause()
        assert screen.query_one(TabbedContent).active == "tab-standings"
    assert seen_opening == [True]
    assert app.return_code in (0, None)


async def test_keys_pressed_while_opening_wait_or_say_so(demo_copy: Path) -> None:
    """A pane key pressed before the store is open is done once it is; undo says it waits."""
    app = opening_app(demo_copy)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        screen = console(app)
        if not screen.ready:  # the thread may already be done on a fast machine
            screen.action_undo()
            screen.action_show_pane("pairings")
            await pilot.pause()
            assert "Still opening demo.db." in notes(app)
        screen.action_show_pane("standings")
        await until(lambda: screen.query_one(TabbedContent).active == "tab-standings")
        await pilot.pause()
        assert screen.ready


async def test_a_file_gone_after_the_check_ends_the_console_with_one_line(tmp_path: Path) -> None:
    app = opening_app(tmp_path / "gone.db")
    async with app.run_test(size=SNAPSHOT_SIZE):
        await until(lambda: app.return_code is not None)
    assert app.return_code == 2
    assert app.open_error is not None and "no such database" in app.open_error


def test_the_launcher_prints_it_and_exits_2(tmp_path: Path, monkeypatch, capsys) -> None:
    import normtui.store.connection as connection

    gone = tmp_path / "gone.db"
    gone.write_bytes(b"")
    monkeypatch.setattr(connection, "check_database", lambda path: gone.unlink())

    def run(self: NormtuiApp) -> None:
        self.open_error = f"{self.path}: no such database"

    monkeypatch.setattr(NormtuiApp, "run", run)
    with pytest.raises(SystemExit) as exit_:
        run_console(gone)
    assert exit_.value.code == 2
    assert capsys.readouterr().err == f"normtui: {gone}: no such database\n"


def test_a_wrong_file_is_refused_before_the_screen_is_taken(tmp_path: Path, capsys) -> None:
    text = tmp_path / "players.db"
    text.write_text("name,rating\n")
    with pytest.raises(SystemExit) as exit_:
        run_console(text)
    assert exit_.value.code == 2
    assert capsys.readouterr().err.startswith(f"normtui: {text} is not a normtui database")


def test_the_launcher_reads_the_event_name_for_the_first_frame(
    demo_copy: Path, monkeypatch
) -> None:
    started: list[tuple[str | None, bool]] = []

    def run(self: NormtuiApp) -> None:
        started.append((self.event_name, gc.isenabled()))

    monkeypatch.setattr(NormtuiApp, "run", run)
    run_console(demo_copy)
    # Nothing collected while it starts (normtui.tui.collector), and as before once it ends.
    assert started == [("Norway Chess 2022", False)]
    assert gc.isenabled()


def test_a_damaged_file_is_refused_before_the_screen_is_taken(demo_copy: Path, capsys) -> None:
    with demo_copy.open("r+b") as f:
        f.seek(100)
        f.write(b"\xff" * 2000)
    with pytest.raises(SystemExit) as exit_:
        run_console(demo_copy)
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        f"normtui: {demo_copy}: SQLite cannot open it (database disk image is malformed)\n"
    )


async def test_a_pane_key_while_opening_is_shown_once_open(demo_copy: Path, monkeypatch) -> None:
    """3 pressed while the store opens: the console stays responsive and shows the standings
    as soon as they exist (it used to spin on the key and never open)."""
    release = hold_store_opening(monkeypatch)
    app = opening_app(demo_copy)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        screen = console(app)
        await pilot.press("3")
        await pilot.pause()
        assert not screen.ready
        release.set()
        await until(lambda: screen.query_one(TabbedContent).active == "tab-standings")
        assert screen.ready


async def test_an_unexpected_error_while_opening_ends_the_console(
    demo_copy: Path, monkeypatch
) -> None:
    """A bug (not a refusal) while opening is not left as "Opening…" forever."""
    from normtui.store import EventStore

    def broken(path, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("a bug")

    from textual.worker import WorkerFailed

    monkeypatch.setattr(EventStore, "open", broken)
    app = opening_app(demo_copy)
    with pytest.raises(WorkerFailed, match="a bug"):
        async with app.run_test(size=SNAPSHOT_SIZE):
            await app.workers.wait_for_complete()
            await until(lambda: app.return_code is not None)
    assert app.return_code not in (0, None)


def test_quitting_while_opening_closes_the_store(demo_copy: Path, monkeypatch) -> None:
    """The launcher closes the store the console opened even when the arbiter quit before
    the pairings were shown."""
    import threading

    from normtui.store import EventStore

    opened: list[EventStore] = []
    real_open = EventStore.open
    released = threading.Event()

    def slow(path, **kwargs):  # type: ignore[no-untyped-def]
        released.wait(2)
        store = real_open(path, **kwargs)
        opened.append(store)
        return store

    monkeypatch.setattr(EventStore, "open", slow)
    closed: list[EventStore] = []
    real_close = EventStore.close

    def close(self: EventStore) -> None:
        closed.append(self)
        real_close(self)

    monkeypatch.setattr(EventStore, "close", close)

    async def quit_at_once(self: NormtuiApp) -> None:
        async with self.run_test(size=SNAPSHOT_SIZE) as pilot:
            await pilot.pause()
            released.set()
            await pilot.press("ctrl+q")

    monkeypatch.setattr(NormtuiApp, "run", lambda self: asyncio.run(quit_at_once(self)))
    run_console(demo_copy)
    assert opened and closed == opened


@pytest.mark.parametrize("module, name", [("pairings", "PairingsPane"), ("clocks", "ClocksPane")])
async def test_quitting_while_a_pane_mounts_ends_the_console_quietly(
    demo_copy: Path, monkeypatch, module: str, name: str
) -> None:
    """ctrl+q handled while a pane is being mounted (the first as the store opens, another
    just after): its controls are never mounted, and its own setting up is not done (it
    ended the console with NoMatches 'PairingsTable'). The quit comes in the pane's compose,
    the widest such moment."""
    from importlib import import_module

    cls = getattr(import_module(f"normtui.tui.panes.{module}"), name)
    composed = cls.compose

    def quit_then_compose(self):  # type: ignore[no-untyped-def]
        self.app.exit()
        yield from composed(self)

    monkeypatch.setattr(cls, "compose", quit_then_compose)
    app = opening_app(demo_copy)
    async with app.run_test(size=SNAPSHOT_SIZE):
        await until(lambda: app.exiting)
    assert app.return_code == 0


async def typed_while_opening(
    demo_copy: Path, monkeypatch, *keys: str
) -> tuple[NormtuiApp, object]:
    """The console opening with ``keys`` typed before the store is open."""
    release = hold_store_opening(monkeypatch)
    app = opening_app(demo_copy)
    run = app.run_test(size=SNAPSHOT_SIZE)
    pilot = await run.__aenter__()
    await pilot.press(*keys)
    await pilot.pause()
    assert not console(app).ready
    release.set()
    await until(lambda: console(app).settled)
    await pilot.pause()
    return app, run


async def test_keys_typed_while_opening_are_kept_in_order(demo_copy: Path, monkeypatch) -> None:
    """ "3 x" typed while the console opens is the standings, then the crosstable
    (x used to be lost: only the last pane key was kept)."""
    app, run = await typed_while_opening(demo_copy, monkeypatch, "3", "x")
    try:
        screen = console(app)
        assert screen.query_one(TabbedContent).active == "tab-standings"
        assert screen.pane("standings").view == "crosstable"  # type: ignore[attr-defined]
        assert app.store.games(7)[0].result is None  # no forfeit on the pairings
    finally:
        await run.__aexit__(None, None, None)


async def test_keys_typed_while_opening_are_keys_not_text(demo_copy: Path, monkeypatch) -> None:
    """2 then 1 while opening: the PGN pane, then the pairings; the 1 is not typed into the
    PGN text area that 2 focused."""
    app, run = await typed_while_opening(demo_copy, monkeypatch, "2", "1")
    try:
        screen = console(app)
        assert screen.query_one(TabbedContent).active == "tab-pairings"
        assert app.focused is pairings(app).table
        assert screen.pane("pgn").query_one("TextArea").text == ""  # type: ignore[attr-defined]
    finally:
        await run.__aexit__(None, None, None)


async def test_a_question_opened_while_replaying_drops_the_rest_visibly(
    demo_copy: Path, monkeypatch
) -> None:
    """x y typed blind: x asks about a double forfeit; the y typed before the question was
    seen does not answer it; the status line names the keys dropped."""
    from normtui.tui.screens.confirm import ConfirmScreen

    app, run = await typed_while_opening(demo_copy, monkeypatch, "x", "y")
    try:
        assert isinstance(app.screen, ConfirmScreen)
        assert app.store.games(7)[0].result is None
        assert pairings(app).status == "Keys typed while opening, not used: y"
    finally:
        await run.__aexit__(None, None, None)


def test_a_console_that_ended_on_an_error_exits_non_zero(demo_copy: Path, monkeypatch) -> None:
    def run(self: NormtuiApp) -> None:
        self.exit(return_code=1)  # as Textual ends after a worker's error it has shown

    monkeypatch.setattr(NormtuiApp, "run", run)
    with pytest.raises(SystemExit) as exit_:
        run_console(demo_copy)
    assert exit_.value.code == 1


@pytest.mark.parametrize(
    ("sql", "said"),
    [
        ("UPDATE games SET result_at = 'noon' WHERE id = 3", "games row 3: result_at 'noon'"),
        ("UPDATE games SET state = 'finishad' WHERE id = 3", "CHECK constraint failed in games"),
    ],
)
async def test_a_damaged_event_ends_the_console_with_its_damage_not_a_traceback(
    demo_copy: Path, sql: str, said: str
) -> None:
    """A value no record can hold, found where a pane reads it: the console ends with the one
    line the command line says, naming the damage and `normtui check`."""
    with sqlite3.connect(demo_copy) as conn:
        conn.execute("PRAGMA ignore_check_constraints = ON")
        conn.execute(sql)
    conn.close()
    app = opening_app(demo_copy)
    with pytest.raises(DamagedEvent) as raised:
        async with app.run_test(size=SNAPSHOT_SIZE):
            await until(lambda: app.return_code is not None)
    assert said in str(raised.value) and f"normtui check {demo_copy}" in str(raised.value)
    assert app.return_code == 1


async def test_keys_behind_a_pane_key_wait_for_its_pane(demo_copy: Path) -> None:
    """ "3 x" arriving together on a console whose standings were never shown: the 3 builds
    the pane before the x is read, so the x is the crosstable's. Let through, the 3 raced
    the keys held behind it, and a focus asked of the pane still being built ended the
    console (WorkerFailed: NoMatches '#standings-table')."""
    from textual import events

    app = NormtuiApp(demo_copy, poll_seconds=0, show_clock=False, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE):
        screen = console(app)
        await until(lambda: screen.settled)
        assert "standings" not in {p.id for p in screen.panes}
        app.post_message(events.Key("3", "3"))
        app.post_message(events.Key("x", "x"))
        await until(lambda: screen.pane("standings").view == "crosstable")  # type: ignore[attr-defined]
        assert app.is_running and app.focused is screen.pane("standings").query_one("#crosstable")


async def test_a_pane_still_being_built_takes_the_focus_once_it_is(demo_copy: Path) -> None:
    """The focus asked of a pane whose widgets are not there yet waits for them."""
    app = NormtuiApp(demo_copy, poll_seconds=0, show_clock=False, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        screen = console(app)
        await until(lambda: screen.settled)
        screen.action_show_pane("desk")
        screen._focus_pane("desk")  # at once: the pane is being mounted
        await until(
            lambda: app.focused is not None and screen.pane("desk") in app.focused.ancestors
        )
        assert app.is_running
        await pilot.pause()


async def test_the_console_shutting_down_under_a_replayed_key_focuses_nothing(
    demo_app, monkeypatch
) -> None:
    """Textual's shutdown (a test's end, a terminal closed) removes the controls without the
    console's quit; a pane key replayed then must not look for them: the standings' table
    gone while the pane is still there ended the console with NoMatches '#standings-table'."""
    from normtui.tui.panes.standings import StandingsPane

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await pilot.press("3")
        await until(lambda: console(app).settled and "standings" in console(app)._panes)
        pane = console(app).pane("standings")
        await until(lambda: pane.is_mounted)
        await pane.query_one("#standings-table").remove()
        # As App._shutdown leaves it: no longer running, its widgets being removed.
        monkeypatch.setattr(NormtuiApp, "is_running", property(lambda self: False))
        console(app)._focus_pane("standings")
        assert isinstance(pane, StandingsPane) and console(app).closing
        monkeypatch.undo()
