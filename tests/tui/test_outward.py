"""The console starts and stops the public site and the Lichess broadcast (palette), and pane 8
says when each last succeeded. Their loops run in threads of their own: nothing they do opens
a screen or takes a key."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from normtui.tui.commands import ConsoleCommands
from normtui.tui.screens.broadcast_round import BroadcastRoundScreen
from normtui.tui.screens.publish_site import PublishSiteScreen
from tests.cli.lichess_server import TOKEN, Server
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import console, notes, press, settled, to_board, until


def _palette(app, title: str) -> Callable[[], None]:  # type: ignore[no-untyped-def]
    [call] = [c for t, _h, c in ConsoleCommands(console(app))._commands() if t == title]
    return call  # type: ignore[return-value]


def _line(app) -> str:  # type: ignore[no-untyped-def]
    return str(console(app).pane("live").query_one("#live-outward", Static).render())


@pytest.fixture
def lichess() -> Iterator[Server]:
    server = Server().start()
    yield server
    server.stop()


async def test_publishing_from_the_palette_follows_the_arbiters_keys(
    demo_app, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    async with demo_app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        _palette(demo_app, "Public page: publish to a folder")()
        await until(
            pilot,
            lambda: isinstance(demo_app.screen, PublishSiteScreen) and demo_app.screen.is_mounted,
            "the dialog",
        )
        dialog = demo_app.screen
        assert isinstance(dialog, PublishSiteScreen)
        field = dialog.query_one("#publish-folder", Input)
        assert field.value.endswith("demo-site")  # offered beside the event file
        field.value = str(site)
        await press(pilot, "enter")
        await until(pilot, lambda: (site / "round-7.json").exists(), "the first build")
        await to_board(pilot, 1)
        await press(pilot, "w")
        await until(
            pilot,
            lambda: json.loads((site / "round-7.json").read_text())["boards"][0]["result"] == "1-0",
            "the arbiter's result on the site",
        )
        await press(pilot, "8")
        await until(pilot, lambda: "files written" in _line(demo_app), "pane 8's line")
        assert f"Public page {site}" in _line(demo_app)
        _palette(demo_app, "Public page: stop publishing")()
        await until(
            pilot,
            lambda: not demo_app.outward_runner().running("publish") and _line(demo_app) == "",
            "the assertion below",
        )
        assert not demo_app.outward_runner().running("publish") and _line(demo_app) == ""
        assert console(demo_app).pane("live").status.startswith("Stopped publishing")


async def test_the_broadcast_runs_beside_the_console_and_says_how_it_went(
    demo_app, lichess: Server
) -> None:
    async with demo_app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "8")
        runner = demo_app.outward_runner()
        runner.start_broadcast(TOKEN, 7, "round007", "armag007", base_url=lichess.url)
        await until(pilot, lambda: "games pushed" in _line(demo_app), "the first push")
        assert "Lichess round 7 → round007 + armag007" in _line(demo_app)
        assert len(lichess.state.games["round007"]) == 5
        lichess.stop()  # the network goes away: said on the line, tried again, no dialog
        await press(pilot, "1")
        await to_board(pilot, 5)
        await press(pilot, "b")
        await press(pilot, "8")
        await until(pilot, lambda: "cannot be reached" in _line(demo_app), "the failure")
        assert demo_app.screen is console(demo_app)
        lichess.start()
        await until(
            pilot,
            lambda: any(
                '[Result "0-1"]' in g and "Topalov" in g for g in lichess.state.games["round007"]
            ),
            "the result pushed once the server is back",
        )
        runner.stop_all()
        assert TOKEN not in _line(demo_app)


async def test_the_broadcast_dialog_refuses_what_cannot_work(demo_app, monkeypatch) -> None:
    monkeypatch.delenv("LICHESS_TOKEN", raising=False)
    async with demo_app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        _palette(demo_app, "Lichess broadcast: push a round")()
        await until(
            pilot,
            lambda: (
                isinstance(demo_app.screen, BroadcastRoundScreen) and demo_app.screen.is_mounted
            ),
            "the dialog",
        )
        dialog = demo_app.screen
        assert isinstance(dialog, BroadcastRoundScreen)
        assert dialog.query_one("#broadcast-round", Input).value == "7"
        await press(pilot, *"abc", "enter")
        error = dialog.query_one("#broadcast-error", Static)
        assert "8 letters and digits" in str(error.render())
        dialog.query_one("#broadcast-to", Input).value = "abcdefgh"
        await press(pilot, "enter")
        assert "no Lichess token" in str(error.render())
        await press(pilot, "escape")
        assert demo_app.screen is console(demo_app) and not demo_app.outward_runner().runs


def _question(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("#question", Static).render())


async def _dialog(pilot, kind: type) -> None:  # type: ignore[no-untyped-def]
    """Until the dialog ``kind`` is in front with its fields."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, kind) and app.screen.is_mounted, "dialog")
    await pilot.pause()


async def test_quitting_says_what_stops_and_the_next_console_offers_it_again(
    demo_copy: Path, make_app, tmp_path: Path
) -> None:
    """Publishing stops with the console: the "Quit?" question says so, and the console
    opened next says it (a notification: nothing opens by itself) and offers it again on the
    palette, where "resume" starts it and "stop" no longer offers it."""
    from normtui.tui.screens.confirm import ConfirmScreen

    site = tmp_path / "site"
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        _palette(app, "Public page: publish to a folder")()
        await _dialog(pilot, PublishSiteScreen)
        app.screen.query_one("#publish-folder", Input).value = str(site)
        await press(pilot, "enter")
        await until(pilot, lambda: (site / "round-7.json").exists(), "the first build")
        await press(pilot, "ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert f"Public page {site}: stops on quitting (offered again" in _question(app)
        await press(pilot, "y")
        await until(pilot, lambda: not app.is_running, "the console ended")
    assert app.outward_stopped == [f"Public page {site}"]
    (run,) = app.store.outward.to_resume()
    assert run.settings == {"folder": str(site)} and run.stopped_at is not None

    (site / "round-7.json").unlink()
    again = make_app(demo_copy, preload=False)
    async with again.run_test(size=SNAPSHOT_SIZE) as pilot:
        await until(pilot, lambda: bool(again.outward_offered), "the offer")
        assert not again.outward_runner().running("publish")
        assert again.screen is console(again)  # nothing opened by itself
        assert notes(again, "warning") == [
            f"Publishing the public page into {site} stopped when the console quit at 19:32. "
            'Ctrl+P "resume" starts it again; "stop" no longer offers it.'
        ]
        _palette(again, f"Public page: resume publishing into {site}")()
        await until(pilot, lambda: (site / "round-7.json").exists(), "the site built again")
        assert again.outward_runner().running("publish") and not again.outward_offered
        assert again.store.outward.to_resume() == []
        _palette(again, "Public page: stop publishing")()
        await pilot.pause()
    assert app.store.outward.runs() == []


async def test_a_broadcast_offered_again_opens_its_dialog_filled_in_or_is_forgotten(
    demo_copy: Path, make_app, tmp_path: Path
) -> None:
    """The token is never kept: resuming a broadcast opens its dialog filled in (the token
    read again from its file); "stop" instead forgets it, and nothing is offered next time."""
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN)
    first = make_app(demo_copy, preload=False)
    async with first.run_test(size=SNAPSHOT_SIZE):
        first.store.outward.started(
            "broadcast",
            {"round": 7, "to": "round007", "armageddon_to": None, "token_file": str(token_file)},
        )
        first.store.outward.quitting()
    again = make_app(demo_copy, preload=False)
    async with again.run_test(size=SNAPSHOT_SIZE) as pilot:
        await until(pilot, lambda: bool(again.outward_offered), "the offer")
        _palette(again, "Lichess broadcast: resume round 7")()
        await _dialog(pilot, BroadcastRoundScreen)
        values = [
            again.screen.query_one(f"#broadcast-{n}", Input).value
            for n in ("round", "to", "armageddon", "token-file")
        ]
        assert values == ["7", "round007", "", str(token_file)]
        await press(pilot, "escape")
        _palette(again, "Lichess broadcast: stop")()
        await until(
            pilot,
            lambda: (
                console(again).pane("pairings").status
                == ("Not pushing to Lichess: no longer offered to start it again")
            ),
            "the assertion below",
        )
        assert console(again).pane("pairings").status == (
            "Not pushing to Lichess: no longer offered to start it again"
        )
    third = make_app(demo_copy, preload=False)
    async with third.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        assert third.outward_offered == {} and notes(third) == []
