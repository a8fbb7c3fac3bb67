"""§4 and §5: who can still finish first, and each player's best and worst possible place.

Every pairing still to be decided can end four ways (§4): a main-game win either way
(``points.win`` / ``points.loss``), or a draw and an Armageddon won either way
(``draw_armageddon_win`` / ``draw_armageddon_loss``); a drawn main game still waiting for its
Armageddon has only the last two left. First place is decided on points alone: players equal on
points at the top play the play-off (§5), so "can finish first" means "can end with at least as
many points as everyone else". Places below are also counted on points, a tie taken the best way
for the best place and the worst way for the worst place (the tie-breaks of §6 could fall either
way until the last game).

The search is exact. For the best place the player wins every game left (the most for them, the
least for those opponents), and the fewest others that must pass them is found by keeping the
rest at or below their total; for the worst place the player loses every game left and the most
others that can reach their total is found. Only the games between players the question still
constrains are searched (a player who cannot pass the mark whatever happens, or who is allowed
to, drops out of the search, and so do their games), with the states already refuted
remembered. ``tests/rules/test_contenders.py`` checks it against every outcome of small events.

>>> from normtui.rules.model import Game, MainResult, Player
>>> from normtui.rules.scoring import POINTS
>>> ps = [Player(1, "A"), Player(2, "B"), Player(3, "C")]
>>> gs = [Game(1, 1, 1, 2, MainResult.WHITE_WIN), Game(2, 1, 2, 3), Game(3, 1, 3, 1)]
>>> [(c.name, c.can_win, c.best_place, c.worst_place) for c in race(ps, gs, POINTS)]
[('A', True, 1, 3), ('B', True, 1, 3), ('C', True, 1, 3)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import combinations
from typing import TYPE_CHECKING

from normtui.rules.model import Game, Player
from normtui.rules.scoring import armageddon_due, pairing_points

if TYPE_CHECKING:
    from normtui.rules.profile import MainPoints

__all__ = ["Contender", "Open", "describe_leader", "open_pairings", "race"]


@dataclass(frozen=True)
class Open:
    """A pairing still to be decided: its two players and the (White, Black) points each way
    it can still end."""

    white: int
    black: int
    outcomes: tuple[tuple[Decimal, Decimal], ...]


@dataclass(frozen=True)
class Contender:
    """One player's race. ``max_points``/``min_points``: winning / losing every game left.
    ``can_win``: can still finish first or share it (a share means the play-off, §5);
    ``clinched``: first alone whatever happens."""

    number: int
    name: str
    points: Decimal
    max_points: Decimal
    min_points: Decimal
    best_place: int
    worst_place: int
    games_left: int

    @property
    def can_win(self) -> bool:
        return self.best_place == 1

    @property
    def clinched(self) -> bool:
        return self.worst_place == 1


def _outcomes(game: Game, points: MainPoints) -> tuple[tuple[Decimal, Decimal], ...]:
    armageddon = ((points.draw_armageddon_win, points.draw_armageddon_loss),
                  (points.draw_armageddon_loss, points.draw_armageddon_win))
    if armageddon_due(game):
        return armageddon
    return ((points.win, points.loss), (points.loss, points.win), *armageddon)


def open_pairings(games: Iterable[Game], points: MainPoints,
                  counted: frozenset[int] | None = None) -> list[Open]:
    """The pairings still to be decided among counted players (a game of a player who is not
    counted, §9, counts for nobody)."""
    out = []
    for g in games:
        if g.result is not None and not armageddon_due(g):
            continue
        if counted is not None and (g.white not in counted or g.black not in counted):
            continue
        out.append(Open(g.white, g.black, _outcomes(g, points)))
    return out


def _scale(values: Iterable[Decimal]) -> int:
    """The smallest factor that makes every value a whole number (2 for 1.5)."""
    for factor in (1, 2, 4, 10, 100, 1000):
        if all((v * factor) == (v * factor).to_integral_value() for v in values):
            return factor
    raise ValueError("points finer than a thousandth")  # pragma: no cover - profile limits


# (White, Black, the (White, Black) points of each way the pairing can end), in whole units.
_Scaled = tuple[int, int, tuple[tuple[int, int], ...]]


class _Search:
    """Whole-number points (scaled), the games left among the other players, and the most
    those games can still give each of them."""

    def __init__(self, current: dict[int, int], games: list[_Scaled],
                 gain: dict[int, int]) -> None:
        self.current = current
        self.games = games
        self.gain = gain

    # -- can the players in ``capped`` all be kept at or below their caps? -----------------------

    def can_cap(self, caps: dict[int, int]) -> bool:
        """Whether every player in ``caps`` can end at or below their cap (total points), the
        others free to take anything."""
        room = {n: cap - self.current[n] for n, cap in caps.items()}
        if any(r < 0 for r in room.values()):
            return False
        games = []
        for w, b, outs in self.games:
            if w in room and b in room:
                games.append((w, b, outs))
            elif w in room:  # the free player takes the most; the capped one the least
                room[w] -= min(o[0] for o in outs)
            elif b in room:
                room[b] -= min(o[1] for o in outs)
        if any(r < 0 for r in room.values()):
            return False
        return _cap_search(games, room)

    # -- can the players in ``targets`` all reach their targets? ---------------------------------

    def can_reach(self, targets: dict[int, int]) -> bool:
        need = {n: t - self.current[n] for n, t in targets.items()}
        games = []
        for w, b, outs in self.games:
            if w in need and b in need:
                games.append((w, b, outs))
            elif w in need:
                need[w] -= max(o[0] for o in outs)
            elif b in need:
                need[b] -= max(o[1] for o in outs)
        return _reach_search(games, need)


def _most_from(games: list[_Scaled], index: dict[int, int]) -> list[list[int]]:
    """``most[k][i]``: the most the games from ``k`` on can still give player ``i``."""
    most = [[0] * len(index) for _ in range(len(games) + 1)]
    for k in range(len(games) - 1, -1, -1):
        w, b, outs = games[k]
        row = list(most[k + 1])
        row[index[w]] += max(o[0] for o in outs)
        row[index[b]] += max(o[1] for o in outs)
        most[k] = row
    return most


def _cap_search(games: list[_Scaled],
                room: dict[int, int]) -> bool:
    players = sorted(room)
    index = {n: i for i, n in enumerate(players)}
    # Past what the games left can still give a player, a cap is no constraint any more.
    most = _most_from(games, index)
    least = [0] * (len(games) + 1)
    for k in range(len(games) - 1, -1, -1):
        least[k] = least[k + 1] + min(o[0] + o[1] for o in games[k][2])
    refuted: set[tuple[int, tuple[int, ...]]] = set()

    def go(k: int, left: list[int]) -> bool:
        if k == len(games):
            return True
        if all(left[i] >= most[k][i] for i in range(len(left))):
            return True
        if sum(left) < least[k]:
            return False
        key = (k, tuple(min(x, m) for x, m in zip(left, most[k], strict=True)))
        if key in refuted:
            return False
        w, b, outs = games[k]
        iw, ib = index[w], index[b]
        # The player with more room takes the bigger share first: the likelier way out.
        order = sorted(outs, key=lambda o: -(o[0] - o[1]) * (left[iw] - left[ib]))
        for pw, pb in order:
            if pw <= left[iw] and pb <= left[ib]:
                left[iw] -= pw
                left[ib] -= pb
                ok = go(k + 1, left)
                left[iw] += pw
                left[ib] += pb
                if ok:
                    return True
        refuted.add(key)
        return False

    return go(0, [room[n] for n in players])


def _reach_search(games: list[_Scaled],
                  need: dict[int, int]) -> bool:
    players = sorted(need)
    index = {n: i for i, n in enumerate(players)}
    most = _most_from(games, index)
    refuted: set[tuple[int, tuple[int, ...]]] = set()

    def go(k: int, want: list[int]) -> bool:
        if any(want[i] > most[k][i] for i in range(len(want))):
            return False
        if all(x <= 0 for x in want):
            return True
        key = (k, tuple(max(x, 0) for x in want))
        if key in refuted:
            return False
        w, b, outs = games[k]
        iw, ib = index[w], index[b]
        order = sorted(outs, key=lambda o: -(o[0] - o[1]) * (want[iw] - want[ib]))
        for pw, pb in order:
            want[iw] -= pw
            want[ib] -= pb
            ok = go(k + 1, want)
            want[iw] += pw
            want[ib] += pb
            if ok:
                return True
        refuted.add(key)
        return False

    return go(0, [need[n] for n in players])


def race(players: Sequence[Player], games: Sequence[Game], points: MainPoints, *,
         counted: frozenset[int] | None = None, armageddon_draw_winner: str = "black"
         ) -> list[Contender]:
    """Every counted player's race, in pairing-number order (see the module's doc)."""
    numbers = [p.number for p in players if counted is None or p.number in counted]
    names = {p.number: p.name for p in players}
    current = dict.fromkeys(numbers, Decimal(0))
    for g in games:
        scored = pairing_points(g, points, armageddon_draw_winner) if g.result else None
        if scored is None or g.white not in current or g.black not in current:
            continue
        current[g.white] += scored[0]
        current[g.black] += scored[1]
    left = open_pairings(games, points, frozenset(numbers))
    values = [*current.values(), *(v for o in left for pair in o.outcomes for v in pair)]
    k = _scale(values)
    whole = {n: int(v * k) for n, v in current.items()}
    scaled = [(o.white, o.black, tuple((int(a * k), int(b * k)) for a, b in o.outcomes))
              for o in left]
    # The most the games left can give each player, summed once: a player's most possible
    # total was summed again over every game for every player of every race (N x N x games).
    gain = dict.fromkeys(numbers, 0)
    for w, b, outs in scaled:
        gain[w] += max(o[0] for o in outs)
        gain[b] += max(o[1] for o in outs)
    out = []
    for n in numbers:
        mine = [g for g in scaled if n in (g[0], g[1])]
        # ... less what this player's own games would have given their opponents.
        gain_rest = dict(gain)
        for w, b, outs in mine:
            gain_rest[w] -= max(o[0] for o in outs)
            gain_rest[b] -= max(o[1] for o in outs)
        best_total = worst_total = whole[n]
        best_state, worst_state = dict(whole), dict(whole)
        for w, b, outs in mine:
            # Each way the game can end as (this player's points, the opponent's).
            sides = [(o[0], o[1]) if n == w else (o[1], o[0]) for o in outs]
            opponent = b if n == w else w
            # Equal points for the player: the way that gives the opponent least (best) or most.
            top = max(sides, key=lambda s: (s[0], -s[1]))
            low = min(sides, key=lambda s: (s[0], -s[1]))
            best_total += top[0]
            worst_total += low[0]
            best_state[opponent] += top[1]
            worst_state[opponent] += low[1]
        rest = [g for g in scaled if n not in (g[0], g[1])]
        others = [m for m in numbers if m != n]
        best = 1 + _fewest_above(_Search(best_state, rest, gain_rest), others, best_total)
        worst = 1 + _most_level(_Search(worst_state, rest, gain_rest), others, worst_total)
        out.append(Contender(n, names[n], current[n], Decimal(best_total) / k,
                             Decimal(worst_total) / k, best, worst, len(mine)))
    return out


def _most_possible(search: _Search, player: int) -> int:
    return search.current[player] + search.gain[player]


def _fewest_above(search: _Search, others: list[int], mark: int) -> int:
    """The fewest of ``others`` that must end above ``mark``."""
    forced = [m for m in others if search.current[m] > mark]
    could = [m for m in others if m not in forced and _most_possible(search, m) > mark]
    for size in range(len(could) + 1):
        for free in combinations(could, size):
            caps = {m: mark for m in could if m not in free}
            if search.can_cap(caps):
                return len(forced) + size
    return len(forced) + len(could)  # pragma: no cover - all free is always possible


def _most_level(search: _Search, others: list[int], mark: int) -> int:
    """The most of ``others`` that can end at ``mark`` or above."""
    sure = [m for m in others if search.current[m] >= mark]
    could = [m for m in others if m not in sure and _most_possible(search, m) >= mark]
    for size in range(len(could), 0, -1):
        for chosen in combinations(could, size):
            if search.can_reach(dict.fromkeys(chosen, mark)):
                return len(sure) + size
    return len(sure)


def describe_leader(race_rows: Sequence[Contender], decided: str = "") -> str:
    """One line for the standings: who can still finish first. ``decided``: the final
    table's line when a play-off has decided first place (said instead, once every game is
    played).

    >>> from decimal import Decimal as D
    >>> done = [Contender(1, "A", D(16), D(16), D(16), 1, 2, 0),
    ...         Contender(2, "B", D(16), D(16), D(16), 1, 2, 0)]
    >>> describe_leader(done)
    'Equal first on points: A; B (the play-off decides, §5)'
    >>> describe_leader(done, "Places 1-2 decided by the play-off (§5): B won it")
    'Places 1-2 decided by the play-off (§5): B won it'
    """
    alive = [c for c in race_rows if c.can_win]
    names = "; ".join(c.name for c in alive)
    if any(c.clinched for c in race_rows):
        return f"{alive[0].name} has won the event outright (§5: no play-off)"
    if all(c.games_left == 0 for c in race_rows):
        if decided:
            return decided
        return f"Equal first on points: {names} (the play-off decides, §5)"
    return f"Can still finish first or share it (§5 play-off on equal points): {names}"
