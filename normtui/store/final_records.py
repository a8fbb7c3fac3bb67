"""The final table as the store hands it out (``EventStore.final_standings``): its rows with
their prizes, and how its first places were decided."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from normtui.store.values import json_number

if TYPE_CHECKING:
    from normtui.rules.final import Decided, FinalRow
    from normtui.rules.model import PlayerStatus
    from normtui.rules.playoff import PlayoffState

__all__ = ["FinalStandings", "StandingRow"]


@dataclass(frozen=True)
class StandingRow:
    """A row of the final table (``normtui.rules.final``) with its prize. ``rank`` and
    ``shared_rank`` are the final ones (a decided play-off puts its winner first, §5);
    ``prize`` is ``None`` for a player who is not counted, and while the play-off for a
    shared first place is undecided (``prize_pending``); ``note`` says when the play-off,
    not the tie-breaks, placed the row."""

    rank: int | None
    shared_rank: str | None
    player: str
    number: int
    points: Decimal
    sonneborn_berger: Decimal
    wins: int
    black_wins: int
    prize: Decimal | None
    counted: bool
    games: int
    armageddon_wins: int
    provisional: bool
    status: PlayerStatus
    prize_pending: bool = False
    # Why the row is as it is when the table alone does not say: the play-off placed it
    # (§5), or a withdrawal under 50 % is not counted (§9 a); ``prize_note`` says then what
    # becomes of the prize of the place it leaves empty.
    note: str = ""
    prize_note: str | None = None

    @classmethod
    def of(
        cls, final: FinalRow, status: PlayerStatus, *, note: str = "", prize_note: str | None = None
    ) -> StandingRow:
        row = final.standing
        return cls(
            row.rank,
            row.shared_rank,
            row.name,
            row.number,
            row.points,
            row.sonneborn_berger,
            row.wins,
            row.black_wins,
            final.prize,
            row.counted,
            row.games,
            row.armageddon_wins,
            row.provisional,
            status,
            final.prize_pending,
            final.note or note,
            prize_note,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "shared_rank": self.shared_rank,
            "player": self.player,
            "number": self.number,
            "points": json_number(self.points),
            "sonneborn_berger": json_number(self.sonneborn_berger),
            "wins": self.wins,
            "black_wins": self.black_wins,
            "prize": None if self.prize is None else float(self.prize),
            "counted": self.counted,
            "games": self.games,
            "armageddon_wins": self.armageddon_wins,
            "provisional": self.provisional,
            "status": self.status.value,
            "prize_pending": self.prize_pending,
            "note": self.note,
            "prize_note": self.prize_note,
        }


@dataclass(frozen=True)
class FinalStandings:
    """The final table as one read gives it: the rows in final order, how its first places
    were decided (``"tiebreaks"``, ``"playoff"``, ``"playoff_pending"``), k when places 1..k
    are the play-off's (0 otherwise), a line saying so, and the play-off's state (``None``
    mid-event, or for a table of an earlier round)."""

    rows: tuple[StandingRow, ...]
    decided_by: Decided
    playoff_places: int = 0
    note: str = ""
    playoff: PlayoffState | None = None

    @property
    def ranks(self) -> dict[int, int | None]:
        return {r.number: r.rank for r in self.rows}
