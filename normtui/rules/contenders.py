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
from itertools import combinations
from typing import TYPE_CHECKING, TypeVar

from normtui.rules.model import Game, Player
from normtui.rules.race_search import Budget, Scaled, can_cap, can_reach
from normtui.rules.scoring import armageddon_due, pairing_points

if TYPE_CHECKING:
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


# Steps of search for one race (``race_search.Budget``): about a second at 24 players on the
# venue's laptop, the whole field's answers together (BENCHMARKS.md).
STEPS = 1_000_000


@dataclass
class _Race:
    """One player's side of the question: the others' points once this player's own games
    have gone one way (``state``), the games left among the others, and the most those games
    can still give each of them."""

    player: int
    state: dict[int, int]
    rest: list[Scaled]
    gain: dict[int, int]

    @property
    def others(self) -> list[int]:
        return [m for m in self.state if m != self.player]

    def totals(self, endings: dict[int, int]) -> dict[int, int]:
        """Everyone's points if the games left end as ``endings`` say: the check of a witness
        by plain addition, whatever the search that found it."""
        out = dict(self.state)
        for k, (w, b, outs) in enumerate(self.rest):
            pw, pb = outs[endings[k]]
            out[w] += pw
            out[b] += pb
        return out

    def place(self, endings: dict[int, int], level_counts: bool) -> int:
        """This player's place in that outcome, a tie counted as lost when ``level_counts``."""
        totals = self.totals(endings)
        mine = totals[self.player]
        return 1 + sum(1 for m in self.others
                       if totals[m] > mine or (level_counts and totals[m] == mine))


def race(players: Sequence[Player], games: Sequence[Game], points: MainPoints, *,
         counted: frozenset[int] | None = None, armageddon_draw_winner: str = "black",
         steps: int | None = None, budget: Budget | None = None) -> list[Contender]:
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
    scaled = [(o.white, o.black, tuple((int(a * k), int(b * k)) for a, b in o.outcomes))
              for o in left]
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
        plans.append((_Race(n, best_state, rest, gain_rest),
                      _Race(n, worst_state, rest, gain_rest), len(mine)))
    if budget is None:
        budget = Budget(STEPS if steps is None else steps)
    # Who can finish first is what the line under the standings says: it goes first, with up
    # to half the steps; the best places then with half of what is left, the worst the rest.
    firsts = _in_rounds(budget, budget.left // 2, [partial(_first, best) for best, _, _ in plans],
                        lambda r: r[0] is not None)
    bests = _in_rounds(budget, budget.left // 2,
                       [partial(_best_range, best, first)
                        for (best, _, _), first in zip(plans, firsts, strict=True)],
                       lambda r: r[0] == r[1])
    worsts = _in_rounds(budget, 0, [partial(_worst_range, worst) for _, worst, _ in plans],
                        lambda r: r[0] == r[1])
    out = []
    for (best, worst, count), (best_low, best_high), (worst_from, worst_to) in zip(
            plans, bests, worsts, strict=True):
        n = best.player
        out.append(Contender(n, names[n], current[n], Decimal(best.state[n]) / k,
                             Decimal(worst.state[n]) / k, best_low, worst_to, count,
                             best_high if best_high > best_low else None,
                             worst_from if worst_from < worst_to else None))
    return out


def _in_rounds(budget: Budget, reserve: int, jobs: list[Callable[[Budget], _T]],
               settled: Callable[[_T], bool]) -> list[_T]:
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


def _first(plan: _Race, budget: Budget) -> tuple[bool | None, int]:
    """Whether everyone else can be kept at or below this player's best total (a yes checked
    on the outcome found), and that outcome's place for this player."""
    mark = plan.state[plan.player]
    could = [m for m in plan.others if plan.state[m] <= mark < plan.state[m] + plan.gain[m]]
    if any(plan.state[m] > mark for m in plan.others):
        return False, 0
    verdict, endings = can_cap(plan.state, plan.rest, dict.fromkeys(could, mark), budget)
    if verdict:
        place = plan.place(endings, level_counts=False)
        return (True, 1) if place == 1 else (None, place)  # pragma: no cover - a wrong witness
    return verdict, 0


def _best_range(plan: _Race, first: tuple[bool | None, int],
                budget: Budget) -> tuple[int, int]:
    """The best place: (no better is possible, this one is reachable). The fewest others that
    must end above this player's best total, by freeing the fewest from that cap."""
    mark = plan.state[plan.player]
    forced = [m for m in plan.others if plan.state[m] > mark]
    could = [m for m in plan.others if plan.state[m] <= mark < plan.state[m] + plan.gain[m]]
    base = 1 + len(forced)
    verdict, place = first
    if verdict:
        return 1, 1
    low = base + max(1 if verdict is False and not forced else 0,
                     _fewest_freed(plan, could, mark))
    high = base + len(could)  # every other player free: the best total is still theirs
    if place:
        high = min(high, place)
    # Free the players with the most points within reach first: the fewest such that the rest
    # can be kept down, found by halving (freeing more never makes it harder).
    order = sorted(could, key=lambda m: (-(plan.state[m] + plan.gain[m]), m))
    fewest, most = low - base, len(could) - 1
    while fewest <= most and budget.left > 0:
        middle = (fewest + most) // 2
        found, endings = can_cap(plan.state, plan.rest, dict.fromkeys(order[middle:], mark),
                                 budget)
        if found:
            high = min(high, plan.place(endings, level_counts=False))
            most = middle - 1
        else:
            fewest = middle + 1
    while low < high and budget.left > 0:
        unsure = False
        for free in combinations(could, low - base):
            found, endings = can_cap(plan.state, plan.rest,
                                     {m: mark for m in could if m not in free}, budget)
            if found:
                high = min(high, plan.place(endings, level_counts=False))
                break
            unsure = unsure or found is None or budget.left <= 0
            if budget.left <= 0:
                break
        else:
            if not unsure:
                low += 1
                continue
        break
    return low, max(low, high)


def _worst_range(plan: _Race, budget: Budget) -> tuple[int, int]:
    """The worst place: (this one is reachable, no worse is possible). The most others that
    can all reach this player's worst total."""
    mark = plan.state[plan.player]
    sure = [m for m in plan.others if plan.state[m] >= mark]
    could = [m for m in plan.others if plan.state[m] < mark <= plan.state[m] + plan.gain[m]]
    base = 1 + len(sure)
    if not could:
        return base, base
    high = base + _most_reaching(plan, could, mark)
    low = base + 1  # any one of them alone: every game he has left won
    verdict, endings = can_reach(plan.state, plan.rest, dict.fromkeys(could, mark), budget)
    if verdict:
        return base + len(could), base + len(could)
    if verdict is False:
        high = min(high, base + len(could) - 1)
    # The most of them in order of the points within their reach that can all reach the mark,
    # found by halving (fewer never makes it harder); then each of the others in turn.
    order = sorted(could, key=lambda m: (-(plan.state[m] + plan.gain[m]), m))
    fewest, most = 1, min(len(could) - 1, high - base)
    while fewest < most and budget.left > 0:
        middle = (fewest + most + 1) // 2
        found, endings = can_reach(plan.state, plan.rest, dict.fromkeys(order[:middle], mark),
                                   budget)
        if found:
            low = max(low, plan.place(endings, level_counts=True))
            fewest = middle
        else:
            most = middle - 1
    chosen = order[:fewest]
    for m in order[fewest:]:
        if low >= high or budget.left <= 0:
            break
        found, endings = can_reach(plan.state, plan.rest, dict.fromkeys([*chosen, m], mark),
                                   budget)
        if found:
            chosen.append(m)
            low = max(low, plan.place(endings, level_counts=True))
    while low < high and budget.left > 0:
        unsure = False
        for some in combinations(could, high - base):
            found, endings = can_reach(plan.state, plan.rest, dict.fromkeys(some, mark), budget)
            if found:
                low = max(low, plan.place(endings, level_counts=True))
                break
            unsure = unsure or found is None or budget.left <= 0
            if budget.left <= 0:
                break
        else:
            if not unsure:
                high -= 1
                continue
        break
    return min(low, high), high


def _fewest_freed(plan: _Race, could: list[int], mark: int) -> int:
    """A bound on how many of ``could`` must pass ``mark``, from the points alone: the games
    among those kept down hand out at least their least total, which must fit their room;
    freeing a player gives back at most his room's shortfall and his games among them."""
    inside = set(could)
    room = {m: mark - plan.state[m] for m in could}
    games_total = 0
    back = dict.fromkeys(could, 0)
    for w, b, outs in plan.rest:
        if w in inside and b in inside:
            least = min(o[0] + o[1] for o in outs)
            games_total += least
            back[w] += least
            back[b] += least
        elif w in inside:
            room[w] -= min(o[0] for o in outs)
        elif b in inside:
            room[b] -= min(o[1] for o in outs)
    short = games_total - sum(room.values())
    for count, give in enumerate(sorted((back[m] - room[m] for m in could), reverse=True)):
        if short <= 0:
            return count
        short -= give
    return len(could)


def _most_reaching(plan: _Race, could: list[int], mark: int) -> int:
    """A bound on how many of ``could`` can all reach ``mark``, from the points alone: a game
    between two of them gives less than the most each could take from it, and each of them
    has at least his games among the others chosen."""
    inside = set(could)
    pairs: dict[tuple[int, int], int] = {}
    games = dict.fromkeys(could, 0)
    waste = {m: 1 << 30 for m in could}
    for w, b, outs in plan.rest:
        if w in inside and b in inside:
            lost = max(o[0] for o in outs) + max(o[1] for o in outs) - max(o[0] + o[1]
                                                                         for o in outs)
            pair = (min(w, b), max(w, b))
            pairs[pair] = pairs.get(pair, 0) + 1
            for m in (w, b):
                games[m] += 1
                waste[m] = min(waste[m], lost)
    most_per_pair = max(pairs.values(), default=0)
    size = len(could)
    for count in range(size, 1, -1):
        # Twice each one's surplus, less his games among any ``count`` of them (half each).
        values = sorted((2 * (plan.state[m] + plan.gain[m] - mark)
                         - max(0, games[m] - most_per_pair * (size - count)) * waste[m]
                         for m in could), reverse=True)
        if sum(values[:count]) >= 0:
            return count
    return 1


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
    text = f"Can still finish first or share it (§5 play-off on equal points): {names}"
    unsure = [c.name for c in race_rows if c.can_win is None]
    if unsure:
        text += f" · {UNDECIDED}: {'; '.join(unsure)}"
    return text


# Said of a player whose chance of first place the search could not settle in its steps.
UNDECIDED = "undecided (too many ways left to work out)"
