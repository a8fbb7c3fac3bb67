"""Exports of an event: what the arbiter sends to FIDE, to the press and to the broadcast.

``export_event(store, fmt)`` returns the text of one export; the command line
(``normtui export``) and the console's command palette both call it.

=============  ==============================================================================
format         what
=============  ==============================================================================
``trf``        FIDE Tournament Report File, TRF26: the rated main games (``trf.py``)
``trf16``      the same in TRF16, for older tools
``trf-playoff`` TRF26 blitz report of the play-off's rated games
``pgn``        every game: main, Armageddon, play-off (``pgn_out.py``)
``csv``        standings and crosstable, one row per player (``tables.py``)
``json``       event, standings, crosstable and play-off
``md``         Markdown standings and crosstable
``html``       one self-contained page for the press (``html.py``)
=============  ==============================================================================

>>> import tempfile, pathlib
>>> from normtui.assets import read_profile_text
>>> from normtui.store import EventStore, PlayerInput
>>> path = pathlib.Path(tempfile.mkdtemp()) / "event.db"
>>> store = EventStore.create(path, [PlayerInput(f"Player {c}") for c in "ABCDEFGHIJ"],
...                           read_profile_text())
>>> _ = store.enter_result(1, "Player A", "Player J", "1-0")
>>> export_event(store, "trf").splitlines()[0]
'012 Norway Chess 2022'
>>> export_event(store, "csv").splitlines()[1][:20]
'1,1,1,Player A,,,,,,'
>>> store.close()
"""

from __future__ import annotations

from collections.abc import Callable

from normtui.export.html import html_page
from normtui.export.pgn_out import pgn
from normtui.export.snapshot import EventDetails, ExportError, Snapshot, take_snapshot
from normtui.export.tables import csv_text, json_text, markdown
from normtui.export.trf import playoff_trf, trf
from normtui.store import EventStore

__all__ = ["FORMATS", "EventDetails", "ExportError", "export_event", "suffix"]

_WRITERS: dict[str, Callable[[Snapshot], str]] = {
    "trf": trf,
    "trf16": lambda snap: trf(snap, version=16),
    "trf-playoff": playoff_trf,
    "pgn": pgn,
    "csv": csv_text,
    "json": json_text,
    "md": markdown,
    "html": html_page,
}
FORMATS: tuple[str, ...] = tuple(_WRITERS)
_SUFFIX = {"trf": ".trf", "trf16": ".trf", "trf-playoff": ".trf", "md": ".md"}


def suffix(fmt: str) -> str:
    """The usual file name ending for a format: ``.trf``, ``.pgn``, ``.html``..."""
    return _SUFFIX.get(fmt, f".{fmt}")


def export_event(store: EventStore, fmt: str, details: EventDetails | None = None) -> str:
    """The export ``fmt`` (one of :data:`FORMATS`) of the event as it is now.

    ``details`` give what the store does not keep (city, federation, arbiters); anything
    left out is taken from the ``Site`` tag of the stored PGN texts where possible.
    An unknown format, or a value that cannot be written, is an :class:`ExportError`.
    """
    writer = _WRITERS.get(fmt)
    if writer is None:
        raise ExportError(f"unknown export format {fmt!r}; use one of {', '.join(FORMATS)}")
    return writer(take_snapshot(store, details))
