"""The places of the race (``normtui.rules.contenders``): for one player, whether he can
finish first, and his best and worst place as (no better / no worse is possible, this one is
reachable), each sought through the cap and reach questions of ``normtui.rules.race_search``
within a budget of steps; a range where the budget runs out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations

from normtui.rules.race_search import Budget, Endings, Scaled, can_cap, can_reach

__all__ = ["RacePlan", "best_range", "first_place", "worst_range"]


@dataclass
class RacePlan:
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
        return 1 + sum(
            1 for m in self.others if totals[m] > mine or (level_counts and totals[m] == mine)
        )


def first_place(plan: RacePlan, budget: Budget) -> tuple[bool | None, int]:
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


def best_range(plan: RacePlan, first: tuple[bool | None, int], budget: Budget) -> tuple[int, int]:
    """The best place: (no better is possible, this one is reachable). The fewest others that
    must end above this player's best total, by freeing the fewest from that cap."""
    mark = plan.state[plan.player]
    forced = [m for m in plan.others if plan.state[m] > mark]
    could = [m for m in plan.others if plan.state[m] <= mark < plan.state[m] + plan.gain[m]]
    base = 1 + len(forced)
    verdict, place = first
    if verdict:
        return 1, 1
    low = base + max(1 if verdict is False and not forced else 0, _fewest_freed(plan, could, mark))
    high = base + len(could)  # every other player free: the best total is still theirs
    if place:
        high = min(high, place)
    # Free the players with the most points within reach first: the fewest such that the rest
    # can be kept down, found by halving (freeing more never makes it harder).
    order = sorted(could, key=lambda m: (-(plan.state[m] + plan.gain[m]), m))
    fewest, most = low - base, len(could) - 1
    while fewest <= most and budget.left > 0:
        middle = (fewest + most) // 2
        found, endings = can_cap(plan.state, plan.rest, dict.fromkeys(order[middle:], mark), budget)
        if found:
            high = min(high, plan.place(endings, level_counts=False))
            most = middle - 1
        else:
            fewest = middle + 1
    while low < high and budget.left > 0:
        found, endings = _any_of(
            combinations(could, low - base),
            budget,
            lambda free: can_cap(
                plan.state, plan.rest, {m: mark for m in could if m not in free}, budget
            ),
        )
        if found:
            high = min(high, plan.place(endings, level_counts=False))
        if found is not False:
            break
        low += 1
    return low, max(low, high)


def worst_range(plan: RacePlan, budget: Budget) -> tuple[int, int]:
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
        found, endings = can_reach(
            plan.state, plan.rest, dict.fromkeys(order[:middle], mark), budget
        )
        if found:
            low = max(low, plan.place(endings, level_counts=True))
            fewest = middle
        else:
            most = middle - 1
    chosen = order[:fewest]
    for m in order[fewest:]:
        if low >= high or budget.left <= 0:
            break
        found, endings = can_reach(plan.state, plan.rest, dict.fromkeys([*chosen, m], mark), budget)
        if found:
            chosen.append(m)
            low = max(low, plan.place(endings, level_counts=True))
    while low < high and budget.left > 0:
        found, endings = _any_of(
            combinations(could, high - base),
            budget,
            lambda some: can_reach(plan.state, plan.rest, dict.fromkeys(some, mark), budget),
        )
        if found:
            low = max(low, plan.place(endings, level_counts=True))
        if found is not False:
            break
        high -= 1
    return min(low, high), high


def _any_of(
    sets: Iterable[tuple[int, ...]],
    budget: Budget,
    ask: Callable[[tuple[int, ...]], tuple[bool | None, Endings]],
) -> tuple[bool | None, Endings]:
    """The first of ``sets`` for which ``ask`` says yes, with its endings; False when it says
    no for every one; None when one was left unsettled or the steps ran out."""
    unsure = False
    for chosen in sets:
        found, endings = ask(chosen)
        if found:
            return True, endings
        if found is None or budget.left <= 0:
            unsure = True
            if budget.left <= 0:
                break
    return (None if unsure else False), {}


def _fewest_freed(plan: RacePlan, could: list[int], mark: int) -> int:
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


def _most_reaching(plan: RacePlan, could: list[int], mark: int) -> int:
    """A bound on how many of ``could`` can all reach ``mark``, from the points alone: a game
    between two of them gives less than the most each could take from it, and each of them
    has at least his games among the others chosen."""
    inside = set(could)
    pairs: dict[tuple[int, int], int] = {}
    games = dict.fromkeys(could, 0)
    waste = {m: 1 << 30 for m in could}
    for w, b, outs in plan.rest:
        if w in inside and b in inside:
            lost = (
                max(o[0] for o in outs) + max(o[1] for o in outs) - max(o[0] + o[1] for o in outs)
            )
            pair = (min(w, b), max(w, b))
            pairs[pair] = pairs.get(pair, 0) + 1
            for m in (w, b):
                games[m] += 1
                waste[m] = min(waste[m], lost)
    most_per_pair = max(pairs.values(), default=0)
    size = len(could)
    for count in range(size, 1, -1):
        # Twice each one's surplus, less his games among any ``count`` of them (half each).
        values = sorted(
            (
                2 * (plan.state[m] + plan.gain[m] - mark)
                - max(0, games[m] - most_per_pair * (size - count)) * waste[m]
                for m in could
            ),
            reverse=True,
        )
        if sum(values[:count]) >= 0:
            return count
    return 1
