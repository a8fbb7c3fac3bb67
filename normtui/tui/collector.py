"""The console's garbage collector: the full collection runs while the arbiter is not typing,
not inside a key.

CPython collects its oldest generation after ten collections of the middle one (the third
``gc`` threshold), once the objects that survived since the last full collection are a
quarter of those it holds. The console holds Textual's widgets and render caches, the store
and the rules: a full collection over them took 65-72 ms at 24 players, and a key allocates
enough (new table rows, strips, the snapshot) that one key in five or six met one (those keys
143-146 ms median against 73-78 ms).

So, while a console runs:

* what is alive once it has opened is frozen (``gc.freeze()``): never garbage, never walked;
  and once every pane is built, at the first pause, it is collected and frozen again: a full
  collection then walks about a third as many objects (40,000 against 120,000 at 24
  players);
* the third threshold is raised (:data:`OLDEST`), so that the oldest generation is not
  collected while keys come; the two younger generations are collected as usual;
* the oldest generation is collected by the console itself once nothing has been typed for
  :data:`IDLE` seconds, and at once if it is long overdue (:data:`OVERDUE` collections of the
  middle generation since the last full one: memory stays bounded under endless typing).

The thresholds are the process's: they are set while a console runs and put back as they
were when it ends (a process that runs one console after another: tests, benchmarks).
Textual's own state is not touched.

Before that, `normtui DB` collects nothing from the launcher's check of the file until the
console has opened (:func:`hold_until_opened`): what a start allocates (Textual's and
normtui's modules and classes, the app, the store, the picture, the first pane) lives as long
as the console and is frozen once it has opened; collecting it on the way was about 50 ms of
the start's CPU before the pairings were drawn. The little garbage made meanwhile (about 2,000
objects, 0.5 MB) is frozen with the rest.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.app import App

__all__ = ["IDLE", "OLDEST", "OVERDUE", "IdleCollector", "hold_until_opened", "release_hold"]

# Seconds without a key after which the oldest generation is collected.
IDLE = 1.0
# The third threshold while a console runs: high enough never to be reached between two
# pauses of an arbiter (CPython's default is 10).
OLDEST = 1000
# Collections of the middle generation after which the oldest is collected at once anyway.
OVERDUE = 200


# The collector was switched off by hold_until_opened and is to be switched on again.
_held = False


def hold_until_opened() -> None:
    """No collection until a console has opened (:meth:`IdleCollector.start`) or the launcher
    is done with it (:func:`release_hold`); the launcher's, before Textual is loaded."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release_hold() -> None:
    """The collector as it was before :func:`hold_until_opened` (nothing if not held)."""
    global _held
    if _held:
        _held = False
        gc.enable()


class IdleCollector:
    """Collects the oldest generation when the app has been idle for :data:`IDLE` seconds."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._saved: tuple[int, int, int] | None = None
        self._last_key = clock()
        # Every pane is built: the next pause freezes them (once).
        self._freeze_when_idle = False
        self.collections = 0  # full collections run here (for tests)

    @property
    def running(self) -> bool:
        return self._saved is not None

    def start(self, app: App[object]) -> None:
        """Freeze what is alive now, raise the third threshold, and look twice a second
        whether the console is idle."""
        if self._saved is not None:
            return
        gc.freeze()
        release_hold()  # what the start made is frozen now
        self._saved = gc.get_threshold()
        young, middle, _oldest = self._saved
        gc.set_threshold(young, middle, OLDEST)
        app.set_interval(IDLE / 2, self._tick)

    def stop(self) -> None:
        """Put the thresholds back, and let what was frozen be collected again."""
        release_hold()  # a console that ended before it had opened
        if self._saved is None:
            return
        gc.set_threshold(*self._saved)
        self._saved = None
        gc.unfreeze()

    def settled(self) -> None:
        """Every pane is built: what is alive then is frozen at the next pause."""
        self._freeze_when_idle = True

    def typed(self) -> None:
        """A key (or a click) came: the console is not idle."""
        self._last_key = self._clock()

    def _tick(self) -> None:
        if self._saved is None:
            return
        idle = self._clock() - self._last_key >= IDLE
        if idle and self._freeze_when_idle:
            # Garbage is collected first: what is frozen is never collected.
            self._freeze_when_idle = False
            gc.collect()
            gc.freeze()
            self.collections += 1
            return
        due = gc.get_count()[2]
        if not due:
            return  # nothing has reached the middle generation's collections since
        if due >= OVERDUE or idle:
            gc.collect()
            self.collections += 1
