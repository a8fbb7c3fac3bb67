"""The import service shared by `normtui import-pgn` and the console's PGN pane: each record to
its game, its result entered in the same audited change, disagreements left for the arbiter."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from normtui.assets import DATA_2022, read_profile_text
from normtui.demo.data2022 import NUMBERS
from normtui.importing import Outcome, check_text, import_files, import_games, read_files
from normtui.store import EventStore, PlayerInput
from tests.store.playoff_events import tied_event
from tests.store.test_playoff_pgn import record as playoff_record

CLOCK = datetime(2022, 5, 31, 14, 0, tzinfo=UTC)
# The published final table of 2022 (SOURCE.md).
FINAL = [
    ("Carlsen", "16.5"),
    ("Mamedyarov", "15.5"),
    ("Anand", "14.5"),
    ("Vachier-Lagrave", "14"),
    ("So", "12.5"),
    ("Giri", "12"),
    ("Topalov", "9.5"),
    ("Tari", "9.5"),
    ("Radjabov", "8"),
    ("Wang", "7.5"),
]


def game(
    white: str,
    black: str,
    round_tag: str,
    moves: str,
    result: str,
    event: str = "10th Norway Chess 2022",
) -> str:
    return (
        f'[Event "{event}"]\n[Site "Stavanger NOR"]\n[Date "2022.05.31"]\n'
        f'[Round "{round_tag}"]\n[White "{white}"]\n[Black "{black}"]\n'
        f'[Result "{result}"]\n\n{moves} {result}\n'
    )


# Round 1, board 1 of the Berger table is So (1) - Radjabov (10).
SO_RADJABOV_WIN = game(
    "So, Wesley", "Radjabov, Teimour", "1", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "1-0"
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    s = EventStore.create(
        tmp_path / "event.db",
        [PlayerInput(n) for n in NUMBERS],
        read_profile_text(),
        actor="test",
        clock=lambda: CLOCK,
    )
    yield s
    s.close()


def pasted(store: EventStore, text: str) -> list[Outcome]:
    return import_games(store, check_text(text, store.profile, store.games()))


@pytest.mark.parametrize(
    "order", [("classical.pgn", "armageddon.pgn"), ("armageddon.pgn", "classical.pgn")]
)
def test_the_real_files_give_every_pairing_its_result_and_the_final_table(
    store: EventStore, order: tuple[str, str]
) -> None:
    outcomes = import_files(store, read_files([DATA_2022 / name for name in order]))
    assert len(outcomes) == 76
    assert {o.status for o in outcomes} == {"entered"}
    games = store.games()
    assert sum(g.result is not None for g in games) == 45
    assert sum(g.armageddon is not None for g in games) == 31
    assert all(g.pgn for g in games)
    assert all(g.armageddon_pgn for g in games if g.armageddon is not None)
    table = [(row.player.split(",")[0], row.points) for row in store.standings()]
    assert table == [(name, Decimal(points)) for name, points in FINAL]
    # Once more: every record is already there, nothing is written.
    log = len(store.audit.log())
    again = import_files(store, read_files([DATA_2022 / name for name in order]))
    assert {o.status for o in again} == {"unchanged"}
    assert len(store.audit.log()) == log


def test_a_game_is_one_change_record_and_result_and_one_undo_takes_both(store: EventStore) -> None:
    [done] = pasted(store, SO_RADJABOV_WIN)
    assert done.status == "entered" and done.board == "round 1 board 1 (So-Radjabov) main game"
    [entry] = store.audit.log(limit=1)
    # The record's Date tag dates the round, which had none, in the same change.
    assert entry.summary == (
        "round 1 board 1 (So-Radjabov): result 1-0; main PGN attached; round 1 dated 2022-05-31"
    )
    assert entry.changed("games") == [store.games.find(1, "So", "Radjabov").id]
    store.audit.undo()
    board = store.games.find(1, "So", "Radjabov")
    assert board.pgn is None and board.result is None
    assert store.rounds()[0].date is None


def test_the_same_record_from_another_file_is_not_a_different_record(store: EventStore) -> None:
    pasted(store, SO_RADJABOV_WIN)
    crlf = "\r\n\r\n" + SO_RADJABOV_WIN.replace("\n", "  \r\n") + "\r\n"
    [again] = pasted(store, crlf)
    assert again.status == "unchanged"
    assert again.text == "record already attached; result 1-0 as entered"


def test_a_result_that_disagrees_is_reported_and_left(store: EventStore) -> None:
    store.games.enter_result(1, "So", "Radjabov", "1/2-1/2")
    [done] = pasted(store, SO_RADJABOV_WIN)
    assert done.status == "conflict" and done.trouble
    assert "the record says 1-0 but 1/2-1/2 is entered; left for the arbiter" in done.text
    board = store.games.find(1, "So", "Radjabov")
    assert board.result is not None and board.result.value == "1/2-1/2"
    assert board.pgn is not None  # the record is kept beside the result it disagrees with


def test_a_record_with_an_illegal_move_is_kept_but_enters_no_result(store: EventStore) -> None:
    # As the console does: the record stays with its board for the arbiter to read.
    illegal = SO_RADJABOV_WIN.replace("2. Qh5", "2. Qh6")
    [done] = pasted(store, illegal)
    assert done.status == "attached" and not done.ok and done.trouble
    assert "result not entered, the record has 1 error" in done.text
    assert [f.code for f in done.findings if f.severity == "error"] == ["illegal_move"]
    board = store.games.find(1, "So", "Radjabov")
    assert board.pgn is not None and board.result is None


def test_the_real_record_replaces_a_faulty_one_when_asked(store: EventStore) -> None:
    """A record with an error was attached, and the real record then could not
    replace it ("a different record is already attached"). With ``replace`` it takes its place
    and enters its result, in one audited change; undo brings the faulty one back."""
    faulty = SO_RADJABOV_WIN.replace("2. Qh5", "2. Qh6")
    [first] = pasted(store, faulty)
    assert first.status == "attached" and not first.ok
    [again] = pasted(store, SO_RADJABOV_WIN)
    assert (again.status, again.replaceable) == ("conflict", True)
    assert again.text.endswith("(it can be replaced)")
    before = len(store.audit.log())
    [done] = import_games(
        store, check_text(SO_RADJABOV_WIN, store.profile, store.games()), replace=True
    )
    assert done.status == "entered" and done.ok and not done.replaceable
    assert done.text == ("record replaced (the one before is in the audit log); result 1-0 entered")
    board = store.games.find(1, "So", "Radjabov")
    assert board.result is not None and board.result.value == "1-0"
    assert board.pgn is not None and "2. Qh5" in board.pgn
    [entry] = store.audit.log()[: len(store.audit.log()) - before]
    assert entry.summary.endswith("result 1-0; main PGN replaced")
    store.audit.undo()
    board = store.games.find(1, "So", "Radjabov")
    assert board.result is None and board.pgn is not None and "2. Qh6" in board.pgn


def test_replace_leaves_a_record_that_is_the_same(store: EventStore) -> None:
    pasted(store, SO_RADJABOV_WIN)
    [done] = import_games(
        store, check_text(SO_RADJABOV_WIN, store.profile, store.games()), replace=True
    )
    assert (done.status, done.text) == (
        "unchanged",
        "record already attached; result 1-0 as entered",
    )


@pytest.mark.parametrize(
    ("white", "black", "round_tag", "status", "words"),
    [
        (
            "So, Wesley",
            "Carlsen, Magnus",
            "1",
            "unmatched",
            "no board of round 1 is So, Wesley - Carlsen, Magnus",
        ),
        (
            "So, Wesley",
            "Radjabov, Teimour",
            "12",
            "unmatched",
            "round 12 is not a round of the event (rounds 1-9)",
        ),
        ("Radjabov, Teimour", "So, Wesley", "1", "refused", "Radjabov, Teimour with White"),
    ],
)
def test_records_of_no_board_are_refused_by_name(
    store: EventStore, white: str, black: str, round_tag: str, status: str, words: str
) -> None:
    text = game(white, black, round_tag, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "1-0")
    [done] = pasted(store, text)
    assert done.status == status and words in done.message
    assert all(g.pgn is None and g.result is None for g in store.games())
    assert len(store.audit.log()) == 1  # the creation only


def test_an_armageddon_after_a_decisive_game_is_refused(store: EventStore) -> None:
    pasted(store, SO_RADJABOV_WIN)
    arm = game(
        "So, Wesley",
        "Radjabov, Teimour",
        "1.1",
        "1. f3 e5 2. g4 Qh4#",
        "0-1",
        event="10th Norway Armageddon",
    )
    [done] = pasted(store, arm)
    assert done.status == "refused" and done.stage == "armageddon"
    assert store.games.find(1, "So", "Radjabov").armageddon is None


def test_playoff_records_go_to_the_game_their_colours_name(tmp_path: Path) -> None:
    with EventStore.open(tied_event(tmp_path / "two.db"), actor="test") as store:
        store.playoff.start(2022)
        m1 = store.playoff().games[0]
        names = {p.number: p.name for p in store.players()}
        white, black = names[m1.white], names[m1.black]
        store.playoff.enter_result("M1", "1-0")
        path = tmp_path / "playoff.pgn"
        path.write_text(
            playoff_record(white, black, "1-0")
            + "\n"
            + playoff_record(black, white, "0-1")
            + "\n"
            + playoff_record(white, "Giri, Anish", "1-0"),
            encoding="utf-8",
        )
        outcomes = import_files(store, read_files([path]), "playoff")
        assert [o.status for o in outcomes] == ["attached", "refused", "unmatched"]
        assert outcomes[0].board.startswith("play-off game M1 (")
        assert "--result M2 RESULT" in outcomes[1].text
        assert store.playoff.pgn("M1") is not None
        again = import_files(store, read_files([path]), "playoff")
        assert again[0].status == "unchanged"


def test_the_second_game_of_a_pairing_in_a_file_is_its_armageddon(
    store: EventStore, tmp_path: Path
) -> None:
    """A LiveChess round file: the drawn main game, then its Armageddon under the
    same Event tag."""
    draw = game(
        "So, Wesley",
        "Radjabov, Teimour",
        "1.1",
        "1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8",
        "1/2-1/2",
    )
    armageddon = game(
        "So, Wesley", "Radjabov, Teimour", "1.6", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "1-0"
    )
    path = tmp_path / "games.pgn"
    path.write_text(draw + "\n" + armageddon, encoding="utf-8")
    outcomes = import_files(store, read_files([path]))
    assert [(o.stage, o.status) for o in outcomes] == [
        ("main", "entered"),
        ("armageddon", "entered"),
    ]
    board = store.games.find(1, "So", "Radjabov")
    assert board.armageddon is not None and board.armageddon.value == "1-0"
