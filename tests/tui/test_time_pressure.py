"""The console under time pressure: no key that can hurt, nothing hidden, nothing
that crashes. On the demo event, round 7 at 19:32: boards 1 (Anand-Radjabov) and 5
(Topalov-Wang) in progress, every player recorded present at the start, board 3 drawn with
its Armageddon due by 19:41."""

from __future__ import annotations

from datetime import timedelta

import pytest
from textual import events
from textual.widgets import Input, Static, TabbedContent, TextArea

from normtui.rules.model import GameState, MainResult
from normtui.tui.panes.audit import AuditTable
from normtui.tui.screens.armageddon import ArmageddonScreen
from normtui.tui.screens.choice import ChoiceScreen
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.widgets.clock_form import ClockForm
from normtui.tui.widgets.desk_arrivals import DeskArrivals
from normtui.tui.widgets.go_to import GoToPrompt
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import (
    built,
    column,
    console,
    notes,
    notifications,
    pairings,
    press,
    settled,
    to_board,
    typed,
    until,
)
from tests.tui.test_pgn_pane import real_game

SMALL = (80, 24)


def question(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("#question", Static).render())


def bracketed_paste(app, text: str) -> None:  # type: ignore[no-untyped-def]
    """A paste as a terminal sends it (ESC [200~ … ESC [201~): Textual's driver reads it
    whole and gives the app one Paste event with its text."""
    app.post_message(events.Paste(text))


# -- the crash ----------------------------------------------------------------------------------


async def test_ctrl_z_after_a_long_bracketed_paste_is_the_consoles_undo(demo_app) -> None:
    """At 80x24 a PGN pasted into pane 2 then ctrl+z ended the console with "ValueError: The
    document line index 1 is out of bounds" (the text area's own undo, textual#6686). Ctrl+z is
    the console's undo everywhere: it asks about the newest change, and the record stays."""
    app = demo_app
    record = real_game("Anand")
    async with app.run_test(size=SMALL) as pilot:
        await press(pilot, "2")
        area = console(app).pane("pgn").query_one(TextArea)
        await press(pilot, "enter")  # into the record (arriving, the cursor is outside it)
        assert app.focused is area
        bracketed_paste(app, record + "\n" + real_game("Topalov"))
        await until(
            pilot, lambda: area.text.count("[Event ") == 2, 'area.text.count("[Event ") == 2'
        )
        assert area.text.count("[Event ") == 2
        await press(pilot, "ctrl+z")
        assert isinstance(app.screen, ConfirmScreen)
        assert question(app).startswith("Undo the last change?")
        await press(pilot, "n")
        await press(pilot, "ctrl+z", "n", "ctrl+y")
        assert app.is_running and app.return_code is None
        assert area.text.count("[Event ") == 2


async def test_escape_leaves_the_text_area_then_digits_switch_panes(demo_app) -> None:
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "2")
        area = console(app).pane("pgn").query_one(TextArea)
        await press(pilot, "i", "3")  # in the text area: typed, a PGN has digits
        assert area.text == "3"
        await press(pilot, "escape", "3")
        assert console(app).query_one(TabbedContent).active == "tab-standings"
        assert area.text == "3"


async def test_arriving_on_pane_2_never_puts_the_cursor_in_the_record(demo_app) -> None:
    """ "2 3 x 4" typed fast went "3x4" into the record: arriving, the cursor is on the
    findings, and the digits go on switching panes; Esc from the open dialog comes back there
    too, not into the record."""
    from normtui.tui.screens.pgn_open import PgnOpenScreen
    from normtui.tui.widgets.pgn_findings import PgnFindings

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "2", "3", "4", "1")  # every pane built
        await typed(pilot, "2", "3", "x", "4")  # as a terminal delivers them, at once
        pane = console(app).pane("pgn")
        area = pane.query_one(TextArea)
        assert area.text == ""
        assert console(app).query_one(TabbedContent).active == "tab-clocks"
        await press(pilot, "2")
        assert isinstance(app.focused, PgnFindings)
        await press(pilot, "i")
        assert app.focused is area
        await press(pilot, "ctrl+o")
        assert isinstance(app.screen, PgnOpenScreen)
        await press(pilot, "escape")
        await until(
            pilot,
            lambda: isinstance(app.focused, PgnFindings) and area.text == "",
            "back on the findings, the record empty",
        )
        assert isinstance(app.focused, PgnFindings) and area.text == ""


# -- keys that change results ---------------------------------------------------------------------


async def test_every_forfeit_asks_and_says_what_the_desk_recorded(demo_app) -> None:
    """x, f, F entered a forfeit at once, even on a game in progress whose players the desk
    recorded present. Each asks, naming what it does and what contradicts it."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 1)
        for key in ("x", "f", "F"):
            await press(pilot, key)
            assert isinstance(app.screen, ConfirmScreen), key
            text = question(app)
            assert "Note: the game is in progress (its clocks were started)." in text
            await press(pilot, "n")
            assert app.store.games(7)[0].result is None
        await press(pilot, "f")
        text = question(app)
        assert text.startswith("White wins by forfeit on round 7 board 1 (Anand-Radjabov)?")
        assert "Radjabov absent: Anand scores 3, Radjabov 0; no Armageddon (§4)." in text
        assert "Note: the desk recorded Radjabov present at the start of round 7." in text
        assert "Anand present" not in text  # only the player said to be absent
        await press(pilot, "y")
        assert app.store.games(7)[0].result is MainResult.WHITE_FORFEIT_WIN


async def test_enter_on_a_question_that_changes_a_result_cancels(demo_app) -> None:
    """An Enter in a hurry (or left over from the key that opened the question) does the least
    harm: the focus starts on Cancel, only y confirms."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 1)
        for key in ("f", "ctrl+z"):
            await press(pilot, key)
            assert isinstance(app.screen, ConfirmScreen), key
            await press(pilot, "enter")
            assert not isinstance(app.screen, ConfirmScreen), key
            assert app.store.games(7)[0].result is None
        newest = app.store.audit.log(limit=1)[0]
        assert newest.undoes is None and "forfeit" not in newest.summary


async def test_present_on_a_player_fined_for_absence_asks_and_names_the_fine(demo_app) -> None:
    """p on a player recorded absent and fined 500 EUR deleted the fine with a toast saying
    "present". A late arrival keeps the fine (§7); a correction names the fine it cancels."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "5")
        pane = await built(pilot, "desk")
        await until(pilot, lambda: console(app).settled, "the console settled")
        table = pane.query_one(DeskArrivals)
        await until(pilot, lambda: app.focused is table, "the arrivals focused")
        table.move_cursor(row=1)  # Carlsen
        await press(pilot, "a", "f")
        await until(pilot, lambda: len(app.store.desk.fines()) == 1, "the fine recorded")
        table.move_cursor(row=1)
        await press(pilot, "p")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        text = question(app)
        assert "Carlsen, Magnus is recorded absent at the start of round 7, fined 500 EUR" in text
        assert "still fined (Regulations §7)" in text
        await press(pilot, "l")  # arrived late: the fine stands
        await until(pilot, lambda: "arrived late" in pane.status, "the late arrival said")
        assert len(app.store.desk.fines()) == 1
        assert "Carlsen arrived late: stays absent at the start, the fine stands" in pane.status
        await press(pilot, "p", "c")  # the absence was recorded in error
        await until(pilot, lambda: app.store.desk.fines() == [], "the fine cancelled")
        assert app.store.audit.log(limit=1)[0].summary == (
            "round 7: Carlsen present, fine of 500 EUR cancelled"
        )
        await until(pilot, lambda: "fine of 500 EUR cancelled" in pane.status, "the status")
        assert pane.status.endswith("round 7: Carlsen present, fine of 500 EUR cancelled")


async def test_arrivals_move_on_and_all_present_is_one_key(demo_copy, make_app) -> None:
    """Round 8 has no arrivals yet: p records one and goes to the next player; P records
    every player not yet recorded, in one audited change."""
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "5", "]")
        pane = await built(pilot, "desk")
        await until(pilot, lambda: pane.round_no == 8, "the desk on round 8")  # type: ignore[attr-defined]
        table = pane.query_one(DeskArrivals)
        await until(pilot, lambda: app.focused is table, "the arrivals focused")
        await press(pilot, "p")
        await until(pilot, lambda: table.selected.number == 2, "the next player")
        await press(pilot, "a", "f")  # Carlsen absent, fined; the cursor moves on
        await until(pilot, lambda: table.selected.number == 3, "the player after him")
        before = len(app.store.audit.log())
        await press(pilot, "P")
        await until(pilot, lambda: len(app.store.desk.arrivals(8)) == 10, "every arrival")
        arrivals = {a.player.number: a.present for a in app.store.desk.arrivals(8)}
        assert arrivals == {n: n != 2 for n in range(1, 11)}
        assert len(app.store.audit.log()) == before + 1
        assert app.store.audit.log(limit=1)[0].summary == (
            "round 8: 8 players present (absent at the start: Carlsen)"
        )
        assert str(table.get_cell("10", "arrival")) == "present"


async def test_a_withdrawal_names_every_game_it_changes(demo_app) -> None:
    """Withdrawing Topalov turned his game in progress into a forfeit without naming it."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "5")
        console(app).pane("desk").query_one(DeskArrivals).move_cursor(row=7)  # Topalov
        await press(pilot, "w")
        text = question(app)
        assert "The games it turns into forfeits:" in text
        assert "round 7 board 5 (Topalov-Wang): IN PROGRESS now → -/+" in text
        assert "round 8 board " in text and "round 9 board " in text
        await press(pilot, "y")
        summary = app.store.audit.log(limit=1)[0].summary
        assert "; forfeited: round 7 board 5, round 8 board " in summary


async def test_home_end_and_g_go_to_the_first_and_last_row(demo_app) -> None:
    """End d b stored an Armageddon on board 1 (End scrolled sideways): End is the last
    board, Home and g the first, G the last, in every table."""
    app = demo_app
    async with app.run_test(size=SMALL) as pilot:
        await settled(pilot)
        table = pairings(app).table
        await press(pilot, "end")
        assert table.game.board == 5
        await press(pilot, "home")
        assert table.game.board == 1
        await press(pilot, "G")
        assert table.game.board == 5
        await press(pilot, "g")
        assert table.game.board == 1
        await press(pilot, "end", "d")
        assert isinstance(app.screen, ArmageddonScreen)
        assert app.screen.game.board == 5
        await press(pilot, "b")
        game = app.store.games(7)[4]
        assert (game.result, game.armageddon is not None) == (MainResult.DRAW, True)
        assert app.store.games(7)[0].result is None
        await press(pilot, "5", "end")
        assert console(app).pane("desk").query_one(DeskArrivals).selected.number == 10
        await press(pilot, "6", "end")
        audit = console(app).pane("audit").query_one(AuditTable)
        assert audit.cursor_row == audit.row_count - 1
        await press(pilot, "g")
        assert audit.cursor_row == 0


async def test_colon_and_a_number_go_to_that_board(demo_app) -> None:
    """:N goes to board N (digits alone keep switching panes): :4 at once with five boards;
    at the desk :1 waits for a second digit (player 10) or Enter (player 1)."""
    app = demo_app
    async with app.run_test(size=SMALL) as pilot:
        await settled(pilot)
        table = pairings(app).table
        await press(pilot, "colon")
        assert pairings(app).query(GoToPrompt)
        await press(pilot, "4")
        assert table.game.board == 4 and app.focused is table
        assert not pairings(app).query(GoToPrompt)
        await press(pilot, "colon", "escape")
        assert table.game.board == 4 and app.focused is table
        await press(pilot, "5")  # a digit alone: the desk
        desk = console(app).pane("desk").query_one(DeskArrivals)
        await press(pilot, "colon", "1", "0")
        assert desk.selected.number == 10
        await press(pilot, "colon", "1", "enter")
        assert desk.selected.number == 1
        await press(pilot, "6", "colon", *"290", "enter")
        assert console(app).pane("audit").query_one(AuditTable).entry.id == 290


@pytest.mark.parametrize("preload", [True, False], ids=["built", "built-on-demand"])
async def test_colon_and_a_digit_typed_at_once_go_to_that_board(
    demo_copy, make_app, preload
) -> None:
    """Typed as ":4" in one go (a fast typist, tmux send-keys), the 4 was lost: it was on its
    way to the table while the prompt took the focus, and the cursor stayed. The
    keys are posted together, as a terminal delivers them, without a pause between."""
    # Every pane built (the console a moment after it opens), or built when first shown:
    # then the 4 of ":4", arriving before the prompt has the focus, was taken for pane 4's
    # key, and the keys after it waited for a pane never built.
    app = make_app(demo_copy, preload=preload)
    async with app.run_test(size=SMALL) as pilot:
        if preload:
            await until(pilot, lambda: console(app).settled, "every pane built")
        else:
            await settled(pilot)
        table = pairings(app).table
        for board in (4, 2, 5):
            app.post_message(events.Key("colon", ":"))
            app.post_message(events.Key(str(board), str(board)))
            # A digit lost on its way never gets there: the wait runs out and says so.
            await until(
                pilot,
                lambda b=board: (
                    table.game.board == b
                    and app.focused is table
                    and not app.screen.query("GoToPrompt")
                ),
                f"the cursor on board {board}, the prompt gone",
            )
        await press(pilot, "5")
        desk = console(app).pane("desk").query_one(DeskArrivals)
        for key in ("colon", "1", "0"):
            app.post_message(events.Key(key, ":" if key == "colon" else key))
        await until(pilot, lambda: desk.selected.number == 10, "the desk on player 10")


async def test_s_starts_the_round_after_asking(demo_app) -> None:
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "]")
        await press(pilot, "s")
        assert question(app) == ("Start round 8?\n\nBoards 1, 2, 3, 4, 5 (5 of 5) go in progress.")
        await press(pilot, "y")
        assert [g.state for g in app.store.games(8)] == [GameState.IN_PROGRESS] * 5
        assert pairings(app).status.endswith("round 8 started (5 boards)")


# -- what the arbiter must see --------------------------------------------------------------------


async def test_confirmations_go_to_the_status_line_not_over_the_table(demo_app) -> None:
    """A signature, an arrival, a result: said on the pane's status line; toasts are for
    refusals and rule warnings."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 2)
        await press(pilot, "A")  # the arbiter countersigns board 2 (White and Black signed)
        assert pairings(app).status.endswith("round 7 board 2 (Mamedyarov-Giri): signed by arbiter")
        await to_board(pilot, 1)
        await press(pilot, "A")  # refused: no result yet (§8)
        assert notes(app, "error") == [
            "round 7 board 1 (Anand-Radjabov) has no result yet: scoresheets are signed at "
            "the end of the game"
        ]
        assert notes(app, "information") == []


async def test_a_late_armageddon_says_its_date_and_days(demo_app, clock) -> None:
    """Looked at days later, the Armageddon read "39301:47:35 late": the deadline's date,
    and the days, are said."""
    app = demo_app
    clock.advance(days=3, hours=2)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        cell = column(pairings(app).table, "armageddon")[2]
        assert cell == "late: due by 7 Jun 19:41"
        await to_board(pilot, 3)
        await press(pilot, "a")
        window = str(app.screen.query_one("#armageddon-window").render())
        assert window == "Should have started by 7 Jun 19:41: 3 days 01:51:00 late (§2)"


async def test_the_audit_pane_shows_the_newest_change_on_arrival(demo_app) -> None:
    """Newest first, and the newest in view when the pane is shown again after a change,
    wherever its cursor was left; every row names who made the change."""
    app = demo_app
    async with app.run_test(size=SMALL) as pilot:
        await press(pilot, "6")
        audit = console(app).pane("audit").query_one(AuditTable)
        await press(pilot, "end")
        await press(pilot, "1")
        await to_board(pilot, 1)
        await press(pilot, "w")
        await press(pilot, "6")
        newest = app.store.audit.log(limit=1)[0]
        assert audit.cursor_row == 0 and audit.entry.id == newest.id
        assert audit.scroll_y == 0
        assert set(column(audit, "actor")) == {"arbiter"}
        assert len(column(audit, "actor")) == audit.row_count
        # The whole summary is in the table, wrapped at 80 columns, not cut.
        assert str(audit.get_cell(str(newest.id), "summary")) == newest.summary


async def test_a_fourth_digit_is_refused_not_dropped(demo_app) -> None:
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "4")
        await press(pilot, "e")
        form = console(app).pane("clocks").query_one(ClockForm)
        field = form.query_one("#clock-white-min", Input)
        await press(pilot, "ctrl+u", *"1200")
        assert field.value == "1200"
        await press(pilot, "ctrl+s")
        assert str(form.query_one("#clock-form-error", Static).render()) == (
            "Not saved. White minutes: 1200 is not between 0 and 600"
        )


async def test_a_faulty_record_attached_is_replaced_by_the_real_one_after_asking(demo_app) -> None:
    """A record with an error attaches anyway (its result is not entered); the real record
    then could not replace it. The console offers the replacement (audited, undoable), and
    the real record, a draw, opens its Armageddon as d does."""
    from tests.tui.test_pgn_pane import paste, settle

    app = demo_app
    real = real_game("Anand")
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await paste(pilot, real.replace("2. Nf3", "2. Nf4"))
        await press(pilot, "ctrl+s")
        await settle(pilot)
        board = app.store.games.find(7, "Anand", "Radjabov")
        assert board.pgn is not None and board.result is None
        await press(pilot, "ctrl+n")
        pilot.app.post_message(events.Paste(real))
        await settle(pilot)
        await press(pilot, "ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        text = question(app)
        assert "A different record is already attached to:\n  round 7 board 1 " in text
        assert "Replace it with the record from the text area?" in text
        await press(pilot, "y")
        await settle(pilot)
        board = app.store.games.find(7, "Anand", "Radjabov")
        assert board.result is MainResult.DRAW and "2. Nf3" in (board.pgn or "")
        assert app.store.audit.log(limit=1)[0].summary.endswith("main PGN replaced")
        assert isinstance(app.screen, ArmageddonScreen)  # the draw's Armageddon opens
        await press(pilot, "escape")
        assert pane.status.endswith("the Armageddon waits; a on the board (or ctrl+a) enters it.")


async def test_a_dialog_is_not_covered_by_a_rule_warning_raised_before_it(demo_app) -> None:
    """The late Armageddon's warning (a toast) covered the help's and the dialogs' buttons at
    80x24 for ten seconds; the table still shows the game as late."""
    app = demo_app
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        deadline = pairings(app).picture.armageddons_waiting[0].armageddon_deadline
        pairings(app)._now = lambda: deadline + timedelta(minutes=1)
        pairings(app)._tick()
        await until(
            pilot,
            lambda: [n.title for n in notifications(app)] == ["Regulations §2"],
            "the assertion below",
        )
        assert [n.title for n in notifications(app)] == ["Regulations §2"]
        await press(pilot, "question_mark")
        assert not notifications(app)
        await press(pilot, "escape")
        assert "late" in " ".join(str(c) for c in pairings(app).table.get_row_at(2))


async def test_ctrl_q_asks_when_pasted_records_would_be_lost(demo_app) -> None:
    """Records pasted into pane 2 and not attached: ctrl+q asks (n stays, y quits); attached
    or with nothing typed, ctrl+q quits at once."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "2", "i")
        area = console(app).pane("pgn").query_one(TextArea)
        await until(pilot, lambda: app.focused is area, "the record's text area focused")
        bracketed_paste(app, real_game("Anand") + "\n" + real_game("Topalov"))
        await until(pilot, lambda: "Topalov" in area.text, "the records pasted")
        await press(pilot, "ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "Pane 2 (PGN): 2 records typed or pasted, not attached" in question(app)
        await press(pilot, "n")
        await until(pilot, lambda: not isinstance(app.screen, ConfirmScreen), "the answer")
        assert app.is_running
        await press(pilot, "ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await press(pilot, "y")
        await until(pilot, lambda: not app.is_running, "the console ended")


async def test_ctrl_q_quits_at_once_when_nothing_would_be_lost(demo_app) -> None:
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "2")
        await press(pilot, "ctrl+q")
        assert not app.is_running
