"""§1: the blitz opener, a single round robin played before the classical rounds.

Its final ranking decides the order in which players choose their pairing numbers
(:func:`normtui.rules.lots.numbers_by_choice`), so it must be a strict order: ties on points are
broken by Sonneborn-Berger, most wins, most wins with Black, and then by lots.

Scoring is the usual 1 / ½ / 0 (``profile.blitz_points``); Sonneborn-Berger is computed on the
same basis. There is no Armageddon in the blitz opener.

>>> from normtui.rules.model import Game, MainResult, Player
>>> players = [Player(1, "So"), Player(2, "Carlsen"), Player(3, "Giri")]
>>> games = [Game(1, 1, 1, 3, MainResult.WHITE_WIN), Game(2, 1, 3, 2, MainResult.DRAW),
...          Game(3, 1, 2, 1, MainResult.DRAW)]
>>> from normtui.rules.profile import BlitzPoints
>>> [(r.shared_rank, r.name, str(r.points)) for r in _rank(players, games,
...     BlitzPoints(Decimal(1), Decimal("0.5"), Decimal(0)), None)]
[('1', 'So', '1.5'), ('2', 'Carlsen', '1.0'), ('3', 'Giri', '0.5')]
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from normtui.rules.berger import Pairing, berger_schedule
from normtui.rules.lots import lots_order
from normtui.rules.model import Colour, Game, MainResult, Player, RuleError
from normtui.rules.profile import BlitzPoints, Profile
from normtui.rules.scoring import blitz_points
from normtui.rules.standings import Standing, rank_rows

__all__ = ["BLITZ_TIEBREAKS", "blitz_pairings", "blitz_standings"]

# This reading of §1 for the opener; the profile has no key for it, and the rule book
# gives none, so these are the play-off's tie-breaks (§5) less the lots, which are optional here.
BLITZ_TIEBREAKS = ("sonneborn_berger", "wins", "black_wins")


def blitz_pairings(players: int) -> list[list[Pairing]]:
    """The opener's rounds: one Berger cycle (§1)."""
    return berger_schedule(players, 1)


def blitz_standings(
    players: Sequence[Player],
    games: Sequence[Game],
    profile: Profile,
    *,
    lots_seed: int | None = None,
) -> list[Standing]:
    """The blitz opener's table, best first.

    With ``lots_seed`` the players still equal after every tie-break are ordered by a drawing
    of lots from that seed: the whole field is drawn once (:func:`lots_order` over the pairing
    numbers) and only the order inside a tie matters, so the result depends on the seed alone,
    not on which ties happen to occur. ``Standing.extra["lots"]`` records each player's draw
    (bigger is better). Without a seed, equal rows share the place ("3-4") until one is drawn.
    """
    return _rank(players, games, profile.blitz_points, lots_seed)


def _rank(
    players: Sequence[Player], games: Sequence[Game], points: BlitzPoints, lots_seed: int | None
) -> list[Standing]:
    numbers = {p.number for p in players}
    total = {n: Decimal(0) for n in numbers}
    wins = dict.fromkeys(numbers, 0)
    black_wins = dict.fromkeys(numbers, 0)
    played = dict.fromkeys(numbers, 0)
    scored: list[tuple[Game, Decimal, Decimal]] = []
    for g in games:
        if g.armageddon is not None:
            raise RuleError(
                f"blitz round {g.round} board {g.board}: the blitz opener has no Armageddon",
                "Regulations §1",
            )
        if g.result is None:
            continue
        for n in (g.white, g.black):
            if n not in numbers:
                raise RuleError(
                    f"blitz round {g.round}: player {n} is not in the field", "Regulations §1"
                )
        pts_w, pts_b = blitz_points(g.result, points)
        scored.append((g, pts_w, pts_b))
        total[g.white] += pts_w
        total[g.black] += pts_b
        played[g.white] += 1
        played[g.black] += 1
        winner = g.result.winner
        if winner is not None:
            wins[g.white if winner is Colour.WHITE else g.black] += 1
            if g.result is MainResult.BLACK_WIN:
                black_wins[g.black] += 1
    sb = {n: Decimal(0) for n in numbers}
    for g, pts_w, pts_b in scored:
        sb[g.white] += pts_w * total[g.black]
        sb[g.black] += pts_b * total[g.white]
    order: tuple[str, ...] = BLITZ_TIEBREAKS
    lots: dict[int, Decimal] = {}
    if lots_seed is not None:
        drawn = lots_order(sorted(numbers), lots_seed)
        lots = {n: Decimal(len(drawn) - i) for i, n in enumerate(drawn)}
        order = (*BLITZ_TIEBREAKS, "lots")
    rows = [
        Standing(
            number=p.number,
            name=p.name,
            points=total[p.number],
            sonneborn_berger=sb[p.number],
            wins=wins[p.number],
            black_wins=black_wins[p.number],
            games=played[p.number],
            counted=True,
            extra={"lots": lots[p.number]} if lots else {},
        )
        for p in players
    ]
    return rank_rows(rows, order)
