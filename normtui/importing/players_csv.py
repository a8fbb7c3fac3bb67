"""The players file of a new event: ``name,rating,federation,fide_id`` (and, if wanted,
``title`` and ``sex`` for the rating report, ``k`` and ``birth_year`` for the rating change).
``assets/players-example.csv`` is one.

Only ``name`` must have a value; the other three columns must be there but may be empty. Every
problem is reported with its line number, and the first one stops the reading: an event is
never created from a half-read list.

Spreadsheets are taken as they save: comma-, semicolon- or tab-separated (a Norwegian Excel
separates with ";", since "," is its decimal sign; a first line ``sep=;`` is understood), in
UTF-8, UTF-16 or Windows-1252 (:func:`normtui.text.read_text_file`). Text is cleaned as
everything entering the event is (:func:`normtui.text.clean_text`); a cell holding control
characters (a terminal's escape sequence, a line break) is refused with its line number.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from normtui.rules.model import FIDE_TITLES
from normtui.store.core import given_text
from normtui.store.errors import InputError
from normtui.store.event import PlayerInput, check_players
from normtui.text import TextFileError, clean_text, is_number, read_text_file

__all__ = [
    "COLUMNS",
    "MAX_RATING",
    "OPTIONAL",
    "by_number",
    "numbered_file",
    "parse_players_csv",
    "parse_rows",
    "player_from_cells",
    "read_players_csv",
    "read_players_text",
]

COLUMNS = ("name", "rating", "federation", "fide_id")
OPTIONAL = ("title", "sex", "k", "birth_year", "number")
# The schema's bound (players.rating); FIDE's lowest published rating is 1400, but a national
# rating of an unrated junior can be lower.
MAX_RATING = 4000
MAX_FILE_BYTES = 1 << 20
_SEPARATORS = (",", ";", "\t")


def read_players_csv(path: str | Path) -> list[PlayerInput]:
    return parse_players_csv(read_players_text(path), source=str(path))


def read_players_text(path: str | Path) -> str:
    """The players file's text, however a spreadsheet saved it."""
    try:
        return read_text_file(path, limit=MAX_FILE_BYTES, what="players file")
    except TextFileError as exc:
        raise InputError(str(exc)) from None


def _separator(text: str) -> tuple[str, str]:
    """The separator, and the text without an Excel ``sep=`` line."""
    first, _, rest = text.partition("\n")
    line = first.rstrip("\r")  # not strip(): the separator may be a tab
    if line.lower().startswith("sep=") and len(line) == 5:
        return line[4], rest
    header = first.lower()
    found = [s for s in _SEPARATORS if "name" in [c.strip() for c in header.split(s)]]
    return (found[0] if found else ","), text


def parse_players_csv(text: str, *, source: str = "players file") -> list[PlayerInput]:
    """The players in pairing order: the file's ``number`` column where it has one (the
    drawing of lots made at the technical meeting), else the order of the lines."""
    players = []
    for where, cells in by_number(parse_rows(text, source=source)):
        players.append(player_from_cells(cells, where))
        check_players(players, where)
    return players


def parse_rows(
    text: str, *, source: str = "players file", required: tuple[str, ...] = COLUMNS
) -> list[tuple[str, dict[str, str]]]:
    """Each player's line, as (where, its cells by column, cleaned); a column the header does
    not have is an empty cell. The header must have ``required``."""
    separator, text = _separator(text)
    try:
        reader = csv.reader(io.StringIO(text), delimiter=separator)
        rows = [(n, row) for n, row in enumerate(reader, start=1) if any(c.strip() for c in row)]
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):
            raise InputError(f"{source}: a field longer than 128 KB: not a players list") from None
        raise InputError(f"{source} is not a CSV file a spreadsheet writes ({exc})") from None
    if not rows:
        raise InputError(f"{source} is empty; it needs the header {','.join(required)}")
    header = [c.strip().lower() for c in rows[0][1]]
    missing = [c for c in required if c not in header]
    if missing:
        raise InputError(
            f"{source}: the header lacks the column {missing[0]!r} (expected "
            f"{','.join(required)}, separated by commas or semicolons)"
        )
    unknown = [c for c in header if c not in COLUMNS + OPTIONAL]
    if unknown:
        raise InputError(
            f"{source}: unknown column {unknown[0]!r} "
            f"(expected {','.join(COLUMNS)}, and optionally {','.join(OPTIONAL)})"
        )
    if len(set(header)) != len(header):
        raise InputError(f"{source}: a column appears twice in the header")
    found = []
    for line, row in rows[1:]:
        if len(row) != len(header):
            raise InputError(
                f"{source} line {line}: {len(row)} fields, the header has {len(header)}"
            )
        where = f"{source} line {line}"
        cells = dict.fromkeys(COLUMNS + OPTIONAL, "") | {
            k: clean_text(given_text(v, f"{where}: the {k}"))
            for k, v in zip(header, row, strict=True)
        }
        found.append((where, cells))
    return found


def numbered_file(path: str | Path) -> bool:
    """Whether the players file gives the pairing numbers (a ``number`` column with values)."""
    rows = parse_rows(read_players_text(path), source=str(path), required=())
    return any(cells["number"] for _, cells in rows)


def by_number(rows: list[tuple[str, dict[str, str]]]) -> list[tuple[str, dict[str, str]]]:
    """``rows`` in the order of their ``number`` column (pairing numbers 1..N, each once), or
    as they are where the column is absent or empty; a line without its number, or with one
    outside 1..N or another line's, is refused by its line."""
    if not any(cells["number"] for _, cells in rows):
        return rows
    size = len(rows)
    taken: dict[int, tuple[str, str]] = {}
    for where, cells in rows:
        text, name = cells["number"], cells["name"] or cells["fide_id"]
        if not text:
            raise InputError(
                f"{where}: {name} has no pairing number; with a number column every "
                f"player has one (1 to {size})"
            )
        if not is_number(text) or len(text) > 4 or not 1 <= int(text) <= size:
            raise InputError(
                f"{where}: pairing number {text!r} of {name} is not one of 1 to {size} "
                f"(the field has {size} players)"
            )
        number = int(text)
        if number in taken:
            holder, line = taken[number]
            raise InputError(
                f"{where}: pairing number {number} of {name} is already {holder}'s ({line}); "
                "each number once"
            )
        taken[number] = (name, " ".join(where.split()[-2:]))
    return sorted(rows, key=lambda row: int(row[1]["number"]))


def player_from_cells(cells: dict[str, str], where: str) -> PlayerInput:
    """One player from the cells of a line, each checked as the rating report needs it."""
    name = cells["name"]
    if not name:
        raise InputError(f"{where}: the name is empty")
    rating: int | None = None
    if cells["rating"]:
        text = cells["rating"]
        if not is_number(text) or len(text) > 4 or int(text) > MAX_RATING:
            raise InputError(
                f"{where}: rating {text!r} of {name} is not a valid rating (a "
                f"whole number from 0 to {MAX_RATING}, or empty for no rating)"
            )
        rating = int(text)
    federation = cells["federation"].upper() or None
    if federation is not None and not (
        federation.isascii() and federation.isalpha() and 2 <= len(federation) <= 3
    ):
        raise InputError(
            f"{where}: federation {cells['federation']!r} of {name} is not a 2- or 3-letter code"
        )
    title = cells.get("title", "").upper() or None
    if title is not None and title not in FIDE_TITLES:
        raise InputError(
            f"{where}: title {cells['title']!r} of {name} is not a FIDE title "
            f"({', '.join(FIDE_TITLES)})"
        )
    sex = cells.get("sex", "").lower() or None
    if sex is not None and sex not in ("m", "w"):
        raise InputError(f"{where}: sex {cells['sex']!r} of {name}: m or w, as FIDE reports it")
    k = _whole(
        cells.get("k", ""),
        1,
        100,
        f"{where}: K {cells.get('k')!r} of {name} is not FIDE's K (10, 20 or 40)",
    )
    born = _whole(
        cells.get("birth_year", ""), 1900, 2100,
        f"{where}: birth year {cells.get('birth_year')!r} of {name} is not a year (e.g. 1990)",
    )  # fmt: skip
    return PlayerInput(
        name,
        rating,
        federation,
        cells["fide_id"] or None,
        title,
        sex,
        k,
        "csv" if k is not None else None,
        born,
    )


def _whole(text: str, low: int, high: int, refusal: str) -> int | None:
    """A whole number from ``low`` to ``high``, ``None`` for an empty cell."""
    if not text:
        return None
    if not is_number(text) or len(text) > len(str(high)) or not low <= int(text) <= high:
        raise InputError(refusal)
    return int(text)
