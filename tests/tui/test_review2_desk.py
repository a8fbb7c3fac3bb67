"""Review of issue 11 at the desk: what a question names is what its answer does."""

from __future__ import annotations

from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.test_desk_pane import on_player, question


async def test_absent_again_on_a_fined_player_says_the_fine_is_cancelled(demo_app) -> None:
    """`a` on a player already recorded absent and fined offered "Absent, no fine" without a
    word about the fine already recorded: n then deleted the 500 EUR fine."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await on_player(pilot, 3)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        assert len(app.store.fines()) == 1
        await pilot.press("up", "a")
        await pilot.pause()
        text = question(app)
        assert "fined 500 EUR" in text and "cancel" in text, text
        await pilot.press("n")
        await pilot.pause()
        assert app.store.fines() == []
        assert "fine of 500 EUR cancelled" in app.store.log(limit=1)[0].summary


async def test_a_withdrawal_confirmed_after_its_games_changed_elsewhere_does_nothing(
        demo_copy, demo_app) -> None:
    """The question names Wang's round 7 game, in progress, as a forfeit to come; the
    deputy enters its result meanwhile. y withdrew Wang anyway, with other consequences
    than the ones confirmed (one forfeit fewer, and in general the 50 % rule can turn)."""
    from normtui.store import EventStore

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await on_player(pilot, 9)
        await pilot.press("w")
        await pilot.pause()
        assert "round 7 board 5 (Topalov-Wang): IN PROGRESS now" in question(app)
        with EventStore.open(demo_copy, actor="deputy") as deputy:
            deputy.enter_result(7, "Topalov", "Wang", "1-0")
        await pilot.press("y")
        await pilot.pause()
        assert app.store.resolve_player("Wang").status.value == "active"
        assert app.store.log(limit=1)[0].actor == "deputy"
