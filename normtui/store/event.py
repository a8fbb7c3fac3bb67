"""``EventStore``: one event file, its reads and its audited mutations.

>>> import tempfile, pathlib
>>> from normtui.assets import read_profile_text
>>> from normtui.store import PlayerInput
>>> path = pathlib.Path(tempfile.mkdtemp()) / "event.db"
>>> names = ["So", "Carlsen", "Giri", "Anand", "Mamedyarov", "Tari", "Vachier-Lagrave",
...          "Topalov", "Wang Hao", "Radjabov"]
>>> store = EventStore.create(path, [PlayerInput(n) for n in names], read_profile_text())
>>> entry = store.games.enter_result(1, "So", "Radjabov", "1-0")
>>> entry.summary
'round 1 board 1 (So-Radjabov): result 1-0; round 1 dated ...'
>>> [(r.player, float(r.points)) for r in store.standings()][:1]
[('So', 3.0)]
>>> store.audit.undo().summary
'undo #2: round 1 board 1 (So-Radjabov): result 1-0; round 1 dated ...'
>>> store.rounds()[0].date is None
True
>>> store.close()

The store is made of parts, each named as the rule book names what it keeps: ``store.games``
(results, corrections, forfeits, Armageddon), ``store.rounds``, ``store.desk`` (arrivals, fines,
incidents, withdrawals), ``store.stages`` (the blitz opener, pairing numbers), ``store.playoff``
(and the final table), ``store.feed`` (the live boards), ``store.audit`` (the log, undo). They
share one :class:`~normtui.store.core.Core` and talk to each other through public methods.
Every mutation is one transaction that writes the change and one audit row, and returns that
:class:`AuditEntry` (``None`` when there was nothing to change, e.g. entering a result again).
Refusals raise :class:`StoreError` or the rules' :class:`RuleError` / :class:`ProfileError`,
all with one-line messages, and leave the file unchanged.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from normtui.rules.model import RuleError
from normtui.store.connection import create_database, open_database
from normtui.store.core import Clock, Core, given_text, named_actor, resolve_actor
from normtui.store.errors import InputError
from normtui.store.games import Games
from normtui.store.stages import Rounds, Stages, insert_rounds
from normtui.store.values import stored_time
from normtui.text import clean_text, is_number

if TYPE_CHECKING:
    from normtui.rules.berger import Pairing
    from normtui.rules.model import Player
    from normtui.rules.norms import NormCheck
    from normtui.rules.profile import Profile, TimeControl
    from normtui.rules.rating import PlayerRating
    from normtui.rules.time_control import NormControl
    from normtui.store.audit import Audit
    from normtui.store.desk import Desk
    from normtui.store.details import Value
    from normtui.store.feed import Feed
    from normtui.store.final import StandingRow
    from normtui.store.log import AuditEntry
    from normtui.store.outward import OutwardRuns
    from normtui.store.picture import EventPicture
    from normtui.store.playoff import Playoff

# Creating an event, and the parts that few commands use (the desk, the play-off, the feed,
# the audit log), are imported when first used: each command loads only its own.

__all__ = [
    "MAX_FIDE_ID_DIGITS",
    "EventInfo",
    "EventStore",
    "PlayerInput",
    "ReportDetails",
    "check_players",
    "clean_player",
    "fixed_clock",
]

# FIDE ids are numbers of up to 9 digits today; the TRF gives them 11 columns (58-68), and
# `normtui player --fide-id` takes as many.
MAX_FIDE_ID_DIGITS = 11


class EventStore:
    """An event file. Not for sharing between threads without care: calls are serialised by
    a lock, so one store may be used from a worker thread, but each call waits for the last."""

    def __init__(self, core: Core) -> None:
        self._core = core
        self.games = Games(core)
        self.rounds = Rounds(core)
        self.stages = Stages(core)

    # -- the parts ---------------------------------------------------------------------------

    @cached_property
    def desk(self) -> Desk:
        """Arrivals, fines, incidents, illness and withdrawals (§7, §9)."""
        from normtui.store.desk import Desk  # each part loads when first used

        return Desk(self._core)

    @cached_property
    def playoff(self) -> Playoff:
        """The play-off for a shared first place (§5), and the final table."""
        from normtui.store.playoff import Playoff  # each part loads when first used

        return Playoff(self._core, self.games)

    @cached_property
    def feed(self) -> Feed:
        """The live boards."""
        from normtui.store.feed import Feed  # each part loads when first used

        return Feed(self._core, self.games)

    @cached_property
    def outward(self) -> OutwardRuns:
        """What the console publishes and broadcasts, kept to be offered again."""
        from normtui.store.outward import OutwardRuns  # each part loads when first used

        return OutwardRuns(self._core)

    @cached_property
    def audit(self) -> Audit:
        """The log of every change, and undo."""
        from normtui.store.audit import Audit  # each part loads when first used

        return Audit(self._core)

    # -- opening and creating ----------------------------------------------------------------

    @classmethod
    def open(
        cls, path: str | Path, *, actor: str | None = None, clock: Clock | None = None
    ) -> EventStore:
        """Open an existing event; refuse a file that is not one, or is from a newer normtui.
        ``actor``: who makes the changes (default: $NORMTUI_ACTOR, else the login name)."""
        # Before the file is opened: a bad name opens nothing (the login name is looked up
        # when first needed).
        actor = named_actor(actor)
        return cls(Core(open_database(path), Path(path), actor=actor, clock=clock))

    @classmethod
    def create(
        cls,
        path: str | Path,
        players: Sequence[PlayerInput],
        profile_text: str,
        *,
        lots_seed: int | None = None,
        actor: str | None = None,
        clock: Clock | None = None,
        then: Callable[[EventStore], object] | None = None,
        schedule: Sequence[Sequence[Pairing]] | None = None,
    ) -> EventStore:
        """Create an event: the players numbered in the order given, or by a drawing of lots
        from ``lots_seed`` (recorded), and every main round paired from the Berger tables.
        ``then``: more changes to make before the event is at its name (an event read from a
        TRF: its dates and results), each audited as usual. ``schedule``: the rounds in the
        players' numbers instead of the tables (a TRF's round robin played under another
        numbering of the tables).

        Everything is checked before the file is made; a failure leaves no file behind.
        """
        # Only creating an event.
        from normtui.rules.lots import draw_lots
        from normtui.rules.profile import load_profile
        from normtui.store.files import building, place

        path = Path(path)
        profile = load_profile(profile_text)
        players = [clean_player(p) for p in players]
        check_players(players)
        if len(players) != profile.event.players:
            raise RuleError(
                f"{len(players)} players listed, but the event is for {profile.event.players}",
                "Regulations §1",
            )
        names = [p.name for p in players]
        order = draw_lots(names, lots_seed) if lots_seed is not None else names
        by_name = {p.name: p for p in players}
        actor = resolve_actor(actor)
        # Built beside its name and moved there whole (see normtui.store.files): a kill at
        # any moment leaves no event file or a whole one.
        with building(path) as tmp:
            store = cls(Core(create_database(tmp), tmp, actor=actor, clock=clock))
            try:
                cls._fill(store, profile, profile_text, order, by_name, lots_seed, schedule)
                if then is not None:
                    then(store)
            finally:
                store.close()  # the last connection: the WAL goes into the file
            place(tmp, path)
        return cls.open(path, actor=actor, clock=clock)

    @staticmethod
    def _fill(
        store: EventStore,
        profile: Profile,
        profile_text: str,
        order: Sequence[str],
        by_name: Mapping[str, PlayerInput],
        lots_seed: int | None,
        schedule: Sequence[Sequence[Pairing]] | None = None,
    ) -> None:
        """The creation, one transaction and the log's first entry."""
        from normtui.rules.berger import berger_schedule  # only creating an event

        with store._core.write("create") as tx:
            tx.rec.insert(
                "event",
                {
                    "id": 1,
                    "name": profile.event.name,
                    "profile_text": profile_text,
                    "created_at": store._core.now(),
                },
            )
            ids: dict[int, int] = {}
            for number, name in enumerate(order, start=1):
                p = by_name[name]
                ids[number] = tx.rec.insert(
                    "players",
                    {
                        "number": number,
                        "name": p.name,
                        "rating": p.rating,
                        "federation": p.federation,
                        "fide_id": p.fide_id,
                        "title": p.title,
                        "sex": p.sex,
                        "k": p.k,
                        "k_source": p.k_source if p.k is not None else None,
                        "birth_year": p.birth_year,
                    },
                )
            if schedule is None:
                schedule = berger_schedule(
                    len(order), profile.event.cycles, second_cycle=profile.event.second_cycle
                )
            tx.rec.insert(
                "stages",
                {
                    "kind": "main",
                    "rounds": len(schedule),
                    "time_control": "classical",
                    "lots_seed": lots_seed,
                },
            )
            insert_rounds(tx, "main", schedule, ids)
            how = f"drawn with seed {lots_seed}" if lots_seed is not None else "as listed"
            tx.summary = f"event {profile.event.name} created; pairing numbers {how}"

    # -- the event, its players and its profile ----------------------------------------------

    @property
    def path(self) -> Path:
        return self._core.path

    @property
    def actor(self) -> str:
        """Who the audit log names for this store's changes."""
        return self._core.actor

    def as_actor(self, actor: str) -> EventStore:
        """The same open store (connection, lock) writing under another actor: the console's
        feed writes as "feed" through it. Its own writes do not count as another process's
        (``data_version``). Close the store itself, never this view."""
        core = copy.copy(self._core)
        core.actor = actor
        return EventStore(core)

    def now(self) -> str:
        return self._core.now()

    def data_version(self) -> int:
        """Changes whenever ANOTHER connection commits to the file (PRAGMA data_version): poll
        it to learn cheaply that someone else wrote. This store's own writes do not change it."""
        return self._core.data_version()

    @property
    def profile(self) -> Profile:
        """The event's regulations, from the profile stored in the file (with its edits)."""
        return self._core.profile

    def players(self) -> list[Player]:
        """Every player, by pairing number."""
        return self._core.players()

    def resolve_player(self, text: str | int, *, players: Sequence[Player] | None = None) -> Player:
        """A player from a pairing number or a part of the name (see
        :meth:`Core.resolve_player`)."""
        return self._core.resolve_player(text, players=players)

    @property
    def event(self) -> EventInfo:

        with self._core.read():
            row = next(iter(self._core.rows("SELECT * FROM event")))
            stages = [r["kind"] for r in self._core.rows("SELECT kind FROM stages ORDER BY id")]
            main = self._core.stage("main")
            players = len(self._core.players())
            rounds = self._core.stage_rounds("main")
        seed = main["lots_seed"] if main else None
        assert seed is None or isinstance(seed, int)
        details = ReportDetails(
            row["city"],
            row["federation"],
            row["site"],
            row["chief_arbiter"],
            tuple(json.loads(row["deputy_arbiters"])),
            row["rating_list"],
            row["norm_exemption"],
        )
        return EventInfo(
            row["name"],
            stored_time(row["created_at"]),
            players,
            rounds,
            seed,
            tuple(stages),
            details,
        )

    def picture(
        self, known: EventPicture | None = None, *, after: AuditEntry | None = None
    ) -> EventPicture:
        """The event at one moment, for a screen (:mod:`normtui.store.picture`). ``known``:
        the last picture (its profile is kept when unchanged); ``after``: this store's own
        change since it, of which only the games it changed are read again when that is all
        that changed."""
        from normtui.store.picture import picture_after, read_picture  # only for a screen

        if known is not None and after is not None:
            return picture_after(self._core, known, after)
        return read_picture(self._core, known)

    def mark(self) -> tuple[int, int | None]:
        """(``PRAGMA data_version``, the id of the audit log's newest entry): a screen that
        compares them with its picture's knows, in one statement, whether anything was
        written since it was read, by another connection or through this one."""
        with self._core.lock, self._core.sqlite_errors():
            version, head = self._core.conn.execute(
                "SELECT (SELECT data_version FROM pragma_data_version), (SELECT max(id) FROM audit)"
            ).fetchone()
        return int(version), head

    def standings(self, through_round: int | None = None) -> list[StandingRow]:
        """The table after ``through_round`` (default: all complete pairings) in final order,
        with the prize each player would take if the event ended now (§5); see
        :meth:`final_standings`."""
        return list(self.playoff.final_standings(through_round).rows)

    def set_report_details(self, changes: Mapping[str, Value]) -> AuditEntry | None:
        """Record the event's city, federation (FIDE code), PGN site, chief arbiter and deputy
        arbiters (a list); a key left out is kept, ``None`` or an empty text clears it.
        ``None`` back when nothing changed."""
        from normtui.store.details import set_report_details  # only setting details

        return set_report_details(self._core, changes)

    def set_player_details(
        self,
        player: str | int,
        changes: Mapping[str, str | int | None],
        *,
        k_source: str = "arbiter",
    ) -> AuditEntry | None:
        """Record a player's details for the rating report: FIDE title, sex, FIDE id, FIDE
        rating, federation, K (``k_source``: "arbiter" or "list") and birth year; ``None`` or
        "none" clears one. ``None`` back when nothing changed."""
        from normtui.store.details import set_player_details  # only setting details

        return set_player_details(self._core, player, changes, k_source=k_source)

    def classical_controls(self) -> NormControl:
        """The classical control every main game was played at (a control changed mid-event
        leaves the games before at the old one): the minutes per player for 60 moves, the
        least of them, and whether one control served every game (the title regulations'
        questions)."""
        from normtui.store.controls import classical_controls  # only the norms ask

        return classical_controls(self._core)

    def ratings(self, through_round: int | None = None) -> dict[int, PlayerRating]:
        """Each player's FIDE rating numbers from the main games (of rounds up to
        ``through_round``): rating change, expected score, performance (B.02 §8)."""
        from normtui.store.ratings import ratings  # only the tables that show them

        return ratings(self._core, through_round)

    def norms(self) -> list[NormCheck]:
        """Every player's title norms (B.01 §1.4): met, missed (why), or possible (what is
        still needed)."""
        from normtui.store.ratings import norms  # only the views that show them

        return norms(self._core)

    def set_players_from_list(
        self, month: str, changes: Mapping[int, Mapping[str, str | int | None]]
    ) -> AuditEntry | None:
        """Record FIDE's rating list of ``month`` (YYYY-MM) and what it says of the players
        (pairing number -> changes, K as the list's), in one change."""
        from normtui.store.details import set_players_from_list  # only setting details

        return set_players_from_list(self._core, month, changes)

    def set_time_control(self, name: str, tc: TimeControl) -> AuditEntry | None:
        """Change one time control of the event's profile; the profile loader validates it."""
        # Only editing the profile.
        from normtui.rules.profile import load_profile
        from normtui.store.profile_text import replace_time_control

        with self._core.write("time control") as tx:
            profile = self._core.profile
            if name not in profile.time_controls:
                known = ", ".join(profile.time_controls)
                raise InputError(f"no time control {name!r} (the profile has {known})")
            old = profile.time_controls[name]
            if old == tc:
                return None
            text = replace_time_control(profile.source_text, name, tc)
            load_profile(text)
            tx.rec.update("event", 1, {"profile_text": text})
            tx.summary = f"time control {name}: {tc.describe()} (was {old.describe()})"
        return tx.entry

    def close(self) -> None:
        """Close the file. The last connection to close checkpoints the WAL into the file."""
        self._core.close()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<EventStore {self.path}>"


def fixed_clock(start: datetime) -> Clock:
    """A clock that always says ``start`` (for reproducible files and tests)."""
    return lambda: start


@dataclass(frozen=True)
class PlayerInput:
    """A player as listed for a new event, before pairing numbers exist."""

    name: str
    rating: int | None = None
    federation: str | None = None
    fide_id: str | None = None
    title: str | None = None
    sex: str | None = None
    # FIDE's K and where it came from ("list" or "csv"; none: the rule's), the year of birth.
    k: int | None = None
    k_source: str | None = None
    birth_year: int | None = None


@dataclass(frozen=True)
class EventInfo:
    """What the event is: its name, size, stages and report details."""

    name: str
    created_at: datetime
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
    # The month of the FIDE rating list the ratings are from (YYYY-MM), and the title norms'
    # exemption from the federations' conditions (B.01 1.4.3a, 1.4.3c).
    rating_list: str | None = None
    norm_exemption: str = "none"

    def to_json(self) -> dict[str, Any]:
        return {
            "city": self.city,
            "federation": self.federation,
            "site": self.site,
            "chief_arbiter": self.chief_arbiter,
            "deputy_arbiters": list(self.deputy_arbiters),
            "rating_list": self.rating_list,
            "norm_exemption": self.norm_exemption,
        }


def clean_player(p: PlayerInput) -> PlayerInput:
    """``p`` with its texts as the event stores them (a list made by a program, not read
    from a file, goes through this too: a TRF's); a name holding control characters is
    refused (:func:`normtui.text.refuse_controls`)."""
    return replace(
        p,
        name=clean_text(given_text(p.name, "the name")),
        federation=clean_text(p.federation or "") or None,
        fide_id=clean_text(p.fide_id or "") or None,
    )


def check_players(players: Sequence[PlayerInput], source: str = "the player list") -> None:
    """Names are unique ignoring case, as players are found by name; FIDE ids are numbers
    that fit the rating report, and no two players share one."""
    seen: dict[str, str] = {}
    ids: dict[str, str] = {}
    for p in players:
        key = p.name.casefold()
        if key in seen:
            raise InputError(f"{source}: {p.name!r} is listed twice")
        seen[key] = p.name
        if is_number(p.name.strip()):
            raise InputError(
                f"{source}: {p.name!r} is a number, not a name (numbers are pairing numbers)"
            )
        if p.fide_id is None:
            continue
        if not is_number(p.fide_id) or int(p.fide_id) == 0:
            raise InputError(f"{source}: FIDE id {p.fide_id!r} of {p.name} is not a number")
        if len(p.fide_id) > MAX_FIDE_ID_DIGITS:
            raise InputError(
                f"{source}: FIDE id {p.fide_id} of {p.name} has {len(p.fide_id)} "
                f"digits; a FIDE id has at most {MAX_FIDE_ID_DIGITS} (the rating "
                "report's columns 58-68)"
            )
        if p.fide_id in ids:
            raise InputError(
                f"{source}: FIDE id {p.fide_id} is given to both {ids[p.fide_id]} "
                f"and {p.name}; a FIDE id is one player's"
            )
        ids[p.fide_id] = p.name
