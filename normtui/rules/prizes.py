"""§5 and the prize table: who is paid what, exact to the øre.

Players on the same points share equally the prizes of the places they occupy; tie-breaks do
not move money (§5). First prize is the exception: it is never shared. When first place is
shared the play-off decides it: its winner takes first prize whole and the other play-off
players share the prizes of places 2..k. Until the play-off is decided those k prizes are
*pending*, so nobody is shown money that may not be theirs.

A share that does not divide to the øre gives the odd øre, one each, to the players of the
group in standings order (the tie-breaks), so the total paid always equals the fund.

>>> from decimal import Decimal as D
>>> award = distribute_prizes([[1], [2, 3]], [D(100), D(50), D(25)])
>>> award.amounts
{1: Decimal('100.00'), 2: Decimal('37.50'), 3: Decimal('37.50')}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from normtui.rules.model import RuleError
from normtui.rules.profile import Profile
from normtui.rules.standings import Standing

__all__ = [
    "PrizeAward",
    "distribute_prizes",
    "empty_places_note",
    "point_groups",
    "prizes_for_standings",
]

_ORE = Decimal("0.01")


@dataclass(frozen=True)
class PrizeAward:
    """``amounts`` per pairing number (``None`` while pending a play-off); ``pending`` is the
    money that waits for the play-off and ``unawarded`` the prizes of places nobody occupies
    (``empty_places``, numbered from 1)."""

    amounts: Mapping[int, Decimal | None]
    pending: Decimal
    unawarded: Decimal
    empty_places: tuple[int, ...] = ()

    @property
    def paid(self) -> Decimal:
        return sum((a for a in self.amounts.values() if a is not None), Decimal(0))


def _split(total: Decimal, players: Sequence[int]) -> dict[int, Decimal]:
    """Equal shares to the øre; the odd øre go to the first players listed."""
    base = (total / len(players)).quantize(_ORE, rounding=ROUND_DOWN)
    left = int((total - base * len(players)) / _ORE)
    return {p: base + (_ORE if i < left else 0) for i, p in enumerate(players)}


def distribute_prizes(
    groups: Sequence[Sequence[int]],
    amounts: Sequence[Decimal],
    *,
    share_equal_points: bool = True,
    first_prize_shared: bool = False,
    first_place_winner: int | None = None,
) -> PrizeAward:
    """Pay the prize table to ranked players.

    ``groups`` lists the counted players best first, one list per points total, each in
    tie-break order. ``first_place_winner`` is the play-off winner when the first group has
    more than one player.
    """
    table = [Decimal(a) for a in amounts]
    paid: dict[int, Decimal | None] = {}
    pending = Decimal(0)
    place = 0
    for index, group in enumerate(groups):
        members = list(group)
        prizes = table[place : place + len(members)]
        total = sum(prizes, Decimal(0))
        if index == 0 and len(members) > 1 and not first_prize_shared:
            if first_place_winner is None:
                pending += total
                paid.update(dict.fromkeys(members, None))
            else:
                if first_place_winner not in members:
                    raise RuleError(
                        f"play-off winner {first_place_winner} is not among the players "
                        f"sharing first place {members}",
                        "Regulations §5",
                    )
                # An event may have no prize table at all (or a shorter one than the field):
                # the winner then takes what there is, nothing.
                first = table[0] if table else Decimal(0)
                paid[first_place_winner] = first.quantize(_ORE)
                rest = [m for m in members if m != first_place_winner]
                paid.update(_split(total - first, rest))
        elif share_equal_points:
            paid.update(_split(total, members))
        else:
            for i, m in enumerate(members):
                paid[m] = (prizes[i] if i < len(prizes) else Decimal(0)).quantize(_ORE)
        place += len(members)
    unawarded = sum(table[place:], Decimal(0))
    empty = tuple(n for n in range(place + 1, len(table) + 1) if table[n - 1])
    return PrizeAward(paid, pending, unawarded, empty)


def empty_places_note(award: PrizeAward, amounts: Sequence[Decimal], currency: str) -> str:
    """What happens to the prizes of places nobody occupies, as the standings say it.

    A player withdrawn before completing half their games is not counted in the final
    standings (§9 a), so the field ranks one player fewer than the prize table pays. The rule
    book pays its prizes by the places of the final standings ("#1 … #10") and shares only
    equal points (§5): it moves no money to another place. So the prize of the place left
    empty, the last, is paid to nobody; normtui does not invent a redistribution, it says so.

    >>> from decimal import Decimal as D
    >>> empty_places_note(PrizeAward({}, D(0), D(120000), (10,)), [D(120000)] * 10, "NOK")
    'the prize of place 10 (NOK 120,000) is not awarded: only 9 players are ranked'
    """
    if not award.empty_places:
        return ""
    places = list(award.empty_places)
    money = sum((Decimal(amounts[p - 1]) for p in places), Decimal(0))
    which = (
        f"place {places[0]}"
        if len(places) == 1
        else f"places {', '.join(map(str, places[:-1]))} and {places[-1]}"
    )
    amount = f"{money:,.2f}".removesuffix(".00")
    ranked = places[0] - 1
    return (
        f"the prize{'s' * (len(places) > 1)} of {which} ({currency} {amount}) "
        f"{'is' if len(places) == 1 else 'are'} not awarded: only {ranked} player"
        f"{'s' * (ranked != 1)} {'is' if ranked == 1 else 'are'} ranked"
    )


def point_groups(standings: Sequence[Standing]) -> list[list[int]]:
    """Counted players grouped by equal points, best first, each group in standings order."""
    groups: list[list[int]] = []
    last: Decimal | None = None
    for row in standings:
        if not row.counted:
            continue
        if last is None or row.points != last:
            groups.append([])
            last = row.points
        groups[-1].append(row.number)
    return groups


def prizes_for_standings(
    standings: Sequence[Standing], profile: Profile, first_place_winner: int | None = None
) -> PrizeAward:
    """The prize table of the profile applied to a standings table. An event without one
    pays nobody and holds nothing back: the award names no player."""
    if not profile.prizes.awarded:
        return PrizeAward({}, Decimal(0), Decimal(0))
    return distribute_prizes(
        point_groups(standings),
        profile.prizes.amounts,
        share_equal_points=profile.prizes.share_equal_points,
        # With no play-off the first prize is not held back for one: the tie-breaks (or the
        # sharing of equal points) place it like any other.
        first_prize_shared=(
            profile.prizes.first_prize_shared or not profile.playoff.for_shared_first
        ),
        first_place_winner=first_place_winner,
    )
