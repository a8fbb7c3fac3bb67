"""The Berger tables under another numbering: the schedule of a round robin whose played rounds
were paired by the tables with the players numbered otherwise (FIDE's own C.07 exercise pairs
round 1 as 1-5, 2-6, 3-4: the tables' 1-6, 2-5, 3-4 with 5 and 6 swapped).

A renumbering maps each player's number to the table number they play under. The rounds
played fix most of it: once one player's table number is chosen, each game played names its
opponent's, so a search tries a table number for one player of each group the games join and
follows the games from there. A renumbering under which the tables give the played colours too
is preferred (the rounds to come then keep the tables' colour balance); one that agrees on the
pairings alone is taken when none does.

>>> played = {1: {(1, 5, True), (2, 6, True), (3, 4, True)}}
>>> fit = fit_berger(6, 1, "fide", played)
>>> [(p.white, p.black) for p in fit[0]]
[(1, 5), (2, 6), (3, 4)]
>>> fit_berger(4, 1, "fide", {1: {(1, 2, True), (3, 4, True)},
...                            2: {(1, 2, True), (3, 4, True)}}) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Set

from normtui.rules.berger import Pairing, berger_schedule

__all__ = ["first_unfit_round", "fit_berger"]

# (player, opponent, player has White); a bye is the player against the number players + 1.
Played = Mapping[int, Set[tuple[int, int, bool]]]
# Enough for any field a round robin has; a search past it is given up as no renumbering.
_SEARCH_LIMIT = 200_000


def _table(
    players: int, cycles: int, second_cycle: str
) -> tuple[int, list[dict[int, tuple[int, bool]]]]:
    size = players + players % 2
    rounds = berger_schedule(size, cycles, second_cycle=second_cycle)
    partners: list[dict[int, tuple[int, bool]]] = []
    for rnd in rounds:
        of: dict[int, tuple[int, bool]] = {}
        for p in rnd:
            assert p.black is not None
            of[p.white] = (p.black, True)
            of[p.black] = (p.white, False)
        partners.append(of)
    return size, partners


def _search(
    players: int, partners: list[dict[int, tuple[int, bool]]], played: Played, colours: bool
) -> dict[int, int] | None:
    size = len(partners[0]) if partners else players + players % 2
    links: dict[int, list[tuple[int, int, bool]]] = {n: [] for n in range(1, size + 1)}
    for rnd, games in played.items():
        for a, b, white in games:
            links[a].append((rnd, b, white))
            links[b].append((rnd, a, not white))
    budget = [_SEARCH_LIMIT]

    def assign(sigma: dict[int, int], used: set[int], start: int, table_no: int) -> bool:
        stack = [(start, table_no)]
        while stack:
            budget[0] -= 1
            a, x = stack.pop()
            if a in sigma:
                if sigma[a] != x:
                    return False
                continue
            if x in used:
                return False
            sigma[a] = x
            used.add(x)
            for rnd, b, white in links[a]:
                y, table_white = partners[rnd - 1][x]
                if colours and max(a, b) <= players and table_white != white:
                    return False
                stack.append((b, y))
        return True

    order = sorted(links, key=lambda n: (-len(links[n]), n))

    def solve(sigma: dict[int, int], used: set[int]) -> dict[int, int] | None:
        free = next((n for n in order if n not in sigma), None)
        if free is None:
            return sigma
        # The file's own number first: the tables as they stand where they agree.
        for x in [free] + [x for x in range(1, size + 1) if x != free]:
            if x in used or budget[0] <= 0:
                continue
            trial, trial_used = dict(sigma), set(used)
            if assign(trial, trial_used, free, x):
                found = solve(trial, trial_used)
                if found is not None:
                    return found
        return None

    return solve({}, set())


def fit_berger(
    players: int, cycles: int, second_cycle: str, played: Played
) -> list[list[Pairing]] | None:
    """Every round of the event in the players' own numbers: the Berger tables under a
    renumbering that agrees with every pairing in ``played`` (round -> games), ``None`` when
    no renumbering does. Byes are pairings whose ``black`` is ``None``, on the last board."""
    size, partners = _table(players, cycles, second_cycle)
    if any(rnd > len(partners) for rnd in played):
        return None
    sigma = _search(players, partners, played, colours=True) or _search(
        players, partners, played, colours=False
    )
    if sigma is None:
        return None
    number_of = {x: a for a, x in sigma.items()}
    schedule: list[list[Pairing]] = []
    for rnd, table in enumerate(berger_schedule(size, cycles, second_cycle=second_cycle), start=1):
        boards: list[Pairing] = []
        bye: int | None = None
        for p in table:
            assert p.black is not None
            white, black = number_of[p.white], number_of[p.black]
            if players < black or players < white:
                bye = white if black > players else black
                continue
            boards.append(Pairing(rnd, len(boards) + 1, white, black))
        if bye is not None:
            boards.append(Pairing(rnd, len(boards) + 1, bye, None))
        schedule.append(boards)
    return schedule


def first_unfit_round(players: int, cycles: int, second_cycle: str, played: Played) -> int:
    """The first round after which no renumbering of the tables agrees with the rounds played
    so far (``played`` has none)."""
    rounds = sorted(played)
    for i, rnd in enumerate(rounds):
        if (
            fit_berger(players, cycles, second_cycle, {r: played[r] for r in rounds[: i + 1]})
            is None
        ):
            return rnd
    return rounds[-1] if rounds else 1
