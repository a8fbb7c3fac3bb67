"""The result: present, a result at all, in PGN's spelling, the same in the tag and after the
moves; forfeits."""

from __future__ import annotations

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
    assert (no_moves.termination, codes(no_moves)) == ("forfeit", ["forfeit"])
    assert no_moves.findings[0].severity == "info" and no_moves.ok
    assert plus_minus.result == "+/-" and plus_minus.termination == "forfeit"
    assert codes(plus_minus) == ["result_nonstandard", "forfeit"]
