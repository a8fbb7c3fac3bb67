"""A real event's FIDE numbers reproduced independently: Norway Chess 2022's 45 classical games
(their PGN's Elo tags and results, read here with a regular expression, not normtui's reader),
each player's K × ΣΔR, expected score, Ra and Rp computed by a small script of its own from
FIDE's tables as printed (B.02 8.1.1 and 8.1.2, typed here again as the rows' upper bounds),
and compared with `normtui ratings --json` of the event built from the same games. The tables
themselves are compared with FIDE's reference tool's (TieBreakServer's fidetables.py) where
it is beside the clone."""

from __future__ import annotations

import importlib.util
import json
import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.assets import DATA_2022
from normtui.cli import cli
from normtui.rules.fide_tables import DP_BY_PERCENT
from normtui.rules.rating import pd
from tests.export import tiebreakserver

# Table 8.1.2, the highest D of each row (PD of the higher-rated player .50, .51, … .99;
# above 735: 1.0).
UPPER = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
    328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
]  # fmt: skip
# Table 8.1.1, dp for p = 0.50, 0.51, … 1.0.
DP = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
    351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
]  # fmt: skip


def expected(me: int, other: int) -> Decimal:
    """PD of a player rated ``me`` against ``other`` (both below 2650 here or not: the rule
    of 400 applied as B.02 8.3.1 says since October 2025)."""
    gap = other - me
    if me < 2650:
        gap = max(-400, min(400, gap))
    row = next((i for i, top in enumerate(UPPER) if abs(gap) <= top), len(UPPER))
    higher = Decimal(50 + row) / 100
    return higher if gap <= 0 else 1 - higher


def dp_of(score: Decimal, games: int) -> int:
    p = int((score * 100 / games).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    return DP[p - 50] if p >= 50 else -DP[50 - p]


def games_2022() -> list[dict[str, str]]:
    text = (DATA_2022 / "classical.pgn").read_text(encoding="utf-8")
    found = []
    for head in re.split(r"\n\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', head, re.MULTILINE))
        if "WhiteElo" in tags:
            found.append(tags)
    return found


def test_the_tables_are_typed_as_fide_prints_them() -> None:
    for gap in range(-1000, 1001):
        assert expected(2000, 2000 + gap) == pd(max(-400, min(400, gap)))
    assert [DP_BY_PERCENT[50 + i] for i in range(51)] == DP


def test_the_tables_agree_with_fides_reference_tool() -> None:
    """TieBreakServer (FIDE's tie-break and rating reference, MIT) carries the tables of the
    handbook as lists by D (0-800) and by percentage."""
    where = tiebreakserver.location()
    if where is None:
        pytest.skip("FIDE's TieBreakServer is not beside the clone (../shared/tools)")
    spec = importlib.util.spec_from_file_location("fidetables", where / "fidetables.py")
    assert spec is not None and spec.loader is not None
    tables = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tables)
    for gap in range(801):
        assert pd(-gap) == Decimal(tables.DiffToPd[gap]) / 100, gap
    assert [DP_BY_PERCENT[p] for p in range(101)] == list(tables.ScoreToDp)


def test_norway_chess_2022_reproduced(path_2022: Path) -> None:
    games = games_2022()
    assert len(games) == 45
    ratings: dict[str, int] = {}
    for g in games:
        ratings[g["White"]] = int(g["WhiteElo"])
        ratings[g["Black"]] = int(g["BlackElo"])
    delta: dict[str, Decimal] = dict.fromkeys(ratings, Decimal(0))
    score: dict[str, Decimal] = dict.fromkeys(ratings, Decimal(0))
    pds: dict[str, Decimal] = dict.fromkeys(ratings, Decimal(0))
    opponents: dict[str, list[int]] = {name: [] for name in ratings}
    points = {"1-0": (Decimal(1), Decimal(0)), "0-1": (Decimal(0), Decimal(1))}
    for g in games:
        white_score, black_score = points.get(g["Result"], (Decimal("0.5"), Decimal("0.5")))
        for me, other, mine in (
            (g["White"], g["Black"], white_score),
            (g["Black"], g["White"], black_score),
        ):
            e = expected(ratings[me], ratings[other])
            delta[me] += mine - e
            pds[me] += e
            score[me] += mine
            opponents[me].append(ratings[other])
    got = json.loads(
        CliRunner()
        .invoke(cli, ["ratings", str(path_2022), "--json"], catch_exceptions=False)
        .stdout
    )
    assert len(got) == 10
    for row in got:
        name = row["player"]
        k = 10  # every player rated 2400 or more (B.02 8.3.3), 9 games: K x n = 90
        ra = int((Decimal(sum(opponents[name])) / 9).quantize(Decimal(1), rounding=ROUND_HALF_UP))
        assert (row["rating"], row["k"], row["games"]) == (ratings[name], k, 9), name
        assert Decimal(str(row["score"])) == score[name], name
        assert Decimal(str(row["expected"])) == pds[name], name
        assert Decimal(str(row["change_exact"])) == k * delta[name], name
        assert (row["ra"], row["rp"]) == (ra, ra + dp_of(score[name], 9)), name
    # Carlsen, the winner: 6 of 9 classical points at 2864, his opponents' average 2742.
    carlsen = next(r for r in got if r["player"].startswith("Carlsen"))
    assert (carlsen["score"], carlsen["ra"], carlsen["rating"]) == (6.0, 2742, 2864)
