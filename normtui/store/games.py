"""The games and their results (``store.games``): results, Armageddon, state, PGN texts,
signatures, and the reads of them (a game found by its players, the main table).

The rules decide (``normtui.rules.results``, ``duties``); this module finds the row, checks the
version the caller saw, writes, and says in the audit summary what happened. Every way a game's
row changes is here, each with its refusal, so that no other part writes a game: that is why
this module is longer than the house's usual 400 lines.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from normtui.pgn.tags import record_date
from normtui.rules.model import (
    ArmageddonResult,
    Game,
    GameState,
    MainResult,
    RuleError,
    parse_armageddon_result,
    parse_result,
)
from normtui.rules.results import (
    apply_armageddon,
    apply_result,
    check_armageddon_record,
    check_playoff_kept,
    check_round_open,
)
from normtui.rules.scoresheets import (
    Signatures,
    provisional_games,
    sign,
    signatures_after,
    signers,
)
from normtui.rules.scoring import is_complete
from normtui.store.core import Core, Tx, checked
from normtui.store.errors import ConflictError, InputError, NotFoundError
from normtui.store.values import board_result, main_result, surname, time_text

if TYPE_CHECKING:
    from normtui.rules.model import Player
    from normtui.rules.profile import Profile
    from normtui.rules.standings import Standing
    from normtui.store.log import AuditEntry
    from normtui.store.records import ByeRecord, GameRecord

__all__ = ["Games", "PlayoffField", "result_change"]

PgnKind = Literal["main", "armageddon"]
Signer = Literal["white", "black", "arbiter"]


def _main(value: str | MainResult) -> MainResult:
    return value if isinstance(value, MainResult) else parse_result(value)


def apply_armageddon_start(game: GameRecord) -> None:
    """Refuse to start the Armageddon of a game that has none waiting (RuleError)."""
    if not game.armageddon_after_draw:
        raise RuleError("this event has no Armageddon: a drawn game is complete", "Regulations §2")
    if game.result is not MainResult.DRAW:
        now = game.result.value if game.result else "no result yet"
        raise RuleError(
            f"{game.label}: an Armageddon follows a drawn game; this one has {now}",
            "Regulations §2",
        )
    if game.armageddon is not None:
        raise RuleError(
            f"{game.label}: the Armageddon has its result ({game.armageddon.value})",
            "Regulations §2",
        )


def _start_said(game: GameRecord, minutes: int, now: datetime) -> str:
    """How the start stands to §2's window: within it, or late by how much."""
    deadline = game.armageddon_deadline
    if deadline is None:
        return ""
    late = (now - deadline).total_seconds()
    if late <= 0:
        return f" (within the {minutes} minutes after the draw, §2)"
    late_minutes = math.ceil(late / 60)
    if late_minutes < 120:
        said = f"{late_minutes} min"
    elif late_minutes < 48 * 60:
        said = f"{late_minutes // 60} h"
    else:
        said = f"{late_minutes // (24 * 60)} days"
    return f" (started {said} late: more than {minutes} minutes after the draw, §2)"


def _board(value: str | ArmageddonResult | None) -> ArmageddonResult | None:
    if value is None or isinstance(value, ArmageddonResult):
        return value
    return parse_armageddon_result(value)


def _no_armageddon(stage: str, board: ArmageddonResult | None) -> None:
    if stage != "main" and board is not None:
        raise RuleError(f"the {stage} stage has no Armageddon games", "Regulations §1")


_ABSENT = {
    ArmageddonResult.WHITE_FORFEIT_WIN: "Black absent",
    ArmageddonResult.BLACK_FORFEIT_WIN: "White absent",
    ArmageddonResult.DOUBLE_FORFEIT: "both absent",
}


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _describe(game: Game) -> str:
    text = game.result.value if game.result else "no result"
    if game.armageddon is not None:
        text += f", Armageddon {game.armageddon.value}"
        if game.armageddon.is_forfeit:
            text += f" (forfeit, {_ABSENT[game.armageddon]})"
    return text


# What a started play-off was drawn from: the players, the main games, the profile.
PlayoffField = tuple[Sequence["Player"], Sequence[Game], "Profile"]


def result_change(
    game: GameRecord,
    result: MainResult | None,
    armageddon: ArmageddonResult | None,
    *,
    correction: bool,
    round_closed: bool,
    playoff: Callable[[], PlayoffField | None],
) -> Game | None:
    """What entering ``result`` and ``armageddon`` (``result`` None: the Armageddon alone)
    makes of ``game``, as the rules decide it: the game to write, or None when nothing
    changes. Refused (RuleError) as the write refuses it: a closed round without a correction
    (§8), what the rules refuse (§2, §4), an Armageddon lost by forfeit that has its record
    (§2), a change that changes who plays a started play-off (``playoff``: what it was drawn
    from, asked only then; §5). The store's write and a screen's question before it (from
    its snapshot, without writing) both ask this."""
    check_round_open(game.round, round_closed, correction)
    old = game.game()
    if result is not None:
        new = apply_result(old, result, armageddon, correction=correction)
    else:
        assert armageddon is not None
        new = apply_armageddon(old, armageddon, correction=correction)
    if game.stage != "main" and new.state is GameState.IN_PROGRESS:
        # No Armageddon outside the main event: a drawn blitz game is simply over.
        new = replace(new, state=GameState.FINISHED)
    if (new.result, new.armageddon, new.state) == (old.result, old.armageddon, old.state):
        return None
    check_armageddon_record(game.label, new, game.has_armageddon_pgn)
    field = playoff() if game.stage == "main" else None
    if field is not None:
        check_playoff_kept(game.label, *field, new)
    return new


class Games:
    """The games of the event and their results: ``store.games()`` lists them (of a stage, or
    of one round of it); its methods enter results, Armageddons, records and signatures."""

    def __init__(self, core: Core) -> None:
        self._core = core

    def __call__(self, round: int | None = None, stage: str = "main") -> list[GameRecord]:
        """The games of a stage, or of one round of it, by round and board."""
        return self._core.games(round, stage)

    def get(self, game_id: int) -> GameRecord:
        """The game with that id."""
        return self._core.game(game_id)

    def _playoff_field(self) -> PlayoffField:
        """The players, main games and profile a started play-off was drawn from."""
        return self._core.players(), self.main_games(), self._core.profile

    def _write_result(
        self,
        tx: Tx,
        game: GameRecord,
        result: MainResult | None,
        armageddon: ArmageddonResult | None,
        correction: bool,
        *,
        source: str | None = None,
        at: datetime | None = None,
        played_today: bool = False,
    ) -> None:
        """Enter ``result`` (None: the Armageddon alone) as :func:`result_change` makes it.
        ``source``: "feed" for a result the board feed entered (None: by hand, which also
        takes the mark off a result the feed had entered). ``at``: when the game ended, for a
        result from the feed (the Armageddon's window runs from it, §2); default now.

        ``played_today``: a board's first result entered at the venue. A round whose results
        are entered without its ever being started then takes today's date, said in the same
        audit row; not when a later round of the stage already has a date of today or
        before: this round was played before that one, its result is entered afterwards."""
        today = self._core.today()
        closed, started, datable = self._core.conn.execute(
            _CLOSED_STARTED_SQL, {"stage": game.stage, "round": game.round, "today": today}
        ).fetchone()
        new = result_change(
            game,
            result,
            armageddon,
            correction=correction,
            round_closed=bool(closed),
            playoff=self._playoff_field if started else lambda: None,
        )
        if new is None:
            return
        old = game.game()
        values: dict[str, object] = {
            "result": new.result.value if new.result else None,
            "armageddon": new.armageddon.value if new.armageddon else None,
            "state": new.state.value,
        }
        if new.result != old.result:
            values["result_at"] = time_text(at) if at else self._core.now()
            values["postponed_to"] = None
            values["result_from"] = source
        if new.armageddon != old.armageddon:
            values["armageddon_from"] = source
        if new.result is not MainResult.DRAW:
            # A correction away from a draw leaves no Armageddon; its PGN goes too (audited).
            values["armageddon_pgn"] = None
            values["armageddon_from"] = None
            values["armageddon_started_at"] = None
        signed = signers(game.signatures)
        after = signatures_after(old, new, game.signatures)
        if after != game.signatures:
            values.update(
                signed_white=int(after.white),
                signed_black=int(after.black),
                signed_arbiter=int(after.arbiter),
            )
        tx.update_game(game, values)
        corrected = correction and old.result is not None
        if not corrected and new.result == old.result and new.armageddon != old.armageddon:
            tx.action = "armageddon"
        else:
            tx.action = "correction" if corrected else "result"
        verb = "corrected" if corrected else "result"
        tx.summary = f"{game.label}: {verb} {_describe(new)}"
        if corrected:
            tx.summary += f" (was {_describe(old)})"
        if after != game.signatures:
            tx.summary += (
                f"; signatures of {_listed(signed)} cleared: the players sign "
                "the new result, then the arbiter countersigns (§8)"
            )
        if played_today and datable and old.result is None and new.result is not None:
            tx.summary += self._dated(tx, game, today)

    def enter_result(
        self,
        round: int,
        white: str | int,
        black: str | int,
        result: str | MainResult,
        *,
        armageddon: str | ArmageddonResult | None = None,
        correction: bool = False,
        expected_version: int | None = None,
        stage: str = "main",
        played_today: bool = True,
    ) -> AuditEntry | None:
        """Enter the main result of a pairing (and, after a draw, its Armageddon).

        Overwriting a different result needs ``correction=True`` (audited as a correction).
        Entering exactly what is there changes nothing and returns ``None``. A board's first
        result dates a round that has no date with today's (:meth:`_write_result`);
        ``played_today=False`` for results of games played before (an import).
        """
        main = _main(result)
        board = _board(armageddon)
        _no_armageddon(stage, board)
        with self._core.write("result") as tx:
            game = checked(self.find(round, white, black, stage, texts=False), expected_version)
            self._write_result(tx, game, main, board, correction, played_today=played_today)
        return tx.entry

    def enter_result_of(
        self,
        game_id: int,
        result: str | MainResult,
        *,
        armageddon: str | ArmageddonResult | None = None,
        correction: bool = False,
        expected_version: int | None = None,
    ) -> AuditEntry | None:
        """:meth:`enter_result` for the game with that id (a screen holds its id and the
        version it shows: the game is not looked for again by its players)."""
        main = _main(result)
        board = _board(armageddon)
        with self._core.write("result") as tx:
            game = checked(self._core.game(game_id, texts=False), expected_version)
            _no_armageddon(game.stage, board)
            self._write_result(tx, game, main, board, correction, played_today=True)
        return tx.entry

    def enter_armageddon(
        self,
        round: int,
        white: str | int,
        black: str | int,
        armageddon: str | ArmageddonResult,
        *,
        correction: bool = False,
        expected_version: int | None = None,
    ) -> AuditEntry | None:
        """Enter the Armageddon of a drawn main game (same colours; a draw is Black's win)."""
        board = _board(armageddon)
        assert board is not None
        with self._core.write("armageddon") as tx:
            game = checked(self.find(round, white, black, texts=False), expected_version)
            self._write_result(tx, game, None, board, correction)
        return tx.entry

    def enter_armageddon_of(
        self,
        game_id: int,
        armageddon: str | ArmageddonResult,
        *,
        correction: bool = False,
        expected_version: int | None = None,
    ) -> AuditEntry | None:
        """:meth:`enter_armageddon` for the game with that id (a screen holds its id and the
        version it shows)."""
        board = _board(armageddon)
        assert board is not None
        with self._core.write("armageddon") as tx:
            game = checked(self._core.game(game_id, texts=False), expected_version)
            self._write_result(tx, game, None, board, correction)
        return tx.entry

    def set_state(
        self, game_id: int, state: GameState | str, *, expected_version: int | None = None
    ) -> AuditEntry | None:
        """Mark a game without a result as in progress (it has started), or back to
        scheduled; a game started in a round without a date gives it today's. Every other
        state follows from results, illness and withdrawal."""
        new_state = GameState(state)
        if new_state not in (GameState.SCHEDULED, GameState.IN_PROGRESS):
            raise InputError(
                f"a game becomes {new_state.value} through its result, an illness "
                "or a withdrawal, not by setting its state"
            )
        with self._core.write("state") as tx:
            game = checked(self._core.game(game_id), expected_version)
            if game.result is not None:
                raise InputError(f"{game.label} already has a result ({game.result.value})")
            if game.state is new_state:
                return None
            tx.update_game(game, {"state": new_state.value})
            tx.summary = f"{game.label}: {new_state.value.replace('_', ' ')}"
            if new_state is GameState.IN_PROGRESS:
                tx.summary += self._dated(tx, game, self._core.today())
        return tx.entry

    def _dated(self, tx: Tx, game: GameRecord, date: str | None) -> str:
        """Give the game's round ``date`` where it has none (``Core.date_round``): what the
        audit summary adds, if anything."""
        done = self._core.date_round(tx, game.round, game.stage, date)
        stage = "" if game.stage == "main" else f"{game.stage} "  # the blitz opener's
        return f"; {stage}round {game.round} dated {done}" if done else ""

    def start_armageddon(
        self,
        game_id: int,
        *,
        started: bool = True,
        expected_version: int | None = None,
    ) -> AuditEntry | None:
        """The Armageddon of a drawn game has started (§2): its start window's countdown
        stops, the board shows it under way; ``started=False`` takes that back (it is
        waiting again). A result of the Armageddon ends it either way."""
        with self._core.write("armageddon start") as tx:
            game = checked(self._core.game(game_id), expected_version)
            apply_armageddon_start(game)
            if (game.armageddon_started_at is not None) == started:
                return None
            if started:
                now = self._core.clock()
                tx.update_game(game, {"armageddon_started_at": time_text(now)})
                tx.summary = f"{game.label}: Armageddon under way" + _start_said(
                    game, self._core.profile.classical.armageddon_start_within_minutes, now
                )
            else:
                tx.update_game(game, {"armageddon_started_at": None})
                tx.summary = f"{game.label}: Armageddon waiting again (not started)"
        return tx.entry

    def attach_pgn(
        self,
        game_id: int,
        kind: PgnKind,
        text: str,
        *,
        replace_existing: bool = False,
        expected_version: int | None = None,
        result: str | None = None,
    ) -> AuditEntry | None:
        """Keep the PGN text of a game's main game or its Armageddon (validation is the PGN
        module's business). An existing, different text is only replaced on request; the same
        record cut from another file (other line ends, blank lines) is not different.

        ``result``, the record's result, is entered in the same change where the board has
        none yet, so that one undo takes back the record and its result together. A board
        that has a result keeps it: telling the arbiter about a disagreement is the caller's
        business (§8: the signed scoresheet decides, not a broadcast file)."""
        # Only attaching a record needs the records' module: a read command does without it.
        from normtui.store.records import check_record, same_record

        check_record(kind, text)
        with self._core.write("pgn") as tx:
            game, column, current = self._record_target(game_id, kind, expected_version)
            attached = ""
            if current is None or not same_record(current, text):
                if current is not None and not replace_existing:
                    raise ConflictError(
                        f"{game.label} already has a {kind} PGN; replace it explicitly"
                    )
                tx.update_game(game, {column: text})
                attached = f"{kind} PGN {'replaced' if current else 'attached'}"
                tx.summary = f"{game.label}: {attached}"
                game = self._core.game(game_id)  # the version just written
            if self._enter_record_result(tx, game, kind, result) and attached:
                tx.summary += f"; {attached}"
            if attached:
                # The day the record says it was played: the round's date, where it has none.
                tx.summary += self._dated(tx, game, record_date(text))
        return tx.entry

    def keep_record(
        self,
        game_id: int,
        kind: PgnKind,
        text: str | None,
        *,
        note: str = "",
        replace: bool = False,
        result: str | None = None,
        ended_at: datetime | None = None,
        source: str | None = "feed",
        expected_version: int | None = None,
    ) -> AuditEntry | None:
        """The board feed's change (``normtui.feed``; audited as "feed"): a record of the main
        game or the Armageddon as the feed has it, in one change:

        - ``text`` None: no record, only the main game in progress (its first move is on the
          board; the moves so far are its live state, ``store.feed.set_live_record``);
        - a different record already kept is only replaced with ``replace`` (the feed passes
          it when the new record extends the old one, the arbiter when accepting a conflict);
        - a main game that was scheduled is now in progress (its first move is on the board),
          and an Armageddon waiting is under way (its start window of §2 is over);
        - a round without a date takes the day the record says, else today's where its game
          starts now;
        - ``result``, where the board has none, is entered as the feed's (``source``) and
          dated ``ended_at`` (when the game ended; §2's window runs from it). A board that has
          a result keeps it: the caller reports a disagreement (§8: the scoresheet decides).

        ``note`` ends the audit summary ("24. Rfe1"). Nothing to change: ``None``."""
        # Only keeping a record needs the records' module: a read command does without it.
        from normtui.store.records import check_record, same_record

        if text is not None:
            check_record(kind, text)
        with self._core.write("feed") as tx:
            game, column, current = self._record_target(game_id, kind, expected_version)
            parts = []
            values: dict[str, object] = {}
            if text is not None and (current is None or not same_record(current, text)):
                if current is not None and not replace:
                    raise ConflictError(f"{game.label} already has a different {kind} record")
                values[column] = text
                what = "Armageddon" if kind == "armageddon" else "main game"
                parts.append(f"{what} record {'replaced' if current else 'kept'}")
            if kind == "main" and game.state is GameState.SCHEDULED and game.result is None:
                values["state"] = GameState.IN_PROGRESS.value
                parts.append("in progress")
            if (
                kind == "armageddon"
                and game.result is MainResult.DRAW
                and game.armageddon is None
                and game.armageddon_started_at is None
            ):
                # Its first move is on the board: the start window of §2 is over.
                values["armageddon_started_at"] = self._core.now()
                parts.append("Armageddon under way")
            kept, started = column in values, "state" in values
            if values:
                tx.update_game(game, values)
                game = self._core.game(game_id)
            if self._enter_record_result(tx, game, kind, result, source=source, at=ended_at):
                parts.insert(0, tx.summary.removeprefix(f"{game.label}: "))
            if kept or started:
                # The day its record says, else today's: its first move is on the board now.
                day = (record_date(text) if kept else None) or (
                    self._core.today() if started else None
                )
                if dated := self._dated(tx, game, day):
                    parts.append(dated.removeprefix("; "))
            tx.summary = f"{game.label}: {'; '.join(parts)}"
            if note:
                tx.summary += f" ({note})"
        return tx.entry

    def _record_target(
        self, game_id: int, kind: PgnKind, expected_version: int | None
    ) -> tuple[GameRecord, str, str | None]:
        """Inside a write: the game a record is for (the version the caller saw), its column,
        and the record kept there now. An Armageddon's record needs the drawn main game."""
        game = checked(self._core.game(game_id), expected_version)
        if kind == "armageddon" and game.result is not MainResult.DRAW:
            raise RuleError(
                f"{game.label}: an Armageddon PGN needs a drawn main game", "Regulations §2"
            )
        if kind == "armageddon" and game.armageddon is not None and game.armageddon.is_forfeit:
            raise RuleError(
                f"{game.label}: the Armageddon was lost by forfeit "
                f"({game.armageddon.value}), so there is no game to record; "
                "correct its result first if it was played",
                "Regulations §2",
            )
        if kind == "main":
            return game, "pgn", game.pgn
        return game, "armageddon_pgn", game.armageddon_pgn

    def _enter_record_result(
        self,
        tx: Tx,
        game: GameRecord,
        kind: PgnKind,
        result: str | None,
        *,
        source: str | None = None,
        at: datetime | None = None,
    ) -> bool:
        """Enter a record's result where the board has none yet (whether it was)."""
        if result is None or (game.armageddon if kind == "armageddon" else game.result):
            return False
        if kind == "armageddon":
            self._write_result(tx, game, None, _board(result), False, source=source, at=at)
        else:
            self._write_result(tx, game, _main(result), None, False, source=source, at=at)
        return True

    def sign(
        self, game_id: int, who: Signer, *, expected_version: int | None = None
    ) -> AuditEntry | None:
        """A scoresheet signature: White, Black, then the arbiter's countersignature (§8)."""
        with self._core.write("sign") as tx:
            game = checked(self._core.game(game_id), expected_version)
            if game.result is None:
                raise RuleError(
                    f"{game.label} has no result yet: scoresheets are signed at the "
                    "end of the game",
                    "Regulations §8",
                )

            sig = sign(game.signatures, who)
            tx.update_game(
                game,
                {
                    "signed_white": int(sig.white),
                    "signed_black": int(sig.black),
                    "signed_arbiter": int(sig.arbiter),
                },
            )
            tx.summary = f"{game.label}: signed by {who}"
        return tx.entry

    def byes(self, round: int | None = None, stage: str = "main") -> list[ByeRecord]:
        """Who has no game in each round of a stage (or in one round), by round: the bye of
        an odd field."""
        from normtui.store.records import ByeRecord  # records: not for `standings`

        with self._core.read():
            players = self._core.players()
            games = self._core.games(round, stage)
            rounds = [round] if round is not None else range(1, self._core.stage_rounds(stage) + 1)
        playing: dict[int, set[int]] = {r: set() for r in rounds}
        for g in games:
            playing[g.round].update((g.white, g.black))
        return [
            ByeRecord(stage, r, p.number, p.name)
            for r in rounds
            for p in players
            if p.number not in playing[r]
        ]

    def armageddons_due(self) -> list[GameRecord]:
        """The drawn main games whose Armageddon is still to come (§2), by round and board:
        what a console watches the 20 minutes of, without reading every game."""
        if not self._core.profile.classical.armageddon_after_draw:
            return []
        # Found in the games_progress index (a subquery: asked for whole rows, SQLite would
        # walk the table), then read whole.
        return self._core.game_records(
            "g.id IN (SELECT id FROM games WHERE stage = 'main' AND result = '1/2-1/2' "
            "AND armageddon IS NULL)",
            [],
        )

    def incomplete(self, stage: str = "main") -> list[GameRecord]:
        """The games of the stage not complete yet (no result, or an Armageddon still due),
        by round and board: what a clock is set for, without reading every game."""
        return self._core.game_records(
            f"g.id IN (SELECT g.id FROM games g WHERE g.stage = ? AND NOT "
            f"{self._core.complete_sql('g')})",
            [stage],
        )

    def find(
        self,
        round: int,
        white: str | int,
        black: str | int,
        stage: str = "main",
        *,
        texts: bool = True,
    ) -> GameRecord:
        """The game of ``round`` with ``white`` having White against ``black``; a pairing that
        is not in the round, or colours given the wrong way round, is refused by name.
        ``texts=False``: without its PGN texts (a write that finds it needs none)."""
        self._core.check_round(round, stage)
        players = self._core.players()
        w = self._core.resolve_player(white, players=players)
        b = self._core.resolve_player(black, players=players)
        if w.number == b.number:
            raise InputError(f"{w.name} is given as both White and Black")
        games = self._core.game_records("g.stage = ? AND g.round = ?", [stage, round], texts=texts)
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

    def main_standings(
        self, through_round: int | None = None, *, players: Sequence[Player] | None = None
    ) -> list[Standing]:
        """The rules' table of the main event; unsigned results are marked provisional (§8)."""
        return self.main_table(through_round, players=players)[0]

    def main_table(
        self, through_round: int | None = None, *, players: Sequence[Player] | None = None
    ) -> tuple[list[Standing], bool]:
        """The main table, and whether every main game of the event is complete (after the
        last round the play-off question is settled, §5).

        Reads only the columns the table needs (no PGN texts, no records): this runs after
        every result, and its cost is most of what a result costs."""
        # The table: not for `pairings`.
        from normtui.rules.standings import compute_standings

        with self._core.read():
            if players is None:
                players = self._core.players()
            profile = self._core.profile
            games, signatures = self.main_games_signed()
        table = compute_standings(
            players,
            games,
            profile,
            through_round=through_round,
            provisional_games=provisional_games(games, signatures),
        )
        return table, all(is_complete(g) for g in games)

    def main_games(self) -> list[Game]:
        """Every main game as the rules see them (no texts, no signatures)."""
        return self.main_games_signed()[0]

    def main_games_signed(self) -> tuple[list[Game], dict[tuple[int, int], Signatures]]:
        """The main games as the rules see them, and their signatures by (round, board): only
        the columns the table needs (no texts, no records), since the table is computed after
        every result. A game has one of eight signatures: one object for each."""

        games: list[Game] = []
        signatures: dict[tuple[int, int], Signatures] = {}
        kinds: dict[tuple[int, int, int], Signatures] = {}
        with self._core.read():
            after_draw = self._core.profile.classical.armageddon_after_draw
            rows = self._core.conn.execute(_MAIN_GAMES_SQL).fetchall()
        for rnd, board, white, black, result, armageddon, state, *signed in rows:
            games.append(
                Game(
                    rnd,
                    board,
                    white,
                    black,
                    main_result(result),
                    board_result(armageddon),
                    GameState(state),
                    after_draw,
                )
            )
            kind = (signed[0], signed[1], signed[2])
            sig = kinds.get(kind)
            if sig is None:
                sig = kinds[kind] = Signatures(*(bool(s) for s in kind))
            signatures[(rnd, board)] = sig
        return games, signatures


# Whether a game's round is closed, and whether the play-off has started: what a result asks
# of the event beyond its game (result_change); and whether the round may take today's date
# with it (played_today): undated, every round before it dated (a result entered ahead of
# its round, a forfeit or a wrong round, must not date it and leave the rounds between
# undated for good), and no later round dated today or before. One statement: a result's
# budget.
_CLOSED_STARTED_SQL = (
    "SELECT EXISTS (SELECT 1 FROM rounds WHERE stage = :stage AND round = :round "
    "AND status = 'closed'), EXISTS (SELECT 1 FROM stages WHERE kind = 'playoff'), "
    "EXISTS (SELECT 1 FROM rounds WHERE stage = :stage AND round = :round AND date IS NULL) "
    "AND NOT EXISTS (SELECT 1 FROM rounds WHERE stage = :stage AND round < :round "
    "AND date IS NULL) "
    "AND NOT EXISTS (SELECT 1 FROM rounds WHERE stage = :stage AND round > :round "
    "AND date <= :today)"
)
_MAIN_GAMES_SQL = (
    "SELECT g.round, g.board, w.number, b.number, g.result, g.armageddon, g.state, "
    "g.signed_white, g.signed_black, g.signed_arbiter FROM games g JOIN players w ON "
    "w.id = g.white JOIN players b ON b.id = g.black WHERE g.stage = 'main' "
    "ORDER BY g.round, g.board"
)
