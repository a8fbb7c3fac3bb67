"""What the store hands out: frozen records, each with ``to_json()`` in the CLI's shapes.

Records carry pairing numbers and names, never row ids of players, so a caller can pass them
straight to the rules (``GameRecord.game()``) or back to the store (``resolve_player``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from normtui.rules.duties import Signatures
from normtui.rules.final import Decided, FinalRow
from normtui.rules.model import (
    ArmageddonResult,
    Game,
    GameState,
    MainResult,
    Player,
    PlayerStatus,
    Postponement,
)
from normtui.rules.playoff import PlayoffState

__all__ = [
    "ArrivalRecord",
    "ByeRecord",
    "EventInfo",
    "FinalStandings",
    "FineRecord",
    "GameRecord",
    "IncidentRecord",
    "PlayerInput",
    "ReportDetails",
    "RoundRecord",
    "StandingRow",
    "surname",
]


def surname(name: str) -> str:
    """"So, Wesley" -> "So": how an arbiter names a player in a sentence."""
    return name.split(",", 1)[0].strip()


def _num(value: Decimal | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


@dataclass(frozen=True)
class PlayerInput:
    """A player as listed for a new event, before pairing numbers exist."""

    name: str
    rating: int | None = None
    federation: str | None = None
    fide_id: str | None = None
    title: str | None = None
    sex: str | None = None


@dataclass(frozen=True)
class EventInfo:
    name: str
    created_at: str
    players: int
    rounds: int
    lots_seed: int | None
    stages: tuple[str, ...]
    details: ReportDetails = field(default_factory=lambda: ReportDetails())


@dataclass(frozen=True)
class ReportDetails:
    """What a rating report needs beyond the games (TRF 022, 032, 102, 112; the PGN Site).
    ``None``: not recorded; the exports then look at the games' PGN tags."""

    city: str | None = None
    federation: str | None = None
    site: str | None = None
    chief_arbiter: str | None = None
    deputy_arbiters: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"city": self.city, "federation": self.federation, "site": self.site,
                "chief_arbiter": self.chief_arbiter,
                "deputy_arbiters": list(self.deputy_arbiters)}


@dataclass(frozen=True)
class GameRecord:
    """One board of one round of a stage ("main", "blitz").

    ``white``/``black`` are pairing numbers. ``points`` is (White, Black) once the pairing is
    complete. ``armageddon_deadline`` is set while a drawn main game waits for its Armageddon:
    the time by which it must start (§2). ``version`` grows with every change of the row; pass
    it back as ``expected_version`` to refuse an edit if someone else changed the game since.
    """

    id: int
    stage: str
    round: int
    board: int
    white: int
    black: int
    white_name: str
    black_name: str
    result: MainResult | None
    armageddon: ArmageddonResult | None
    state: GameState
    pgn: str | None
    armageddon_pgn: str | None
    signatures: Signatures
    version: int
    points: tuple[Decimal, Decimal] | None
    result_at: str | None
    armageddon_deadline: str | None
    postponed_to: Postponement | None
    # "feed" where the board feed entered the result (or the Armageddon's), None by hand.
    result_from: str | None = None
    armageddon_from: str | None = None

    @property
    def provisional(self) -> bool:
        """A result not yet confirmed by both players' and the arbiter's signatures (§8)."""
        return self.result is not None and not self.signatures.is_final

    @property
    def label(self) -> str:
        return f"round {self.round} board {self.board} ({surname(self.white_name)}-" \
               f"{surname(self.black_name)})"

    def game(self) -> Game:
        return Game(self.round, self.board, self.white, self.black, self.result,
                    self.armageddon, self.state)

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "board": self.board,
            "white": self.white_name,
            "black": self.black_name,
            "result": self.result.value if self.result else None,
            "armageddon": self.armageddon.value if self.armageddon else None,
            "points": [_num(p) for p in self.points] if self.points else None,
            "state": self.state.value,
            "white_number": self.white,
            "black_number": self.black,
            "stage": self.stage,
            "id": self.id,
            "version": self.version,
            "signed": {"white": self.signatures.white, "black": self.signatures.black,
                       "arbiter": self.signatures.arbiter},
            "armageddon_deadline": self.armageddon_deadline,
            "postponed_to": self.postponed_to.value if self.postponed_to else None,
            "has_pgn": self.pgn is not None,
            "has_armageddon_pgn": self.armageddon_pgn is not None,
            "bye": False,
            "result_from": self.result_from,
            "armageddon_from": self.armageddon_from,
        }


@dataclass(frozen=True)
class ByeRecord:
    """A player without a game in a round: in an odd field the Berger table's dummy number
    pairs with one player each round (§1). A bye is no game and scores nothing."""

    stage: str
    round: int
    number: int
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "bye": True, "player": self.name, "number": self.number,
                "stage": self.stage}


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
    def of(cls, final: FinalRow, status: PlayerStatus, *, note: str = "",
           prize_note: str | None = None) -> StandingRow:
        row = final.standing
        return cls(row.rank, row.shared_rank, row.name, row.number, row.points,
                   row.sonneborn_berger, row.wins, row.black_wins, final.prize, row.counted,
                   row.games, row.armageddon_wins, row.provisional, status,
                   final.prize_pending, final.note or note, prize_note)

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "shared_rank": self.shared_rank,
            "player": self.player,
            "number": self.number,
            "points": _num(self.points),
            "sonneborn_berger": _num(self.sonneborn_berger),
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


@dataclass(frozen=True)
class RoundRecord:
    stage: str
    round: int
    date: str | None
    start_time: str | None
    status: str
    boards: int
    complete: int

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "round": self.round, "date": self.date,
                "start_time": self.start_time, "status": self.status, "boards": self.boards,
                "complete": self.complete}


@dataclass(frozen=True)
class ArrivalRecord:
    id: int
    round: int
    player: Player
    present: bool
    recorded_at: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "round": self.round, "player": self.player.name,
                "number": self.player.number, "present": self.present,
                "recorded_at": self.recorded_at}


@dataclass(frozen=True)
class FineRecord:
    id: int
    player: Player
    round: int | None
    amount: Decimal
    currency: str
    reason: str
    article: str | None
    recorded_at: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "player": self.player.name, "number": self.player.number,
                "round": self.round, "amount": _num(self.amount), "currency": self.currency,
                "reason": self.reason, "article": self.article, "recorded_at": self.recorded_at}


@dataclass(frozen=True)
class IncidentRecord:
    id: int
    at: str
    round: int
    player: Player
    kind: str
    description: str
    decision: str
    article: str | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "at": self.at, "round": self.round, "player": self.player.name,
                "number": self.player.number, "kind": self.kind,
                "description": self.description, "decision": self.decision,
                "article": self.article}
