"""Pane 1 from the keyboard, on the demo event (round 7 at 19:32: board 1 Anand-Radjabov and
board 5 Topalov-Wang in progress, board 3 Tari-Carlsen drawn with its Armageddon due by 19:41,
boards 2 and 4 decided)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import pytest

from normtui.rules.model import ArmageddonResult, GameState, MainResult
from normtui.store import EventStore
from normtui.tui.formatting import points
from normtui.tui.screens.armageddon import ArmageddonScreen
from normtui.tui.screens.confirm import ConfirmScreen
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import column, console, notes, pairings, press, settled, to_board, until


def _points(store: EventStore, name: str) -> Decimal:
    return next(r.points for r in store.standings() if r.player.startswith(name))


async def test_a_decisive_result_is_one_key(demo_app) -> None:
    """§4: w on board 1 gives Anand 3 points; the standings pane shows them when opened."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        before = _points(app.store, "Anand")
        await to_board(pilot, 1)
        rows = list(pairings(app).table.rows)
        await press(pilot, "w")
        # The board's cells updated where they are, not the table filled again (a layout
        # pass): the same rows, the cursor still on board 1.
        assert all(a is b for a, b in zip(rows, pairings(app).table.rows, strict=True))
        assert pairings(app).table.game.board == 1
        game = app.store.games(7)[0]
        assert (game.result, game.state) == (MainResult.WHITE_WIN, GameState.FINISHED)
        assert _points(app.store, "Anand") == before + 3
        assert column(pairings(app).table, "result")[0] == "1-0*"  # unsigned: provisional §8
        # Said on the pane's status line; no toast over the table.
        assert "board 1 (Anand-Radjabov): result 1-0" in pairings(app).status
        assert not notes(app)
        await press(pilot, "3")
        table = console(app).pane("standings").query_one("#standings-table")
        assert table.cell("4", "points") == points(before + 3) + "*"


async def test_a_draw_opens_its_armageddon_and_moves_the_standings(demo_app, clock) -> None:
    """§2: a drawn main game opens the Armageddon at once, with its clock and a countdown of
    the 20 minutes; a drawn Armageddon is Black's win; §4 gives 1 and 1½."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        wang, topalov = _points(app.store, "Wang"), _points(app.store, "Topalov")
        await to_board(pilot, 5)
        await press(pilot, "d")
        modal = app.screen
        assert isinstance(modal, ArmageddonScreen)
        # The draw is audited, but no toast covers the Armageddon's answers.
        assert app.store.audit.log(limit=1)[0].summary.endswith("result 1/2-1/2")
        assert not any(m.endswith("result 1/2-1/2") for m in notes(app))
        assert "White 10', Black 7', +1\" from move 41" in str(
            modal.query_one("#armageddon-clock").render()
        )
        assert "20:00 left" in str(modal.query_one("#armageddon-window").render())
        assert "Black's win: Wang takes it" in str(modal.query_one("#armageddon-rule").render())
        clock.advance(minutes=3, seconds=30)
        modal._tick()
        assert "16:30 left" in str(modal.query_one("#armageddon-window").render())
        await press(pilot, "d")  # the Armageddon is drawn: Black (Wang) wins it
        assert not isinstance(app.screen, ArmageddonScreen)
        game = app.store.games(7)[4]
        assert (game.result, game.armageddon) == (MainResult.DRAW, ArmageddonResult.DRAW)
        assert game.points == (Decimal(1), Decimal("1.5"))
        assert _points(app.store, "Wang") == wang + Decimal("1.5")
        assert _points(app.store, "Topalov") == topalov + 1
        assert column(pairings(app).table, "armageddon")[4] == "½-½ → Black"


async def test_an_armageddon_can_wait_and_be_entered_later(demo_app) -> None:
    """Board 3 waits: its cell counts down; Escape leaves it waiting; a enters it later."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        table = pairings(app).table
        assert column(table, "armageddon")[2] == "by 19:41 (9 min left)"
        await to_board(pilot, 3)
        await press(pilot, "a")
        assert isinstance(app.screen, ArmageddonScreen)
        await press(pilot, "escape")
        assert app.store.games(7)[2].armageddon is None
        await press(pilot, "a", "b")
        assert app.store.games(7)[2].armageddon is ArmageddonResult.BLACK_WIN


async def test_p_on_a_waiting_armageddon_records_its_start(demo_app, clock) -> None:
    """Board 3's Armageddon starts at the board: p records it (audited); its countdown stops,
    the board says it is under way, the header no longer counts it as waiting, and no late
    warning comes once its 20 minutes are over. p again: waiting again."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 3)
        await press(pilot, "p")
        pane = pairings(app)
        assert column(pane.table, "armageddon")[2] == "under way (19:32)"
        assert app.store.games(7)[2].armageddon_under_way
        assert app.store.audit.log(limit=1)[0].action == "armageddon start"
        assert "Armageddon waiting" not in console(app).sub_title
        clock.advance(minutes=30)
        pane._tick()
        await until(pilot, lambda: notes(app, "warning") == [], "the assertion below")
        assert notes(app, "warning") == []
        await press(pilot, "p")
        assert not app.store.games(7)[2].armageddon_under_way
        assert "late by" in column(pane.table, "armageddon")[2]


async def test_a_late_armageddon_is_a_warning(demo_app, clock) -> None:
    """§2: once the 20 minutes have passed the board says so and the arbiter is warned once."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        clock.advance(minutes=10)
        pane = pairings(app)
        pane._tick()
        pane._tick()
        await until(
            pilot,
            lambda: column(pane.table, "armageddon")[2] == "late by 1 min",
            "the assertion below",
        )
        assert column(pane.table, "armageddon")[2] == "late by 1 min"
        await until(pilot, lambda: bool(notes(app, "warning")), "the warning")
        warnings = notes(app, "warning")
        assert warnings == [
            "round 7 board 3 (Tari-Carlsen): the Armageddon should have started by 19:41"
        ]


async def test_a_correction_asks_first_and_is_audited(demo_app) -> None:
    """Board 2 is 1-0: b asks; n leaves it; b then y corrects it, audited as a correction."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 2)
        await press(pilot, "b")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert app.store.games(7)[1].result is MainResult.WHITE_WIN
        await press(pilot, "b")
        await press(pilot, "y")
        assert app.store.games(7)[1].result is MainResult.BLACK_WIN
        last = app.store.audit.log(limit=1)[0]
        assert last.action == "correction"
        assert "corrected 0-1 (was 1-0)" in last.summary


async def test_bad_input_is_an_error_notification_and_changes_nothing(demo_app) -> None:
    """An Armageddon after a decisive game (§2) and a countersignature before the players
    have signed (§8) are refused by name; the file is unchanged."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        entries = len(app.store.audit.log())
        await to_board(pilot, 2)
        await press(pilot, "a")
        await to_board(pilot, 1)
        await press(pilot, "A")  # no result yet on board 1: nothing to sign (§8)
        await to_board(pilot, 3)
        await press(pilot, "A")  # drawn, unsigned: the arbiter countersigns last (§8)
        errors = notes(app, "error")
        assert len(errors) == 3
        assert "an Armageddon follows a drawn main game only" in errors[0]
        assert "has no result yet" in errors[1]
        assert "the arbiter countersigns after both players have signed" in errors[2]
        assert len(app.store.audit.log()) == entries


async def test_signing_and_starting_from_the_keyboard(demo_app) -> None:
    """§8: W, B, then A make board 3's result final; p toggles a game in progress."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 3)
        await press(pilot, "W", "B", "A")
        assert app.store.games(7)[2].signatures.is_final
        assert column(pairings(app).table, "signed")[2] == "WBA"
        await to_board(pilot, 1)
        await press(pilot, "p")
        assert app.store.games(7)[0].state is GameState.SCHEDULED


async def test_the_round_selector(demo_app) -> None:
    """[ and ] step through the rounds, c comes back to the current one; the edges say so."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        pane = pairings(app)
        assert pane.round == 7
        await press(pilot, "left_square_bracket")
        assert pane.round == 6
        assert [g.round for g in pane.table.games] == [6] * 5
        await press(pilot, "right_square_bracket", "right_square_bracket", "right_square_bracket")
        assert pane.round == 9
        await press(pilot, "right_square_bracket")
        assert pane.round == 9
        assert "The event has rounds 1-9." in notes(app, "warning")
        await press(pilot, "c")
        assert pane.round == 7


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_armageddon_answer_is_in_the_dialog_with_the_longest_name(
    demo_app, size
) -> None:
    """Review of With Vachier-Lagrave as Black (round 8, board 3: Carlsen-
    Vachier-Lagrave) the buttons named him twice and "Later (esc)", the button with the focus,
    was pushed out of the dialog at 80x24 and at 120x40 alike."""
    from textual.widgets import Button

    from normtui.tui.screens.armageddon import ArmageddonScreen

    app = demo_app
    async with app.run_test(size=size) as pilot:
        await press(pilot, "]")
        await to_board(pilot, 3)
        await press(pilot, "d")
        assert isinstance(app.screen, ArmageddonScreen)
        dialog = app.screen.query_one("#armageddon-dialog").content_region
        for button in app.screen.query(Button):
            region = button.region
            assert region.width and dialog.contains_region(region), (
                str(button.label),
                region,
                dialog,
            )


async def test_a_correction_says_the_attached_record_will_contradict_it(demo_app) -> None:
    """Review of Round 6's games have their records attached; a correction keeps
    the record, which then contradicts the result (`normtui check` reports it). The question
    said nothing of it: it names the record's result and what to do."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "[")
        game = next(
            g for g in pairings(app).table.games if g.has_pgn and g.result is MainResult.WHITE_WIN
        )
        await to_board(pilot, game.board)
        await press(pilot, "b")
        assert isinstance(app.screen, ConfirmScreen)
        assert "Its attached record says 1-0" in app.screen.question, app.screen.question
        await press(pilot, "n")


async def test_the_armageddon_waits_is_said_only_while_it_waits(demo_app) -> None:
    """Later on board 3's Armageddon says it waits; entered elsewhere (the feed, another
    terminal) while the arbiter is on another pane, the line goes: it would be untrue."""
    from normtui.tui.messages import StoreChanged

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 3)
        await press(pilot, "a", "escape")
        pane = pairings(app)
        assert pane.status.endswith("the Armageddon waits; a on the board (or ctrl+a) enters it.")
        await press(pilot, "3")
        game = pane.table.game
        assert game is not None and game.board == 3
        app.store.games.enter_armageddon(7, game.white, game.black, "0-1")
        console(app).store_changed(StoreChanged(local=True))
        await until(pilot, lambda: pane.status == "", "the assertion below")
        assert pane.status == ""


async def test_a_round_is_closed_from_the_console_asked_first(demo_app) -> None:
    """C on round 7 while boards lack results is refused before any question; complete, it
    asks, closes (audited), and C again offers to reopen it."""
    from tests.tui.test_desk_pane import finish_round_7

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        before = app.store.audit.log(limit=1)[0].id
        await press(pilot, "C")
        assert app.screen is console(app)
        assert "round 7 cannot be closed" in notes(app, "error")[-1]
        assert app.store.audit.log(limit=1)[0].id == before
        finish_round_7(app.store)
        pane = pairings(app)
        pane.reload()
        await press(pilot, "C")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith("Close round 7?\n\nEvery board has its result.")
        assert "Not countersigned yet (§8): boards 1, 2, 3, 5." in app.screen.question
        await press(pilot, "y")
        assert next(r for r in app.store.rounds() if r.round == 7).status == "closed"
        assert app.store.audit.log(limit=1)[0].summary == "round 7 closed"
        assert pane.status == "round 7 closed"
        await press(pilot, "C")
        assert app.screen.question.startswith("Reopen round 7?")


async def test_the_last_result_of_a_round_says_the_next_is_being_played(demo_app) -> None:
    """`w` on the last board of round 7 without a result: the summary, then that round 8 is
    the round being played now (the pairings stay on round 7, under the cursor)."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        store = app.store
        for game in store.games(7):  # every board but 5 decided, board 3's Armageddon too
            if game.board != 5 and game.result is None:
                store.games.enter_result(7, game.white, game.black, "1-0")
            elif game.armageddon is None and game.result is MainResult.DRAW:
                store.games.enter_armageddon(7, game.white, game.black, "0-1")
        pane = pairings(app)
        pane.reload()
        await to_board(pilot, 5)
        await press(pilot, "w")
        await until(
            pilot,
            lambda: pane.status.startswith("Round 8 is the round being played now (round 7"),
            "round 8 said after the result",
        )
        assert pane.round == 7
        assert store.games(7)[4].result is MainResult.WHITE_WIN


async def test_a_draw_entered_from_another_terminal_opens_nothing(demo_app, demo_copy) -> None:
    """The CLI or a second console enters board 1 drawn: the console re-reads it, counts the
    Armageddon waiting in the header and opens no dialog; an Armageddon dialog the arbiter
    has open when another terminal enters that Armageddon says so and stays."""
    from textual.widgets import Static

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 3)
        with EventStore.open(demo_copy, actor="deputy") as deputy:
            deputy.games.enter_result(7, "Anand", "Radjabov", "1/2-1/2")
        console(app)._poll()
        await until(pilot, lambda: app.screen is console(app), "app.screen is console(app)")
        assert app.screen is console(app)
        assert "Armageddon waiting: 2" in console(app).sub_title
        await press(pilot, "a")
        assert isinstance(app.screen, ArmageddonScreen) and app.screen.game.board == 3
        with EventStore.open(demo_copy, actor="deputy") as deputy:
            deputy.games.enter_armageddon(7, "Tari", "Carlsen", "0-1")
        console(app)._poll()
        screen = app.screen
        assert isinstance(screen, ArmageddonScreen)
        await until(
            pilot,
            lambda: (
                "Already entered: 0-1"
                in str(screen.query_one("#armageddon-entered", Static).render())
            ),
            "said in the dialog",
        )
        await press(pilot, "b")  # the same result: nothing to ask, nothing changed
        assert app.screen is console(app)
        assert app.store.audit.log(limit=1)[0].actor == "deputy"
        assert pairings(app).status.endswith("the Armageddon is 0-1 already; nothing changed.")


def test_the_feed_s_mark_is_beside_the_armageddon_result_it_marks(demo_copy) -> None:
    """ "½-½f → Black", not "½-½ → Blackf" (a mark read as part of the name)."""
    from dataclasses import replace

    from normtui.tui.widgets.pairings_table import armageddon_cell

    with EventStore.open(demo_copy) as store:
        drawn = next(g for g in store.games(7) if g.board == 3)
    game = replace(drawn, armageddon=ArmageddonResult.DRAW, armageddon_from="feed")
    now = datetime.now()
    assert str(armageddon_cell(game, now)) == "½-½f → Black"
    assert str(armageddon_cell(game, now, narrow=True)) == "½-½f → B"


async def test_at_80x24_the_round_s_line_breaks_between_its_parts(demo_app) -> None:
    app = demo_app
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        lines = str(pairings(app).query_one("#round-info").render()).splitlines()
        assert lines == ["07 Jun 16:00 · 2/5 complete · [ ] round", "c current"]
