"""A file that is always an event or nothing (issue 17.6): `normtui new` killed at any point,
`normtui backup` while another process writes, `normtui restore` (refused while the event is
open anywhere; no old -wal brings anything back; the replaced event kept)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.cli import cli
from normtui.store import DamagedDatabase, EventStore, PlayerInput, StoreError
from normtui.store.check import check_event
from tests.store.conftest import dump as _dump

ROOT = Path(__file__).resolve().parents[2]


def invoke(*args: object) -> tuple[int, str, str]:
    done = CliRunner().invoke(cli, [str(a) for a in args])
    return done.exit_code, done.stdout, done.stderr


def dump(path: Path) -> object:
    """Every row (the conftest's dump, with its connection closed: an open connection of this
    process would hold the lock a restore must take)."""
    import gc

    rows = _dump(path)
    gc.collect()
    return rows


def whole(path: Path) -> bool:
    """An event that opens, passes `normtui check` and has all its games."""
    with EventStore.open(path) as store:
        return check_event(store) == [] and len(store.games()) == 45


# -- normtui new, killed -----------------------------------------------------------------------

class _Points:
    """The moments a build touches the disk: before every SQL statement, every close of a
    connection (its checkpoint), every os call that makes, moves or removes a file."""

    OS_CALLS = ("open", "link", "unlink", "rename", "replace", "fsync", "remove")

    def __init__(self, kill_at: int) -> None:
        self.passed = 0
        self.kill_at = kill_at

    def point(self, *_args: object) -> None:
        self.passed += 1
        if self.passed == self.kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        points = self

        class Counted(sqlite3.Connection):
            def __init__(self, *args: object, **kwargs: object) -> None:
                super().__init__(*args, **kwargs)  # type: ignore[arg-type]
                self.set_trace_callback(points.point)

            def close(self) -> None:
                points.point()
                super().close()

        real_connect = sqlite3.connect
        monkeypatch.setattr(sqlite3, "connect",
                            lambda *a, **k: real_connect(*a, factory=Counted, **k))
        for name in self.OS_CALLS:
            real = getattr(os, name)
            monkeypatch.setattr(os, name, lambda *a, _real=real, **k: (points.point(),
                                                                       _real(*a, **k))[1])


def _create(path: str, players: list[PlayerInput], profile_text: str, kill_at: int) -> int:
    """Create the event, SIGKILLed at the ``kill_at``-th point (0: never); the number of
    points passed."""
    points = _Points(kill_at)
    with pytest.MonkeyPatch.context() as monkeypatch:
        points.install(monkeypatch)
        EventStore.create(path, players, profile_text).close()
    return points.passed


def _child(path: str, players: list[PlayerInput], profile_text: str, kill_at: int) -> None:
    _create(path, players, profile_text, kill_at)
    os._exit(0)


def test_new_killed_at_any_point_leaves_no_file_or_a_whole_event(
        tmp_path: Path, players: list[PlayerInput], profile_text: str) -> None:
    _create(str(tmp_path / "warm.db"), players, profile_text, 0)  # imports done, caches full
    points = _create(str(tmp_path / "count.db"), players, profile_text, 0)
    assert points > 100
    # Every point of the last stretch (the creation's commit, closing, checkpointing, moving
    # into place, opening), a sample of the rest.
    kills = sorted({*range(1, points - 20, max(1, points // 10)), *range(points - 20, points + 1)})
    ctx = multiprocessing.get_context("fork")
    outcomes = {"none": 0, "whole": 0}
    killed = 0
    for kill_at in kills:
        target = tmp_path / f"event-{kill_at}.db"
        child = ctx.Process(target=_child, args=(str(target), players, profile_text, kill_at))
        child.start()
        child.join(30)
        assert child.exitcode == -signal.SIGKILL, kill_at
        killed += 1
        if target.exists():
            assert whole(target), kill_at
            outcomes["whole"] += 1
        else:
            assert not any(Path(f"{target}{s}").exists() for s in ("-wal", "-shm", "-journal"))
            outcomes["none"] += 1
            if outcomes["none"] % 4 == 1:
                # And `new` makes it now, clearing what the killed build left beside it.
                EventStore.create(target, players, profile_text).close()
                assert whole(target), kill_at
    assert killed == len(kills)
    assert outcomes["none"] > 10 and outcomes["whole"] >= 1, outcomes
    # Nothing but hidden builds beside the targets; the `new` of a name after a killed one
    # removed its build.
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == sorted(
        ["count.db", "warm.db", *(f"event-{k}.db" for k in kills
                                  if (tmp_path / f"event-{k}.db").exists())])
    remade = {k for k in kills if (tmp_path / f"event-{k}.db").exists()}
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")
                and int(p.name.split("-")[1].split(".")[0]) in remade], "a build was left"


def test_a_half_made_file_of_an_old_new_is_refused_in_one_line(event_path: Path) -> None:
    """What a `normtui new` killed before this one built its files beside the target left: a
    schema without an event. Every command says so in one line (exit 2), none crashes."""
    with sqlite3.connect(event_path) as conn:
        conn.execute("PRAGMA foreign_keys = OFF")
        for table in ("games", "rounds", "stages", "players", "event"):
            conn.execute(f"DELETE FROM {table}")
    conn.close()
    with pytest.raises(DamagedDatabase, match="unfinished event file"):
        EventStore.open(event_path)
    for args in (["check", event_path], ["export", event_path, "--format", "csv"],
                 ["pairings", event_path]):
        code, out, err = invoke(*args)
        assert code in (1, 2) and "unfinished event file" in out + err, args
        assert "Traceback" not in out + err


def test_new_refuses_a_wal_left_without_its_file(tmp_path: Path, players: list[PlayerInput],
                                                 profile_text: str) -> None:
    """SQLite would apply an old file's -wal to the new event of the same name."""
    target = tmp_path / "event.db"
    Path(f"{target}-wal").write_bytes(b"left over")
    with pytest.raises(StoreError, match=r"event\.db-wal is there without event\.db"):
        EventStore.create(target, players, profile_text)
    assert not target.exists()
    with pytest.raises(StoreError, match="there is no folder"):
        EventStore.create(tmp_path / "nowhere" / "event.db", players, profile_text)
