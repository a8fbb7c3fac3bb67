"""The final table as the store hands it out: its rows with their prizes
(:class:`StandingRow`), the table with whether it is final (:class:`FinalStandings`), and the
play-off's page for a screen (:class:`PlayoffView`), each read at one moment by
``store.playoff``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from normtui.rules.first_place import FirstPlace, first_place_of
from normtui.rules.model import PlayerStatus
from normtui.rules.profile import Articles
from normtui.rules.tiebreak_columns import json_value, legend
from normtui.store.values import json_number

if TYPE_CHECKING:
    from normtui.rules.final import Decided, FinalRow
    from normtui.rules.playoff import PlayoffGame, PlayoffState
    from normtui.rules.profile import Profile
    from normtui.rules.standings import Standing

__all__ = ["KIND_LABELS", "FinalStandings", "PlayoffView", "StandingRow"]

# A play-off game's kind as a table says it.
KIND_LABELS = {"blitz": "blitz", "sudden_death": "sudden death", "armageddon": "Armageddon"}


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
    # The event's tie-breaks in its order (the drawing of lots aside), each as
    # Standing.tiebreak gives it: what a table shows as its columns (rules/tiebreak_columns).
    tiebreaks: Mapping[str, tuple[Decimal, ...]] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        final: FinalRow,
        status: PlayerStatus,
        *,
        note: str = "",
        prize_note: str | None = None,
        order: Sequence[str] = (),
    ) -> StandingRow:
        """The row of ``final`` with the tie-breaks of ``order`` (the profile's)."""
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
            {name: row.tiebreak(name) for name in order if name != "lots"},
        )

    def shown_tiebreaks(self) -> Mapping[str, tuple[Decimal, ...]]:
        """The event's tie-breaks in its order (a row made without them: the 2022 rule
        book's three)."""
        if self.tiebreaks:
            return self.tiebreaks
        return {
            "sonneborn_berger": (self.sonneborn_berger,),
            "wins": (Decimal(self.wins),),
            "black_wins": (Decimal(self.black_wins),),
        }

    def tiebreak_values(self) -> dict[str, Any]:
        """The event's tie-breaks in its order, as JSON values."""
        return {name: json_value(name, v) for name, v in self.shown_tiebreaks().items()}

    def to_json(self, prizes: bool = True, armageddons: bool = True) -> dict[str, Any]:
        """The row as JSON: the event's tie-breaks after the points, in its order; without
        ``prizes`` (an event with no prize table) no prize key, without ``armageddons`` (an
        event that has none) no Armageddon key."""
        out = {
            "rank": self.rank,
            "shared_rank": self.shared_rank,
            "player": self.player,
            "number": self.number,
            "points": json_number(self.points),
            **self.tiebreak_values(),
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
        if not prizes:
            for key in ("prize", "prize_pending", "prize_note"):
                del out[key]
        if not armageddons:
            del out["armageddon_wins"]
        return out


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
    # Whether the event pays prizes (the profile's prize table is not empty): without, no
    # output shows a prize column.
    prizes: bool = True
    # Who is first on points and what decides a share (normtui.rules.first_place): what
    # every output says of first place. None for a table that is not read whole.
    first: FirstPlace | None = None
    # The tie-breaks that ranked it, in order, and the articles of the event's regulations
    # (the profile's: every text that names a rule cites it from there).
    tiebreak_order: tuple[str, ...] = ()
    articles: Articles = field(default_factory=Articles)
    # Whether the event has Armageddons: without, no output speaks of one.
    armageddons: bool = True

    def row_json(self, row: StandingRow) -> dict[str, Any]:
        """A row as JSON, with the keys this event has (no prize, no Armageddon where it has
        none)."""
        return row.to_json(self.prizes, self.armageddons)

    def tiebreak_legend(self) -> str:
        """The tie-breaks as a table's legend says them: in order, with the article."""
        if not self.tiebreak_order:
            return ""
        cite = self.articles.cite("tiebreaks")
        return f"Tie-breaks in order{cite}: {legend(self.tiebreak_order)}."

    def first_sentence(self) -> str:
        """The one sentence every output says of first place (the play-off's outcome once it
        has decided it)."""
        if self.decided_by == "playoff" and self.note:
            return f"{self.note}."
        if self.first is None:
            return ""
        return self.first.says({r.number: r.player for r in self.rows})

    @property
    def headline(self) -> str:
        """The line above the table, when first place needs one: how the play-off decides
        (or decided) it, or, once every game is played, how the tie-breaks decide a share."""
        if self.note:
            return f"{self.note}."
        if self.first is not None and self.first.final and self.first.shared:
            return self.first_sentence()
        return ""

    @property
    def ranks(self) -> dict[int, int | None]:
        return {r.number: r.rank for r in self.rows}


@dataclass(frozen=True)
class PlayoffView:
    """One read of the play-off for a screen: the rules' state and what it needs to be said.

    ``blocker`` says why a needed play-off cannot start yet; ``records`` holds the ids of the
    games that have a PGN; ``standings`` carries the prize money."""

    state: PlayoffState
    names: Mapping[int, str]
    seed: int | None
    started: bool
    blocker: str | None
    records: frozenset[str]
    standings: tuple[StandingRow, ...]
    profile: Profile
    # The drawings of lots made at the board and recorded (game id, or "LOT", -> player).
    drawings: Mapping[str, int] = field(default_factory=dict)

    @property
    def currency(self) -> str:
        return self.profile.event.currency

    @property
    def phrase(self) -> str:
        """The play-off of two players as the profile says it ("2 blitz 3+2, then sudden
        death ..."; ``normtui.rules.playoff_format``)."""
        from normtui.rules.playoff_format import format_phrase  # only a screen of a play-off

        return format_phrase(self.profile)

    def drawn_by(self, game: PlayoffGame) -> str:
        """How a game's drawn colours were drawn: at the board (recorded), or the seed's lot."""
        return "at the board" if game.id in self.drawings else "by the seed's lot"

    def name(self, number: int | None) -> str | None:
        return None if number is None else self.names.get(number, str(number))

    def clock(self, game: PlayoffGame | None) -> str | None:
        """The clock setting to dial for ``game`` ("3' + 2\"")."""
        return None if game is None else self.profile.time_controls[game.time_control].describe()

    @property
    def first(self) -> FirstPlace:
        """First place as every output says it (``normtui.rules.first_place``): settled only
        once the main event is (``blocker`` is None)."""
        return first_place_of(self.state.players, self.profile, final=self.blocker is None)

    @property
    def headline(self) -> str:
        """The status line. Before the last round "not shared" is only true for now: the
        question of a play-off is settled after the last round (§5)."""
        if not self.state.needed and self.blocker:
            return self.first.says(dict(self.names))
        return self.state.status

    @property
    def can_start(self) -> bool:
        return self.state.needed and not self.started and self.blocker is None

    def tiebreaks(self, row: Standing) -> dict[str, Decimal | list[Decimal]]:
        """The play-off table's own tie-breaks for ``row``, in the profile's order (2022: SB,
        wins, wins with Black, lots; 2024: direct encounter, SB, Koya and extended Koya of the
        classical games, lots): what ranks the round robin, and so what a screen shows. A
        tie-break that is a sequence (direct encounter's loops, extended Koya's steps) is a
        list; the lot is the drawn value, bigger first."""
        out: dict[str, Decimal | list[Decimal]] = {}
        for name in self.profile.playoff.round_robin_tiebreaks:
            value = row.tiebreak(name)
            out[name] = list(value) if len(value) != 1 else value[0]
        return out

    def prizes(self) -> list[StandingRow]:
        """The rows of the players in the play-off, in the final table's order (its winner
        first once there is one) with their prizes: pending until it is decided. None in an
        event without prizes."""
        if not self.profile.prizes.awarded:
            return []
        return [r for r in self.standings if r.number in self.state.players]

    def to_json(self) -> dict[str, Any]:
        state = self.state
        nxt = state.next_game
        out = {
            "needed": state.needed,
            "format": state.format,
            # The play-off of two players as the profile says it (three or more: the round
            # robin, whatever it says).
            "phrase": self.phrase,
            "players": [self.name(n) for n in state.players],
            "games": [
                {
                    "id": g.id,
                    "white": self.name(g.white),
                    "black": self.name(g.black),
                    "result": g.result,
                    "kind": g.kind,
                    "round": g.round,
                    "board": g.board,
                    "time_control": g.time_control,
                    "clock": self.clock(g),
                    "pgn": g.id in self.records,
                    "colours_drawn": (
                        ("board" if g.id in self.drawings else "seed") if g.drawn else None
                    ),
                }
                for g in state.games
            ],
            "winner": self.name(state.winner) if state.needed else None,
            "status": state.status,
            "started": self.started,
            "seed": self.seed,
            "blocked_by": self.blocker if state.needed else None,
            "next_game": nxt.id if nxt else None,
            "next_clock": self.clock(nxt),
            "waiting_for_choice": self.name(state.waiting_for_choice),
            "decided_by_lots": state.decided_by_lots,
            "notes": list(state.notes),
            "table": [
                {
                    "rank": r.rank,
                    "player": self.name(r.number),
                    "points": r.points,
                    "sonneborn_berger": r.sonneborn_berger,
                    "wins": r.wins,
                    "black_wins": r.black_wins,
                    "tiebreaks": self.tiebreaks(r),
                }
                for r in state.table
            ],
            "prizes": [
                {
                    "player": r.player,
                    "rank": r.rank,
                    "shared_rank": r.shared_rank,
                    "prize": r.prize,
                    "pending": r.prize_pending,
                    "note": r.note,
                }
                for r in self.prizes()
            ]
            if state.needed
            else [],
            "currency": self.currency,
        }
        if not self.profile.prizes.awarded:  # an event without prizes names none
            del out["prizes"], out["currency"]
        return out
