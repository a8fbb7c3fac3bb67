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
>>> details_gaps(details, {1: "2022-05-31", 2: None}, {2: "2022-06-01"})[0][-38:]
"games' records say round 2 2022-06-01)"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from normtui.export.snapshot import EventDetails, Snapshot
from normtui.pgn.tags import record_date
from normtui.rules.model import Player
from normtui.store.values import surname

__all__ = ["details_gaps", "missing_for_fide", "player_gaps"]


def _rounds(numbers: Sequence[int]) -> str:
    return ("round " if len(numbers) == 1 else "rounds ") + ", ".join(map(str, numbers))


def details_gaps(
    details: EventDetails,
    dates: Mapping[int, str | None],
    recorded: Mapping[int, str] | None = None,
) -> list[str]:
    """The event's own gaps: place, federation, dates, chief arbiter. ``recorded``: the day
    the games' records say for a round without a date (a file whose records were attached
    before a record dated its round), said beside the gap: the arbiter records it."""
    gaps = []
    if not details.city:
        gaps.append("TRF 022: the city is not recorded (normtui details DB --city CITY)")
    if not details.federation:
        gaps.append(
            "TRF 032: the host federation is not recorded (normtui details DB --federation NOR)"
        )
    undated = sorted(r for r, d in dates.items() if not d)
    said = [f"round {r} {recorded[r]}" for r in undated if recorded and r in recorded]
    how = "normtui round DB ROUND --date YYYY-MM-DD" + (
        f"; its games' records say {', '.join(said)}" if said else ""
    )
    if len(undated) == len(dates):
        gaps.append(f"TRF 042/052: no round has a date, so the event has no dates ({how})")
    elif undated:
        gaps.append(f"TRF 132: no date for {_rounds(undated)} ({how})")
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
    said: dict[int, set[str]] = {}
    for g in snap.games:
        if not dates.get(g.round) and (day := record_date(g.pgn)):
            said.setdefault(g.round, set()).add(day)
    # A round whose records agree on one day; records that disagree suggest nothing.
    recorded = {r: days.pop() for r, days in said.items() if len(days) == 1}
    return details_gaps(snap.details, dates, recorded) + player_gaps(snap.players)
