"""Doing something again after every change to the event: the public site rebuilt, a round
pushed to Lichess. The command line (``--watch``) and the console (in a worker thread) run the
same loop, each with its own store, and each says in its own way what happened.

A change is seen through SQLite's ``data_version``, taken before the work reads the event: a
change made while the work runs is seen at the next turn, never lost. Work that fails for a
while (the network gone, Lichess asking for a pause, a full disk, a folder not writable for a
moment) is tried again after a growing pause, changes or not; the pause is kept whatever
changes meanwhile (Lichess asked for it, and the next try sends the whole round, the change
included). Work that cannot succeed (a refused token, a folder that is not normtui's) ends the
loop with its reason.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from normtui.export.lichess import LichessUnreachable, RateLimited
from normtui.rules.errors import NormtuiError
from normtui.store import BusyError, EventStore

__all__ = ["BACKOFF", "Turn", "attempt", "follow"]

T = TypeVar("T")

# Pauses after the 1st, 2nd, … failure in a row: a network gone for a while is tried again,
# never given up on.
BACKOFF = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0)


@dataclass(frozen=True)
class Turn(Generic[T]):
    """One run of the work: its value, or the problem and how long until the next try
    (``retry_in``; ``None`` with a problem: it cannot succeed, the loop ends)."""

    value: T | None = None
    problem: str | None = None
    retry_in: float | None = None

    @property
    def done(self) -> bool:
        return self.problem is None


def attempt(store: EventStore, work: Callable[[EventStore], T], failures: int = 0) -> Turn[T]:
    """Run ``work`` once; a failure becomes a :class:`Turn` that says when to try again."""
    pause = BACKOFF[min(failures, len(BACKOFF) - 1)]
    try:
        return Turn(value=work(store))
    except RateLimited as exc:
        return Turn(problem=str(exc), retry_in=exc.wait)
    except (LichessUnreachable, BusyError) as exc:  # the network; another process's write
        return Turn(problem=str(exc), retry_in=pause)
    except NormtuiError as exc:  # refused for good: a token, a round id, a folder, damage
        return Turn(problem=str(exc))
    except OSError as exc:  # a full disk, a folder gone or not writable: it may come back
        return Turn(problem=f"{exc.filename or 'file'}: {exc.strerror or exc}", retry_in=pause)


def follow(
    path: Path,
    work: Callable[[EventStore], T],
    said: Callable[[Turn[T]], None],
    *,
    interval: float = 0.5,
    stop: threading.Event | None = None,
) -> Turn[T] | None:
    """Run ``work`` on the event at ``path`` now and after every change, telling ``said`` each
    turn, until ``stop`` is set (None) or the work cannot succeed (that turn)."""
    stop = stop or threading.Event()
    with EventStore.open(path) as store:
        seen: int | None = None
        retry_at: float | None = None
        failures = 0
        while not stop.is_set():
            version = store.data_version()
            pausing = retry_at is not None and time.monotonic() < retry_at
            if not pausing and (version != seen or retry_at is not None):
                seen = version
                turn = attempt(store, work, failures)
                said(turn)
                if turn.done:
                    failures, retry_at = 0, None
                elif turn.retry_in is None:
                    return turn
                else:
                    failures += 1
                    retry_at = time.monotonic() + turn.retry_in
            stop.wait(interval)
    return None
