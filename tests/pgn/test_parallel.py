"""Large files on several cores: the same reports, in the same order, as one process gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.assets import DATA_2022
from normtui.cli import cli
from normtui.pgn import Expectation, validate_file
from normtui.pgn import validate as validate_module
from normtui.rules.profile import Profile

from .conftest import PGN_DATA


@pytest.fixture()
def many_games(tmp_path: Path) -> Path:
    """The real classical games with two broken games among them: about 33 KB."""
    real = (DATA_2022 / "classical.pgn").read_text(encoding="utf-8").strip() + "\n\n"
    broken = (PGN_DATA / "illegal_move.pgn").read_text(encoding="utf-8")
    half = real.index("[Event", len(real) // 2)
    path = tmp_path / "many.pgn"
    path.write_text(real[:half] + broken + real[half:], encoding="utf-8")
    return path


@pytest.fixture()
def small_ranges(monkeypatch: pytest.MonkeyPatch) -> None:
    # Real files go parallel from 1 MiB in 64 KiB ranges; scaled down so a test stays quick.
    monkeypatch.setattr(validate_module, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr("normtui.pgn.parallel.chunk_size", lambda size, jobs: 3000)


@pytest.mark.usefixtures("small_ranges")
def test_parallel_reports_equal_serial_reports(many_games: Path, profile: Profile) -> None:
    serial = list(validate_file(many_games, "main", profile))
    done: list[int] = []
    parallel = list(validate_file(many_games, "main", profile, jobs=2, on_progress=done.append))
    assert len(parallel) == 47
    assert parallel == serial
    assert [r.index for r in parallel] == list(range(47))
    assert sum(done) == many_games.stat().st_size and len(done) > 5
    assert [r.ok for r in parallel].count(False) == 2


@pytest.mark.usefixtures("small_ranges")
def test_expectations_are_checked_in_parallel_too(many_games: Path, profile: Profile) -> None:
    expected = Expectation(white="Carlsen, Magnus")
    reports = list(validate_file(many_games, "main", profile, expected, jobs=2, keep_text=False))
    flagged = [
        r
        for r in reports
        if {"players_mismatch", "colours_reversed"} & {f.code for f in r.findings}
    ]
    assert len(flagged) == sum(1 for r in reports if r.white != "Carlsen, Magnus")
    assert all(r.pgn_text == "" for r in reports)


@pytest.mark.usefixtures("small_ranges")
def test_cli_jobs(many_games: Path) -> None:
    serial = CliRunner().invoke(cli, ["validate", "--jobs", "1", "--json", str(many_games)])
    parallel = CliRunner().invoke(cli, ["validate", "--jobs", "2", "--json", str(many_games)])
    assert serial.exit_code == parallel.exit_code == 1
    assert serial.stdout == parallel.stdout


def test_jobs_never_change_the_games_findings_or_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A comment holding a blank line and then `[See "Smith"] ...`: the pool once started a
    range there (a tag after a blank line, as it looked), and one game became two, with other
    findings and another exit code than one process gave. Lone CR line ends before it once
    shifted every line number the pool reported, too."""
    real = (DATA_2022 / "classical.pgn").read_text(encoding="utf-8").strip() + "\n\n"
    half = real.index("[Event", len(real) // 2)
    commented = (
        '[Event "Fixture Open"]\n[Site "Stavanger NOR"]\n[Date "2022.06.01"]\n'
        '[Round "1"]\n[White "Carlsen, Magnus"]\n[Black "Giri, Anish"]\n'
        '[Result "1-0"]\n\n1. e4 e5 2. Qh5 {An old trap; the source:\n\n'
        '[See "Smith"] in the club bulletin.} 2...Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
    )
    mac = real[:half].replace("\n", "\r")
    path = tmp_path / "commented.pgn"
    path.write_bytes((mac + commented + real[half:]).encode())
    inside = path.read_bytes().index(b"An old trap")
    monkeypatch.setattr(validate_module, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr("normtui.pgn.parallel.chunk_size", lambda size, jobs: inside)
    serial = CliRunner().invoke(cli, ["validate", "--jobs", "1", "--json", str(path)])
    parallel = CliRunner().invoke(cli, ["validate", "--jobs", "2", "--json", str(path)])
    assert serial.stdout == parallel.stdout
    assert serial.exit_code == parallel.exit_code == 0
    games = json.loads(parallel.stdout)
    assert len(games) == 46
    [smith] = [
        g
        for g in games
        if g["white"] == "Carlsen, Magnus" and g["round"] == "1" and g["black"] == "Giri, Anish"
    ]
    assert smith["termination"] == "checkmate" and smith["line"] == real[:half].count("\n") + 1
