"""The console on an event of another kind: its name in the header, the bye of an
odd field beside the boards, an Armageddon forfeited (asked first), and the help saying which
rules of the edition were not found."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from normtui.assets import builtin_profiles, read_profile_text
from normtui.rules.model import ArmageddonResult, MainResult
from normtui.store import EventStore, PlayerInput
from normtui.store.profile_text import event_profile_text
from normtui.tui.screens.armageddon import ArmageddonScreen
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.screens.help import HelpScreen, help_text
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import column, console, pairings, press, settled, to_board

FIVE = (
    "Bjerke, Øystein",
    "Tari, Aryan",
    "Hammer, Jon Ludvig",
    "Christiansen, Johan-Sebastian",
    "Jarmuła, Łukasz",
)


@pytest.fixture
def five_db(tmp_path: Path, clock) -> Path:  # type: ignore[no-untyped-def]
    path = tmp_path / "five.db"
    text = event_profile_text(
        read_profile_text(builtin_profiles()["norway-chess-2019"]),
        5,
        name="Bergen Armageddon",
        prizes=[Decimal(300), Decimal(200)],
    )
    EventStore.create(path, [PlayerInput(n) for n in FIVE], text, clock=clock).close()
    return path


async def test_the_header_names_the_event_and_the_round_says_its_bye(five_db, make_app) -> None:
    app = make_app(five_db, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        assert console(app).title == "Bergen Armageddon"
        info = str(pairings(app).query_one("#round-info").render())
        assert "bye: 1 Bjerke" in info
        await press(pilot, "right_square_bracket")
        assert "bye: 4 Christiansen" in str(pairings(app).query_one("#round-info").render())


async def test_an_armageddon_forfeit_is_asked_first(five_db, make_app) -> None:
    """A draw opens the Armageddon; F (White absent) asks, and y records the forfeit: the
    player present takes the Armageddon's points (2019: 1½ and ½)."""
    app = make_app(five_db, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 1)
        await press(pilot, "d")
        assert isinstance(app.screen, ArmageddonScreen)
        await press(pilot, "F")
        assert isinstance(app.screen, ConfirmScreen)
        assert "Tari, Aryan is absent, and loses it by forfeit (-/+)" in app.screen.question
        await press(pilot, "y")
        game = app.store.games(1)[0]
        assert (game.result, game.armageddon) == (
            MainResult.DRAW,
            ArmageddonResult.BLACK_FORFEIT_WIN,
        )
        assert game.points == (Decimal("0.5"), Decimal("1.5"))
        assert column(pairings(app).table, "armageddon")[0] == "-/+"
        assert "(forfeit, White absent)" in app.store.audit.log(limit=1)[0].summary


async def test_an_armageddon_forfeit_can_be_declined(five_db, make_app) -> None:
    app = make_app(five_db, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 2)
        await press(pilot, "d")
        await press(pilot, "f")
        await press(pilot, "n")
        assert app.store.games(1)[1].armageddon is None


async def test_the_help_says_which_rules_were_not_found(five_db, make_app) -> None:
    app = make_app(five_db, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = help_text(console(app))
        assert text.splitlines()[0].startswith(
            "Bergen Armageddon: rules not found for this edition, so the 2022 rule book's "
            "apply: event.pairing_system, time_controls.armageddon.increment_seconds"
        )
        assert "rules not found" not in help_text()  # 2022's own profile has none
