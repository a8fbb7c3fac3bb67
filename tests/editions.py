"""The real editions in assets/data: their profiles, pairing numbers and published
final tables, shared by the rules tests and the command-line replays.

The published tables and where they were read are in each folder's SOURCE.md; the pairing
numbers (inferred from the games, no source states them) in assets/data/SOURCE-editions.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from normtui.assets import DATA

_TAG = re.compile(r'^\[(\w+) "(.*)"\]\s*$', re.MULTILINE)


@dataclass(frozen=True)
class Published:
    """One row of a published final table; ``prize`` is None where none was published."""

    rank: int
    name: str
    points: Decimal
    prize: int | None = None


@dataclass(frozen=True)
class Edition:
    folder: str
    profile: str
    numbers: tuple[str, ...]  # pairing numbers 1..n, as the PGN spells the names
    table: tuple[Published, ...]  # the published final table, best first
    classical: int  # classical games in the file
    armageddon: int  # Armageddon games in the file
    ratings: dict[str, int | None]  # the players' ratings for the event's players file

    @property
    def path(self) -> Path:
        return DATA / self.folder


def _table(*rows: tuple[str, str, int | None]) -> tuple[Published, ...]:
    return tuple(
        Published(i, name, Decimal(points), prize)
        for i, (name, points, prize) in enumerate(rows, start=1)
    )


EDITIONS = (
    Edition(
        "norway-chess-2020",
        "norway-chess-2020",
        (
            "Aronian, Levon",
            "Tari, Aryan",
            "Duda, Jan-Krzysztof",
            "Firouzja, Alireza",
            "Caruana, Fabiano",
            "Carlsen, Magnus",
        ),
        _table(
            ("Carlsen, Magnus", "19.5", 700_000),
            ("Firouzja, Alireza", "18.5", 370_000),
            ("Aronian, Levon", "17.5", 230_000),
            ("Caruana, Fabiano", "15.5", 180_000),
            ("Duda, Jan-Krzysztof", "9.5", 170_000),
            ("Tari, Aryan", "3.5", 160_000),
        ),
        30,
        12,
        {},
    ),
    Edition(
        "norway-chess-2021",
        "norway-chess-2021",
        (
            "Nepomniachtchi, Ian",
            "Firouzja, Alireza",
            "Tari, Aryan",
            "Rapport, Richard",
            "Carlsen, Magnus",
            "Karjakin, Sergey",
        ),
        # No prize per player was published for 2021.
        _table(
            ("Carlsen, Magnus", "19.5", None),
            ("Firouzja, Alireza", "18", None),
            ("Rapport, Richard", "16.5", None),
            ("Nepomniachtchi, Ian", "12", None),
            ("Karjakin, Sergey", "10", None),
            ("Tari, Aryan", "7", None),
        ),
        30,
        14,
        {},
    ),
    Edition(
        "norway-chess-2025",
        "norway-chess-2025",
        (
            "Wei, Yi",
            "Caruana, Fabiano",
            "Carlsen, Magnus",
            "Gukesh, D",
            "Nakamura, Hikaru",
            "Erigaisi, Arjun",
        ),
        _table(
            ("Carlsen, Magnus", "16", 700_000),
            ("Caruana, Fabiano", "15.5", 350_000),
            ("Gukesh, D", "14.5", 200_000),
            ("Nakamura, Hikaru", "14", 170_000),
            ("Erigaisi, Arjun", "13", 150_000),
            ("Wei, Yi", "9.5", 120_000),
        ),
        30,
        15,
        {},
    ),
    Edition(
        "norway-chess-women-2025",
        "norway-chess-women-2025",
        (
            "Muzychuk, Anna",
            "Koneru, Humpy",
            "Lei, Tingjie",
            "Ju, Wenjun",
            "Vaishali, Rameshbabu",
            "Khademalsharieh, Sarasadat",
        ),
        _table(
            ("Muzychuk, Anna", "16.5", 700_000),
            ("Lei, Tingjie", "16", 350_000),
            ("Koneru, Humpy", "15", 200_000),
            ("Ju, Wenjun", "13.5", 170_000),
            ("Vaishali, Rameshbabu", "11", 150_000),
            ("Khademalsharieh, Sarasadat", "9", 120_000),
        ),
        30,
        18,
        # A known flaw of the TWIC file (SOURCE-editions.md): it gives Ju Wenjun 2281 (real
        # 2580) and Koneru Humpy 2508 (real 2543), and no rating for Vaishali. The players
        # file takes the real ratings from SOURCE-editions.md, never the file's; Vaishali's
        # stays empty, as no source at hand gives it.
        {"Ju, Wenjun": 2580, "Koneru, Humpy": 2543, "Vaishali, Rameshbabu": None},
    ),
)
BY_FOLDER = {e.folder: e for e in EDITIONS}


def tags(path: Path) -> list[dict[str, str]]:
    """The tags of every game of a PGN file, in file order."""
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n").strip()
    return [dict(_TAG.findall(chunk)) for chunk in re.split(r"\n\s*\n(?=\[Event )", text)]


def real_rounds(edition: Edition) -> dict[int, set[tuple[int, int]]]:
    """Round -> {(White's number, Black's number)} as the classical games were played."""
    number = {name: i for i, name in enumerate(edition.numbers, start=1)}
    rounds: dict[int, set[tuple[int, int]]] = {}
    for t in tags(edition.path / "classical.pgn"):
        rnd = int(t["Round"].split(".")[0])
        rounds.setdefault(rnd, set()).add((number[t["White"]], number[t["Black"]]))
    return rounds


def players_csv(edition: Edition, path: Path) -> Path:
    """The event's players file: the pairing numbers in order, with the PGN's ratings except
    where the edition documents them wrong."""
    rating: dict[str, str] = {}
    for kind in ("classical", "armageddon"):
        for t in tags(edition.path / f"{kind}.pgn"):
            for colour in ("White", "Black"):
                if t.get(f"{colour}Elo", "").isdigit():
                    rating[t[colour]] = t[f"{colour}Elo"]
    lines = ["name,rating,federation,fide_id"]
    for name in edition.numbers:
        value = edition.ratings[name] if name in edition.ratings else rating.get(name)
        lines.append(f'"{name}",{value if value is not None else ""},,')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
