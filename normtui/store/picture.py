"""One read of the event for a screen: the console's snapshot (``store.picture()``).

The console reads the event once per change, when ``PRAGMA data_version`` says another
connection has committed and after its own writes, and every pane and the header derive what
they show from that one :class:`EventPicture`, never from the store (``docs/console-snapshot.md``).

A picture holds the players, every game without its PGN texts, the rounds and stages, the
play-off's results, the desk's arrivals, fines and incidents, the feed the console follows,
the profile and the newest entry of the audit log: one read transaction of five statements,
the small tables as JSON in one of them. The profile's text comes back only when it is not the
one the last picture had, and is parsed once per text. After this store's own change that
touched games alone, and nobody else wrote in between, only those games are read again
(:func:`picture_after`). What screens compute from a picture (the round being played, the
Armageddons waiting, the final table, the play-off) is computed on first use and kept with it,
so two panes asking for the table compute it once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING

from normtui.rules.model import Game, GameState, Player
from normtui.rules.scoresheets import provisional_games
from normtui.rules.scoring import is_complete
from normtui.store.desk import ArrivalRecord, FineRecord, IncidentRecord
from normtui.store.games import PlayoffField
from normtui.store.playoff import drawings_of, final_of, state_of, undecided_blocker
from normtui.store.records import GAMES_SQL_NO_TEXTS, GameRecord, RoundRecord, game_records

if TYPE_CHECKING:
    from normtui.rules.contenders import Contender
    from normtui.rules.playoff import PlayoffState
    from normtui.rules.profile import Profile
    from normtui.rules.standings import Standing
    from normtui.store.core import Core
    from normtui.store.final import FinalStandings, PlayoffView, StandingRow
    from normtui.store.log import AuditEntry

__all__ = ["AuditHead", "EventPicture", "StageRow", "picture_after", "read_picture"]


@dataclass(frozen=True)
class AuditHead:
    """The newest entry of the audit log, as a screen names it."""

    id: int
    actor: str
    summary: str


@dataclass(frozen=True)
class StageRow:
    """A stage of the event ("main", "blitz", "playoff") as the stages table keeps it."""

    kind: str
    rounds: int
    lots_seed: int | None
    armageddon_choice: str | None
    # The play-off's drawings of lots made at the board (game id, or "LOT", -> player).
    drawings: Mapping[str, int]


@dataclass(frozen=True, eq=False)
class EventPicture:
    """The event at one moment, for a screen. Two pictures are never equal: a new one is a
    new read (a screen's reactive compares them by identity).

    ``games`` are every stage's, by round and board, read without their PGN texts
    (``GameRecord.has_pgn`` says whether one is kept; ``store.games.get`` reads it).
    ``data_version`` is the connection's ``PRAGMA data_version`` read with it: another
    connection has written since when the pragma says otherwise."""

    data_version: int
    name: str
    profile_text: str
    profile: Profile
    players: tuple[Player, ...]
    games: tuple[GameRecord, ...]
    stages: Mapping[str, StageRow]
    # (stage, round, date, start time, status) of every round of every stage.
    schedule: tuple[tuple[str, int, str | None, str | None, str], ...]
    # The play-off's results in the order entered, and the games whose record is kept.
    playoff_results: Mapping[str, str]
    playoff_records: frozenset[str]
    head: AuditHead | None
    # The desk's records (§7): every arrival by round, the fines and incidents oldest first.
    arrivals: tuple[ArrivalRecord, ...]
    fines: tuple[FineRecord, ...]
    incidents: tuple[IncidentRecord, ...]
    # The feed the console follows, kept with the event: (source, round) or (None, None).
    feed_source: tuple[str | None, int | None]

    # -- the games ---------------------------------------------------------------------------

    @cached_property
    def by_id(self) -> dict[int, GameRecord]:
        return {g.id: g for g in self.games}

    def game(self, game_id: int) -> GameRecord | None:
        """The game with that id as the picture has it (None: not in it)."""
        return self.by_id.get(game_id)

    @cached_property
    def main_games(self) -> tuple[GameRecord, ...]:
        return tuple(g for g in self.games if g.stage == "main")

    @cached_property
    def rule_games(self) -> tuple[Game, ...]:
        """The main games as the rules see them."""
        return tuple(g.game() for g in self.main_games)

    def games_of(self, round_no: int | None = None, stage: str = "main") -> list[GameRecord]:
        """The games of a stage, or of one round of it, by round and board."""
        return [
            g for g in self.games if g.stage == stage and (round_no is None or g.round == round_no)
        ]

    @cached_property
    def incomplete(self) -> tuple[GameRecord, ...]:
        """The main games not complete yet (no result, or an Armageddon still due), by round
        and board (``store.games.incomplete()``)."""
        return tuple(
            g for g, r in zip(self.main_games, self.rule_games, strict=True) if not is_complete(r)
        )

    @cached_property
    def armageddons_waiting(self) -> tuple[GameRecord, ...]:
        """The drawn main games whose Armageddon has not started yet (§2), the one to start
        first first: the one list the header counts, ctrl+a opens and the pairings watch the
        20 minutes of. A game without its deadline's time comes first."""
        waiting = [
            g for g in self.main_games if g.armageddon_due and g.armageddon_started_at is None
        ]
        return tuple(
            sorted(
                waiting,
                key=lambda g: (
                    g.armageddon_deadline.timestamp() if g.armageddon_deadline else 0.0,
                    g.round,
                    g.board,
                ),
            )
        )

    def armageddon_waits(self, game_id: int) -> bool:
        """Whether the game is still a drawn main game without its Armageddon's result."""
        game = self.game(game_id)
        return game is not None and game.armageddon_due

    # -- rounds and stages -------------------------------------------------------------------

    @property
    def rounds(self) -> int:
        """How many rounds the main event has."""
        return self.stages["main"].rounds

    def round_records(self, stage: str = "main") -> list[RoundRecord]:
        """Every round of the stage with its boards and how many are complete, as
        ``store.rounds()`` gives them."""
        return list(self._rounds.get(stage, ()))

    @cached_property
    def _rounds(self) -> dict[str, list[RoundRecord]]:
        boards: dict[tuple[str, int], int] = {}
        complete: dict[tuple[str, int], int] = {}
        for g in self.games:
            key = (g.stage, g.round)
            boards[key] = boards.get(key, 0) + 1
            complete[key] = complete.get(key, 0) + is_complete(g.game())
        out: dict[str, list[RoundRecord]] = {}
        for s, r, date, start, status in self.schedule:
            out.setdefault(s, []).append(
                RoundRecord(
                    s, r, date, start, status, boards.get((s, r), 0), complete.get((s, r), 0)
                )
            )
        return out

    @property
    def round_dates(self) -> dict[int, str]:
        """The date of each main round that has one (``importing.round_dates``)."""
        return {r: date for s, r, date, _t, _st in self.schedule if s == "main" and date}

    def round_record(self, round_no: int, stage: str = "main") -> RoundRecord | None:
        return next((r for r in self.round_records(stage) if r.round == round_no), None)

    def round_closed(self, round_no: int, stage: str = "main") -> bool:
        return any(
            (s, r, status) == (stage, round_no, "closed") for s, r, _d, _t, status in self.schedule
        )

    @cached_property
    def current_round(self) -> int:
        """The first main round with a board still to finish (postponed boards aside), or the
        last round once all are done (``store.rounds.current()``)."""
        return min(
            (
                g.round
                for g in self.rule_games
                if g.state is not GameState.POSTPONED and not is_complete(g)
            ),
            default=self.rounds,
        )

    def arrivals_of(self, round_no: int) -> list[ArrivalRecord]:
        """The arrivals recorded for a round (§7)."""
        return [a for a in self.arrivals if a.round == round_no]

    def byes(self, round_no: int) -> list[Player]:
        """Who has no game in a main round: the bye of an odd field (§1)."""
        playing = {n for g in self.main_games if g.round == round_no for n in (g.white, g.black)}
        return [p for p in self.players if p.number not in playing]

    @property
    def stage_kinds(self) -> tuple[str, ...]:
        return tuple(self.stages)

    def playoff_field(self) -> PlayoffField | None:
        """What a started play-off was drawn from (None: not started), as
        :func:`~normtui.store.games.result_change` asks for it."""
        if "playoff" not in self.stages:
            return None
        return self.players, self.rule_games, self.profile

    # -- the tables --------------------------------------------------------------------------

    @cached_property
    def main_table(self) -> tuple[list[Standing], bool]:
        """The rules' main table (unsigned results provisional, §8) and whether every main
        game is complete, as ``store.games.main_table()`` gives them."""
        # The table: only when a screen shows it.
        from normtui.rules.standings import compute_standings

        signatures = {(g.round, g.board): g.signatures for g in self.main_games}
        table = compute_standings(
            self.players,
            self.rule_games,
            self.profile,
            provisional_games=provisional_games(self.rule_games, signatures),
        )
        return table, all(is_complete(g) for g in self.rule_games)

    @cached_property
    def playoff(self) -> PlayoffState:
        """Where the play-off stands; mid-event, who would play it if the event ended now."""
        stage = self.stages.get("playoff")
        return state_of(
            self.main_table[0],
            self.profile,
            seed=stage.lots_seed if stage else None,
            choice=stage.armageddon_choice if stage else None,
            results=self.playoff_results,
            classical=lambda: (self.players, self.rule_games),
            drawn=stage.drawings if stage else {},
        )

    @cached_property
    def final(self) -> FinalStandings:
        """The final table (``store.playoff.final_standings()``): the main table, and once
        every main game is complete the play-off's outcome for a shared first place (§5)."""
        rows, complete = self.main_table
        return final_of(rows, self.players, self.profile, self.playoff if complete else None)

    @property
    def standings(self) -> list[StandingRow]:
        return list(self.final.rows)

    @cached_property
    def playoff_view(self) -> PlayoffView:
        """The play-off's page (``store.playoff.view()``)."""
        stage = self.stages.get("playoff")
        blocker = None
        if stage is None:
            blocker = undecided_blocker(
                next(
                    (
                        g
                        for g, r in zip(self.main_games, self.rule_games, strict=True)
                        if g.result is None
                        or (not is_complete(r) and g.state is not GameState.FORFEIT)
                    ),
                    None,
                )
            )
        # The final table's module: only when a screen shows the play-off.
        from normtui.store.final import PlayoffView

        return PlayoffView(
            self.playoff,
            {p.number: p.name for p in self.players},
            stage.lots_seed if stage else None,
            stage is not None,
            blocker,
            self.playoff_records,
            self.final.rows,
            self.profile,
            stage.drawings if stage else {},
        )

    @cached_property
    def standings_if_ended_now(self) -> list[StandingRow]:
        """The table if every pairing under way ended now, drawn and its Armageddon drawn
        (``store.feed.standings_if_ended_now()``)."""
        # The feed's tables: only when a screen shows them.
        from normtui.store.feed import table_if_ended_now

        return table_if_ended_now(self.players, self.rule_games, self.profile)

    def race_question(self) -> Callable[[], list[Contender]]:
        """Who can still finish first, as a search to run in a thread
        (``store.feed.race_question()``)."""
        # The feed's tables: only when a screen shows them.
        from normtui.store.feed import race_question

        return race_question(self.players, self.rule_games, self.main_table[0], self.profile)

    # -- a newer picture ---------------------------------------------------------------------

    def with_games(
        self, games: Iterable[GameRecord], gone: Iterable[int], head: AuditHead, data_version: int
    ) -> EventPicture:
        """This picture with ``games`` read again (new ones added), ``gone`` ones removed,
        and ``head`` the newest change."""
        new = {g.id: g for g in games}
        dropped = set(gone)
        kept = [new.pop(g.id, g) for g in self.games if g.id not in dropped]
        merged = sorted([*kept, *new.values()], key=lambda g: (g.round, g.board, g.stage))
        return replace(self, games=tuple(merged), head=head, data_version=data_version)


# Everything of the event but its players and games, in one statement: the profile's text only
# when it is not the one given (the last picture's), each small table as JSON (the desk's rows
# as objects named as their columns, for their records' ``of``).
_EVENT_SQL = """
SELECT e.name,
  CASE WHEN e.profile_text = ? THEN NULL ELSE e.profile_text END,
  (SELECT data_version FROM pragma_data_version),
  e.feed_source,
  e.feed_round,
  (SELECT json_group_array(json_array(id, kind, rounds, lots_seed, armageddon_choice,
     drawings)) FROM stages),
  (SELECT json_group_array(json_array(stage, round, date, start_time, status)) FROM rounds),
  (SELECT json_group_array(json_array(id, game, result, pgn IS NOT NULL))
     FROM playoff_results),
  (SELECT json_array(id, actor, summary) FROM audit ORDER BY id DESC LIMIT 1),
  (SELECT json_group_array(json_object('id', id, 'round', round, 'player', player,
     'present', present, 'recorded_at', recorded_at, 'arrived_at', arrived_at))
     FROM arrivals),
  (SELECT json_group_array(json_object('id', id, 'player', player, 'round', round,
     'amount', amount, 'currency', currency, 'reason', reason, 'article', article,
     'recorded_at', recorded_at)) FROM fines),
  (SELECT json_group_array(json_object('id', id, 'at', at, 'round', round, 'player', player,
     'kind', kind, 'description', description, 'decision', decision, 'article', article))
     FROM incidents)
FROM event e
"""


def read_picture(core: Core, known: EventPicture | None = None) -> EventPicture:
    """The event now, in one read transaction. ``known``: the last picture, whose profile is
    kept when its text has not changed."""
    with core.read():
        (
            name,
            text,
            version,
            feed_source,
            feed_round,
            stages,
            rounds,
            results,
            head,
            arrivals,
            fines,
            incidents,
        ) = core.conn.execute(_EVENT_SQL, [known.profile_text if known else None]).fetchone()
        by_id = core.players_by_id()
        rows = core.conn.execute(f"{GAMES_SQL_NO_TEXTS} ORDER BY g.round, g.board").fetchall()
    if text is None:
        assert known is not None
        text, profile = known.profile_text, known.profile
    else:
        profile = core.profile_of(text)
    stage_rows = sorted(json.loads(stages))
    playoff = sorted(json.loads(results))
    return EventPicture(
        version,
        name,
        text,
        profile,
        tuple(sorted(by_id.values(), key=lambda p: p.number)),
        tuple(game_records(rows, profile)),
        {
            kind: StageRow(kind, n, seed, choice, drawings_of({"drawings": drawn}))
            for _id, kind, n, seed, choice, drawn in stage_rows
        },
        tuple(sorted((tuple(r) for r in json.loads(rounds)), key=lambda r: (r[0], r[1]))),
        {game: result for _id, game, result, _kept in playoff},
        frozenset(game for _id, game, _result, kept in playoff if kept),
        AuditHead(*json.loads(head)) if head else None,
        tuple(
            sorted(
                (ArrivalRecord.of(r, by_id) for r in json.loads(arrivals)),
                key=lambda a: (a.round, a.id),
            )
        ),
        tuple(sorted((FineRecord.of(r, by_id) for r in json.loads(fines)), key=lambda f: f.id)),
        tuple(
            sorted((IncidentRecord.of(r, by_id) for r in json.loads(incidents)), key=lambda i: i.id)
        ),
        (feed_source, feed_round),
    )


def picture_after(core: Core, known: EventPicture, entry: AuditEntry) -> EventPicture:
    """The picture after this store's own change ``entry``: when it changed games alone and
    it is the entry right after ``known``'s head (every change of the event is one entry of
    the log's chain, so nobody else changed it in between), those games are read again, in
    one statement; otherwise the whole event. A change another connection commits after it
    is the poll's: ``PRAGMA data_version`` then differs from ``known``'s."""
    tables = {*entry.before, *entry.after}
    ids = entry.changed("games")
    follows = known.head is not None and entry.id == known.head.id + 1
    if tables != {"games"} or not ids or not follows:
        return read_picture(core, known)
    marks = ", ".join("?" * len(ids))
    with core.lock, core.sqlite_errors():
        rows = core.conn.execute(f"{GAMES_SQL_NO_TEXTS} WHERE g.id IN ({marks})", ids).fetchall()
    games = game_records(rows, known.profile)
    found = {g.id for g in games}
    head = AuditHead(entry.id, entry.actor, entry.summary)
    return known.with_games(games, [i for i in ids if i not in found], head, known.data_version)
