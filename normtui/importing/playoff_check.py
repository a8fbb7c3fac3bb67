"""Checking the record of a play-off game before the store keeps it (§5).

A play-off game has no row of its own (its players are derived from the standings and the
seed), so the check that a record is of this game, with these colours, at this game's time
control and with its entered result must run inside the transaction that reads all that and
stores the text. The store loads no python-chess (it reads a record's words with the PGN
reader's modules that do without it), so this check is handed to
``EventStore.playoff.attach_pgn`` as ``check=`` and runs there.
python-chess is imported only when a record is attached.
"""

from __future__ import annotations

import io

import chess.pgn

from normtui.pgn import Expectation, split_text, validate_game
from normtui.pgn.clocks import CLOCK_CODES, check_clocks, control_for
from normtui.pgn.record import same_outcome
from normtui.pgn.visitor import FactsVisitor
from normtui.rules.model import RuleError
from normtui.rules.playoff import PlayoffGame
from normtui.rules.profile import Profile

__all__ = ["check_playoff_record"]

_ARTICLE = "Regulations §5"


def check_playoff_record(
    text: str, game: PlayoffGame, white: str, black: str, result: str, profile: Profile
) -> tuple[str, ...]:
    """The warnings to show with a record that may be kept; a record that is not this game's,
    has an error, or scores the game otherwise than ``result`` is refused (RuleError)."""
    count = sum(1 for _ in split_text(text))
    if count != 1:
        raise RuleError(
            f"the text holds {count or 'no'} game{'s' * (count != 1)}; attach the "
            f"record of {game.id} alone",
            _ARTICLE,
        )
    # The round is not checked: broadcasts number play-off games every way ("1", "10.1", "A").
    report = validate_game(text, "playoff", profile, Expectation(white=white, black=black))
    findings = list(report.findings)
    expected = profile.time_controls[game.time_control]
    facts = chess.pgn.read_game(io.StringIO(text), Visitor=FactsVisitor)
    readings = facts.clocks if facts is not None else []
    # The validator tells a play-off Armageddon from a blitz game by its tags or first clock;
    # here the game is known, so a disagreement is either a wrong record or an unmarked one.
    applied, _rule = control_for("playoff", profile, report.headers, readings)
    if applied != expected:
        if game.kind == "blitz":
            raise RuleError(
                f"the record is of an Armageddon ({applied.describe()}), but "
                f"{game.id} is a blitz game ({expected.describe()})",
                _ARTICLE,
            )
        findings = [f for f in findings if f.code not in CLOCK_CODES]
        findings += check_clocks(readings, expected, _ARTICLE)
    errors = [f for f in findings if f.severity == "error"]
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        where = f" at {first.move}" if first.move else ""
        raise RuleError(
            f"the record of {game.id} is refused{where}: {first.message}{more}", first.rule
        )
    if report.result is None or not same_outcome(report.result, result):
        raise RuleError(
            f"the record says {report.result or 'no result'}, but {game.id} has "
            f"{result}; if the record is right, correct the result first",
            _ARTICLE,
        )
    return tuple(
        f"{f.move + ': ' if f.move else ''}{f.message}" for f in findings if f.severity == "warning"
    )
