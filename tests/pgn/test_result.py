"""The result: present, a result at all, in PGN's spelling, the same in the tag and after the
moves; forfeits."""

from __future__ import annotations

from normtui.pgn import validate_text
from normtui.rules.profile import Profile

from .conftest import Check, codes, only


def test_result_missing(check: Check) -> None:
    [report] = check("result_missing.pgn")
    assert codes(report) == ["result_missing"]
    assert report.result is None and report.termination == "unknown" and not report.ok


def test_result_tag_missing(check: Check) -> None:
    [report] = check("result_tag_missing.pgn")
    assert only(report, "result_tag_missing").severity == "warning"
    assert report.result == "1-0" and report.ok


def test_result_unknown(check: Check) -> None:
    [report] = check("result_unknown.pgn")
    f = only(report, "result_unknown")
    assert f.severity == "error" and '"2-0"' in f.message
    assert report.result is None


def test_result_nonstandard(check: Check) -> None:
    [report] = check("result_nonstandard.pgn")
    assert codes(report) == ["result_nonstandard"]
    assert report.result == "1/2-1/2" and report.termination == "agreement" and report.ok


def test_result_mismatch(check: Check) -> None:
    [report] = check("result_mismatch.pgn")
    f = only(report, "result_mismatch")
    assert f.severity == "error" and "1-0" in f.message and "0-1" in f.message


def test_forfeit(check: Check) -> None:
    no_moves, plus_minus = check("forfeit.pgn")
    # 1-0 with no moves does not say it is a forfeit: only a result.
    assert (no_moves.termination, codes(no_moves)) == ("unknown", ["no_moves"])
    assert no_moves.findings[0].severity == "info" and no_moves.ok
    assert plus_minus.result == "+/-" and plus_minus.termination == "forfeit"
    assert codes(plus_minus) == ["result_nonstandard", "forfeit"]


def test_results_without_moves_are_no_moves_recorded(check: Check) -> None:
    """Broadcast exports give played games' results without their moves: a note, never a
    forfeit, and a draw among them is no draw agreed "before any move"."""
    won, drawn, lost, forfeited = check("no_moves.pgn")
    for report in (won, drawn, lost):
        assert (report.termination, codes(report), report.ok) == ("unknown", ["no_moves"], True)
        assert report.findings[0].severity == "info"
        assert "No moves recorded" in report.findings[0].message
    assert (won.result, drawn.result, lost.result) == ("1-0", "1/2-1/2", "0-1")
    # Only a record that says so is a forfeit: here its Termination tag and its comment.
    assert (forfeited.termination, codes(forfeited)) == ("forfeit", ["forfeit"])


def test_a_drawn_armageddon_without_moves_is_still_blacks_win(check: Check) -> None:
    drawn = check("no_moves.pgn", "armageddon")[1]
    assert codes(drawn) == ["no_moves", "armageddon_draw"]


def test_record_says_forfeit_by_termination_or_comment(profile: Profile) -> None:
    def reading(extra: str, moves: str) -> tuple[str, list[str]]:
        [report] = validate_text(f'[Result "1-0"]\n{extra}\n{moves} 1-0\n', "main", profile)
        return report.termination, [c for c in codes(report) if c != "header_missing"]

    assert reading('[Termination "White wins by forfeit"]\n', "") == ("forfeit", ["forfeit"])
    assert reading("", "{Forfeit: Black did not appear.}") == ("forfeit", ["forfeit"])
    assert reading('[Termination "time forfeit"]\n', "") == ("unknown", ["no_moves"])
    assert reading('[Termination "normal"]\n', "") == ("unknown", ["no_moves"])


def test_forfeit_result_on_a_played_game_is_an_error(check: Check) -> None:
    won, mated_the_other_way, double = check("forfeit_with_moves.pgn")
    f = only(won, "forfeit_with_moves")
    assert (f.severity, f.move, f.rule) == ("error", "4. Qxf7", "FIDE Laws art. 6.7")
    assert "Scored +/-, a forfeit, yet the game was played" in f.message
    assert not won.ok and won.termination == "checkmate"
    # The result checks still run: -/+ scores Black, but White mated.
    assert codes(mated_the_other_way) == [
        "result_nonstandard",
        "forfeit_with_moves",
        "wrong_result_checkmate",
    ]
    assert "not -/+" in only(mated_the_other_way, "wrong_result_checkmate").message
    assert codes(double) == ["result_nonstandard", "forfeit_with_moves"]
    assert double.termination == "unknown"
