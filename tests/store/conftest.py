"""Fixtures of the store tests: a fresh 2022-like event, the demo event, table dumps."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from normtui.assets import read_profile_text
from normtui.demo.data2022 import NUMBERS
from normtui.store import EventStore, PlayerInput
from normtui.store.schema import TABLES

ROOT = Path(__file__).resolve().parents[2]
CLOCK_START = datetime(2022, 5, 31, 14, 0, tzinfo=UTC)


def dump(db_path_or_store: Path | EventStore) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every event table (the audit log and migrations aside), by id. A path is
    read through a connection closed before the rows are returned: one left open (to the
    collector: sqlite3's connection and its statement cache hold each other) would hold the
    lock a restore must take."""
    import sqlite3
    from contextlib import closing

    if isinstance(db_path_or_store, EventStore):
        conn = db_path_or_store._core.conn
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY id").fetchall() for t in TABLES}
    with closing(sqlite3.connect(db_path_or_store)) as conn:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY id").fetchall() for t in TABLES}


def unchain(conn: Any) -> None:
    """The audit log as a normtui before the hash chain left it (``m010_audit_chain`` taken
    back): for the tests of files an earlier normtui wrote."""
    conn.execute("DROP TRIGGER audit_chained")
    conn.execute("ALTER TABLE audit DROP COLUMN hash")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm010_audit_chain'")


@pytest.fixture(scope="session")
def profile_text() -> str:
    return read_profile_text()


@pytest.fixture(scope="session")
def players() -> list[PlayerInput]:
    return [PlayerInput(name, 2700 + i) for i, name in enumerate(NUMBERS)]


@pytest.fixture(scope="session")
def _template(
    tmp_path_factory: pytest.TempPathFactory, players: list[PlayerInput], profile_text: str
) -> Path:
    path = tmp_path_factory.mktemp("template") / "event.db"
    EventStore.create(path, players, profile_text, actor="test", clock=lambda: CLOCK_START).close()
    return path


@pytest.fixture
def event_path(_template: Path, tmp_path: Path) -> Path:
    """A fresh event file (a copy of one made once per session: creating costs a little)."""
    target = tmp_path / "event.db"
    shutil.copyfile(_template, target)
    return target


@pytest.fixture
def store(event_path: Path) -> Iterator[EventStore]:
    s = EventStore.open(event_path, actor="test", clock=lambda: CLOCK_START)
    yield s
    s.close()


@pytest.fixture
def demo_path(tmp_path: Path) -> Path:
    target = tmp_path / "demo.db"
    shutil.copyfile(ROOT / "demo.db", target)
    return target
