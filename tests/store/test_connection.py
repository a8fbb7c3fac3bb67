"""Files that are not ours, or not ours to touch, are refused before anything is written."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from normtui.store import (
    EventStore,
    NewerSchemaError,
    NotANormtuiDatabase,
    PlayerInput,
    StoreError,
)
from normtui.store.schema import APPLICATION_ID, MIGRATION_SET
from tests.children import read_line
from tests.store.conftest import unchain


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_text_file_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_text("name,rating\nSo,2776\n")
    with pytest.raises(NotANormtuiDatabase, match="not an SQLite file"):
        EventStore.open(path)
    assert path.read_text() == "name,rating\nSo,2776\n"


def test_other_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x)")
    before = digest(path)
    with pytest.raises(NotANormtuiDatabase, match="another program"):
        EventStore.open(path)
    assert digest(path) == before


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(NotANormtuiDatabase, match="no such database"):
        EventStore.open(tmp_path / "nope.db")
    assert not (tmp_path / "nope.db").exists()
    with pytest.raises(NotANormtuiDatabase, match="directory"):
        EventStore.open(tmp_path)


def test_newer_schema_is_refused_untouched(event_path: Path) -> None:
    with sqlite3.connect(event_path) as conn:
        conn.execute(
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
            "VALUES (?, 'm999_from_the_future', '2030-01-01')",
            [MIGRATION_SET],
        )
    before = digest(event_path)
    with pytest.raises(NewerSchemaError, match="newer normtui"):
        EventStore.open(event_path)
    assert digest(event_path) == before


def test_schema_is_strict_with_checks(store: EventStore) -> None:
    conn = store._core.conn
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] > 0
    for sql in (
        "SELECT sql FROM sqlite_master WHERE name = 'games'",
        "SELECT sql FROM sqlite_master WHERE name = 'players'",
    ):
        assert conn.execute(sql).fetchone()[0].rstrip().endswith("STRICT")
    bad = [
        "UPDATE games SET result = '2-0' WHERE id = 1",
        "UPDATE games SET armageddon = '1-0', result = '1-0', state = 'finished' WHERE id = 1",
        "UPDATE games SET signed_arbiter = 1 WHERE id = 1",
        "UPDATE games SET white = 99 WHERE id = 1",
        "UPDATE players SET rating = 'high' WHERE id = 1",
        "UPDATE audit SET summary = 'rewritten' WHERE id = 1",
        "DELETE FROM audit",
    ]
    for sql in bad:
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute(sql)
        conn.rollback()


def test_create_leaves_nothing_behind_on_failure(tmp_path: Path, profile_text: str) -> None:
    path = tmp_path / "e.db"
    with pytest.raises(Exception, match="players listed"):
        EventStore.create(
            path, [PlayerInput("A"), PlayerInput("B"), PlayerInput("C")], profile_text
        )
    assert list(tmp_path.iterdir()) == []


def test_create_never_overwrites(
    event_path: Path, players: list[PlayerInput], profile_text: str
) -> None:
    before = digest(event_path)
    with pytest.raises(StoreError, match="already exists"):
        EventStore.create(event_path, players, profile_text)
    assert digest(event_path) == before


def test_odd_field_has_a_bye(tmp_path: Path, profile_text: str) -> None:
    """An odd number of players: the Berger table's dummy gives a bye, which is no game."""
    text = profile_text.replace("players = 10 ", "players = 9 ").replace(
        "amounts = [750000, 400000, 250000, 200000, 180000, 170000, 160000, 140000, 130000, "
        "120000]",
        "amounts = [870000, 400000, 250000, 200000, 180000, 170000, 160000, 140000, 130000]",
    )
    store = EventStore.create(tmp_path / "odd.db", [PlayerInput(f"P{i}") for i in range(9)], text)
    try:
        assert all(len(store.games(r)) == 4 for r in range(1, 10))
        assert len(store.games()) == 36
    finally:
        store.close()


def test_applied_migrations_read_as_sqlite_utils_reads_them(store: EventStore) -> None:
    from sqlite_utils.migrations import Migrations

    from normtui.store.connection import applied_migrations, utils_view
    from normtui.store.schema import KNOWN_MIGRATIONS, MIGRATIONS_TABLE, migrations

    assert Migrations.migrations_table == MIGRATIONS_TABLE
    assert applied_migrations(store._core.conn) == [
        m.name for m in migrations().applied(utils_view(store._core.conn))
    ]
    assert applied_migrations(store._core.conn) == list(KNOWN_MIGRATIONS)


def test_a_file_of_an_older_schema_is_upgraded_on_opening(event_path: Path) -> None:
    """A file of the first release (m001 only) gains the play-off records (m002), the report
    details (m003), the Armageddon forfeits (m004), the live feed's columns (m005) and the
    index of the games' progress (m006), keeps its data, and its old audit entries can still
    be undone."""

    from normtui.store.schema import KNOWN_MIGRATIONS

    with EventStore.open(event_path) as store:
        store.desk.withdraw("Radjabov")  # rewrites a players row and his games
    with sqlite3.connect(event_path) as conn:
        conn.execute("ALTER TABLE playoff_results DROP COLUMN pgn")
        for column in ("city", "federation", "site", "chief_arbiter", "deputy_arbiters"):
            conn.execute(f"ALTER TABLE event DROP COLUMN {column}")
        for column in ("title", "sex"):
            conn.execute(f"ALTER TABLE players DROP COLUMN {column}")
        for table, column in (
            ("event", "feed_source"),
            ("event", "feed_round"),
            ("games", "result_from"),
            ("games", "armageddon_from"),
        ):
            conn.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        unchain(conn)
        conn.execute("DELETE FROM _sqlite_migrations WHERE name <> 'm001_event'")
        # The withdrawal's audit entry as the first release wrote it: whole rows, without
        # those columns.
        (trigger,) = conn.execute(
            "SELECT sql FROM sqlite_master WHERE name = 'audit_no_update'"
        ).fetchone()
        conn.execute("DROP TRIGGER audit_no_update")
        entry_id, before, after = conn.execute(
            "SELECT id, before, after FROM audit ORDER BY id DESC LIMIT 1"
        ).fetchone()
        changed = json.loads(before), json.loads(after)
        whole: tuple[dict[str, dict[str, dict[str, object]]], ...] = ({}, {})
        for table, rows in changed[1].items():
            for key, columns in rows.items():
                cursor = conn.execute(f"SELECT * FROM {table} WHERE id = ?", [int(key)])
                # (the columns of later releases are gone from the table already)
                row = dict(zip([d[0] for d in cursor.description], cursor.fetchone(), strict=True))
                whole[0].setdefault(table, {})[key] = {**row, **changed[0][table][key]}
                whole[1].setdefault(table, {})[key] = {**row, **columns}
        conn.execute(
            "UPDATE audit SET before = ?, after = ? WHERE id = ?",
            [json.dumps(whole[0]), json.dumps(whole[1]), entry_id],
        )
        conn.execute(trigger)
    conn.close()  # an upgrade needs the file alone
    with EventStore.open(event_path) as store:
        columns = [r[1] for r in store._core.conn.execute("PRAGMA table_info(playoff_results)")]
        assert "pgn" in columns
        assert store._core.conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'games_progress'"
        ).fetchone()
        assert store.event.details.city is None
        assert [p.title for p in store.players()] == [None] * 10
        assert len(store.games()) == 45
        # The log still accounts for every row: a column its images lack had its default.
        assert store.audit.check() == []
        store.audit.undo()  # written before m003: its players row does not name the new columns
        assert store.resolve_player("Radjabov").status.value == "active"
        assert store.games(1)[0].result is None
    with sqlite3.connect(event_path) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations")]
    assert names == list(KNOWN_MIGRATIONS)


def test_an_up_to_date_file_is_read_and_written_without_sqlite_utils(event_path: Path) -> None:
    """sqlite-utils makes and migrates files; a file that needs no migration is read and
    written through sqlite3 alone (the console shows it before sqlite-utils could load)."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from normtui.store import EventStore\n"
        f"store = EventStore.open({str(event_path)!r})\n"
        "store.standings(); store.games(1); store.audit.log(); store.data_version()\n"
        "print('sqlite_utils' in sys.modules)\n"
        "store.games.enter_result(1, 'So', 'Radjabov', '1-0')\n"
        "print('sqlite_utils' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["False", "False"]


def test_opening_reads_the_file_only_through_sqlite(event_path: Path, monkeypatch) -> None:
    """A plain open() and close() of the event file drops every POSIX lock the
    process holds on it ("How To Corrupt", 2.2), so opening a second store (the palette's
    export does) must never open the file itself."""
    import builtins
    import io
    import os

    opened: list[str] = []
    real_open, real_io_open, real_os_open = builtins.open, io.open, os.open

    def spy(real):  # type: ignore[no-untyped-def]
        def wrapped(file, *args, **kwargs):  # type: ignore[no-untyped-def]
            if isinstance(file, str | os.PathLike) and Path(file).name.startswith(event_path.name):
                opened.append(str(file))
            return real(file, *args, **kwargs)

        return wrapped

    monkeypatch.setattr(builtins, "open", spy(real_open))
    monkeypatch.setattr(io, "open", spy(real_io_open))
    monkeypatch.setattr(os, "open", spy(real_os_open))
    with EventStore.open(event_path) as first:
        EventStore.open(event_path).close()
        first.games.enter_result(1, "So", "Radjabov", "1-0")
    assert opened == []


def test_a_second_store_closing_keeps_the_first_ones_wal(event_path: Path) -> None:
    """Without the console: one store stays open, a second opens and
    closes, a CLI process reads and ends. The WAL must survive (the CLI used to delete it as
    "the last connection"), and both processes see each other's writes afterwards."""
    import subprocess
    import sys

    wal = Path(f"{event_path}-wal")
    with EventStore.open(event_path) as console:
        console.games.enter_result(1, "So", "Radjabov", "1-0")
        assert wal.exists()
        EventStore.open(event_path).close()
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "normtui",
                "result",
                str(event_path),
                "1",
                "Carlsen",
                "Wang",
                "0-1",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert wal.exists()
        assert console.games(1)[1].result is not None  # the CLI's result, seen here
        console.games.enter_result(1, "Giri", "Topalov", "1/2-1/2")
    with EventStore.open(event_path) as after:
        results = {g.board: g.result for g in after.games(1)}
    assert results[1] is not None and results[2] is not None and results[3] is not None


def _open_at_once(path: str, barrier: object, errors: object) -> None:
    from normtui.store.connection import open_database

    barrier.wait()  # type: ignore[attr-defined]
    try:
        open_database(path).close()
    except StoreError as exc:
        errors.put(str(exc))  # type: ignore[attr-defined]


def test_an_older_file_opened_by_several_processes_at_once_is_upgraded_once(
    event_path: Path, tmp_path: Path
) -> None:
    """After an upgrade the console, a command and a deputy's console may open the event at
    the same moment: each saw the same migrations pending, each applied them, and all but one
    failed ("SQLite says: UNIQUE constraint failed: _sqlite_migrations...", or "duplicate
    column name" for m003). The migrations run under the write lock, after a second look at
    what is applied."""
    import multiprocessing
    import shutil

    from normtui.store.connection import applied_migrations, connect
    from normtui.store.schema import KNOWN_MIGRATIONS

    with sqlite3.connect(event_path) as conn:  # the file as the release before m004 left it
        # (and so before m005, the feed's columns, and m006-m013, which come after it)
        conn.execute(
            "DELETE FROM _sqlite_migrations "
            "WHERE name IN ('m004_armageddon_forfeit', 'm005_feed', "
            "'m006_games_progress', 'm007_live_boards', 'm008_fide', "
            "'m009_playoff_drawings', 'm011_armageddon_started', "
            "'m012_late_arrival', 'm013_outward')"
        )
        conn.execute("DROP TABLE live_boards")
        unchain(conn)
    conn.close()
    ctx = multiprocessing.get_context("fork")
    for attempt in range(3):
        path = tmp_path / f"old{attempt}.db"
        shutil.copyfile(event_path, path)
        barrier, errors = ctx.Barrier(4), ctx.Queue()
        procs = [
            ctx.Process(target=_open_at_once, args=(str(path), barrier, errors)) for _ in range(4)
        ]
        for p in procs:
            p.start()
        for p in procs:
            p.join(30)
        found = []
        while not errors.empty():
            found.append(errors.get())
        assert found == []
        assert [p.exitcode for p in procs] == [0] * 4
        conn = connect(path)
        assert applied_migrations(conn) == list(KNOWN_MIGRATIONS)
        conn.close()


def test_an_older_file_open_in_another_process_is_not_upgraded_under_it(
    event_path: Path, monkeypatch
) -> None:
    """An older normtui's console left open through an upgrade would read what the new schema
    allows (an Armageddon forfeit) as nothing and let its arbiter write over it: the upgrade
    waits for the file to be free, refuses in one line while it is not, and goes through once
    the other process has closed it."""
    import subprocess
    import sys

    import normtui.store.connection as connection
    from normtui.store.connection import applied_migrations, connect
    from normtui.store.schema import KNOWN_MIGRATIONS

    with sqlite3.connect(event_path) as conn:
        unchain(conn)  # a migration, m010, not applied yet
    conn.close()
    assert "m010_audit_chain" in KNOWN_MIGRATIONS
    before = digest(event_path)
    holder = subprocess.Popen(  # the older console: the file open, a read done, then idle
        [
            sys.executable,
            "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
            "c.execute('SELECT count(*) FROM games').fetchone(); print('open', flush=True); "
            "sys.stdin.readline()",
            str(event_path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert read_line(holder.stdout, "the older console's file open") == "open\n"
        monkeypatch.setattr(connection, "BUSY_TIMEOUT_MS", 600)
        with pytest.raises(StoreError, match="must be upgraded, but it is open elsewhere"):
            EventStore.open(event_path)
        assert digest(event_path) == before
    finally:
        holder.communicate("\n", timeout=30)
    # Every migration applied (m010 after those that came later: their order of application).
    with EventStore.open(event_path) as store:
        assert sorted(applied_migrations(store._core.conn)) == list(KNOWN_MIGRATIONS)
    conn = connect(event_path)
    assert sorted(applied_migrations(conn)) == list(KNOWN_MIGRATIONS)
    conn.close()
