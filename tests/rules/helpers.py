"""Small builders shared by the rules tests: games from strings, profiles for other fields, and
the real 2022 event read from its PGN files (python-chess is fine here, never in normtui.rules)."""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from pathlib import Path

import chess.pgn

from normtui.assets import DATA_2022, read_profile_text
from normtui.rules.berger import berger_round
from normtui.rules.model import (
    Game,
    Player,
    PlayerStatus,
    parse_armageddon_result,
    parse_result,
)
from normtui.rules.profile import Profile, load_profile
from normtui.rules.results import state_for

NUMBERS_2022 = [
    "So",
    "Carlsen",
    "Giri",
    "Anand",
    "Mamedyarov",
    "Tari",
    "Vachier-Lagrave",
    "Topalov",
    "Wang Hao",
    "Radjabov",
]


def game(
    round_: int,
    board: int,
    white: int,
    black: int,
    result: str | None = None,
    armageddon: str | None = None,
) -> Game:
    main = parse_result(result) if result else None
    arm = parse_armageddon_result(armageddon) if armageddon else None
    return Game(round_, board, white, black, main, arm, state_for(main, arm))


def players(n: int, withdrawn: int | None = None) -> list[Player]:
    """``n`` players numbered 1..n; ``withdrawn`` names one who withdrew (§9)."""
    return [
        Player(i, f"P{i}", status=PlayerStatus.WITHDRAWN if i == withdrawn else PlayerStatus.ACTIVE)
        for i in range(1, n + 1)
    ]


@cache
def small_profile(n: int, cycles: int = 1) -> Profile:
    """The 2022 rule book for an ``n``-player field: same points and tie-breaks, the first
    ``n`` prizes (fund = their sum)."""
    text = read_profile_text()
    base = load_profile(text)
    per_cycle = n - 1 if n % 2 == 0 else n
    amounts = list(base.prizes.amounts[:n])
    replacements = {
        "players = 10 ": f"players = {n} ",
        "rounds = 9 ": f"rounds = {per_cycle * cycles} ",
        "cycles = 1": f"cycles = {cycles}",
        "fund = 2500000": f"fund = {sum(amounts, Decimal(0))}",
        "amounts = [750000, 400000, 250000, 200000, 180000, 170000, 160000, 140000, 130000, "
        "120000]": f"amounts = [{', '.join(str(a) for a in amounts)}]",
    }
    for old, new in replacements.items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return load_profile(text)


def _headers(path: Path) -> list[chess.pgn.Headers]:
    out = []
    with path.open(encoding="utf-8") as f:
        while (g := chess.pgn.read_game(f)) is not None:
            out.append(g.headers)
    return out


def _surname(name: str) -> str:
    last = name.partition(",")[0]
    # Wang Hao is "Wang, Hao": his family name alone would be ambiguous in other events.
    return "Wang Hao" if last == "Wang" else last.strip()


@cache
def real_pairings_2022() -> list[tuple[int, int, int, str, str | None]]:
    """(round, White's number, Black's number, result, Armageddon result) of each real classical
    game, in the order of the PGN file, numbered by the 2022 pairing numbers."""
    number = {name: i + 1 for i, name in enumerate(NUMBERS_2022)}
    armageddons = {
        (int(h["Round"].split(".")[0]), _surname(h["White"]), _surname(h["Black"])): h["Result"]
        for h in _headers(DATA_2022 / "armageddon.pgn")
    }
    out = []
    for h in _headers(DATA_2022 / "classical.pgn"):
        round_ = int(h["Round"])
        white, black = _surname(h["White"]), _surname(h["Black"])
        out.append(
            (
                round_,
                number[white],
                number[black],
                h["Result"],
                armageddons.get((round_, white, black)),
            )
        )
    return out


@cache
def event_2022() -> tuple[list[Player], list[Game]]:
    """The 2022 main event: players by their pairing numbers, each real game on the board the
    Berger table gives it (a game that is not in the table fails loudly here)."""
    games = []
    for round_, white, black, result, armageddon in real_pairings_2022():
        boards = [(p.white, p.black) for p in berger_round(10, round_)]
        assert (white, black) in boards, f"round {round_}: {white}-{black} is not in the table"
        games.append(
            game(round_, boards.index((white, black)) + 1, white, black, result, armageddon)
        )
    return [Player(i + 1, n) for i, n in enumerate(NUMBERS_2022)], games
