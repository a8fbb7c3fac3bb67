"""The event's own rules on a game: the move-30 draw rule, Armageddon draws, the clocks.

Regulations §2 (2022): "Players are not allowed to agree on a draw until after black's move 30."
2024: "... until at least 30 moves have been made by each player. This rule does not apply to
Armageddon games." The count (``classical.draw_agreement_after_black_move``), its wording
(``draw_agreement_rule``) and whether the Armageddon is bound by it
(``draw_agreement_in_armageddon``) come from the profile. A draw that the rules make (a
repetition claimed or on the board, stalemate, a dead position) is not an agreement, so it
stands before move 30; the arbiter confirms the repetition claim.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from normtui.pgn.clocks import (
    ClockReading,
    check_clocks,
    control_for,
    format_clock,
    is_playoff_armageddon,
)
from normtui.pgn.ending import Ending
from normtui.pgn.findings import Finding, Stage, finding
from normtui.rules.profile import Profile

__all__ = ["black_moves", "regulation_findings"]

# Draws the laws make, which the move-30 rule cannot forbid.
_BY_RULE = {
    "threefold_repetition": "threefold repetition",
    "fivefold_repetition": "fivefold repetition",
    "fifty_moves": "the 50-move rule",
    "seventy_five_moves": "the 75-move rule",
    "stalemate": "stalemate",
    "insufficient_material": "a dead position",
    "time_forfeit": "a flag fall against a side that cannot mate",
}


def black_moves(label: str | None) -> int:
    """Black's moves made when the game ended with move ``label``.

    >>> black_moves("28. Nc2"), black_moves("28...Kf7"), black_moves(None)
    (27, 28, 0)
    """
    if label is None:
        return 0
    number, _, rest = label.partition(".")
    return int(number) if rest.startswith("..") else int(number) - 1


def _move_30(
    ending: Ending, after: int, wording: str = "after_black_move", rule: str | None = None
) -> list[Finding]:
    # Counted where the game ended: an automatic draw ends it even if more moves were written.
    # Both wordings count the same: Black has made move ``after`` (so White has too).
    last, termination, claim = ending.end_move, ending.termination, ending.claim
    if black_moves(last) >= after:
        return []
    where = f"after {last}" if last else "before any move"
    if termination not in _BY_RULE:
        if wording == "moves_by_each":
            why = (
                f"before {after} moves by each player: the players may not agree a draw "
                f"until at least {after} moves have been made by each player."
            )
        else:
            why = (
                f"before Black's move {after}: the players may not agree a draw until "
                f"after Black's move {after}."
            )
        found = finding("draw_before_move_30", last, f"Draw agreed {where}, {why}")
        return [dataclasses.replace(found, rule=rule) if rule else found]
    if termination != "threefold_repetition":
        return [
            finding(
                "draw_before_move_30_allowed",
                last,
                f"Draw by {_BY_RULE[termination]} before move {after} ({where}): a draw "
                "by the rules, not by agreement, so it is allowed.",
            )
        ]
    how = (
        f"{claim} repeats the position a third time"
        if claim is not None
        else "the position stood on the board for the third time"
    )
    return [
        finding(
            "draw_before_move_30_allowed",
            last,
            f"Repetition before move {after} ({where}): {how}, so the draw is allowed; "
            "the arbiter confirms the claim (FIDE Laws art. 9.2).",
        )
    ]


def _incomplete(clocks: list[ClockReading], termination: str, profile: Profile) -> list[Finding]:
    if termination not in ("resignation", "agreement") or not clocks:
        return []
    control = profile.time_controls["classical"]
    limit = profile.classical.scoresheet_stop_under_seconds
    last: dict[bool, ClockReading] = {}
    for reading in clocks:
        last[reading.white] = reading
    for reading in last.values():
        if reading.seconds < limit and reading.move_number >= control.increment_from_move:
            side = "White" if reading.white else "Black"
            return [
                finding(
                    "record_may_be_incomplete",
                    reading.move,
                    f"{side} had {format_clock(reading.seconds)} left after {reading.move}: "
                    f"players may stop recording under {limit // 60} minutes in the second period, "
                    "so the record may stop before the game did.",
                )
            ]
    return []


def regulation_findings(
    stage: Stage,
    profile: Profile,
    headers: Mapping[str, str],
    result: str | None,
    ending: Ending,
    clocks: list[ClockReading],
) -> list[Finding]:
    """Findings of the regulations for one game of ``stage`` that was read without error."""
    out: list[Finding] = []
    termination = ending.termination
    control, rule = control_for(stage, profile, headers, clocks)
    classical = profile.classical
    drawn_by = termination == "agreement" or termination in _BY_RULE
    if result == "1/2-1/2":
        if stage == "main" and drawn_by:
            out += _move_30(
                ending, classical.draw_agreement_after_black_move, classical.draw_agreement_rule
            )
        elif stage == "armageddon":
            if classical.draw_agreement_in_armageddon and drawn_by:
                out += _move_30(
                    ending,
                    classical.draw_agreement_after_black_move,
                    classical.draw_agreement_rule,
                    "Regulations §2, §3",
                )
            out.append(_armageddon_draw(classical.armageddon_draw_winner, "Regulations §2"))
        elif stage == "playoff" and is_playoff_armageddon(
            headers,
            profile.time_controls[profile.playoff.match_time_control],
            profile.time_controls[profile.playoff.armageddon_time_control],
            clocks,
        ):
            out.append(_armageddon_draw(profile.playoff.armageddon_draw_winner, "Regulations §5"))
    if stage == "main":
        out += _incomplete(clocks, termination, profile)
    out += check_clocks(clocks, control, rule)
    return out


def _armageddon_draw(winner: str, rule: str) -> Finding:
    return finding(
        "armageddon_draw",
        None,
        f"A drawn Armageddon counts as a win for {winner.capitalize()}.",
        rule=rule,
    )
