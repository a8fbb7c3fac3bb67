"""An event that cannot be written (a read-only folder or filesystem, a full disk) is
still read and exported; a change to it is one line naming the cause, and nothing changes.

The read-only filesystem and the full disk are made in a mount namespace of the test's own
(``unshare``: a read-only bind mount, a small tmpfs), which nothing else on the machine sees;
tests skip where the system does not allow one. A read-only folder is a chmod for a normal
user; root, who ignores permissions, runs in a user namespace of its own, where it does not.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import snapshot

ROOT = Path(__file__).resolve().parents[2]
NORMTUI = f"{shlex.quote(sys.executable)} -m normtui"


def _namespace(flags: list[str]) -> bool:
    try:
        return (
            subprocess.run(["unshare", *flags, "true"], capture_output=True, timeout=10).returncode
            == 0
        )
    except (OSError, subprocess.SubprocessError):
        return False


def sh(script: str, flags: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``script`` run by sh inside ``unshare FLAGS``; the repository importable."""
    if not _namespace(flags):
        pytest.skip(f"unshare {' '.join(flags)} is not allowed here")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        ["unshare", *flags, "sh", "-c", script],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def lines(text: str) -> list[str]:
    return text.strip().splitlines()


@pytest.fixture
def demo_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copyfile(ROOT / "demo.db", folder / "demo.db")
    tmp_path.chmod(0o755)  # the user namespace's "nobody" must reach it
    return folder / "demo.db"


READS = """
{n} standings {db} > standings.txt; echo "standings $?"
{n} export {db} --format trf -o {out}/report.trf 2> {out}/export.err; echo "export $?"
{n} log {db} --limit 1 > {out}/log.txt; echo "log $?"
{n} result {db} 7 Topalov Wang 0-1; echo "result $?"
"""


def _reads(db: Path, out: Path) -> str:
    return READS.format(n=NORMTUI, db=shlex.quote(str(db)), out=shlex.quote(str(out)))


def test_a_read_only_filesystem_is_read_and_exported(demo_copy: Path) -> None:
    folder, out = demo_copy.parent, demo_copy.parent.parent
    before = snapshot(demo_copy)
    done = sh(
        f"mount --bind -o ro {folder} {folder} && " + _reads(demo_copy, out), ["-r", "-m"], out
    )
    assert lines(done.stdout) == ["standings 0", "export 0", "log 0", "result 2"], done.stderr
    assert "Carlsen, Magnus" in (out / "standings.txt").read_text()
    assert "012 Norway Chess 2022" in (out / "report.trf").read_text()
    assert lines(done.stderr) == [
        f"normtui: {demo_copy} cannot be changed here: {folder} is on a read-only filesystem; "
        "nothing was changed"
    ]
    assert snapshot(demo_copy) == before


def test_a_read_only_folder_is_read_and_exported(demo_copy: Path) -> None:
    folder, out = demo_copy.parent, demo_copy.parent.parent
    before = snapshot(demo_copy)
    # Nobody has the event open: SQLite would have left its -wal and -shm beside it, and a
    # writable -wal lets a write through whatever the folder says.
    for companion in ("-wal", "-shm"):
        Path(f"{demo_copy}{companion}").unlink(missing_ok=True)
    folder.chmod(0o555)
    try:
        flags = ["--user"] if os.geteuid() == 0 else []
        script = _reads(demo_copy, out)
        done = (
            sh(script, flags, out)
            if flags
            else subprocess.run(
                ["sh", "-c", script],
                cwd=out,
                capture_output=True,
                text=True,
                timeout=120,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )
        )
    finally:
        folder.chmod(0o755)
    assert lines(done.stdout) == ["standings 0", "export 0", "log 0", "result 2"], done.stderr
    assert f"the folder {folder} cannot be written; nothing was changed" in done.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["demo.db"]
    assert snapshot(demo_copy) == before


def test_a_wal_beside_a_read_only_file_is_read(demo_copy: Path) -> None:
    """Another normtui has the event open (its -wal and -shm are there, a result in the WAL):
    a read-only reader sees that result, through SQLite's own read-only WAL mode."""
    folder, out = demo_copy.parent, demo_copy.parent.parent
    holder = sqlite3.connect(demo_copy, isolation_level=None)
    try:
        holder.execute("PRAGMA wal_autocheckpoint = 0")
        holder.execute(
            "UPDATE games SET result = '0-1', state = 'finished' WHERE stage = "
            "'main' AND round = 7 AND board = 5"
        )
        assert Path(f"{demo_copy}-wal").stat().st_size > 0
        done = sh(
            f"mount --bind -o ro {folder} {folder} && {NORMTUI} pairings "
            f"{demo_copy} --round 7 --json",
            ["-r", "-m"],
            out,
        )
    finally:
        holder.close()
    assert done.returncode == 0, done.stderr
    assert '"result": "0-1"' in done.stdout


def test_a_wal_that_cannot_be_read_is_refused_by_name(demo_copy: Path) -> None:
    folder, out = demo_copy.parent, demo_copy.parent.parent
    holder = sqlite3.connect(demo_copy, isolation_level=None)
    holder.execute("PRAGMA wal_autocheckpoint = 0")
    holder.execute("UPDATE event SET city = 'Stavanger'")
    shutil.copyfile(f"{demo_copy}-wal", folder / "copy.db-wal")
    holder.close()
    shutil.copyfile(ROOT / "demo.db", folder / "copy.db")  # the file without those changes
    done = sh(
        f"mount --bind -o ro {folder} {folder} && {NORMTUI} details {folder}/copy.db",
        ["-r", "-m"],
        out,
    )
    assert done.returncode == 2
    assert "its -wal file holds changes that SQLite cannot read" in done.stderr
    assert done.stderr.count("\n") == 1


FULL = """
mount -t tmpfs -o size=2m none {full} && cp {demo} {full}/demo.db
yes filler | head -c 4194304 > {full}/filler 2> {out}/fill.err  # fills the 2 MB tmpfs
{n} standings {full}/demo.db > {out}/standings.txt; echo "standings $?"
{n} result {full}/demo.db 7 Topalov Wang 0-1; echo "result $?"
{n} export {demo} --format pgn -o {full}/games.pgn; echo "export $?"
rm {full}/filler
{n} result {full}/demo.db 7 Topalov Wang 0-1 > {out}/after.txt; echo "after $?"
"""


def test_a_full_disk_is_said_and_reads_go_on(tmp_path: Path) -> None:
    full = tmp_path / "small"
    full.mkdir()
    done = sh(
        FULL.format(full=full, demo=ROOT / "demo.db", n=NORMTUI, out=tmp_path),
        ["-r", "-m"],
        tmp_path,
    )
    assert lines(done.stdout) == ["standings 0", "result 2", "export 2", "after 0"], done.stderr
    errors = lines(done.stderr)
    assert len(errors) == 2
    assert errors[0].startswith(
        f"normtui: {full}/demo.db cannot be changed here: the disk holding {full} is full"
    )
    assert errors[1] == (
        f"normtui: {full}/games.pgn: the disk is full; nothing was written "
        "(an existing file is as it was)"
    )


def test_an_older_file_that_cannot_be_upgraded_says_so(demo_copy: Path) -> None:
    folder, out = demo_copy.parent, demo_copy.parent.parent
    with sqlite3.connect(demo_copy) as conn:
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm003_report_details'")
    conn.close()
    done = sh(
        f"mount --bind -o ro {folder} {folder} && {NORMTUI} standings {demo_copy}",
        ["-r", "-m"],
        out,
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"normtui: {demo_copy} was written by an older normtui and must be "
        f"upgraded, which writes to it, but {folder} is on a read-only "
        "filesystem\n"
    )


def test_a_restore_onto_a_read_only_filesystem_says_so(demo_copy: Path) -> None:
    """SQLite cannot make the -wal and -shm it needs beside the event and says "disk I/O
    error"; the arbiter is told the folder is read-only, not to move the event away."""
    folder, out = demo_copy.parent, demo_copy.parent.parent
    backup = out / "backup.db"
    assert (
        subprocess.run(
            [sys.executable, "-m", "normtui", "backup", demo_copy, backup],
            capture_output=True,
            timeout=60,
        ).returncode
        == 0
    )
    before = snapshot(demo_copy)
    for companion in ("-wal", "-shm"):  # as a closed event is, on most systems
        Path(f"{demo_copy}{companion}").unlink(missing_ok=True)
    done = sh(
        f"mount --bind -o ro {folder} {folder} && {NORMTUI} restore {backup} {demo_copy}",
        ["-r", "-m"],
        out,
    )
    assert done.returncode == 2
    assert lines(done.stderr) == [
        f"normtui: {demo_copy} cannot be restored here: {folder} is on a read-only "
        "filesystem; nothing was changed"
    ]
    assert sorted(p.name for p in folder.iterdir()) == ["demo.db"]
    assert snapshot(demo_copy) == before
