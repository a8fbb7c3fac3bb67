"""§7: the player's duties.

* Arrival: a player not present in the playing area at the start of the game is fined
  (2022: 500 EUR; amount and currency come from ``profile.duties``).
* Incidents: extraneous equipment (a telephone) and the like are recorded with the Chief
  Arbiter's decision, because §7 leaves the decision to the Chief Arbiter and nobody else.

§8, the scoresheets, is :mod:`normtui.rules.scoresheets` (every read of a game needs its
signatures, few need the desk); its names are importable from here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from normtui.rules.model import RuleError
from normtui.rules.scoresheets import (
    Signatures,
    provisional_games,
    sign,
    signatures_after,
    signers,
)

if TYPE_CHECKING:
    from normtui.rules.profile import Profile

__all__ = [
    "INCIDENT_KINDS",
    "Fine",
    "Incident",
    "Signatures",
    "arrival_fine",
    "check_incident",
    "provisional_games",
    "sign",
    "signatures_after",
    "signers",
]

INCIDENT_KINDS = ("electronic_device", "late_arrival", "other")


@dataclass(frozen=True)
class Fine:
    """A fine the regulations impose (§7), with its reason and article."""

    amount: Decimal
    currency: str
    reason: str
    article: str


def arrival_fine(present_at_start: bool, profile: Profile) -> Fine | None:
    """The fine for not being in the playing area when the game starts (§7).

    Arriving later than ``present_minutes_before_start`` but before the start is a courtesy
    missed, not a fine: §7 fines only absence "at the start of the game".
    """
    if present_at_start:
        return None
    duties = profile.duties
    return Fine(
        duties.late_fine,
        duties.late_fine_currency,
        "not present in the playing area at the start of the game",
        "Regulations §7",
    )


@dataclass(frozen=True)
class Incident:
    """Something the arbiter records about a player in a round, with the Chief Arbiter's
    decision (§7)."""

    round: int
    player: int
    kind: str
    description: str
    decision: str


def check_incident(incident: Incident, profile: Profile | None = None) -> None:
    """Refuse an incident the record cannot hold: an unknown kind, no description, or no
    decision, since §7 makes the Chief Arbiter the one who decides. With ``profile`` the round
    and the player number are checked against the event too."""
    if incident.kind not in INCIDENT_KINDS:
        raise RuleError(
            f"incident kind {incident.kind!r} is not one of {', '.join(INCIDENT_KINDS)}",
            "Regulations §7",
        )
    if not incident.description.strip():
        raise RuleError("an incident needs a description of what happened", "Regulations §7")
    if not incident.decision.strip():
        raise RuleError("an incident needs the Chief Arbiter's decision", "Regulations §7")
    rounds = profile.event.rounds if profile else None
    players = profile.event.players if profile else None
    if incident.round < 1 or (rounds is not None and incident.round > rounds):
        raise RuleError(f"round {incident.round} is not a round of the event", "Regulations §7")
    if incident.player < 1 or (players is not None and incident.player > players):
        raise RuleError(
            f"player {incident.player} is not a pairing number of the event", "Regulations §7"
        )
