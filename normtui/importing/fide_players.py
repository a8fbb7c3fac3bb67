"""Players of a new event from their FIDE ids and FIDE's rating list (``normtui new --players
CSV --fide-list FILE``), and the recorded players brought up to a list before the start
(``normtui player DB --fide-list FILE``).

The players file may then hold a ``fide_id`` column alone: each player's name, federation,
sex, title, standard rating, K and year of birth come from the list. What the file gives is
kept, and every difference from the list is said; K is the list's before the file's (B.02
8.3.3: FIDE publishes each player's K with the list), the rule's when neither has one. A line
of a FIDE id the list does not have keeps what the file gives (a name it must then have).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from normtui.importing.fide_list import FideList, Listed, read_fide_list
from normtui.importing.players_csv import (
    by_number,
    parse_rows,
    player_from_cells,
    read_players_text,
)
from normtui.rules.model import Player
from normtui.store.errors import InputError
from normtui.store.event import PlayerInput, check_players

__all__ = ["FromList", "list_changes", "players_from_list", "read_list_for"]


@dataclass(frozen=True)
class FromList:
    """The players as the event will record them, what was said of each, and the list."""

    players: list[PlayerInput]
    notes: list[str]
    month: str | None


# The players file's cells a list fills, and what the list calls each.
_FILLED = ("name", "rating", "federation", "sex", "title", "birth_year")
_SAID = {
    "name": "name",
    "rating": "rating",
    "federation": "federation",
    "sex": "sex",
    "title": "title",
    "birth_year": "year of birth",
    "k": "K",
}


def _cell(listed: Listed, key: str) -> str:
    value = {
        "name": listed.name,
        "rating": listed.rating,
        "federation": listed.federation,
        "sex": listed.sex,
        "title": listed.title,
        "birth_year": listed.birth_year,
        "k": listed.k,
    }[key]
    return "" if value is None else str(value)


def _same(key: str, given: str, listed: str) -> bool:
    if key in ("federation", "title", "sex"):
        return given.casefold() == listed.casefold()
    if key in ("rating", "birth_year", "k"):
        return given.lstrip("0") == listed.lstrip("0")
    return given == listed


def read_list_for(path: Path, ids: Sequence[str], month: str | None) -> FideList:
    """The list's players of ``ids``, its month (``month`` when the list does not say it, and
    checked against it when it does)."""
    found = read_fide_list(path, ids)
    if month is not None and found.month is not None and month != found.month:
        raise InputError(
            f"{path} is the list of {found.month}, not of {month} (--list-month): give one or "
            "the other"
        )
    if month is None and found.month is None:
        raise InputError(
            f"{path} does not say its month (FIDE's combined and XML lists do not): give it "
            "with --list-month YYYY-MM, the month of the list in effect at the start (B.01 "
            "§1.4.6a)"
        )
    found.month = found.month or month
    return found


def players_from_list(csv_path: Path, list_path: Path, *, month: str | None = None) -> FromList:
    """The players of ``csv_path`` (a ``fide_id`` column at least) filled from the list."""
    rows = by_number(
        parse_rows(read_players_text(csv_path), source=str(csv_path), required=("fide_id",))
    )
    ids = [cells["fide_id"] for _, cells in rows if cells["fide_id"].isdigit()]
    found = read_list_for(list_path, ids, month)
    notes = list(found.problems)
    players: list[PlayerInput] = []
    for where, cells in rows:
        fide_id = cells["fide_id"]
        listed = found.found.get(str(int(fide_id))) if fide_id.isdigit() else None
        from_list_k = False
        if fide_id and listed is None:
            if not cells["name"]:
                raise InputError(
                    f"{where}: FIDE id {fide_id} is not in the list {list_path}, and the line "
                    "has no name"
                )
            notes.append(f"{where}: FIDE id {fide_id} is not in the list: kept as the file has it")
        elif listed is not None:
            for key in _FILLED:
                value = _cell(listed, key)
                if not cells[key]:
                    cells[key] = value
                elif value and not _same(key, cells[key], value):
                    notes.append(
                        f"{where}: {listed.name}: {_SAID[key]} {cells[key]} in the players "
                        f"file, {value} in the list: {cells[key]} kept"
                    )
            if listed.k is not None and listed.rating is not None:
                if cells["k"] and not _same("k", cells["k"], str(listed.k)):
                    notes.append(
                        f"{where}: {listed.name}: K {cells['k']} in the players file, "
                        f"{listed.k} in the list: the list's K (B.02 §8.3.3)"
                    )
                cells["k"] = str(listed.k)
                from_list_k = True
            if listed.inactive:
                notes.append(f"{where}: {listed.name} is inactive on the list")
        elif not cells["name"]:
            raise InputError(f"{where}: neither a name nor a FIDE id")
        player = player_from_cells(cells, where)
        if from_list_k:
            player = replace(player, k_source="list")
        players.append(player)
        check_players(players, where)
    return FromList(players, notes, found.month)


def list_changes(player: Player, listed: Listed) -> dict[str, str | int | None]:
    """What the list says of a recorded player that the event records otherwise: rating, K,
    title, federation, sex and year of birth (the name stays the event's; what the list does
    not give stays as recorded)."""
    wanted: dict[str, str | int | None] = {
        "rating": listed.rating,
        "k": listed.k if listed.rating is not None else None,
        "title": listed.title,
        "federation": listed.federation,
        "sex": listed.sex,
        "birth_year": listed.birth_year,
    }
    have = {
        "rating": player.rating,
        "k": player.k,
        "title": player.title,
        "federation": player.federation,
        "sex": player.sex,
        "birth_year": player.birth_year,
    }
    return {k: v for k, v in wanted.items() if v is not None and v != have[k]}
