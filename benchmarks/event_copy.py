"""The copy of an event a benchmark works on, made through SQLite.

A benchmark never writes to the event it is given: it copies it into its own temporary folder.
The copy goes through SQLite's online backup, not a copy of the file's bytes: an event that a
console or a command has open, or that a process left without a checkpoint, keeps recent
changes in its ``-wal`` file beside it, which a byte copy of the main file would leave out.
"""

from __future__ import annotations

import sqlite3
import sys
import time
from pathlib import Path

from normtui.demo.filled import build_filled


def copy_event(source: Path, target: Path) -> None:
    """Write to ``target`` (a new file) the event in ``source``, as it is now."""
    if not source.is_file():
        raise SystemExit(f"{source}: no such event file")
    # Not read-only (mode=ro): a read-only connection to a WAL file leaves its -wal and -shm
    # files behind; this one only reads, and its close removes them as any reader's does.
    src = sqlite3.connect(source)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


def filled_event(folder: Path, players: int, cycles: int = 1) -> Path:
    """A filled event of ``players`` (every round but the last with its results, as
    `python -m normtui.demo --filled N` writes it) in ``folder``: the one already there, or a
    new one."""
    db = folder / f"filled-{players}-{cycles}.db"
    if not db.exists():
        start = time.perf_counter()
        build_filled(db, players, cycles=cycles)
        print(f"  built {db.name} in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return db
