"""The questions behind the race (``normtui.rules.contenders``), each answered yes, no or
"undecided" within a budget of steps, never by trying every outcome of a large event.

Two questions, on whole-number points (scaled): can every player of a set be kept at or below
a cap (``can_cap``), and can every player of a set reach a target (``can_reach``)? The second
is the first in disguise: a player who must take at least ``t`` from games that give at most
``U`` must leave at most ``U - t`` of what those games could have given him, so each way a
game can end is counted as what it leaves (``U`` less the points) and the target becomes a cap.

A cap question is settled by the cheapest step that can, in this order:

- propagation: a player's least load from the games left (the least of each game) must fit
  his room, and a way a game can end that would overflow a player even with his other games
  at their least is struck out, until nothing changes; a player whom no outcome can overflow
  drops out with his games (his opponents take their least from them);
- a flow bound (``normtui.rules.race_flow``): each game must hand out at least its least
  total; if even a fractional split of those points cannot fit the players' room (a max-flow
  short of the total), no real one can: a certain no;
- a witness: a local search for a result of every game that fits every cap: a certain yes,
  returned so that the caller checks it with the real scorer;
- an exact search over the games left, refuted states remembered, within the budget.

When the budget runs out first the answer is ``None``: undecided, said so by the caller.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache, partial
from typing import Literal

from normtui.rules.race_flow import flow_fits

__all__ = ["Budget", "Endings", "Scaled", "can_cap", "can_reach"]

# (White, Black, the (White, Black) points of each way the pairing can end), in whole units.
Scaled = tuple[int, int, tuple[tuple[int, int], ...]]
# A result for games: for each game (by its index in the caller's list), the index of its ending.
Endings = dict[int, int]


class Budget:
    """Steps of work left; every search spends from it, and answers ``None`` once it is gone.
    Steps, not seconds, so that the same event gets the same answer on a loaded machine."""

    __slots__ = ("left",)

    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self, steps: int = 1) -> bool:
        self.left -= steps
        return self.left >= 0


class _OutOfSteps(Exception):
    pass


Outs = tuple[tuple[int, int], ...]


@cache
def _bounds(outs: Outs, domain: tuple[int, ...]) -> tuple[int, int, int, int]:
    """(White's least, White's most, Black's least, Black's most) over the endings in
    ``domain``: a handful of distinct values in any event, so worked out once each."""
    return (
        min(outs[i][0] for i in domain),
        max(outs[i][0] for i in domain),
        min(outs[i][1] for i in domain),
        max(outs[i][1] for i in domain),
    )


@cache
def _extreme(outs: Outs, side: int, most: bool) -> int:
    """The index of the ending that gives ``side`` (0 White, 1 Black) the most or least."""
    pick = max if most else min
    return pick(range(len(outs)), key=lambda i: outs[i][side])


@cache
def _left_of(outs: Outs) -> Outs:
    """Each ending as what it leaves of the most the game could give each side."""
    most_w, most_b = max(o[0] for o in outs), max(o[1] for o in outs)
    return tuple((most_w - x, most_b - y) for x, y in outs)


# The most games the exact search takes on at once (a 30-player round robin's first half).
_DEEPEST = 400


def can_cap(
    current: dict[int, int], games: Sequence[Scaled], caps: dict[int, int], budget: Budget
) -> tuple[bool | None, Endings]:
    """Whether every player in ``caps`` can end at or below his cap, the others free to take
    anything; with a yes, the endings of all ``games`` that show it."""
    room = {n: cap - current[n] for n, cap in caps.items()}
    inner: list[tuple[int, int, int, tuple[tuple[int, int], ...]]] = []
    endings: Endings = {}
    for k, (w, b, outs) in enumerate(games):
        if w in room and b in room:
            inner.append((k, w, b, outs))
        elif w in room:  # the free player takes the most; the capped one the least
            endings[k] = _extreme(outs, 0, False)
            room[w] -= outs[endings[k]][0]
        elif b in room:
            endings[k] = _extreme(outs, 1, False)
            room[b] -= outs[endings[k]][1]
        else:
            endings[k] = 0
    _spend_quietly(budget, len(games))
    return _settle(inner, room, budget, endings)


def can_reach(
    current: dict[int, int], games: Sequence[Scaled], targets: dict[int, int], budget: Budget
) -> tuple[bool | None, Endings]:
    """Whether every player in ``targets`` can end at or above his target; with a yes, the
    endings of all ``games`` that show it."""
    need = {n: t - current[n] for n, t in targets.items()}
    inner: list[tuple[int, int, int, tuple[tuple[int, int], ...]]] = []
    endings: Endings = {}
    for k, (w, b, outs) in enumerate(games):
        if w in need and b in need:
            inner.append((k, w, b, _left_of(outs)))
            _, most_w, _, most_b = _bounds(outs, tuple(range(len(outs))))
            need[w] -= most_w
            need[b] -= most_b
        elif w in need:
            endings[k] = _extreme(outs, 0, True)
            need[w] -= outs[endings[k]][0]
        elif b in need:
            endings[k] = _extreme(outs, 1, True)
            need[b] -= outs[endings[k]][1]
        else:
            endings[k] = 0
    _spend_quietly(budget, 2 * len(games))
    return _settle(inner, {n: -v for n, v in need.items()}, budget, endings)


def _settle(
    inner: list[tuple[int, int, int, tuple[tuple[int, int], ...]]],
    room: dict[int, int],
    budget: Budget,
    endings: Endings,
) -> tuple[bool | None, Endings]:
    try:
        verdict = _fits(inner, room, budget, endings)
    except _OutOfSteps:
        verdict = None
    return verdict, endings if verdict else {}


def _fits(
    inner: list[tuple[int, int, int, tuple[tuple[int, int], ...]]],
    room: dict[int, int],
    budget: Budget,
    endings: Endings,
) -> bool | None:
    """The cap question on the games among capped players; fills ``endings`` with a yes."""
    if any(r < 0 for r in room.values()):
        return False
    if not inner:
        return True  # settled by the points alone, whatever the budget
    domains = [tuple(range(len(g[3]))) for g in inner]
    alive = set(range(len(inner)))
    active = set(room)
    while True:
        _spend(budget, 6 * len(alive) + len(active))
        low = dict.fromkeys(active, 0)
        high = dict.fromkeys(active, 0)
        for k in alive:
            _, w, b, outs = inner[k]
            least_w, most_w, least_b, most_b = _bounds(outs, domains[k])
            low[w] += least_w
            high[w] += most_w
            low[b] += least_b
            high[b] += most_b
        if any(low[n] > room[n] for n in active):
            return False
        loose = {n for n in active if high[n] <= room[n]}
        if loose:
            # No outcome can overflow them: their games go the way best for their opponent.
            for k in [k for k in alive if inner[k][1] in loose or inner[k][2] in loose]:
                alive.discard(k)
                _, w, b, outs = inner[k]
                side = 1 if w in loose else 0
                pick = min(domains[k], key=lambda i: outs[i][side])
                endings[inner[k][0]] = pick
                if side == 1 and b not in loose:
                    room[b] -= outs[pick][1]
                elif side == 0:
                    room[w] -= outs[pick][0]
            active -= loose
            continue
        changed = False
        for k in alive:
            _, w, b, outs = inner[k]
            least_w, _, least_b, _ = _bounds(outs, domains[k])
            spare_w = room[w] - low[w] + least_w
            spare_b = room[b] - low[b] + least_b
            kept = tuple(i for i in domains[k] if outs[i][0] <= spare_w and outs[i][1] <= spare_b)
            if not kept:
                return False
            if len(kept) < len(domains[k]):
                domains[k] = kept
                changed = True
        if not changed:
            break
    verdict: bool | None = True
    for part in _components([inner[k][1:3] for k in sorted(alive)], sorted(alive)):
        games = [(inner[k][1], inner[k][2], [inner[k][3][i] for i in domains[k]]) for k in part]
        found = _one_part(games, room, budget)
        if found is False:
            return False
        if found is None:
            verdict = None
            continue
        for k, pick in zip(part, found, strict=True):
            endings[inner[k][0]] = domains[k][pick]
    return verdict


def _spend_quietly(budget: Budget, steps: int) -> None:
    """Steps spent before a search starts: an overdraft is noticed at its first step."""
    budget.left -= steps


def _spend(budget: Budget, steps: int) -> None:
    if not budget.spend(steps):
        raise _OutOfSteps


def _components(pairs: list[tuple[int, int]], keys: list[int]) -> list[list[int]]:
    """The games grouped by the players they link (each group can be settled alone)."""
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for w, b in pairs:
        parent[root(w)] = root(b)
    groups: dict[int, list[int]] = {}
    for (w, _), k in zip(pairs, keys, strict=True):
        groups.setdefault(root(w), []).append(k)
    return list(groups.values())


def _one_part(
    games: list[tuple[int, int, list[tuple[int, int]]]], room: dict[int, int], budget: Budget
) -> list[int] | Literal[False] | None:
    """A list of ending indices (yes), False (no) or None (undecided)."""
    if not flow_fits(games, room, partial(_spend, budget)):
        return False
    found = _witness(games, room, budget)
    if found is not None:
        return found
    return _exact(games, room, budget)


def _witness(
    games: list[tuple[int, int, list[tuple[int, int]]]], room: dict[int, int], budget: Budget
) -> list[int] | None:
    """A local search (fewest overflowing points, a random step now and then, the same seed
    every time) for endings that keep every player within his room."""
    rng = random.Random(len(games))
    load = dict.fromkeys(room, 0)
    pick = []
    for w, b, outs in games:  # greedily: the ending that leaves the most room to the tighter
        i = max(
            range(len(outs)),
            key=lambda i: (
                min(room[w] - load[w] - outs[i][0], room[b] - load[b] - outs[i][1]),
                -outs[i][0] - outs[i][1],
            ),
        )
        pick.append(i)
        load[w] += outs[i][0]
        load[b] += outs[i][1]
    mine: dict[int, list[int]] = {}
    for k, (w, b, _) in enumerate(games):
        mine.setdefault(w, []).append(k)
        mine.setdefault(b, []).append(k)

    def over(n: int, extra: int) -> int:
        return max(0, load[n] + extra - room[n])

    for _ in range(40 * len(games) + 100):
        crowded = [n for n in sorted(mine) if load[n] > room[n]]
        if not crowded:
            return pick
        n = rng.choice(crowded)
        _spend(budget, 24 * len(mine[n]) + 2 * len(mine))
        moves = []
        for k in mine[n]:
            w, b, outs = games[k]
            was = outs[pick[k]]
            for i, o in enumerate(outs):
                if i != pick[k]:
                    dw, db = o[0] - was[0], o[1] - was[1]
                    gain = over(w, dw) + over(b, db) - over(w, 0) - over(b, 0)
                    moves.append((gain, rng.random(), k, i, dw, db))
        if not moves:
            return None
        gain, _, k, i, dw, db = min(moves) if rng.random() > 0.1 else rng.choice(moves)
        w, b, _ = games[k]
        pick[k] = i
        load[w] += dw
        load[b] += db
    return None


def _exact(
    games: list[tuple[int, int, list[tuple[int, int]]]], room: dict[int, int], budget: Budget
) -> list[int] | Literal[False]:
    """Every ending of every game, depth first, with the states already refuted remembered;
    raises ``_OutOfSteps`` when the budget is spent."""
    players = sorted({p for w, b, _ in games for p in (w, b)})
    index = {n: i for i, n in enumerate(players)}
    count = len(games)
    if count > _DEEPEST:
        raise _OutOfSteps  # one level of recursion a game: past this, undecided
    # The tightest players' games first (least room for what their games must give them),
    # so that a dead end shows early in the search.
    order: list[int] = []
    placed: set[int] = set()
    room_left = dict(room)
    while len(order) < count:
        mine = {
            n: [k for k, g in enumerate(games) if k not in placed and n in g[:2]] for n in players
        }
        tightest = min(
            (n for n in players if mine[n]), key=lambda n: (room_left[n] / len(mine[n]), n)
        )
        for k in mine[tightest]:
            order.append(k)
            placed.add(k)
        room_left[tightest] = 1 << 30
    games = [games[k] for k in order]
    most = [[0] * len(players) for _ in range(count + 1)]
    least = [[0] * len(players) for _ in range(count + 1)]
    least_total = [0] * (count + 1)
    for k in range(count - 1, -1, -1):
        least_total[k] = least_total[k + 1] + min(o[0] + o[1] for o in games[k][2])
        w, b, outs = games[k]
        most[k] = list(most[k + 1])
        least[k] = list(least[k + 1])
        most[k][index[w]] += max(o[0] for o in outs)
        most[k][index[b]] += max(o[1] for o in outs)
        least[k][index[w]] += min(o[0] for o in outs)
        least[k][index[b]] += min(o[1] for o in outs)
    refuted: set[tuple[int, tuple[int, ...]]] = set()
    pick = [0] * count

    def go(k: int, left: list[int]) -> bool:
        _spend(budget, 24 + 6 * len(left))
        if k == count or all(x >= m for x, m in zip(left, most[k], strict=True)):
            return True  # past what the games left can give, a cap is no constraint
        if any(x < m for x, m in zip(left, least[k], strict=True)):
            return False
        useful = tuple(min(x, m) for x, m in zip(left, most[k], strict=True))
        if sum(useful) < least_total[k]:
            return False  # the games left must hand out more than all the room there is
        key = (k, useful)
        if key in refuted:
            return False
        w, b, outs = games[k]
        iw, ib = index[w], index[b]
        # The player with more room takes the bigger share first: the likelier way out.
        order = sorted(
            range(len(outs)), key=lambda i: -(outs[i][0] - outs[i][1]) * (left[iw] - left[ib])
        )
        for i in order:
            pw, pb = outs[i]
            if pw <= left[iw] and pb <= left[ib]:
                left[iw] -= pw
                left[ib] -= pb
                pick[k] = i
                ok = go(k + 1, left)
                left[iw] += pw
                left[ib] += pb
                if ok:
                    return True
        refuted.add(key)
        return False

    if go(0, [room[n] for n in players]):
        chosen = [0] * count
        for k, i in zip(order, pick, strict=True):
            chosen[k] = i
        return chosen
    return False
