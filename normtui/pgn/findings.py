"""What validation reports: one :class:`Finding` per problem, one :class:`GameReport` per game.

Every code has one severity and one article, listed in :data:`CODES`, so the same problem is
never an error in one place and a warning in another; :func:`finding` fills both in.

>>> f = finding("draw_before_move_30", "24...Nf6", "Draw agreed after Black's move 24.")
>>> f.severity, f.rule
('error', 'Regulations §2')
>>> f.to_dict()["move"]
'24...Nf6'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

__all__ = [
    "CODES",
    "STAGES",
    "TERMINATIONS",
    "CodeInfo",
    "Finding",
    "GameReport",
    "Severity",
    "Stage",
    "finding",
]

Severity = Literal["error", "warning", "info"]
Stage = Literal["main", "armageddon", "playoff"]
STAGES: tuple[Stage, ...] = ("main", "armageddon", "playoff")

TERMINATIONS = (
    "checkmate",
    "resignation",
    "agreement",
    "threefold_repetition",
    "fivefold_repetition",
    "fifty_moves",
    "seventy_five_moves",
    "stalemate",
    "insufficient_material",
    "time_forfeit",
    "forfeit",
    "unterminated",
    "unknown",
)


class CodeInfo(NamedTuple):
    severity: Severity
    rule: str
    summary: str


_PGN = "PGN standard §8.1.1"

CODES: dict[str, CodeInfo] = {
    # The record itself.
    "unreadable_text": CodeInfo("error", "FIDE Laws art. 8.1", "text in the moves that is no move"),
    "unclosed_variation": CodeInfo(
        "error", "PGN standard §8.2.5", "a variation '(' never closed: the moves after it unread"
    ),
    "parse_error": CodeInfo("error", "FIDE Laws art. 8.1", "a move that is not valid notation"),
    "illegal_move": CodeInfo("error", "FIDE Laws art. 7.5", "an illegal move"),
    "ambiguous_move": CodeInfo("error", "FIDE Laws art. C.10", "a move two pieces could make"),
    "parser_failure": CodeInfo("error", _PGN, "the PGN reader gave up on the game"),
    "not_standard_chess": CodeInfo(
        "error", "FIDE Laws art. 2.3", "a variant or a game from a set-up position"
    ),
    "malformed_tag": CodeInfo("warning", _PGN, "a header line that is not a tag"),
    "encoding": CodeInfo("info", "PGN standard §4.1", "text not in UTF-8, read as Windows-1252"),
    "header_missing": CodeInfo("warning", _PGN, "Event, Date, Round, White or Black missing"),
    "stage_mismatch": CodeInfo("warning", "Regulations §2", "the Event tag names another stage"),
    # The result.
    "result_missing": CodeInfo("error", _PGN, "no result anywhere"),
    "result_tag_missing": CodeInfo("warning", _PGN, "result only after the moves"),
    "result_unknown": CodeInfo("error", _PGN, "a Result tag that is no result"),
    "result_nonstandard": CodeInfo("warning", _PGN, "a result spelt other than 1-0, 0-1, 1/2-1/2"),
    "result_mismatch": CodeInfo("error", _PGN, "Result tag and result after the moves differ"),
    "wrong_result_checkmate": CodeInfo(
        "error", "FIDE Laws art. 5.1.1", "checkmate not scored for the mating side"
    ),
    "wrong_result_stalemate": CodeInfo(
        "error", "FIDE Laws art. 5.2.1", "stalemate not scored as a draw"
    ),
    "wrong_result_dead_position": CodeInfo(
        "error", "FIDE Laws art. 5.2.2", "a dead position not scored as a draw"
    ),
    "wrong_result_automatic_draw": CodeInfo(
        "error", "FIDE Laws art. 9.6", "fivefold repetition or 75 moves not a draw"
    ),
    "moves_after_game_end": CodeInfo(
        "warning", "FIDE Laws art. 9.6", "moves recorded after an automatic draw"
    ),
    "time_forfeit_draw": CodeInfo(
        "error", "FIDE Laws art. 6.9", "flag fall scored as a win when the opponent cannot mate"
    ),
    "result_vs_clock": CodeInfo(
        "warning", "FIDE Laws art. 6.9", "the player whose flag fell is scored as the winner"
    ),
    "winner_cannot_mate": CodeInfo(
        "warning", "FIDE Laws art. 5.1.2", "the winner has no mating material"
    ),
    "unfinished_game": CodeInfo("warning", _PGN, "result '*': the game has not ended"),
    "finished_game_unterminated": CodeInfo(
        "error", "FIDE Laws art. 5", "result '*' although the position ends the game"
    ),
    "forfeit": CodeInfo(
        "info", "FIDE Laws art. 6.7", "a record that says it is a forfeit, without moves"
    ),
    "forfeit_with_moves": CodeInfo(
        "error", "FIDE Laws art. 6.7", "a forfeit result on a game whose moves were played"
    ),
    "no_moves": CodeInfo("info", "PGN standard §8.2", "a result and no moves recorded"),
    # The regulations.
    "draw_before_move_30": CodeInfo(
        "error", "Regulations §2", "draw agreed before Black's move 30"
    ),
    "draw_before_move_30_allowed": CodeInfo(
        "info", "Regulations §2", "early draw by repetition or by the position"
    ),
    "armageddon_draw": CodeInfo("info", "Regulations §2", "drawn Armageddon: Black wins"),
    "record_may_be_incomplete": CodeInfo(
        "info", "Regulations §2", "recording may stop under 5 minutes"
    ),
    # Clocks.
    "clock_above_control": CodeInfo(
        "warning", "Regulations §2", "a clock above what the time control allows"
    ),
    "clock_below_control": CodeInfo(
        "warning", "Regulations §2", "clocks far below the time control: another control"
    ),
    "clock_increment": CodeInfo(
        "warning", "Regulations §2", "a steady increment the time control does not give"
    ),
    "clock_start_wrong": CodeInfo(
        "warning", "Regulations §2", "a clock set below the time control"
    ),
    "clock_jump": CodeInfo(
        "warning",
        "FIDE Laws art. 7.5.5",
        "a clock that gained a minute or more beyond the increment",
    ),
    "clock_glitch": CodeInfo(
        "info", "FIDE Laws art. 6.10.1", "clock readings that cannot be right (a broadcast glitch)"
    ),
    # The pairing.
    "players_mismatch": CodeInfo("error", "Regulations §1", "not the players of the pairing"),
    "colours_reversed": CodeInfo("error", "Regulations §1", "the pairing's colours reversed"),
    "round_mismatch": CodeInfo("warning", "Regulations §1", "not the round of the pairing"),
    "armageddon_without_drawn_main": CodeInfo(
        "error", "Regulations §2", "an Armageddon after a decisive main game"
    ),
}


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem (or one fact an arbiter should see) in one game.

    ``move`` names the move where it shows, "31...Qd7" or "24. Nf6", or is None for the whole
    game; ``rule`` names the article ("Regulations §2", "FIDE Laws art. 9.2").
    """

    code: str
    severity: Severity
    move: str | None
    message: str
    rule: str

    def to_dict(self) -> dict[str, str | None]:
        return {
            "code": self.code,
            "severity": self.severity,
            "move": self.move,
            "message": self.message,
            "rule": self.rule,
        }


def finding(code: str, move: str | None, message: str, *, rule: str | None = None) -> Finding:
    """A :class:`Finding` with the severity and article of its code (``rule`` may override).

    >>> finding("armageddon_draw", None, "Drawn.", rule="Regulations §5").rule
    'Regulations §5'
    """
    info = CODES[code]
    return Finding(code, info.severity, move, message, rule or info.rule)


@dataclass(frozen=True)
class GameReport:
    """The verdict on one game. ``ok`` is true when no finding is an error.

    ``index`` counts games from 0 in their file, ``line`` is the game's first line there.
    ``result`` is the result as read ("1-0", "0-1", "1/2-1/2", "*"), None when there is none.
    """

    index: int
    white: str
    black: str
    round: str
    result: str | None
    stage: Stage
    ok: bool = field(init=False)
    termination: str = "unknown"
    findings: tuple[Finding, ...] = ()
    pgn_text: str = ""
    headers: Mapping[str, str] = field(default_factory=dict)
    line: int = 1

    def __post_init__(self) -> None:
        # Derived, never passed: ok can then never disagree with the findings.
        object.__setattr__(self, "ok", not any(f.severity == "error" for f in self.findings))

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    def to_dict(self, *, text: bool = False) -> dict[str, object]:
        """The JSON shape of ``normtui validate --json`` (``text`` adds the game's PGN)."""
        data: dict[str, object] = {
            "index": self.index,
            "line": self.line,
            "white": self.white,
            "black": self.black,
            "round": self.round,
            "result": self.result,
            "stage": self.stage,
            "ok": self.ok,
            "termination": self.termination,
            "findings": [f.to_dict() for f in self.findings],
        }
        if text:
            data["pgn"] = self.pgn_text
        return data
