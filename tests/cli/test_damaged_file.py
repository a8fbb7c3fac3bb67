"""Flipped bits in stored text. A value normtui never wrote (bytes that are not
UTF-8, a state or a result the schema forbids, a broken JSON column, a time that is none or
has no offset) is one line naming the damage, never a traceback, and never read as if it were
something else (a result "1-1" is not "no result"); ``normtui check`` lists it and exits 1."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli.conftest import Run

READS = [
    ("standings",),
    ("pairings",),
    ("log",),
    ("export", "--format", "trf"),
    ("export", "--format", "pgn"),
    ("details",),
    ("fines",),
    ("incidents",),
    ("playoff",),
    ("result", 1, "So", "Radjabov", "1-0"),
]


def damage(db: Path, sql: str) -> None:
    """Write what only a damaged file holds: past the CHECK constraints and the triggers."""
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA ignore_check_constraints = ON")
        conn.execute("DROP TRIGGER audit_no_update")
        conn.execute(sql)
    conn.close()


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE games SET state = 'finishad' WHERE id = 1",
        "UPDATE games SET result = '1-1' WHERE id = 1",
        "UPDATE players SET status = 'withdrawm' WHERE number = 2",
        "UPDATE audit SET after = '{' WHERE id = 1",
        "UPDATE event SET deputy_arbiters = '[1'",
        "UPDATE players SET name = CAST(X'536F2C2057FF736C6579' AS TEXT) WHERE number = 1",
        "UPDATE event SET profile_text = CAST(X'5B6576656E745DFF' AS TEXT)",
        # Times: the schema does not check them, and the records read them as datetimes.
        "UPDATE games SET result_at = 'noon' WHERE id = 1",
        "UPDATE audit SET at = 'yesterday' WHERE id = 1",
        "UPDATE games SET result_at = '2022-05-31 19:21' WHERE id = 1",
    ],
)
def test_damage_is_one_line_everywhere(run: Run, event_db: Path, sql: str) -> None:
    damage(event_db, sql)
    refusals = 0
    for args in READS:
        damaged = event_db.read_bytes()
        result = run(args[0], event_db, *args[1:])
        assert "Traceback" not in result.output
        if result.exit_code == 0:
            continue  # a command that does not need the damaged value
        refusals += 1
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.count("\n") == 1, result.stderr
        assert "damaged" in result.stderr or "profile" in result.stderr, result.stderr
        assert event_db.read_bytes() == damaged
    assert refusals
    check = run("check", event_db)  # names the damage (SQLite's check, or the audit replay)
    assert check.exit_code == 1 and check.stdout.strip()


def test_a_result_the_schema_forbids_is_not_read_as_no_result(run: Run, event_db: Path) -> None:
    damage(event_db, "UPDATE games SET result = '1-1', state = 'finished' WHERE id = 1")
    result = run("standings", event_db)
    assert result.exit_code == 2
    assert result.stderr == (
        f"normtui: {event_db} is damaged: CHECK constraint failed in "
        f"games; `normtui check {event_db}` lists the damage; restore the "
        "file from a backup\n"
    )


def test_a_flipped_bit_in_a_name_on_disk(run: Run, event_db: Path) -> None:
    """The bytes of the file itself, as a failing disk changes them."""
    raw = bytearray(event_db.read_bytes())
    at = raw.find(b"Carlsen, Magnus")
    assert at > 0
    raw[at + 1] ^= 0x80  # "a" becomes a byte that starts no UTF-8 character
    event_db.write_bytes(bytes(raw))
    for args in [("standings",), ("pairings",), ("export", "--format", "trf"), ("fines",)]:
        result = run(args[0], event_db, *args[1:])
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
        assert (
            "is damaged: column 'name' holds bytes that are not text" in result.stderr
            or "white_name" in result.stderr
            or "black_name" in result.stderr
        )
    check = run("check", event_db)
    assert check.exit_code == 1
    assert "players row 2: name" in check.stdout
