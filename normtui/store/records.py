"""The games as the store reads them: rows of the games table into frozen records (each with
``to_json()`` in the CLI's shapes) and into the rules' ``Game``s for the table; and the checks a
game's PGN record passes before a row keeps it.

Records carry pairing numbers and names, never row ids of players, so a caller can pass them
straight to the rules (``GameRecord.game()``) or back to the store (``resolve_player``). The
final table's records are in ``final``, the event's own in ``event``, the desk's in ``desk``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from normtui.rules.live import armageddon_deadline
from normtui.rules.model import ArmageddonResult, Game, GameState, MainResult, Postponement
from normtui.rules.scoresheets import Signatures
from normtui.rules.scoring import blitz_points, opens_armageddon, pairing_points
from normtui.store.errors import InputError
from normtui.store.values import (
    board_result,
    json_number,
    main_result,
    stored_time,
    surname,
    time_text,
)
from normtui.text import has_controls, visible

if TYPE_CHECKING:
    from normtui.rules.profile import Profile

__all__ = [
    "GAMES_SQL",
    "GAMES_SQL_NO_TEXTS",
    "GAME_COLUMNS",
    "ByeRecord",
    "GameRecord",
    "RoundRecord",
    "check_record",
    "game_records",
    "normalised_record",
    "refuse_record_controls",
    "same_record",
]


@dataclass(frozen=True)
class GameRecord:
    """One board of one round of a stage ("main", "blitz").

    ``white``/``black`` are pairing numbers. ``points`` is (White, Black) once the pairing is
    complete. ``armageddon_deadline`` is set while a drawn main game waits for its Armageddon:
    the time by which it must start (§2). ``version`` grows with every change of the row; pass
    it back as ``expected_version`` to refuse an edit if someone else changed the game since.

    A record read without its PGN texts (``texts=False``: a screen's, which reads a text only
    for the game it shows) has ``pgn`` and ``armageddon_pgn`` None; ``has_pgn`` and
    ``has_armageddon_pgn`` say whether one is kept either way.
    """

    id: int
    stage: str
    round: int
    board: int
    white: int
    black: int
    white_name: str
    black_name: str
    result: MainResult | None
    armageddon: ArmageddonResult | None
    state: GameState
    pgn: str | None
    armageddon_pgn: str | None
    signatures: Signatures
    version: int
    points: tuple[Decimal, Decimal] | None
    result_at: datetime | None
    armageddon_deadline: datetime | None
    postponed_to: Postponement | None
    # "feed" where the board feed entered the result (or the Armageddon's), None by hand.
    result_from: str | None = None
    armageddon_from: str | None = None
    # The profile's classical.armageddon_after_draw (normtui.rules.model.Game).
    armageddon_after_draw: bool = True
    # When the Armageddon of a drawn game started (its result still to come): its start
    # window (§2) is then over, the game under way.
    armageddon_started_at: datetime | None = None
    # Read without its texts: whether the main game's and the Armageddon's are kept.
    texts_kept: tuple[bool, bool] = (False, False)

    @property
    def armageddon_under_way(self) -> bool:
        """The Armageddon has started and has no result yet."""
        return self.armageddon_started_at is not None and self.armageddon is None

    @property
    def has_pgn(self) -> bool:
        """Whether the main game's record is kept (read with the texts or not)."""
        return self.pgn is not None or self.texts_kept[0]

    @property
    def has_armageddon_pgn(self) -> bool:
        """Whether the Armageddon's record is kept (read with the texts or not)."""
        return self.armageddon_pgn is not None or self.texts_kept[1]

    @property
    def provisional(self) -> bool:
        """A result not yet confirmed by both players' and the arbiter's signatures (§8)."""
        return self.result is not None and not self.signatures.is_final

    @property
    def armageddon_due(self) -> bool:
        """A drawn main game waiting for its Armageddon, in an event that has one
        (``normtui.rules.scoring.opens_armageddon``): the question every screen asks."""
        return opens_armageddon(self.result, self.armageddon_after_draw) and self.armageddon is None

    @property
    def label(self) -> str:
        return (
            f"round {self.round} board {self.board} ({surname(self.white_name)}-"
            f"{surname(self.black_name)})"
        )

    def game(self) -> Game:
        return Game(
            self.round,
            self.board,
            self.white,
            self.black,
            self.result,
            self.armageddon,
            self.state,
            self.armageddon_after_draw,
        )

    def to_json(self) -> dict[str, Any]:
        """The board as JSON; in an event without Armageddons, no Armageddon key."""
        out = {
            "round": self.round,
            "board": self.board,
            "white": self.white_name,
            "black": self.black_name,
            "result": self.result.value if self.result else None,
            "armageddon": self.armageddon.value if self.armageddon else None,
            "points": [json_number(p) for p in self.points] if self.points else None,
            "state": self.state.value,
            "white_number": self.white,
            "black_number": self.black,
            "stage": self.stage,
            "id": self.id,
            "version": self.version,
            "signed": {
                "white": self.signatures.white,
                "black": self.signatures.black,
                "arbiter": self.signatures.arbiter,
            },
            "armageddon_deadline": (
                time_text(self.armageddon_deadline) if self.armageddon_deadline else None
            ),
            "postponed_to": self.postponed_to.value if self.postponed_to else None,
            "has_pgn": self.has_pgn,
            "has_armageddon_pgn": self.has_armageddon_pgn,
            "bye": False,
            "result_from": self.result_from,
            "armageddon_from": self.armageddon_from,
            "armageddon_started_at": (
                time_text(self.armageddon_started_at) if self.armageddon_started_at else None
            ),
        }
        if not self.armageddon_after_draw and self.stage == "main":
            for key in [k for k in out if "armageddon" in k]:
                del out[key]
        return out


@dataclass(frozen=True)
class ByeRecord:
    """A player without a game in a round: in an odd field the Berger table's dummy number
    pairs with one player each round (§1). A bye is no game and scores nothing."""

    stage: str
    round: int
    number: int
    name: str

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "bye": True,
            "player": self.name,
            "number": self.number,
            "stage": self.stage,
        }


@dataclass(frozen=True)
class RoundRecord:
    """One round of a stage: its schedule, status, and how many of its boards are complete."""

    stage: str
    round: int
    date: str | None
    start_time: str | None
    status: str
    boards: int
    complete: int

    def to_json(self) -> dict[str, Any]:
        return {
            "stage": self.stage,
            "round": self.round,
            "date": self.date,
            "start_time": self.start_time,
            "status": self.status,
            "boards": self.boards,
            "complete": self.complete,
        }


# The columns of the store's games query (GAMES_SQL), in order: game_records reads its rows
# by position, which costs a third of reading them into dicts.
GAME_COLUMNS = (
    "g.id",
    "g.stage",
    "g.round",
    "g.board",
    "w.number",
    "b.number",
    "w.name",
    "b.name",
    "g.result",
    "g.armageddon",
    "g.state",
    "g.pgn",
    "g.armageddon_pgn",
    "g.signed_white",
    "g.signed_black",
    "g.signed_arbiter",
    "g.version",
    "g.result_at",
    "g.postponed_to",
    "g.result_from",
    "g.armageddon_from",
    "g.armageddon_started_at",
    # Whether each text is kept: said where the texts are not read (GAMES_SQL_NO_TEXTS).
    "0",
    "0",
)
_FROM = " FROM games g JOIN players w ON w.id = g.white JOIN players b ON b.id = g.black"
_NO_TEXTS = {
    "g.pgn": "NULL",
    "g.armageddon_pgn": "NULL",
}
GAMES_SQL = f"SELECT {', '.join(GAME_COLUMNS)}{_FROM}"
# The same rows without the PGN texts, which are most of a game's row.
GAMES_SQL_NO_TEXTS = (
    f"SELECT {', '.join(_NO_TEXTS.get(c, c) for c in GAME_COLUMNS[:-2])}, "
    f"g.pgn IS NOT NULL, g.armageddon_pgn IS NOT NULL{_FROM}"
)


def game_records(rows: Iterable[Sequence[Any]], profile: Profile) -> list[GameRecord]:
    """The records of rows of GAMES_SQL: points and the Armageddon's deadline from the
    profile. This builds every game of the event for a screen or an export: a pairing's
    points depend on its result and Armageddon alone, so they are worked out once per kind
    of result (a kind the rules refuse raises, for its game, every time), and the
    signatures are one object per combination."""
    draw_winner = profile.classical.armageddon_draw_winner
    minutes = profile.classical.armageddon_start_within_minutes
    after_draw = profile.classical.armageddon_after_draw
    main_points: dict[
        tuple[MainResult | None, ArmageddonResult | None], tuple[Decimal, Decimal] | None
    ] = {}
    signatures: dict[tuple[int, int, int], Signatures] = {}
    out = []
    for (
        id_,
        stage,
        rnd,
        board,
        white,
        black,
        white_name,
        black_name,
        result_text,
        armageddon_text,
        state_text,
        pgn,
        armageddon_pgn,
        signed_white,
        signed_black,
        signed_arbiter,
        version,
        result_at,
        postponed_to,
        result_from,
        armageddon_from,
        armageddon_started,
        *kept,
    ) in rows:
        result = main_result(result_text)
        armageddon = board_result(armageddon_text)
        state = GameState(state_text)
        if stage == "main":
            kind = (result, armageddon)
            if kind in main_points:
                points = main_points[kind]
            else:
                points = pairing_points(
                    Game(rnd, board, white, black, result, armageddon, state, after_draw),
                    profile.points,
                    draw_winner,
                )
                main_points[kind] = points
        elif result is not None:
            points = blitz_points(result, profile.blitz_points)
        else:
            points = None
        ended = stored_time(result_at) if result_at else None
        deadline = None
        if opens_armageddon(result, after_draw) and armageddon is None and ended:
            # result_at is when the game ended (the feed's clocks) or when it was entered.
            deadline = armageddon_deadline(ended, minutes)
        signed = (signed_white, signed_black, signed_arbiter)
        sig = signatures.get(signed)
        if sig is None:
            sig = signatures[signed] = Signatures(
                bool(signed_white), bool(signed_black), bool(signed_arbiter)
            )
        out.append(
            GameRecord(
                id_,
                stage,
                rnd,
                board,
                white,
                black,
                white_name,
                black_name,
                result,
                armageddon,
                state,
                pgn,
                armageddon_pgn,
                sig,
                version,
                points,
                ended,
                deadline,
                Postponement(postponed_to) if postponed_to else None,
                result_from,
                armageddon_from,
                after_draw,
                stored_time(armageddon_started) if armageddon_started else None,
                (bool(kept[0]), bool(kept[1])),
            )
        )
    return out


# -- a game's PGN record, as kept in its row ----------------------------------------


def normalised_record(text: str) -> str:
    """A PGN text as records are compared: line ends, the spaces ending lines and the blank
    lines around the game are how a file was cut or saved, not what the record says."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip()


def same_record(a: str, b: str) -> bool:
    return a == b or normalised_record(a) == normalised_record(b)


def check_record(kind: str, text: str) -> None:
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
