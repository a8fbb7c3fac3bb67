"""The players file as spreadsheets save it, and what it may not hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from normtui.assets import PLAYERS_EXAMPLE
from normtui.demo.data2022 import NUMBERS
from tests.cli.conftest import Run

HEADER = "name,rating,federation,fide_id"


def new(run: Run, tmp_path: Path, raw: bytes) -> tuple[int, str, list[dict[str, object]]]:
    csv_file = tmp_path / "players.csv"
    csv_file.write_bytes(raw)
    db = tmp_path / "event.db"
    result = run("new", db, "--players", csv_file, "--json")
    if result.exit_code != 0:
        assert not db.exists()
        assert result.stderr.count("\n") == 1, result.stderr
        return result.exit_code, result.stderr, []
    return 0, "", json.loads(result.stdout)["players"]


def rows(separator: str = ",") -> list[str]:
    return [
        f'"{name}"{separator}{2700 + i}{separator}NOR{separator}{1503010 + i}'
        for i, name in enumerate(NUMBERS)
    ]


def test_the_shipped_example_makes_an_event(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "e.db"
    done = run("new", db, "--players", PLAYERS_EXAMPLE, "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["players"][1]["name"] == "Carlsen, Magnus"
    player = json.loads(run("player", db, "Carlsen", "--json").stdout)["player"]
    assert (player["title"], player["sex"], player["fide_id"], player["federation"]) == (
        "GM",
        "m",
        "1503014",
        "NOR",
    )


def test_new_help_says_which_columns(run: Run) -> None:
    shown = run("new", "--help").stdout
    for column in (
        "name",
        "rating",
        "federation",
        "fide_id",
        "title",
        "sex",
        "assets/players-example.csv",
        "semicolons",
    ):
        assert column in shown


def test_a_norwegian_excel_file_is_read(run: Run, tmp_path: Path) -> None:
    """Semicolons (the decimal sign is a comma) and Windows-1252 (æ, ø, å)."""
    lines = [HEADER.replace(",", ";"), *rows(";")]
    lines[1] = lines[1].replace("So, Wesley", "Østenstad, Åse")
    code, err, players = new(run, tmp_path, ("\r\n".join(lines) + "\r\n").encode("cp1252"))
    assert code == 0, err
    assert players[0]["name"] == "Østenstad, Åse"


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_excel_unicode_and_sep_line(run: Run, tmp_path: Path, encoding: str) -> None:
    text = "sep=\t\n" + "\n".join([HEADER.replace(",", "\t"), *rows("\t")]) + "\n"
    code, err, players = new(run, tmp_path, text.encode(encoding))
    assert code == 0, err
    assert len(players) == 10


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (
            lambda r: [r[0].replace("1503010", "1503011"), *r[1:]],
            "FIDE id 1503011 is given to both So, Wesley and Carlsen, Magnus",
        ),
        (
            lambda r: [r[0].replace("1503010", "1" * 20), *r[1:]],
            "has 20 digits; a FIDE id has at most 11 (the rating report's columns 58-68)",
        ),
        (
            lambda r: [r[0].replace(",2700,", ",-5,"), *r[1:]],
            "rating '-5' of So, Wesley is not a valid rating (a whole number from 0 to 4000",
        ),
        (lambda r: [r[0].replace(",2700,", ",4001,"), *r[1:]], "not a valid rating"),
        (lambda r: [r[0].replace(",2700,", ",²,"), *r[1:]], "not a valid rating"),
        (lambda r: [r[0].replace("1503010", "15030²"), *r[1:]], "FIDE id '15030²'"),
        (lambda r: [r[0].replace("So, Wesley", "12"), *r[1:]], "is a number, not a name"),
        (
            lambda r: [r[0].replace("So, Wesley", "x" * 200_000), *r[1:]],
            "a field longer than 128 KB: not a players list",
        ),
    ],
)
def test_what_a_players_file_may_not_hold(
    run: Run, tmp_path: Path, edit: object, says: str
) -> None:
    assert callable(edit)
    code, err, _ = new(run, tmp_path, ("\n".join([HEADER, *edit(rows())]) + "\n").encode())
    assert code == 2 and says in err, err


def test_a_semicolon_file_with_a_wrong_header_says_what_to_change(run: Run, tmp_path: Path) -> None:
    code, err, _ = new(run, tmp_path, b"navn;rating;forbund;fide_id\n")
    assert code == 2
    assert "lacks the column 'name' (expected name,rating,federation,fide_id" in err


def test_a_device_is_not_read(run: Run, tmp_path: Path) -> None:
    import os

    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    zero = tmp_path / "zero"
    os.mknod(zero, 0o666 | 0o020000, os.makedev(1, 5))  # /dev/zero's numbers, our own node
    sparse = tmp_path / "huge.toml"
    with sparse.open("wb") as f:
        f.truncate(4 << 30)  # 4 GB of holes
    for option, path, says in (
        ("--players", zero, "not a regular file but a device"),
        ("--profile", sparse, "larger than 1 MB"),
    ):
        args = ["--players", PLAYERS_EXAMPLE, option, path]
        done = run("new", tmp_path / "x.db", *args)
        assert done.exit_code == 2 and says in done.stderr, done.stderr
    done = run("new", tmp_path / "x.db", "--players", PLAYERS_EXAMPLE, "--profile", zero)
    assert done.exit_code == 2 and done.stderr.count("\n") == 1  # a device is no profile


def test_a_fide_id_given_later_is_one_players_too(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "e.db"
    assert run("new", db, "--players", PLAYERS_EXAMPLE).exit_code == 0
    done = run("player", db, "So", "--fide-id", "1503014")
    assert done.exit_code == 2
    assert done.stderr == (
        "normtui: FIDE id 1503014 is Carlsen, Magnus's; a FIDE id is one player's\n"
    )
    assert run("player", db, "So", "--fide-id", "²").exit_code == 2


def test_k_and_birth_year_columns(run: Run, tmp_path: Path) -> None:
    """``k`` (FIDE's K, recorded as the players file's) and ``birth_year`` are optional."""
    lines = [f"{HEADER},k,birth_year"] + [
        f"{row},{'40' if i == 0 else ''},{2008 if i == 0 else ''}" for i, row in enumerate(rows())
    ]
    code, err, _ = new(run, tmp_path, "\n".join(lines).encode())
    assert code == 0, err
    first = json.loads(run("player", tmp_path / "event.db", "1", "--json").stdout)["player"]
    assert (first["k"], first["k_source"], first["birth_year"]) == (40, "csv", 2008)
    second = json.loads(run("player", tmp_path / "event.db", "2", "--json").stdout)["player"]
    assert (second["k"], second["k_source"], second["birth_year"]) == (None, None, None)
    bad = [f"{HEADER},k"] + [f"{row},{'25.5' if i == 3 else ''}" for i, row in enumerate(rows())]
    (tmp_path / "bad").mkdir()
    code, err, _ = new(run, tmp_path / "bad", "\n".join(bad).encode())
    assert code == 2 and "line 5: K '25.5' of" in err and "not FIDE's K" in err
