"""Validating a large file on several cores, in file order and in bounded memory.

The parent cuts the file into byte ranges that start at a game's first line
(:func:`~normtui.pgn.reader.iter_ranges`, which finds them with the reader itself, so the games,
findings and line numbers are those of one pass, whatever the number of processes); each worker
opens the file itself and validates one range, so no game text crosses a pipe on the way in.
The ranges are cut as the pool works, so the workers start at once on a large file. At most a
few ranges are in flight at once, so a slow reader of the reports (a pipe, a terminal) never
makes finished ranges pile up in memory.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterator
from multiprocessing.pool import AsyncResult

from normtui.pgn.assess import assess
from normtui.pgn.findings import GameReport, Stage
from normtui.pgn.reader import iter_games, iter_ranges
from normtui.rules.profile import Profile, load_profile

__all__ = ["chunk_size", "validate_parallel"]

_profile: Profile | None = None


def _init(profile: Profile | None, profile_text: str) -> None:
    # Ctrl-C is the parent's to handle (it ends the pool); a worker would print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A Profile holds a mappingproxy, which cannot be pickled: a spawned worker rebuilds it
    # from its TOML; a forked one already has it.
    global _profile
    _profile = profile if profile is not None else load_profile(profile_text)


def _work(
    path: str, start: int, end: int, first_line: int, stage: Stage, keep_text: bool
) -> tuple[list[GameReport], int]:
    assert _profile is not None, "worker started without a profile"
    reports = [
        assess(raw, stage, _profile, keep_text=keep_text)
        for raw in iter_games(path, start, end, first_line)
    ]
    return reports, end - start


def chunk_size(size: int, jobs: int) -> int:
    """Bytes per range: enough ranges to keep every core busy to the end, not so small that
    the bookkeeping shows (64 KiB, about 80 games, at the least). At most 1 MiB: the parent
    holds the reports of a few ranges at a time, and their size is what it costs in memory.

    >>> chunk_size(100 << 20, 2), chunk_size(2 << 20, 2)
    (1048576, 65536)
    """
    return max(64 << 10, min(1 << 20, size // (jobs * 16)))


def validate_parallel(
    path: str | os.PathLike[str],
    stage: Stage,
    profile: Profile,
    jobs: int,
    keep_text: bool = True,
    on_progress: Callable[[int], None] | None = None,
) -> Iterator[GameReport]:
    """Like :func:`~normtui.pgn.validate.validate_file`, on ``jobs`` processes."""
    name = os.fspath(path)
    ranges = iter_ranges(name, chunk_size(os.path.getsize(name), jobs))
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    forked = context.get_start_method() == "fork"
    index = 0
    with context.Pool(
        jobs, initializer=_init, initargs=(profile if forked else None, profile.source_text)
    ) as pool:
        pending: deque[AsyncResult[tuple[list[GameReport], int]]] = deque()
        for start, end, first_line in ranges:
            pending.append(
                pool.apply_async(_work, (name, start, end, first_line, stage, keep_text))
            )
            if len(pending) >= jobs * 3:
                break
        while pending:
            reports, done = pending.popleft().get()
            following = next(ranges, None)
            if following is not None:
                pending.append(pool.apply_async(_work, (name, *following, stage, keep_text)))
            for report in reports:
                yield dataclasses.replace(report, index=index)
                index += 1
            if on_progress is not None:
                on_progress(done)
