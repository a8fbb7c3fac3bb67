"""The rounds of each stage (``store.rounds``): ``store.rounds()`` lists them with how many of
their boards are complete; its methods set a round's date and start, start its clocks, close it
and reopen it."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from normtui.rules.model import GameState
from normtui.rules.results import check_round_closable
from normtui.store.core import Core
from normtui.store.errors import InputError, NotFoundError
from normtui.text import is_number

if TYPE_CHECKING:
    from normtui.store.audit import AuditEntry
    from normtui.store.records import RoundRecord

__all__ = ["Rounds"]


class Rounds:
    """The rounds of the event's stages; see the module's doc."""

    def __init__(self, core: Core) -> None:
        self._core = core

    def check(self, round_no: int, stage: str = "main") -> None:
        """Refuse a round the stage does not have."""
        self._core.check_round(round_no, stage)

    def __call__(self, stage: str = "main") -> list[RoundRecord]:
        """Every round of the stage with its boards and how many of them are complete
        (``is_complete``), counted by SQLite: a console and an export ask for this after
        every change, and it must not cost a record per game."""
        from normtui.store.records import RoundRecord

        rows = self._core.tuples(
            "SELECT r.stage, r.round, r.date, r.start_time, r.status, COUNT(g.id), "
            f"COALESCE(SUM({self._core.complete_sql('g')}), 0) FROM rounds r LEFT JOIN games g "
            "ON g.stage = r.stage AND g.round = r.round WHERE r.stage = ? "
            "GROUP BY r.id ORDER BY r.round",
            [stage],
        )
        return [RoundRecord(*r) for r in rows]

    def current(self) -> int:
        """The first main round with a board still to finish (postponed boards aside), or the
        last round once all are done."""
        with self._core.read():
            (first,) = self._core.conn.execute(
                "SELECT MIN(g.round) FROM games g WHERE g.stage = 'main' AND g.state <> ? "
                f"AND NOT {self._core.complete_sql('g')}",
                [GameState.POSTPONED.value],
            ).fetchone()
            return first if first is not None else self._core.stage_rounds("main")

    def start(self, round: int, stage: str = "main") -> AuditEntry | None:
        """Every scheduled board of the round is now in progress (the clocks were started)."""
        with self._core.write("start round") as tx:
            games = [g for g in self._core.games(round, stage) if g.state is GameState.SCHEDULED]
            for g in games:
                tx.update_game(g, {"state": GameState.IN_PROGRESS.value})
            tx.summary = f"round {round} started ({len(games)} boards)"
        return tx.entry

    def set_schedule(
        self, round: int, *, date: str | None, start_time: str | None, stage: str = "main"
    ) -> AuditEntry | None:
        """The date (YYYY-MM-DD) and start time (HH:MM) of a round."""
        _check_date(date)
        _check_time(start_time)
        with self._core.write("schedule") as tx:
            row_id = self._round_id(round, stage)
            tx.rec.update("rounds", row_id, {"date": date, "start_time": start_time})
            tx.summary = f"round {round}: {date or 'no date'} {start_time or ''}".rstrip()
        return tx.entry

    def close(self, round: int, stage: str = "main") -> AuditEntry | None:
        """Close a round once every board has its result (postponed games excepted)."""
        with self._core.write("close round") as tx:
            row_id = self._round_id(round, stage)
            check_round_closable([g.game() for g in self._core.games(round, stage)])
            tx.rec.update("rounds", row_id, {"status": "closed"})
            tx.summary = f"round {round} closed"
        return tx.entry

    def reopen(self, round: int, stage: str = "main") -> AuditEntry | None:
        with self._core.write("reopen round") as tx:
            tx.rec.update("rounds", self._round_id(round, stage), {"status": "open"})
            tx.summary = f"round {round} reopened"
        return tx.entry

    def _round_id(self, round: int, stage: str) -> int:
        self._core.check_round(round, stage)
        row = self._core.conn.execute(
            "SELECT id FROM rounds WHERE stage = ? AND round = ?", [stage, round]
        ).fetchone()
        if row is None:  # pragma: no cover - every stage round is created with the stage
            raise NotFoundError(f"round {round} has no record")
        return int(row[0])


def _check_date(date: str | None) -> None:
    if date is None:
        return
    try:
        dt.date.fromisoformat(date)
    except ValueError:
        raise InputError(f"{date!r} is not a date; write it as YYYY-MM-DD") from None
    if len(date) != 10:
        raise InputError(f"{date!r} is not a date; write it as YYYY-MM-DD")


def _check_time(value: str | None) -> None:
    if value is None:
        return
    parts = value.split(":")
    if (
        len(parts) != 2
        or not all(is_number(p) and len(p) == 2 for p in parts)
        or int(parts[0]) > 23
        or int(parts[1]) > 59
    ):
        raise InputError(f"{value!r} is not a time of day; write it as HH:MM")
