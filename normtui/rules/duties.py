"""§7 and §8: the player's duties and the scoresheets.

* Arrival: a player not present in the playing area at the start of the game is fined
  (2022: 500 EUR; amount and currency come from ``profile.duties``).
* Incidents: extraneous equipment (a telephone) and the like are recorded with the Chief
  Arbiter's decision, because §7 leaves the decision to the Chief Arbiter and nobody else.
* Scoresheets: both players sign, then an arbiter countersigns to confirm the result. Until
  then the result is provisional (:func:`provisional_games` feeds
  :func:`normtui.rules.standings.compute_standings`).

>>> sig = sign(sign(Signatures(), "white"), "black")
>>> sign(sig, "arbiter").is_final
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Literal

from normtui.rules.model import Game, RuleError
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
    return Fine(duties.late_fine, duties.late_fine_currency,
                "not present in the playing area at the start of the game", "Regulations §7")


@dataclass(frozen=True)
class Signatures:
    """Who has signed the scoresheets of one game (§8)."""

    white: bool = False
    black: bool = False
    arbiter: bool = False

    @property
    def is_final(self) -> bool:
        """The result is confirmed: both players signed and an arbiter countersigned."""
        return self.white and self.black and self.arbiter


def sign(sig: Signatures, who: Literal["white", "black", "arbiter"]) -> Signatures:
    """Add one signature. The arbiter countersigns what the players signed, so not before
    both have; and a party signs once."""
    if who not in ("white", "black", "arbiter"):
        raise RuleError(f"{who!r} does not sign a scoresheet; white, black and the arbiter do",
                        "Regulations §8")
    if getattr(sig, who):
        raise RuleError(f"{who} has already signed this scoresheet", "Regulations §8")
    if who == "arbiter" and not (sig.white and sig.black):
        missing = " and ".join(p for p in ("white", "black") if not getattr(sig, p))
        raise RuleError(f"the arbiter countersigns after both players have signed; {missing} "
                        "has not signed yet", "Regulations §8")
    return replace(sig, **{who: True})


def signatures_after(old: Game, new: Game, sig: Signatures) -> Signatures:
    """The signatures once ``old`` has become ``new``. The scoresheets were signed for the
    result entered; when an entered result (main game or Armageddon) is corrected, nobody has
    signed the new one yet: the players sign it, then the arbiter countersigns (§8). A result
    entered where there was none (an Armageddon after a signed draw) changes no signed result.

    >>> from normtui.rules.model import MainResult
    >>> old = Game(7, 4, 6, 5, MainResult.WHITE_WIN)
    >>> signatures_after(old, replace(old, result=MainResult.BLACK_WIN),
    ...                  Signatures(True, True, True))
    Signatures(white=False, black=False, arbiter=False)
    """
    changed = (old.result is not None and new.result != old.result) or (
        old.armageddon is not None and new.armageddon != old.armageddon)
    return Signatures() if changed else sig


def signers(sig: Signatures) -> list[str]:
    """Who has signed, in the order they sign: ["White", "Black", "the arbiter"]."""
    return [name for name, on in (("White", sig.white), ("Black", sig.black),
                                  ("the arbiter", sig.arbiter)) if on]


def provisional_games(games: Iterable[Game], signatures: Mapping[tuple[int, int], Signatures]
                      ) -> frozenset[tuple[int, int]]:
    """(round, board) of every game with a result whose scoresheets are not yet final (§8).

    A game missing from ``signatures`` has no signature at all, so its result is provisional.
    """
    return frozenset(
        (g.round, g.board) for g in games
        if g.result is not None
        and not signatures.get((g.round, g.board), Signatures()).is_final
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
        raise RuleError(f"incident kind {incident.kind!r} is not one of "
                        f"{', '.join(INCIDENT_KINDS)}", "Regulations §7")
    if not incident.description.strip():
        raise RuleError("an incident needs a description of what happened", "Regulations §7")
    if not incident.decision.strip():
        raise RuleError("an incident needs the Chief Arbiter's decision", "Regulations §7")
    rounds = profile.event.rounds if profile else None
    players = profile.event.players if profile else None
    if incident.round < 1 or (rounds is not None and incident.round > rounds):
        raise RuleError(f"round {incident.round} is not a round of the event", "Regulations §7")
    if incident.player < 1 or (players is not None and incident.player > players):
        raise RuleError(f"player {incident.player} is not a pairing number of the event",
                        "Regulations §7")
