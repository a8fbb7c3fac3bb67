"""The code as ruff formats and checks it (the version pinned in pyproject.toml's test extra:
another version may format otherwise)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ["normtui", "tests", "benchmarks", "docs"]


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, *FOLDERS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_code_is_formatted() -> None:
    done = _ruff("format", "--check")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_linter_finds_nothing() -> None:
    done = _ruff("check")
    assert done.returncode == 0, done.stdout + done.stderr
