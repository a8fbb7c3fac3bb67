"""The console on a FIDE round robin (profile fide-round-robin): a draw is entered and done,
no Armageddon opens (not from d, not from a, not from the board's second d), and the legend
says the rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from normtui.assets import builtin_profiles, read_profile_text
from normtui.rules.model import MainResult
from normtui.store import EventStore, PlayerInput
from normtui.store.profile_text import event_profile_text
from normtui.tui.screens.armageddon import ArmageddonScreen
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import console, pairings, press, settled, to_board


@pytest.fixture
def fide_db(tmp_path: Path, clock) -> Path:  # type: ignore[no-untyped-def]
    path = tmp_path / "fide.db"
    text = event_profile_text(
        read_profile_text(builtin_profiles()["fide-round-robin"]), 4, name="Club Championship"
    )
    EventStore.create(
        path, [PlayerInput(f"Player {i}") for i in range(1, 5)], text, clock=clock
    ).close()
    return path


async def test_a_draw_opens_no_armageddon(fide_db, make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(fide_db, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        assert console(app).title == "Club Championship"
        legend = str(pairings(app).query_one("#pairings-legend").render())
        assert "A draw is complete: ½ each." in legend and "Armageddon" not in legend
        await to_board(pilot, 1)
        for key in ("d", "d", "a"):
            await press(pilot, key)
            assert not isinstance(app.screen, ArmageddonScreen)
        await app.workers.wait_for_complete()
    with EventStore.open(fide_db) as store:
        game = store.games(1)[0]
        assert game.result is MainResult.DRAW and game.armageddon is None
        assert game.armageddon_deadline is None and store.games.armageddons_due() == []


async def test_the_standings_say_the_profiles_tie_breaks(fide_db, make_app) -> None:  # type: ignore[no-untyped-def]
    app = make_app(fide_db, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await press(pilot, "3")
        pane = console(app).pane("standings")
        shown = str(pane.query_one("#standings-legend").render())
        assert (
            "tie-breaks in order: DE direct encounter, W wins, BW wins with Black, "
            "SB Sonneborn-Berger, KS Koya (FIDE C.07)"
        ) in shown
        assert "Armageddon" not in shown
