"""Validating games: the public entry points.

>>> from normtui.assets import default_profile
>>> text = '''[Event "Test"]
... [Date "2022.06.01"]
... [Round "3"]
... [White "Carlsen, Magnus"]
... [Black "Giri, Anish"]
... [Result "1/2-1/2"]
...
... 1. e4 e5 2. Nf3 Nc6 1/2-1/2
... '''
>>> [report] = validate_text(text, "main", default_profile())
>>> report.ok, report.termination
(False, 'agreement')
>>> [(f.code, f.move) for f in report.findings]
[('draw_before_move_30', '2...Nc6')]
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterator

from normtui.pgn.assess import assess
from normtui.pgn.expect import (
    Expected,
    dated_by_event,
    expectation_findings,
    resolve_expectation,
)
from normtui.pgn.findings import STAGES, GameReport, Stage
from normtui.pgn.reader import RawGame, iter_games, open_pgn, split_text
from normtui.rules.profile import Profile

__all__ = ["PARALLEL_MIN_BYTES", "validate_file", "validate_game", "validate_text"]

# Below this size a pool of processes costs more to start than it saves.
PARALLEL_MIN_BYTES = 1 << 20


def _check_stage(stage: str) -> Stage:
    if stage not in STAGES:
        raise ValueError(f"unknown stage {stage!r}; use one of {', '.join(STAGES)}")
    return stage


def with_expectation(report: GameReport, expected: Expected) -> GameReport:
    """The report with the findings of its pairing expectation added."""
    expectation = resolve_expectation(expected, report.headers)
    if expectation is None:
        return report
    kept = dated_by_event(report.findings, expectation)
    extra = expectation_findings(report.headers, report.stage, expectation)
    if not extra and kept == list(report.findings):
        return report
    return dataclasses.replace(report, findings=(*kept, *extra))


def validate_game(
    text: str, stage: Stage, profile: Profile, expected: Expected = None, index: int = 0
) -> GameReport:
    """Validate the first game in ``text``.

    >>> from normtui.assets import default_profile
    >>> validate_game("1. f3 e5 2. g4 Qh4# 0-1", "main", default_profile()).termination
    'checkmate'
    """
    stage = _check_stage(stage)
    raw = next(split_text(text), None) or RawGame(index, 1, text, len(text))
    raw = dataclasses.replace(raw, index=index)
    return with_expectation(assess(raw, stage, profile), expected)


def validate_text(
    text: str, stage: Stage, profile: Profile, expected: Expected = None
) -> list[GameReport]:
    """Validate every game in ``text`` (for a file, prefer :func:`validate_file`).

    ``expected`` is an :class:`~normtui.pgn.expect.Expectation` for every game, or a function
    from a game's tags to its expectation (None: nothing to check against).
    """
    stage = _check_stage(stage)
    return [with_expectation(assess(raw, stage, profile), expected) for raw in split_text(text)]


def validate_file(
    path: str | os.PathLike[str],
    stage: Stage,
    profile: Profile,
    expected: Expected = None,
    *,
    jobs: int = 1,
    keep_text: bool = True,
    on_progress: Callable[[int], None] | None = None,
) -> Iterator[GameReport]:
    """Validate a PGN file game by game, in constant memory.

    The file is opened at once, so a missing, binary or UTF-16 file raises
    :class:`~normtui.pgn.reader.PgnReadError` here rather than at the first game. With
    ``jobs`` > 1 and a file of at least :data:`PARALLEL_MIN_BYTES`, the games are checked by a
    pool of processes, still in file order. ``on_progress`` gets the bytes done, as they are.
    ``keep_text=False`` leaves ``pgn_text`` empty (cheaper when nobody reads it).
    """
    stage = _check_stage(stage)
    open_pgn(path).close()
    if jobs > 1 and os.path.getsize(path) >= PARALLEL_MIN_BYTES:
        from normtui.pgn.parallel import validate_parallel  # lazy: multiprocessing, large files

        reports = validate_parallel(path, stage, profile, jobs, keep_text, on_progress)
    else:
        reports = _validate_serial(path, stage, profile, keep_text, on_progress)
    if expected is None:
        return reports
    return (with_expectation(report, expected) for report in reports)


def _validate_serial(
    path: str | os.PathLike[str],
    stage: Stage,
    profile: Profile,
    keep_text: bool,
    on_progress: Callable[[int], None] | None,
) -> Iterator[GameReport]:
    for raw in iter_games(path):
        yield assess(raw, stage, profile, keep_text=keep_text)
        if on_progress is not None:
            on_progress(raw.size)
