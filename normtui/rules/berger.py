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

__all__ = ["Pairing", "berger_round", "berger_schedule", "bye_number", "rounds_per_cycle"]


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


def berger_schedule(players: int, cycles: int = 1, *, swap_last_two: bool = True
                    ) -> list[list[Pairing]]:
    """Every round of the event. A later cycle repeats the first with colours reversed.

    With more than one cycle, FIDE recommends playing the last two rounds of the first cycle in
    swapped order, so that nobody gets the same colour three times running at the seam between
    cycles; ``swap_last_two=False`` gives the plain variant.

    >>> sched = berger_schedule(4, 2)
    >>> [(p.white, p.black) for p in sched[3]]
    [(4, 1), (3, 2)]
    """
    if cycles < 1:
        raise ValueError("cycles must be at least 1")
    m = rounds_per_cycle(players)
    order = list(range(1, m + 1))
    if cycles > 1 and swap_last_two and m >= 2:
        order[-2], order[-1] = order[-1], order[-2]
    first = [berger_round(players, r) for r in order]
    schedule: list[list[Pairing]] = []
    for cycle in range(cycles):
        for base in first:
            round_no = len(schedule) + 1
            schedule.append([
                _renumber(p, round_no, reverse=cycle % 2 == 1) for p in base
            ])
    return schedule


def _renumber(p: Pairing, round_no: int, *, reverse: bool) -> Pairing:
    if reverse and p.black is not None:
        return Pairing(round_no, p.board, p.black, p.white)
    return Pairing(round_no, p.board, p.white, p.black)
