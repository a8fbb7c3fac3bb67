"""§4 and §5: who can still finish first, and each player's best and worst possible place.

Every pairing still to be decided can end four ways (§4): a main-game win either way
(``points.win`` / ``points.loss``), or a draw and an Armageddon won either way
(``draw_armageddon_win`` / ``draw_armageddon_loss``); a drawn main game still waiting for its
Armageddon has only the last two left. First place is decided on points alone: players equal on
points at the top play the play-off (§5), so "can finish first" means "can end with at least as
many points as everyone else". Places below are also counted on points, a tie taken the best way
for the best place and the worst way for the worst place (the tie-breaks of §6 could fall either
way until the last game).

The answer is exact where it can be had quickly, and said to be undecided where not. For the
best place the player wins every game left (the most for them, the least for those opponents),
and the fewest others that must pass them is sought by keeping the rest at or below their
total; for the worst place the player loses every game left and the most others that can reach
their total is sought. Each such question (``normtui.rules.race_search``) is settled by a bound
from the points alone or a max-flow (a certain no), an outcome of every game left that shows it
(a certain yes, checked by adding up its points), or an exact search, within a budget of steps
for the whole race. Where the budget runs out first, the place is given as a range and "can
finish first" as undecided (``None``). ``tests/rules/test_contenders.py`` checks every decided
answer against every outcome of small events.

>>> from normtui.rules.model import Game, MainResult, Player
>>> from normtui.rules.scoring import POINTS
>>> ps = [Player(1, "A"), Player(2, "B"), Player(3, "C")]
>>> gs = [Game(1, 1, 1, 2, MainResult.WHITE_WIN), Game(2, 1, 2, 3), Game(3, 1, 3, 1)]
>>> [(c.name, c.can_win, c.best_place, c.worst_place) for c in race(ps, gs, POINTS)]
[('A', True, 1, 3), ('B', True, 1, 3), ('C', True, 1, 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from normtui.rules.model import Game, Player
from normtui.rules.race_places import RacePlan, best_range, first_place, worst_range
from normtui.rules.race_search import Budget
from normtui.rules.scoring import armageddon_due, pairing_points

if TYPE_CHECKING:
    from normtui.rules.first_place import FirstPlace
    from normtui.rules.profile import MainPoints

__all__ = ["STEPS", "UNDECIDED", "Contender", "Open", "describe_leader", "open_pairings", "race"]

_T = TypeVar("_T")


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
    ``best_place``: no better place is possible; ``best_place_up_to``: where the search ran
    out of steps, a place shown reachable (the best lies between the two), else ``None``.
    ``worst_place``: no worse place is possible; ``worst_place_from``: likewise a place shown
    reachable when the worst is not settled."""

    number: int
    name: str
    points: Decimal
    max_points: Decimal
    min_points: Decimal
    best_place: int
    worst_place: int
    games_left: int
    best_place_up_to: int | None = None
    worst_place_from: int | None = None

    @property
    def can_win(self) -> bool | None:
        """Can still finish first or share it (a share means the play-off, §5); ``None``:
        undecided."""
        if self.best_place > 1:
            return False
        return True if self.best_place_up_to is None else None

    @property
    def clinched(self) -> bool | None:
        """First alone whatever happens; ``None``: undecided."""
        if self.worst_place == 1:
            return True
        return False if (self.worst_place_from or self.worst_place) > 1 else None

    @property
    def settled(self) -> bool:
        return self.best_place_up_to is None and self.worst_place_from is None

    @property
    def best_text(self) -> str:
        """The best place, or its range ("2-4") where it is undecided."""
        if self.best_place_up_to is None:
            return str(self.best_place)
        return f"{self.best_place}-{self.best_place_up_to}"

    @property
    def worst_text(self) -> str:
        if self.worst_place_from is None:
            return str(self.worst_place)
        return f"{self.worst_place_from}-{self.worst_place}"


def _outcomes(game: Game, points: MainPoints) -> tuple[tuple[Decimal, Decimal], ...]:
    armageddon = (
        (points.draw_armageddon_win, points.draw_armageddon_loss),
        (points.draw_armageddon_loss, points.draw_armageddon_win),
    )
    if armageddon_due(game):
        return armageddon
    return ((points.win, points.loss), (points.loss, points.win), *armageddon)


def open_pairings(
    games: Iterable[Game], points: MainPoints, counted: frozenset[int] | None = None
) -> list[Open]:
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


# Steps of search for one race (``race_search.Budget``): about a second at 24 players on the
# venue's laptop, the whole field's answers together (BENCHMARKS.md).
STEPS = 1_000_000


def race(
    players: Sequence[Player],
    games: Sequence[Game],
    points: MainPoints,
    *,
    counted: frozenset[int] | None = None,
    armageddon_draw_winner: str = "black",
    steps: int | None = None,
    budget: Budget | None = None,
) -> list[Contender]:
    """Every counted player's race, in pairing-number order (see the module's doc); within
    ``steps`` of search (default ``STEPS``; or ``budget``, to see what was spent), past which
    an answer is given as a range (undecided)."""
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
    scaled = [
        (o.white, o.black, tuple((int(a * k), int(b * k)) for a, b in o.outcomes)) for o in left
    ]
    # The most the games left can give each player, summed once.
    gain = dict.fromkeys(numbers, 0)
    for w, b, outs in scaled:
        gain[w] += max(o[0] for o in outs)
        gain[b] += max(o[1] for o in outs)
    plans = []
    for n in numbers:
        mine = [g for g in scaled if n in (g[0], g[1])]
        # ... less what this player's own games would have given their opponents.
        gain_rest = dict(gain)
        for w, b, outs in mine:
            gain_rest[w] -= max(o[0] for o in outs)
            gain_rest[b] -= max(o[1] for o in outs)
        best_state, worst_state = dict(whole), dict(whole)
        for w, b, outs in mine:
            # Each way the game can end as (this player's points, the opponent's).
            sides = [(o[0], o[1]) if n == w else (o[1], o[0]) for o in outs]
            opponent = b if n == w else w
            # Equal points for the player: the way that gives the opponent least (best) or most.
            top = max(sides, key=lambda s: (s[0], -s[1]))
            low = min(sides, key=lambda s: (s[0], -s[1]))
            best_state[n] += top[0]
            worst_state[n] += low[0]
            best_state[opponent] += top[1]
            worst_state[opponent] += low[1]
        rest = [g for g in scaled if n not in (g[0], g[1])]
        plans.append(
            (
                RacePlan(n, best_state, rest, gain_rest),
                RacePlan(n, worst_state, rest, gain_rest),
                len(mine),
            )
        )
    if budget is None:
        budget = Budget(STEPS if steps is None else steps)
    # Who can finish first is what the line under the standings says: it goes first, with up
    # to half the steps; the best places then with half of what is left, the worst the rest.
    firsts = _in_rounds(
        budget,
        budget.left // 2,
        [partial(first_place, best) for best, _, _ in plans],
        lambda r: r[0] is not None,
    )
    bests = _in_rounds(
        budget,
        budget.left // 2,
        [
            partial(best_range, best, first)
            for (best, _, _), first in zip(plans, firsts, strict=True)
        ],
        lambda r: r[0] == r[1],
    )
    worsts = _in_rounds(
        budget, 0, [partial(worst_range, worst) for _, worst, _ in plans], lambda r: r[0] == r[1]
    )
    out = []
    for (best, worst, count), (best_low, best_high), (worst_from, worst_to) in zip(
        plans, bests, worsts, strict=True
    ):
        n = best.player
        out.append(
            Contender(
                n,
                names[n],
                current[n],
                Decimal(best.state[n]) / k,
                Decimal(worst.state[n]) / k,
                best_low,
                worst_to,
                count,
                best_high if best_high > best_low else None,
                worst_from if worst_from < worst_to else None,
            )
        )
    return out


def _in_rounds(
    budget: Budget, reserve: int, jobs: list[Callable[[Budget], _T]], settled: Callable[[_T], bool]
) -> list[_T]:
    """Every job with an even share of the steps (``reserve`` kept back), then again those
    left unsettled with the larger share what is left gives each, while that share grows: a
    hard question cannot starve the easy ones, and gets what they did not need."""
    results: list[_T] = []
    pending = list(range(len(jobs)))
    last = -1
    while pending:
        share = max(budget.left - reserve, 0) // len(pending)
        if share <= last:
            break
        last = share
        for i in pending:
            mine = Budget(share)
            result = jobs[i](mine)
            budget.left -= share - max(mine.left, 0)
            if i < len(results):
                results[i] = result
            else:
                results.append(result)
        pending = [i for i in pending if not settled(results[i])]
    return results


def describe_leader(race_rows: Sequence[Contender], first: FirstPlace, decided: str = "") -> str:
    """One line for the standings: who can still finish first, and what decides a share of
    it (``first``: normtui.rules.first_place, the one answer). ``decided``: the final table's
    line when a play-off has decided first place (said instead, once every game is played).

    >>> from decimal import Decimal as D
    >>> from normtui.rules.first_place import FirstPlace
    >>> done = [Contender(1, "A", D(16), D(16), D(16), 1, 2, 0),
    ...         Contender(2, "B", D(16), D(16), D(16), 1, 2, 0)]
    >>> describe_leader(done, FirstPlace((1, 2), "playoff", True, "§5"))
    'Equal first on points: A; B. The play-off decides it (§5).'
    >>> describe_leader(done, FirstPlace((1, 2), "tiebreaks", True, "", "FIDE C.07"))
    'Equal first on points: A; B. The tie-breaks decide it (FIDE C.07): A first.'
    >>> describe_leader(done, FirstPlace((2, 1), "playoff", True), "B won the play-off")
    'B won the play-off'
    """
    alive = [c for c in race_rows if c.can_win]
    names = "; ".join(c.name for c in alive)
    if any(c.clinched for c in race_rows):
        return f"{alive[0].name} has won the event outright" + (
            " (no play-off)" if first.decider == "playoff" else ""
        )
    if all(c.games_left == 0 for c in race_rows):
        if decided:
            return decided
        return first.says({c.number: c.name for c in race_rows})
    text = f"Can still finish first or share it ({first.share_note()}): {names}"
    unsure = [c.name for c in race_rows if c.can_win is None]
    if unsure:
        text += f" · {UNDECIDED}: {'; '.join(unsure)}"
    return text


# Said of a player whose chance of first place the search could not settle in its steps.
UNDECIDED = "undecided (too many ways left to work out)"
