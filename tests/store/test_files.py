"""A file that is always an event or nothing: `normtui new` killed at any point,
`normtui backup` while another process writes, `normtui restore` (refused while the event is
open anywhere; no old -wal brings anything back; the replaced event kept)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.cli import cli
from normtui.rules.model import RuleError
from normtui.store import DamagedDatabase, EventStore, PlayerInput, StoreError
from normtui.store.files import restore_event
from tests.children import read_line
from tests.store.conftest import dump

ROOT = Path(__file__).resolve().parents[2]


def invoke(*args: object) -> tuple[int, str, str]:
    done = CliRunner().invoke(cli, [str(a) for a in args])
    return done.exit_code, done.stdout, done.stderr


def whole(path: Path) -> bool:
    """An event that opens, passes `normtui check` and has all its games."""
    with EventStore.open(path) as store:
        return store.audit.check() == [] and len(store.games()) == 45


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
        monkeypatch.setattr(
            sqlite3, "connect", lambda *a, **k: real_connect(*a, factory=Counted, **k)
        )
        for name in self.OS_CALLS:
            real = getattr(os, name)
            monkeypatch.setattr(
                os, name, lambda *a, _real=real, **k: (points.point(), _real(*a, **k))[1]
            )


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
    tmp_path: Path, players: list[PlayerInput], profile_text: str
) -> None:
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
        [
            "count.db",
            "warm.db",
            *(f"event-{k}.db" for k in kills if (tmp_path / f"event-{k}.db").exists()),
        ]
    )
    remade = {k for k in kills if (tmp_path / f"event-{k}.db").exists()}
    assert not [
        p
        for p in tmp_path.iterdir()
        if p.name.startswith(".") and int(p.name.split("-")[1].split(".")[0]) in remade
    ], "a build was left"


def test_what_a_new_does_after_the_creation_is_done_before_the_file_is_there(
    tmp_path: Path, players: list[PlayerInput], profile_text: str
) -> None:
    """`new --from-trf` enters the file's results before the event is at its name: one that is
    refused leaves no file (not an event with half the results)."""
    target = tmp_path / "event.db"

    def results(store: EventStore) -> None:
        store.games.enter_result(1, 1, 10, "1-0")
        assert not target.exists()
        store.games.enter_result(1, 1, 10, "0-1")  # already 1-0: refused

    with pytest.raises(RuleError, match="already has 1-0"):
        EventStore.create(target, players, profile_text, then=results)
    assert list(tmp_path.iterdir()) == []


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
    for args in (
        ["check", event_path],
        ["export", event_path, "--format", "csv"],
        ["pairings", event_path],
    ):
        code, out, err = invoke(*args)
        assert code in (1, 2) and "unfinished event file" in out + err, args
        assert "Traceback" not in out + err


def test_new_refuses_a_wal_left_without_its_file(
    tmp_path: Path, players: list[PlayerInput], profile_text: str
) -> None:
    """SQLite would apply an old file's -wal to the new event of the same name."""
    target = tmp_path / "event.db"
    Path(f"{target}-wal").write_bytes(b"left over")
    with pytest.raises(StoreError, match=r"event\.db-wal is there without event\.db"):
        EventStore.create(target, players, profile_text)
    assert not target.exists()
    with pytest.raises(StoreError, match="there is no folder"):
        EventStore.create(tmp_path / "nowhere" / "event.db", players, profile_text)


# -- backup --------------------------------------------------------------------------------------

WRITER = textwrap.dedent("""
    import sys
    from normtui.store import EventStore
    store = EventStore.open(sys.argv[1], actor="deputy")
    games = store.games()
    i = 0
    while True:
        g = games[i % len(games)]
        store.games.enter_result(g.round, g.white, g.black, ("1-0", "0-1")[i // len(games) % 2],
                           correction=True)
        if i == 0:
            print("writing", flush=True)
        i += 1
""")


def test_backup_while_another_process_writes_is_one_sound_moment(
    event_path: Path, tmp_path: Path
) -> None:
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(event_path)], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    try:
        assert read_line(writer.stdout, "the writer writing") == "writing\n"
        copies = [tmp_path / f"backup-{i}.db" for i in range(4)]
        for copy in copies:
            code, out, err = invoke("backup", event_path, copy)
            assert code == 0, err
            assert out.startswith(f"backed up {event_path} to {copy}: the event as it was after #")
    finally:
        writer.kill()
        writer.wait()
    newest = []
    for copy in copies:
        assert not Path(f"{copy}-wal").exists()
        assert whole(copy)  # every row is what its log makes of it: one moment
        with EventStore.open(copy) as store:
            newest.append(store.audit.log(1)[0].id)
    assert newest == sorted(newest) and newest[-1] > 2


def test_backup_refusals_change_nothing(event_path: Path, tmp_path: Path) -> None:
    before = dump(event_path)
    taken = tmp_path / "taken.db"
    taken.write_text("mine")
    for target, words in (
        (taken, "already exists"),
        (Path(f"{event_path}-wal"), "event file"),
        (event_path, "event file"),
    ):
        code, out, err = invoke("backup", event_path, target)
        assert code == 2 and words in err and out == ""
    assert taken.read_text() == "mine"
    assert dump(event_path) == before


# -- restore -------------------------------------------------------------------------------------


@pytest.fixture
def backed_up(event_path: Path, tmp_path: Path) -> tuple[Path, Path]:
    """(event, its backup after one result) and a later result in the event only."""
    with EventStore.open(event_path, actor="chief") as store:
        store.games.enter_result(1, "So", "Radjabov", "1-0")
    backup = tmp_path / "after-round-1.db"
    assert invoke("backup", event_path, backup)[0] == 0
    with EventStore.open(event_path, actor="chief") as store:
        store.games.enter_result(1, "Carlsen", "Wang", "0-1")
    return event_path, backup


def test_restore_over_the_event_keeps_the_replaced_one(backed_up: tuple[Path, Path]) -> None:
    event, backup = backed_up
    code, out, err = invoke("restore", backup, event, "--as", "chief")
    assert code == 0, err
    kept = next(event.parent.glob("event.db.replaced-*"))
    first, note = out.splitlines()
    assert first.startswith("#3 restored from after-round-1.db: the event as it was after #2 (")
    assert "; the file it replaced (newest change #3 (" in first
    assert first.endswith(f")) is kept as {kept.name}")
    assert note == (
        f"change #3 is not in the restored event (the replaced file's numbers); {kept} has them"
    )
    with EventStore.open(event) as store:
        assert store.games.find(1, "So", "Radjabov").result is not None
        assert store.games.find(1, "Carlsen", "Wang").result is None
        entry = store.audit.log(1)[0]
        assert (entry.action, entry.actor) == ("restore", "chief")
        assert store.audit.check() == []
        # Undo reaches past the restore, to the backup's own change.
        assert store.audit.undo(anyone=True).undoes == 2
    assert not Path(f"{event}-wal").exists()
    with EventStore.open(kept) as store:  # the replaced event, whole, with its newer change
        assert store.games.find(1, "Carlsen", "Wang").result is not None
        assert store.audit.check() == []


def test_two_restores_in_one_second_keep_both_replaced_files(backed_up: tuple[Path, Path]) -> None:
    """Review of The kept file is named by the second; a second restore in the
    same second was refused with "…replaced-TIME already exists; choose another file name",
    a name the arbiter never chose."""
    event, backup = backed_up
    at = datetime(2022, 6, 9, 20, 15, 7, tzinfo=UTC)
    first = restore_event(backup, event, actor="chief", now=at)
    second = restore_event(backup, event, actor="chief", now=at)
    assert first.kept_as is not None and second.kept_as is not None
    assert first.kept_as != second.kept_as
    assert first.kept_as.exists() and second.kept_as.exists()
    assert second.kept_as.name in second.entry.summary


def test_restore_onto_a_missing_event(backed_up: tuple[Path, Path], tmp_path: Path) -> None:
    _event, backup = backed_up
    laptop = tmp_path / "new-laptop"
    laptop.mkdir()
    code, out, _ = invoke("restore", backup, laptop / "event.db", "--json")
    assert code == 0
    assert whole(laptop / "event.db")
    assert sorted(p.name for p in laptop.iterdir()) == ["event.db"]
    with EventStore.open(laptop / "event.db") as store:
        assert store.audit.log(1)[0].summary.startswith(
            "restored from after-round-1.db: the event as it was after #2 ("
        )
        mode = store._core.conn.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
    assert '"action": "restore"' in out


def test_restore_is_refused_while_another_process_has_the_event_open(
    backed_up: tuple[Path, Path],
) -> None:
    event, backup = backed_up
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from normtui.store import EventStore; "
            "s = EventStore.open(sys.argv[1]); s.standings(); print('open', flush=True); "
            "sys.stdin.read()",
            str(event),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert read_line(holder.stdout, "the event open elsewhere") == "open\n"
        before = dump(event)
        code, out, err = invoke("restore", backup, event)
        assert (code, out) == (2, "")
        assert err.strip() == (
            f"normtui: {event} is open elsewhere (a console, a command, "
            "another arbiter's console): close it there, then restore again"
        )
        assert dump(event) == before
        assert not list(event.parent.glob("event.db.replaced-*"))
    finally:
        holder.communicate("", timeout=60)
    assert invoke("restore", backup, event)[0] == 0


def test_no_stale_wal_brings_changes_back(backed_up: tuple[Path, Path]) -> None:
    """The event's WAL holds changes not yet in the file (its writer was killed): the restore
    writes through SQLite, so those changes are neither lost from the kept copy nor back in
    the restored event."""
    event, backup = backed_up
    script = (
        "import os, signal, sys; from normtui.store import EventStore; "
        "s = EventStore.open(sys.argv[1]); s._core.conn.execute('PRAGMA wal_autocheckpoint=0');"
        " s.games.enter_result(1, 'Giri', 'Topalov', '1-0'); os.kill(os.getpid(), signal.SIGKILL)"
    )
    subprocess.run([sys.executable, "-c", script, str(event)], cwd=ROOT, check=False)
    assert Path(f"{event}-wal").stat().st_size > 0
    assert invoke("restore", backup, event)[0] == 0
    with EventStore.open(event) as store:
        assert [g.result is not None for g in store.games(1)][:3] == [True, False, False]
        assert store.audit.check() == []
    kept = next(event.parent.glob("event.db.replaced-*"))
    with EventStore.open(kept) as store:
        assert store.games.find(1, "Giri", "Topalov").result is not None


def test_restore_refuses_an_unsound_backup_or_another_events(
    backed_up: tuple[Path, Path], tmp_path: Path, players: list[PlayerInput], profile_text: str
) -> None:
    event, backup = backed_up
    before = dump(event)
    with sqlite3.connect(backup) as conn:
        conn.execute("UPDATE games SET result = '0-1' WHERE id = 1")
    conn.close()
    code, _, err = invoke("restore", backup, event)
    assert code == 2 and err.startswith(f"normtui: {backup} is not a sound backup: games row 1:")
    other = tmp_path / "other.db"
    EventStore.create(other, players, profile_text, lots_seed=5, actor="x").close()
    code, _, err = invoke("restore", other, event)
    assert code == 2 and "is a backup of another event" in err
    code, _, err = invoke("restore", event, event)
    assert code == 2 and "event file" in err
    assert dump(event) == before
    assert not list(event.parent.glob("event.db.replaced-*"))
    notes = tmp_path / "notes.db"
    notes.write_text("not an event\n" * 100)
    code, _, err = invoke("restore", other, notes)
    assert code == 2 and "is not an event SQLite can open" in err
    assert notes.read_text() == "not an event\n" * 100


def test_a_damaged_event_is_restored_and_kept_as_evidence(backed_up: tuple[Path, Path]) -> None:
    event, backup = backed_up
    data = bytearray(event.read_bytes())
    for offset in range(4096 * 3, 4096 * 3 + 64):  # a b-tree page's header: malformed
        data[offset] ^= 0xFF
    event.write_bytes(bytes(data))
    assert invoke("check", event)[0] == 1
    code, out, err = invoke("restore", backup, event)
    assert code == 0, err
    assert "the file it replaced (its log unreadable) is kept as event.db.replaced-" in out
    assert whole(event)


def test_while_a_restore_holds_the_event_others_are_told_it_is_busy(
    event_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Locked is not damaged: a command that waits out its busy timeout says so."""
    from normtui.store import BusyError, connection
    from normtui.store.files import _exclusive

    monkeypatch.setattr(connection, "BUSY_TIMEOUT_MS", 100)
    with _exclusive(event_path), pytest.raises(BusyError, match="is busy: another normtui"):
        EventStore.open(event_path)
    with EventStore.open(event_path) as store:
        assert store.audit.check() == []


def test_restore_leaves_a_newer_normtuis_event_alone(backed_up: tuple[Path, Path]) -> None:
    event, backup = backed_up
    from normtui.store.schema import MIGRATION_SET

    with sqlite3.connect(event) as conn:
        conn.execute(
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
            "VALUES (?, 'm999_from_the_future', '2030-01-01')",
            [MIGRATION_SET],
        )
    conn.close()
    code, _, err = invoke("restore", backup, event)
    assert code == 2 and "written by a newer normtui (schema m999_from_the_future)" in err
    assert not list(event.parent.glob("event.db.replaced-*"))


def _dead_pid() -> int:
    """The number of a process that has ended (and was waited for)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.parametrize("next_command", ["restore", "backup"])
def test_what_a_killed_restore_left_is_removed(
    backed_up: tuple[Path, Path], next_command: str
) -> None:
    """A restore killed while it kept the replaced event leaves a hidden build of the kept
    copy (``.EVENT.db.replaced-TIME.PID-….new``), whose name no later build has: the next
    restore or backup of the event removes it, once its process is gone; a live process's
    build stays."""
    event, backup = backed_up
    folder = event.parent
    dead = folder / f".{event.name}.replaced-2022-06-09T201507.{_dead_pid()}-0a1b2c3d.new"
    dead.write_bytes(b"\0" * 4096)
    Path(f"{dead}-journal").write_bytes(b"\0")
    also_dead = folder / f".{event.name}.replaced-2022-06-09T201507-2.{_dead_pid()}-00ff.new"
    also_dead.write_bytes(b"")
    alive = folder / f".{event.name}.replaced-2022-06-09T201507.{os.getppid()}-0a1b2c3d.new"
    alive.write_bytes(b"")
    other = folder / f".other.db.replaced-2022-06-09T201507.{_dead_pid()}-0a1b2c3d.new"
    other.write_bytes(b"")
    if next_command == "restore":
        restore_event(backup, event, actor="chief")
    else:
        assert invoke("backup", event, folder / "after-round-2.db")[0] == 0
    left = sorted(p.name for p in folder.iterdir() if p.name.startswith("."))
    assert left == sorted([alive.name, other.name])
