"""Review of issues 11 and 17.5 in pane 7: a play-off question answered after another terminal
changed what it named does nothing else than what it named."""

from __future__ import annotations

from normtui.store import EventStore
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.widgets.playoff_tables import PlayoffGamesTable
from tests.store.playoff_events import CLOCK
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import notes
from tests.tui.test_playoff_pane import _events, event, pane_of  # noqa: F401


async def test_a_correction_confirmed_after_another_terminal_corrected_is_refused(
        event, make_app) -> None:  # noqa: F811
    """The question says "from 1-0 to 0-1"; meanwhile the deputy corrects M1 to ½-½. y
    overwrote the deputy's correction with 0-1 (and the log said "was 1/2-1/2", which the
    arbiter never saw)."""
    path = event("two")
    with EventStore.open(path, actor="test", clock=lambda: CLOCK) as store:
        store.start_playoff(2022)
        store.enter_playoff_result("M1", "1-0")
    app = make_app(path, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await pilot.press("7")
        await pilot.pause()
        pane_of(app).query_one(PlayoffGamesTable).move_cursor(row=0)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "from 1-0 to 0-1" in app.screen.question
        with EventStore.open(path, actor="deputy", clock=lambda: CLOCK) as deputy:
            deputy.enter_playoff_result("M1", "1/2-1/2", correction=True)
        await pilot.press("y")
        await pilot.pause()
        assert app.store.playoff().games[0].result == "1/2-1/2"
        assert app.store.log(limit=1)[0].actor == "deputy"
        assert any("M1" in n and "1/2-1/2" in n for n in notes(app, "error")), notes(app)


async def test_a_result_confirmed_on_a_stale_game_is_not_a_correction(event,
                                                                      make_app) -> None:  # noqa: F811
    """Pane 7 shows M1 without a result; the deputy enters 1-0 from another terminal. The
    arbiter's w is refused, not taken as a second entry (nothing asked)."""
    path = event("two")
    with EventStore.open(path, actor="test", clock=lambda: CLOCK) as store:
        store.start_playoff(2022)
    app = make_app(path, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await pilot.press("7")
        await pilot.pause()
        with EventStore.open(path, actor="deputy", clock=lambda: CLOCK) as deputy:
            deputy.enter_playoff_result("M1", "0-1")
        pane_of(app).query_one(PlayoffGamesTable).move_cursor(row=0)
        await pilot.press("w")
        await pilot.pause()
        assert app.store.playoff().games[0].result == "0-1"


async def test_the_start_confirmed_after_the_tie_changed_starts_nothing(event,
                                                                       make_app) -> None:  # noqa: F811
    """The question names the players of the play-off; meanwhile a correction elsewhere
    changes who shares first. y started a play-off of other players than the ones named."""
    path = event("two")
    app = make_app(path, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await pilot.press("7", "s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        named = app.screen.question
        with EventStore.open(path, actor="deputy", clock=lambda: CLOCK) as deputy:
            # So (2) lost a game he won: Carlsen alone on top, no play-off needed... or a
            # different one. Any correction that changes the tie will do.
            last = [g for g in deputy.games() if 2 in (g.white, g.black) and g.result][-1]
            flipped = "0-1" if last.result.value == "1-0" else "1-0"
            deputy.enter_result(last.round, last.white, last.black, flipped, correction=True)
            after = deputy.playoff_view()
        await pilot.press("y")
        await pilot.pause()
        view = app.store.playoff_view()
        if view.started:
            names = [view.names[n] for n in view.state.players]
            assert all(n in named for n in names), (named, names, after.state.players)
        assert not view.started, named
