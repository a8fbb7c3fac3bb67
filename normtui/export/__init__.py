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
>>> _ = store.games.enter_result(1, "Player A", "Player J", "1-0")
>>> export_event(store, "trf").splitlines()[:2]
['### Encoding: UTF-8', '012 Norway Chess 2022']
>>> export_event(store, "csv").splitlines()[1][:20]
'1,1,1,Player A,,,,,,'
>>> store.close()
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from normtui.export.fide import missing_for_fide
from normtui.export.snapshot import EventDetails, ExportError, Snapshot, take_snapshot
from normtui.store import EventStore
from normtui.text import visible

__all__ = [
    "FORMATS",
    "FORMAT_TITLES",
    "EventDetails",
    "ExportError",
    "encodable",
    "export_event",
    "export_report",
    "suffix",
    "writer",
]

# format -> (module of normtui.export, function, what it is): the module is imported when that
# format is written, so that reading a snapshot (``normtui print``, ``normtui check``) does not
# load python-chess; what it is, as the console's command palette offers it.
_WRITERS: dict[str, tuple[str, str, str]] = {
    "trf": ("trf", "trf", "FIDE rating report (TRF26)"),
    "trf16": ("trf", "trf16", "FIDE rating report (TRF16)"),
    "trf-playoff": ("trf", "playoff_trf", "play-off blitz report (TRF)"),
    "pgn": ("pgn_out", "pgn", "PGN of every game"),
    "csv": ("tables", "csv_text", "standings as CSV"),
    "json": ("tables", "json_text", "standings as JSON"),
    "md": ("tables", "markdown", "standings as Markdown"),
    "html": ("html", "html_page", "standings as an HTML page"),
}
FORMATS: tuple[str, ...] = tuple(_WRITERS)
FORMAT_TITLES: dict[str, str] = {fmt: what for fmt, (_m, _f, what) in _WRITERS.items()}
_SUFFIX = {"trf": ".trf", "trf16": ".trf", "trf-playoff": ".trf", "md": ".md"}


def suffix(fmt: str) -> str:
    """The usual file name ending for a format: ``.trf``, ``.pgn``, ``.html``..."""
    return _SUFFIX.get(fmt, f".{fmt}")


def export_event(
    store: EventStore, fmt: str, details: EventDetails | None = None, encoding: str = "utf-8"
) -> str:
    """The export ``fmt`` (one of :data:`FORMATS`) of the event as it is now.

    ``details`` give what the store does not keep (city, federation, arbiters); anything
    left out is taken from the ``Site`` tag of the stored PGN texts where possible.
    ``encoding`` ("utf-8" or "latin-1") is for the TRF reports: their first line names it,
    and a name it cannot write is refused.
    An unknown format, or a value that cannot be written, is an :class:`ExportError`.
    """
    return export_report(store, fmt, details, encoding)[0]


def export_report(
    store: EventStore, fmt: str, details: EventDetails | None = None, encoding: str = "utf-8"
) -> tuple[str, list[str]]:
    """The export and, for a TRF report, what FIDE requires that the event does not say."""
    if encoding not in ENCODING_NAMES:
        raise ExportError(f"unknown encoding {encoding!r}; use one of {', '.join(ENCODING_NAMES)}")
    write = writer(fmt)
    is_trf = fmt.startswith("trf")
    if encoding != "utf-8" and not is_trf:
        raise ExportError(f"--encoding {encoding} is for the TRF reports; {fmt} is UTF-8")
    return _export(store, write, is_trf, details, encoding)


def _export(
    store: EventStore,
    write: Callable[..., str],
    is_trf: bool,
    details: EventDetails | None,
    encoding: str,
) -> tuple[str, list[str]]:
    snap = take_snapshot(store, details)
    if not is_trf:
        # Each writer shows control characters in its cells as escapes; this is the last
        # look, for what leaves by a road no cell took (JSON writes its own escapes).
        text = write(snap)
        return (text if write.__name__ == "json_text" else visible(text, lines=True)), []
    text = write(snap, encoding=encoding)
    encodable(text, encoding)
    return text, missing_for_fide(snap)


def encodable(text: str, encoding: str) -> None:
    """Refuse, naming the player or record, a text that ``encoding`` cannot write."""
    try:
        text.encode(encoding)
    except UnicodeEncodeError as exc:
        line = text[: exc.start].count("\n") + 1
        record = text.splitlines()[line - 1]
        char = text[exc.start]
        where = (
            f"player {record[4:8].strip()} {record[14:47].strip()!r}"
            if record.startswith("001")
            else f"record {record[:3]} ({record[4:].strip()!r})"
        )
        raise ExportError(
            f"{ENCODING_NAMES.get(encoding, encoding)} cannot write {char!r} in "
            f"{where}, line {line}; export in UTF-8 (the default)"
        ) from None


ENCODING_NAMES = {"utf-8": "UTF-8", "latin-1": "Latin-1"}


def writer(fmt: str) -> Callable[[Snapshot], str]:
    """The function that writes ``fmt`` from a snapshot."""
    where = _WRITERS.get(fmt)
    if where is None:
        raise ExportError(f"unknown export format {fmt!r}; use one of {', '.join(FORMATS)}")
    module = importlib.import_module(f"{__name__}.{where[0]}")
    function: Callable[[Snapshot], str] = getattr(module, where[1])
    return function
