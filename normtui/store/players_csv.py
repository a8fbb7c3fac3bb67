"""The players file of a new event: ``name,rating,federation,fide_id`` (and, if wanted,
``title`` and ``sex`` for the rating report).

Only ``name`` must have a value; the other three columns must be there but may be empty. Every
problem is reported with its line number, and the first one stops the reading: an event is
never created from a half-read list.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path

from normtui.rules.model import FIDE_TITLES
from normtui.store.errors import InputError
from normtui.store.records import PlayerInput

__all__ = ["COLUMNS", "check_players", "parse_players_csv", "read_players_csv"]

COLUMNS = ("name", "rating", "federation", "fide_id")
OPTIONAL = ("title", "sex")


def read_players_csv(path: str | Path) -> list[PlayerInput]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read players file {path}: {exc}") from None
    return parse_players_csv(text, source=str(path))


def parse_players_csv(text: str, *, source: str = "players file") -> list[PlayerInput]:
    reader = csv.reader(io.StringIO(text))
    rows = [(n, row) for n, row in enumerate(reader, start=1) if any(c.strip() for c in row)]
    if not rows:
        raise InputError(f"{source} is empty; it needs the header {','.join(COLUMNS)}")
    header = [c.strip().lower() for c in rows[0][1]]
    missing = [c for c in COLUMNS if c not in header]
    if missing:
        raise InputError(f"{source}: the header lacks the column {missing[0]!r} "
                         f"(expected {','.join(COLUMNS)})")
    unknown = [c for c in header if c not in COLUMNS + OPTIONAL]
    if unknown:
        raise InputError(f"{source}: unknown column {unknown[0]!r} "
                         f"(expected {','.join(COLUMNS)}, and optionally {','.join(OPTIONAL)})")
    if len(set(header)) != len(header):
        raise InputError(f"{source}: a column appears twice in the header")
    players = []
    for line, row in rows[1:]:
        if len(row) != len(header):
            raise InputError(f"{source} line {line}: {len(row)} fields, the header has "
                             f"{len(header)}")
        cells = {k: v.strip() for k, v in zip(header, row, strict=True)}
        players.append(_player(cells, f"{source} line {line}"))
    check_players(players, source)
    return players


def _player(cells: dict[str, str], where: str) -> PlayerInput:
    name = " ".join(cells["name"].split())
    if not name:
        raise InputError(f"{where}: the name is empty")
    rating: int | None = None
    if cells["rating"]:
        if not cells["rating"].isdigit():
            raise InputError(f"{where}: rating {cells['rating']!r} of {name} is not a number")
        rating = int(cells["rating"])
        if rating > 4000:
            raise InputError(f"{where}: rating {rating} of {name} is not a chess rating")
    federation = cells["federation"].upper() or None
    if federation is not None and not (federation.isalpha() and 2 <= len(federation) <= 3):
        raise InputError(f"{where}: federation {cells['federation']!r} of {name} is not a "
                         "2- or 3-letter code")
    fide_id = cells["fide_id"] or None
    if fide_id is not None and not fide_id.isdigit():
        raise InputError(f"{where}: FIDE id {fide_id!r} of {name} is not a number")
    title = cells.get("title", "").upper() or None
    if title is not None and title not in FIDE_TITLES:
        raise InputError(f"{where}: title {cells['title']!r} of {name} is not a FIDE title "
                         f"({', '.join(FIDE_TITLES)})")
    sex = cells.get("sex", "").lower() or None
    if sex is not None and sex not in ("m", "w"):
        raise InputError(f"{where}: sex {cells['sex']!r} of {name}: m or w, as FIDE reports it")
    return PlayerInput(name, rating, federation, fide_id, title, sex)


def check_players(players: Sequence[PlayerInput], source: str = "the player list") -> None:
    """Names are unique ignoring case, as players are found by name."""
    seen: dict[str, str] = {}
    for p in players:
        key = p.name.casefold()
        if key in seen:
            raise InputError(f"{source}: {p.name!r} is listed twice")
        seen[key] = p.name
        if p.name.strip().isdigit():
            raise InputError(f"{source}: {p.name!r} is a number, not a name (numbers are "
                             "pairing numbers)")
