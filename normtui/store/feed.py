"""The live boards (``store.feed``): what the live board feed writes, and what the console reads
for it.

The feed (``normtui.feed``) decides; the store writes each change to the event as one
transaction and one audit row, undoable like any other, under the actor the store was given
(``EventStore.as_actor``: "feed"): the first move (the game is then in progress), and at the
game's end its record with its result, entered where the board has none, marked as the feed's,
and dated when the game ended so that the Armageddon's window of §2 runs from there. That
change is a game's, so it is ``store.games.keep_record``; this part keeps the rest.

The moves in between are the board's live state (``live_boards``: one row per game, replaced at
every move). They are not the event's data: not audited, not undone, not checked against the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Literal

from normtui.rules.live import games_if_ended_now
from normtui.rules.model import PlayerStatus
from normtui.store.connection import BUSY_TIMEOUT_MS
from normtui.store.core import Core, given_text
from normtui.store.errors import InputError
from normtui.store.games import Games
from normtui.store.records import check_record
from normtui.store.values import stored_time

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from normtui.rules.contenders import Contender
    from normtui.rules.model import Game, Player
    from normtui.rules.profile import Profile
    from normtui.rules.standings import Standing
    from normtui.store.final import StandingRow
    from normtui.store.log import AuditEntry

__all__ = ["FEED_ACTOR", "Feed", "LiveRecord", "race_question", "table_if_ended_now"]

Kind = Literal["main", "armageddon"]
# Who the board feed writes as.
FEED_ACTOR = "feed"
_WAL_PAGES = 128
_WAL_BYTES = 512 * 1024


@dataclass(frozen=True)
class LiveRecord:
    """A board's record as the feed last read it. ``kept``: the feed has acted on this very
    record (attached it at the game's end); an arbiter's undo of that is not done again."""

    text: str
    kept: bool
    seen_at: datetime


class Feed:
    """The live boards: the source watched, each board's live state, what the feed keeps, and
    the race and the table they make; see the module's doc."""

    def __init__(self, core: Core, games: Games) -> None:
        self._core = core
        self._games = games

    # -- the source the console watches --------------------------------------------------------

    def source(self) -> tuple[str | None, int | None]:
        """(source, round) kept with the event, or (None, None)."""
        row = self._core.rows("SELECT feed_source, feed_round FROM event")[0]
        return row["feed_source"], row["feed_round"]

    def set_source(self, source: str | None, round: int | None = None) -> AuditEntry | None:
        """Keep (or, with ``None``, forget) the feed the console follows: a LiveChess folder,
        a PGN file or URL, a LiveChess Cloud tournament. ``round``: only that round."""
        text = source.strip() if source is not None else None
        if text == "":
            raise InputError("the feed source is empty: give a folder, a file or a URL")
        if text is not None:
            given_text(text, "the feed source")
        if round is not None:
            self._core.check_round(round)
        with self._core.write("feed source") as tx:
            tx.rec.update("event", 1, {"feed_source": text, "feed_round": round if text else None})
            where = f" (round {round})" if round and text else ""
            tx.summary = (
                f"live boards: watching {text}{where}" if text else "live boards: no longer watched"
            )
        return tx.entry

    # -- the live state of a board -------------------------------------------------------------

    def live_record(self, game_id: int, kind: Kind) -> LiveRecord | None:
        """The record the feed last read for the game, or None."""
        rows = self._core.rows(
            "SELECT record, kept, seen_at FROM live_boards WHERE game = ? AND kind = ?",
            [game_id, kind],
        )
        return (
            LiveRecord(rows[0]["record"], bool(rows[0]["kept"]), stored_time(rows[0]["seen_at"]))
            if rows
            else None
        )

    def set_live_record(
        self, game_id: int, kind: Kind, text: str, *, kept: bool = False
    ) -> LiveRecord:
        """The board's moves so far, in place of those before: its state, not a change to the
        event (no audit row)."""
        check_record(kind, text)
        at = self._core.now()
        with self._core.transaction(write=True):
            self._core.conn.execute(
                "INSERT INTO live_boards (game, kind, record, kept, seen_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game, kind) DO UPDATE SET "
                "record = excluded.record, kept = excluded.kept, seen_at = excluded.seen_at",
                [game_id, kind, text, int(kept), at],
            )
        return LiveRecord(text, kept, stored_time(at))

    def limit_wal(self) -> None:
        """While the live boards are watched: the WAL copied into the file every ~128 pages
        (512 KiB at 4 KiB a page, not SQLite's 1000) and cut back to that size when it starts
        again, since every move rewrites its board's row."""
        with self._core.lock, self._core.sqlite_errors():
            self._core.conn.execute(f"PRAGMA wal_autocheckpoint = {_WAL_PAGES}")
            self._core.conn.execute(f"PRAGMA journal_size_limit = {_WAL_BYTES}")

    def checkpoint(self) -> None:
        """Copy the WAL into the file and empty it (at a game's end, when the watching stops).
        A reader in another process may hold the WAL: then as much as it allows is copied, and
        nothing waits for it (the busy timeout is off for this one statement)."""
        with self._core.lock, self._core.sqlite_errors():
            if self._core.conn.in_transaction:
                return
            self._core.conn.execute("PRAGMA busy_timeout = 0")
            try:
                self._core.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            finally:
                self._core.conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")

    # -- the race and the live table -------------------------------------------------------------

    def contenders(self) -> list[Contender]:
        """Who can still finish first (or share it), with best and worst places (§4, §5)."""
        return self.race_question()()

    def race_question(self) -> Callable[[], list[Contender]]:
        """``contenders`` in two halves: the event read now, and the search (pure, up to a
        second on a large event) to run later, in a thread of the console's own."""

        with self._core.read():
            rows = self._games.main_standings()
            games = self._games.main_games()
            players = self._core.players()
            profile = self._core.profile
        return race_question(players, games, rows, profile)

    def standings_if_ended_now(self) -> list[StandingRow]:
        """The table if every pairing under way ended now, drawn and its Armageddon drawn
        (``normtui.rules.live``), with the prizes it would give (mid-event: a first place
        shared on points is pending, §5)."""
        with self._core.read():
            players = self._core.players()
            games = self._games.main_games()
            profile = self._core.profile
        return table_if_ended_now(players, games, profile)


def race_question(
    players: Sequence[Player], games: Sequence[Game], rows: Sequence[Standing], profile: Profile
) -> Callable[[], list[Contender]]:
    """Who can still finish first (``normtui.rules.contenders.race``) as a search to run later:
    the main ``games`` and their table ``rows`` (the counted players are its)."""
    from normtui.rules.contenders import race  # only the live boards' race

    counted = frozenset(r.number for r in rows if r.counted)
    return partial(
        race,
        list(players),
        list(games),
        profile.points,
        counted=counted,
        armageddon_draw_winner=profile.classical.armageddon_draw_winner,
    )


def table_if_ended_now(
    players: Sequence[Player], games: Sequence[Game], profile: Profile
) -> list[StandingRow]:
    """The final table if every pairing of the main ``games`` under way ended now, drawn and
    its Armageddon drawn (``normtui.rules.live``), with the prizes it would give."""
    # Only the live boards' table.
    from normtui.rules.final import final_table
    from normtui.rules.standings import compute_standings
    from normtui.store.final import StandingRow

    table = final_table(
        compute_standings(players, games_if_ended_now(games), profile), profile, None
    )
    status = {p.number: p.status for p in players}
    return [
        StandingRow.of(
            r,
            status.get(r.standing.number, PlayerStatus.ACTIVE),
            order=profile.tiebreaks.order,
        )
        for r in table.rows
    ]
