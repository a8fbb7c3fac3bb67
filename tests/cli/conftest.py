"""Fixtures of the command-line tests: a players file, an event made by `normtui new`, and a
snapshot of a file that must not change."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from normtui.cli import cli
from normtui.demo.data2022 import NUMBERS

Run = Callable[..., Result]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """A private copy of the demo event (round 7 under way)."""
    target = tmp_path / "demo.db"
    shutil.copyfile(ROOT / "demo.db", target)
    return target


@pytest.fixture
def run() -> Run:
    runner = CliRunner()

    def invoke(*args: object) -> Result:
        return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return invoke


def write_players(
    path: Path, rows: list[str], header: str = "name,rating,federation,fide_id"
) -> Path:
    path.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    return path


def _players_2022(path: Path) -> Path:
    return write_players(path, [f'"{name}",{2700 + i},,' for i, name in enumerate(NUMBERS)])


@pytest.fixture
def players_csv(tmp_path: Path) -> Path:
    return _players_2022(tmp_path / "players.csv")


@pytest.fixture(scope="session")
def _new_event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The event `normtui new` makes of the 2022 field, made once: ``event_db`` copies it (the
    copy differs from a file made in the test only in the times of its creation)."""
    folder = tmp_path_factory.mktemp("new-event")
    players = _players_2022(folder / "players.csv")
    db = folder / "event.db"
    result = CliRunner().invoke(cli, ["new", str(db), "--players", str(players)])
    assert result.exit_code == 0, result.output
    return db


@pytest.fixture
def event_db(tmp_path: Path, players_csv: Path, _new_event: Path) -> Path:
    """A fresh event made by `normtui new` from ``players_csv``, before any result."""
    db = tmp_path / "event.db"
    shutil.copyfile(_new_event, db)
    return db


def small_event(folder: Path) -> Path:
    """``folder/event.db``, a small event part-way (the 2022 field, ``folder/players.csv``):
    round 1 complete (drawn games with their Armageddons, a forfeit), round 2 with a drawn game
    whose Armageddon is due."""
    players = write_players(
        folder / "players.csv",
        [f'"{n}",{2700 + i},NOR,{1503000 + i}' for i, n in enumerate(NUMBERS)],
    )
    db = folder / "event.db"
    runner = CliRunner()
    for args in (
        ["new", db, "--players", players],
        ["result", db, 1, 1, 10, "1-0"],
        ["result", db, 1, 2, 9, "1/2-1/2", "--armageddon", "0-1"],
        ["result", db, 1, 3, 8, "+/-"],
        ["result", db, 1, 4, 7, "0-1"],
        ["result", db, 1, 5, 6, "1/2-1/2", "--armageddon", "1/2-1/2"],
        ["result", db, 2, 10, 6, "1/2-1/2"],
    ):
        done = runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)
        assert done.exit_code == 0, done.output
    return db


def snapshot(path: Path) -> tuple[str, list[tuple[object, ...]]]:
    """The file's bytes (hashed) and every row of every table, WAL included."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    wal = Path(f"{path}-wal")
    assert not wal.exists() or wal.stat().st_size == 0, "a closed store leaves no WAL behind"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        rows = [(t, *row) for t in tables for row in conn.execute(f"SELECT * FROM '{t}'")]
    conn.close()
    return digest, rows
