"""What FIDE's rating report requires and the event does not yet say.

TRF16 and TRF26 mark as mandatory for rating (column R): the city (022), the federation
(032), the dates of start and end (042, 052), the chief arbiter (102), the round dates (132)
and every player's FIDE number (001, 58-68); a player's federation is "warning if wrong". The
report is still written without them (a rating officer may add them), but ``normtui export``
warns and ``normtui check`` lists them, each with the command that fills it in.

>>> from normtui.export.snapshot import EventDetails
>>> details = EventDetails(city="Stavanger", federation="NOR", chief_arbiter="Doe, Jane")
>>> details_gaps(details, {1: "2022-05-31", 2: None})
['TRF 132: no date for round 2 (normtui round DB ROUND --date YYYY-MM-DD)']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from normtui.export.snapshot import EventDetails, Snapshot
from normtui.rules.model import Player
from normtui.store.values import surname

__all__ = ["details_gaps", "missing_for_fide", "player_gaps"]


def _rounds(numbers: Sequence[int]) -> str:
    return ("round " if len(numbers) == 1 else "rounds ") + ", ".join(map(str, numbers))


def details_gaps(details: EventDetails, dates: Mapping[int, str | None]) -> list[str]:
    """The event's own gaps: place, federation, dates, chief arbiter."""
    gaps = []
    if not details.city:
        gaps.append("TRF 022: the city is not recorded (normtui details DB --city CITY)")
    if not details.federation:
        gaps.append(
            "TRF 032: the host federation is not recorded (normtui details DB --federation NOR)"
        )
    undated = sorted(r for r, d in dates.items() if not d)
    if len(undated) == len(dates):
        gaps.append(
            "TRF 042/052: no round has a date, so the event has no dates "
            "(normtui round DB ROUND --date YYYY-MM-DD)"
        )
    elif undated:
        gaps.append(
            f"TRF 132: no date for {_rounds(undated)} (normtui round DB ROUND --date YYYY-MM-DD)"
        )
    if not details.chief_arbiter:
        gaps.append(
            "TRF 102: no chief arbiter (normtui details DB --arbiter 'Lastname, Firstname')"
        )
    return gaps


def player_gaps(players: Sequence[Player]) -> list[str]:
    """Players without a FIDE id (mandatory) or a federation (checked by FIDE)."""
    gaps = []
    for what, record, missing in (
        ("FIDE id", "--fide-id N", [p for p in players if not p.fide_id]),
        ("federation", "--federation FED", [p for p in players if not p.federation]),
    ):
        if missing:
            names = ", ".join(f"{p.number} {surname(p.name)}" for p in missing)
            gaps.append(
                f"TRF 001: no {what} for {len(missing)} of {len(players)} players: "
                f"{names} (normtui player DB PLAYER {record})"
            )
    return gaps


def missing_for_fide(snap: Snapshot) -> list[str]:
    """Everything FIDE's report needs that the event does not say, one line each."""
    dates = {r: snap.round_dates.get(r) for r in range(1, snap.rounds + 1)}
    return details_gaps(snap.details, dates) + player_gaps(snap.players)
