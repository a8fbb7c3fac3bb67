"""The audit log proves itself: each entry's hash covers what it holds and the hash of the
entry before it (normtui.store.chain, docs/audit-log.md). `normtui check` names the first
entry where the chain breaks (a flipped bit, an edit outside normtui, an entry removed or
moved), raises no alarm on what normtui writes (two arbiters whose names are one bit apart),
and keeps proving what it proved before (a game row against its audit entry)."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.cli import cli
from normtui.store import EventStore, InputError
from normtui.store.chain import FIELDS, entry_hash
from normtui.store.files import backup_event, restore_event
from normtui.store.schema import TABLES
from tests.store.conftest import ROOT

OLD_EVENT = ROOT / "tests" / "data" / "store" / "event-before-chain.db"
ALTERED = "what it holds does not match its hash: changed outside normtui"


def check(path: Path, *args: str) -> tuple[int, list[str], dict[str, object]]:
    """`normtui check --json`: its exit code, its problems and its whole answer."""
    done = CliRunner().invoke(cli, ["check", str(path), "--json", *args])
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        raise done.exception
    answer = json.loads(done.stdout)
    return done.exit_code, answer["problems"], answer


def hand_edit(path: Path, *sql: str) -> None:
    conn = sqlite3.connect(path)
    # As damage would leave it: a record that is no JSON, a hash that is no hash.
    conn.execute("PRAGMA ignore_check_constraints = ON")
    with conn:
        conn.execute("DROP TRIGGER IF EXISTS audit_no_update")
        conn.execute("DROP TRIGGER IF EXISTS audit_no_delete")
        for statement in sql:
            conn.execute(statement)
    conn.close()


def rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the event's tables, the connection closed again (an open one would keep
    an upgrade from taking the file)."""
    conn = sqlite3.connect(path)
    try:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY id").fetchall() for t in TABLES}
    finally:
        conn.close()


def entries(path: Path) -> list[tuple[int, str]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT id, action FROM audit ORDER BY id").fetchall()
    finally:
        conn.close()


@pytest.fixture
def worked(event_path: Path) -> Path:
    """An event with a few changes of several kinds by two arbiters."""
    with (
        EventStore.open(event_path, actor="chief") as chief,
        EventStore.open(event_path, actor="deputy") as deputy,
    ):
        chief.games.enter_result(1, 1, 10, "1-0")
        deputy.games.enter_result(1, 2, 9, "1/2-1/2", armageddon="0-1")
        chief.desk.record_arrival(2, 3, False)
        deputy.desk.record_incident(1, 4, "other", "phone rang", "warned")
        chief.set_report_details({"city": "Stavanger"})
        chief.games.sign(chief.games.find(1, 1, 10).id, "white")
        deputy.games.enter_result(1, 3, 8, "0-1")
    return event_path


# -- no false alarm ------------------------------------------------------------------------------


@pytest.mark.parametrize(("one", "other"), [("Ola", "Ole"), ("Deputy 1", "Deputy 3")])
def test_two_arbiters_whose_names_are_one_bit_apart_are_no_alarm(
    event_path: Path, one: str, other: str
) -> None:
    """`--as Ola` for most changes and `--as Ole` for one (the soak's A, B and C too): two
    arbiters, not a damaged name. The check guessed "one bit changed" and called it damage."""
    runner = CliRunner()
    for args in (
        ["result", str(event_path), "1", "1", "10", "1-0", "--as", one],
        ["result", str(event_path), "1", "2", "9", "0-1", "--as", one],
        ["result", str(event_path), "1", "3", "8", "1/2-1/2", "--as", other],
        ["result", str(event_path), "1", "4", "7", "1-0", "--as", one],
    ):
        assert runner.invoke(cli, args).exit_code == 0
    assert [e.actor for e in EventStore.open(event_path).audit.log()][:4] == [
        one,
        other,
        one,
        one,
    ]
    assert check(event_path)[1] == []


# -- what the chain proves -----------------------------------------------------------------------


def test_a_flipped_bit_in_any_column_of_an_entry_is_named(worked: Path, tmp_path: Path) -> None:
    """One bit of any column of an entry (its time, arbiter, action, summary, what it undoes,
    its record of the change, its hash) is found, and the entry is named first. The summary
    and the arbiter's name were invisible to the check before the chain."""
    log = entries(worked)
    rng = random.Random(5)
    tried = 0
    for entry_id, _action in log[1:]:
        for column in ("at", "actor", "action", "summary", "before", "after", "hash"):
            copy = tmp_path / f"flip-{entry_id}-{column}.db"
            shutil.copyfile(worked, copy)
            conn = sqlite3.connect(copy)
            (value,) = conn.execute(
                f"SELECT {column} FROM audit WHERE id = ?", [entry_id]
            ).fetchone()
            conn.close()
            at = rng.randrange(len(value))
            flipped = value[:at] + chr(ord(value[at]) ^ (1 << rng.randrange(5))) + value[at + 1 :]
            hand_edit(copy, f"UPDATE audit SET {column} = {_quoted(flipped)} WHERE id = {entry_id}")
            code, problems, _answer = check(copy)
            assert code == 1
            # (SQLite's integrity check may speak first: a hash that is no hash any more.)
            first = next(line for line in problems if line.startswith("audit #"))
            assert first.startswith(f"audit #{entry_id} "), (column, problems)
            if column == "hash" and entry_id != log[-1][0]:
                # The next entry's link vouches for what this one holds.
                assert "its hash is damaged" in first
            else:
                assert ALTERED in first
            tried += 1
    assert tried == 7 * (len(log) - 1)


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def test_a_flipped_bit_in_the_file_is_named_by_its_entry(worked: Path, tmp_path: Path) -> None:
    """Bits flipped in the file's bytes where an entry's summary is stored (a text no row
    depends on: only the chain sees it) are named by the entry."""
    conn = sqlite3.connect(worked)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    rows = conn.execute("SELECT id, summary FROM audit ORDER BY id").fetchall()
    conn.close()
    data = worked.read_bytes()
    found = 0
    for entry_id, summary in rows[1:]:
        at = data.find(summary.encode())
        if at < 0 or data.find(summary.encode(), at + 1) >= 0:
            continue  # not stored in one piece, or stored twice
        flipped = bytearray(data)
        flipped[at + len(summary) // 2] ^= 0x02
        copy = tmp_path / f"bit-{entry_id}.db"
        copy.write_bytes(bytes(flipped))
        code, problems, _answer = check(copy)
        assert code == 1
        assert problems[0].startswith(f"audit #{entry_id} ") and ALTERED in problems[0]
        found += 1
    assert found >= 3


def test_an_entry_removed_is_named(worked: Path) -> None:
    hand_edit(worked, "DELETE FROM audit WHERE id = 4")
    code, problems, _answer = check(worked)
    assert code == 1
    assert problems[0] == (
        "audit #5 (incident): #3 is followed by #5: #4 missing (removed outside normtui, or "
        "the entries renumbered)"
    )


def test_entries_moved_are_named_where_the_order_breaks(worked: Path) -> None:
    """Two entries swapped (their numbers exchanged): the first of them is named first."""
    hand_edit(
        worked,
        "UPDATE audit SET id = 1000 WHERE id = 3",
        "UPDATE audit SET id = 3 WHERE id = 5",
        "UPDATE audit SET id = 5 WHERE id = 1000",
    )
    code, problems, _answer = check(worked)
    assert code == 1
    assert problems[0].startswith("audit #3 (incident): " + ALTERED)


def test_an_entry_put_in_is_named(worked: Path) -> None:
    """An entry written outside normtui after the last one (a forged change, without its
    hash or with one made up) is named."""
    hand_edit(worked, "DROP TRIGGER audit_chained")
    last = len(entries(worked))
    for digest in ("NULL", "'" + "0" * 64 + "'"):
        copy = worked.with_name(f"put-in-{digest[:2]}.db")
        shutil.copyfile(worked, copy)
        hand_edit(
            copy,
            "INSERT INTO audit (id, at, actor, action, summary, before, after, hash) VALUES "
            f"({last + 1}, '2022-06-01T12:00:00+00:00', 'chief', 'state', 'x', '{{}}', '{{}}', "
            f"{digest})",
        )
        problems = check(copy)[1]
        assert problems[0].startswith(f"audit #{last + 1} (state): ")


def test_a_game_row_edited_against_its_entry_is_still_reported(worked: Path) -> None:
    """What the replay proved it still proves: a result changed with sqlite3 is named by its
    row, with what the log says it is."""
    hand_edit(worked, "UPDATE games SET result = '0-1' WHERE id = 1")
    problems = check(worked)[1]
    assert (
        "games row 1: result '0-1', the log says '1-0' (changed outside normtui, or damaged)"
        in problems
    )


def test_a_rewritten_log_is_found_by_the_hash_noted(worked: Path) -> None:
    """Someone with the file can rewrite the whole chain, hashes and all; the hash an
    arbiter noted of an entry is then another, and `--noted` says so. The last entries cut
    off, the entry noted is gone."""
    code, problems, answer = check(worked)
    head = answer["audit_head"]
    assert isinstance(head, dict)
    noted = f"{head['id']}:{str(head['hash'])[:16]}"
    assert check(worked, "--noted", noted)[1] == []
    # The summary of #3 changed, and every hash from there made again.
    hand_edit(worked, "UPDATE audit SET summary = 'round 2: Giri present' WHERE id = 3")
    _rechain(worked)
    assert check(worked)[1] == []  # the chain alone cannot see it
    code, problems, _answer = check(worked, "--noted", noted)
    assert code == 1
    assert problems == [
        f"audit #{head['id']}: its hash begins {_hash_of(worked, int(str(head['id'])))[:16]}, "
        f"not {str(head['hash'])[:16]} as noted: the log up to there was rewritten, or the "
        "note is of another event"
    ]
    # Some entries cut off the end, and the rows they made put back by hand.
    last = int(str(head["id"]))
    hand_edit(worked, f"DELETE FROM audit WHERE id = {last}")
    problems = check(worked, "--noted", noted)[1]
    assert f"audit #{last}: there is no such entry, but its hash was noted" in problems[-1]


def _hash_of(path: Path, entry_id: int) -> str:
    conn = sqlite3.connect(path)
    try:
        return str(conn.execute("SELECT hash FROM audit WHERE id = ?", [entry_id]).fetchone()[0])
    finally:
        conn.close()


def _rechain(path: Path) -> None:
    """What a forger with the file does: every hash made again from what the entries hold."""
    from normtui.store.chain import chain_rows

    conn = sqlite3.connect(path)
    with conn:
        for entry_id, digest in list(chain_rows(conn)):
            conn.execute("UPDATE audit SET hash = ? WHERE id = ?", [digest, entry_id])
    conn.close()


def test_the_check_shows_the_head_to_note(worked: Path) -> None:
    done = CliRunner().invoke(cli, ["check", str(worked)])
    line = next(x for x in done.stdout.splitlines() if x.startswith("audit log:"))
    digest = _hash_of(worked, len(entries(worked)))
    assert line.startswith(f"audit log: newest entry #{len(entries(worked))}, hash {digest[:16]}")
    assert f"--noted {len(entries(worked))}:{digest[:16]}` proves later" in line
    refused = CliRunner().invoke(cli, ["check", str(worked), "--noted", "3:xyz"])
    assert refused.exit_code == 2 and "is not an entry and its hash" in refused.stderr


# -- the encoding, as docs/audit-log.md says it -----------------------------------------------


def _documented_hash(previous: str | None, row: dict[str, object]) -> str:
    """The hash as docs/audit-log.md defines it, written from the page, not from the code."""

    def field(value: object) -> bytes:
        if value is None:
            return b"\x00"
        if isinstance(value, int):
            return b"\x01" + value.to_bytes(8, "big", signed=True)
        data = str(value).encode("utf-8")
        return b"\x02" + len(data).to_bytes(4, "big") + data

    message = b"normtui-audit-1\n" + field(previous)
    for name in ("id", "at", "actor", "action", "summary", "undoes", "before", "after"):
        message += field(row[name])
    return hashlib.sha256(message).hexdigest()


def test_every_hash_is_the_documented_one(demo_path: Path) -> None:
    conn = sqlite3.connect(demo_path)
    conn.row_factory = sqlite3.Row
    previous = None
    rows = conn.execute("SELECT * FROM audit ORDER BY id").fetchall()
    conn.close()
    assert len(rows) > 200
    for row in rows:
        assert row["hash"] == _documented_hash(previous, dict(row))
        previous = row["hash"]
    assert FIELDS == ("id", "at", "actor", "action", "summary", "undoes", "before", "after")


def test_the_encoding_is_pinned() -> None:
    """One entry's hash, worked out once: a change to the encoding (another separator, JSON
    written again) changes it, and every file's chain with it."""
    values = (1, "2022-05-31T14:00:00+00:00", "chief", "create", "x", None, "{}", '{"a":1}')
    assert entry_hash(None, values) == _documented_hash(
        None, dict(zip(FIELDS, values, strict=True))
    )
    assert entry_hash(None, values) == (
        "db6bc7be130337280838a4db363af8720af14f1e8edda280172a40824be4e910"
    )


# -- files from before the chain, backups, two writers ------------------------------------------


def test_an_event_from_before_the_chain_is_chained_when_opened(tmp_path: Path) -> None:
    """A file of the normtui before the chain (whole rows in its log) is chained by its
    upgrade, passes check, and its changes still undo, one that removed a row included."""
    path = tmp_path / "old.db"
    shutil.copyfile(OLD_EVENT, path)
    rows_before = rows(path)
    with EventStore.open(path, actor="chief") as store:
        assert store.audit.check() == []
        log = store.audit.log()
        assert log[0].hash is not None and all(e.hash for e in log)
        # #12 a signature, #11 an arrival that cancelled a fine (a row removed), #10 a result.
        for summary in ("signed by black", "fine of 500 EUR cancelled", "result 0-1"):
            assert summary in store.audit.undo().summary
        assert len(store.desk.fines()) == 1  # the fine cancelled is back
        assert store.audit.check() == []
    after_undo = rows(path)
    assert after_undo["games"] != rows_before["games"]
    with EventStore.open(path, actor="chief") as store:
        store.audit.undo()  # the city
        assert store.audit.check() == []


def test_backup_and_restore_keep_one_chain(worked: Path, tmp_path: Path) -> None:
    backup = tmp_path / "round-1.db"
    point = backup_event(worked, backup)
    assert point.to_json()["hash"] == _hash_of(worked, point.id)
    with EventStore.open(worked, actor="chief") as store:
        store.games.enter_result(1, 4, 7, "1-0")
    restored = restore_event(backup, worked, actor="chief")
    assert restored.entry.hash == _hash_of(worked, restored.entry.id)
    assert check(worked)[1] == []
    # A backup whose chain is broken is not sound.
    hand_edit(backup, "UPDATE audit SET summary = 'x' WHERE id = 2")
    with pytest.raises(InputError, match="is not a sound backup: audit #2 "):
        restore_event(backup, worked, actor="chief")


def _writer(path: str, actor: str, rounds: tuple[int, ...], start: object) -> None:
    with EventStore.open(path, actor=actor) as store:
        start.wait()  # type: ignore[attr-defined]  # both write from the same moment
        for rnd in rounds:
            for g in store.games(rnd):
                store.games.enter_result(rnd, g.white, g.black, "1-0")
                store.desk.record_incident(rnd, g.white, "other", f"{actor} {g.id}", "noted")


def test_two_processes_writing_at_once_keep_one_chain(event_path: Path) -> None:
    """Each appends its entries at the head of the one chain, read inside its write: neither
    forks it (two entries after one), whatever the interleaving."""
    ctx = multiprocessing.get_context("fork")
    start = ctx.Barrier(2)
    procs = [
        ctx.Process(target=_writer, args=(str(event_path), actor, rounds, start))
        for actor, rounds in (("chief", (1, 2)), ("deputy", (3, 4)))
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    conn = sqlite3.connect(event_path)
    actors = [a for (a,) in conn.execute("SELECT actor FROM audit")]
    conn.close()
    assert actors.count("chief") == actors.count("deputy") == 20
    assert check(event_path)[1] == []
