"""Every bad input: exit code 2, one line on stderr naming the problem, the database byte for
byte as it was, and never a traceback."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.conftest import Run, snapshot, write_players


def refused(run: Run, db: Path, *args: object, says: str) -> str:
    before = snapshot(db)
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert says in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("normtui: ")
    assert "Traceback" not in result.output
    assert snapshot(db) == before
    return lines[0]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("1", "Zukertort", "So", "1-0"), "no player matches 'Zukertort'"),
        (("1", "a", "So", "1-0"), "'a' matches 9 players"),
        (("1", "So", "Carlsen", "1-0"), "So and Carlsen are not paired in round 1"),
        (("1", "Radjabov", "So", "1-0"), "Radjabov has Black against So in round 1"),
        (("1", "So", "Radjabov", "1:0"), "'1:0' is not a result"),
        (("1", "So", "Radjabov", "1-0", "--armageddon", "0-1"), "no Armageddon after a decisive"),
        (("1", "So", "Radjabov", "--armageddon", "0-1"), "Armageddon"),
        (("10", "So", "Radjabov", "1-0"), "round 10 is out of range: the event has rounds 1-9"),
        (("0", "So", "Radjabov", "1-0"), "round 0 is out of range"),
        (("one", "So", "Radjabov", "1-0"), "round 'one' is not a round number"),
        (("1", "So", "Radjabov"), "give a RESULT"),
        (("1", "99", "Radjabov", "1-0"), "no player has pairing number 99"),
    ],
)
def test_bad_result(run: Run, event_db: Path, args: tuple[str, ...], says: str) -> None:
    refused(run, event_db, "result", event_db, *args, says=says)


def test_armageddon_for_a_decisive_game_entered_earlier(run: Run, event_db: Path) -> None:
    assert run("result", event_db, 1, "So", "Radjabov", "1-0").exit_code == 0
    refused(
        run,
        event_db,
        "result",
        event_db,
        1,
        "So",
        "Radjabov",
        "--armageddon",
        "0-1",
        says="no Armageddon after a decisive main game (1-0) (Regulations §2)",
    )


def test_overwrite_needs_correct_and_is_audited(run: Run, event_db: Path) -> None:
    assert run("result", event_db, 1, "So", "Radjabov", "1-0").exit_code == 0
    refused(
        run,
        event_db,
        "result",
        event_db,
        1,
        "So",
        "Radjabov",
        "0-1",
        says="already has 1-0; enter it as a correction",
    )
    done = run("result", event_db, 1, "So", "Radjabov", "0-1", "--correct")
    assert done.exit_code == 0 and "corrected 0-1 (was 1-0)" in done.stdout
    log = run("log", event_db)
    assert "correction" in log.stdout.splitlines()[0]


@pytest.mark.parametrize(
    ("rows", "header", "says"),
    [
        (['"So, Wesley",2776,USA'], "name,rating,federation", "lacks the column 'fide_id'"),
        (['"So, Wesley",2776,,', '"so, wesley",2700,,'], None, "'so, wesley' is listed twice"),
        (['"So, Wesley",high,,'], None, "rating 'high' of So, Wesley is not a valid rating"),
        (['"So, Wesley",2776,,123x'], None, "FIDE id '123x'"),
        (['"So, Wesley",2776,,'], None, "1 player listed: a round robin needs at least 3"),
    ],
)
def test_bad_players_csv_creates_nothing(
    run: Run, tmp_path: Path, rows: list[str], header: str | None, says: str
) -> None:
    csv = write_players(tmp_path / "p.csv", rows, *([header] if header else []))
    db = tmp_path / "new.db"
    result = run("new", db, "--players", csv)
    assert result.exit_code == 2 and says in result.stderr, result.output
    assert not db.exists()


def test_new_refuses_to_overwrite(run: Run, event_db: Path, players_csv: Path) -> None:
    refused(run, event_db, "new", event_db, "--players", players_csv, says="already exists")


def test_missing_players_file(run: Run, tmp_path: Path) -> None:
    result = run("new", tmp_path / "x.db", "--players", tmp_path / "none.csv")
    assert result.exit_code == 2 and "cannot read players file" in result.stderr


def test_bad_profile(run: Run, tmp_path: Path, players_csv: Path) -> None:
    profile = tmp_path / "p.toml"
    profile.write_text("[event]\nname = 'x'\n")
    result = run("new", tmp_path / "x.db", "--players", players_csv, "--profile", profile)
    assert result.exit_code == 2 and "profile key" in result.stderr
    assert not (tmp_path / "x.db").exists()


def test_not_a_normtui_database(run: Run, tmp_path: Path, players_csv: Path) -> None:
    before = players_csv.read_bytes()
    result = run("standings", players_csv)
    assert (
        result.exit_code == 2 and "is not a normtui database (not an SQLite file)" in result.stderr
    )
    assert players_csv.read_bytes() == before
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE t (x)")
    conn.close()
    refused(run, other, "result", other, 1, "So", "Radjabov", "1-0", says="made by another program")


def test_newer_schema(run: Run, event_db: Path) -> None:
    with sqlite3.connect(event_db) as conn:
        conn.execute(
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
            "VALUES ('normtui', 'm999_future', '2030-01-01')"
        )
    conn.close()
    refused(run, event_db, "pairings", event_db, says="written by a newer normtui")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("sign", "{db}", 1, "So", "Radjabov", "arbiter"), "no result yet"),
        (("arrive", "{db}", 12, "So", "--absent"), "out of range"),
        (("illness", "{db}", 3, "Giri"), "--free-day"),
        (("illness", "{db}", 2, "Tari", "--morning", "--opponent-refuses"), "refuses"),
        (("incident", "{db}", 2, "Tari", "other", " ", "--decision", "x"), "description"),
        (("time-control", "{db}", "armageddon", 0, 420, 1, 41), "from 1 to 21600 seconds"),
        (("time-control", "{db}", "rapid", 600, 600, 0, 1), "no time control 'rapid'"),
        (("round", "{db}", 1, "--close"), "cannot be closed"),
        (("round", "{db}", 1, "--date", "31/05/2022"), "YYYY-MM-DD"),
        (("undo", "{db}"), "nothing to undo"),
        (("blitz", "standings", "{db}"), "not been started"),
        (("playoff", "{db}", "--start", "--seed", 1), "after the last round"),
        (("standings", "{db}", "--round", 10), "out of range"),
        (("standings", "{db}", "--json", "--csv"), "one of --json and --csv"),
        (("pairings", "{db}", "--round", 0), "out of range"),
        (("withdraw", "{db}", "Nobody"), "no player matches"),
    ],
)
def test_other_commands_refuse_bad_input(
    run: Run, event_db: Path, args: tuple[object, ...], says: str
) -> None:
    args = tuple(event_db if a == "{db}" else a for a in args)
    refused(run, event_db, *args, says=says)


def test_a_damaged_file_is_one_line_and_left_as_it_is(run: Run, event_db: Path) -> None:
    """A page overwritten (or a stale -wal beside a replaced file): SQLite's own words, no
    traceback, the bytes untouched."""
    with event_db.open("r+b") as f:
        f.seek(100)
        f.write(b"\xff" * 2000)
    before = event_db.read_bytes()
    for args in (("standings", event_db), ("result", event_db, 1, "So", "Radjabov", "1-0")):
        result = run(*args)
        assert result.exit_code == 2
        assert result.stderr == (
            f"normtui: {event_db}: SQLite cannot open it (database disk image is malformed)\n"
        )
    assert event_db.read_bytes() == before


@pytest.mark.parametrize("companion", ["", "-wal", "-shm"])
def test_the_event_file_is_never_read_or_written_as_another_file(
    run: Run, event_db: Path, tmp_path: Path, companion: str
) -> None:
    """The class: the event file (or its WAL) given as a PGN to read or as the
    output of an export is refused by name, and the event is untouched. Reading it would drop
    the process's locks on it; writing over it would destroy the event."""
    target = f"{event_db}{companion}"
    link = tmp_path / "link.pgn"
    link.symlink_to(event_db)
    before = event_db.read_bytes()
    for args in (
        ("import-pgn", event_db, target),
        ("export", event_db, "--format", "csv", "-o", target),
        ("playoff", event_db, "--pgn", "M1", target),
    ):
        result = run(*args)
        assert result.exit_code == 2, args
        assert "is the event file" in result.stderr, result.stderr
    assert run("import-pgn", event_db, link).exit_code == 2
    assert event_db.read_bytes() == before
