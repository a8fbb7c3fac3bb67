"""The records of the event itself: a player as listed for a new event, what the event is,
and what its rating report needs beyond the games."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["EventInfo", "PlayerInput", "ReportDetails"]


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
    """What the event is: its name, size, stages and report details."""

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
        return {
            "city": self.city,
            "federation": self.federation,
            "site": self.site,
            "chief_arbiter": self.chief_arbiter,
            "deputy_arbiters": list(self.deputy_arbiters),
        }
