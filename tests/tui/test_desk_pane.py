"""Pane 5, Player desk: the §7 fine on confirmation, incidents with the Chief Arbiter's decision,
§9 illness and postponement, and a withdrawal whose 50 % consequence is shown first."""

from __future__ import annotations

from textual.widgets import Input, Static

from normtui.rules.model import GameState, PlayerStatus, Postponement
from normtui.store import EventStore
from normtui.tui.panes.desk import PlayerDeskPane
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.screens.desk_absent import AbsenceScreen
from normtui.tui.screens.desk_illness import DeskIllnessScreen
from normtui.tui.widgets.desk_arrivals import DeskArrivals
from normtui.tui.widgets.status_line import StatusLine
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import notes, press, until


async def on_player(pilot, number: int) -> PlayerDeskPane:  # type: ignore[no-untyped-def]
    """Pane 5, the cursor on a player (rows are in pairing-number order)."""
    await press(pilot, "5")
    pane = pilot.app.screen.query_one(PlayerDeskPane)
    await press(pilot, *["down"] * (number - 1))
    assert pane.query_one(DeskArrivals).selected.number == number
    return pane


def status(pane: PlayerDeskPane) -> str:
    return pane.query_one(StatusLine).text


def question(app) -> str:  # type: ignore[no-untyped-def]
    screen = app.screen
    assert isinstance(screen, ConfirmScreen | AbsenceScreen)
    return str(screen.query_one("#question", Static).render())


async def test_section_7_absence_fined_once_confirmed_and_an_incident_with_its_decision(
    demo_copy, demo_app
) -> None:
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await on_player(pilot, 3)
        await press(pilot, "a")
        assert "Regulations §7: a fine of 500 EUR" in question(app)
        await press(pilot, "escape")  # not confirmed: nothing is recorded
        assert app.store.desk.fines() == []
        assert [a.present for a in app.store.desk.arrivals(7) if a.player.number == 3] == [True]
        await press(pilot, "a")
        await press(pilot, "f")  # f: the fine
        table = pane.query_one(DeskArrivals)
        assert str(table.get_cell("3", "arrival")) == "ABSENT"
        assert str(table.get_cell("3", "fine")) == "500 EUR"
        assert "total 500 EUR" in str(pane.query_one("#desk-fines-heading", Static).render())
        with EventStore.open(demo_copy) as store:
            assert store.audit.log(limit=1)[0].summary == (
                "round 7: Giri absent at the start, fined 500 EUR (Regulations §7)"
            )

        # The cursor went on to the next player (4, Anand). An incident: refused without the
        # Chief Arbiter's decision, recorded with it.
        assert table.selected.number == 4
        await press(pilot, "i")
        modal = app.screen
        modal.query_one("#incident-description", Input).value = "phone rang"
        await press(pilot, "ctrl+s")
        assert app.screen is modal
        assert any("Chief Arbiter's decision" in m for m in notes(app))
        modal.query_one("#incident-decision", Input).value = "game lost"
        await press(pilot, "enter", "enter")  # Enter moves on; in the decision it records
        assert app.screen is not modal
    with EventStore.open(demo_copy) as store:
        [fine] = store.desk.fines()
        assert (fine.player.name, fine.round, f"{fine.amount:f}", fine.currency) == (
            "Giri, Anish",
            7,
            "500",
            "EUR",
        )
        [incident] = store.desk.incidents()
        assert (incident.player.name, incident.kind, incident.decision) == (
            "Anand, Viswanathan",
            "electronic_device",
            "game lost",
        )


async def test_absent_without_the_fine_is_the_arbiters_decision_and_undoable(
    demo_copy, demo_app
) -> None:
    """The fine is proposed, not forced: `n` (no fine) records the absence alone, and says
    so."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await on_player(pilot, 6)
        await press(pilot, "a")
        assert "or the absence alone?" in question(app)
        await press(pilot, "n")
        table = pane.query_one(DeskArrivals)
        assert str(table.get_cell("6", "arrival")) == "ABSENT"
        assert str(table.get_cell("6", "fine")) == ""
        assert app.store.desk.fines() == []
        assert app.store.audit.log(limit=1)[0].summary == (
            "round 7: Tari absent at the start, no fine (the arbiter's decision)"
        )
        await press(pilot, "ctrl+z")
        await press(pilot, "y")
        assert str(table.get_cell("6", "arrival")) == "present"


async def test_withdrawal_shows_the_50_percent_rule_before_it_is_confirmed(
    demo_copy, demo_app
) -> None:
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await on_player(pilot, 9)
        await press(pilot, "w")
        text = question(app)
        assert "Withdraw Wang, Hao from the event (§9)?" in text
        assert "after 6 of 9 games: at least 50 %, so their games count" in text
        assert "the 3 remaining games are lost by forfeit (§9 b)" in text
        await press(pilot, "y")
    with EventStore.open(demo_copy) as store:
        wang = store.resolve_player("Wang")
        assert wang.status is PlayerStatus.WITHDRAWN
        assert [g.state for g in store.games() if 9 in (g.white, g.black) and g.round >= 7] == [
            GameState.FORFEIT
        ] * 3


async def test_illness_postpones_to_a_free_day_the_morning_can_be_refused_round_9_forfeits(
    demo_copy, demo_app
) -> None:
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await on_player(pilot, 2)
        await press(pilot, "]")  # round 8: Carlsen's game is not played yet
        assert pane.round_no == 8
        await press(pilot, "l")
        modal = app.screen
        assert isinstance(modal, DeskIllnessScreen)
        decision = modal.query_one("#illness-decision", Static)
        assert "the game of round 8 is played on a free day" in str(decision.render())
        await press(pilot, "down", "enter")  # the morning of the next round
        modal.query_one("#illness-refuses").value = True  # type: ignore[attr-defined]
        await until(
            pilot,
            lambda: "the opponent refuses to play on the morning" in str(decision.render()),
            "the assertion below",
        )
        assert "the opponent refuses to play on the morning" in str(decision.render())
        await press(pilot, "ctrl+s")  # refused by §9: the modal stays, nothing recorded
        assert app.screen is modal
        await press(pilot, "up", "enter")
        modal.query_one("#illness-refuses").value = False  # type: ignore[attr-defined]
        await press(pilot, "ctrl+s")
        assert app.screen is not modal
        assert "postponed (free day)" in str(pane.query_one(DeskArrivals).get_cell("2", "state"))
        # Round 9 is too late to move a game: illness there is a forfeit, whatever is proposed.
        await press(pilot, "]")
        await press(pilot, "l")
        decision = app.screen.query_one("#illness-decision", Static)
        assert str(decision.render()).startswith("FORFEIT: illness in round 9")
        await press(pilot, "ctrl+s")
    with EventStore.open(demo_copy) as store:
        game = next(g for g in store.games(8) if 2 in (g.white, g.black))
        assert (game.state, game.postponed_to) == (GameState.POSTPONED, Postponement.FREE_DAY)
        game = next(g for g in store.games(9) if 2 in (g.white, g.black))
        assert (game.state, game.result.value) == (GameState.FORFEIT, "+/-")  # Carlsen Black


def test_snapshot_desk_pane(demo_app, snap_compare) -> None:
    assert snap_compare(demo_app, press=["5"], terminal_size=SNAPSHOT_SIZE)


async def test_title_sex_and_report_details_from_the_desk(demo_copy, demo_app) -> None:
    """t: the selected player's title and sex; r: the event's place and arbiters. Both
    audited; a bad federation keeps the modal open with the reason; saving unchanged says so."""
    from textual.widgets import Select

    from normtui.tui.screens.desk_details import PlayerDetailsScreen, ReportDetailsScreen

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await on_player(pilot, 6)
        await press(pilot, "t")
        modal = app.screen
        assert isinstance(modal, PlayerDetailsScreen)
        assert modal.query_one("#player-title", Select).value == "GM"
        modal.query_one("#player-sex", Select).value = "m"
        await press(pilot, "ctrl+s")
        assert not isinstance(app.screen, PlayerDetailsScreen)
        assert app.store.audit.log(limit=1)[0].summary == "Tari: sex m"
        await press(pilot, "t")
        await press(pilot, "ctrl+s")  # nothing changed: no audit entry
        assert "Nothing changed." in notes(app)
        assert app.store.audit.log(limit=1)[0].summary == "Tari: sex m"

        await press(pilot, "r")
        modal = app.screen
        assert isinstance(modal, ReportDetailsScreen)
        modal.query_one("#report-city", Input).value = "Stavanger"
        modal.query_one("#report-federation", Input).value = "NORW"
        modal.query_one("#report-deputy_arbiters", Input).value = "Roe, Rita; Poe, Paul"
        await press(pilot, "ctrl+s")
        assert app.screen is modal  # refused: the arbiter corrects it
        assert any("not a FIDE federation code" in m for m in notes(app))
        modal.query_one("#report-federation", Input).value = "nor"
        await press(pilot, "ctrl+s")
        assert app.screen is not modal
    with EventStore.open(demo_copy) as store:
        details = store.event.details
        assert (details.city, details.federation, details.deputy_arbiters) == (
            "Stavanger",
            "NOR",
            ("Roe, Rita", "Poe, Paul"),
        )
        assert store.resolve_player("Tari").sex == "m"


# -- review of What a question at the desk names is what its answer does
async def test_absent_again_on_a_fined_player_says_the_fine_is_cancelled(demo_app) -> None:
    """`a` on a player already recorded absent and fined offered "Absent, no fine" without a
    word about the fine already recorded: n then deleted the 500 EUR fine."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await on_player(pilot, 3)
        await press(pilot, "a")
        await press(pilot, "f")
        assert len(app.store.desk.fines()) == 1
        await press(pilot, "up", "a")
        text = question(app)
        assert "fined 500 EUR" in text and "cancel" in text, text
        await press(pilot, "n")
        assert app.store.desk.fines() == []
        assert "fine of 500 EUR cancelled" in app.store.audit.log(limit=1)[0].summary


async def test_a_withdrawal_confirmed_after_its_games_changed_elsewhere_does_nothing(
    demo_copy, demo_app
) -> None:
    """The question names Wang's round 7 game, in progress, as a forfeit to come; the
    deputy enters its result meanwhile. y withdrew Wang anyway, with other consequences
    than the ones confirmed (one forfeit fewer, and in general the 50 % rule can turn)."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await on_player(pilot, 9)
        await press(pilot, "w")
        assert "round 7 board 5 (Topalov-Wang): IN PROGRESS now" in question(app)
        with EventStore.open(demo_copy, actor="deputy") as deputy:
            deputy.games.enter_result(7, "Topalov", "Wang", "1-0")
        await press(pilot, "y")
        assert app.store.resolve_player("Wang").status.value == "active"
        assert app.store.audit.log(limit=1)[0].actor == "deputy"


async def test_illness_on_a_game_in_progress_says_so_before_it_is_recorded(demo_app) -> None:
    """Anand's round 7 game is in progress (its clocks were started): the illness dialog
    proposed the free day without a word of it, and ctrl+s postponed a game being played.
    The forfeit questions and the withdrawal say so; so does this one now."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await on_player(pilot, 4)
        await press(pilot, "l")
        assert isinstance(app.screen, DeskIllnessScreen)
        decision = str(app.screen.query_one("#illness-decision", Static).render())
        assert "in progress" in decision, decision


def finish_round_7(store: EventStore) -> None:
    """Round 7 of the demo complete: boards 1 and 5 decided, board 3's Armageddon entered."""
    for game in store.games(7):
        if game.result is None:
            store.games.enter_result(7, game.white, game.black, "1-0")
        elif game.armageddon is None and game.result.value == "1/2-1/2":
            store.games.enter_armageddon(7, game.white, game.black, "0-1")


async def test_the_desk_and_the_pairings_follow_the_round_being_played(demo_app) -> None:
    """Round 7 complete: the desk and the pairings show round 8 when the arbiter comes to
    them, never under the cursor (in front, the status line says it); a round the arbiter
    chose stays."""
    from normtui.tui.messages import StoreChanged
    from tests.tui.helpers import console, pairings

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "5")
        desk = app.screen.query_one(PlayerDeskPane)
        assert desk.round_no == 7
        finish_round_7(app.store)
        console(app).store_changed(StoreChanged(local=False))
        # In front: not switched under the cursor, but said (after "Loaded from another
        # terminal").
        await until(
            pilot,
            lambda: desk.status.startswith("Round 8 is the round being played now (round 7"),
            "round 8 said",
        )
        assert desk.round_no == 7
        await press(pilot, "1")
        assert pairings(app).round == 8
        await press(pilot, "5")
        assert desk.round_no == 8
        assert desk.query_one("#desk-round").value == 8
        # A round chosen by the arbiter stays.
        await press(pilot, "left_square_bracket")
        assert desk.round_no == 7
        await press(pilot, "1", "5")
        assert desk.round_no == 7


async def test_the_late_arrival_offered_opens_on_that_incident_in_words(demo_app, clock) -> None:
    """A player recorded absent who comes in: "arrived late" keeps the time, and the desk
    shows "late" with it beside the fine that stands (not ABSENT). "i records the late
    arrival as an incident": i opens the incident dialog on a late arrival, described with
    its time, not on the first kind; recorded, the summary says it in words."""
    from normtui.tui.screens.choice import ChoiceScreen
    from normtui.tui.screens.desk_incident import DeskIncidentScreen

    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        pane = await on_player(pilot, 2)
        await press(pilot, "a", "f")
        table = pane.query_one(DeskArrivals)
        assert str(table.get_cell("2", "arrival")) == "ABSENT"
        table.move_cursor(row=1)
        clock.advance(minutes=4)
        await press(pilot, "p")
        assert isinstance(app.screen, ChoiceScreen)
        await press(pilot, "l")
        await until(pilot, lambda: "arrived late" in status(pane), "the late arrival said")
        assert str(table.get_cell("2", "arrival")) == "late 19:36"
        assert str(table.get_cell("2", "fine")) == "500 EUR"
        assert "arrived late: stays absent at the start, the fine stands" in status(pane)
        assert app.store.audit.log(limit=1)[0].summary == (
            "round 7: Carlsen arrived late, absent at the start (the fine of 500 EUR stands)"
        )
        await press(pilot, "i")
        screen = app.screen
        assert isinstance(screen, DeskIncidentScreen)
        assert screen.query_one("#incident-kind").value == "late_arrival"
        assert screen.query_one("#incident-description", Input).value == (
            "Arrived at 19:36, after the start of round 7"
        )
        screen.query_one("#incident-decision", Input).value = "fine stands"
        await press(pilot, "ctrl+s")
        summary = app.store.audit.log(limit=1)[0].summary
        assert summary == "round 7: incident (late arrival) Carlsen: fine stands"
        # Asked for by i alone, the dialog opens as before.
        await press(pilot, "i")
        assert app.screen.query_one("#incident-kind").value == "electronic_device"


async def test_the_drawing_of_lots_is_entered_player_by_player_with_n(tmp_path, make_app) -> None:
    """Before round 1, n on a player records the number drawn: the holder of that number takes
    the drawer's old one and the rounds are paired again; once a round has started, asked
    first; a number outside the field is refused in the dialog, which stays open."""
    from normtui.assets import read_profile_text
    from normtui.demo.data2022 import NUMBERS
    from normtui.store import PlayerInput
    from normtui.tui.screens.drawn_number import DrawnNumberScreen

    path = tmp_path / "lots.db"
    EventStore.create(path, [PlayerInput(n) for n in NUMBERS], read_profile_text()).close()
    app = make_app(path, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await on_player(pilot, 3)  # Giri
        await press(pilot, "n")
        assert isinstance(app.screen, DrawnNumberScreen)
        await press(pilot, "1", "1", "enter")
        assert isinstance(app.screen, DrawnNumberScreen)  # refused: 11 of 10
        app.screen.query_one("#drawn-number", Input).value = "1"
        await press(pilot, "enter")
        players = {p.number: p.name for p in app.store.players()}
        assert (players[1], players[3]) == ("Giri, Anish", "So, Wesley")
        assert app.store.games(1)[0].white_name == "Giri, Anish"
        app.store.rounds.start(1)
        arrivals = pilot.app.screen.query_one(DeskArrivals)
        arrivals.move_cursor(row=1)
        await until(pilot, lambda: arrivals.selected.number == 2, "arrivals.selected.number == 2")
        assert arrivals.selected.number == 2
        await press(pilot, "n")
        assert isinstance(app.screen, ConfirmScreen)
        assert "changes the pairings being played" in question(app)
        await press(pilot, "y")
        app.screen.query_one("#drawn-number", Input).value = "10"
        await press(pilot, "enter")
        assert {p.number: p.name for p in app.store.players()}[10] == "Carlsen, Magnus"
        assert {g.state for g in app.store.games(1)} == {GameState.SCHEDULED}
