"""An Armageddon lost by forfeit: a player absent for it. Stored, audited and
undone like any result; never beside a record of the game (it was not played); and files of
an older schema accept it once opened (migration m004)."""

from __future__ import annotations

import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from normtui.rules.model import ArmageddonResult, GameState, RuleError
from normtui.store import EventStore
from tests.store.conftest import dump, unchain
from tests.store.test_games import refused

RECORD = '[Event "x"]\n[Round "1"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n'


@pytest.mark.parametrize(
    ("typed", "points"),
    [
        ("+/-", (Decimal("1.5"), Decimal(1))),
        ("-/+", (Decimal(1), Decimal("1.5"))),
        ("-/-", (Decimal(1), Decimal(1))),
    ],
)
def test_a_forfeited_armageddon_scores_as_one_lost(
    store: EventStore, typed: str, points: tuple[Decimal, Decimal]
) -> None:
    before = dump(store)
    entry = store.games.enter_result(1, "So", "Radjabov", "=", armageddon=typed)
    assert entry is not None and "(forfeit" in entry.summary
    game = store.games.find(1, "So", "Radjabov")
    assert (game.armageddon, game.state, game.points) == (
        ArmageddonResult(typed),
        GameState.FINISHED,
        points,
    )
    store.audit.undo()
    assert dump(store) == before


def test_the_absent_player_has_no_armageddon_win(store: EventStore) -> None:
    store.games.enter_result(1, "So", "Radjabov", "=", armageddon="-/+")
    rows = {r.player.split(",")[0]: r for r in store.standings()}
    assert (rows["Radjabov"].armageddon_wins, rows["So"].armageddon_wins) == (1, 0)
    assert (rows["Radjabov"].black_wins, rows["Radjabov"].wins) == (0, 0)


def test_a_played_armageddon_is_not_a_forfeit(store: EventStore) -> None:
    """A record of the Armageddon says it was played: a forfeit is refused, and a forfeited
    Armageddon takes no record."""
    store.games.enter_result(1, "So", "Radjabov", "=")
    game = store.games.find(1, "So", "Radjabov")
    store.games.attach_pgn(game.id, "armageddon", RECORD)
    refused(
        store,
        lambda: store.games.enter_armageddon(1, "So", "Radjabov", "+/-"),
        RuleError,
        "the Armageddon has a record, so it was played",
    )
    store.games.enter_result(1, "Carlsen", "Wang", "=", armageddon="+/-")
    other = store.games.find(1, "Carlsen", "Wang")
    refused(
        store,
        lambda: store.games.attach_pgn(other.id, "armageddon", RECORD),
        RuleError,
        "the Armageddon was lost by forfeit (+/-), so there is no game to record",
    )


def test_a_file_before_m004_accepts_a_forfeit_once_opened(event_path: Path) -> None:
    """The games table of the first schema refuses +/- as an Armageddon; opening the file
    rebuilds it (rows, ids and the audit log kept) and then accepts it."""
    with EventStore.open(event_path) as store:
        store.games.enter_result(1, "So", "Radjabov", "=", armageddon="1-0")
    with sqlite3.connect(event_path) as conn:
        # (and so before m005, the feed's columns, and m006-m013, which come after it)
        conn.execute(
            "DELETE FROM _sqlite_migrations "
            "WHERE name IN ('m004_armageddon_forfeit', 'm005_feed', "
            "'m006_games_progress', 'm007_live_boards', 'm008_fide', "
            "'m009_playoff_drawings', 'm011_armageddon_started', "
            "'m012_late_arrival', 'm013_outward')"
        )
        conn.execute("DROP TABLE live_boards")
        unchain(conn)
        old = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()[0]
        # The games table as m001 made it: no forfeits among the Armageddon results.
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute(
            "UPDATE sqlite_master SET sql = ? WHERE name = 'games'",
            [
                old.replace(
                    "armageddon IN ('1-0','0-1','1/2-1/2','+/-','-/+','-/-')",
                    "armageddon IN ('1-0','0-1','1/2-1/2')",
                )
            ],
        )
    conn.close()
    with sqlite3.connect(event_path) as conn, pytest.raises(sqlite3.IntegrityError):
        conn.execute("UPDATE games SET armageddon = '+/-' WHERE id = 1")
    conn.close()
    with EventStore.open(event_path) as store:
        assert store.games.find(1, "So", "Radjabov").armageddon is ArmageddonResult.WHITE_WIN
        store.games.enter_result(1, "Carlsen", "Wang", "=", armageddon="-/+")
        assert store.games.find(1, "Carlsen", "Wang").points == (Decimal(1), Decimal("1.5"))
        store.audit.undo()
        store.audit.undo()
        assert store.games.find(1, "So", "Radjabov").result is None
        assert store._core.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert store._core.conn.execute("PRAGMA foreign_key_check").fetchall() == []
