"""Panes 3 and 6: the standings (§4, §5, §6, §9) and the audit log with undo."""

from __future__ import annotations

from decimal import Decimal

from normtui.rules.model import MainResult, PlayerStatus
from normtui.store import EventStore, StandingRow
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.widgets.crosstable import pairing_cell
from normtui.tui.widgets.standings_table import WITHDRAWN_STYLE, row_cells
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import column, console, press, settled, to_board, until


def _row(**changes: object) -> StandingRow:
    base = dict(
        rank=7,
        shared_rank="7-8",
        player="Topalov, Veselin",
        number=8,
        points=Decimal("9.5"),
        sonneborn_berger=Decimal("110.5"),
        wins=2,
        black_wins=1,
        prize=Decimal(150000),
        counted=True,
        games=9,
        armageddon_wins=3,
        provisional=False,
        status=PlayerStatus.ACTIVE,
    )
    base.update(changes)
    return StandingRow(**base)  # type: ignore[arg-type]


def test_a_row_shows_shared_places_money_to_the_ore_and_pending_prizes() -> None:
    """§5/§6: "7-8", NOK 150,000.00; a shared first place waits for its play-off."""
    cells, style = row_cells(_row(), "NOK", wide=True)
    assert [text for text, _ in cells] == [
        "7-8",
        "8",
        "Topalov, Veselin",
        "9½",
        "110.50",
        "2",
        "1",
        "9",
        "NOK 150,000.00",
    ]
    assert style == ""
    pending, _ = row_cells(
        _row(
            prize=None, prize_pending=True, provisional=True, note="play-off for first place (§5)"
        ),
        "NOK",
        True,
    )
    assert pending[-1][0] == "pending play-off"
    assert pending[3] == ("9½*", "yellow")
    # Before the last round the play-off is only what happens if the tie stays (§5).
    early, _ = row_cells(_row(prize=None, prize_pending=True), "NOK", True)
    assert early[-1][0] == "play-off if tied"


def test_a_withdrawn_player_is_greyed_and_unranked() -> None:
    cells, style = row_cells(
        _row(rank=None, shared_rank=None, prize=None, counted=False, status=PlayerStatus.WITHDRAWN),
        "NOK",
        wide=False,
    )
    assert [text for text, _ in cells[:3]] == ["—", "8", "Topalov (wd)"]
    assert cells[-1][0] == "—"
    assert style == WITHDRAWN_STYLE


async def test_the_standings_show_a_withdrawal_greyed(demo_app) -> None:
    """§9: Wang Hao withdraws having completed 6 of 9 games (at least 50 %): his results
    count, so he keeps a place, but he is greyed; his remaining games are forfeits (board 5
    of round 7 goes to Topalov). Under 50 % he would be unranked: see the row test above."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "3")
        other = EventStore.open(app.store.path, actor="desk")
        try:
            other.desk.withdraw("Wang")
        finally:
            other.close()
        console(app)._poll()
        table = console(app).pane("standings").query_one("#standings-table")
        await until(pilot, lambda: "(withdrawn)" in table.row("9")[2], "Wang withdrawn")
        cells = table.row("9")
        assert cells[0] == "10"
        assert "(withdrawn)" in cells[2]
        assert table.row_style("9") == WITHDRAWN_STYLE
        assert app.store.games(7)[4].result is MainResult.WHITE_FORFEIT_WIN
        info = console(app).pane("standings").query_one("#standings-info")
        # Described a frame later.
        await until(pilot, lambda: "withdrawn: Wang, Hao" in str(info.render()), "said")


async def test_the_crosstable_marks_armageddon_and_follows_a_result(demo_app) -> None:
    """x: players × players; Carlsen-So of round 2 was decided by an Armageddon (1½A/1A);
    a result entered in the pairings shows at once when the crosstable is looked at."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await press(pilot, "3", "x")
        cross = console(app).pane("standings").query_one("#crosstable")
        assert cross.display
        labels = [c.label for c in cross.columns]
        assert labels[:3] == ["Rk", "No", "Player"] and labels[-1] == "Pts"
        # The columns are headed by the pairing numbers the table shows, not by rank: each
        # row's "No" heads its own column (the ■), as on every printed crosstable.
        numbers = [cross.cell(key, "number") for key in cross.keys]
        assert labels[3:-1] == numbers and numbers[0] == "2"  # Carlsen, 1st, drew No 2
        assert all(cross.cell(n, f"vs{n}") == "■" for n in numbers)
        marks = {text for key in cross.keys for text in cross.row(key)}
        assert {"1½A", "1A", "3", "0", "■"} <= marks
        await press(pilot, "1")
        await to_board(pilot, 5)
        await press(pilot, "b", "3")  # Wang wins with Black against Topalov
        assert cross.cell("9", "vs8") == "3*"
        assert cross.cell("8", "vs9") == "0*"


def test_a_crosstable_cell() -> None:
    from normtui.store import GameRecord

    class G:  # only what pairing_cell reads
        white, black, provisional = 1, 2, False
        result, armageddon, points = MainResult.DRAW, None, None

    waiting: GameRecord = G()  # type: ignore[assignment]
    assert pairing_cell(waiting, 1) == "="


async def test_undo_from_the_audit_log(demo_app) -> None:
    """u (or ctrl+z) asks, then reverts the newest change; the log marks it undone."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 1)
        await press(pilot, "w")
        assert app.store.games(7)[0].result is MainResult.WHITE_WIN
        await press(pilot, "6")
        audit = console(app).pane("audit").query_one("#audit-table")
        newest = app.store.audit.log(limit=1)[0]
        assert column(audit, "id")[0] == str(newest.id)
        await press(pilot, "u")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")
        assert app.store.games(7)[0].result is None
        assert column(audit, "mark")[1] == f"undone by #{newest.id + 1}"
        assert column(audit, "mark")[0] == f"undoes #{newest.id}"
        assert console(app).pane("audit").status.startswith("Undone: round 7 board 1")
        await press(pilot, "ctrl+z", "n")  # asked, and declined: nothing happens
        assert len(app.store.audit.log()) == newest.id + 1


async def test_every_audit_entry_is_reachable_page_by_page_and_by_number(
    demo_app, monkeypatch
) -> None:
    """The table holds a page of entries; the header counts them all, :N reaches any of
    them, and the cursor going past a page's end or top brings the next page."""
    from normtui.tui.panes import audit as audit_pane

    monkeypatch.setattr(audit_pane, "PAGE", 50)
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        ids = app.store.audit.ids()
        assert len(ids) > 100 and ids[0] == 1
        await press(pilot, "6")
        pane = console(app).pane("audit")
        table = pane.query_one(audit_pane.AuditTable)
        info = str(pane.query_one("#audit-info").render())
        assert info.startswith(f"{len(ids)} changes, newest first · #{ids[-50]}-#{ids[-1]} here")
        assert table.row_count == 50 and table.entry.id == ids[-1]
        await press(pilot, "colon", "1", "enter")
        assert table.entry.id == 1
        await press(pilot, "down")  # nothing older than the first change
        assert table.entry.id == 1
        await press(pilot, "home", "up")  # past the top: the newer page
        assert table.entry.id == table.entries[-1].id == 27
        await press(pilot, "end", "down")  # past the end: the older one again
        assert table.entry.id == 26
        await press(pilot, "1", "6")  # back on the pane: the newest changes
        assert table.entry.id == ids[-1]
