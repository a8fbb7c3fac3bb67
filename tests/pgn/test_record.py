"""The written record: text that is no move, bad moves, tags, variants. A game whose moves
cannot all be read is never valid, and the finding names the first bad move."""

from __future__ import annotations

import pytest

from normtui.pgn import validate_text
from normtui.rules.profile import Profile

from .conftest import Check, codes, only


def test_unreadable_text(check: Check) -> None:
    words, unclosed = check("unreadable_text.pgn")
    f = only(words, "unreadable_text")
    assert (f.severity, f.move, f.rule) == ("error", "4...Draw", "FIDE Laws art. 8.1")
    assert "'Draw' (line 9)" in f.message
    assert not words.ok and words.termination == "unknown"
    assert "never closed" in only(unclosed, "unreadable_text").message


def test_parse_error(check: Check) -> None:
    [report] = check("parse_error.pgn")
    f = only(report, "parse_error")
    assert (f.severity, f.move) == ("error", "2...P@e4")
    assert not report.ok


def test_illegal_move_names_the_first_bad_move(check: Check) -> None:
    king, null = check("illegal_move.pgn")
    f = only(king, "illegal_move")
    assert (f.move, f.rule) == ("2. Ke3", "FIDE Laws art. 7.5")
    assert "cannot be read" in f.message
    assert only(null, "illegal_move").move == "1...--"
    assert not king.ok and not null.ok


def test_ambiguous_move(check: Check) -> None:
    [report] = check("ambiguous_move.pgn")
    f = only(report, "ambiguous_move")
    assert (f.move, f.rule) == ("4. Rh3", "FIDE Laws art. C.10")


def test_parser_failure_is_a_finding_not_a_traceback(
    profile: Profile, monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("chess.pgn.read_game", explode)
    [report] = validate_text("1. e4 e5 1-0", "main", profile)
    assert codes(report) == ["parser_failure"]
    assert "RuntimeError: boom" in report.findings[0].message
    assert not report.ok


def test_a_failing_check_is_a_finding_not_a_traceback(
    profile: Profile, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> None:
        raise KeyError("bug")

    monkeypatch.setattr("normtui.pgn.assess.assess_ending", broken)
    first, second = validate_text("1. e4 e5 1-0\n\n1. d4 d5 0-1", "main", profile)
    assert codes(first) == codes(second) == ["parser_failure"]
    assert "please report it" in first.findings[0].message


def test_not_standard_chess(check: Check) -> None:
    variant, setup = check("not_standard_chess.pgn")
    assert "Atomic" in only(variant, "not_standard_chess").message
    assert "set-up position" in only(setup, "not_standard_chess").message
    assert not variant.ok and not setup.ok


def test_malformed_tag(check: Check) -> None:
    [report] = check("malformed_tag.pgn")
    f = only(report, "malformed_tag")
    assert f.severity == "warning" and "Line 1" in f.message
    assert report.ok  # the game itself is fine; the ignored tag leaves Event missing
    assert "Event" in only(report, "header_missing").message


def test_header_missing(check: Check) -> None:
    [report] = check("header_missing.pgn")
    f = only(report, "header_missing")
    assert f.severity == "warning"
    assert f.message == "Missing or unknown tags: Date, Round."
    assert report.ok and report.round == "?"


def test_stage_mismatch(check: Check) -> None:
    [report] = check("stage_mismatch.pgn")
    assert codes(report) == ["stage_mismatch"]
    assert "--stage armageddon" in report.findings[0].message
    [as_armageddon] = check("stage_mismatch.pgn", "armageddon")
    assert codes(as_armageddon) == []


def test_comments_nags_and_nested_variations_are_no_problem(check: Check) -> None:
    [report] = check("comments_nags_variations.pgn")
    assert report.ok and report.findings == ()
    assert report.termination == "checkmate"


def test_harmless_writing_is_not_reported(profile: Profile) -> None:
    """Forms python-chess skips without losing a move: no false alarm."""
    text = (
        '[Result "1-0"]\n\n1 e4 d5 2.exd5 c5 3. dxc6 e.p. Nxc6 4.Nf3!? e5 $1 '
        "(4... Bg4 5. Be2) 5. Bb5 Qd6 {[%clk 1:59:00]} ; comment\n6. O-O Bd7 1-0\n"
    )
    [report] = validate_text(text, "main", profile)
    assert "unreadable_text" not in codes(report)
    assert report.termination == "resignation"


def test_unclosed_variation_is_an_error_naming_where_it_opened(check: Check) -> None:
    """A real game whose "16." became "16(": python-chess read everything after it as one
    variation and never checked it (20. Bc8 is illegal), and the game passed as 1-0."""
    [report] = check("unclosed_variation.pgn")
    f = only(report, "unclosed_variation")
    assert (f.severity, f.move, f.rule) == ("error", "15...a4", "PGN standard §8.2.5")
    assert "opened on line 11 after 15...a4 is never closed" in f.message
    assert not report.ok and report.termination == "unknown"
    assert codes(report) == ["unclosed_variation"]  # "16(" is a move number, not a bad word


def test_variations_closed_or_not(profile: Profile) -> None:
    def found(moves: str) -> list[tuple[str, str | None]]:
        [report] = validate_text(f'[Result "*"]\n\n{moves}\n', "main", profile)
        return [(f.code, f.move) for f in report.findings if f.code != "header_missing"]

    assert found("1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *") == [("unfinished_game", "2. Nf3")]
    # The outermost variation left open is the one that swallowed the main line.
    assert found("1. e4 e5 (1... c5 2. Nf3 (2. c3) d6 2. Nf3 *") == [
        ("unclosed_variation", "1...e5")
    ]
    assert found("1. e4 e5 2. Nf3 (2. Nc3 (2. f4 exf4) Nc6 *") == [("unclosed_variation", "2. Nf3")]
    # Brackets in comments are text; a ")" too many closes nothing python-chess skips.
    assert found("1. e4 {(a comment} e5 ; (rest of line\n2. Nf3 ) Nc6 *") == [
        ("unfinished_game", "2...Nc6")
    ]
    [report] = validate_text('[Result "1-0"]\n\n1. e4\n(1. d4\n\n\n', "main", profile)
    assert "opened on line 4 after 1. e4" in only(report, "unclosed_variation").message
