"""PGN validation: is a game record a legal, complete, correctly scored game of this event?

The public API, all typed:

- :func:`validate_text`, :func:`validate_file` (streaming, optionally on several cores) and
  :func:`validate_game` give :class:`GameReport` objects with :class:`Finding` lists;
- :func:`iter_games` and :func:`split_text` cut PGN into :class:`RawGame` texts for other layers
  (the importer), decoding any file a broadcaster or an arbiter's laptop may produce;
- :class:`Expectation` checks a game against its pairing; :func:`names_match` and
  :func:`normalise_name` compare player names as PGN files spell them.

>>> from normtui.assets import default_profile
>>> [r.termination for r in validate_text("1. f3 e5 2. g4 Qh4# 0-1", "main", default_profile())]
['checkmate']
"""

from normtui.pgn.clocks import CONTROL_CODES
from normtui.pgn.expect import Expectation, Expected
from normtui.pgn.findings import CODES, STAGES, TERMINATIONS, Finding, GameReport, Severity, Stage
from normtui.pgn.names import names_match, normalise_name
from normtui.pgn.reader import PgnReadError, RawGame, game_ranges, iter_games, split_text
from normtui.pgn.validate import validate_file, validate_game, validate_text

__all__ = [
    "CODES",
    "CONTROL_CODES",
    "STAGES",
    "TERMINATIONS",
    "Expectation",
    "Expected",
    "Finding",
    "GameReport",
    "PgnReadError",
    "RawGame",
    "Severity",
    "Stage",
    "game_ranges",
    "iter_games",
    "names_match",
    "normalise_name",
    "split_text",
    "validate_file",
    "validate_game",
    "validate_text",
]
