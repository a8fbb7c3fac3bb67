"""Real DGT records (tests/data/dgt, see SOURCES.md) against their own time control and against
the event's: no false clock alarm at their own, a warning naming the control at another, and
every broken copy flagged with its article."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from normtui.pgn import GameReport, validate_file, validate_game
from normtui.rules.profile import Profile, TimeControl

DGT = Path(__file__).resolve().parent.parent / "data" / "dgt"
ROUND = DGT / "sample-invitational-2023" / "round-1"
OWN = {
    "juegos-nacionales-2019-blitz.pgn": TimeControl(240, 240, 2, 1),
    "juegos-nacionales-2019-rapid.pgn": TimeControl(900, 900, 10, 1),
    "juegos-nacionales-2019-classical.pgn": TimeControl(5400, 5400, 30, 1),
    "czech-open-2019.pgn": TimeControl(900, 900, 10, 1),
    **{f"game-{n}.pgn": TimeControl(900, 900, 10, 1) for n in range(1, 13)},
}
# What the data itself holds, said as notes: a board that sent 0:00:00 and played on (game 4),
# 13 seconds gained on a 10" increment (game 6).
REAL_GLITCHES = {"game-4.pgn": "18. Re2", "game-6.pgn": "50...Kxd6"}


def _at(profile: Profile, control: TimeControl) -> Profile:
    return dataclasses.replace(
        profile, time_controls={**profile.time_controls, "classical": control}
    )


def _path(name: str) -> Path:
    return ROUND / name if name.startswith("game-") else DGT / name


def _clock_findings(reports: list[GameReport]) -> list[tuple[str, str, str | None]]:
    return [
        (f.code, f.severity, f.move)
        for r in reports
        for f in r.findings
        if f.code.startswith("clock")
    ]


@pytest.mark.parametrize("name", sorted(OWN))
def test_real_dgt_clocks_at_their_own_control_raise_no_alarm(profile: Profile, name: str) -> None:
    reports = list(validate_file(_path(name), "main", _at(profile, OWN[name])))
    found = _clock_findings(reports)
    assert all(severity == "info" for _code, severity, _move in found), found
    assert [move for _c, _s, move in found] == (
        [REAL_GLITCHES[name]] if name in REAL_GLITCHES else []
    )


@pytest.mark.parametrize("name", sorted(OWN))
def test_real_dgt_clocks_against_120_minutes_are_warned(profile: Profile, name: str) -> None:
    """15-minute (and 4-minute) games read against 120' + 10" from move 41: far below the
    control, and an increment from move 1 is an increment, not a glitch."""
    for report in validate_file(_path(name), "main", profile):
        codes = {f.code: f for f in report.findings}
        if "clock_glitch" in codes and "clock_increment" not in codes:
            pytest.fail(f"a steady increment read as a glitch: {codes['clock_glitch'].message}")
        if "%clk" not in report.pgn_text or not report.ok:
            continue  # a game without clocks, or one whose moves could not all be read
        if OWN[name].white_seconds < 3600:
            below = codes["clock_below_control"]
            assert (below.severity, below.rule) == ("warning", "Regulations §2")
            assert "far below the 2:00:00 of 120' + 10\" from move 41" in below.message
        increment = codes["clock_increment"]
        assert increment.severity == "warning" and increment.rule == "Regulations §2"
        about = int(increment.message.split("about ")[1].split('"')[0])
        # Without [%emt] (the Czech Open) the estimate is from the gains alone.
        slack = 2 if name == "czech-open-2019.pgn" else 1
        assert abs(about - OWN[name].increment_seconds) <= slack, increment.message


def test_the_first_move_s_time_is_not_the_clock_s_start(profile: Profile) -> None:
    """DGT's first [%emt] holds the wait before the clocks were started (53 minutes here):
    the start is read from the readings, so no alarm."""
    text = (ROUND / "game-2.pgn").read_text()
    assert "{[%emt 00:53:26]}" in text
    report = validate_game(text, "main", _at(profile, OWN["game-2.pgn"]))
    assert _clock_findings([report]) == []


def test_90_plus_30_starts_at_1_30_30_on_a_dgt_clock(profile: Profile) -> None:
    text = (DGT / "juegos-nacionales-2019-classical.pgn").read_text()
    control = OWN["juegos-nacionales-2019-classical.pgn"]
    first = text.split("\n\n[Event")[0]
    # 1:30:30 before move 1; a move that took 11 seconds earns 30 more: 1:30:49 is right.
    moved = first.replace("{[%clk 01:30:19]}", "{[%clk 01:30:49]}", 1)
    assert moved != first
    assert _clock_findings([validate_game(moved, "main", _at(profile, control))]) == []
    wrong = first.replace("{[%clk 01:30:19]}", "{[%clk 01:31:49]}", 1)
    [f] = [
        f
        for f in validate_game(wrong, "main", _at(profile, control)).findings
        if f.code == "clock_above_control"
    ]
    assert (f.move, f.rule) == ("1. d4", "Regulations §2")


def test_a_clock_set_to_another_control_is_flagged(profile: Profile) -> None:
    """A copy of a real 15' + 10" game whose Black clock was set to 5': far below its control."""
    text = (ROUND / "game-1.pgn").read_text()
    broken = text.replace("e5 {[%clk 00:15:18]}", "e5 {[%clk 00:05:18]}", 1)
    report = validate_game(broken, "main", _at(profile, OWN["game-1.pgn"]))
    [f] = [f for f in report.findings if f.code == "clock_below_control"]
    assert (f.severity, f.move, f.rule) == ("warning", "1...e5", "Regulations §2")
    assert (
        "Black's clock shows 0:05:18 after 1...e5, far below the 0:15:00 of 15' + 10\"" in f.message
    )


def test_a_clock_started_wrong_is_flagged(profile: Profile) -> None:
    """A copy of a real 15' + 10" game whose Black clock was set to 10': the first move's time
    gives the start (0:10:18 after 1...e5, which took 2 seconds, less the 10" it earned)."""
    text = (ROUND / "game-1.pgn").read_text()
    broken = text.replace(
        "e5 {[%clk 00:15:18]} {[%emt 00:00:02]}", "e5 {[%clk 00:10:18]} {[%emt 00:00:02]}", 1
    )
    assert broken != text
    report = validate_game(broken, "main", _at(profile, OWN["game-1.pgn"]))
    # (The next reading, left as it was, is a jump of five minutes: said too.)
    [f] = [f for f in report.findings if f.code == "clock_start_wrong"]
    assert (f.severity, f.move, f.rule) == ("warning", "1...e5", "Regulations §2")
    assert f.message.startswith(
        "Black's clock started at 0:10:10 (0:10:18 after 1...e5, which "
        "took 0:00:02), not at the 0:15:00 of 15' + 10\""
    )
