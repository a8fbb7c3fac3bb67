"""The records of the player desk: arrivals, fines and incidents (§7)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from normtui.store.values import json_number

if TYPE_CHECKING:
    from normtui.rules.model import Player

__all__ = ["ArrivalRecord", "FineRecord", "IncidentRecord"]


@dataclass(frozen=True)
class ArrivalRecord:
    """Whether a player was present at the start of a round (§7)."""

    id: int
    round: int
    player: Player
    present: bool
    recorded_at: str

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "round": self.round,
            "player": self.player.name,
            "number": self.player.number,
            "present": self.present,
            "recorded_at": self.recorded_at,
        }


@dataclass(frozen=True)
class FineRecord:
    """One fine of the ledger (§7)."""

    id: int
    player: Player
    round: int | None
    amount: Decimal
    currency: str
    reason: str
    article: str | None
    recorded_at: str

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "player": self.player.name,
            "number": self.player.number,
            "round": self.round,
            "amount": json_number(self.amount),
            "currency": self.currency,
            "reason": self.reason,
            "article": self.article,
            "recorded_at": self.recorded_at,
        }


@dataclass(frozen=True)
class IncidentRecord:
    """An incident with the Chief Arbiter's decision (§7)."""

    id: int
    at: str
    round: int
    player: Player
    kind: str
    description: str
    decision: str
    article: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "at": self.at,
            "round": self.round,
            "player": self.player.name,
            "number": self.player.number,
            "kind": self.kind,
            "description": self.description,
            "decision": self.decision,
            "article": self.article,
        }
