"""The console shell: another process's writes, the command palette, help, the panes' wiring,
lazy imports, and `normtui` without an argument."""

from __future__ import annotations

import asyncio
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from normtui.cli import main as cli_main
from normtui.rules.model import MainResult
from normtui.tui.commands import ConsoleCommands
from normtui.tui.panes import PANES, TITLES, pane_class
from normtui.tui.screens.help import HelpScreen, help_text
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import (
    column,
    console,
    notes,
    pairings,
    press,
    settled,
    to_board,
    typed_at_once,
    until,
)

MINE = ("pairings", "standings", "audit")


async def test_a_write_from_another_process_appears_within_the_poll(demo_copy, make_app) -> None:
    """`normtui result` in another terminal: the pairings and the header follow by the
    console's own polling (here every 0.2 s), and the arbiter is told. How soon is a figure
    of benchmarks/, not of a test on a loaded machine."""
    app = make_app(demo_copy, poll_seconds=0.2, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "normtui",
                "result",
                str(demo_copy),
                "7",
                "Topalov",
                "Wang",
                "0-1",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        await until(
            pilot,
            lambda: column(pairings(app).table, "result")[4] == "0-1*",
            "the other terminal's result in the pairings",
        )
        # Said on the status line, not as a toast over the table: what and who.
        await until(
            pilot,
            lambda: pairings(app).status.startswith("Loaded from another terminal: #"),
            "the change said",
        )
        said = pairings(app).status
        assert said.startswith("Loaded from another terminal: #")
        assert "round 7 board 5 (Topalov-Wang): result 0-1" in said
        assert not notes(app)


async def test_the_palette_reaches_every_action(demo_app) -> None:
    """Ctrl+P lists every key's action of every pane, and running one works like its key."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        provider = ConsoleCommands(console(app))
        titles = [title for title, _help, _call in provider._commands()]
        for _key, pane_id, _module, _cls in PANES:
            assert f"Show the {TITLES[pane_id]} pane" in titles
        for pane_id in MINE:
            pane = console(app).pane(pane_id)
            actions = {b.action for b in pane.palette()}
            keys = {b.action for b in pane.BINDINGS}  # type: ignore[union-attr]
            assert keys <= actions, f"{pane_id}: keys missing from the palette"
        await to_board(pilot, 1)
        await press(pilot, "ctrl+p")
        await press(pilot, *"White wins (1-0)")
        # The palette searches in a worker, and shows what it found a moment later.
        from textual.command import CommandList

        found = app.screen.query_one(CommandList)
        await until(pilot, lambda: found.highlighted is not None, "the palette's answer")
        await press(pilot, "enter")
        await until(
            pilot, lambda: app.store.games(7)[0].result is MainResult.WHITE_WIN, "the result"
        )


async def test_every_export_is_in_the_palette_and_writes_its_file(demo_copy, make_app) -> None:
    """Every export from the console's command palette: the file lands beside the
    database and the arbiter is told where."""
    from normtui.export import FORMAT_TITLES, FORMATS, ExportError, export_event, suffix

    assert list(FORMAT_TITLES) == list(FORMATS)
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        for fmt, what in FORMAT_TITLES.items():
            provider = ConsoleCommands(console(app))
            [run] = [call for t, _h, call in provider._commands() if t == f"Export {what}"]
            failures = len(notes(app, "error"))
            run()
            target = demo_copy.with_name(f"{demo_copy.stem}-{fmt}{suffix(fmt)}")
            said = f"Exported {fmt} to {target}"

            def done(said: str = said, failures: int = failures) -> bool:
                return (
                    console(app).pane("pairings").status == said
                    or len(notes(app, "error")) > failures
                )

            await until(pilot, done, f"export {fmt} written or refused")
            try:
                expected = export_event(app.store, fmt)
            except ExportError as refused:  # the play-off's report, with no play-off yet
                assert not target.exists()
                assert notes(app, "error")[-1] == f"Export {fmt} failed: {refused}"
                continue
            # What `normtui export` writes, byte for byte.
            assert target.read_bytes() == expected.encode("utf-8"), fmt
            assert console(app).pane("pairings").status == f"Exported {fmt} to {target}"


async def _run_from_palette(make_app, demo_copy, title: str) -> None:
    """Run one palette command that writes a file beside the database; check the file and
    that the arbiter is told where it is."""
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        provider = ConsoleCommands(console(app))
        [run] = [call for t, _h, call in provider._commands() if t == title]
        run()
        if title.startswith("Export"):
            target = demo_copy.with_name(f"{demo_copy.stem}-html.html")
            said = f"Exported html to {target}"
        else:
            target = demo_copy.with_name(f"{demo_copy.stem}-wallchart.html")
            said = f"Wrote wallchart to {target}"
        await until(pilot, lambda: console(app).pane("pairings").status == said, said)
        assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
        assert console(app).pane("pairings").status == said


async def test_help_lists_keys_and_articles_per_pane(demo_app) -> None:
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        assert not isinstance(app.screen, HelpScreen)
    text = help_text()
    sections = {line.split(":")[0]: line for line in text.splitlines() if not line.startswith(" ")}
    assert "§2" in sections["1 Pairings"] and "§4" in sections["1 Pairings"]
    assert "§8" in sections["1 Pairings"]
    for article in ("§4", "§5", "§6", "§9"):
        assert article in sections["3 Standings"]
    assert sections["6 Audit"] == "6 Audit: —"
    assert "  d  Main game drawn: its Armageddon opens at once" in text
    assert "  x  The crosstable: players × players, Armageddons marked" in text


def test_the_tab_titles_are_the_panes_titles() -> None:
    for _key, pane_id, module, cls_name in PANES:
        cls = pane_class(module, cls_name)
        assert (pane_id, TITLES[pane_id]) == (cls.PANE_ID, cls.TITLE)


async def test_every_pane_is_one_key_away_and_takes_the_focus(demo_copy, make_app) -> None:
    """The panes are built after the first frame; each key shows its pane and focuses it.
    F1-F6 work from anywhere, a text field included (where 1-6 are text)."""
    app = make_app(demo_copy)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        for key, pane_id, _module, _cls in reversed(PANES):
            await press(pilot, f"f{key}")
            pane = console(app).pane(pane_id)
            assert pane.display and app.focused is not None
            assert pane in app.focused.ancestors_with_self
        for key, pane_id, _module, _cls in PANES:
            if pane_id in MINE:
                await press(pilot, key)
                assert console(app).pane(pane_id) in app.focused.ancestors_with_self


async def test_each_pane_shows_the_event_once_when_built(demo_copy, make_app, monkeypatch) -> None:
    """Textual runs the on_mount of every class of a pane; the base's redraw must run once."""
    from normtui.tui.panes.base import Pane

    reloads: dict[str, int] = {}
    for _key, _pane_id, module, cls_name in PANES:
        cls = pane_class(module, cls_name)
        original = cls.redraw

        def counted(self: Pane, original=original) -> None:  # type: ignore[no-untyped-def]
            reloads[self.PANE_ID] = reloads.get(self.PANE_ID, 0) + 1
            original(self)

        monkeypatch.setattr(cls, "redraw", counted)
    app = make_app(demo_copy)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await until(
            pilot,
            lambda: (
                len(panes := console(app).panes) == len(PANES) and all(p.is_mounted for p in panes)
            ),
            "every pane built and mounted",
        )
    assert reloads == {pane_id: 1 for _key, pane_id, _module, _cls in PANES}


def test_the_shell_and_these_panes_do_not_import_chess() -> None:
    """python-chess is the PGN pane's, imported when that pane is built, not before the first
    frame."""
    code = (
        "import sys, normtui.tui.app, normtui.tui.screens.console, "
        "normtui.tui.panes.pairings, normtui.tui.panes.standings, normtui.tui.panes.audit, "
        "normtui.tui.screens.armageddon; print('chess' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == "False"


def test_normtui_without_an_argument_says_how_to_create_an_event(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        cli_main([])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "no ./demo.db here" in err and "normtui new" in err


def test_normtui_without_an_argument_opens_demo_db(demo_copy: Path, monkeypatch) -> None:
    from normtui.tui.app import NormtuiApp

    opened: list[Path] = []
    monkeypatch.chdir(demo_copy.parent)
    monkeypatch.setattr(NormtuiApp, "run", lambda self: opened.append(self.path))
    with pytest.raises(SystemExit) as exit_:
        cli_main([])
    assert exit_.value.code == 0
    assert opened == [Path("demo.db")]


async def test_nothing_that_matters_is_cut_off_at_80x24(demo_app) -> None:
    """At 80x24 the tables switch to surnames and short words so that every column fits
    without scrolling sideways, and the pane's keys fit in the Footer."""
    from textual.widgets import Footer

    app = demo_app
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        table = pairings(app).table
        assert not table.wide and table.virtual_size.width <= table.scrollable_content_region.width
        footer = app.screen.query_one(Footer)
        # The Footer composes its keys a moment later.
        await until(pilot, lambda: bool(footer.children), "the Footer's keys")
        assert max(c.region.right for c in footer.children) <= 80
        await press(pilot, "3")
        standings = console(app).pane("standings").query_one("#standings-table")
        longest = max(len(" ".join(standings.row(k))) for k in standings.keys)
        assert not standings.wide and longest < standings.size.width
        await press(pilot, "x")
        cross = console(app).pane("standings").query_one("#crosstable")
        assert cross._header.cell_length <= cross.size.width


async def test_a_key_typed_right_after_a_pane_key_never_reaches_the_pane_left(demo_app) -> None:
    """ "3" then "x" typed at once: x belongs to the standings (crosstable), never to the
    pairings behind (where x is a double forfeit)."""

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "3", "1")
        # As a terminal delivers them: both before either is handled.
        typed_at_once(app, "3", "x")
        standings = console(app).pane("standings")
        await until(
            pilot,
            lambda: standings.view == "crosstable",  # type: ignore[attr-defined]
            "the x taken by the standings",
        )
        assert app.store.games(7)[0].result is None


async def test_the_footer_is_rebuilt_only_when_its_keys_change(demo_app, monkeypatch) -> None:
    """Focus moves that change no key (a modal closed, the same pane back) leave the Footer as
    it is; a pane with other keys gets them."""
    from normtui.tui.widgets.console_footer import ConsoleFooter

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await until(pilot, lambda: console(app).settled, "the console settled")

        def shown() -> list[str]:
            # The Footer of the pane in front (each pane has its own).
            footer = console(app).footer
            return [k.description for k in footer.query("FooterKey")]  # type: ignore[attr-defined]

        await until(pilot, lambda: "Armageddon" in shown(), "the pairings' keys")

        rebuilds: list[int] = []
        recompose = ConsoleFooter.recompose

        async def counted(self: ConsoleFooter) -> None:
            rebuilds.append(1)
            await recompose(self)

        monkeypatch.setattr(ConsoleFooter, "recompose", counted)
        table = pairings(app).table
        await press(pilot, "down", "question_mark")
        await until(pilot, lambda: app.screen is not console(app), "the help")
        await press(pilot, "escape")
        await until(pilot, lambda: app.focused is table, "the pairings again")
        await until(pilot, lambda: rebuilds == [], "rebuilds == []")
        assert rebuilds == []
        await press(pilot, "3")
        await until(pilot, lambda: "Crosstable" in shown(), "the standings' keys")
        assert rebuilds
        assert "Armageddon" not in shown()
        # Back and forth: each pane's keys are where they were, nothing rebuilt.
        rebuilds.clear()
        await press(pilot, "1")
        await until(pilot, lambda: "Armageddon" in shown(), "the pairings' keys again")
        await press(pilot, "3")
        await until(pilot, lambda: "Crosstable" in shown(), "the standings' keys again")
        assert rebuilds == []
        assert [f.id for f in app.screen.query(ConsoleFooter) if f.display] == ["footer-standings"]
        # A tab clicked leaves the focus on the tabs: the Footer shown has the keys that work
        # there (help, undo), not the pane's own nor none.
        await pilot.click("#--content-tab-tab-clocks")
        await until(pilot, lambda: "Help" in shown(), "the keys of the tabs")
        assert "Crosstable" not in shown()


async def test_the_keys_a_footer_rebuild_replaces_are_let_go(demo_app) -> None:
    """Each rebuild's old keys stayed bound to the Footer (Textual's data binding) and so alive,
    with their styles and lines: the console's memory grew with every pane shown in turn. After
    eight rounds of panes (before: 145 keys alive), no key outside the Footer is left."""
    import gc

    from normtui.tui.widgets.console_footer import ConsoleFooter

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        footer = app.screen.query_one(ConsoleFooter)
        await until(pilot, lambda: bool(footer.query("FooterKey")), "the Footer's keys")
        # Textual's FooterKey, by its CSS type: its module is not public.
        key_type = type(footer.query_one("FooterKey"))

        def keys_alive() -> int:
            gc.collect()
            return sum(isinstance(o, key_type) for o in gc.get_objects())

        for _ in range(8):
            # Panes in turn, and the standings' keys changed twice (x: the crosstable, back).
            for key in "63xx1":
                await press(pilot, key)
        await until(
            pilot,
            lambda: "Armageddon" in [k.description for k in footer.query(key_type)],
            "pane 1's keys",
        )
        # Each pane shown has a Footer of its own: their keys, and at most one rebuild's
        # worth still being let go (let go as a rebuild is done, a moment after the keys).
        shown = sum(len(f.query(key_type)) for f in app.screen.query(ConsoleFooter))
        most = len(footer.query(key_type))
        await until(pilot, lambda: keys_alive() <= shown + most + 5, "the old keys let go")


async def test_a_palette_export_keeps_the_console_on_the_shared_file(demo_copy, make_app) -> None:
    """As it happened at a venue: an export from the palette, then a CLI write from another
    process, then a console write, then the console quits. Both writes are in the file and
    the WAL existed throughout (the export's header check used to drop the console's locks,
    the CLI then deleted the WAL and the console's checkpoint overwrote the CLI's result)."""
    wal = demo_copy.with_name(f"{demo_copy.name}-wal")
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        provider = ConsoleCommands(console(app))
        [run] = [
            call for title, _h, call in provider._commands() if title == "Export standings as CSV"
        ]
        run()
        await until(
            pilot, lambda: console(app).pane("pairings").status.startswith("Exported"), "exported"
        )
        assert wal.exists()
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "normtui",
                "result",
                str(demo_copy),
                "7",
                "Topalov",
                "Wang",
                "0-1",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert wal.exists()
        await to_board(pilot, 1)
        await press(pilot, "w")
        assert wal.exists()
    app.store.close()
    from normtui.store import EventStore

    with EventStore.open(demo_copy) as after:
        games = {g.board: g.result for g in after.games(7)}
    assert games[1] is MainResult.WHITE_WIN
    assert games[5] is MainResult.BLACK_WIN


async def test_every_sheet_is_in_the_palette_and_writes_its_file(demo_copy, make_app) -> None:
    """The print-ready sheets from the palette, beside the database."""
    from normtui.export.sheets import SHEET_TITLES, SHEETS

    assert list(SHEET_TITLES) == list(SHEETS)
    await _run_from_palette(make_app, demo_copy, "Print wallchart")


@pytest.mark.parametrize(
    ("title", "name"),
    [("Export standings as CSV", "csv.csv"), ("Print wallchart", "wallchart.html")],
)
async def test_a_fifo_nobody_reads_beside_the_event_is_refused_not_waited_for(
    demo_copy, make_app, title: str, name: str
) -> None:
    """Review of A FIFO at the name a palette export writes, and nobody reading it:
    the export's thread waited for a reader for ever, and Ctrl+Q then hung the console on a
    blank screen. A print wrote with a plain write_text besides (not as exports are written).
    Now a FIFO without a reader is one line, and the console goes on."""
    target = demo_copy.with_name(f"{demo_copy.stem}-{name}")
    os.mkfifo(target)
    app = make_app(demo_copy, preload=False)
    try:
        async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
            await settled(pilot)
            provider = ConsoleCommands(console(app))
            [run] = [call for t, _h, call in provider._commands() if t == title]
            run()
            await asyncio.wait_for(app.workers.wait_for_complete(), timeout=10)
            await until(
                pilot,
                lambda: any("nobody reads" in n for n in notes(app, "error")),
                "the assertion below",
            )
            assert any("nobody reads" in n for n in notes(app, "error")), notes(app)
    finally:
        # Releases a writer still waiting (the defect), so that the test ends either way.
        reader = os.open(target, os.O_RDONLY | os.O_NONBLOCK)
        os.close(reader)
    assert stat.S_ISFIFO(target.lstat().st_mode)


async def test_a_key_typed_while_its_pane_is_first_built_is_that_panes(demo_app) -> None:
    """ "3 x" typed at once on a pane never shown yet: the pane is built when its key comes,
    and the x, arriving while it is being built, is the crosstable, not lost (a snapshot
    of the crosstable showed the plain standings on a busy machine)."""

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await until(pilot, lambda: console(app).settled, "the console settled")
        assert "standings" not in console(app)._panes
        # As a terminal delivers them: both before either is handled.
        typed_at_once(app, "3", "x")
        await until(
            pilot,
            lambda: "standings" in console(app)._panes and console(app).settled,
            "the standings built and the keys typed meanwhile replayed",
        )
        await until(
            pilot,
            lambda: console(app).pane("standings").view == "crosstable",
            "the assertion below",
        )
        assert console(app).pane("standings").view == "crosstable"  # type: ignore[attr-defined]
        assert app.store.games(7)[0].result is None


async def test_two_pane_keys_typed_at_once_end_on_the_second(demo_app) -> None:
    """ "6 3" typed at once: the audit log, then the standings in front."""
    from textual.widgets import TabbedContent

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "6", "3", "1")
        # As a terminal delivers them: both before either is handled.
        typed_at_once(app, "6", "3")
        tabs = console(app).query_one(TabbedContent)
        await until(
            pilot,
            lambda: console(app).settled and tabs.active == "tab-standings",
            "the standings in front",
        )
        await until(pilot, lambda: tabs.active == "tab-standings", "the assertion below")
        assert tabs.active == "tab-standings"
