"""Two writers on one file (two consoles, or a console and the CLI): no update is lost, each
sees the other's commits on its next read, and a conflicting edit is refused."""

from __future__ import annotations

import multiprocessing
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from normtui.rules.model import MainResult, RuleError
from normtui.store import BusyError, ConflictError, EventStore, NotYoursError, connection


@pytest.fixture
def pair(event_path: Path):  # type: ignore[no-untyped-def]
    a, b = EventStore.open(event_path, actor="a"), EventStore.open(event_path, actor="b")
    yield a, b
    a.close()
    b.close()


def test_each_sees_the_others_commit(pair: tuple[EventStore, EventStore]) -> None:
    a, b = pair
    version = b.data_version()
    a.games.enter_result(1, 1, 10, "1-0")
    assert b.data_version() != version
    assert b.games.find(1, 1, 10).result is MainResult.WHITE_WIN
    assert {r.number: r.points for r in b.standings()}[1] == 3
    b.games.enter_result(1, 2, 9, "0-1")
    assert a.games.find(1, 2, 9).result is MainResult.BLACK_WIN
    assert [e.actor for e in a.audit.log(2)] == ["b", "a"]


def test_conflicting_edit_is_refused(pair: tuple[EventStore, EventStore]) -> None:
    a, b = pair
    seen_by_b = b.games.find(1, 1, 10)
    a.games.enter_result(1, 1, 10, "1-0")
    with pytest.raises(ConflictError, match="changed by someone else"):
        b.games.enter_result(1, 1, 10, "0-1", expected_version=seen_by_b.version)
    with pytest.raises(RuleError, match="already has 1-0"):
        b.games.enter_result(1, 1, 10, "0-1")
    with pytest.raises(ConflictError):
        b.games.sign(seen_by_b.id, "white", expected_version=seen_by_b.version)
    assert a.games.find(1, 1, 10).result is MainResult.WHITE_WIN


def test_undo_across_stores(pair: tuple[EventStore, EventStore]) -> None:
    """b may undo a's change only when told it is someone else's."""
    a, b = pair
    a.games.enter_result(1, 1, 10, "1-0")
    with pytest.raises(NotYoursError, match=r"the newest change is #2 by a .*not yours"):
        b.audit.undo()
    assert a.games.find(1, 1, 10).result is MainResult.WHITE_WIN
    b.audit.undo(anyone=True)
    assert a.games.find(1, 1, 10).result is None
    assert a.audit.log(1)[0].summary.startswith("undo #2 (by a): ")


def test_a_cli_process_writes_while_a_store_is_open(event_path: Path) -> None:
    store = EventStore.open(event_path)
    try:
        store.games.find(1, 1, 10)
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "normtui",
                "result",
                str(event_path),
                "1",
                "So",
                "Radjabov",
                "1-0",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert run.returncode == 0, run.stderr
        assert store.games.find(1, 1, 10).result is MainResult.WHITE_WIN
        again = subprocess.run(
            [
                sys.executable,
                "-m",
                "normtui",
                "result",
                str(event_path),
                "1",
                "So",
                "Radjabov",
                "0-1",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert again.returncode == 2 and "already has 1-0" in again.stderr
        assert store.games.find(1, 1, 10).result is MainResult.WHITE_WIN
    finally:
        store.close()


def _writer(path: str, rounds: tuple[int, ...], times: int, actor: str) -> None:
    store = EventStore.open(path, actor=actor)
    for i in range(times):
        for rnd in rounds:
            for g in store.games(rnd):
                store.games.enter_result(
                    rnd, g.white, g.black, "1-0" if i % 2 == 0 else "0-1", correction=True
                )
        store.desk.record_incident(rounds[0], 1 + i % 10, "other", f"{actor} {i}", "noted")
    store.close()


def test_two_processes_writing_at_once_lose_nothing(event_path: Path) -> None:
    ctx = multiprocessing.get_context("fork")
    times = 6
    procs = [
        ctx.Process(target=_writer, args=(str(event_path), rounds, times, actor))
        for rounds, actor in (((1, 2), "p1"), ((3, 4), "p2"))
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    store = EventStore.open(event_path)
    try:
        log = store.audit.log()
        for actor in ("p1", "p2"):
            assert sum(1 for e in log if e.actor == actor) == times * (10 + 1)
        final = "0-1" if (times - 1) % 2 else "1-0"
        for rnd in (1, 2, 3, 4):
            assert {g.result.value for g in store.games(rnd) if g.result} == {final}
        assert len(store.desk.incidents()) == 2 * times
    finally:
        store.close()


def test_a_writer_stuck_past_the_busy_timeout_is_reported(
    event_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_MS", 100)
    store = EventStore.open(event_path)
    holder = sqlite3.connect(event_path, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        with pytest.raises(BusyError, match="busy"):
            store.games.enter_result(1, 1, 10, "1-0")
        holder.execute("ROLLBACK")
        assert store.games.find(1, 1, 10).result is None
        assert store.games.enter_result(1, 1, 10, "1-0") is not None
    finally:
        holder.close()
        store.close()
