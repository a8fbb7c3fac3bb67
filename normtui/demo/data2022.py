"""The real Norway Chess 2022 as the demo tools read it (``assets/data/norway-chess-2022``, see
its SOURCE.md): the pairing numbers, the games with their published texts, the players with
their ratings, FIDE ids and titles from the games' tags."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from normtui.assets import DATA_2022
from normtui.pgn.reader import iter_games
from normtui.pgn.tags import read_tags
from normtui.store import PlayerInput

__all__ = ["DATA_2022", "NUMBERS", "PgnGame", "players_2022", "read_games"]

# The pairing numbers of 2022 (SOURCE.md): So won the blitz opener and chose number 1.
NUMBERS = (
    "So, Wesley",
    "Carlsen, Magnus",
    "Giri, Anish",
    "Anand, Viswanathan",
    "Mamedyarov, Shakhriyar",
    "Tari, Aryan",
    "Vachier-Lagrave, Maxime",
    "Topalov, Veselin",
    "Wang, Hao",
    "Radjabov, Teimour",
)


@dataclass(frozen=True)
class PgnGame:
    tags: dict[str, str]
    text: str

    @property
    def round(self) -> int:
        return int(self.tags["Round"].split(".")[0])


def read_games(path: Path) -> list[PgnGame]:
    """The games of a PGN file, each with its tags and its text exactly as published."""
    return [PgnGame(read_tags(g.header_text), g.text.strip() + "\n") for g in iter_games(path)]


def players_2022(classical: list[PgnGame], armageddon: list[PgnGame]) -> list[PlayerInput]:
    rating: dict[str, int] = {}
    fide: dict[str, str] = {}
    title: dict[str, str] = {}
    for g in classical + armageddon:
        for colour in ("White", "Black"):
            name = g.tags[colour]
            if f"{colour}Elo" in g.tags:
                rating[name] = int(g.tags[f"{colour}Elo"])
            if f"{colour}FideId" in g.tags:
                fide[name] = g.tags[f"{colour}FideId"]
            if f"{colour}Title" in g.tags:  # the Armageddon records carry them
                title[name] = g.tags[f"{colour}Title"]
    return [
        PlayerInput(name, rating.get(name), None, fide.get(name), title.get(name))
        for name in NUMBERS
    ]
