"""The stages around the main event: the blitz opener, pairing numbers, the play-off (§1, §5).

The blitz opener is a stage of its own (its games in ``games`` with stage "blitz"); its ranking
lets the players choose their pairing numbers, which rebuilds the main event's Berger pairings
as long as no main game has begun. The play-off stores only its seed, the colour choice and
the results entered: its games are derived by ``normtui.rules.playoff`` on every read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import EllipsisType
from typing import TYPE_CHECKING

from normtui.rules.model import Colour, GameState, RuleError
from normtui.store.base import StoreBase, Tx
from normtui.store.errors import ConflictError, InputError, StoreError
from normtui.store.games import refuse_record_controls
from normtui.store.values import surname

if TYPE_CHECKING:
    from normtui.rules.berger import Pairing
    from normtui.rules.playoff import PlayoffGame, PlayoffState
    from normtui.rules.profile import Profile
    from normtui.rules.standings import Standing
    from normtui.rules.tiebreaks import Scored
    from normtui.store.audit import AuditEntry

    # What a play-off record must pass before it is kept: (text, game, white name, black
    # name, entered result, profile) -> warnings; raises RuleError to refuse.
    RecordCheck = Callable[[str, PlayoffGame, str, str, str, Profile], tuple[str, ...]]

__all__ = ["StagesMixin", "insert_rounds"]

_LOTS = "Regulations §1"
_PLAYOFF = "Regulations §5"
# The rules of the stages (lots, Berger tables, the blitz opener, the play-off) are imported
# by the methods that use them: every command loads this mixin, few of them a stage.


class StagesMixin(StoreBase):
    def _stage(self, kind: str) -> dict[str, object] | None:
        rows = self._rows("SELECT * FROM stages WHERE kind = ?", [kind])
        return rows[0] if rows else None

    # -- the blitz opener --------------------------------------------------------------------

    def start_blitz(self, seed: int) -> AuditEntry | None:
        """Draw the blitz numbers with ``seed`` and create the opener's rounds (§1)."""
        from normtui.rules.blitz import blitz_pairings
        from normtui.rules.lots import draw_lots

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
        from normtui.rules import blitz

        with self._read():
            stage = self._stage("blitz")
            if stage is None:
                raise StoreError("the blitz opener has not been started")
            games = [g.game() for g in self.games(stage="blitz")]
            seed = stage["lots_seed"]
            assert seed is None or isinstance(seed, int)
            return blitz.blitz_standings(self.players(), games, self.profile, lots_seed=seed)

    # -- pairing numbers ---------------------------------------------------------------------

    def choose_numbers(self, choices: Sequence[int]) -> AuditEntry | None:
        """Pairing numbers chosen in the order of the finished blitz ranking (2022: So won the
        opener and chose 1). ``choices[i]`` is the number chosen by the i-th ranked player."""
        from normtui.rules.lots import numbers_by_choice

        with self._write("numbers") as tx:
            unfinished = [g for g in self.games(stage="blitz") if g.result is None]
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
        from normtui.rules.lots import numbers_by_hand

        with self._write("numbers") as tx:
            names = {self.resolve_player(k).name: v for k, v in assignment.items()}
            self._renumber(tx, numbers_by_hand(names, len(self.players())))
        return tx.entry

    def _renumber(self, tx: Tx, numbers: Mapping[str, int]) -> None:
        from normtui.rules.berger import berger_schedule

        begun = [
            g
            for g in self.games()
            if g.result is not None or g.pgn is not None or g.state is not GameState.SCHEDULED
        ]
        if begun:
            raise RuleError(
                f"pairing numbers cannot change once the main event has begun ({begun[0].label})",
                _LOTS,
            )
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
        event = self.profile.event
        schedule = berger_schedule(len(players), event.cycles, second_cycle=event.second_cycle)
        by_board = {(g.round, g.board): g for g in self.games()}
        for rnd in schedule:
            for pairing in rnd:
                if pairing.black is None:
                    continue
                game = by_board[(pairing.round, pairing.board)]
                self._update_game(
                    tx, game, {"white": new_ids[pairing.white], "black": new_ids[pairing.black]}
                )
        order = sorted(numbers.items(), key=lambda kv: kv[1])
        tx.summary = "pairing numbers: " + ", ".join(f"{n} {name}" for name, n in order)

    # -- the play-off (§5) -------------------------------------------------------------------

    def playoff(self) -> PlayoffState:
        """Where the play-off for a shared first place stands (derived on every read)."""
        with self._read():
            return self._playoff_state(self._main_standings())

    def _playoff_state(
        self, final: list[Standing], results: Mapping[str, str] | None = None
    ) -> PlayoffState:
        """``results``: instead of those stored (to see what a change would do)."""
        from normtui.rules.playoff import playoff_state
        from normtui.rules.standings import classical_games

        stage = self._stage("playoff")
        seed = stage["lots_seed"] if stage else None
        assert seed is None or isinstance(seed, int)
        choice = stage["armageddon_choice"] if stage else None
        assert choice is None or isinstance(choice, str)
        if results is None:
            results = self._playoff_results()
        profile = self.profile
        classical: tuple[Scored, ...] = ()
        if profile.playoff.round_robin_tiebreak_basis == "classical_games":
            classical = tuple(classical_games(self.players(), self._main_games(), profile))
        return playoff_state(
            final,
            profile,
            seed=seed,
            results=results,
            armageddon_choice=Colour(choice) if choice else None,
            classical=classical,
        )

    def _playoff_results(self) -> dict[str, str]:
        """The results entered, in the order they were entered."""
        return {
            r["game"]: r["result"]
            for r in self._rows("SELECT game, result FROM playoff_results ORDER BY id")
        }

    def _stranded(self, final: list[Standing]) -> list[str]:
        """The results that have no game any more after a change: those after the longest
        run of results, in the order entered, that still makes a play-off."""
        results = self._playoff_results()
        order = list(results)
        for cut in range(len(order), -1, -1):
            try:
                self._playoff_state(final, {k: results[k] for k in order[:cut]})
            except RuleError:
                continue
            return order[cut:]
        return order

    def _undecided_main(self) -> str | None:
        """Why the play-off cannot start yet: the first main game still without its points."""
        # The first main game without a result, or whose Armageddon is still due (its
        # points are not known): found by SQLite, not by building every game.
        first = self._game_records(
            "g.id IN (SELECT g.id FROM games g WHERE g.stage = 'main' AND (g.result IS NULL "
            f"OR (NOT {self._complete_sql('g')} AND g.state <> 'forfeit')) "
            "ORDER BY g.round, g.board LIMIT 1)",
            [],
        )
        if first:
            return f"the play-off is played after the last round; {first[0].label} is not decided"
        return None

    def _started_playoff(self) -> PlayoffState:
        """The state of a play-off that has been started; refused otherwise."""
        from normtui.rules.playoff import not_needed

        state = self._playoff_state(self._main_standings())
        if self._stage("playoff") is None:
            if not state.needed:
                raise RuleError(not_needed(self.profile), _PLAYOFF)
            raise RuleError("the play-off has not been started", _PLAYOFF)
        return state

    def _playoff_names(self) -> dict[int, str]:
        return {p.number: surname(p.name) for p in self.players()}

    def start_playoff(
        self, seed: int, *, expected_players: Sequence[int] | None = None
    ) -> AuditEntry | None:
        """Start the play-off after the last round, its lots drawn from ``seed`` (recorded:
        the colours, the Armageddon's colours and the round robin's numbers and last
        tie-break all follow from it). ``expected_players``: the pairing numbers of the
        players a console's question named; refused if the play-off is now between others
        (a result corrected elsewhere while the question was open)."""
        from normtui.rules.playoff import not_needed

        if not 0 <= seed < 2**63:
            raise InputError(f"the seed must be a whole number from 0 to {2**63 - 1}")
        with self._write("playoff start") as tx:
            if self._stage("playoff") is not None:
                raise StoreError("the play-off has already been started")
            blocker = self._undecided_main()
            if blocker is not None:
                raise RuleError(blocker, _PLAYOFF)
            state = self._playoff_state(self._main_standings())
            if expected_players is not None and (
                not state.needed or tuple(state.players) != tuple(expected_players)
            ):
                now = (
                    "the play-off is now between "
                    + ", ".join(self._playoff_names()[n] for n in state.players)
                    if state.needed
                    else "first place is no longer shared"
                )
                raise ConflictError(
                    "the standings changed since the question was asked (a "
                    f"result entered elsewhere): {now}; nothing was started, "
                    "look again"
                )
            if not state.needed:
                raise RuleError(not_needed(self.profile), _PLAYOFF)
            tx.rec.insert(
                "stages",
                {
                    "kind": "playoff",
                    "rounds": 1,
                    "lots_seed": seed,
                    "time_control": self.profile.playoff.match_time_control,
                },
            )
            names = self._playoff_names()
            after = self._playoff_state(self._main_standings())
            what = "2-game match" if after.format == "match" else "double round robin"
            tx.summary = (
                f"play-off started with seed {seed}: {what}, "
                + ", ".join(names[n] for n in after.players)
                + _next(after, names)
            )
        return tx.entry

    def enter_playoff_result(
        self,
        game: str,
        result: str,
        *,
        correction: bool = False,
        expected: str | EllipsisType | None = ...,
    ) -> AuditEntry | None:
        """The result of play-off game ``game`` ("M1", "M2", "A", "R3.2"; any case).

        A different result needs ``correction=True``; a correction that no longer agrees with
        the game's record removes the record (audited, so undo brings it back). ``expected``:
        the result the caller showed (None: none yet); refused if the game has another one
        now, entered elsewhere since (a console's question names what it corrects)."""
        from normtui.rules.playoff import parse_playoff_result

        game_id = game.strip().upper()
        value = parse_playoff_result(result)
        with self._write("playoff result") as tx:
            state = self._started_playoff()
            target = state.game(game_id)
            row = self._conn.execute(
                "SELECT id, result, pgn FROM playoff_results WHERE game = ?", [game_id]
            ).fetchone()
            if row is not None and row[1] == value:
                return None
            if not isinstance(expected, EllipsisType) and (row[1] if row else None) != (
                None if expected is None else parse_playoff_result(expected)
            ):
                raise ConflictError(
                    f"play-off game {game_id} was changed by someone else since you read it "
                    f"(now {row[1] if row else 'no result'}, you saw "
                    f"{expected or 'no result'}); nothing was entered, look again"
                )
            if row is not None and not correction:
                raise RuleError(
                    f"play-off game {game_id} already has {row[1]}; enter it as a correction",
                    _PLAYOFF,
                )
            names = self._playoff_names()
            label = f"play-off game {game_id} ({names[target.white]}-{names[target.black]})"
            if row is None:
                tx.rec.insert(
                    "playoff_results", {"game": game_id, "result": value, "entered_at": self.now()}
                )
                tx.summary = f"{label}: {value}"
            else:
                tx.action = "playoff correction"
                tx.rec.update(
                    "playoff_results",
                    int(row[0]),
                    {"result": value, "entered_at": self.now(), "pgn": None},
                )
                tx.summary = f"{label}: corrected {value} (was {row[1]})"
                if row[2] is not None:
                    tx.summary += "; its PGN, which said otherwise, was removed"
            final = self._main_standings()
            try:
                after = self._playoff_state(final)
            except RuleError:
                # The correction changes which games follow, and a later one has a result.
                later = self._stranded(final)
                one = len(later) == 1
                raise RuleError(
                    f"{value} in {game_id} would change the games that follow it, and "
                    f"{', '.join(later)} already {'has' if one else 'have'} a result; undo "
                    f"{'it' if one else 'them'} first",
                    _PLAYOFF,
                ) from None
            tx.summary += _next(after, names)
        return tx.entry

    def set_playoff_choice(self, colour: Colour | str) -> AuditEntry | None:
        """The colour the higher-ranked player chose for the play-off Armageddon (§5), when
        the profile lets them choose; it may change until the Armageddon has a result."""
        chosen = Colour(colour.strip().lower()) if isinstance(colour, str) else colour
        with self._write("playoff choice") as tx:
            state = self._started_playoff()
            stage = self._stage("playoff")
            assert stage is not None
            if self.profile.playoff.armageddon_colours != "higher_ranked_chooses":
                raise RuleError(
                    "this event draws the play-off Armageddon's colours by lot "
                    "(profile: playoff.armageddon_colours)",
                    _PLAYOFF,
                )
            armageddon = next((g for g in state.games if g.kind == "armageddon"), None)
            if state.waiting_for_choice is None and armageddon is None:
                raise RuleError("the Armageddon is not due: the match is not tied", _PLAYOFF)
            if armageddon is not None and armageddon.result is not None:
                raise RuleError(
                    "the Armageddon has been played; its colours cannot change", _PLAYOFF
                )
            before = stage["armageddon_choice"]
            id_ = stage["id"]
            assert isinstance(id_, int)
            tx.rec.update("stages", id_, {"armageddon_choice": chosen.value})
            names = self._playoff_names()
            chooser = names[state.players[0]]
            tx.summary = (
                f"play-off Armageddon: {chooser} (higher on the tie-breaks) chose "
                f"{chosen.value}" + (f" (was {before})" if before else "")
            )
            tx.summary += _next(self._playoff_state(self._main_standings()), names)
        return tx.entry

    def attach_playoff_pgn(
        self, game: str, text: str, *, check: RecordCheck, replace_existing: bool = False
    ) -> AuditEntry | None:
        """Keep the record of a play-off game that has its result, once ``check`` passes it
        (``normtui.importing.attach_playoff_record`` passes the PGN checks for the play-off:
        players and colours, this game's time control, the entered result). ``check`` runs
        inside the transaction, on the state it reads; it returns warnings for the audit
        summary or raises to refuse. An existing, different record is only replaced on
        request."""
        game_id = game.strip().upper()
        if not text.strip():
            raise InputError("the PGN text is empty")
        refuse_record_controls(text)
        with self._write("playoff pgn") as tx:
            state = self._started_playoff()
            target = state.game(game_id)
            row = self._conn.execute(
                "SELECT id, result, pgn FROM playoff_results WHERE game = ?", [game_id]
            ).fetchone()
            if row is None:
                raise RuleError(
                    f"play-off game {game_id} has no result yet: enter it, then attach its record",
                    _PLAYOFF,
                )
            if row[2] == text:
                return None
            if row[2] is not None and not replace_existing:
                raise ConflictError(
                    f"play-off game {game_id} already has a PGN; replace it explicitly"
                )
            full = {p.number: p.name for p in self.players()}
            warnings = check(
                text, target, full[target.white], full[target.black], row[1], self.profile
            )
            tx.rec.update("playoff_results", int(row[0]), {"pgn": text})
            names = self._playoff_names()
            tx.summary = (
                f"play-off game {game_id} ({names[target.white]}-"
                f"{names[target.black]}): PGN {'replaced' if row[2] else 'attached'}"
            )
            if warnings:
                tx.summary += (
                    f" with {len(warnings)} warning{'s' * (len(warnings) != 1)}: "
                    + "; ".join(warnings)
                )
        return tx.entry

    def playoff_records(self) -> list[tuple[str, str, str]]:
        """(game, result, record) of every play-off game that has its record kept."""
        return [
            (r["game"], r["result"], r["pgn"])
            for r in self._rows(
                "SELECT game, result, pgn FROM playoff_results WHERE pgn IS NOT NULL ORDER BY id"
            )
        ]

    def playoff_pgn(self, game: str) -> str | None:
        """The record kept for a play-off game, if any."""
        rows = self._rows("SELECT pgn FROM playoff_results WHERE game = ?", [game.strip().upper()])
        return rows[0]["pgn"] if rows else None


def _next(state: PlayoffState, names: Mapping[int, str]) -> str:
    """What the audit summary adds after a play-off change: what comes next."""
    if state.winner is not None:
        return f"; winner {names[state.winner]}"
    if state.waiting_for_choice is not None:
        return f"; {names[state.waiting_for_choice]} chooses the Armageddon's colours"
    game = state.next_game
    if game is None:
        return ""
    return f"; next {game.id} {names[game.white]}-{names[game.black]}"


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
