"""The real drawing of lots (§1): the players file's `number` column, and `normtui lots DB
PLAYER NUMBER ...` before round 1, after which the Berger tables follow the numbers; refused
with its reason (exit 2, the file as it was) where it must be."""

from __future__ import annotations

import json
from pathlib import Path

from normtui.demo.data2022 import NUMBERS
from tests.cli.conftest import Run, write_players
from tests.cli.test_bad_input import refused

HEADER = "name,rating,federation,fide_id,number"


def numbered(tmp_path: Path, numbers: list[str]) -> Path:
    rows = [
        f'"{name}",{2700 + i},NOR,,{n}'
        for i, (name, n) in enumerate(zip(NUMBERS, numbers, strict=True))
    ]
    return write_players(tmp_path / "players.csv", rows, header=HEADER)


def test_the_number_column_gives_the_pairing_numbers(run: Run, tmp_path: Path) -> None:
    drawn = ["4", "7", "1", "10", "2", "9", "3", "8", "5", "6"]
    db = tmp_path / "e.db"
    result = run("new", db, "--players", numbered(tmp_path, drawn), "--json")
    assert result.exit_code == 0, result.output
    players = json.loads(result.stdout)["players"]
    assert {p["name"]: p["number"] for p in players} == {
        name: int(n) for name, n in zip(NUMBERS, drawn, strict=True)
    }
    assert (
        "pairing numbers from the players file's number column"
        in json.loads(result.stdout)["notes"]
    )
    # The Berger tables follow the numbers: round 1 is 1-10, 2-9, 3-8, 4-7, 5-6.
    pairings = json.loads(run("pairings", db, "--round", "1", "--json").stdout)
    first = pairings[0]
    assert (first["white_number"], first["black_number"]) == (1, 10)
    by_number = {int(n): name for name, n in zip(NUMBERS, drawn, strict=True)}
    assert (first["white"], first["black"]) == (by_number[1], by_number[10])


def test_a_wrong_number_column_is_named_by_its_line(run: Run, tmp_path: Path) -> None:
    cases = [
        (["1", "2", "3", "4", "5", "6", "7", "8", "9", ""], "line 11: Radjabov, Teimour has no"),
        (["1", "2", "3", "4", "5", "6", "7", "8", "9", "11"], "line 11: pairing number '11'"),
        (["1", "2", "3", "4", "5", "6", "7", "8", "9", "x"], "'x' of Radjabov, Teimour is not one"),
        (
            ["1", "2", "3", "4", "5", "6", "7", "8", "9", "1"],
            "line 11: pairing number 1 of Radjabov, Teimour is already So, Wesley's (line 2)",
        ),
    ]
    for numbers, says in cases:
        result = run("new", tmp_path / "f.db", "--players", numbered(tmp_path, numbers))
        assert result.exit_code == 2 and says in result.stderr, result.stderr
        assert not (tmp_path / "f.db").exists()
    drawn = [str(n) for n in range(1, 11)]
    result = run("new", tmp_path / "f.db", "--players", numbered(tmp_path, drawn), "--lots", "7")
    assert result.exit_code == 2 and "--lots draws the pairing numbers" in result.stderr


def test_lots_records_the_drawing_and_pairs_again(run: Run, event_db: Path) -> None:
    result = run("lots", event_db, "Giri", "1", "So", "3", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["changed"] and out["entries"][0]["action"] == "numbers"
    assert out["entries"][0]["summary"].startswith(
        "drawing of lots: Giri, Anish 3 -> 1; So, Wesley 1 -> 3; pairing numbers: 1 Giri"
    )
    assert [p["name"] for p in out["players"][:3]] == [
        "Giri, Anish",
        "Carlsen, Magnus",
        "So, Wesley",
    ]
    first = json.loads(run("pairings", event_db, "--round", "1", "--json").stdout)[0]
    assert (first["white"], first["black"]) == ("Giri, Anish", "Radjabov, Teimour")
    again = run("lots", event_db, "Giri", "1")
    assert again.exit_code == 0 and "unchanged: those are the numbers already" in again.output
    assert run("undo", event_db).exit_code == 0
    first = json.loads(run("pairings", event_db, "--round", "1", "--json").stdout)[0]
    assert first["white"] == "So, Wesley"


def test_lots_is_refused_where_it_must_be(run: Run, event_db: Path) -> None:
    refused(run, event_db, "lots", event_db, "Giri", says="not pairs")
    refused(run, event_db, "lots", event_db, "Giri", "11", says="pairing number 11 is outside")
    refused(run, event_db, "lots", event_db, "Giri", "x", says="'x' (drawn by 'Giri')")
    refused(run, event_db, "lots", event_db, "Giri", "2", "So", "2", says="drawn by both")
    refused(run, event_db, "lots", event_db, "Nobody", "2", says="no player matches 'Nobody'")
    assert run("start", event_db, "1").exit_code == 0
    refused(
        run,
        event_db,
        "lots",
        event_db,
        "Giri",
        "1",
        says="cannot change once a round has started (round 1 board 1 (So-Radjabov) is in "
        "progress)",
    )
    forced = run("lots", event_db, "Giri", "1", "--force")
    assert forced.exit_code == 0, forced.output
    assert "5 boards under way set back to scheduled, paired again" in forced.output
    pairings = json.loads(run("pairings", event_db, "--round", "1", "--json").stdout)
    assert {p["state"] for p in pairings} == {"scheduled"}
    assert run("result", event_db, "1", "Giri", "Radjabov", "1-0").exit_code == 0
    refused(
        run,
        event_db,
        "lots",
        event_db,
        "So",
        "1",
        "--force",
        says="once the main event has begun (round 1 board 1 (Giri-Radjabov) has its result)",
    )
