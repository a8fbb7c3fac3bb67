"""The play-off of any format from the command line: `new --playoff PHRASE`, `playoff
--format PHRASE` until the start, `playoff --start --white PLAYER`, `--white` and `--lot` for
the drawings made at the board; refusals exit 2 and leave the file as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Run, write_players
from tests.cli.test_bad_input import refused
from tests.store.playoff_events import copy_event, make_events

TATA = "2 blitz 3+2, then sudden death 2:30/3+2 colours by lot in pairs"


@pytest.fixture(scope="session")
def _events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return make_events(tmp_path_factory.mktemp("cli-playoff-formats"), "two")


@pytest.fixture
def two(_events: dict[str, Path], tmp_path: Path) -> Path:
    return copy_event(_events, "two", tmp_path)


def ok(run: Run, *args: object) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def shown(run: Run, db: Path) -> dict[str, object]:
    return json.loads(ok(run, "playoff", db, "--json"))


def test_new_takes_the_play_off_as_the_regulations_write_it(run: Run, tmp_path: Path) -> None:
    players = write_players(tmp_path / "p.csv", [f"Player{i},{2700 - i},," for i in range(4)])
    db = tmp_path / "e.db"
    ok(run, "new", db, "--players", players, "--profile", "fide-round-robin", "--playoff", TATA)
    assert shown(run, db)["phrase"] == TATA
    clocks = json.loads(ok(run, "clocks", db, "--json"))
    assert clocks["playoff_sudden_death"]["description"] == "White 2'30\", Black 3', +2\""
    refused(
        run,
        db,
        "new",
        tmp_path / "f.db",
        "--players",
        players,
        "--profile",
        "fide-round-robin",
        "--playoff",
        "2 blitz, then penalties",
        says="--playoff: 'penalties': not a step of a play-off here",
    )
    assert not (tmp_path / "f.db").exists()
    help_text = ok(run, "new", "--help")
    assert "--playoff PHRASE" in help_text and "sudden death up to 4, then lots" in help_text


def test_the_format_is_set_until_the_start_then_refused(run: Run, two: Path) -> None:
    said = ok(run, "playoff", two, "--format", TATA)
    assert f"play-off format: {TATA} (was 2 blitz 3+2, then armageddon" in said
    view = shown(run, two)
    assert view["status"] == "Play-off needed (2-game match, then sudden death); not started."
    ok(run, "playoff", two, "--start", "--seed", "7", "--white", "So")
    refused(
        run,
        two,
        "playoff",
        two,
        "--format",
        "2 blitz, then lots",
        says="the play-off has started: its format cannot change",
    )


def test_a_play_off_of_two_blitz_games_then_sudden_death_to_its_winner(run: Run, two: Path) -> None:
    ok(run, "playoff", two, "--format", TATA)
    started = json.loads(
        ok(run, "playoff", two, "--start", "--seed", "7", "--white", "So", "--json")
    )
    assert started["next_game"] == "M1"
    assert started["games"][0]["white"] == "So, Wesley"
    assert started["games"][0]["colours_drawn"] == "board"
    refused(run, two, "playoff", two, "--white", "Giri", says="Giri, Anish is not in the play-off")
    ok(run, "playoff", two, "--result", "M1", "1-0")
    refused(run, two, "playoff", two, "--white", "So", says="the colours of M2, the next game")
    view = json.loads(ok(run, "playoff", two, "--result", "M2", "1-0", "--json"))
    assert view["next_game"] == "S1" and view["games"][-1]["kind"] == "sudden_death"
    assert view["next_clock"] == "White 2'30\", Black 3', +2\""
    text = ok(run, "playoff", two)
    assert "The colours of S1 are the seed's lot; a drawing at the board: --white PLAYER." in text
    ok(run, "playoff", two, "--white", "Carlsen")
    ok(run, "playoff", two, "--result", "S1", "1/2-1/2")
    view = shown(run, two)
    assert view["next_game"] == "S2" and view["games"][-1]["white"] == "So, Wesley"
    refused(run, two, "playoff", two, "--result", "S3", "1-0", says="no play-off game S3 yet")
    final = json.loads(ok(run, "playoff", two, "--result", "S2", "1-0", "--json"))
    assert final["winner"] == "So, Wesley" and final["next_game"] is None
    assert final["status"] == "Sudden death won in game 2"
    table = json.loads(ok(run, "standings", two, "--json"))
    assert table[0]["player"] == "So, Wesley"
    text = ok(run, "playoff", two)
    assert "S2    sudden death" in text and "Winner: So, Wesley" in text
    assert "Armageddon" not in text


def test_lots_drawn_at_the_board(run: Run, two: Path) -> None:
    ok(run, "playoff", two, "--format", "2 blitz, then lots")
    ok(run, "playoff", two, "--start", "--seed", "7")
    refused(run, two, "playoff", two, "--lot", "So", says="not at a drawing of lots")
    ok(run, "playoff", two, "--result", "M1", "1-0")
    seed_winner = json.loads(ok(run, "playoff", two, "--result", "M2", "1-0", "--json"))["winner"]
    other = "Carlsen" if seed_winner.startswith("So") else "So"
    said = ok(run, "playoff", two, "--lot", other)
    assert "drew the winning lot at the board" in said
    assert shown(run, two)["winner"].startswith(other)
    refused(
        run,
        two,
        "playoff",
        two,
        "--lot",
        other,
        "--white",
        "So",
        says="give one of --white and --lot, not both",
    )
