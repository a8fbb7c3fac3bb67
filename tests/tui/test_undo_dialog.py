"""The console's undo and its correction of a signed result (17.3): it asks
before it undoes another arbiter's change, and undoes the change it showed or nothing."""

from __future__ import annotations

from pathlib import Path

from normtui.rules.duties import Signatures
from normtui.rules.model import MainResult
from normtui.store import EventStore
from normtui.tui.screens.confirm import ConfirmScreen
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import console, notes, press, settled, to_board, until


def question(app: object) -> str:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, ConfirmScreen)
    return screen.question


async def test_undo_asks_before_it_takes_back_another_arbiters_change(
    demo_app, demo_copy: Path
) -> None:
    app = demo_app
    with EventStore.open(demo_copy, actor="deputy") as deputy:
        deputy.games.enter_result(7, "Anand", "Radjabov", "1-0")
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        newest = app.store.audit.log(limit=1)[0]
        await press(pilot, "ctrl+z")
        assert question(app) == (
            f"Undo deputy's change?\n\n#{newest.id} round 7 board 1 (Anand-Radjabov): result "
            "1-0\n\ndeputy made it, not you (arbiter)."
        )
        await press(pilot, "y")
        assert app.store.games(7)[0].result is None
        undo = app.store.audit.log(limit=1)[0]
        assert (undo.actor, undo.undoes) == ("arbiter", newest.id)
        assert undo.summary.startswith(f"undo #{newest.id} (by deputy): ")


async def test_undo_takes_back_the_change_it_showed_or_nothing(demo_app, demo_copy: Path) -> None:
    """The dialog names the newest change; another terminal writes while it is open: "y" is
    refused by name and both changes stay."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 1)
        await press(pilot, "w")
        shown = app.store.audit.log(limit=1)[0]
        await press(pilot, "ctrl+z")
        assert question(app) == f"Undo the last change?\n\n#{shown.id} {shown.summary}"
        with EventStore.open(demo_copy, actor="arbiter") as other:
            other.games.enter_result(7, "Topalov", "Wang", "0-1")
        await press(pilot, "y")
        games = app.store.games(7)
        assert games[0].result is MainResult.WHITE_WIN
        assert games[4].result is MainResult.BLACK_WIN
        assert len(app.store.audit.log()) == shown.id + 1
        errors = notes(app, "error")
        assert (
            errors
            and f"#{shown.id} (round 7 board 1 (Anand-Radjabov): result 1-0) is no "
            "longer the newest change"
            in errors[-1]
        )
        assert not any(n.startswith("Undone") for n in notes(app))
        # Asked again, it names the new newest change and undoes that one.
        console(app).action_undo()
        await until(
            pilot,
            lambda: question(app).endswith("round 7 board 5 (Topalov-Wang): result 0-1"),
            "the assertion below",
        )
        assert question(app).endswith("round 7 board 5 (Topalov-Wang): result 0-1")
        await press(pilot, "y")
        assert app.store.games(7)[4].result is None


async def test_a_correction_of_a_signed_result_says_the_signatures_go(demo_app) -> None:
    """Board 4 (Vachier-Lagrave-So) is 1-0, countersigned: the question says the signatures
    are cleared (§8), and they are."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 4)
        await press(pilot, "b")
        assert question(app).endswith(
            "Signed by White, Black, the arbiter: the signatures are cleared, the players sign "
            "the new result, then the arbiter countersigns (§8). Recorded in the audit log.\n"
            "Its attached record says 1-0: it stays, and `normtui check` reports it until the "
            "record is replaced (pane 2)."
        )
        await press(pilot, "y")
        game = app.store.games(7)[3]
        assert game.result is MainResult.BLACK_WIN and game.signatures == Signatures()
        assert (
            "signatures of White, Black and the arbiter cleared"
            in app.store.audit.log(limit=1)[0].summary
        )


async def test_undo_shows_and_takes_back_my_result_past_the_feeds_moves(
    demo_app, demo_copy: Path
) -> None:
    """With live boards the feed writes a change a move: ctrl+z still offers the arbiter's own
    last result, and a move the feed writes while the question is open does not make "y" a
    refusal (it is another board's record)."""
    app = demo_app
    pgn = '[Event "x"]\n[Round "7"]\n\n1. e4 e5 *\n'
    longer = '[Event "x"]\n[Round "7"]\n\n1. e4 e5 2. Nf3 *\n'
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 1)
        await press(pilot, "w")
        mine = app.store.audit.log(limit=1)[0]
        feed = app.store.as_actor("feed")
        board5 = app.store.games.find(7, "Topalov", "Wang")
        feed.games.keep_record(board5.id, "main", pgn)
        await press(pilot, "ctrl+z")
        assert question(app) == f"Undo the last change?\n\n#{mine.id} {mine.summary}"
        feed.games.keep_record(board5.id, "main", longer, replace=True)
        await press(pilot, "y")
        assert app.store.games(7)[0].result is None
        assert app.store.games.get(board5.id).pgn == longer
        assert app.store.audit.log(limit=1)[0].undoes == mine.id


async def test_undoing_an_armageddon_says_only_the_armageddon_goes(demo_app) -> None:
    """Board 3 (Tari-Carlsen) is drawn; its Armageddon entered, then undone: the question and
    the status line say the Armageddon alone is taken back, the draw stays."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 3)
        await press(pilot, "a", "b")
        entry = app.store.audit.log(limit=1)[0]
        assert entry.action == "armageddon"
        await press(pilot, "ctrl+z")
        effect = (
            "round 7 board 3 (Tari-Carlsen): only the Armageddon (0-1) is undone; the "
            "result ½-½ stays, its Armageddon waiting again"
        )
        assert question(app) == (
            f"Undo the last change?\n\n#{entry.id} {entry.summary}\n\n{effect}."
        )
        await press(pilot, "y")
        board3 = next(g for g in app.store.games(7) if g.board == 3)
        assert (board3.result, board3.armageddon) == (MainResult.DRAW, None)
        assert console(app).pane("pairings").status == f"Undone: {effect}"
