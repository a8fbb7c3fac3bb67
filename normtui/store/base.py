"""The store's core: one connection, transactions, and the lookups every operation needs.

Concurrency model. Every mutation is one ``BEGIN IMMEDIATE`` transaction (:meth:`_transaction`),
so SQLite hands it the file's write lock at once (waiting up to the busy timeout) and
everything it then reads is the latest committed state: two processes can never both read a
game, both decide, and both write. Reads outside a transaction always see the latest commit,
so each process sees the other's results on its next read. The ``version`` column of a game lets
a caller that showed a game to a person refuse to write over a change made since.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from threading import RLock
from typing import TYPE_CHECKING, Any, Self

from normtui.rules.folding import fold
from normtui.rules.model import Game, Player, PlayerStatus
from normtui.rules.scoring import is_complete
from normtui.store.actor import named_actor, resolve_actor
from normtui.store.errors import (
    AmbiguousError,
    ConflictError,
    InputError,
    NotFoundError,
)
from normtui.store.failures import sqlite_failure
from normtui.store.values import surname
from normtui.text import is_number

if TYPE_CHECKING:
    from normtui.rules.profile import Profile
    from normtui.rules.scoresheets import Signatures
    from normtui.rules.standings import Standing
    from normtui.store.audit import AuditEntry, Recorder
    from normtui.store.records import ByeRecord, GameRecord

# What only some commands need is imported where it is used: the profile (its classes) when
# the profile is first read, the game records when games are read, the standings when
# computed, the audit log on the first write. A command such as `normtui log` then loads
# none of them (a class costs about as much to define as such a command's work).

__all__ = ["Clock", "StoreBase", "Tx", "resolve_actor"]

Clock = Callable[[], datetime]


def complete_sql(table: str = "g", armageddon_after_draw: bool = True) -> str:
    """``normtui.rules.scoring.is_complete`` in SQL, for reads that only count or find games
    (rounds, the current round): a result, and no Armageddon still due after a drawn main
    game (where the profile has one). Counting in SQLite costs a fraction of building every
    game to ask the rules; tests/store/test_sql_reads.py checks it against the rules for
    every result."""
    if not armageddon_after_draw:
        return f"({table}.result IS NOT NULL)"
    return (
        f"({table}.result IS NOT NULL AND NOT ({table}.result = '1/2-1/2' "
        f"AND {table}.armageddon IS NULL))"
    )


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Tx:
    """One mutation in progress: write through ``rec``; set ``summary`` to say what it did."""

    __slots__ = ("action", "entry", "rec", "summary", "undoes")

    def __init__(
        self, rec: Recorder, action: str, summary: str = "", undoes: int | None = None
    ) -> None:
        self.rec = rec
        self.action = action
        self.summary = summary
        self.undoes = undoes
        self.entry: AuditEntry | None = None


class StoreBase:
    """Connection, clock, actor, transactions and lookups, shared by the store's parts."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path,
        *,
        actor: str | None = None,
        clock: Clock | None = None,
    ) -> None:
        self._conn = conn
        self.path = path
        self._actor = named_actor(actor)
        self._clock = clock or _utc_now
        self._lock = RLock()
        self._profile_cache: tuple[str, Profile] | None = None
        self._savepoints = 0  # writes nested in a transaction already open

    @property
    def actor(self) -> str:
        """Who the audit log names for this store's changes: as given, else
        $NORMTUI_ACTOR, else the login name, looked up on first use."""
        if self._actor is None:
            self._actor = resolve_actor(None)
        return self._actor

    @actor.setter
    def actor(self, name: str) -> None:
        self._actor = name

    # -- lifecycle ---------------------------------------------------------------------------

    def close(self) -> None:
        """Close the file. The last connection to close checkpoints the WAL into the file."""
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- transactions ------------------------------------------------------------------------

    def now(self) -> str:
        return self._clock().isoformat(timespec="seconds")

    @contextmanager
    def _transaction(self, *, write: bool) -> Iterator[None]:
        """One transaction, SQLite's own way. A write begins ``BEGIN IMMEDIATE``: it takes the
        file's write lock at once (waiting up to the busy timeout), so everything it then reads
        is the latest commit. A read of several queries begins ``BEGIN``: one snapshot.

        Inside a transaction already open a read joins it (that transaction is its snapshot),
        and a write is a savepoint of it: refused, it takes back only its own part. Ends
        committed, or rolled back on an error; never left open, since every later read would
        share the snapshot and stop seeing other processes' commits."""
        conn = self._conn
        with self._lock, self._sqlite_errors():
            if conn.in_transaction:
                if not write:
                    yield
                    return
                self._savepoints += 1
                name = f"normtui_{self._savepoints}"
                conn.execute(f"SAVEPOINT {name}")
                try:
                    yield
                except BaseException:
                    # An error may have ended the whole transaction, savepoint and all.
                    if conn.in_transaction:
                        conn.execute(f"ROLLBACK TO {name}")
                        conn.execute(f"RELEASE {name}")
                    raise
                finally:
                    self._savepoints -= 1
                conn.execute(f"RELEASE {name}")
                return
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            try:
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    def _read(self) -> AbstractContextManager[None]:
        """A consistent snapshot for reads that span several queries."""
        return self._transaction(write=False)

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows as dicts. Straight to sqlite3: ``db.query`` wraps every SELECT in a savepoint
        of its own, which costs more than most of our queries."""
        with self._lock, self._sqlite_errors():
            cursor = self._conn.execute(sql, params)
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    @contextmanager
    def _write(self, action: str) -> Iterator[Tx]:
        from normtui.store.audit import Recorder

        global _commits
        actor = self.actor  # the login name, when it is the actor, is looked up now
        with self._transaction(write=True):
            tx = Tx(Recorder(self._conn), action)
            yield tx
            tx.entry = tx.rec.write_audit(
                at=self.now(),
                actor=actor,
                action=tx.action,
                summary=tx.summary,
                undoes=tx.undoes,
            )
        if tx.entry is not None:
            _commits += 1

    def _conn_rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows as tuples (for reads that take them apart by position)."""
        with self._lock, self._sqlite_errors():
            return self._conn.execute(sql, params).fetchall()

    @contextmanager
    def _sqlite_errors(self) -> Iterator[None]:
        """SQLite failures that are not bugs, as one line naming the cause (a full disk, a
        read-only folder, a damaged file: :func:`normtui.store.failures.sqlite_failure`)."""
        try:
            yield
        except sqlite3.Error as exc:
            raise sqlite_failure(exc, self.path) from None

    def data_version(self) -> int:
        """Changes whenever ANOTHER connection commits to the file (PRAGMA data_version): poll
        it to learn cheaply that someone else wrote. This store's own writes do not change it."""
        with self._lock:
            return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    # -- the profile -------------------------------------------------------------------------

    @property
    def profile(self) -> Profile:
        """The event's regulations, from the profile stored in the file (with its edits)."""
        with self._lock:
            (text,) = self._conn.execute("SELECT profile_text FROM event").fetchone()
            cached = self._profile_cache
            if cached is None or cached[0] != text:
                from normtui.rules.profile import load_profile

                cached = (text, load_profile(text))
                self._profile_cache = cached
            return cached[1]

    # -- players -----------------------------------------------------------------------------

    def players(self) -> list[Player]:
        """Every player, by pairing number."""
        with self._read():
            return [_player(r) for r in self._rows("SELECT * FROM players ORDER BY number")]

    def _players_by_id(self) -> dict[int, Player]:
        return {r["id"]: _player(r) for r in self._rows("SELECT * FROM players")}

    def _player_ids(self) -> dict[int, int]:
        """Pairing number -> row id."""
        return {r["number"]: r["id"] for r in self._rows("SELECT id, number FROM players")}

    def resolve_player(self, text: str | int, *, players: Sequence[Player] | None = None) -> Player:
        """A player from a pairing number, or a part of the name that matches one player only
        ("carl", "Vachier", "wang"), case and accents aside ("oystein" finds "Øystein": the
        folding of the PGN name matching, normtui.rules.folding). ``players``: the list to
        search, when the caller has it already."""
        if players is None:
            players = self.players()
        query = str(text).strip()
        if not query:
            raise InputError("a player is missing: give a pairing number or part of a name")
        if is_number(query):  # ASCII digits: "²" is a (strange) name, not a number
            number = int(query) if len(query) <= 6 else -1
            for p in players:
                if p.number == number:
                    return p
            raise NotFoundError(
                f"no player has pairing number {query} (numbers are 1-{len(players)})"
            )
        needle = fold(query)
        exact = [p for p in players if p.name.casefold() == query.casefold()]
        if not exact:
            exact = [p for p in players if fold(p.name) == needle]
        if len(exact) == 1:
            return exact[0]
        found = exact or [p for p in players if needle in fold(p.name)]
        if len(found) == 1:
            return found[0]
        if not found:
            raise NotFoundError(
                f"no player matches {query!r}; give a pairing number or part of a name"
            )
        names = "; ".join(p.name for p in found)
        raise AmbiguousError(
            f"{query!r} matches {len(found)} players ({names}); "
            "give more of the name or the pairing number"
        )

    # -- rounds and games --------------------------------------------------------------------

    def _stage_rounds(self, stage: str) -> int:
        row = self._conn.execute("SELECT rounds FROM stages WHERE kind = ?", [stage]).fetchone()
        if row is None:
            hint = {"blitz": "; start it with `normtui blitz start`"}.get(stage, "")
            raise NotFoundError(f"the event has no {stage} stage{hint}")
        return int(row[0])

    def check_round(self, round_no: int, stage: str = "main") -> None:
        rounds = self._stage_rounds(stage)
        if not 1 <= round_no <= rounds:
            what = "the event" if stage == "main" else f"the {stage} stage"
            raise InputError(f"round {round_no} is out of range: {what} has rounds 1-{rounds}")

    def _game_records(self, where: str, params: Sequence[Any]) -> list[GameRecord]:
        from normtui.store.records import GAMES_SQL, game_records

        with self._read():
            profile = self.profile
            rows = self._conn.execute(
                f"{GAMES_SQL} WHERE {where} ORDER BY g.round, g.board", params
            ).fetchall()
        return game_records(rows, profile)

    def games(self, round: int | None = None, stage: str = "main") -> list[GameRecord]:
        """The games of a stage, or of one round of it, by round and board."""
        with self._read():
            if round is None:
                return self._game_records("g.stage = ?", [stage])
            self.check_round(round, stage)
            return self._game_records("g.stage = ? AND g.round = ?", [stage, round])

    def byes(self, round: int | None = None, stage: str = "main") -> list[ByeRecord]:
        """Who has no game in each round of a stage (or in one round), by round: the bye of
        an odd field."""
        from normtui.store.records import ByeRecord

        with self._read():
            players = self.players()
            games = self.games(round, stage)
            rounds = [round] if round is not None else range(1, self._stage_rounds(stage) + 1)
        playing: dict[int, set[int]] = {r: set() for r in rounds}
        for g in games:
            playing[g.round].update((g.white, g.black))
        return [
            ByeRecord(stage, r, p.number, p.name)
            for r in rounds
            for p in players
            if p.number not in playing[r]
        ]

    def _complete_sql(self, table: str = "g") -> str:
        """:func:`complete_sql` under the event's profile."""
        return complete_sql(table, self.profile.classical.armageddon_after_draw)

    def armageddons_due(self) -> list[GameRecord]:
        """The drawn main games whose Armageddon is still to come (§2), by round and board:
        what a console watches the 20 minutes of, without reading every game."""
        if not self.profile.classical.armageddon_after_draw:
            return []
        # Found in the games_progress index (a subquery: asked for whole rows, SQLite would
        # walk the table), then read whole.
        return self._game_records(
            "g.id IN (SELECT id FROM games WHERE stage = 'main' AND result = '1/2-1/2' "
            "AND armageddon IS NULL)",
            [],
        )

    def incomplete_games(self, stage: str = "main") -> list[GameRecord]:
        """The games of the stage not complete yet (no result, or an Armageddon still due),
        by round and board: what a clock is set for, without reading every game."""
        return self._game_records(
            f"g.id IN (SELECT g.id FROM games g WHERE g.stage = ? AND NOT "
            f"{self._complete_sql('g')})",
            [stage],
        )

    def game(self, game_id: int) -> GameRecord:
        found = self._game_records("g.id = ?", [game_id])
        if not found:
            raise NotFoundError(f"no game with id {game_id}")
        return found[0]

    def find_game(
        self, round: int, white: str | int, black: str | int, stage: str = "main"
    ) -> GameRecord:
        """The game of ``round`` with ``white`` having White against ``black``; a pairing that
        is not in the round, or colours given the wrong way round, is refused by name."""
        self.check_round(round, stage)
        players = self.players()
        w = self.resolve_player(white, players=players)
        b = self.resolve_player(black, players=players)
        if w.number == b.number:
            raise InputError(f"{w.name} is given as both White and Black")
        games = self._game_records("g.stage = ? AND g.round = ?", [stage, round])
        for g in games:
            if (g.white, g.black) == (w.number, b.number):
                return g
        for g in games:
            if (g.white, g.black) == (b.number, w.number):
                raise InputError(
                    f"{surname(w.name)} has Black against {surname(b.name)} in round {round}; "
                    f"give White first: {surname(b.name)} {surname(w.name)}"
                )
        opponent = next(
            (
                f"{surname(g.black_name if g.white == w.number else g.white_name)} "
                f"(board {g.board})"
                for g in games
                if w.number in (g.white, g.black)
            ),
            None,
        )
        plays = (
            f"; {surname(w.name)} plays {opponent}"
            if opponent
            else f"; {surname(w.name)} has the bye in that round"
        )
        raise NotFoundError(
            f"{surname(w.name)} and {surname(b.name)} are not paired in round {round}{plays}"
        )

    def _main_standings(
        self, through_round: int | None = None, *, players: Sequence[Player] | None = None
    ) -> list[Standing]:
        """The rules' table of the main event; unsigned results are marked provisional (§8)."""
        return self._main_table(through_round, players=players)[0]

    def _main_table(
        self, through_round: int | None = None, *, players: Sequence[Player] | None = None
    ) -> tuple[list[Standing], bool]:
        """The main table, and whether every main game of the event is complete (after the
        last round the play-off question is settled, §5).

        Reads only the columns the table needs (no PGN texts, no records): this runs after
        every result, and its cost is most of what a result costs."""
        from normtui.rules.scoresheets import provisional_games
        from normtui.rules.standings import compute_standings

        with self._read():
            if players is None:
                players = self.players()
            profile = self.profile
            games, signatures = self._main_games_signed()
        table = compute_standings(
            players,
            games,
            profile,
            through_round=through_round,
            provisional_games=provisional_games(games, signatures),
        )
        return table, all(is_complete(g) for g in games)

    def _main_games(self) -> list[Game]:
        """Every main game as the rules see them (no texts, no signatures)."""
        return self._main_games_signed()[0]

    def _main_games_signed(self) -> tuple[list[Game], dict[tuple[int, int], Signatures]]:
        """The main games and their signatures by (round, board), from only the columns the
        rules need."""
        from normtui.store.records import main_games

        with self._read():
            return main_games(self._conn, self.profile.classical.armageddon_after_draw)

    def _checked(self, game: GameRecord, expected_version: int | None) -> GameRecord:
        """``game`` (read inside the write transaction, so current), refused if it is no
        longer the version the caller saw."""
        if expected_version is not None and game.version != expected_version:
            raise ConflictError(
                f"{game.label} was changed by someone else since you read it (now version "
                f"{game.version}, you had {expected_version}); reload and try again"
            )
        return game

    def _update_game(self, tx: Tx, game: GameRecord, values: dict[str, Any]) -> None:
        tx.rec.update("games", game.id, {**values, "version": game.version + 1})


# Changes committed by this process (each one transaction with its audit row): the command
# line tells "nothing changed" from "changed, but the report was lost" by it (exit 2 or 3).
_commits = 0


def commits() -> int:
    """How many changes this process has committed to event files."""
    return _commits


def _player(row: dict[str, Any]) -> Player:
    return Player(
        row["number"],
        row["name"],
        row["rating"],
        row["federation"],
        row["fide_id"],
        PlayerStatus(row["status"]),
        row["title"],
        row["sex"],
    )
