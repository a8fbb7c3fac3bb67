"""A file the user names is written without harming what is there. A regular file
is replaced whole, keeping its permissions; a new one is 0666 & ~umask; a device, a FIFO and
a link's target are written through; the event file is never an output.

Every device node here is made inside the test's own folder (with the numbers of /dev/null
and /dev/full): nothing under /dev is ever touched.
"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from normtui.demo.build import main as demo_main
from normtui.export.output import OutputError, write_output
from tests.cli.conftest import Run, snapshot

NULL, FULL = (1, 3), (1, 7)


def node(path: Path, numbers: tuple[int, int], kind: int = stat.S_IFCHR) -> Path:
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    os.mknod(path, 0o666 | kind, os.makedev(*numbers))
    return path


@contextmanager
def umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def test_a_device_is_written_through_not_replaced(run: Run, event_db: Path, tmp_path: Path) -> None:
    null = node(tmp_path / "null", NULL)
    done = run("export", event_db, "--format", "csv", "-o", null)
    assert done.exit_code == 0, done.output
    info = null.lstat()
    assert stat.S_ISCHR(info.st_mode) and info.st_rdev == os.makedev(*NULL)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_full_device_is_said_to_be_full(run: Run, event_db: Path, tmp_path: Path) -> None:
    full = node(tmp_path / "full", FULL)
    before = snapshot(event_db)
    done = run("export", event_db, "--format", "csv", "-o", full)
    assert done.exit_code == 2
    assert (
        done.stderr == f"normtui: {full}: the disk is full; nothing was written (an "
        "existing file is as it was)\n"
    )
    assert stat.S_ISCHR(full.lstat().st_mode) and snapshot(event_db) == before


def test_a_fifo_is_written_through(run: Run, event_db: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "feed"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    done = run("export", event_db, "--format", "csv", "-o", fifo)
    reader.join(timeout=30)
    assert done.exit_code == 0, done.output
    assert got and got[0].startswith(b"rank,place,number,player")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_link_stays_a_link_and_its_target_is_written(
    run: Run, event_db: Path, tmp_path: Path
) -> None:
    target = tmp_path / "pages" / "standings.html"
    target.parent.mkdir()
    target.write_text("old page")
    target.chmod(0o644)
    link = tmp_path / "current.html"
    link.symlink_to(target)
    assert run("export", event_db, "--format", "html", "-o", link).exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text().startswith("<!DOCTYPE html>")
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    dangling = tmp_path / "later.csv"
    dangling.symlink_to(tmp_path / "made-now.csv")
    assert run("export", event_db, "--format", "csv", "-o", dangling).exit_code == 0
    assert dangling.is_symlink() and (tmp_path / "made-now.csv").is_file()


def test_an_existing_file_keeps_its_mode_a_new_one_follows_the_umask(
    run: Run, event_db: Path, tmp_path: Path
) -> None:
    kept = tmp_path / "kept.trf"
    kept.write_text("old")
    kept.chmod(0o640)
    with umask(0o022):
        assert run("export", event_db, "--format", "trf", "-o", kept).exit_code == 0
        assert run("export", event_db, "--format", "md", "-o", tmp_path / "new.md").exit_code == 0
    with umask(0o027):
        assert run("export", event_db, "--format", "md", "-o", tmp_path / "n2.md").exit_code == 0
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    assert kept.read_text().startswith("### Encoding: UTF-8")
    assert stat.S_IMODE((tmp_path / "new.md").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "n2.md").stat().st_mode) == 0o640


def test_dash_is_stdout_and_a_folder_is_refused(run: Run, event_db: Path, tmp_path: Path) -> None:
    done = run("export", event_db, "--format", "csv", "-o", "-")
    assert done.exit_code == 0 and done.stdout.startswith("rank,place") and done.stderr == ""
    assert not (tmp_path / "-").exists()
    folder = tmp_path / "out"
    folder.mkdir()
    done = run("export", event_db, "--format", "csv", "-o", folder)
    assert done.exit_code == 2 and done.stderr.count("\n") == 1


def _free_block_major() -> int:
    """A block major no driver has (the "local/experimental" range): a node of it opens
    nothing, so the refusal is tested without any disk at risk."""
    text = Path("/proc/devices").read_text()
    used = {
        int(line.split()[0])
        for line in text.split("Block devices:")[1].splitlines()
        if line.strip()
    }
    free = [m for m in range(240, 255) if m not in used]
    if not free:
        pytest.skip("no unused block major")
    return free[0]


def test_a_block_device_is_refused(tmp_path: Path) -> None:
    disk = node(tmp_path / "disk", (_free_block_major(), 0), stat.S_IFBLK)
    with pytest.raises(OutputError, match="is a disk"):
        write_output(disk, "012 x\r\n")


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = tmp_path / "report.trf"
    old.write_text("the old report")

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(OutputError, match="the disk is full"):
        write_output(old, "a new report")
    assert old.read_text() == "the old report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.trf"]


# -- the demo builder writes a file the user names too --------------------------------------


def test_demo_never_replaces_a_device(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    null = node(tmp_path / "null", NULL)
    assert demo_main([str(null), "--force"]) == 2
    assert "not a regular file" in capsys.readouterr().err
    assert stat.S_ISCHR(null.lstat().st_mode)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert demo_main([str(fifo), "--force"]) == 2 and stat.S_ISFIFO(fifo.lstat().st_mode)


def test_demo_follows_a_link_and_keeps_the_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "real.db"
    target.write_bytes(b"old")
    target.chmod(0o640)
    link = tmp_path / "demo.db"
    link.symlink_to(target)
    assert demo_main([str(link)]) == 2
    assert f"rebuild it with `python -m normtui.demo {link} --force`" in capsys.readouterr().err
    assert demo_main([str(link), "--force"]) == 0
    assert link.is_symlink() and target.read_bytes()[:15] == b"SQLite format 3"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_print_writes_as_export_does(run: Run, event_db: Path, tmp_path: Path) -> None:
    """The class, not the example: `normtui print -o` (the print sheets) too."""
    null = node(tmp_path / "null", NULL)
    assert run("print", event_db, "pairings", "-o", null).exit_code == 0
    assert stat.S_ISCHR(null.lstat().st_mode)
    kept = tmp_path / "sheet.html"
    kept.write_text("old")
    kept.chmod(0o600)
    assert run("print", event_db, "wallchart", "-o", kept).exit_code == 0
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and kept.read_text() != "old"
