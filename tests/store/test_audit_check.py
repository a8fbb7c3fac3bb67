"""`normtui check` against the audit log: every row must be what its audited changes
made of it. A hand edit through sqlite3, a change behind the log's back, an undo that is not the
reverse of what it names, and flipped bits in the stored data are all reported, exit 1, and
never as a traceback."""

from __future__ import annotations

import json
import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.cli import cli
from normtui.store import EventStore
from normtui.store.check import SHOWN_ROWS
from normtui.store.schema import TABLES
from tests.store.test_corrections import RECORD


def check(path: Path) -> tuple[int, list[str]]:
    """`normtui check --json`: its exit code and its problems (what FIDE's rating report still
    lacks is another list, and no damage); a refusal's line when it refused the file."""
    done = CliRunner().invoke(cli, ["check", str(path), "--json"])
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        raise done.exception
    if done.exit_code == 2:
        return 2, done.stderr.splitlines()
    return done.exit_code, json.loads(done.stdout)["problems"]


def hand_edit(path: Path, *sql: str) -> None:
    with sqlite3.connect(path) as conn:
        for statement in sql:
            conn.execute(statement)
    conn.close()


def test_a_sound_event_passes(demo_path: Path) -> None:
    assert check(demo_path)[1] == []  # (exit 1 for what the demo's rating report lacks)


def test_a_hand_edit_through_sqlite3_is_reported_by_row(demo_path: Path) -> None:
    hand_edit(
        demo_path,
        "UPDATE games SET result = '0-1' WHERE id = 20",
        "UPDATE players SET rating = 2900 WHERE id = 3",
    )
    code, lines = check(demo_path)
    assert code == 1
    assert lines == [
        "players row 3: rating 2900, the log says 2761 (changed outside normtui, or damaged)",
        "games row 20: result '0-1', the log says '1-0' (changed outside normtui, or damaged)",
        # Its record says otherwise too.
        "round 4 board 5 (Carlsen-Giri) main game: the record says 1-0 but 0-1 is entered; "
        "correct the result or replace the record (Regulations §8)",
    ]


def test_a_row_added_or_removed_behind_the_logs_back(event_path: Path) -> None:
    hand_edit(
        event_path,
        "INSERT INTO incidents (at, round, player, kind, description, decision) "
        "VALUES ('2022-06-01', 1, 1, 'other', 'x', 'y')",
        "DELETE FROM rounds WHERE id = 9 AND NOT EXISTS (SELECT 1 FROM games WHERE round = 9)",
    )
    hand_edit(event_path, "PRAGMA foreign_keys = OFF", "DELETE FROM games WHERE id = 45")
    code, lines = check(event_path)
    assert code == 1
    assert "games row 45: missing from the file, but the audit log has it" in lines
    assert (
        "incidents row 1: in the file, but no audited change made it (added outside "
        "normtui, or damaged)"
    ) in lines


def test_a_hand_edit_that_a_later_change_read_is_reported_where_it_was_read(
    event_path: Path,
) -> None:
    """The row is right again at the end (the change rewrote it), but the change read the hand
    edit: the log's chain is broken there."""
    hand_edit(event_path, "UPDATE games SET state = 'in_progress' WHERE id = 1")
    with EventStore.open(event_path, actor="arbiter") as store:
        entry = store.games.enter_result(1, 1, 10, "1-0")
        assert entry is not None
    code, lines = check(event_path)
    assert code == 1
    assert lines == [
        f"audit #{entry.id} (result): games row 1 was not as the log had left it when this "
        "change read it (state 'in_progress', the log says 'scheduled'): changed outside "
        "normtui before this change"
    ]


def test_an_undo_that_does_not_reverse_what_it_names(event_path: Path) -> None:
    with EventStore.open(event_path, actor="arbiter") as store:
        first = store.games.enter_result(1, 1, 10, "1-0")
        store.games.enter_result(1, 2, 9, "1-0")
        undo = store.audit.undo()
        assert first is not None
    # The log names the wrong change as undone (a flipped bit in its `undoes`).
    hand_edit(
        event_path,
        "DROP TRIGGER audit_no_update",
        f"UPDATE audit SET undoes = {first.id} WHERE id = {undo.id}",
    )
    code, lines = check(event_path)
    assert code == 1
    assert lines == [
        f"audit #{undo.id} (undo): what it holds does not match its hash: changed outside "
        "normtui (an edit, or an entry moved or put in), or damaged",
        f"audit #{undo.id} (undo): it does not reverse #{first.id} (games row 1)",
    ]


def test_a_damaged_image_in_the_log_is_reported_not_a_traceback(event_path: Path) -> None:
    with EventStore.open(event_path) as store:
        store.games.enter_result(1, 1, 10, "1-0")
    hand_edit(
        event_path,
        "DROP TRIGGER audit_no_update",
        'UPDATE audit SET after = \'{"games": {"1": 7}}\' WHERE id = 2',
    )
    code, lines = check(event_path)
    assert code == 1
    assert lines[0].startswith("audit #2 (result): what it holds does not match its hash")
    assert lines[1].startswith("audit #2 (result): its record of the change is damaged")


def test_many_differing_rows_are_summed_up(event_path: Path) -> None:
    hand_edit(event_path, "UPDATE games SET state = 'in_progress'")
    with EventStore.open(event_path) as store:
        problems = store.audit.check()
    assert len(problems) == SHOWN_ROWS + 1
    assert problems[-1] == (
        f"... and {45 - SHOWN_ROWS} more rows that the audit log does not account for"
    )


# -- flipped bits ------------------------------------------------------------------------------

FLIPS = 160


def _damage_view(path: Path) -> object:
    """What a flip must not change unnoticed: every audited table, every column of every
    entry of the log (its hash chain covers the texts no row depends on: a summary, a time, a
    name), the migrations applied (raising counts as changed). Not when a migration was
    applied."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            view = [
                conn.execute(f"SELECT * FROM {t} ORDER BY id").fetchall()
                for t in (*TABLES, "audit")
            ]
            view.append(
                conn.execute(
                    "SELECT migration_set, name FROM _sqlite_migrations ORDER BY id"
                ).fetchall()
            )
        conn.close()
        return view
    except (sqlite3.Error, ValueError) as exc:  # a text that is not UTF-8 any more
        return f"unreadable: {exc}"


@pytest.fixture(scope="module")
def small_event(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A few changes of every kind, checkpointed into one file (no WAL)."""
    from normtui.assets import read_profile_text
    from normtui.demo.data2022 import NUMBERS
    from normtui.store import PlayerInput
    from tests.store.conftest import CLOCK_START

    path = tmp_path_factory.mktemp("flips") / "event.db"
    with EventStore.create(
        path,
        [PlayerInput(n, 2700 + i) for i, n in enumerate(NUMBERS)],
        read_profile_text(),
        actor="arbiter",
        clock=lambda: CLOCK_START,
    ) as store:
        store.games.enter_result(1, 1, 10, "1-0")
        store.games.sign(store.games.find(1, 1, 10).id, "white")
        store.games.enter_result(1, 2, 9, "1/2-1/2", armageddon="0-1")
        store.games.attach_pgn(store.games.find(1, 1, 10).id, "main", RECORD)
        store.desk.record_arrival(2, 3, False)
        store.desk.record_late_arrival(2, 3)
        store.desk.record_incident(1, 4, "other", "phone rang", "warned")
        store.games.enter_result(1, 3, 8, "-/+")
        store.audit.undo()
        store.set_report_details({"city": "Stavanger"})
        # What the console publishes (no audit row; its own page of the file, which a flip
        # may hit without changing what the event holds).
        store.outward.started("publish", {"folder": "/srv/site"})
    return path.read_bytes()


def test_flipped_bits_in_stored_data_are_reported(small_event: bytes, tmp_path: Path) -> None:
    """Each flip of one bit that changes what the file holds is found by `normtui check`
    (a problem, exit 1, or the file refused as damaged), never passed as ok; none raises."""
    rng = random.Random(17)
    original = tmp_path / "original.db"
    original.write_bytes(small_event)
    sound = _damage_view(original)
    assert not isinstance(sound, str), sound
    # Past the 100-byte header (its flips are SQLite's business: a wrong page size, a wrong
    # application id): the pages with the rows, their indexes and the log.
    positions = sorted(rng.sample(range(100 * 8, len(small_event) * 8), FLIPS))
    damaging, missed = 0, []
    for bit in positions:
        flipped = bytearray(small_event)
        flipped[bit // 8] ^= 1 << (bit % 8)
        path = tmp_path / f"flip-{bit}.db"
        path.write_bytes(bytes(flipped))
        if _damage_view(path) == sound:
            path.unlink()
            continue
        damaging += 1
        code, lines = check(path)
        if code != 2 and not lines:
            missed.append(bit)
        path.unlink()
    assert damaging >= FLIPS // 4, "the sample should hit the stored data"
    assert missed == []


def test_a_damaged_time_or_actor_in_the_log_is_reported(event_path: Path) -> None:
    """Review of Of 78 flipped bits that changed what the demo holds, 3 passed
    `check`: two of them in an entry's time ("15:55:00k02:00"), which the replay never read.
    The time of a change is evidence (when a result was entered, an Armageddon's window): a
    value that is not a time normtui wrote is reported; so is an arbiter's name that is not
    one printable line."""
    with EventStore.open(event_path) as store:
        store.games.enter_result(1, 1, 10, "1-0")
        store.games.enter_result(1, 2, 9, "0-1")
    hand_edit(
        event_path,
        "DROP TRIGGER audit_no_update",
        "UPDATE audit SET at = replace(at, '+', 'k') WHERE id = 2",
        "UPDATE audit SET actor = 'chi' || char(5) || 'f' WHERE id = 3",
    )
    code, lines = check(event_path)
    assert code == 1
    assert any(line.startswith("audit #2 (result): its time ") for line in lines), lines
    assert any(line.startswith("audit #3 (result): its arbiter's name ") for line in lines), lines


def _in_memory(event: bytes) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    # Bytes 18-19 of the header: 1 (rollback journal) where the file says 2 (WAL), which a
    # database in memory cannot be.
    conn.deserialize(event[:18] + b"\x01\x01" + event[20:])
    return conn


def _log_problems(event: bytes, sql: str, params: tuple[object, ...]) -> list[str]:
    """``check_log`` of ``event`` after ``sql`` changed audit rows (in memory)."""
    from normtui.store.check import check_log

    conn = _in_memory(event)
    try:
        conn.execute("DROP TRIGGER audit_no_update")
        conn.execute(sql, params)
        return check_log(conn)
    finally:
        conn.close()


def test_one_flipped_bit_in_an_entrys_time_actor_or_action_is_reported(small_event: bytes) -> None:
    """Review of the second hostile pass: one bit flipped in an audit row's time (still a
    time, but out of order with its neighbours, or not written as normtui writes it), in its
    arbiter's name (still printable) or in its action was passed by `check`. Flips of the low
    seven bits of those characters, in every entry with a neighbour on each side, are each
    reported against that entry."""
    conn = _in_memory(small_event)
    entries = conn.execute("SELECT id, at, actor, action FROM audit ORDER BY id").fetchall()
    conn.close()
    rng = random.Random(23)
    missed, tried = [], 0
    for entry_id, *values in entries[1:-1]:
        for column, value in zip(("at", "actor", "action"), values, strict=True):
            for index in rng.sample(range(len(value)), min(len(value), 6)):
                bit = rng.randrange(7)
                flipped = value[:index] + chr(ord(value[index]) ^ (1 << bit)) + value[index + 1 :]
                lines = _log_problems(
                    small_event, f"UPDATE audit SET {column} = ? WHERE id = ?", (flipped, entry_id)
                )
                tried += 1
                if not any(line.startswith(f"audit #{entry_id}") for line in lines):
                    missed.append((entry_id, column, flipped))
    assert tried > 100
    assert missed == []


def test_a_clock_set_back_or_two_clocks_are_not_damage(event_path: Path) -> None:
    """The computer's clock set back between two changes, set forward by mistake and back
    again, and a script on another clock (a second computer on a shared folder) interleaving
    its entries with the console's: none of it is damage, and none is reported."""
    now = [datetime(2022, 6, 1, 14, 0, tzinfo=UTC)]
    with (
        EventStore.open(event_path, actor="arbiter", clock=lambda: now[0]) as console,
        EventStore.open(
            event_path, actor="script", clock=lambda: datetime(2026, 12, 1, 21, 0, tzinfo=UTC)
        ) as script,
    ):
        for board, (white, black) in enumerate(((1, 10), (2, 9), (3, 8), (4, 7), (5, 6))):
            # 14:00, 13:00 (set back), 15:30 (forward by mistake), 13:05 (back again), ...
            now[0] = datetime(2022, 6, 1, 14, 0, tzinfo=UTC) + timedelta(
                minutes=(-60, 90, -55, 10, 20)[board]
            )
            console.games.enter_result(1, white, black, "1-0")
            script.set_report_details({"city": f"Stavanger {board}"})
    assert check(event_path)[1] == []
