"""One consistent read of an event, shaped for the exports, and the helpers they share.

Every export works from a :class:`Snapshot` taken once, so a TRF, a PGN and an HTML page made
together describe the same moment even while another process enters results.

What the store does not (yet) record about the event itself (city, federation, site, arbiters)
comes from :class:`EventDetails`: given by the caller, or else read from the stored PGN texts,
whose ``Site`` tag names the venue as ``"City FED"`` (``"Stavanger NOR"``).

>>> pgn_time_control(TimeControl(7200, 7200, 10, 41))
'40/7200:0+10'
>>> pgn_time_control(TimeControl(180, 180, 2, 1))
'180+2'
>>> half("1.5"), half("0.5"), half("3")
('1½', '½', '3')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal

from normtui.pgn.tags import read_tags, split_head
from normtui.rules.model import Player
from normtui.rules.playoff import PlayoffState
from normtui.rules.profile import Articles, Profile, TimeControl
from normtui.rules.time_control import NormControl
from normtui.store import EventStore, FinalStandings, GameRecord, InputError, StandingRow

__all__ = [
    "EventDetails",
    "ExportError",
    "Snapshot",
    "half",
    "pgn_time_control",
    "points_text",
    "take_snapshot",
]


class ExportError(InputError):
    """An export that cannot be made (an unknown format, a value that does not fit its
    column); one line, like every other refusal of the store."""


@dataclass(frozen=True)
class EventDetails:
    """Facts about the event that a report needs: given for one export, else as recorded
    (``normtui details``), else read from the PGN tags."""

    site: str | None = None
    city: str | None = None
    federation: str | None = None
    chief_arbiter: str | None = None
    deputy_arbiters: tuple[str, ...] = ()

    def merged(self, fallback: EventDetails) -> EventDetails:
        """These details, with gaps filled from ``fallback``, field by field."""
        return EventDetails(
            self.site or fallback.site,
            self.city or fallback.city,
            self.federation or fallback.federation,
            self.chief_arbiter or fallback.chief_arbiter,
            self.deputy_arbiters or fallback.deputy_arbiters,
        )

    @property
    def place(self) -> str | None:
        """The PGN ``Site``: as given, or city and federation (``"Stavanger NOR"``)."""
        if self.site:
            return self.site
        joined = " ".join(x for x in (self.city, self.federation) if x)
        return joined or None


def pgn_tags(text: str | None) -> dict[str, str]:
    """The tag pairs at the head of a stored game's text, as python-chess reads them."""
    return read_tags(split_head(text)[0]) if text else {}


def details_from_pgn(texts: Iterable[str | None]) -> EventDetails:
    """The most common ``Site`` of the stored games, split into city and federation when it
    ends in a three-letter code, the way broadcasts write it."""
    sites = Counter(s for t in texts if (s := pgn_tags(t).get("Site")) and s != "?")
    if not sites:
        return EventDetails()
    site = sites.most_common(1)[0][0]
    city, _, fed = site.rpartition(" ")
    if city and len(fed) == 3 and fed.isalpha() and fed.isupper():
        return EventDetails(site=site, city=city, federation=fed)
    return EventDetails(site=site, city=site)


@dataclass(frozen=True)
class Snapshot:
    """The event as the exports see it. ``final`` is the final table as the store ranks it
    (``normtui.rules.final``): when a play-off has decided first place its winner heads it
    (§5), whatever the tie-breaks say; ``standings`` are its rows, in that order."""

    name: str
    details: EventDetails
    profile: Profile
    players: tuple[Player, ...]
    round_dates: dict[int, str | None]
    games: tuple[GameRecord, ...]
    final: FinalStandings
    playoff: PlayoffState
    # What FIDE's numbers need beyond the games (normtui.export.fide_report): the rating list's
    # month, the norms' exemption (normtui details), the classical controls the games were
    # played at, and when the event was made (the year, where no round has a date).
    rating_list: str | None = None
    norm_exemption: str = "none"
    control: NormControl | None = None
    created: datetime | None = None
    by_number: dict[int, Player] = field(init=False, repr=False)
    #: The last round up to which every pairing is complete (0 before any).
    complete_through: int = field(init=False, repr=False)
    _rows: dict[int, StandingRow] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Worked out once: the exports ask for these for every player and every game, and
        # a large round robin has tens of thousands of games.
        object.__setattr__(self, "by_number", {p.number: p for p in self.players})
        object.__setattr__(self, "complete_through", complete_through(self.games, self.rounds))
        object.__setattr__(self, "_rows", {r.number: r for r in self.final.rows})

    @property
    def standings(self) -> tuple[StandingRow, ...]:
        return self.final.rows

    @property
    def ranks(self) -> dict[int, int | None]:
        return self.final.ranks

    @property
    def armageddons(self) -> bool:
        """Whether the event has Armageddons (its profile): without, no export speaks of one."""
        return self.profile.classical.armageddon_after_draw

    @property
    def articles(self) -> Articles:
        """The articles of the event's regulations, as every export cites them."""
        return self.profile.articles

    @property
    def rounds(self) -> int:
        return self.profile.event.rounds

    @property
    def start_date(self) -> str | None:
        dates = sorted(d for d in self.round_dates.values() if d)
        return dates[0] if dates else None

    @property
    def end_date(self) -> str | None:
        dates = sorted(d for d in self.round_dates.values() if d)
        return dates[-1] if dates else None

    @property
    def is_final(self) -> bool:
        return self.complete_through == self.rounds and (
            not self.playoff.needed or self.playoff.winner is not None
        )

    def row(self, number: int) -> StandingRow:
        return self._rows[number]

    def place(self, number: int) -> str:
        """The place as printed: "1", "7-8" for a shared place, "" when unranked (§9 a)."""
        return self.row(number).shared_rank or ""

    def counted_beyond(self, through: int | None = None) -> tuple[int, int, int]:
        """The pairings counted in the table after the last complete round: (complete,
        scheduled, last round with one), in the rounds after :attr:`complete_through` (up to
        round ``through``: a table of the rounds up to it)."""
        upto = self.complete_through if through is None else min(self.complete_through, through)
        later = [g for g in self.games if upto < g.round <= (through or self.rounds)]
        done = [g for g in later if g.points is not None]
        last = max((g.round for g in done), default=upto)
        scheduled = sum(1 for g in later if g.round <= last)
        return len(done), scheduled, last

    @property
    def status_line(self) -> str:
        """What the table counts, said truly: a round-3 result in a table "after round 2"
        is named as such."""
        if self.is_final:
            return "Final standings"
        if self.complete_through == self.rounds:
            return "Standings after the last round; the play-off is not decided"
        return self.standings_after()

    def standings_after(self, through: int | None = None) -> str:
        """What a table of the rounds up to ``through`` (every round: None) counts, as its
        heading says it: "Standings after round 6 and 2 of 5 games of round 7"."""
        bound = self.rounds if through is None else through
        upto = min(self.complete_through, bound)
        if upto == bound:
            return f"Standings after round {bound}"
        done, scheduled, last = self.counted_beyond(bound)
        rounds = f"round {last}" if last == upto + 1 else f"rounds {upto + 1}-{last}"
        partial = f"{done} of {scheduled} games of {rounds}"
        if upto == 0:
            return (
                f"Standings after {partial}"
                if done
                else "Standings before the first round is complete"
            )
        return f"Standings after round {upto}" + (f" and {partial}" if done else "")


def complete_through(games: Iterable[GameRecord], rounds: int) -> int:
    """The last of ``rounds`` up to which every pairing of ``games`` is complete (0 before
    any): the round before the first with a pairing still to complete, in one pass.

    >>> from types import SimpleNamespace as G
    >>> complete_through([G(round=1, points=(3, 0)), G(round=2, points=None)], 3)
    1
    >>> complete_through([G(round=1, points=(3, 0))], 3)  # no pairing of rounds 2-3 open
    3
    """
    first_open = min((g.round for g in games if g.points is None), default=rounds + 1)
    return max(0, min(first_open - 1, rounds))


def take_snapshot(store: EventStore, details: EventDetails | None = None) -> Snapshot:
    """Read everything an export needs; ``details`` override what is recorded, which
    overrides what the PGN texts suggest."""
    games = tuple(store.games())
    # Mid-event the play-off question is not settled: the state still says who would play.
    # Both from one main table (each was computed on its own).
    final, state = store.playoff.final_and_playoff()
    playoff = final.playoff if final.playoff is not None else state
    texts = [t for g in games for t in (g.pgn, g.armageddon_pgn)]
    found = details_from_pgn(texts)
    # One place holds a round's date, its row: set when the round starts, from a record's
    # Date tag as it is attached, or by the arbiter (store.rounds).
    dates: dict[int, str | None] = {r.round: r.date for r in store.rounds()}
    event = store.event
    kept = event.details
    stored = EventDetails(
        kept.site, kept.city, kept.federation, kept.chief_arbiter, kept.deputy_arbiters
    )
    given = (details or EventDetails()).merged(stored)
    merged = given.merged(found)
    if not given.site and (given.city or given.federation):
        # The arbiter named the place (for this export or in the event's details) but no
        # site: the Site is that place, not the one in the games' tags.
        merged = replace(merged, site=None)
    return Snapshot(
        event.name,
        merged,
        store.profile,
        tuple(store.players()),
        dates,
        games,
        final,
        playoff,
        kept.rating_list,
        kept.norm_exemption,
        store.classical_controls(),
        event.created_at,
    )


def points_text(value: Decimal | None) -> str:
    """Points as a number a spreadsheet reads: ``Decimal("1.50")`` -> ``"1.5"``."""
    if value is None:
        return ""
    return f"{value.normalize():f}"


def half(value: Decimal | str | None) -> str:
    """Points as printed in a crosstable: 1½, ½, 3."""
    if value is None:
        return ""
    number = Decimal(value)
    whole = int(number)
    if number == whole:
        return str(whole)
    if number - whole == Decimal("0.5"):
        return f"{whole or ''}½"
    return points_text(number)


def pgn_time_control(tc: TimeControl, white: bool = True) -> str:
    """One clock in the PGN standard's TimeControl syntax (9.6.1), which FIDE's TRF26
    record 222 shares (:meth:`TimeControl.pgn_standard`): an increment from move 41 is a first
    period of 40 moves with no increment, then nothing added and the increment on every move
    (``40/7200:0+10``); FIDE's usual control is ``40/5400+30:1800+30``."""
    return tc.pgn_standard(white)
