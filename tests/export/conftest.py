"""Fixtures of the export tests: the complete 2022 event, built once per session, and its
variants (a withdrawal before and after half the games, a shared first place with a play-off).
Exports only read, so every test may open the same file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from normtui.store import EventStore
from tests.conftest import DATA
from tests.export.event2022 import CLOCK, build_2022

GOLDEN = DATA / "export"
# Flipping two of Carlsen's Armageddon wins (round 1 against Wang Hao, round 9 against
# Topalov) leaves him on 15.5 with Mamedyarov: first place shared, a play-off (§5).
SHARED_FIRST = {(1, 2): "0-1", (9, 8): "1-0"}
# Carlsen loses his round-1 Armageddon (16.5 -> 16) and Mamedyarov wins his
# round-2 one (15.5 -> 16): first place shared on 16, Carlsen ahead on Sonneborn-Berger.
TIED_16 = {(1, 2): "0-1", (2, 7): "0-1"}


def _open(path: Path) -> Iterator[EventStore]:
    store = EventStore.open(path, actor="test", clock=CLOCK)
    yield store
    store.close()


@pytest.fixture(scope="session")
def path_2022(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("export") / "norway-2022.db"
    build_2022(path)
    return path


@pytest.fixture
def store_2022(path_2022: Path) -> Iterator[EventStore]:
    yield from _open(path_2022)


@pytest.fixture(scope="session")
def path_withdrawn_early(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tari withdraws after round 4: 4 of 9 games completed, under 50 % (§9 a)."""
    path = tmp_path_factory.mktemp("export") / "withdrawn-early.db"
    build_2022(path, withdraw=(4, "Tari"), with_pgn=False)
    return path


@pytest.fixture(scope="session")
def path_withdrawn_late(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tari withdraws after round 5: 5 of 9 games completed, at least 50 % (§9 b)."""
    path = tmp_path_factory.mktemp("export") / "withdrawn-late.db"
    build_2022(path, withdraw=(5, "Tari"), with_pgn=False)
    return path


@pytest.fixture(scope="session")
def path_playoff(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Carlsen and Mamedyarov share first; the 2-game match is drawn 1-1 and the Armageddon
    is drawn too, so Black wins the play-off on draw odds."""
    path = tmp_path_factory.mktemp("export") / "playoff.db"
    build_2022(path, armageddon=SHARED_FIRST, with_pgn=False)
    store = EventStore.open(path, actor="test", clock=CLOCK)
    try:
        store.playoff.start(7)
        store.playoff.enter_result("M1", "1-0")
        store.playoff.enter_result("M2", "1-0")
        store.playoff.enter_result("A", "1/2-1/2")
    finally:
        store.close()
    return path


@pytest.fixture(scope="session")
def path_tied_16(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The complete event with Carlsen and Mamedyarov on 16, the play-off not started: tests
    that play it work on a copy."""
    path = tmp_path_factory.mktemp("export") / "tied-16.db"
    build_2022(path, armageddon=TIED_16, with_pgn=False)
    return path


@pytest.fixture(scope="session")
def pgn_2022(path_2022: Path) -> str:
    """The PGN export of the complete event, made once (python-chess replays every move)."""
    from normtui.export import export_event

    store = EventStore.open(path_2022, actor="test", clock=CLOCK)
    try:
        return export_event(store, "pgn")
    finally:
        store.close()


@pytest.fixture
def store_playoff(path_playoff: Path) -> Iterator[EventStore]:
    yield from _open(path_playoff)
