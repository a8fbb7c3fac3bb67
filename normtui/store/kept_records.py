"""The games' records, kept between reads of one store.

``EventStore.games`` builds a record, with its PGN texts, for every game of a stage: a console
asks for them several times for one frame (the pairings, the desk, the clocks, the race) and
after every change, so at 200 players it built 20,000 records again and again. A store keeps
them, current by the rules of store/main_games.py (another connection's commit reads all again,
an own write only the game rows it touched; inside a write, nothing kept is used). The records
are frozen, so the same ones can be handed to every caller; each gets a list of its own.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from normtui.store.main_games import Kept

if TYPE_CHECKING:
    from normtui.rules.profile import Profile
    from normtui.store.records import GameRecord

__all__ = ["KeptRecords"]


class KeptRecords(Kept):
    """Every game's record by stage and by round, kept; see the module's doc."""

    def __init__(self) -> None:
        super().__init__()
        self._stages: dict[str, list[GameRecord]] = {}
        self._rounds: dict[tuple[str, int], list[GameRecord]] = {}
        self._at: dict[int, tuple[str, int]] = {}  # game row id -> (stage, index)
        self._profile: Profile | None = None

    def read(
        self, conn: sqlite3.Connection, profile: Profile, stage: str, round: int | None = None
    ) -> list[GameRecord] | None:
        """The records of a stage (or of one round of it) by round and board, current as of
        the read transaction ``conn`` is in; ``profile`` is the event's as of it. For one
        round, ``None`` unless they are kept already: a command that reads a round must not
        build every game of the event (the caller reads the round itself)."""
        # The points and the Armageddon's deadline come from the profile, which changes only
        # with the event's row (an own write there forgets all) or another connection's commit.
        self._profile = profile
        if round is None:
            self._refresh(conn)
            return list(self._stages.get(stage, ()))
        if not self._current(conn):
            return None
        return list(self._rounds.get((stage, round), ()))

    def _load(self, conn: sqlite3.Connection) -> None:
        from normtui.store.records import GAMES_SQL, game_records

        assert self._profile is not None
        rows = conn.execute(f"{GAMES_SQL} ORDER BY g.stage, g.round, g.board").fetchall()
        self._stages = {}
        for record in game_records(rows, self._profile):
            self._stages.setdefault(record.stage, []).append(record)
        self._index()

    def _index(self) -> None:
        self._rounds, self._at = {}, {}
        for stage, records in self._stages.items():
            for i, record in enumerate(records):
                self._rounds.setdefault((stage, record.round), []).append(record)
                self._at[record.id] = (stage, i)

    def _patch(self, conn: sqlite3.Connection, ids: list[int]) -> bool:
        from normtui.store.records import GAMES_SQL, game_records

        if not ids:
            return True
        assert self._profile is not None
        rows = conn.execute(
            f"{GAMES_SQL} WHERE g.id IN ({', '.join('?' * len(ids))})", ids
        ).fetchall()
        records = game_records(rows, self._profile)
        if len(records) != len(ids) or any(i not in self._at for i in ids):
            return False  # a game went or appeared
        stages = {stage: list(kept) for stage, kept in self._stages.items()}
        for record in records:
            stage, i = self._at[record.id]
            old = stages[stage][i]
            if (record.stage, record.round, record.board) != (old.stage, old.round, old.board):
                return False
            stages[stage][i] = record
        self._stages = stages
        self._index()
        return True
