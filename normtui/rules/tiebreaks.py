"""Tie-breaks of a round robin, as FIDE's Tie-Break Regulations (Handbook C.07, in force from
1 August 2024) define them, over the scores of complete pairings.

* Sonneborn-Berger (C.07 9.1, SB): for each game, the player's score times the opponent's
  total, added up.
* Koya (C.07 9.2, KS): the points the player scored against the opponents who scored 50 % or
  more of what they could score (``win`` points a game, for the games they completed).
* Extended Koya (the "Koya System Extended" of FIDE's earlier tie-break rules; in C.07 the
  limit modifier of KS, TieBreakServer's ``KS/L``): when Koya leaves a tie, the limit comes
  down one score group at a time, to include the best group below 50 %, then the next, until
  the tie is broken. The value is that sequence of Koya scores, compared in order.
* Direct encounter (C.07 6, DE): among the players still tied when it is applied, the points
  each scored in the games between them; if that separates some but not all, it is applied
  again to those still tied (C.07 6.1's subsequent loops). The value is that sequence.

In a round robin every game is against a scheduled opponent, so a forfeit counts as a game
against that opponent with its result (C.07 16 treats unplayed rounds of Swiss events; for a
round robin normtui keeps the scheduled pairing, as for SB). For a play-off round robin left
tied, the Norway Chess regulations of 2024 and 2025 name direct encounter, Sonneborn-Berger,
Koya and extended Koya over the results of the classical games (norwaychess.no/reglement-3,
2024, whose text the reading at hand breaks off there; schachstadt.com's summary of the 2025
regulations gives the list).

>>> from decimal import Decimal as D
>>> games = [Scored(1, 2, D(1), D(0)), Scored(2, 3, D("0.5"), D("0.5")),
...          Scored(3, 1, D(0), D(1))]
>>> totals = {1: D(2), 2: D("0.5"), 3: D("0.5")}
>>> sonneborn_berger(games, totals)[1], koya(games, totals, D(1))[2]
(Decimal('1.0'), Decimal('0'))
>>> direct_encounter(games, [[2, 3]])
{2: (Decimal('0.5'),), 3: (Decimal('0.5'),)}
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

__all__ = ["Scored", "direct_encounter", "extended_koya", "koya", "sonneborn_berger"]

_HALF = Decimal("0.5")


@dataclass(frozen=True)
class Scored:
    """A complete pairing as the tie-breaks read it: the two players and what each scored."""

    white: int
    black: int
    white_score: Decimal
    black_score: Decimal

    def sides(self) -> tuple[tuple[int, Decimal, int], tuple[int, Decimal, int]]:
        """(player, score, opponent) for White, then for Black."""
        return (
            (self.white, self.white_score, self.black),
            (self.black, self.black_score, self.white),
        )


def sonneborn_berger(games: Sequence[Scored], totals: Mapping[int, Decimal]) -> dict[int, Decimal]:
    """C.07 9.1: the sum over the games of score x opponent's total."""
    sb = dict.fromkeys(totals, Decimal(0))
    for g in games:
        for player, score, opponent in g.sides():
            sb[player] += score * totals[opponent]
    return sb


def _shares(
    games: Sequence[Scored], totals: Mapping[int, Decimal], win: Decimal
) -> dict[int, Decimal]:
    """Each player's total as a fraction of what their completed games could give."""
    played: dict[int, int] = defaultdict(int)
    for g in games:
        played[g.white] += 1
        played[g.black] += 1
    return {p: (totals[p] / (win * played[p]) if played[p] else Decimal(0)) for p in totals}


def _koya_at(
    games: Sequence[Scored],
    totals: Mapping[int, Decimal],
    shares: Mapping[int, Decimal],
    limit: Decimal,
) -> dict[int, Decimal]:
    ks = dict.fromkeys(totals, Decimal(0))
    for g in games:
        for player, score, opponent in g.sides():
            if shares[opponent] >= limit:
                ks[player] += score
    return ks


def koya(
    games: Sequence[Scored], totals: Mapping[int, Decimal], win: Decimal
) -> dict[int, Decimal]:
    """C.07 9.2: points scored against the opponents on 50 % or more of their possible score
    (``win`` points a game)."""
    return _koya_at(games, totals, _shares(games, totals, win), _HALF)


def extended_koya(
    games: Sequence[Scored], totals: Mapping[int, Decimal], win: Decimal
) -> dict[int, tuple[Decimal, ...]]:
    """C.07 9.2 extended: Koya with the limit lowered to each score group below 50 % in turn,
    best group first; compared in order, the first difference breaks the tie."""
    shares = _shares(games, totals, win)
    limits = sorted({s for s in shares.values() if s < _HALF}, reverse=True)
    steps = [_koya_at(games, totals, shares, limit) for limit in limits]
    return {p: tuple(step[p] for step in steps) for p in totals}


def direct_encounter(
    games: Sequence[Scored], groups: Iterable[Sequence[int]]
) -> dict[int, tuple[Decimal, ...]]:
    """C.07 6: for each group of players tied when it applies, the points each scored against
    the others of the group, applied again to those it leaves tied. Players alone in their
    group get ``()``: there is nobody to compare them with."""
    out: dict[int, tuple[Decimal, ...]] = {}
    for group in groups:
        out.update(_encounters(games, list(group)))
    return out


def _encounters(games: Sequence[Scored], group: list[int]) -> dict[int, tuple[Decimal, ...]]:
    if len(group) < 2:
        return dict.fromkeys(group, ())
    members = set(group)
    score = dict.fromkeys(group, Decimal(0))
    for g in games:
        if g.white in members and g.black in members:
            score[g.white] += g.white_score
            score[g.black] += g.black_score
    by_score: dict[Decimal, list[int]] = defaultdict(list)
    for p in group:
        by_score[score[p]].append(p)
    out: dict[int, tuple[Decimal, ...]] = {p: (score[p],) for p in group}
    if len(by_score) == 1:
        return out  # nobody separated: a further loop would repeat this one
    for tied in by_score.values():
        if len(tied) > 1:
            for p, deeper in _encounters(games, tied).items():
                out[p] += deeper
    return out
