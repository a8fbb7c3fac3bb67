"""The player desk (``store.desk``): withdrawal, illness, arrivals and fines, incidents (§7, §9),
and their records.

Each decision is the rules' (``normtui.rules.withdrawal``, ``duties``); the previews here let
a console show the consequence before the arbiter confirms it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from normtui.rules import duties
from normtui.rules.model import Game, PlayerStatus, Postponement
from normtui.store.core import Core, Tx
from normtui.store.errors import ConflictError, NotFoundError, StoreError
from normtui.store.values import json_number, stored_time, surname, time_text
from normtui.text import clean_text

if TYPE_CHECKING:
    from normtui.rules.model import Player
    from normtui.rules.withdrawal import IllnessDecision, WithdrawalEffect
    from normtui.store.log import AuditEntry
    from normtui.store.records import GameRecord

# The desk's rules are imported by the methods that use them: few commands use the desk.

__all__ = ["ArrivalRecord", "Desk", "FineRecord", "IncidentRecord"]


class Desk:
    """The player desk; see the module's doc."""

    def __init__(self, core: Core) -> None:
        self._core = core

    # -- withdrawal (§9) ---------------------------------------------------------------------

    def withdrawal_preview(self, player: str | int) -> WithdrawalEffect:
        """What withdrawing the player now would do (the 50 % rule), without doing it."""
        from normtui.rules.withdrawal import withdrawal_effect  # only a withdrawal

        with self._core.read():
            p = self._core.resolve_player(player)
            games = [g.game() for g in self._core.games()]
            return withdrawal_effect(p.number, games, self._core.profile, name=p.name)

    def withdraw(
        self, player: str | int, *, expected: WithdrawalEffect | None = None
    ) -> AuditEntry | None:
        """Withdraw a player (§9): status withdrawn, unplayed games forfeited by them.
        ``expected``: the preview a console's question showed; refused if the withdrawal
        would now do something else (a game of theirs entered elsewhere meanwhile)."""
        with self._core.write("withdraw") as tx:
            p = self._core.resolve_player(player)
            if p.status is PlayerStatus.WITHDRAWN:
                raise StoreError(f"{p.name} has already withdrawn")
            effect = self.withdrawal_preview(p.number)
            if expected is not None and effect != expected:
                raise ConflictError(
                    f"{p.name}'s games changed since the question was asked (a result "
                    f"entered elsewhere): the withdrawal would now be: {effect.message}; "
                    "nothing was recorded, look again"
                )
            ids = self._core.player_ids()
            tx.rec.update("players", ids[p.number], {"status": PlayerStatus.WITHDRAWN.value})
            by_board = {(g.round, g.board): g for g in self._core.games()}
            for forfeit in effect.forfeits:
                self._write_forfeit(tx, by_board[(forfeit.round, forfeit.board)], forfeit)
            tx.summary = effect.message
            if effect.forfeits:
                # Every game the withdrawal changes, named (a game in progress among them).
                tx.summary += "; forfeited: " + ", ".join(
                    f"round {g.round} board {g.board}" for g in effect.forfeits
                )
        return tx.entry

    def _write_forfeit(self, tx: Tx, record: GameRecord, game: Game) -> None:
        assert game.result is not None
        tx.update_game(
            record,
            {
                "result": game.result.value,
                "armageddon": None,
                "state": game.state.value,
                "result_at": self._core.now(),
                "postponed_to": None,
            },
        )

    # -- illness (§9) ------------------------------------------------------------------------

    def illness_decision(
        self, round: int, *, proposed: Postponement | None, opponent_refuses: bool = False
    ) -> IllnessDecision:
        """What §9 decides for an ill player's game, without recording it."""
        from normtui.rules.withdrawal import decide_illness  # only illness

        self._core.check_round(round)
        return decide_illness(
            round, self._core.profile, proposed=proposed, opponent_refuses=opponent_refuses
        )

    def report_illness(
        self,
        round: int,
        player: str | int,
        *,
        proposed: Postponement | None,
        opponent_refuses: bool = False,
    ) -> AuditEntry | None:
        """A player too ill to play ``round``: the game is postponed to ``proposed`` (a free day
        or the next morning), or forfeited by the ill player, as §9 decides."""
        from normtui.rules.withdrawal import apply_illness  # only illness

        with self._core.write("illness") as tx:
            decision = self.illness_decision(
                round, proposed=proposed, opponent_refuses=opponent_refuses
            )
            p = self._core.resolve_player(player)
            record = next(
                (g for g in self._core.games(round) if p.number in (g.white, g.black)), None
            )
            if record is None:
                raise NotFoundError(f"{p.name} has no game in round {round}")
            game = apply_illness(record.game(), p.number, decision)
            if decision.outcome == "forfeit":
                self._write_forfeit(tx, record, game)
            else:
                assert decision.when is not None
                tx.update_game(
                    record, {"state": game.state.value, "postponed_to": decision.when.value}
                )
            tx.summary = f"{record.label}: {surname(p.name)} ill; {decision.reason}"
        return tx.entry

    # -- arrivals and fines (§7) -------------------------------------------------------------

    def record_arrival(
        self, round: int, player: str | int, present: bool, *, fine: bool = True
    ) -> AuditEntry | None:
        """Whether the player was in the playing area at the start of ``round``. Absent, the
        §7 fine is recorded unless ``fine=False`` (the arbiter did not confirm it). Recording
        the player present again removes a fine that came from this arrival."""

        with self._core.write("arrival") as tx:
            self._core.check_round(round)
            p = self._core.resolve_player(player)
            pid = self._core.player_ids()[p.number]
            row = self._core.conn.execute(
                "SELECT id FROM arrivals WHERE round = ? AND player = ?", [round, pid]
            ).fetchone()
            values = {
                "round": round,
                "player": pid,
                "present": int(present),
                "recorded_at": self._core.now(),
            }
            if row is None:
                arrival_id = tx.rec.insert("arrivals", values)
            else:
                arrival_id = int(row[0])
                # Present at the start after all (a record made in error): no late arrival.
                change: dict[str, object] = {"present": int(present)}
                if present:
                    change["arrived_at"] = None
                tx.rec.update("arrivals", arrival_id, change)
            old_fine = self._core.conn.execute(
                "SELECT id, amount, currency FROM fines WHERE arrival = ?", [arrival_id]
            ).fetchone()
            due = duties.arrival_fine(present, self._core.profile) if fine else None
            cancelled = ""
            if old_fine is not None and due is None:
                tx.rec.delete("fines", int(old_fine[0]))
                cancelled = f", fine of {old_fine[1]} {old_fine[2]} cancelled"
            if old_fine is None and due is not None:
                tx.rec.insert(
                    "fines",
                    {
                        "player": pid,
                        "round": round,
                        "arrival": arrival_id,
                        "amount": str(due.amount),
                        "currency": due.currency,
                        "reason": due.reason,
                        "article": due.article,
                        "recorded_at": self._core.now(),
                    },
                )
            where = "present" if present else "absent at the start"
            tx.summary = f"round {round}: {surname(p.name)} {where}"
            if due is not None:
                tx.summary += f", fined {due.amount} {due.currency} ({due.article})"
            elif not present and not fine:
                tx.summary += ", no fine (the arbiter's decision)"
            tx.summary += cancelled
        return tx.entry

    def record_late_arrival(self, round: int, player: str | int) -> AuditEntry | None:
        """A player recorded absent at the start of ``round`` came in now: the time is kept
        beside the absence, which stands with its fine (§7: arriving after the start is still
        being absent at the start). Refused for a player not recorded absent there."""
        with self._core.write("arrival") as tx:
            self._core.check_round(round)
            p = self._core.resolve_player(player)
            pid = self._core.player_ids()[p.number]
            row = self._core.conn.execute(
                "SELECT id, present, arrived_at FROM arrivals WHERE round = ? AND player = ?",
                [round, pid],
            ).fetchone()
            if row is None or row[1]:
                where = "present" if row is not None else "neither present nor absent"
                raise StoreError(
                    f"{p.name} is recorded {where} at the start of round {round}: only a "
                    "player recorded absent there can arrive late (record the absence first)"
                )
            if row[2] is not None:
                return None
            tx.rec.update("arrivals", int(row[0]), {"arrived_at": self._core.now()})
            fine = self._core.conn.execute(
                "SELECT amount, currency FROM fines WHERE arrival = ?", [int(row[0])]
            ).fetchone()
            tx.summary = f"round {round}: {surname(p.name)} arrived late, absent at the start"
            if fine is not None:
                tx.summary += f" (the fine of {fine[0]} {fine[1]} stands)"
        return tx.entry

    def record_all_present(self, round: int) -> AuditEntry | None:
        """Every player of ``round`` not yet recorded there (and not withdrawn) was present at
        the start (§7): one change for the whole room. Players recorded absent stay so."""
        with self._core.write("arrival") as tx:
            self._core.check_round(round)
            ids = self._core.player_ids()
            recorded = {
                int(r[0])
                for r in self._core.conn.execute(
                    "SELECT player FROM arrivals WHERE round = ?", [round]
                )
            }
            playing = {n for g in self._core.games(round) for n in (g.white, g.black)}
            new = [
                p
                for p in self._core.players()
                if p.status is not PlayerStatus.WITHDRAWN
                and p.number in playing
                and ids[p.number] not in recorded
            ]
            if not new:
                return None
            now = self._core.now()
            for p in new:
                tx.rec.insert(
                    "arrivals",
                    {"round": round, "player": ids[p.number], "present": 1, "recorded_at": now},
                )
            absent = [surname(a.player.name) for a in self.arrivals(round) if not a.present]
            tx.summary = f"round {round}: {len(new)} players present"
            if absent:
                tx.summary += f" (absent at the start: {', '.join(absent)})"
        return tx.entry

    def arrivals(self, round: int | None = None) -> list[ArrivalRecord]:
        with self._core.read():
            by_id = self._core.players_by_id()
            sql = "SELECT * FROM arrivals"
            params: list[object] = []
            if round is not None:
                sql += " WHERE round = ?"
                params.append(round)
            rows = self._core.rows(sql + " ORDER BY round, id", params)
        return [ArrivalRecord.of(r, by_id) for r in rows]

    def fines(self) -> list[FineRecord]:
        """The fines ledger, oldest first."""
        with self._core.read():
            by_id = self._core.players_by_id()
            rows = self._core.rows("SELECT * FROM fines ORDER BY id")
        return [FineRecord.of(r, by_id) for r in rows]

    # -- incidents (§7) ----------------------------------------------------------------------

    def record_incident(
        self,
        round: int,
        player: str | int,
        kind: str,
        description: str,
        decision: str,
        *,
        article: str | None = "Regulations §7",
    ) -> AuditEntry | None:
        """An incident (kinds: ``normtui.rules.duties.INCIDENT_KINDS``) with the Chief
        Arbiter's decision."""

        with self._core.write("incident") as tx:
            self._core.check_round(round)
            p = self._core.resolve_player(player)
            # One line of plain text, as everything typed into the event.
            incident = duties.Incident(
                round, p.number, kind, clean_text(description), clean_text(decision)
            )
            duties.check_incident(incident, self._core.profile)
            tx.rec.insert(
                "incidents",
                {
                    "at": self._core.now(),
                    "round": round,
                    "player": self._core.player_ids()[p.number],
                    "kind": kind,
                    "description": incident.description,
                    "decision": incident.decision,
                    "article": article,
                },
            )
            tx.summary = (
                f"round {round}: incident ({kind.replace('_', ' ')}) {surname(p.name)}: "
                f"{incident.decision}"
            )
        return tx.entry

    def incidents(self) -> list[IncidentRecord]:
        with self._core.read():
            by_id = self._core.players_by_id()
            rows = self._core.rows("SELECT * FROM incidents ORDER BY id")
        return [IncidentRecord.of(r, by_id) for r in rows]


@dataclass(frozen=True)
class ArrivalRecord:
    """Whether a player was present at the start of a round (§7)."""

    id: int
    round: int
    player: Player
    present: bool
    recorded_at: datetime
    # Absent at the start, and came in then (the absence and its fine stand).
    arrived_at: datetime | None = None

    @classmethod
    def of(cls, row: Mapping[str, Any], by_id: Mapping[int, Player]) -> ArrivalRecord:
        """The record of an arrivals row (``by_id``: the players by their row ids)."""
        late = row.get("arrived_at")
        return cls(
            row["id"],
            row["round"],
            by_id[row["player"]],
            bool(row["present"]),
            stored_time(row["recorded_at"]),
            stored_time(late) if late is not None else None,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "round": self.round,
            "player": self.player.name,
            "number": self.player.number,
            "present": self.present,
            "recorded_at": time_text(self.recorded_at),
            "arrived_at": time_text(self.arrived_at) if self.arrived_at else None,
        }


@dataclass(frozen=True)
class FineRecord:
    """One fine of the ledger (§7)."""

    id: int
    player: Player
    round: int | None
    amount: Decimal
    currency: str
    reason: str
    article: str | None
    recorded_at: datetime

    @classmethod
    def of(cls, row: Mapping[str, Any], by_id: Mapping[int, Player]) -> FineRecord:
        """The record of a fines row (``by_id``: the players by their row ids)."""
        return cls(
            row["id"],
            by_id[row["player"]],
            row["round"],
            Decimal(row["amount"]),
            row["currency"],
            row["reason"],
            row["article"],
            stored_time(row["recorded_at"]),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "player": self.player.name,
            "number": self.player.number,
            "round": self.round,
            "amount": json_number(self.amount),
            "currency": self.currency,
            "reason": self.reason,
            "article": self.article,
            "recorded_at": time_text(self.recorded_at),
        }


@dataclass(frozen=True)
class IncidentRecord:
    """An incident with the Chief Arbiter's decision (§7)."""

    id: int
    at: datetime
    round: int
    player: Player
    kind: str
    description: str
    decision: str
    article: str | None

    @classmethod
    def of(cls, row: Mapping[str, Any], by_id: Mapping[int, Player]) -> IncidentRecord:
        """The record of an incidents row (``by_id``: the players by their row ids)."""
        return cls(
            row["id"],
            stored_time(row["at"]),
            row["round"],
            by_id[row["player"]],
            row["kind"],
            row["description"],
            row["decision"],
            row["article"],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "at": time_text(self.at),
            "round": self.round,
            "player": self.player.name,
            "number": self.player.number,
            "kind": self.kind,
            "description": self.description,
            "decision": self.decision,
            "article": self.article,
        }
