"""PGN validation: is a game record a legal, complete, correctly scored game of this event?

The public API, all typed:

- :func:`validate_text`, :func:`validate_file` (streaming, optionally on several cores) and
  :func:`validate_game` give :class:`GameReport` objects with :class:`Finding` lists;
- :func:`iter_games` and :func:`split_text` cut PGN into :class:`RawGame` texts for other layers
  (the importer), decoding any file a broadcaster or an arbiter's laptop may produce;
- :class:`Expectation` checks a game against its pairing; :func:`names_match` and
  :func:`normalise_name` compare player names as PGN files spell them.

A record's words before any chess is played are read by modules that load no python-chess:
its tag pairs (:mod:`normtui.pgn.tags`), its movetext (:mod:`normtui.pgn.movetext`), the
cutting of files into games (:mod:`normtui.pgn.reader`); the store's tables and the read
commands use them. So this package loads each name below with its module when it is first used
(:mod:`normtui.lazy`): importing one of those modules loads no python-chess.

>>> from normtui.assets import default_profile
>>> from normtui.pgn import validate_text
>>> [r.termination for r in validate_text("1. f3 e5 2. g4 Qh4# 0-1", "main", default_profile())]
['checkmate']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from normtui.lazy import lazy_names

if TYPE_CHECKING:
    # The package's public names, each named once, here (normtui.lazy reads them).
    from normtui.pgn.clocks import CONTROL_CODES as CONTROL_CODES
    from normtui.pgn.expect import Expectation as Expectation
    from normtui.pgn.expect import Expected as Expected
    from normtui.pgn.findings import CODES as CODES
    from normtui.pgn.findings import STAGES as STAGES
    from normtui.pgn.findings import TERMINATIONS as TERMINATIONS
    from normtui.pgn.findings import Finding as Finding
    from normtui.pgn.findings import GameReport as GameReport
    from normtui.pgn.findings import Severity as Severity
    from normtui.pgn.findings import Stage as Stage
    from normtui.pgn.names import names_match as names_match
    from normtui.pgn.names import normalise_name as normalise_name
    from normtui.pgn.reader import PgnReadError as PgnReadError
    from normtui.pgn.reader import RawGame as RawGame
    from normtui.pgn.reader import game_ranges as game_ranges
    from normtui.pgn.reader import iter_games as iter_games
    from normtui.pgn.reader import split_text as split_text
    from normtui.pgn.validate import validate_file as validate_file
    from normtui.pgn.validate import validate_game as validate_game
    from normtui.pgn.validate import validate_text as validate_text

if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_names(__name__)
