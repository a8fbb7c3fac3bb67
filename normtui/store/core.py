"""The store's core, shared by its parts: one connection, its lock, the clock, who writes (the
actor), the transactions, and the lookups every part needs (the profile, the players, the games).

Concurrency model. Every mutation is one ``BEGIN IMMEDIATE`` transaction (:meth:`Core.write`),
so SQLite hands it the file's write lock at once (waiting up to the busy timeout) and
everything it then reads is the latest committed state: two processes can never both read a
game, both decide, and both write. Reads outside a transaction always see the latest commit,
so each process sees the other's results on its next read. The ``version`` column of a game lets
a caller that showed a game to a person refuse to write over a change made since.

Who makes a change is the name every audit entry carries: several arbiters work on one event
(the chief at the console, a deputy at a second console or the command line), each named with
``--as NAME`` or ``NORMTUI_ACTOR``; undo takes back only the caller's own newest change unless
told otherwise. Light on imports: the console checks the name before its first frame.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from threading import RLock
from typing import TYPE_CHECKING, Any

from normtui.rules.folding import fold
from normtui.rules.model import Player, PlayerStatus
from normtui.store.commits import COMMITS
from normtui.store.errors import (
    AmbiguousError,
    ConflictError,
    InputError,
    NotFoundError,
    sqlite_failure,
)
from normtui.store.values import time_text
from normtui.text import is_number, refuse_controls

if TYPE_CHECKING:
    from normtui.rules.profile import Profile
    from normtui.store.log import AuditEntry, Recorder
    from normtui.store.records import GameRecord

# What only some commands need is imported where it is used: the profile (its classes) when
# the profile is first read, the game records when games are read, the audit log on the first
# write. A command such as `normtui log` then loads none of them (a class costs about as much
# to define as such a command's work).

__all__ = [
    "ACTOR_MAX",
    "Clock",
    "Core",
    "Tx",
    "checked",
    "complete_sql",
    "given_text",
    "named_actor",
    "resolve_actor",
]

Clock = Callable[[], datetime]

# An arbiter's name as the audit log shows it: in a column of the log, on one line.
ACTOR_MAX = 40


def _default_actor() -> tuple[str, str]:
    """(name, where it came from) when the caller names nobody."""
    named = os.environ.get("NORMTUI_ACTOR")
    if named is not None and named != "":
        return named, "NORMTUI_ACTOR"
    import getpass  # only then: a few million instructions of every command's start

    try:
        return getpass.getuser(), "the login name"
    except (KeyError, OSError):  # no user name in a bare container
        return "arbiter", "the default"


def resolve_actor(actor: str | None) -> str:
    """Who makes the changes: ``actor`` (the CLI's ``--as``), else $NORMTUI_ACTOR, else the
    login name; refused unless it is a name the log can show."""
    name, source = (actor, "--as") if actor is not None else _default_actor()
    text = name.strip()
    if not text:
        raise InputError(f"the arbiter's name ({source}) is empty")
    if len(text) > ACTOR_MAX or not text.isprintable():
        raise InputError(
            f"the arbiter's name ({source}) must be one line of at most "
            f"{ACTOR_MAX} characters: {text[:ACTOR_MAX]!r}"
        )
    return text


def named_actor(actor: str | None) -> str | None:
    """``actor`` (the CLI's ``--as``) or $NORMTUI_ACTOR, checked as :func:`resolve_actor`
    checks them; ``None`` when neither names anyone: then the login name, which a store
    looks up on its first write (a read has no use for it)."""
    if actor is None and os.environ.get("NORMTUI_ACTOR") in (None, ""):
        return None
    return resolve_actor(actor)


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

    def update_game(self, game: GameRecord, values: dict[str, Any]) -> None:
        """Change a game's row, its version one higher."""
        self.rec.update("games", game.id, {**values, "version": game.version + 1})


class Core:
    """What the store's parts share: the connection and its lock, the clock, the actor, the
    transactions, and the lookups every part needs."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path,
        *,
        actor: str | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.conn = conn
        self.path = path
        self._actor = named_actor(actor)
        self.clock = clock or _utc_now
        self.lock = RLock()
        self._profile_cache: tuple[str, Profile] | None = None
        # The profile as the transaction open now read it: within one transaction only this
        # store's own write can change it, and a write forgets it (see profile).
        self._profile_now: Profile | None = None
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

    def close(self) -> None:
        """Close the file. The last connection to close checkpoints the WAL into the file."""
        with self.lock:
            self.conn.close()

    def now(self) -> str:
        return time_text(self.clock())

    # -- transactions ------------------------------------------------------------------------

    @contextmanager
    def transaction(self, *, write: bool) -> Iterator[None]:
        """One transaction, SQLite's own way. A write begins ``BEGIN IMMEDIATE``: it takes the
        file's write lock at once (waiting up to the busy timeout), so everything it then reads
        is the latest commit. A read of several queries begins ``BEGIN``: one snapshot.

        Inside a transaction already open a read joins it (that transaction is its snapshot),
        and a write is a savepoint of it: refused, it takes back only its own part. Ends
        committed, or rolled back on an error; never left open, since every later read would
        share the snapshot and stop seeing other processes' commits."""
        conn = self.conn
        with self.lock, self.sqlite_errors():
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
                    self._profile_now = None  # the write may have changed it
                conn.execute(f"RELEASE {name}")
                return
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield
            except BaseException:
                self._profile_now = None
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            self._profile_now = None
            try:
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    def read(self) -> AbstractContextManager[None]:
        """A consistent snapshot for reads that span several queries."""
        return self.transaction(write=False)

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Rows as dicts. Straight to sqlite3: ``db.query`` wraps every SELECT in a savepoint
        of its own, which costs more than most of our queries."""
        with self.lock, self.sqlite_errors():
            cursor = self.conn.execute(sql, params)
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    @contextmanager
    def write(self, action: str) -> Iterator[Tx]:
        from normtui.store.log import Recorder  # the audit log: only a write

        actor = self.actor  # the login name, when it is the actor, is looked up now
        with self.transaction(write=True):
            tx = Tx(Recorder(self.conn), action)
            yield tx
            tx.entry = tx.rec.write_audit(
                at=self.now(),
                actor=actor,
                action=tx.action,
                summary=tx.summary,
                undoes=tx.undoes,
            )
        if tx.entry is not None:
            COMMITS.count += 1

    def tuples(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows as tuples (for reads that take them apart by position)."""
        with self.lock, self.sqlite_errors():
            return self.conn.execute(sql, params).fetchall()

    @contextmanager
    def sqlite_errors(self) -> Iterator[None]:
        """SQLite failures that are not bugs, as one line naming the cause (a full disk, a
        read-only folder, a damaged file: :func:`normtui.store.errors.sqlite_failure`)."""
        try:
            yield
        except sqlite3.Error as exc:
            raise sqlite_failure(exc, self.path) from None

    def data_version(self) -> int:
        """Changes whenever ANOTHER connection commits to the file (PRAGMA data_version): poll
        it to learn cheaply that someone else wrote. This store's own writes do not change it."""
        with self.lock:
            return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    @property
    def profile(self) -> Profile:
        """The event's regulations, from the profile stored in the file (with its edits):
        read once per transaction (a write reads it, then every game record it builds uses
        it), and parsed once per change of its text."""
        with self.lock:
            if self._profile_now is not None and self.conn.in_transaction:
                return self._profile_now
            (text,) = self.conn.execute("SELECT profile_text FROM event").fetchone()
            profile = self.profile_of(text)
            if self.conn.in_transaction:
                self._profile_now = profile
            return profile

    def profile_of(self, text: str) -> Profile:
        """The profile of ``text``, parsed only when it is not the text parsed last."""
        cached = self._profile_cache
        if cached is None or cached[0] != text:
            from normtui.rules.profile import load_profile  # the profile: not for `log`

            cached = (text, load_profile(text))
            self._profile_cache = cached
        return cached[1]

    # -- players -----------------------------------------------------------------------------

    def players(self) -> list[Player]:
        """Every player, by pairing number."""
        with self.read():
            return [_player(r) for r in self.rows("SELECT * FROM players ORDER BY number")]

    def players_by_id(self) -> dict[int, Player]:
        """Row id -> player."""
        return {r["id"]: _player(r) for r in self.rows("SELECT * FROM players")}

    def player_ids(self) -> dict[int, int]:
        """Pairing number -> row id."""
        return {r["number"]: r["id"] for r in self.rows("SELECT id, number FROM players")}

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

    # -- stages, rounds and games ------------------------------------------------------------

    def stage(self, kind: str) -> dict[str, Any] | None:
        """The row of a stage ("main", "blitz", "playoff"), or None."""
        rows = self.rows("SELECT * FROM stages WHERE kind = ?", [kind])
        return rows[0] if rows else None

    def stage_rounds(self, stage: str) -> int:
        row = self.conn.execute("SELECT rounds FROM stages WHERE kind = ?", [stage]).fetchone()
        if row is None:
            hint = {"blitz": "; start it with `normtui blitz start`"}.get(stage, "")
            raise NotFoundError(f"the event has no {stage} stage{hint}")
        return int(row[0])

    def today(self) -> str:
        """The date now at the venue (the clock in this machine's time zone), YYYY-MM-DD: the
        date a round takes when its clocks start."""
        return self.clock().astimezone().date().isoformat()

    def date_round(self, tx: Tx, round_no: int, stage: str, date: str | None) -> str | None:
        """Inside ``tx``: give the round ``date`` where it has none. The round's date is kept
        in one place, its row; a date already there (the arbiter's, or the one it took when
        it started) is never overwritten but by the arbiter (``store.rounds.set_schedule``).
        The date given, or None when nothing changed."""
        if date is None:
            return None
        row = self.conn.execute(
            "SELECT id, date FROM rounds WHERE stage = ? AND round = ?", [stage, round_no]
        ).fetchone()
        if row is None or row[1] is not None:
            return None
        tx.rec.update("rounds", int(row[0]), {"date": date})
        return date

    def check_round(self, round_no: int, stage: str = "main") -> None:
        rounds = self.stage_rounds(stage)
        if not 1 <= round_no <= rounds:
            what = "the event" if stage == "main" else f"the {stage} stage"
            raise InputError(f"round {round_no} is out of range: {what} has rounds 1-{rounds}")

    def game_records(
        self, where: str, params: Sequence[Any], *, texts: bool = True
    ) -> list[GameRecord]:
        """The games ``where`` says, by round and board. ``texts=False``: without their PGN
        texts (``pgn`` and ``armageddon_pgn`` are None, ``has_pgn`` says whether one is
        kept), which a screen reads only for the game it shows."""
        # Records: not for `standings`.
        from normtui.store.records import GAMES_SQL, GAMES_SQL_NO_TEXTS, game_records

        sql = GAMES_SQL if texts else GAMES_SQL_NO_TEXTS
        with self.read():
            profile = self.profile
            rows = self.conn.execute(
                f"{sql} WHERE {where} ORDER BY g.round, g.board", params
            ).fetchall()
        return game_records(rows, profile)

    def games(self, round: int | None = None, stage: str = "main") -> list[GameRecord]:
        """The games of a stage, or of one round of it, by round and board."""
        with self.read():
            if round is None:
                return self.game_records("g.stage = ?", [stage])
            self.check_round(round, stage)
            return self.game_records("g.stage = ? AND g.round = ?", [stage, round])

    def game(self, game_id: int, *, texts: bool = True) -> GameRecord:
        found = self.game_records("g.id = ?", [game_id], texts=texts)
        if not found:
            raise NotFoundError(f"no game with id {game_id}")
        return found[0]

    def complete_sql(self, table: str = "g") -> str:
        """:func:`complete_sql` under the event's profile."""
        return complete_sql(table, self.profile.classical.armageddon_after_draw)


def checked(game: GameRecord, expected_version: int | None) -> GameRecord:
    """``game`` (read inside the write transaction, so current), refused if it is no
    longer the version the caller saw."""
    if expected_version is not None and game.version != expected_version:
        raise ConflictError(
            f"{game.label} was changed by someone else since you read it (now version "
            f"{game.version}, you had {expected_version}); reload and try again"
        )
    return game


def given_text(value: str, what: str) -> str:
    """``value`` as given, refused (:class:`InputError`) when it holds control characters
    (:func:`normtui.text.refuse_controls`)."""
    try:
        return refuse_controls(value, what)
    except ValueError as exc:
        raise InputError(str(exc)) from None


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
        row["k"],
        row["k_source"],
        row["birth_year"],
    )
