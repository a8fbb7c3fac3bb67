"""Mutations of games and rounds: results, Armageddon, state, PGN texts, signatures, rounds.

The rules decide (``normtui.rules.results``, ``duties``); this module finds the row, checks the
version the caller saw, writes, and says in the audit summary what happened.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Literal

from normtui.rules.model import (
    ArmageddonResult,
    Game,
    GameState,
    MainResult,
    RuleError,
    parse_armageddon_result,
    parse_result,
)
from normtui.rules.results import apply_armageddon, apply_result, check_round_closable
from normtui.store.base import StoreBase, Tx
from normtui.store.errors import ConflictError, InputError, NotFoundError
from normtui.text import has_controls, is_number, visible

if TYPE_CHECKING:
    from normtui.store.audit import AuditEntry
    from normtui.store.records import GameRecord

__all__ = ["GamesMixin", "normalised_record", "refuse_record_controls", "same_record"]

PgnKind = Literal["main", "armageddon"]
Signer = Literal["white", "black", "arbiter"]


def _main(value: str | MainResult) -> MainResult:
    return value if isinstance(value, MainResult) else parse_result(value)


def _board(value: str | ArmageddonResult | None) -> ArmageddonResult | None:
    if value is None or isinstance(value, ArmageddonResult):
        return value
    return parse_armageddon_result(value)


def normalised_record(text: str) -> str:
    """A PGN text as records are compared: line ends, the spaces ending lines and the blank
    lines around the game are how a file was cut or saved, not what the record says."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip()


def same_record(a: str, b: str) -> bool:
    return a == b or normalised_record(a) == normalised_record(b)


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


class _Trial(Exception):
    """Ends a trial write (GamesMixin.refusal): what it wrote is rolled back."""


class GamesMixin(StoreBase):
    def refusal(
        self, call: Callable[..., object], *args: object, **kwargs: object
    ) -> Exception | None:
        """The refusal a change would meet (a broken rule, a conflict), found by making it and
        rolling it back: the console asks the arbiter only about a change that can be made
        (a correction after the play-off has started may be refused by its effect, §5)."""
        from normtui.rules.errors import NormtuiError
        from normtui.store import base

        counted = base.commits()
        try:
            with self._transaction(write=True):
                call(*args, **kwargs)
                raise _Trial
        except _Trial:
            return None
        except NormtuiError as exc:
            return exc
        finally:
            base._commits = counted  # rolled back: not a change this process made

    def _round_open(self, game: GameRecord, correction: bool) -> None:
        row = self._conn.execute(
            "SELECT status FROM rounds WHERE stage = ? AND round = ?", [game.stage, game.round]
        ).fetchone()
        if row and row[0] == "closed" and not correction:
            raise RuleError(
                f"round {game.round} is closed; enter a change to it as a correction",
                "Regulations §8",
            )

    def _write_result(
        self,
        tx: Tx,
        game: GameRecord,
        new: Game,
        correction: bool,
        *,
        source: str | None = None,
        at: str | None = None,
    ) -> None:
        """``source``: "feed" for a result the board feed entered (None: by hand, which also
        takes the mark off a result the feed had entered). ``at``: when the game ended, for a
        result from the feed (the Armageddon's window runs from it, §2); default now."""
        old = game.game()
        if game.stage != "main" and new.state is GameState.IN_PROGRESS:
            # No Armageddon outside the main event: a drawn blitz game is simply over.
            new = replace(new, state=GameState.FINISHED)
        values: dict[str, object] = {
            "result": new.result.value if new.result else None,
            "armageddon": new.armageddon.value if new.armageddon else None,
            "state": new.state.value,
        }
        if new.result != old.result:
            values["result_at"] = at or self.now()
            values["postponed_to"] = None
            values["result_from"] = source
        if new.armageddon != old.armageddon:
            values["armageddon_from"] = source
        if new.result is not MainResult.DRAW:
            # A correction away from a draw leaves no Armageddon; its PGN goes too (audited).
            values["armageddon_pgn"] = None
            values["armageddon_from"] = None
        if (new.result, new.armageddon, new.state) == (old.result, old.armageddon, old.state):
            return
        if new.armageddon is not None and new.armageddon.is_forfeit and game.armageddon_pgn:
            raise RuleError(
                f"{game.label}: the Armageddon has a record, so it was played; "
                "enter its board result (or replace the record first)",
                "Regulations §2",
            )
        from normtui.rules.scoresheets import signatures_after, signers

        signed = signers(game.signatures)
        after = signatures_after(old, new, game.signatures)
        if after != game.signatures:
            values.update(
                signed_white=int(after.white),
                signed_black=int(after.black),
                signed_arbiter=int(after.arbiter),
            )
        playoff = self._playoff_players() if game.stage == "main" else None
        self._update_game(tx, game, values)
        if playoff is not None and self._playoff_players() != playoff:
            raise RuleError(
                f"{game.label}: the play-off has started, and this change would "
                "change who plays it or their order on the tie-breaks; undo the "
                "play-off first",
                "Regulations §5",
            )
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

    def _playoff_players(self) -> tuple[int, ...] | None:
        """Who plays a started play-off, in standings order (None: not started). The play-off
        is derived from the final standings, so a change that moved them would silently give
        its entered results to other players or colours."""
        if self._conn.execute("SELECT 1 FROM stages WHERE kind = 'playoff'").fetchone() is None:
            return None
        from normtui.rules.playoff import playoff_players

        return playoff_players(self._main_standings())

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
    ) -> AuditEntry | None:
        """Enter the main result of a pairing (and, after a draw, its Armageddon).

        Overwriting a different result needs ``correction=True`` (audited as a correction).
        Entering exactly what is there changes nothing and returns ``None``.
        """
        main = _main(result)
        board = _board(armageddon)
        if stage != "main" and board is not None:
            raise RuleError(f"the {stage} stage has no Armageddon games", "Regulations §1")
        with self._write("result") as tx:
            found = self.find_game(round, white, black, stage)
            game = self._checked(found, expected_version)
            self._round_open(game, correction)
            new = apply_result(game.game(), main, board, correction=correction)
            self._write_result(tx, game, new, correction)
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
        with self._write("armageddon") as tx:
            found = self.find_game(round, white, black)
            game = self._checked(found, expected_version)
            self._round_open(game, correction)
            new = apply_armageddon(game.game(), board, correction=correction)
            self._write_result(tx, game, new, correction)
        return tx.entry

    def set_game_state(
        self, game_id: int, state: GameState | str, *, expected_version: int | None = None
    ) -> AuditEntry | None:
        """Mark a game without a result as in progress (it has started), or back to
        scheduled. Every other state follows from results, illness and withdrawal."""
        new_state = GameState(state)
        if new_state not in (GameState.SCHEDULED, GameState.IN_PROGRESS):
            raise InputError(
                f"a game becomes {new_state.value} through its result, an illness "
                "or a withdrawal, not by setting its state"
            )
        with self._write("state") as tx:
            game = self._checked(self.game(game_id), expected_version)
            if game.result is not None:
                raise InputError(f"{game.label} already has a result ({game.result.value})")
            if game.state is new_state:
                return None
            self._update_game(tx, game, {"state": new_state.value})
            tx.summary = f"{game.label}: {new_state.value.replace('_', ' ')}"
        return tx.entry

    def start_round(self, round: int, stage: str = "main") -> AuditEntry | None:
        """Every scheduled board of the round is now in progress (the clocks were started)."""
        with self._write("start round") as tx:
            games = [g for g in self.games(round, stage) if g.state is GameState.SCHEDULED]
            for g in games:
                self._update_game(tx, g, {"state": GameState.IN_PROGRESS.value})
            tx.summary = f"round {round} started ({len(games)} boards)"
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
        _check_record(kind, text)
        with self._write("pgn") as tx:
            game, column, current = self._record_target(game_id, kind, expected_version)
            attached = ""
            if current is None or not same_record(current, text):
                if current is not None and not replace_existing:
                    raise ConflictError(
                        f"{game.label} already has a {kind} PGN; replace it explicitly"
                    )
                self._update_game(tx, game, {column: text})
                attached = f"{kind} PGN {'replaced' if current else 'attached'}"
                tx.summary = f"{game.label}: {attached}"
                game = self.game(game_id)  # the version just written
            if self._record_result(tx, game, kind, result) and attached:
                tx.summary += f"; {attached}"
        return tx.entry

    def _record_target(
        self, game_id: int, kind: PgnKind, expected_version: int | None
    ) -> tuple[GameRecord, str, str | None]:
        """Inside a write: the game a record is for (the version the caller saw), its column,
        and the record kept there now. An Armageddon's record needs the drawn main game."""
        game = self._checked(self.game(game_id), expected_version)
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

    def _record_result(
        self,
        tx: Tx,
        game: GameRecord,
        kind: PgnKind,
        result: str | None,
        *,
        source: str | None = None,
        at: str | None = None,
    ) -> bool:
        """Enter a record's result where the board has none yet (whether it was)."""
        if result is None or (game.armageddon if kind == "armageddon" else game.result):
            return False
        self._round_open(game, False)
        board = _board(result) if kind == "armageddon" else None
        new = (
            apply_armageddon(game.game(), board)
            if board is not None
            else apply_result(game.game(), _main(result), None)
        )
        self._write_result(tx, game, new, False, source=source, at=at)
        return True

    def sign(
        self, game_id: int, who: Signer, *, expected_version: int | None = None
    ) -> AuditEntry | None:
        """A scoresheet signature: White, Black, then the arbiter's countersignature (§8)."""
        with self._write("sign") as tx:
            game = self._checked(self.game(game_id), expected_version)
            if game.result is None:
                raise RuleError(
                    f"{game.label} has no result yet: scoresheets are signed at the "
                    "end of the game",
                    "Regulations §8",
                )
            from normtui.rules.scoresheets import sign

            sig = sign(game.signatures, who)
            self._update_game(
                tx,
                game,
                {
                    "signed_white": int(sig.white),
                    "signed_black": int(sig.black),
                    "signed_arbiter": int(sig.arbiter),
                },
            )
            tx.summary = f"{game.label}: signed by {who}"
        return tx.entry

    def set_round_schedule(
        self, round: int, *, date: str | None, start_time: str | None, stage: str = "main"
    ) -> AuditEntry | None:
        """The date (YYYY-MM-DD) and start time (HH:MM) of a round."""
        _check_date(date)
        _check_time(start_time)
        with self._write("schedule") as tx:
            row_id = self._round_id(round, stage)
            tx.rec.update("rounds", row_id, {"date": date, "start_time": start_time})
            tx.summary = f"round {round}: {date or 'no date'} {start_time or ''}".rstrip()
        return tx.entry

    def close_round(self, round: int, stage: str = "main") -> AuditEntry | None:
        """Close a round once every board has its result (postponed games excepted)."""
        with self._write("close round") as tx:
            row_id = self._round_id(round, stage)
            check_round_closable([g.game() for g in self.games(round, stage)])
            tx.rec.update("rounds", row_id, {"status": "closed"})
            tx.summary = f"round {round} closed"
        return tx.entry

    def reopen_round(self, round: int, stage: str = "main") -> AuditEntry | None:
        with self._write("reopen round") as tx:
            tx.rec.update("rounds", self._round_id(round, stage), {"status": "open"})
            tx.summary = f"round {round} reopened"
        return tx.entry

    def _round_id(self, round: int, stage: str) -> int:
        self.check_round(round, stage)
        row = self._conn.execute(
            "SELECT id FROM rounds WHERE stage = ? AND round = ?", [stage, round]
        ).fetchone()
        if row is None:  # pragma: no cover - every stage round is created with the stage
            raise NotFoundError(f"round {round} has no record")
        return int(row[0])


def _check_record(kind: str, text: str) -> None:
    if kind not in ("main", "armageddon"):
        raise InputError(f"a PGN is for the 'main' game or the 'armageddon', not {kind!r}")
    if not text.strip():
        raise InputError("the PGN text is empty")
    refuse_record_controls(text)


def refuse_record_controls(text: str) -> None:
    """A record is shown in the console and written to exports: its tags and comments hold
    no escape sequence (tabs and line ends are a file's whitespace)."""
    for number, line in enumerate(text.replace("\t", " ").replace("\r", "\n").split("\n"), 1):
        if has_controls(line):
            raise InputError(
                f"the PGN record's line {number} holds control characters, which "
                f"a terminal would obey: '{visible(line)[:80]}'; not kept"
            )


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
