"""Helpers for the PGN tests: the broken fixtures live in tests/data/pgn, one file a finding."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from normtui.pgn import Finding, GameReport, Stage, validate_file
from normtui.rules.profile import Profile

PGN_DATA = Path(__file__).resolve().parent.parent / "data" / "pgn"

Check = Callable[..., list[GameReport]]
"""The ``check`` fixture: ``check("illegal_move.pgn", "main")`` validates that fixture file."""


def codes(report: GameReport) -> list[str]:
    return [f.code for f in report.findings]


def only(report: GameReport, code: str) -> Finding:
    """The one finding of ``code`` in ``report``."""
    found = [f for f in report.findings if f.code == code]
    assert len(found) == 1, f"expected one {code}, got {codes(report)}"
    return found[0]


@pytest.fixture(scope="session")
def check(profile: Profile) -> Check:
    """check("illegal_move.pgn", "main") -> the reports of that fixture file."""

    def run(name: str, stage: Stage = "main") -> list[GameReport]:
        return list(validate_file(PGN_DATA / name, stage, profile))

    return run
