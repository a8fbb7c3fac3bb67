"""A correction of a signed result (§8) clears its signatures and says so; `normtui check` finds
every attached record that contradicts its entered result."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from click.testing import CliRunner

from normtui.cli import cli
from normtui.importing.agreement import disagreements, record_result
from normtui.importing.playoff import attach_playoff_record
from normtui.rules.duties import Signatures
from normtui.store import EventStore
from tests.store.playoff_events import CLOCK, copy_event, make_events
from tests.store.test_playoff_pgn import names, record

RECORD = (
    '[Event "x"]\n[Round "1"]\n[White "So"]\n[Black "Radjabov"]\n[Result "1-0"]\n\n'
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
)
SIGNED = Signatures(True, True, True)


def signed_game(store: EventStore, result: str = "1-0") -> int:
    store.games.enter_result(1, "So", "Radjabov", result)
    game = store.games.find(1, "So", "Radjabov")
    for who in ("white", "black", "arbiter"):
        store.games.sign(game.id, who)  # type: ignore[arg-type]
    assert store.games.get(game.id).signatures == SIGNED
    return game.id


def test_a_correction_clears_the_signatures_and_says_so(store: EventStore) -> None:
    game_id = signed_game(store)
    entry = store.games.enter_result(1, "So", "Radjabov", "0-1", correction=True)
    assert entry is not None and entry.action == "correction"
    assert store.games.get(game_id).signatures == Signatures()
    assert entry.summary == (
        "round 1 board 1 (So-Radjabov): corrected 0-1 (was 1-0); signatures of White, Black "
        "and the arbiter cleared: the players sign the new result, then the arbiter "
        "countersigns (§8)"
    )
    # Provisional again until signed anew (§8): the standings mark it.
    assert {r.number: r.provisional for r in store.standings()}[1]
    store.audit.undo()
    assert store.games.get(game_id).signatures == SIGNED


def test_an_armageddon_correction_clears_them_too_but_a_first_armageddon_does_not(
    store: EventStore,
) -> None:
    game_id = signed_game(store, "1/2-1/2")
    entry = store.games.enter_armageddon(1, "So", "Radjabov", "1-0")
    assert entry is not None and "cleared" not in entry.summary
    assert store.games.get(game_id).signatures == SIGNED  # nothing signed was changed
    entry = store.games.enter_armageddon(1, "So", "Radjabov", "0-1", correction=True)
    assert (
        entry is not None and "signatures of White, Black and the arbiter cleared" in entry.summary
    )
    assert store.games.get(game_id).signatures == Signatures()


def test_only_the_signatures_given_are_named(store: EventStore) -> None:
    store.games.enter_result(1, "So", "Radjabov", "1-0")
    game = store.games.find(1, "So", "Radjabov")
    store.games.sign(game.id, "white")
    entry = store.games.enter_result(1, "So", "Radjabov", "1/2-1/2", correction=True)
    assert entry is not None and entry.summary.endswith(
        "; signatures of White cleared: the players sign the new result, then the arbiter "
        "countersigns (§8)"
    )
    unsigned = store.games.enter_result(1, "Carlsen", "Wang", "1-0")
    assert unsigned is not None
    again = store.games.enter_result(1, "Carlsen", "Wang", "0-1", correction=True)
    assert again is not None and "signatures" not in again.summary


def test_a_cli_correction_of_a_countersigned_game(demo_path: Path) -> None:
    """`normtui result demo.db 7 Vachier So 0-1 --correct`: the game was countersigned WBA."""
    runner = CliRunner()
    done = runner.invoke(cli, ["result", str(demo_path), "7", "Vachier", "So", "0-1", "--correct"])
    assert done.exit_code == 0, done.output
    assert "signatures of White, Black and the arbiter cleared" in done.output
    board = runner.invoke(cli, ["pairings", str(demo_path), "--round", "7"]).output
    line = next(x for x in board.splitlines() if "Vachier" in x)
    assert line.rstrip().endswith("...")


def test_check_reports_a_record_that_contradicts_the_corrected_result(store: EventStore) -> None:
    game_id = signed_game(store)
    store.games.attach_pgn(game_id, "main", RECORD)
    assert disagreements(store) == []
    store.games.enter_result(1, "So", "Radjabov", "0-1", correction=True)
    assert disagreements(store) == [
        "round 1 board 1 (So-Radjabov) main game: the record says 1-0 but 0-1 is entered; "
        "correct the result or replace the record (Regulations §8)"
    ]
    # A forfeit scores as the win it is: "+/-" agrees with a record that says 1-0.
    store.games.enter_result(1, "So", "Radjabov", "+/-", correction=True)
    assert disagreements(store) == []


def test_check_reports_an_armageddon_record_that_contradicts(store: EventStore) -> None:
    store.games.enter_result(1, "So", "Radjabov", "1/2-1/2", armageddon="1-0")
    game = store.games.find(1, "So", "Radjabov")
    store.games.attach_pgn(game.id, "armageddon", RECORD)
    store.games.enter_armageddon(1, "So", "Radjabov", "1/2-1/2", correction=True)
    assert disagreements(store) == [
        "round 1 board 1 (So-Radjabov) Armageddon: the record says 1-0 but 1/2-1/2 is "
        "entered; correct the result or replace the record (Regulations §8)"
    ]


def test_check_command_exits_1_on_the_contradiction(event_path: Path) -> None:
    with EventStore.open(event_path) as store:
        game_id = signed_game(store)
        store.games.attach_pgn(game_id, "main", RECORD)
        store.games.enter_result(1, "So", "Radjabov", "0-1", correction=True)
    done = CliRunner().invoke(cli, ["check", str(event_path)])
    assert done.exit_code == 1
    assert "main game: the record says 1-0 but 0-1 is entered" in done.output


def test_a_playoff_record_that_contradicts_its_result(tmp_path: Path) -> None:
    """A play-off correction removes the record it contradicts; a record kept beside another
    result (a hand edit, damage) is reported."""
    (tmp_path / "events").mkdir()
    path = copy_event(make_events(tmp_path / "events", "two"), "two", tmp_path)
    with EventStore.open(path, actor="test", clock=lambda: CLOCK) as store:
        store.playoff.start(2022)
        m1 = store.playoff().games[0]
        store.playoff.enter_result("M1", "1-0")
        attach_playoff_record(store, "M1", record(*names(store, m1), "1-0"))
        assert disagreements(store) == []
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE playoff_results SET result = '0-1' WHERE game = 'M1'")
    conn.close()
    with EventStore.open(path) as store:
        assert disagreements(store) == [
            "play-off game M1: the record says 1-0 but 0-1 is entered; correct the result or "
            "replace the record (Regulations §8)"
        ]


def test_what_a_record_says() -> None:
    assert record_result("1. e4 e5 {a comment 1-0} 0-1") == "0-1"
    assert record_result('[Result "½-½"]\n\n1. e4 *') == "1/2-1/2"
    assert record_result('[Result "*"]\n\n1. e4 *') is None
    assert record_result("") is None
    # Read as the validator reads a record: the tag as python-chess reads it, else the result
    # ending the main line (a variation's is commentary).
    assert record_result('[Result "?"]\n\n1. e4 (1. d4 0-1) 1-0 {on time}') == "1-0"
    assert record_result('[Event "A \\"Result\\" here"]\n\n1. e4 (1. d4 0-1)') is None
