"""Pane 7, Play-off (§5): the whole two-way flow from the keyboard, the colour choice, a refused
correction, the pane when nobody shares first, and a snapshot of a tied match."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from normtui.store import EventStore
from normtui.tui.panes.playoff import PlayoffPane
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.widgets.playoff_tables import PlayoffGamesTable
from tests.store.playoff_events import CLOCK, copy_event, make_events
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import console, notes, pairings, press, settled, to_board


@pytest.fixture(scope="session")
def _events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return make_events(tmp_path_factory.mktemp("tui-playoff"), "two", "one", "choose", "unfinished")


@pytest.fixture
def event(_events: dict[str, Path], tmp_path: Path):
    """``event("two")``: the path of a private copy of one of the tied events."""
    return lambda kind: copy_event(_events, kind, tmp_path)


def pane_of(app) -> PlayoffPane:
    pane = console(app).pane("playoff")
    assert isinstance(pane, PlayoffPane)
    return pane


def text(pane: PlayoffPane, selector: str) -> str:
    return str(pane.query_one(selector, Static).render())


async def test_the_whole_two_way_flow_from_the_keyboard(event, make_app) -> None:
    """s starts (asks; the seed is drawn and shown), w and w tie the match 1-1, d draws the
    Armageddon: Black wins it (§5), takes first prize whole, and the standings say so."""
    app = make_app(event("two"), preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "7")
        pane = pane_of(app)
        assert text(pane, "#playoff-status") == "Play-off needed (2-game match); not started."
        assert pane.check_action("start", ()) and not pane.check_action("result", ("1-0",))
        await press(pilot, "s")
        assert isinstance(app.screen, ConfirmScreen)
        seed = int(re.search(r"Seed (\d+)", app.screen.question).group(1))  # type: ignore[union-attr]
        await press(pilot, "y")
        assert app.store.playoff.view().seed == seed
        assert f"seed {seed} (recorded)" in text(pane, "#playoff-info")
        assert text(pane, "#playoff-status") == "Match game 1 of 2"
        assert not pane.check_action("start", ())
        assert "Dial: 3' + 2\"" in text(pane, "#playoff-next")
        await press(pilot, "w")  # M1: White won
        assert text(pane, "#playoff-status") == "Match game 2 of 2"
        assert pane.query_one(PlayoffGamesTable).highlighted_key() == "M2"
        await press(pilot, "w")  # M2: White won, the other player: 1-1
        assert text(pane, "#playoff-status") == "Match tied 1-1: Armageddon"
        assert "Dial: White 10', Black 7', +1\" from move 41" in text(pane, "#playoff-next")
        assert "pending" in text(pane, "#playoff-outcome")
        await press(pilot, "d")  # the Armageddon drawn: Black's win
        state = app.store.playoff()
        black = state.games[-1].black
        name = {p.number: p.name for p in app.store.players()}[black]
        outcome = text(pane, "#playoff-outcome")
        assert f"Winner: {name}" in outcome
        assert "Black wins (draw odds, §5)" in outcome
        assert f"{name.split(',')[0]} NOK 750,000.00" in outcome
        assert "(Black wins)" in str(pane.query_one(PlayoffGamesTable).get_cell("A", "result"))
        await press(pilot, "3")
        table = console(app).pane("standings").query_one("#standings-table")
        assert table.cell(str(black), "prize") == "NOK 750,000.00"  # type: ignore[attr-defined]


async def test_a_correction_asks_first_and_a_refused_one_changes_nothing(event, make_app) -> None:
    """w / b / d on a game with a result correct it after asking; M1 the other way would
    decide the match, leaving the Armageddon already played without a game: refused."""
    path = event("two")
    with EventStore.open(path, actor="test", clock=lambda: CLOCK) as store:
        store.playoff.start(2022)
        for game, result in (("M1", "1-0"), ("M2", "1-0"), ("A", "0-1")):
            store.playoff.enter_result(game, result)
    app = make_app(path, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "7")
        pane = pane_of(app)
        table = pane.query_one(PlayoffGamesTable)
        table.move_cursor(row=0)
        await press(pilot, "b")
        assert isinstance(app.screen, ConfirmScreen)
        assert "from 1-0 to 0-1" in app.screen.question
        await press(pilot, "y")
        assert any("A already has a result" in n for n in notes(app, "error")), notes(app)
        assert app.store.playoff().games[0].result == "1-0"
        table.move_cursor(row=2)
        await press(pilot, "w")
        await press(pilot, "y")
        assert app.store.playoff().games[2].result == "1-0"
        assert app.store.audit.log()[0].action == "playoff correction"


async def test_the_higher_ranked_player_chooses_with_w_or_b(event, make_app) -> None:
    path = event("choose")
    with EventStore.open(path, actor="test", clock=lambda: CLOCK) as store:
        store.playoff.start(2022)
        store.playoff.enter_result("M1", "1-0")
        store.playoff.enter_result("M2", "1-0")
    app = make_app(path, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "7")
        pane = pane_of(app)
        assert "Carlsen (higher on the tie-breaks) chooses" in text(pane, "#playoff-next")
        assert pane.check_action("choose", ("black",)) and not pane.check_action("result", ())
        await press(pilot, "b")
        armageddon = app.store.playoff().next_game
        assert armageddon is not None and armageddon.black == 1  # Carlsen took Black
        assert text(pane, "#playoff-status") == "Match tied 1-1: Armageddon"


async def test_no_playoff_when_first_place_is_not_shared(event, make_app) -> None:
    app = make_app(event("one"), preload=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "7")
        pane = pane_of(app)
        assert text(pane, "#playoff-status") == "First place: Carlsen, Magnus."
        assert not pane.query_one(PlayoffGamesTable).display
        await press(pilot, "s")  # not offered, and nothing happens if pressed
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.store.playoff.view().started is False


async def test_a_shared_first_place_before_the_last_round_is_over(event, make_app) -> None:
    app = make_app(event("unfinished"), preload=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "7")
        pane = pane_of(app)
        assert text(pane, "#playoff-status") == (
            "First place is shared now: Carlsen; So. If it still is after the last round, a "
            "play-off decides it (§5)."
        )
        assert "round 3 board 2 (Giri-Carlsen) is not decided" in text(pane, "#playoff-info")
        assert not pane.check_action("start", ())


async def test_the_format_is_set_with_f_and_the_drawing_at_the_board_with_l(
    event, make_app
) -> None:
    """f sets the play-off as the regulations write it (Tata Steel's), until it starts; l
    records who drew White in the first sudden-death game; the next game appears when the
    result before makes it needed, with its clock, and the winner at the end."""
    app = make_app(event("two"), preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "7")
        pane = pane_of(app)
        await press(pilot, "f")
        field = app.screen.query_one("#playoff-format", Input)
        assert field.value == "2 blitz 3+2, then armageddon 10/7+1 from move 41"
        field.value = "2 blitz, then sudden death, then lots"
        await press(pilot, "enter")
        # Refused by name, the dialog stays open for the correction.
        assert any("give it its most games" in n for n in notes(app, "error")), notes(app)
        field.value = "2 blitz 3+2, then sudden death 2:30/3+2 colours by lot in pairs"
        await press(pilot, "enter")
        assert "Format: 2 blitz 3+2, then sudden death 2:30/3+2" in text(pane, "#playoff-info")
        assert app.store.audit.log()[0].action == "playoff format"
        await press(pilot, "s", "y")
        assert not pane.check_action("format", ())
        await press(pilot, "w", "w")  # 1-1
        assert text(pane, "#playoff-status") == "Match tied 1-1: sudden death, game 1"
        assert "Dial: White 2'30\", Black 3', +2\"" in text(pane, "#playoff-next")
        assert "the seed's lot; l records a drawing at the board" in text(pane, "#playoff-next")
        await press(pilot, "l")
        assert "Who has White in S1, as drawn at the board?" in str(
            app.screen.query_one("#question", Static).render()
        )
        await press(pilot, "2")  # So
        s1 = app.store.playoff().next_game
        assert s1 is not None and s1.white == 2
        assert "(colours drawn at the board)" in text(pane, "#playoff-next")
        await press(pilot, "d", "b")  # S1 drawn; S2 won by Black: So again
        assert text(pane, "#playoff-status") == "Sudden death won in game 2"
        assert "Winner: So, Wesley" in text(pane, "#playoff-outcome")


def test_snapshot_of_a_tied_match_waiting_for_its_armageddon(event, make_app, snap_compare) -> None:
    path = event("two")
    with EventStore.open(path, actor="test", clock=lambda: CLOCK) as store:
        store.playoff.start(2022)
        store.playoff.enter_result("M1", "1-0")
        store.playoff.enter_result("M2", "1-0")
    assert snap_compare(make_app(path, preload=False), press=["7"], terminal_size=SNAPSHOT_SIZE)


async def test_starting_on_provisional_results_warns_and_asks(event, make_app) -> None:
    """The last round's results are not countersigned (§8): the start says which,
    and asks to start anyway; countersigned, it asks plainly."""
    app = make_app(event("two"), preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "7", "s")
        assert isinstance(app.screen, ConfirmScreen)
        question = app.screen.question
        assert "WARNING: 6 results are still provisional, not countersigned (§8): " in question
        assert "R3.2 Giri-Carlsen 1-0. A correction" in question
        assert str(app.screen.query_one("#yes").label) == "Start anyway (y)"
        await press(pilot, "n")
        assert not app.store.playoff.view().started
        for game in app.store.games():
            for who in ("white", "black", "arbiter"):
                app.store.games.sign(game.id, who)  # type: ignore[arg-type]
        await press(pilot, "s")
        assert "WARNING" not in app.screen.question  # type: ignore[attr-defined]


# -- review of A question answered after another terminal changed what it
# named does nothing else than what it named
async def test_a_correction_confirmed_after_another_terminal_corrected_is_refused(
    event, make_app
) -> None:
    """The question says "from 1-0 to 0-1"; meanwhile the deputy corrects M1 to ½-½. y
    overwrote the deputy's correction with 0-1 (and the log said "was 1/2-1/2", which the
    arbiter never saw)."""
    path = event("two")
    with EventStore.open(path, actor="test", clock=lambda: CLOCK) as store:
        store.playoff.start(2022)
        store.playoff.enter_result("M1", "1-0")
    app = make_app(path, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "7")
        pane_of(app).query_one(PlayoffGamesTable).move_cursor(row=0)
        await press(pilot, "b")
        assert isinstance(app.screen, ConfirmScreen)
        assert "from 1-0 to 0-1" in app.screen.question
        with EventStore.open(path, actor="deputy", clock=lambda: CLOCK) as deputy:
            deputy.playoff.enter_result("M1", "1/2-1/2", correction=True)
        await press(pilot, "y")
        assert app.store.playoff().games[0].result == "1/2-1/2"
        assert app.store.audit.log(limit=1)[0].actor == "deputy"
        assert any("M1" in n and "1/2-1/2" in n for n in notes(app, "error")), notes(app)


async def test_a_result_confirmed_on_a_stale_game_is_not_a_correction(event, make_app) -> None:
    """Pane 7 shows M1 without a result; the deputy enters 1-0 from another terminal. The
    arbiter's w is refused, not taken as a second entry (nothing asked)."""
    path = event("two")
    with EventStore.open(path, actor="test", clock=lambda: CLOCK) as store:
        store.playoff.start(2022)
    app = make_app(path, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "7")
        with EventStore.open(path, actor="deputy", clock=lambda: CLOCK) as deputy:
            deputy.playoff.enter_result("M1", "0-1")
        pane_of(app).query_one(PlayoffGamesTable).move_cursor(row=0)
        await press(pilot, "w")
        assert app.store.playoff().games[0].result == "0-1"


async def test_the_start_confirmed_after_the_tie_changed_starts_nothing(event, make_app) -> None:
    """The question names the players of the play-off; meanwhile a correction elsewhere
    changes who shares first. y started a play-off of other players than the ones named."""
    path = event("two")
    app = make_app(path, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "7", "s")
        assert isinstance(app.screen, ConfirmScreen)
        named = app.screen.question
        with EventStore.open(path, actor="deputy", clock=lambda: CLOCK) as deputy:
            # So (2) lost a game he won: Carlsen alone on top, no play-off needed... or a
            # different one. Any correction that changes the tie will do.
            last = [g for g in deputy.games() if 2 in (g.white, g.black) and g.result][-1]
            flipped = "0-1" if last.result.value == "1-0" else "1-0"
            deputy.games.enter_result(last.round, last.white, last.black, flipped, correction=True)
            after = deputy.playoff.view()
        await press(pilot, "y")
        view = app.store.playoff.view()
        if view.started:
            names = [view.names[n] for n in view.state.players]
            assert all(n in named for n in names), (named, names, after.state.players)
        assert not view.started, named


async def test_a_correction_refused_by_the_play_off_is_refused_before_it_is_asked(
    event, make_app
) -> None:
    """After the play-off has started, a main-game correction that would change who plays it
    is refused at the key, with the article: never "Correct (y)?" then a refusal."""
    path = event("two")
    with EventStore.open(path, actor="test", clock=lambda: CLOCK) as store:
        store.playoff.start(2022)
    app = make_app(path, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        pane = pairings(app)
        pane.show_round(3)
        await to_board(pilot, 2)  # Giri-Carlsen 1-0
        before = app.store.audit.log(limit=1)[0].id
        await press(pilot, "b")
        assert app.screen is console(app)
        assert "the play-off has started" in notes(app, "error")[-1]
        assert "undo the play-off first" in notes(app, "error")[-1]
        assert app.store.audit.log(limit=1)[0].id == before
        assert next(g for g in app.store.games(3) if g.board == 2).result.value == "1-0"
