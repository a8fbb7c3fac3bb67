"""``EventStore``: one event file, its reads and its audited mutations.

>>> import tempfile, pathlib
>>> from normtui.assets import read_profile_text
>>> from normtui.store import PlayerInput
>>> path = pathlib.Path(tempfile.mkdtemp()) / "event.db"
>>> names = ["So", "Carlsen", "Giri", "Anand", "Mamedyarov", "Tari", "Vachier-Lagrave",
...          "Topalov", "Wang Hao", "Radjabov"]
>>> store = EventStore.create(path, [PlayerInput(n) for n in names], read_profile_text())
>>> entry = store.enter_result(1, "So", "Radjabov", "1-0")
>>> entry.summary
'round 1 board 1 (So-Radjabov): result 1-0'
>>> [(r.player, float(r.points)) for r in store.standings()][:1]
[('So', 3.0)]
>>> store.undo().summary
'undo #2: round 1 board 1 (So-Radjabov): result 1-0'
>>> store.close()

Every mutation is one transaction that writes the change and one audit row, and returns that
:class:`AuditEntry` (``None`` when there was nothing to change, e.g. entering a result again).
Refusals raise :class:`StoreError` or the rules' :class:`RuleError` / :class:`ProfileError`,
all with one-line messages, and leave the file unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from normtui.rules.model import GameState, PlayerStatus, RuleError
from normtui.store.actor import named_actor
from normtui.store.base import Clock, resolve_actor
from normtui.store.connection import open_database
from normtui.store.desk import DeskMixin
from normtui.store.details import DetailsMixin
from normtui.store.errors import (
    InputError,
    NotFoundError,
    NotNewestError,
    NotYoursError,
    StoreError,
)
from normtui.store.feed import FEED_ACTOR, FeedMixin
from normtui.store.stages import StagesMixin

if TYPE_CHECKING:
    from normtui.rules.berger import Pairing
    from normtui.rules.model import Player
    from normtui.rules.playoff import PlayoffState
    from normtui.rules.profile import Profile
    from normtui.rules.standings import Standing
    from normtui.store.audit import AuditEntry
    from normtui.store.event_records import EventInfo, PlayerInput
    from normtui.store.final_records import FinalStandings, StandingRow
    from normtui.store.playoff_view import PlayoffView
    from normtui.store.records import RoundRecord

# Creating an event, the final table, the play-off's view and the audit log's reads import
# what they use when called: each command loads only its own.

__all__ = ["EventStore"]


class EventStore(FeedMixin, DeskMixin, StagesMixin, DetailsMixin):
    """An event file. Not for sharing between threads without care: calls are serialised by
    a lock, so one store may be used from a worker thread, but each call waits for the last."""

    @classmethod
    def open(
        cls, path: str | Path, *, actor: str | None = None, clock: Clock | None = None
    ) -> EventStore:
        """Open an existing event; refuse a file that is not one, or is from a newer normtui.
        ``actor``: who makes the changes (default: $NORMTUI_ACTOR, else the login name)."""
        # Before the file is opened: a bad name opens nothing (the login name is looked up
        # when first needed).
        actor = named_actor(actor)
        return cls(open_database(path), Path(path), actor=actor, clock=clock)

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
        from normtui.rules.lots import draw_lots
        from normtui.rules.profile import load_profile
        from normtui.store.connection import create_database
        from normtui.store.files import building, place
        from normtui.store.players_csv import check_players, clean_player

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
            store = cls(create_database(tmp), tmp, actor=actor, clock=clock)
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
        from normtui.rules.berger import berger_schedule
        from normtui.store.stages import insert_rounds

        with store._write("create") as tx:
            tx.rec.insert(
                "event",
                {
                    "id": 1,
                    "name": profile.event.name,
                    "profile_text": profile_text,
                    "created_at": store.now(),
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

    # -- reads -------------------------------------------------------------------------------

    @property
    def event(self) -> EventInfo:
        import json

        from normtui.store.event_records import EventInfo, ReportDetails

        with self._read():
            row = next(iter(self._rows("SELECT * FROM event")))
            stages = [r["kind"] for r in self._rows("SELECT kind FROM stages ORDER BY id")]
            main = self._stage("main")
            players = len(self.players())
            rounds = self._stage_rounds("main")
        seed = main["lots_seed"] if main else None
        assert seed is None or isinstance(seed, int)
        details = ReportDetails(
            row["city"],
            row["federation"],
            row["site"],
            row["chief_arbiter"],
            tuple(json.loads(row["deputy_arbiters"])),
        )
        return EventInfo(
            row["name"], row["created_at"], players, rounds, seed, tuple(stages), details
        )

    def rounds(self, stage: str = "main") -> list[RoundRecord]:
        """Every round of the stage with its boards and how many of them are complete
        (``is_complete``), counted by SQLite: a console and an export ask for this after
        every change, and it must not cost a record per game."""
        from normtui.store.records import RoundRecord

        rows = self._conn_rows(
            "SELECT r.stage, r.round, r.date, r.start_time, r.status, COUNT(g.id), "
            f"COALESCE(SUM({self._complete_sql('g')}), 0) FROM rounds r LEFT JOIN games g "
            "ON g.stage = r.stage AND g.round = r.round WHERE r.stage = ? "
            "GROUP BY r.id ORDER BY r.round",
            [stage],
        )
        return [RoundRecord(*r) for r in rows]

    def current_round(self) -> int:
        """The first main round with a board still to finish (postponed boards aside), or the
        last round once all are done."""
        with self._read():
            (first,) = self._conn.execute(
                "SELECT MIN(g.round) FROM games g WHERE g.stage = 'main' AND g.state <> ? "
                f"AND NOT {self._complete_sql('g')}",
                [GameState.POSTPONED.value],
            ).fetchone()
            return first if first is not None else self._stage_rounds("main")

    def standings(self, through_round: int | None = None) -> list[StandingRow]:
        """The table after ``through_round`` (default: all complete pairings) in final order,
        with the prize each player would take if the event ended now (§5); see
        :meth:`final_standings`."""
        return list(self.final_standings(through_round).rows)

    def final_standings(self, through_round: int | None = None) -> FinalStandings:
        """The final table, ranked in one place (``normtui.rules.final``): the main table,
        and once every main game is complete the play-off's outcome for a shared first place
        (§5). A table of an earlier round is the main table of that round."""
        with self._read():
            if through_round:  # 0 is the table before the first round
                self.check_round(through_round)
            players = self.players()
            rows, complete = self._main_table(through_round, players=players)
            whole = through_round is None or through_round >= self._stage_rounds("main")
            playoff = self._playoff_state(rows) if complete and whole else None
            return self._final(rows, players, playoff)

    def final_and_playoff(self) -> tuple[FinalStandings, PlayoffState]:
        """The final table (as :meth:`final_standings` gives it) and the play-off's state,
        from one main table: mid-event the state says who would play if the event ended now
        (an export and the play-off's screen show both; each would otherwise compute the
        main table again)."""
        with self._read():
            players = self.players()
            rows, complete = self._main_table(players=players)
            state = self._playoff_state(rows)
            return self._final(rows, players, state if complete else None), state

    def _final(
        self, rows: list[Standing], players: Sequence[Player], playoff: PlayoffState | None
    ) -> FinalStandings:
        from normtui.rules.final import final_table
        from normtui.rules.prizes import empty_places_note
        from normtui.store.final_records import FinalStandings, StandingRow

        profile = self.profile
        table = final_table(rows, profile, playoff)
        status = {p.number: p.status for p in players}
        # §9 a: a player not counted leaves the last place of the prize table empty.
        empty = empty_places_note(table.award, profile.prizes.amounts, profile.event.currency)
        fraction = f"{(profile.illness.withdrawal_counted_fraction * 100).normalize():f} %"
        why = f"withdrawn before completing {fraction} of the games: not counted (§9 a)"

        def withdrawn_uncounted(r: Standing) -> bool:
            return not r.counted and status.get(r.number) is PlayerStatus.WITHDRAWN

        out = tuple(
            StandingRow.of(
                r,
                status.get(r.number, PlayerStatus.ACTIVE),
                note=why if withdrawn_uncounted(r.standing) else "",
                prize_note=(empty or None) if withdrawn_uncounted(r.standing) else None,
            )
            for r in table.rows
        )
        return FinalStandings(out, table.decided_by, table.playoff_places, table.note, playoff)

    def playoff_view(self) -> PlayoffView:
        """Everything a screen of the play-off shows, read at one moment: the state, the
        players' names, the seed, what keeps it from starting, the records, the prizes."""
        from normtui.store.playoff_view import PlayoffView

        with self._read():
            players = self.players()
            final, state = self.final_and_playoff()
            stage = self._stage("playoff")
            seed = stage["lots_seed"] if stage else None
            assert seed is None or isinstance(seed, int)
            records = frozenset(
                r["game"]
                for r in self._rows("SELECT game FROM playoff_results WHERE pgn IS NOT NULL")
            )
            blocker = None if stage else self._undecided_main()
            profile = self.profile
        return PlayoffView(
            state,
            {p.number: p.name for p in players},
            seed,
            stage is not None,
            blocker,
            records,
            final.rows,
            profile,
        )

    def log(
        self, limit: int | None = None, *, rows: bool = True, upto: int | None = None
    ) -> list[AuditEntry]:
        """The audit log, newest first (``upto``: from that entry down); ``rows=False``
        leaves out each entry's rows before and after (its ``before`` and ``after`` are
        empty): a listing shows the summaries."""
        from normtui.store.audit import read_log

        with self._read():
            return read_log(self._conn, limit, rows=rows, upto=upto)

    def log_ids(self) -> list[int]:
        """The id of every entry of the audit log, oldest first."""
        from normtui.store.audit import log_ids

        with self._read():
            return log_ids(self._conn)

    # -- undo --------------------------------------------------------------------------------

    def undo(self, entry_id: int | None = None, *, anyone: bool = False) -> AuditEntry:
        """Revert the newest change not yet undone, exactly; the undo is itself audited.

        Undo only ever takes back the newest change of the event (an older one may be what a
        newer one built on), the board feed's keeping of other games' records aside (a change
        a move: see :func:`keeps_records_only`). ``entry_id``: the change the caller showed,
        refused when it is no longer the newest (someone wrote since). That change must be
        this store's actor's, unless ``anyone``: another arbiter's change is refused by name.
        The two combine: the id says which change, ``anyone`` that it may be someone else's.

        Refused, with nothing changed, when a row it would restore has been changed since by
        something that is not undone (cannot happen through this API, which undoes in order).
        """
        from normtui.store.audit import undo_rows

        with self._write("undo") as tx:
            entry = self._next_undo(entry_id, anyone=anyone)
            if entry_id is not None and entry.id != entry_id:
                raise self._not_newest(entry_id, entry)
            if entry.actor != self.actor and not anyone:
                raise NotYoursError(
                    f"the newest change is #{entry.id} by {entry.actor} ({entry.summary}), "
                    f"not yours ({self.actor})",
                    entry.actor,
                )
            undo_rows(tx.rec, entry)
            tx.undoes = entry.id
            by = "" if entry.actor == self.actor else f" (by {entry.actor})"
            tx.summary = f"undo #{entry.id}{by}: {entry.summary}"
        if tx.entry is None:  # the undone action changed nothing: cannot be, it was audited
            raise InputError(f"undo #{entry.id} found nothing to change")
        return tx.entry

    def next_undo(self) -> AuditEntry | None:
        """The change :meth:`undo` would take back for this store's actor (what a console
        shows before it asks): the newest, the feed's keeping of other games' records passed
        over; ``None`` when there is nothing to undo."""
        with self._read():
            try:
                return self._next_undo(None, anyone=False)
            except NotFoundError:
                return None

    def _next_undo(self, entry_id: int | None, *, anyone: bool) -> AuditEntry:
        from normtui.store.audit import find_undoable, keeps_records_only

        entry = find_undoable(self._conn)
        # A change a move by the feed (another board's record) since the change meant: passed
        # over, unless the caller means the newest whoever made it (anyone, no id).
        if entry_id is None and anyone:
            return entry
        while (
            entry.id != entry_id
            and entry.actor != self.actor
            and keeps_records_only(entry, FEED_ACTOR)
        ):
            try:
                entry = find_undoable(self._conn, older_than=entry.id)
            except NotFoundError:
                break
        return entry

    def _not_newest(self, entry_id: int, newest: AuditEntry) -> StoreError:
        from normtui.store.audit import find_entry

        shown = find_entry(self._conn, entry_id)
        if shown is None:
            return NotFoundError(f"there is no change #{entry_id} in the audit log")
        if shown.undone_by is not None:
            return NotNewestError(
                f"#{entry_id} ({shown.summary}) was undone already, by #{shown.undone_by}"
            )
        if not shown.undoable:
            what = (
                "an undo"
                if shown.undoes is not None
                else {"create": "the creation of the event"}.get(shown.action, f"a {shown.action}")
            )
            return InputError(f"#{entry_id} is {what}, which undo does not take back")
        return NotNewestError(
            f"#{entry_id} ({shown.summary}) is no longer the newest change: #{newest.id} by "
            f"{newest.actor} ({newest.summary}) came after it; nothing was undone"
        )

    def __repr__(self) -> str:
        return f"<EventStore {self.path}>"


def fixed_clock(start: datetime) -> Clock:
    """A clock that always says ``start`` (for reproducible files and tests)."""
    return lambda: start
