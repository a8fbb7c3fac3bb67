"""`normtui import-pgn`: broadcast files attached game by game, results entered where the board
has none, disagreements and broken records reported (exit 1), unreadable files refused before
anything is written (exit 2)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from normtui.assets import DATA_2022
from tests.cli.conftest import Run, snapshot
from tests.test_importing import FINAL, SO_RADJABOV_WIN, game

ROOT = Path(__file__).resolve().parents[2]
CLASSICAL, ARMAGEDDON = DATA_2022 / "classical.pgn", DATA_2022 / "armageddon.pgn"
KEYS = {
    "file",
    "index",
    "white",
    "black",
    "round",
    "result",
    "stage",
    "board",
    "status",
    "message",
    "ok",
    "findings",
    "renamed",
}


@pytest.fixture
def demo_db(tmp_path: Path) -> Path:
    target = tmp_path / "demo.db"
    shutil.copyfile(ROOT / "demo.db", target)
    return target


def test_both_real_files_give_the_published_table(run: Run, event_db: Path) -> None:
    done = run("import-pgn", event_db, CLASSICAL, ARMAGEDDON)
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert lines[0].startswith("#1    Carlsen, Magnus - Wang, Hao")
    assert (
        "round 1 board 2 (Carlsen-Wang) main game: record attached; result 1/2-1/2 "
        "entered" in lines[0]
    )
    assert lines[-1] == "all files: 76 games; 76 results entered"
    table = json.loads(run("standings", event_db, "--json").output)
    assert [(r["player"].split(",")[0], r["points"]) for r in table] == [
        (name, float(points) if "." in points else int(points)) for name, points in FINAL
    ]


def test_the_demo_rounds_already_entered_are_unchanged_and_a_conflict_is_left(
    run: Run, demo_db: Path
) -> None:
    # The arbiter's entry that the broadcast disagrees with (really 1-0).
    assert run("result", demo_db, 7, "Mamedyarov", "Giri", "0-1", "--correct").exit_code == 0
    done = run("import-pgn", demo_db, CLASSICAL, "--json")
    assert done.exit_code == 1
    outcomes = json.loads(done.output)
    assert all(set(o) == KEYS for o in outcomes)
    by_round: dict[int, set[str]] = {}
    for o in outcomes:
        by_round.setdefault(int(o["round"]), set()).add(o["status"])
    assert all(by_round[r] == {"unchanged"} for r in range(1, 7))
    assert by_round[7] == {"entered", "unchanged", "conflict"}
    [conflict] = [o for o in outcomes if o["status"] == "conflict"]
    assert conflict["board"] == "round 7 board 2 (Mamedyarov-Giri) main game"
    assert "the record says 1-0 but 0-1 is entered; left for the arbiter" in conflict["message"]
    shown = json.loads(run("pairings", demo_db, "--round", 7, "--json").output)
    assert [g["result"] for g in shown if g["white"].startswith("Mamedyarov")] == ["0-1"]


def test_an_unreadable_file_changes_nothing(run: Run, event_db: Path, tmp_path: Path) -> None:
    garbage = tmp_path / "photo.pgn"
    garbage.write_bytes(b"\x89PNG\x00\x00\x00binary")
    before = snapshot(event_db)
    for files in ([CLASSICAL, garbage], [CLASSICAL, tmp_path / "missing.pgn"]):
        done = run("import-pgn", event_db, *files)
        assert done.exit_code == 2
        assert done.stdout == "" and len(done.stderr.splitlines()) == 1
        assert snapshot(event_db) == before
    assert "binary data" in run("import-pgn", event_db, garbage).stderr
    assert run("import-pgn", tmp_path / "none.db", CLASSICAL).exit_code == 2


def test_broken_records_are_reported_game_by_game(run: Run, event_db: Path, tmp_path: Path) -> None:
    moves = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"
    path = tmp_path / "broken.pgn"
    path.write_text(
        "\n".join(
            [
                SO_RADJABOV_WIN.replace("2. Qh5", "2. Qh6"),  # an illegal move
                game("So, Wesley", "Carlsen, Magnus", "1", moves, "1-0"),  # not paired in round 1
                game("Giri, Anish", "Anand, Viswanathan", "12", moves, "1-0"),  # no round 12
                game("Carlsen, Magnus", "Wang, Hao", "1", moves, "1-0"),  # a good one
            ]
        ),
        encoding="utf-8",
    )
    done = run("import-pgn", event_db, path)
    assert done.exit_code == 1
    out = done.output
    assert (
        "attached  round 1 board 1 (So-Radjabov) main game: record attached; result not "
        "entered, the record has 1 error" in out
    )
    assert "      error   2. Qh6      illegal_move:" in out
    assert (
        "R1     unmatched not attached, no board of round 1 is So, Wesley - Carlsen, Magnus" in out
    )
    assert "round 12 is not a round of the event (rounds 1-9)" in out
    assert "entered   round 1 board 2 (Carlsen-Wang) main game" in out
    assert out.splitlines()[-1].endswith(
        "4 games; 1 result entered, 1 attached, 2 not matched, 1 with errors in the record"
    )
    pairings = json.loads(run("pairings", event_db, "--round", 1, "--json").output)
    assert [g["result"] for g in pairings][:2] == [None, "1-0"]


def test_the_stage_can_be_forced_and_playoff_needs_a_playoff(
    run: Run, event_db: Path, tmp_path: Path
) -> None:
    assert run("import-pgn", event_db, CLASSICAL).exit_code == 0
    # Armageddon records whose Event tag does not say so: read as main games they clash
    # with the main games' records; --stage armageddon puts them where they belong.
    untagged = tmp_path / "untagged.pgn"
    untagged.write_text(
        ARMAGEDDON.read_text(encoding="utf-8").replace(
            "10th Norway Armageddon", "10th Norway Chess 2022"
        ),
        encoding="utf-8",
    )
    before = snapshot(event_db)
    done = run("import-pgn", event_db, untagged, "--json")
    assert done.exit_code == 1
    assert {o["status"] for o in json.loads(done.output)} == {"conflict"}
    assert snapshot(event_db) == before
    done = run("import-pgn", event_db, untagged, "--stage", "armageddon", "--json")
    assert done.exit_code == 0
    outcomes = json.loads(done.output)
    assert {(o["stage"], o["status"]) for o in outcomes} == {("armageddon", "entered")}
    before = snapshot(event_db)
    done = run("import-pgn", event_db, ARMAGEDDON, "--stage", "playoff")
    assert done.exit_code == 2
    assert "no play-off game to attach records to" in done.stderr
    assert snapshot(event_db) == before


def test_help_documents_the_json_keys(run: Run) -> None:
    text = run("import-pgn", "--help").output
    for key in KEYS:
        assert f"  {key}" in text


def test_playoff_records_go_to_their_playoff_game(run: Run, tmp_path: Path) -> None:
    from tests.store.playoff_events import tied_event
    from tests.store.test_playoff_pgn import record

    db = tied_event(tmp_path / "two.db")
    assert run("playoff", db, "--start", "--seed", 2022).exit_code == 0
    m1 = json.loads(run("playoff", db, "--json").output)["games"][0]
    assert run("playoff", db, "--result", "M1", "1-0").exit_code == 0
    path = tmp_path / "m1.pgn"
    # The broadcast spells White with a stray digit: matched, and said.
    path.write_text(record(m1["white"] + "3", m1["black"], "1-0"), encoding="utf-8")
    done = run("import-pgn", db, path, "--stage", "playoff")
    assert done.exit_code == 0, done.output
    assert "attached  play-off game M1" in done.output
    assert f"the record's '{m1['white']}3' taken for {m1['white']}" in done.output


def test_replace_puts_the_real_record_in_place_of_a_faulty_one(
    run: Run, event_db: Path, tmp_path: Path
) -> None:
    """`--replace`, the same operation the console offers."""
    faulty, real = tmp_path / "faulty.pgn", tmp_path / "real.pgn"
    faulty.write_text(SO_RADJABOV_WIN.replace("2. Qh5", "2. Qh6"), encoding="utf-8")
    real.write_text(SO_RADJABOV_WIN, encoding="utf-8")
    assert run("import-pgn", event_db, faulty).exit_code == 1  # kept, with its error
    done = run("import-pgn", event_db, real, "--json")
    assert done.exit_code == 1
    [conflict] = json.loads(done.output)
    assert conflict["status"] == "conflict"
    assert conflict["message"].endswith(
        "a different record is already attached; left as it is (it can be replaced)"
    )
    done = run("import-pgn", event_db, real, "--replace")
    assert done.exit_code == 0, done.output
    assert "record replaced (the one before is in the audit log); result 1-0 entered" in done.output
    log = run("log", event_db).output.splitlines()
    assert "main PGN replaced" in log[0]


DGT_ROUND = ROOT / "tests" / "data" / "dgt" / "sample-invitational-2023" / "round-1"


def test_15_minute_games_into_a_120_minute_event_are_not_entered_without_a_word(
    run: Run, demo_db: Path, tmp_path: Path
) -> None:
    """Five real DGT LiveChess records of a 15' + 10" event (tests/data/dgt) given the names of
    round 8's boards: their results go in, but each line and the summary say that their clocks
    are not the event's 120'. DGT's Date "????.??.??" is no warning: the event dates round 8."""
    pairs = [
        ("Radjabov, Teimour", "Wang, Hao"),
        ("So, Wesley", "Topalov, Veselin"),
        ("Carlsen, Magnus", "Vachier-Lagrave, Maxime"),
        ("Giri, Anish", "Tari, Aryan"),
        ("Anand, Viswanathan", "Mamedyarov, Shakhriyar"),
    ]
    texts = []
    for n, (white, black) in zip((1, 2, 3, 4, 6), pairs, strict=True):
        text = (DGT_ROUND / f"game-{n}.pgn").read_text()
        head, moves = text.split("\n\n", 1)
        tags = [
            line
            for line in head.splitlines()
            if not line.startswith(("[White ", "[Black ", "[Round "))
        ]
        assert '[Date "????.??.??"]' in tags
        tags += [f'[Round "8.{len(texts) + 1}"]', f'[White "{white}"]', f'[Black "{black}"]']
        texts.append("\n".join(tags) + "\n\n" + moves)
    path = tmp_path / "round-8.pgn"
    path.write_text("\n".join(texts))
    done = run("import-pgn", demo_db, path)
    lines = done.output.splitlines()
    assert sum(line.startswith("#") and "entered" in line for line in lines) == 5, done.output
    assert (
        sum(
            "clock_below_control" in line and "far below the 2:00:00 of 120' + 10\"" in line
            for line in lines
        )
        == 5
    )
    assert sum("clock_increment" in line for line in lines) == 5
    assert lines[-1].endswith(
        "5 results entered, 5 with clocks not of the event's time control (see the warnings)"
    )
    outcomes = json.loads(run("import-pgn", demo_db, path, "--json").output)
    assert not [f for o in outcomes for f in o["findings"] if f["code"] == "header_missing"]


def test_a_name_spelled_otherwise_is_matched_and_said(
    run: Run, event_db: Path, tmp_path: Path
) -> None:
    """A broadcaster's "So, Wesley3" (a digit the matching passes over) or "Radjabov, T" is
    the registered player, and the import says so: on the game's line, in the summary (each
    spelling once) and in --json; a name in another order ("Hao Wang") is no other spelling."""
    moves = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"
    path = tmp_path / "spelled.pgn"
    path.write_text(
        "\n".join(
            [
                game("So, Wesley3", "Radjabov, T", "1", moves, "1-0"),
                game("Carlsen, Magnus", "Hao Wang", "1", moves, "1-0"),
                game("So, Wesley3", "Carlsen, Magnus", "2", moves, "1-0"),
            ]
        ),
        encoding="utf-8",
    )
    done = run("import-pgn", event_db, path)
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert lines[0].endswith(
        "round 1 board 1 (So-Radjabov) main game: record attached; result 1-0 entered; the "
        "record's 'So, Wesley3' taken for So, Wesley; the record's 'Radjabov, T' taken for "
        "Radjabov, Teimour"
    )
    assert lines[1].endswith(
        "round 1 board 2 (Carlsen-Wang) main game: record attached; result 1-0 entered"
    )
    assert lines[-1].endswith(
        "3 games; 3 results entered, matched under another spelling: 'So, Wesley3' (So), "
        "'Radjabov, T' (Radjabov)"
    )
    assert run("undo", event_db).exit_code == 0
    outcomes = json.loads(run("import-pgn", event_db, path, "--json").output)
    # The first two are unchanged (entered before the undo), matched under the same names.
    assert [o["status"] for o in outcomes] == ["unchanged", "unchanged", "entered"]
    assert [o["renamed"] for o in outcomes] == [
        [
            {"pgn": "So, Wesley3", "player": "So, Wesley"},
            {"pgn": "Radjabov, T", "player": "Radjabov, Teimour"},
        ],
        [],
        [{"pgn": "So, Wesley3", "player": "So, Wesley"}],
    ]
