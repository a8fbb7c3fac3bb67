"""Every finding code has one severity and one article, and a broken fixture that shows it."""

from __future__ import annotations

from collections.abc import Callable

from normtui.pgn import CODES, Expectation, GameReport, Stage, validate_file
from normtui.rules.profile import Profile

from .conftest import PGN_DATA

Check = Callable[..., list[GameReport]]


def test_every_code_is_shown_by_a_fixture(profile: Profile) -> None:
    seen: set[str] = set()
    stages: dict[str, Stage] = {
        "armageddon_draw.pgn": "armageddon",
        "clock_playoff.pgn": "playoff",
        "clock_above_control_armageddon.pgn": "armageddon",
    }
    for path in sorted(PGN_DATA.glob("*.pgn")):
        if path.name in ("binary.pgn", "utf16.pgn"):
            continue
        for report in validate_file(path, stages.get(path.name, "main"), profile):
            seen.update(f.code for f in report.findings)
    for expected in (
        Expectation("Carlsen, Magnus", "Wang, Hao", 2, "1-0"),
        Expectation("So, Wesley", "Giri, Anish"),
    ):
        for report in validate_file(PGN_DATA / "pairing.pgn", "armageddon", profile, expected):
            seen.update(f.code for f in report.findings)
    assert seen == set(CODES) - {"parser_failure"}  # that one needs a broken parser (test_record)


def test_codes_are_consistent() -> None:
    for code, info in CODES.items():
        assert info.severity in ("error", "warning", "info"), code
        assert info.rule.startswith(("Regulations §", "FIDE Laws art. ", "PGN standard §")), code
