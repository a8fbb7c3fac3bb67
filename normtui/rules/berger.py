"""FIDE Berger tables (FIDE Handbook C.05, Annex 1), generated for any number of players.

Tables are computed, never stored: for ``n`` players (``n`` even; an odd field gets a dummy
number ``n + 1`` whose opponent has the bye) round ``r`` pairs the numbers whose sum is
``r + 1`` modulo ``n - 1``; the number that pairs with itself meets ``n`` on board 1.

>>> [(p.white, p.black) for p in berger_round(10, 1)]
[(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)]
>>> [(p.white, p.black) for p in berger_round(10, 2)]
[(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)]
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "SECOND_CYCLE_ORDERS",
    "Pairing",
    "berger_round",
    "berger_schedule",
    "bye_number",
    "cycle_order",
    "rounds_per_cycle",
]

# How the rounds of a later cycle follow the first (profile key ``event.second_cycle``):
# "fide": FIDE's recommendation (C.05 Annex 1, as the Vega manual and Chris Fox's tables give
#   it): the first cycle plays its last two rounds in swapped order, the second plays rounds
#   1..n-1 in table order with colours reversed; Norway Chess 2021, 2024 and 2025.
# "plain": every cycle in table order, colours reversed in the even ones.
# "mirror": the second cycle plays the first backwards, colours reversed, so its first round
#   repeats the last round played; Norway Chess 2020.
SECOND_CYCLE_ORDERS = ("fide", "plain", "mirror")


@dataclass(frozen=True)
class Pairing:
    """One board of one round; ``black`` is ``None`` when ``white`` has the bye."""

    round: int
    board: int
    white: int
    black: int | None

    @property
    def is_bye(self) -> bool:
        return self.black is None


def _table_size(players: int) -> int:
    if players < 3:
        raise ValueError(f"a round robin needs at least 3 players, got {players}")
    return players if players % 2 == 0 else players + 1


def bye_number(players: int) -> int | None:
    """The dummy pairing number whose opponent has the bye (odd fields only)."""
    return players + 1 if players % 2 else None


def rounds_per_cycle(players: int) -> int:
    return _table_size(players) - 1


def berger_round(players: int, round_no: int) -> list[Pairing]:
    """The pairings of one round of one cycle, board 1 first, White named first."""
    n = _table_size(players)
    m = n - 1
    if not 1 <= round_no <= m:
        raise ValueError(f"round {round_no} is outside 1..{m} for {players} players")
    # m is odd, so 2 has an inverse modulo m: the number paired with n this round.
    x = ((round_no + 1) * (m + 1) // 2 - 1) % m + 1
    raw: list[tuple[int, int]] = [(x, n) if round_no % 2 else (n, x)]
    for k in range(1, n // 2):
        raw.append(((x + k - 1) % m + 1, (x - k - 1) % m + 1))
    bye = bye_number(players)
    boards: list[Pairing] = []
    bye_pairing: Pairing | None = None
    for white, black in raw:
        if bye in (white, black):
            bye_pairing = Pairing(round_no, 0, black if white == bye else white, None)
            continue
        boards.append(Pairing(round_no, len(boards) + 1, white, black))
    if bye_pairing is not None:
        boards.append(Pairing(round_no, len(boards) + 1, bye_pairing.white, None))
    return boards


def cycle_order(rounds: int, cycles: int, second_cycle: str = "fide") -> list[tuple[int, bool]]:
    """(table round, colours reversed) for every round of the event, in playing order.

    >>> cycle_order(5, 2, "fide")[3:7]
    [(5, False), (4, False), (1, True), (2, True)]
    >>> cycle_order(5, 2, "mirror")[4:6]
    [(5, False), (5, True)]
    """
    if second_cycle not in SECOND_CYCLE_ORDERS:
        raise ValueError(
            f"unknown second-cycle order {second_cycle!r} (known: {', '.join(SECOND_CYCLE_ORDERS)})"
        )
    table = list(range(1, rounds + 1))
    order: list[tuple[int, bool]] = []
    for cycle in range(cycles):
        reverse = cycle % 2 == 1
        rounds_of = list(table)
        if second_cycle == "fide" and cycle == 0 and cycles > 1 and rounds >= 2:
            # Without the swap somebody has one colour three times running at the seam.
            rounds_of[-2], rounds_of[-1] = rounds_of[-1], rounds_of[-2]
        elif second_cycle == "mirror" and reverse:
            rounds_of.reverse()
        order += [(r, reverse) for r in rounds_of]
    return order


def berger_schedule(
    players: int, cycles: int = 1, *, second_cycle: str = "fide"
) -> list[list[Pairing]]:
    """Every round of the event. A later cycle repeats the first's pairings with colours
    reversed, its rounds in the order ``second_cycle`` names (:data:`SECOND_CYCLE_ORDERS`).

    >>> sched = berger_schedule(4, 2)
    >>> [(p.white, p.black) for p in sched[3]]
    [(4, 1), (3, 2)]
    >>> [[(p.white, p.black) for p in r] for r in berger_schedule(4, 2, second_cycle="mirror")[2:4]]
    [[(2, 4), (3, 1)], [(4, 2), (1, 3)]]
    """
    if cycles < 1:
        raise ValueError("cycles must be at least 1")
    m = rounds_per_cycle(players)
    rounds = {r: berger_round(players, r) for r in range(1, m + 1)}
    return [
        [_renumber(p, number, reverse=reverse) for p in rounds[table_round]]
        for number, (table_round, reverse) in enumerate(
            cycle_order(m, cycles, second_cycle), start=1
        )
    ]


def _renumber(p: Pairing, round_no: int, *, reverse: bool) -> Pairing:
    if reverse and p.black is not None:
        return Pairing(round_no, p.board, p.black, p.white)
    return Pairing(round_no, p.board, p.white, p.black)
