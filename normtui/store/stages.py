"""The stages and their rounds: ``store.rounds`` lists each stage's rounds and sets a round's
date and start, starts its clocks, closes and reopens it; ``store.stages`` is the stage before
the main event, the blitz opener, and the pairing numbers its ranking lets the players choose
(§1).

The blitz opener is a stage of its own (its games in ``games`` with stage "blitz"); its ranking
lets the players choose their pairing numbers, which rebuilds the main event's Berger pairings
as long as no main game has begun. The play-off after it is :mod:`normtui.store.playoff`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from normtui.rules.model import GameState, RuleError
from normtui.rules.results import check_round_closable
from normtui.store.core import Core, Tx
from normtui.store.errors import InputError, NotFoundError, StoreError
from normtui.text import is_number

if TYPE_CHECKING:
    from normtui.rules.berger import Pairing
    from normtui.rules.standings import Standing
    from normtui.store.log import AuditEntry
    from normtui.store.records import RoundRecord


__all__ = ["Rounds", "Stages", "insert_rounds"]

_LOTS = "Regulations §1"
# The rules of the stage (lots, Berger tables, the blitz opener) are imported by the methods
# that use them: few commands use a stage.


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
        from normtui.store.records import RoundRecord  # records: not for `standings`

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
        """Every scheduled board of the round is now in progress (the clocks were started),
        and a round without a date takes today's, in the same change."""
        with self._core.write("start round") as tx:
            games = [g for g in self._core.games(round, stage) if g.state is GameState.SCHEDULED]
            for g in games:
                tx.update_game(g, {"state": GameState.IN_PROGRESS.value})
            tx.summary = f"round {round} started ({len(games)} boards)"
            if games and (date := self._core.date_round(tx, round, stage, self._core.today())):
                tx.summary += f", dated {date}"
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


class Stages:
    """The blitz opener and the pairing numbers; see the module's doc."""

    def __init__(self, core: Core) -> None:
        self._core = core

    # -- the blitz opener --------------------------------------------------------------------

    def start_blitz(self, seed: int) -> AuditEntry | None:
        """Draw the blitz numbers with ``seed`` and create the opener's rounds (§1)."""
        # Only the blitz opener.
        from normtui.rules.blitz import blitz_pairings
        from normtui.rules.lots import draw_lots

        with self._core.write("blitz start") as tx:
            profile = self._core.profile
            if not profile.event.has_blitz_opener:
                raise RuleError("this event's profile has no blitz opener", _LOTS)
            if self._core.stage("blitz") is not None:
                raise StoreError("the blitz opener has already been started")
            players = self._core.players()
            ids = self._core.player_ids()
            order = draw_lots([p.name for p in players], seed)
            number_of = {p.name: p.number for p in players}
            blitz_ids = {i + 1: ids[number_of[name]] for i, name in enumerate(order)}
            for blitz_no, pid in blitz_ids.items():
                tx.rec.update("players", pid, {"blitz_number": blitz_no})
            schedule = blitz_pairings(len(players))
            tx.rec.insert(
                "stages",
                {
                    "kind": "blitz",
                    "rounds": len(schedule),
                    "time_control": "blitz_opener",
                    "lots_seed": seed,
                },
            )
            insert_rounds(tx, "blitz", schedule, blitz_ids)
            tx.summary = f"blitz opener drawn with seed {seed}: " + ", ".join(
                f"{i + 1} {name}" for i, name in enumerate(order)
            )
        return tx.entry

    def blitz_standings(self) -> list[Standing]:
        """The opener's ranking; its last tie-break is the lot drawn from the blitz seed."""
        from normtui.rules import blitz  # only the blitz opener

        with self._core.read():
            stage = self._core.stage("blitz")
            if stage is None:
                raise StoreError("the blitz opener has not been started")
            games = [g.game() for g in self._core.games(stage="blitz")]
            seed = stage["lots_seed"]
            assert seed is None or isinstance(seed, int)
            return blitz.blitz_standings(
                self._core.players(), games, self._core.profile, lots_seed=seed
            )

    # -- pairing numbers ---------------------------------------------------------------------

    def choose_numbers(self, choices: Sequence[int]) -> AuditEntry | None:
        """Pairing numbers chosen in the order of the finished blitz ranking (2022: So won the
        opener and chose 1). ``choices[i]`` is the number chosen by the i-th ranked player."""
        from normtui.rules.lots import numbers_by_choice  # only choosing numbers

        with self._core.write("numbers") as tx:
            unfinished = [g for g in self._core.games(stage="blitz") if g.result is None]
            if unfinished:
                raise RuleError(
                    f"the blitz opener is not finished: {len(unfinished)} games have no result",
                    _LOTS,
                )
            ranking = [row.name for row in self.blitz_standings()]
            numbers = numbers_by_choice(ranking, choices, len(ranking))
            self._renumber(tx, numbers)
        return tx.entry

    def set_numbers(self, assignment: Mapping[str, int]) -> AuditEntry | None:
        """Pairing numbers given by hand: ``{player name: number}`` for every player."""
        from normtui.rules.lots import numbers_by_hand  # only choosing numbers

        with self._core.write("numbers") as tx:
            names = {self._core.resolve_player(k).name: v for k, v in assignment.items()}
            self._renumber(tx, numbers_by_hand(names, len(self._core.players())))
        return tx.entry

    def draw_numbers(
        self, drawn: Sequence[tuple[str | int, int]], *, force: bool = False
    ) -> AuditEntry | None:
        """The drawing of lots made before round 1 (at the technical meeting), recorded:
        each (player, number drawn); the player who had that number takes the drawer's old
        one, so the drawing may be entered whole or one player at a time. The Berger tables
        pair the event again from the numbers. Once a round has started (a board in
        progress) the pairings being played would change: refused unless ``force`` (its
        boards are then scheduled again, with their new pairings); once a game has a result
        or a record, refused."""
        from normtui.rules.lots import numbers_drawn  # only the drawing of lots

        with self._core.write("numbers") as tx:
            players = self._core.players()
            current = {p.name: p.number for p in players}
            named = [(self._core.resolve_player(who, players=players).name, n) for who, n in drawn]
            numbers = numbers_drawn(current, named, len(players))
            if numbers == current:
                return None
            moved = [
                f"{name} {current[name]} -> {numbers[name]}"
                for name in sorted(numbers, key=numbers.__getitem__)
                if numbers[name] != current[name]
            ]
            self._renumber(tx, numbers, force=force)
            tx.summary = "drawing of lots: " + "; ".join(moved) + "; " + tx.summary
        return tx.entry

    def _renumber(self, tx: Tx, numbers: Mapping[str, int], *, force: bool = False) -> None:
        from normtui.rules.berger import berger_schedule  # only choosing numbers

        games = self._core.games()
        played = [g for g in games if g.result is not None or g.pgn is not None]
        if played:
            raise RuleError(
                f"pairing numbers cannot change once the main event has begun ({played[0].label}"
                f" has {'its result' if played[0].result is not None else 'a record'})",
                _LOTS,
            )
        started = [g for g in games if g.state is not GameState.SCHEDULED]
        if started and not force:
            raise RuleError(
                f"pairing numbers cannot change once a round has started ({started[0].label} "
                f"is {started[0].state.value.replace('_', ' ')}): its pairings would change; "
                "pair the event again only on purpose (normtui lots --force; the console asks)",
                _LOTS,
            )
        players = self._core.players()
        ids = self._core.player_ids()
        offset = len(players) + 1
        # Two passes, so that a swap of numbers never meets the UNIQUE constraint halfway.
        for p in players:
            tx.rec.update("players", ids[p.number], {"number": p.number + offset})
        new_ids: dict[int, int] = {}
        for p in players:
            new_ids[numbers[p.name]] = ids[p.number]
            tx.rec.update("players", ids[p.number], {"number": numbers[p.name]})
        event = self._core.profile.event
        schedule = berger_schedule(len(players), event.cycles, second_cycle=event.second_cycle)
        by_board = {(g.round, g.board): g for g in self._core.games()}
        for rnd in schedule:
            for pairing in rnd:
                if pairing.black is None:
                    continue
                game = by_board[(pairing.round, pairing.board)]
                values: dict[str, object] = {
                    "white": new_ids[pairing.white],
                    "black": new_ids[pairing.black],
                }
                if game.state is not GameState.SCHEDULED:
                    values["state"] = GameState.SCHEDULED.value  # a new pairing: not begun
                tx.update_game(game, values)
        order = sorted(numbers.items(), key=lambda kv: kv[1])
        tx.summary = "pairing numbers: " + ", ".join(f"{n} {name}" for name, n in order)
        if started:
            tx.summary += (
                f"; {len(started)} board{'s' * (len(started) != 1)} under way set back to "
                "scheduled, paired again"
            )


def insert_rounds(
    tx: Tx, stage: str, schedule: Sequence[Sequence[Pairing]], ids: Mapping[int, int]
) -> None:
    """Rounds and games of a Berger schedule; ``ids`` maps table numbers to player row ids.
    A bye is no game: its board is simply absent."""
    for round_no, rnd in enumerate(schedule, start=1):
        tx.rec.insert("rounds", {"stage": stage, "round": round_no})
        for pairing in rnd:
            if pairing.black is None:
                continue
            tx.rec.insert(
                "games",
                {
                    "stage": stage,
                    "round": round_no,
                    "board": pairing.board,
                    "white": ids[pairing.white],
                    "black": ids[pairing.black],
                },
            )
