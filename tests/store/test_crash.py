"""Crash safety: a writer killed with SIGKILL at random moments loses nothing it reported as
committed, and the file stays sound."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import time
from pathlib import Path

from normtui.store import EventStore
from tests.children import read_line

KILLS = 50


def _write_forever(path: str, fd: int, seed: int) -> None:
    rng = random.Random(seed)
    store = EventStore.open(path, actor="child")
    games = store.games()
    while True:
        game = rng.choice(games)
        result = rng.choice(["1-0", "0-1", "+/-", "-/+"])
        entry = store.games.enter_result(
            game.round, game.white, game.black, result, correction=True
        )
        if entry is not None:
            # Reported only once the commit has returned: these are the promises to keep.
            os.write(fd, f"{entry.id} {game.id} {result}\n".encode())


def test_sigkill_loses_no_committed_result(event_path: Path) -> None:
    ctx = multiprocessing.get_context("fork")
    rng = random.Random(2022)
    promised: dict[int, tuple[int, str]] = {}
    for kill in range(KILLS):
        read_fd, write_fd = os.pipe()
        child = ctx.Process(target=_write_forever, args=(str(event_path), write_fd, kill))
        child.start()
        os.close(write_fd)
        with os.fdopen(read_fd, "rb") as pipe:
            # Once the child is writing (however loaded the machine), kill it at a random
            # moment of its loop: mid-transaction, mid-commit or between two.
            first = read_line(pipe, "the writer's first commit")
            time.sleep(rng.uniform(0, 0.03))
            assert child.pid is not None
            os.kill(child.pid, signal.SIGKILL)
            child.join(10)
            for line in (first + pipe.read()).decode().splitlines():
                audit_id, game_id, result = line.split()
                promised[int(audit_id)] = (int(game_id), result)
        _check(event_path, promised)
    assert len(promised) >= KILLS


def _check(path: Path, promised: dict[int, tuple[int, str]]) -> None:
    store = EventStore.open(path)
    try:
        conn = store._core.conn
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        rows = conn.execute("SELECT id, after FROM audit WHERE action IN ('result', 'correction')")
        audit = {row[0]: json.loads(row[1]) for row in rows}
        for audit_id, (game_id, result) in promised.items():
            assert audit[audit_id]["games"][str(game_id)]["result"] == result
        # Each game is as its newest audit entry left it, committed-but-unreported included.
        latest: dict[str, str] = {}
        for audit_id in sorted(audit):
            for key, row in audit[audit_id]["games"].items():
                latest[key] = row["result"]
        for game in store.games():
            if str(game.id) in latest:
                assert game.result is not None and game.result.value == latest[str(game.id)]
    finally:
        store.close()
