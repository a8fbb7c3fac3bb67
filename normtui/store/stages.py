"""The stages around the main event: the blitz opener, pairing numbers, the play-off (§1, §5).

The blitz opener is a stage of its own (its games in ``games`` with stage "blitz"); its ranking
lets the players choose their pairing numbers, which rebuilds the main event's Berger pairings
as long as no main game has begun. The play-off stores only its seed, the colour choice and
the results entered: its games are derived by ``normtui.rules.playoff`` on every read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from normtui.rules.berger import Pairing, berger_schedule
from normtui.rules.blitz import blitz_pairings, blitz_standings
from normtui.rules.lots import draw_lots, numbers_by_choice, numbers_by_hand
from normtui.rules.model import Colour, GameState, RuleError
from normtui.rules.playoff import PlayoffState, playoff_state
from normtui.rules.standings import Standing
from normtui.store.audit import AuditEntry
from normtui.store.base import StoreBase, Tx
from normtui.store.errors import StoreError

__all__ = ["StagesMixin", "insert_rounds"]

_LOTS = "Regulations §1"
_PLAYOFF = "Regulations §5"


class StagesMixin(StoreBase):
    def _stage(self, kind: str) -> dict[str, object] | None:
        rows = self._rows("SELECT * FROM stages WHERE kind = ?", [kind])
        return rows[0] if rows else None

    # -- the blitz opener --------------------------------------------------------------------

    def start_blitz(self, seed: int) -> AuditEntry | None:
        """Draw the blitz numbers with ``seed`` and create the opener's rounds (§1)."""
        with self._write("blitz start") as tx:
            profile = self.profile
            if not profile.event.has_blitz_opener:
                raise RuleError("this event's profile has no blitz opener", _LOTS)
            if self._stage("blitz") is not None:
                raise StoreError("the blitz opener has already been started")
            players = self.players()
            ids = self._player_ids()
            order = draw_lots([p.name for p in players], seed)
            number_of = {p.name: p.number for p in players}
            blitz_ids = {i + 1: ids[number_of[name]] for i, name in enumerate(order)}
            for blitz_no, pid in blitz_ids.items():
                tx.rec.update("players", pid, {"blitz_number": blitz_no})
            schedule = blitz_pairings(len(players))
            tx.rec.insert("stages", {"kind": "blitz", "rounds": len(schedule),
                                     "time_control": "blitz_opener", "lots_seed": seed})
            insert_rounds(tx, "blitz", schedule, blitz_ids)
            tx.summary = (f"blitz opener drawn with seed {seed}: "
                          + ", ".join(f"{i + 1} {name}" for i, name in enumerate(order)))
        return tx.entry

    def blitz_standings(self) -> list[Standing]:
        """The opener's ranking; its last tie-break is the lot drawn from the blitz seed."""
        with self._read():
            stage = self._stage("blitz")
            if stage is None:
                raise StoreError("the blitz opener has not been started")
            games = [g.game() for g in self.games(stage="blitz")]
            seed = stage["lots_seed"]
            assert seed is None or isinstance(seed, int)
            return blitz_standings(self.players(), games, self.profile, lots_seed=seed)

    # -- pairing numbers ---------------------------------------------------------------------

    def choose_numbers(self, choices: Sequence[int]) -> AuditEntry | None:
        """Pairing numbers chosen in the order of the finished blitz ranking (2022: So won the
        opener and chose 1). ``choices[i]`` is the number chosen by the i-th ranked player."""
        with self._write("numbers") as tx:
            unfinished = [g for g in self.games(stage="blitz") if g.result is None]
            if unfinished:
                raise RuleError(f"the blitz opener is not finished: {len(unfinished)} games "
                                "have no result", _LOTS)
            ranking = [row.name for row in self.blitz_standings()]
            numbers = numbers_by_choice(ranking, choices, len(ranking))
            self._renumber(tx, numbers)
        return tx.entry

    def set_numbers(self, assignment: Mapping[str, int]) -> AuditEntry | None:
        """Pairing numbers given by hand: ``{player name: number}`` for every player."""
        with self._write("numbers") as tx:
            names = {self.resolve_player(k).name: v for k, v in assignment.items()}
            self._renumber(tx, numbers_by_hand(names, len(self.players())))
        return tx.entry

    def _renumber(self, tx: Tx, numbers: Mapping[str, int]) -> None:
        begun = [g for g in self.games() if g.result is not None or g.pgn is not None
                 or g.state is not GameState.SCHEDULED]
        if begun:
            raise RuleError(f"pairing numbers cannot change once the main event has begun "
                            f"({begun[0].label})", _LOTS)
        players = self.players()
        ids = self._player_ids()
        offset = len(players) + 1
        # Two passes, so that a swap of numbers never meets the UNIQUE constraint halfway.
        for p in players:
            tx.rec.update("players", ids[p.number], {"number": p.number + offset})
        new_ids: dict[int, int] = {}
        for p in players:
            new_ids[numbers[p.name]] = ids[p.number]
            tx.rec.update("players", ids[p.number], {"number": numbers[p.name]})
        schedule = berger_schedule(len(players), self.profile.event.cycles)
        by_board = {(g.round, g.board): g for g in self.games()}
        for rnd in schedule:
            for pairing in rnd:
                if pairing.black is None:
                    continue
                game = by_board[(pairing.round, pairing.board)]
                self._update_game(tx, game, {"white": new_ids[pairing.white],
                                             "black": new_ids[pairing.black]})
        order = sorted(numbers.items(), key=lambda kv: kv[1])
        tx.summary = "pairing numbers: " + ", ".join(f"{n} {name}" for name, n in order)

    # -- the play-off (§5) -------------------------------------------------------------------

    def playoff(self) -> PlayoffState:
        """Where the play-off for a shared first place stands (derived on every read)."""
        with self._read():
            return self._playoff_state(self._main_standings())

    def _playoff_state(self, final: list[Standing]) -> PlayoffState:
        stage = self._stage("playoff")
        seed = stage["lots_seed"] if stage else None
        assert seed is None or isinstance(seed, int)
        choice = stage["armageddon_choice"] if stage else None
        assert choice is None or isinstance(choice, str)
        results = {r["game"]: r["result"] for r in self._rows(
            "SELECT game, result FROM playoff_results")}
        return playoff_state(final, self.profile, seed=seed, results=results,
                             armageddon_choice=Colour(choice) if choice else None)

    def start_playoff(self, seed: int) -> AuditEntry | None:
        """Start the play-off after the last round, its lots drawn from ``seed``."""
        with self._write("playoff start") as tx:
            if self._stage("playoff") is not None:
                raise StoreError("the play-off has already been started")
            undecided = [g for g in self.games()
                         if g.result is None or (g.points is None and g.state is not
                                                 GameState.FORFEIT)]
            if undecided:
                raise RuleError(f"the play-off is played after the last round; "
                                f"{undecided[0].label} is not decided", _PLAYOFF)
            state = self._playoff_state(self._main_standings())
            if not state.needed:
                raise RuleError("first place is not shared: no play-off is needed", _PLAYOFF)
            tx.rec.insert("stages", {"kind": "playoff", "rounds": 1, "lots_seed": seed,
                                     "time_control": self.profile.playoff.match_time_control})
            tx.summary = f"play-off started with seed {seed}"
        return tx.entry

    def enter_playoff_result(self, game: str, result: str, *,
                             correction: bool = False) -> AuditEntry | None:
        """The result of play-off game ``game`` ("M1", "M2", "A", "R3.2")."""
        with self._write("playoff result") as tx:
            state = self._playoff_state(self._main_standings())
            if self._stage("playoff") is None:
                raise RuleError("the play-off has not been started", _PLAYOFF)
            target = state.game(game)
            row = self._db.execute("SELECT id, result FROM playoff_results WHERE game = ?",
                                   [game]).fetchone()
            if row is not None and row[1] != result and not correction:
                raise RuleError(f"play-off game {game} already has {row[1]}; enter it as a "
                                "correction", _PLAYOFF)
            if row is None:
                tx.rec.insert("playoff_results", {"game": game, "result": result,
                                                  "entered_at": self.now()})
            else:
                tx.rec.update("playoff_results", int(row[0]), {"result": result})
            # The rules refuse a result for a game that is not due yet, or a malformed one.
            self._playoff_state(self._main_standings())
            tx.summary = f"play-off game {target.id}: {result}"
        return tx.entry

    def set_playoff_choice(self, colour: Colour | str) -> AuditEntry | None:
        """The colour the higher-ranked player chose for the play-off Armageddon (§5)."""
        with self._write("playoff choice") as tx:
            stage = self._stage("playoff")
            if stage is None:
                raise RuleError("the play-off has not been started", _PLAYOFF)
            chosen = Colour(colour)
            id_ = stage["id"]
            assert isinstance(id_, int)
            tx.rec.update("stages", id_, {"armageddon_choice": chosen.value})
            tx.summary = f"play-off Armageddon: the higher-ranked player chose {chosen.value}"
        return tx.entry


def insert_rounds(tx: Tx, stage: str, schedule: Sequence[Sequence[Pairing]],
                  ids: Mapping[int, int]) -> None:
    """Rounds and games of a Berger schedule; ``ids`` maps table numbers to player row ids.
    A bye is no game: its board is simply absent."""
    for round_no, rnd in enumerate(schedule, start=1):
        tx.rec.insert("rounds", {"stage": stage, "round": round_no})
        for pairing in rnd:
            if pairing.black is None:
                continue
            tx.rec.insert("games", {"stage": stage, "round": round_no, "board": pairing.board,
                                    "white": ids[pairing.white], "black": ids[pairing.black]})
