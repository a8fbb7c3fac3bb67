"""attach_pgn as an import uses it: the same record cut from another file is the same record,
and a record's result goes in with it, in one change, only where the board has none."""

from __future__ import annotations

from normtui.store import ConflictError, EventStore
from normtui.store.records import normalised_record
from tests.store.conftest import dump
from tests.store.test_games import refused

RECORD = '[Event "x"]\n[Round "1"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n'


def test_line_ends_trailing_spaces_and_blank_lines_do_not_make_another_record(
    store: EventStore,
) -> None:
    game = store.games.find(1, "So", "Radjabov")
    assert store.games.attach_pgn(game.id, "main", RECORD) is not None
    before = dump(store)
    cut_elsewhere = "\r\n\r\n" + RECORD.replace("\n", " \t\r\n") + "\r\n\r\n"
    assert store.games.attach_pgn(game.id, "main", cut_elsewhere) is None
    assert dump(store) == before
    # A change inside a line is another record: refused unless replaced explicitly.
    refused(
        store,
        lambda: store.games.attach_pgn(game.id, "main", RECORD.replace("Nf6", "Nf6 ")),
        ConflictError,
        "already has a main PGN",
    )
    assert normalised_record("a  \r\nb\rc\n\n") == "a\nb\nc"


def test_the_result_goes_in_with_the_record_and_one_undo_takes_both(store: EventStore) -> None:
    game = store.games.find(1, "So", "Radjabov")
    before = dump(store)
    entry = store.games.attach_pgn(game.id, "main", RECORD, result="1-0")
    assert entry is not None and entry.action == "result"
    assert entry.summary == "round 1 board 1 (So-Radjabov): result 1-0; main PGN attached"
    store.audit.undo()
    assert dump(store) == before


def test_a_board_that_has_a_result_keeps_it(store: EventStore) -> None:
    store.games.enter_result(1, "So", "Radjabov", "1/2-1/2")
    game = store.games.find(1, "So", "Radjabov")
    entry = store.games.attach_pgn(game.id, "main", RECORD, result="1-0")
    assert entry is not None and entry.action == "pgn"
    now = store.games.get(game.id)
    assert now.result is not None and now.result.value == "1/2-1/2"
    assert now.pgn == RECORD
    # An Armageddon record enters the Armageddon result of the drawn game.
    arm = store.games.attach_pgn(game.id, "armageddon", RECORD, result="1/2-1/2")
    assert arm is not None and arm.action == "armageddon"
    now = store.games.get(game.id)
    assert now.armageddon is not None and now.armageddon.value == "1/2-1/2"
