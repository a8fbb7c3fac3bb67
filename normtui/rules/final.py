"""§5 and §6: the final table, the one ranking that every screen, command and export shows:
the main table's tie-breaks, with the first places the play-off's once it is decided. The cases
and the definitions of ``rank`` and ``shared_rank``: docs/final-table.md.

>>> from decimal import Decimal as D
>>> from normtui.assets import read_profile_text
>>> from normtui.rules.playoff import playoff_state
>>> from normtui.rules.profile import load_profile
>>> from normtui.rules.standings import rank_rows
>>> profile = load_profile(read_profile_text())
>>> main = rank_rows([Standing(n, f"P{n}", D(p), D(sb), 0, 0, 9, True)
...                   for n, p, sb in ((2, 16, 187), (5, 16, 179), (4, 14.5, 160))], [
...                  "sonneborn_berger"])
>>> state = playoff_state(main, profile, seed=7, results={"M1": "1-0", "M2": "1-0",
...                                                        "A": "1/2-1/2"})
>>> table = final_table(main, profile, state)
>>> for r in table.rows:
...     print(r.standing.shared_rank, r.standing.name, r.prize, r.note or "-")
1 P5 750000.00 won the play-off (§5)
2 P2 400000.00 lost the play-off (§5)
3 P4 250000.00 -
>>> table.note
'Places 1-2 decided by the play-off (§5): P5 won it'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Literal

from normtui.rules.model import RuleError
from normtui.rules.prizes import PrizeAward, prizes_for_standings
from normtui.rules.standings import Standing

if TYPE_CHECKING:
    # The play-off's module (its records, Berger tables and lots) is loaded only when there
    # is a play-off: the table mid-event, which every command and result shows, needs none.
    from normtui.rules.playoff import PlayoffState
    from normtui.rules.profile import Profile

__all__ = ["Decided", "FinalRow", "FinalTable", "final_table", "place_label", "playoff_order"]

# How the first places of the table were decided.
Decided = Literal["tiebreaks", "playoff", "playoff_pending"]
_ARTICLE = "Regulations §5"


@dataclass(frozen=True)
class FinalRow:
    """One row of the final table. ``standing`` carries the points and tie-breaks of the main
    table with the final ``rank`` and ``shared_rank``; ``prize`` is ``None`` for an uncounted
    player and while it waits for the play-off (``prize_pending``)."""

    standing: Standing
    prize: Decimal | None
    prize_pending: bool
    note: str = ""

    @property
    def number(self) -> int:
        return self.standing.number


@dataclass(frozen=True)
class FinalTable:
    """The rows in final order. ``playoff_places`` is k when places 1..k are decided, or wait
    to be decided, by the play-off (0 otherwise); ``note`` says so in one line."""

    rows: tuple[FinalRow, ...]
    decided_by: Decided
    playoff_places: int
    award: PrizeAward
    note: str = ""

    def row(self, number: int) -> FinalRow:
        return next(r for r in self.rows if r.number == number)


def place_label(rank: int, sharing: int) -> str:
    """The place as printed: ``place_label(7, 2) == "7-8"``; ``place_label(3, 1) == "3"``."""
    return str(rank) if sharing == 1 else f"{rank}-{rank + sharing - 1}"


def playoff_order(state: PlayoffState) -> list[list[int]] | None:
    """The play-off players in the order the play-off's outcome gives them, equals grouped
    (they share those places); ``None`` while it is not decided.

    Two players: the winner, then the loser. A format with a ranking table (the double round
    robin, §5 A-D, whose last tie-break is the lot): that table's order. Otherwise the winner,
    then the others sharing the places after the winner.
    """
    winner = state.winner
    if not state.needed or winner is None:
        return None
    if state.table:
        if state.table[0].number != winner:
            raise RuleError(
                f"the play-off's winner {winner} does not head its own ranking", _ARTICLE
            )
        groups: dict[int, list[int]] = {}
        for row in state.table:
            groups.setdefault(row.rank or 0, []).append(row.number)
        order = [groups[rank] for rank in sorted(groups)]
        if order[0] != [winner]:
            raise RuleError(f"the play-off's ranking shares its first place {order[0]}", _ARTICLE)
        return order
    others = [n for n in state.players if n != winner]
    return [[winner], others] if others else [[winner]]


def final_table(
    standings: Sequence[Standing], profile: Profile, playoff: PlayoffState | None
) -> FinalTable:
    """The final table from the main table (best first, as ``compute_standings`` gives it)
    and the play-off's state; ``playoff`` is ``None`` mid-event, when the play-off question
    is not settled yet (it is settled after the last round, §5)."""
    rows = list(standings)
    if playoff is None or not playoff.needed:
        award = prizes_for_standings(rows, profile)
        return FinalTable(_with_prizes(rows, award, {}), "tiebreaks", 0, award)
    from normtui.rules.playoff import playoff_players  # lazy: only once a play-off is due

    players = playoff.players
    if set(players) != set(playoff_players(rows)):
        raise RuleError(
            f"the play-off is for {sorted(players)}, but first place is shared by "
            f"{sorted(playoff_players(rows))}",
            _ARTICLE,
        )
    k = len(players)
    top = [r for r in rows if r.number in players]
    rest = [r for r in rows if r.number not in players]
    order = playoff_order(playoff)
    names = {r.number: r.name for r in top}
    if order is None:
        label = place_label(1, k)
        shared = [dataclasses.replace(r, rank=1, shared_rank=label) for r in top]
        award = prizes_for_standings(shared + rest, profile)
        why = (
            "not started"
            if not playoff.games
            else "played without a winner"
            if playoff.next_game is None and playoff.waiting_for_choice is None
            else "under way"
        )
        # Every article cited is the profile's ([articles]: "§5" in a Norway profile).
        cite = profile.articles.cite("playoff")
        notes = dict.fromkeys(players, f"play-off for first place{cite}")
        note = f"Places 1-{k} shared: the play-off decides them{cite}, {why}" + (
            "; their prizes are pending" if profile.prizes.awarded else ""
        )
        return FinalTable(
            _with_prizes(shared + rest, award, notes), "playoff_pending", k, award, note
        )
    ordered: list[Standing] = []
    by_number = {r.number: r for r in top}
    place = 1
    for group in order:
        label = place_label(place, len(group))
        ordered += [dataclasses.replace(by_number[n], rank=place, shared_rank=label) for n in group]
        place += len(group)
    winner = order[0][0]
    award = prizes_for_standings(ordered + rest, profile, first_place_winner=winner)
    cite = profile.articles.cite("playoff")
    by_lot = f" by lot{profile.articles.cite('lots')}" if playoff.decided_by_lots else ""
    notes = {winner: f"won the play-off{by_lot or cite}"}
    shares = "shares the prizes of places" if profile.prizes.awarded else "shares places"
    for n in players:
        if n != winner:
            notes[n] = f"lost the play-off{cite}" if k == 2 else f"play-off{cite}: {shares} 2-{k}"
    note = f"Places 1-{k} decided by the play-off{cite}: {names[winner]} won it{by_lot}"
    return FinalTable(_with_prizes(ordered + rest, award, notes), "playoff", k, award, note)


def _with_prizes(
    rows: Sequence[Standing], award: PrizeAward, notes: dict[int, str]
) -> tuple[FinalRow, ...]:
    out = []
    for r in rows:
        known = r.counted and r.number in award.amounts
        prize = award.amounts[r.number] if known else None
        out.append(FinalRow(r, prize, known and prize is None, notes.get(r.number, "")))
    return tuple(out)
