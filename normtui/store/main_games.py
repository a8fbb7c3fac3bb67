"""The main games as the rules see them, kept between reads of one store.

The standings are computed after every result from every main game of the event: at 100
players, reading 4,950 rows and building their games cost three times the table itself. So a
store keeps the games it built (and, in store/kept_records.py, the games' records, which a
console reads several times a frame), with the two facts that make them current:

* ``PRAGMA data_version``, which changes when any other connection commits (another console,
  the command line, the live feed): then everything is read again;
* the game rows this store's own writes touched since (every write goes through the audit
  log's ``Recorder``, which knows them): only those rows are read again. A write that touched
  any other table (a withdrawal, new pairing numbers, an undo of either) reads everything
  again, as does anything unexpected (a game that appeared or went).

Inside a write that is not committed yet the store does not use or change what it keeps: its
reads there see changes that may still be rolled back. tests/store/test_fast_paths.py checks,
after random sequences of changes from this store and from another connection, that the table
and the records from what is kept are those read afresh.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from normtui.rules.model import Game
from normtui.store.values import BOARD_RESULTS, MAIN_RESULTS, STATES

if TYPE_CHECKING:
    from normtui.rules.scoresheets import Signatures

__all__ = ["Kept", "MainGames"]

_COLUMNS = (
    "id, round, board, white, black, result, armageddon, state, signed_white, "
    "signed_black, signed_arbiter"
)
_ALL = f"SELECT {_COLUMNS} FROM games WHERE stage = 'main' ORDER BY round, board"


class Kept:
    """When what a store keeps of its games is still current: the ``data_version`` it was
    read at, and the game rows the store's own writes touched since (see the module's doc).
    Made with the store and shared by its views (``EventStore.as_actor``), whose writes it
    must hear of."""

    def __init__(self) -> None:
        self._version: int | None = None  # data_version of the read they were built from
        self._touched: set[int] = set()  # own writes' game rows since
        self._read_version: int | None = None

    def forget(self) -> None:
        self._version = None

    def written(self, touched: Iterable[tuple[str, int]]) -> None:
        """An own write (committed or not) touched these (table, row id)."""
        if self._version is None:
            return
        for table, row_id in touched:
            if table != "games":
                self.forget()
                return
            self._touched.add(row_id)

    def _refresh(self, conn: sqlite3.Connection) -> None:
        """Current as of the read transaction ``conn`` is in (one must be open: the
        caller's snapshot, which ``data_version`` then describes)."""
        if not self._current(conn):
            self._load(conn)
            self._version = self._read_version
            self._touched = set()

    def _current(self, conn: sqlite3.Connection) -> bool:
        """Whether what is kept is current (the rows own writes touched read again), without
        reading everything when it is not."""
        (self._read_version,) = conn.execute("PRAGMA data_version").fetchone()
        if self._read_version != self._version or not self._patch(conn, sorted(self._touched)):
            return False
        self._touched = set()
        return True

    def _load(self, conn: sqlite3.Connection) -> None:
        raise NotImplementedError

    def _patch(self, conn: sqlite3.Connection, ids: list[int]) -> bool:
        """Read again the rows own writes touched; ``False`` when that cannot be done."""
        raise NotImplementedError


class MainGames(Kept):
    """What one store keeps of its main games as the rules see them."""

    def __init__(self) -> None:
        super().__init__()
        self._numbers: dict[int, int] = {}  # player row id -> pairing number
        self._games: list[Game] = []
        self._signatures: dict[tuple[int, int], Signatures] = {}
        self._at: dict[int, int] = {}  # game row id -> index in _games
        self._kinds: dict[tuple[int, int, int], Signatures] = {}
        self._signatures_of: type[Signatures]
        self._after_draw = True

    def read(
        self, conn: sqlite3.Connection, armageddon_after_draw: bool = True
    ) -> tuple[list[Game], dict[tuple[int, int], Signatures]]:
        """The main games and their signatures by (round, board), current as of the read
        transaction ``conn`` is in (one must be open: the caller's snapshot);
        ``armageddon_after_draw`` from the event's profile."""
        from normtui.rules.scoresheets import Signatures

        self._signatures_of = Signatures
        if armageddon_after_draw != self._after_draw:
            self._after_draw = armageddon_after_draw
            self.forget()
        self._refresh(conn)
        return self._games, self._signatures

    def _load(self, conn: sqlite3.Connection) -> None:
        self._numbers = dict(conn.execute("SELECT id, number FROM players").fetchall())
        rows = conn.execute(_ALL).fetchall()
        self._games, self._signatures, self._at = [], {}, {}
        for i, row in enumerate(rows):
            game, sig = self._game(row)
            self._games.append(game)
            self._signatures[(game.round, game.board)] = sig
            self._at[row[0]] = i

    def _patch(self, conn: sqlite3.Connection, ids: list[int]) -> bool:
        if not ids:
            return True
        rows = conn.execute(
            f"SELECT {_COLUMNS}, stage FROM games WHERE id IN ({', '.join('?' * len(ids))})", ids
        ).fetchall()
        found = {row[0] for row in rows}
        if any(i in self._at and i not in found for i in ids):
            return False  # a main game went
        games, signatures = list(self._games), dict(self._signatures)
        for row in rows:
            if row[-1] != "main":
                continue
            at = self._at.get(row[0])
            if at is None:
                return False  # a main game appeared
            game, sig = self._game(row)
            old = games[at]
            if (old.round, old.board) != (game.round, game.board):
                return False
            games[at] = game
            signatures[(game.round, game.board)] = sig
        self._games, self._signatures = games, signatures
        return True

    def _game(self, row: Sequence[Any]) -> tuple[Game, Signatures]:
        (
            _id,
            rnd,
            board,
            white,
            black,
            result,
            armageddon,
            state,
            signed_white,
            signed_black,
            signed_arbiter,
        ) = row[:11]
        game = Game(
            rnd,
            board,
            self._numbers[white],
            self._numbers[black],
            MAIN_RESULTS[result],
            BOARD_RESULTS[armageddon],
            STATES[state],
            self._after_draw,
        )
        kind = (signed_white, signed_black, signed_arbiter)
        sig = self._kinds.get(kind)
        if sig is None:
            # A game has one of eight: one object for each, signatures being values.
            sig = self._kinds[kind] = self._signatures_of(
                bool(signed_white), bool(signed_black), bool(signed_arbiter)
            )
        return game, sig
