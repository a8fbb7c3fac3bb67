"""§8: the scoresheets. Both players sign, then an arbiter countersigns to confirm the
result; until then the result is provisional (:func:`provisional_games` feeds
:func:`normtui.rules.standings.compute_standings`).

>>> sig = sign(sign(Signatures(), "white"), "black")
>>> sign(sig, "arbiter").is_final
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from normtui.rules.model import Game, RuleError

__all__ = ["Signatures", "provisional_games", "sign", "signatures_after", "signers"]


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
        raise RuleError(
            f"{who!r} does not sign a scoresheet; white, black and the arbiter do", "Regulations §8"
        )
    if getattr(sig, who):
        raise RuleError(f"{who} has already signed this scoresheet", "Regulations §8")
    if who == "arbiter" and not (sig.white and sig.black):
        missing = [p for p in ("white", "black") if not getattr(sig, p)]
        verb = "have" if len(missing) > 1 else "has"
        raise RuleError(
            f"the arbiter countersigns after both players have signed; "
            f"{' and '.join(missing)} {verb} not signed yet",
            "Regulations §8",
        )
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
        old.armageddon is not None and new.armageddon != old.armageddon
    )
    return Signatures() if changed else sig


def signers(sig: Signatures) -> list[str]:
    """Who has signed, in the order they sign: ["White", "Black", "the arbiter"]."""
    return [
        name
        for name, on in (("White", sig.white), ("Black", sig.black), ("the arbiter", sig.arbiter))
        if on
    ]


def provisional_games(
    games: Iterable[Game], signatures: Mapping[tuple[int, int], Signatures]
) -> frozenset[tuple[int, int]]:
    """(round, board) of every game with a result whose scoresheets are not yet final (§8).

    A game missing from ``signatures`` has no signature at all, so its result is provisional.
    """
    unsigned = Signatures()
    return frozenset(
        (g.round, g.board)
        for g in games
        if g.result is not None and not signatures.get((g.round, g.board), unsigned).is_final
    )
