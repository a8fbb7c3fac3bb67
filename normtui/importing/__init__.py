"""Importing game records into an event: which game each record of a PGN text or file is,
checking it there, and keeping it with its result. The one place this is decided, for
``normtui import-pgn`` and the console's PGN entry pane alike (a service over the store and
``normtui.pgn``; no Textual).

- :mod:`normtui.importing.boards`: the main event's boards, main games and Armageddons
  (matching by round and players, the result entered with the record, conflicts reported);
- :mod:`normtui.importing.playoff`: play-off records (§5), kept for games that have a result.

python-chess is imported only when a record is checked, never by importing this package: the
console must start without it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from normtui.importing.boards import (
    TROUBLE,
    Checked,
    Kind,
    KindChoice,
    Outcome,
    Status,
    Target,
    attach,
    check_games,
    check_text,
    find_pairing,
    import_games,
    import_summary,
    kind_of_text,
    round_dates,
    round_of,
)

if TYPE_CHECKING:
    from normtui.pgn.reader import RawGame
    from normtui.store import EventStore

__all__ = [
    "TROUBLE",
    "Checked",
    "Kind",
    "KindChoice",
    "Outcome",
    "Source",
    "Stage",
    "Status",
    "Target",
    "attach",
    "check_games",
    "check_text",
    "find_pairing",
    "import_files",
    "import_games",
    "import_summary",
    "kind_of_text",
    "read_files",
    "round_dates",
    "round_of",
]

Stage = Literal["auto", "main", "armageddon", "playoff"]
Source = tuple[Path, list["RawGame"]]


# An event's games are a few MB with every comment; a file far larger is not one event's
# games (or is a device that never ends), and is refused before memory runs out.
MAX_IMPORT_BYTES = 64 << 20


def _games(path: Path) -> list[RawGame]:
    from normtui.pgn.reader import PgnReadError, iter_games  # the reader: not `normtui check`

    games, total = [], 0
    for raw in iter_games(path):
        total += raw.size
        if total > MAX_IMPORT_BYTES:
            raise PgnReadError(
                f"{path}: more than 64 MB of PGN; an import takes an event's "
                "games (`normtui validate` checks a larger file)"
            )
        games.append(raw)
    return games


def read_files(paths: Iterable[Path]) -> list[Source]:
    """Every game of every file, read before anything is written, so that a file that cannot
    be read (``PgnReadError`` or ``OSError``, one line) leaves the event as it was."""
    return [(path, _games(path)) for path in paths]


def import_files(
    store: EventStore, sources: Sequence[Source], stage: Stage = "auto", *, replace: bool = False
) -> list[Outcome]:
    """Import the files in order, each game in its own audited change, as one import: an
    Armageddon file read before its main games' file still finds their draws.

    ``replace``: a game that has a different record already takes this one in its place
    (audited, undoable), instead of being a conflict left for the arbiter."""
    if stage == "playoff":
        from normtui.importing.playoff import import_playoff  # lazy: python-chess

        return import_playoff(store, [(str(path), raws) for path, raws in sources], replace=replace)

    def checked() -> Iterator[Checked]:
        for path, raws in sources:
            # The boards are read again per file: each file is checked against the results
            # the files before it entered (an Armageddon after a decisive game is refused).
            yield from check_games(
                raws, store.profile, store.games(), stage, file=str(path), dates=round_dates(store)
            )

    return import_games(store, checked(), replace=replace)
