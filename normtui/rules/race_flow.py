"""The flow bound of the race's searches (``normtui.rules.race_search``): can the least each
game left must hand out, split in any fraction between its two players, fit their room?

If not, no real ending of the games can: a certain no, found in a max-flow from the games to
the players. The flow is our own (Dinic, some fifty lines): the graphs have a few hundred
nodes, and a library for it would be a dependency of the pure rules for one function.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

__all__ = ["flow_fits"]


def flow_fits(
    games: list[tuple[int, int, list[tuple[int, int]]]],
    room: dict[int, int],
    spend: Callable[[int], None],
) -> bool:
    """Whether the least each game must hand out, split in any fraction between its two
    players, fits the players' room: a max-flow from the games to the players."""
    players = sorted({p for w, b, _ in games for p in (w, b)})
    at = {p: len(games) + 1 + i for i, p in enumerate(players)}
    sink = len(games) + len(players) + 1
    flow = _Flow(sink + 1)
    spare = dict.fromkeys(players, 0)
    for n in players:
        spare[n] = room[n]
    wanted = 0
    for k, (w, b, outs) in enumerate(games):
        least_w, least_b = min(o[0] for o in outs), min(o[1] for o in outs)
        spare[w] -= least_w
        spare[b] -= least_b
        extra = min(o[0] + o[1] for o in outs) - least_w - least_b
        if extra:
            wanted += extra
            flow.add(0, k + 1, extra)
            flow.add(k + 1, at[w], max(o[0] for o in outs) - least_w)
            flow.add(k + 1, at[b], max(o[1] for o in outs) - least_b)
    if any(s < 0 for s in spare.values()) or sum(spare.values()) < wanted:
        return False
    for n in players:
        flow.add(at[n], sink, spare[n])
    return flow.max_flow(0, sink, spend) >= wanted


class _Flow:
    """Dinic's max-flow on small integer capacities."""

    def __init__(self, size: int) -> None:
        self.edges: list[list[int]] = []  # [to, capacity left]; edge i ^ 1 is its reverse
        self.out: list[list[int]] = [[] for _ in range(size)]

    def add(self, a: int, b: int, capacity: int) -> None:
        self.out[a].append(len(self.edges))
        self.edges.append([b, capacity])
        self.out[b].append(len(self.edges))
        self.edges.append([a, 0])

    def max_flow(self, source: int, sink: int, spend: Callable[[int], None]) -> int:
        total = 0
        while True:
            level = [-1] * len(self.out)
            level[source] = 0
            queue = deque([source])
            while queue:
                a = queue.popleft()
                for e in self.out[a]:
                    to, cap = self.edges[e]
                    if cap and level[to] < 0:
                        level[to] = level[a] + 1
                        queue.append(to)
            spend(3 * len(self.edges))
            if level[sink] < 0:
                return total
            nxt = [0] * len(self.out)
            while pushed := self._push(source, sink, 1 << 60, level, nxt):
                total += pushed

    def _push(self, a: int, sink: int, limit: int, level: list[int], nxt: list[int]) -> int:
        if a == sink:
            return limit
        while nxt[a] < len(self.out[a]):
            e = self.out[a][nxt[a]]
            to, cap = self.edges[e]
            if cap and level[to] == level[a] + 1:
                pushed = self._push(to, sink, min(limit, cap), level, nxt)
                if pushed:
                    self.edges[e][1] -= pushed
                    self.edges[e ^ 1][1] += pushed
                    return pushed
            nxt[a] += 1
        return 0
