"""§1: the drawing of lots and the pairing numbers it gives.

Three ways to number the field, as arbiters actually do it:

* :func:`draw_lots`: a drawing of lots reproducible from a recorded seed;
* :func:`numbers_by_choice`: the players choose numbers in the order of the blitz opener's
  final ranking (2022: So won the blitz and chose number 1);
* :func:`numbers_by_hand`: numbers typed in by the arbiter, checked.

The seed is the record of the drawing: the same seed and the same names give the same numbers
on any machine and any Python version, so a disputed drawing can be replayed in public.

>>> draw_lots(["Carlsen", "So", "Giri"], seed=2022) == draw_lots(["Giri", "So", "Carlsen"], 2022)
True
>>> numbers_by_choice(["So", "Carlsen", "Giri"], [1, 3], players=3)
{'So': 1, 'Carlsen': 3, 'Giri': 2}
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypeVar

from normtui.rules.model import RuleError

__all__ = ["draw_lots", "lots_order", "numbers_by_choice", "numbers_by_hand", "numbers_drawn"]

T = TypeVar("T")

ARTICLE = "Regulations §1"


def lots_order(items: Sequence[T], seed: int) -> list[T]:
    """The items in the order a drawing of lots with ``seed`` puts them, first drawn first.

    This is a Fisher-Yates shuffle driven by :meth:`random.Random.random`. ``random.shuffle``
    would be shorter, but Python only promises that ``random()`` keeps producing the same
    sequence for a seed across versions; the shuffle algorithm itself carries no such promise,
    and a drawing of lots that changed with an upgrade could not be replayed.

    >>> lots_order(["a", "b", "c", "d"], seed=1)
    ['d', 'b', 'c', 'a']
    """
    rng = random.Random(seed)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def _refuse_duplicates(names: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise RuleError(f"{name!r} appears twice in {what}", ARTICLE)
        seen.add(name)


def draw_lots(names: Sequence[str], seed: int) -> list[str]:
    """Names in pairing-number order (index 0 has number 1), drawn by lots with ``seed``.

    The names are sorted before the drawing, so the order they were typed in does not change
    the outcome: only the seed does.
    """
    _refuse_duplicates(names, "the drawing of lots")
    return lots_order(sorted(names), seed)


def _check_number(number: int, players: int, who: str) -> None:
    if not 1 <= number <= players:
        raise RuleError(f"{who}: pairing number {number} is outside 1..{players}", ARTICLE)


def numbers_by_choice(
    ranking: Sequence[str], choices: Sequence[int], players: int
) -> dict[str, int]:
    """Pairing numbers chosen in turn by the blitz opener's final ranking, best first.

    ``choices[i]`` is the number ``ranking[i]`` chose. The last player has no choice left, so
    ``choices`` may stop one short: the last-ranked player then takes the remaining number.
    """
    if len(ranking) != players:
        raise RuleError(
            f"the ranking names {len(ranking)} players, the event has {players}", ARTICLE
        )
    _refuse_duplicates(ranking, "the blitz ranking")
    if len(choices) not in (players - 1, players):
        raise RuleError(f"{len(choices)} choices for {players} players", ARTICLE)
    numbers: dict[str, int] = {}
    taken: dict[int, str] = {}
    for name, number in zip(ranking, choices, strict=False):
        _check_number(number, players, name)
        if number in taken:
            raise RuleError(
                f"{name} cannot choose number {number}: {taken[number]} already chose it", ARTICLE
            )
        numbers[name] = number
        taken[number] = name
    if len(choices) < players:
        (left,) = set(range(1, players + 1)) - set(taken)
        numbers[ranking[-1]] = left
    return numbers


def numbers_by_hand(assignment: Mapping[str, int], players: int) -> dict[str, int]:
    """Numbers assigned by the arbiter, checked: every number 1..``players`` exactly once."""
    if len(assignment) != players:
        raise RuleError(f"{len(assignment)} players numbered, the event has {players}", ARTICLE)
    taken: dict[int, str] = {}
    for name, number in assignment.items():
        _check_number(number, players, name)
        if number in taken:
            raise RuleError(f"number {number} is given to both {taken[number]} and {name}", ARTICLE)
        taken[number] = name
    return dict(assignment)


def numbers_drawn(
    current: Mapping[str, int], drawn: Sequence[tuple[str, int]], players: int
) -> dict[str, int]:
    """The numbers after a drawing of lots recorded player by player: each player drawn takes
    the number drawn, and the player who had it takes the drawer's old number (so a drawing
    entered as the envelopes are opened, one player at a time, ends where the whole drawing
    does). A player or a number drawn twice is refused.

    >>> numbers_drawn({"A": 1, "B": 2, "C": 3}, [("A", 3)], 3)
    {'A': 3, 'B': 2, 'C': 1}
    >>> numbers_drawn({"A": 1, "B": 2, "C": 3}, [("A", 2), ("B", 3), ("C", 1)], 3)
    {'A': 2, 'B': 3, 'C': 1}
    """
    _refuse_duplicates([name for name, _n in drawn], "the drawing")
    numbers = dict(current)
    seen: dict[int, str] = {}
    for name, number in drawn:
        _check_number(number, players, name)
        if number in seen:
            raise RuleError(f"number {number} is drawn by both {seen[number]} and {name}", ARTICLE)
        seen[number] = name
        holder = next(n for n, no in numbers.items() if no == number)
        numbers[holder], numbers[name] = numbers[name], number
    return numbers_by_hand(numbers, players)
