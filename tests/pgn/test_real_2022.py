"""The 76 real games of Norway Chess 2022: no error, no false alarm, and the six classical draws
before Black's move 30 recognised as the repetitions they were."""

from __future__ import annotations

from collections import Counter

import pytest

from normtui.assets import DATA_2022
from normtui.pgn import GameReport, validate_file
from normtui.rules.profile import Profile


@pytest.fixture(scope="module")
def classical(profile: Profile) -> list[GameReport]:
    return list(validate_file(DATA_2022 / "classical.pgn", "main", profile))


@pytest.fixture(scope="module")
def armageddon(profile: Profile) -> list[GameReport]:
    return list(validate_file(DATA_2022 / "armageddon.pgn", "armageddon", profile))


def test_every_real_game_is_valid_without_warnings(
    classical: list[GameReport], armageddon: list[GameReport]
) -> None:
    assert (len(classical), len(armageddon)) == (45, 31)
    for report in classical + armageddon:
        assert report.ok, report
        assert report.count("warning") == 0, report.findings


def test_the_six_early_draws_are_allowed_repetitions(classical: list[GameReport]) -> None:
    early = [
        (r.round, r.white, r.black, f.move)
        for r in classical
        for f in r.findings
        if f.code == "draw_before_move_30_allowed"
    ]
    assert early == [
        ("1", "Mamedyarov, Shakhriyar", "Tari, Aryan", "28. Nc2"),
        ("4", "So, Wesley", "Anand, Viswanathan", "28...Ra6"),
        ("6", "Wang, Hao", "Vachier-Lagrave, Maxime", "22. Ba5"),
        ("8", "Radjabov, Teimour", "Wang, Hao", "29. Re6"),
        ("9", "Wang, Hao", "So, Wesley", "28...Kf7"),
        ("9", "Tari, Aryan", "Anand, Viswanathan", "22. Kg1"),
    ]
    for report in classical:
        if any(f.code == "draw_before_move_30_allowed" for f in report.findings):
            assert report.termination == "threefold_repetition"
            [note] = report.findings
            assert note.severity == "info" and note.rule == "Regulations §2"
            assert "arbiter confirms the claim" in note.message
    # Tari - Anand stopped one move short: the repetition is claimed with the next move.
    assert "22...Qg4+ repeats the position" in classical[44].findings[0].message


def test_nothing_else_is_reported_on_the_classical_games(classical: list[GameReport]) -> None:
    assert sum(len(r.findings) for r in classical) == 6


def test_terminations_of_the_classical_games(classical: list[GameReport]) -> None:
    assert Counter(r.termination for r in classical) == {
        "agreement": 22,
        "resignation": 14,
        "threefold_repetition": 8,
        "insufficient_material": 1,
    }
    # Decisive games never end in mate in real records: they are resignations, not alarms.
    assert all(r.termination == "resignation" for r in classical if r.result != "1/2-1/2")


def test_drawn_armageddons_are_noted_as_black_wins(armageddon: list[GameReport]) -> None:
    drawn = [r for r in armageddon if r.result == "1/2-1/2"]
    assert len(drawn) == 7
    for report in drawn:
        [note] = report.findings
        assert (note.code, note.severity) == ("armageddon_draw", "info")
        assert "win for Black" in note.message
    assert all(not r.findings for r in armageddon if r.result != "1/2-1/2")
