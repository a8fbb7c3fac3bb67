"""One game cut from a file, checked: python-chess reads it once (:class:`FactsVisitor`), and
every check of the record, its ending and the event's regulations runs on what it read.

This is the work of one game, whether :mod:`~normtui.pgn.validate` runs it or a worker
process of :mod:`~normtui.pgn.parallel` does; the expectation of a pairing is added by the
caller.
"""

from __future__ import annotations

import io

import chess.pgn

from normtui.pgn.ending import assess_ending
from normtui.pgn.findings import Finding, GameReport, Stage, finding
from normtui.pgn.reader import RawGame
from normtui.pgn.record import (
    header_findings,
    read_result,
    unclosed_variation,
    unreadable_text,
)
from normtui.pgn.regulations import regulation_findings
from normtui.pgn.visitor import Facts, FactsVisitor
from normtui.rules.profile import Profile

__all__ = ["assess"]

# Findings that say python-chess did not read every move: the rest would judge a shorter game.
_UNREAD = frozenset({"unreadable_text", "unclosed_variation"})


def _read(raw: RawGame) -> Facts | Finding:
    try:
        facts = chess.pgn.read_game(io.StringIO(raw.text), Visitor=FactsVisitor)
    except Exception as exc:  # python-chess must never hand the arbiter a traceback
        return finding(
            "parser_failure",
            None,
            f"The PGN reader failed on this game ({type(exc).__name__}: {exc}).",
        )
    if facts is None:
        return finding("parser_failure", None, "The PGN reader found no game in this text.")
    return facts


def _unchecked(raw: RawGame, stage: Stage, problem: Finding, keep_text: bool) -> GameReport:
    return GameReport(
        raw.index,
        "?",
        "?",
        "?",
        None,
        stage,
        termination="unknown",
        findings=(problem,),
        pgn_text=raw.text if keep_text else "",
        line=raw.line,
    )


def assess(raw: RawGame, stage: Stage, profile: Profile, *, keep_text: bool = True) -> GameReport:
    """Validate one game cut from a file; no expectation (see
    :func:`~normtui.pgn.validate.validate_game`)."""
    try:
        return _assess(raw, stage, profile, keep_text)
    except Exception as exc:  # one odd game must not stop a file of thousands with a traceback
        return _unchecked(
            raw,
            stage,
            finding(
                "parser_failure",
                None,
                f"The game could not be checked ({type(exc).__name__}: {exc}); please report it.",
            ),
            keep_text,
        )


def _assess(raw: RawGame, stage: Stage, profile: Profile, keep_text: bool) -> GameReport:
    facts = _read(raw)
    if isinstance(facts, Finding):
        return _unchecked(raw, stage, facts, keep_text)
    headers = facts.headers
    findings = unreadable_text(raw) + unclosed_variation(raw)
    if facts.error is not None:
        findings.append(finding(*facts.error))
    findings += header_findings(raw, headers, stage)
    result, result_findings = read_result(headers, facts.result_token)
    findings += result_findings
    termination = "unknown"
    board = facts.board
    readable = facts.error is None and not any(f.code in _UNREAD for f in findings)
    if board is not None and readable:
        ending = assess_ending(facts, board, result)
        termination = ending.termination
        findings += ending.findings
        findings += regulation_findings(stage, profile, headers, result, ending, facts.clocks)
    return GameReport(
        raw.index,
        headers.get("White", "?"),
        headers.get("Black", "?"),
        headers.get("Round", "?"),
        result,
        stage,
        termination=termination,
        findings=tuple(findings),
        pgn_text=raw.text if keep_text else "",
        headers=headers,
        line=raw.line,
    )
