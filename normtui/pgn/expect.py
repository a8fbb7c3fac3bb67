"""Checking a game against its pairing: the right players, the right colours, the right round.

The importer knows the round's pairing; validation does not. It passes an :class:`Expectation`
per game (or a function that finds one from the game's tags), and the game's tags are checked
against it. For an Armageddon the pairing is its drawn main game: same players, same colours
(Regulations §2: "White pieces will continue with white in Armageddon").

>>> exp = Expectation(white="Carlsen, Magnus", black="Wang, Hao", round=1)
>>> [f.code for f in expectation_findings({"White": "Wang Hao", "Black": "Carlsen,M",
...                                         "Round": "1"}, "main", exp)]
['colours_reversed']
>>> expectation_findings({"White": "Carlsen,M", "Black": "Wang, H", "Round": "1.1"},
...                      "armageddon", Expectation("Carlsen, Magnus", "Wang, Hao", 1, "1/2-1/2"))
[]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from normtui.pgn.findings import Finding, Stage, finding
from normtui.pgn.names import names_match
from normtui.pgn.record import same_outcome

__all__ = [
    "Expectation",
    "Expected",
    "dated_by_event",
    "expectation_findings",
    "resolve_expectation",
]


@dataclass(frozen=True)
class Expectation:
    """What the pairing says about one game. Any field left None is not checked.

    ``main_result`` is for an Armageddon: the result of its main game, which must be a draw.
    ``date`` is the round's date in the event: a record without one (DGT LiveChess always
    writes ``Date "????.??.??"``) is then dated by the event, and its missing Date is no warning.
    """

    white: str | None = None
    black: str | None = None
    round: str | int | None = None
    main_result: str | None = None
    date: str | None = None


Expected = Expectation | tuple[str, str] | Callable[[Mapping[str, str]], Expectation | None] | None
"""An expectation for every game, the (white, black) players of every game, or a function
from a game's tags to its expectation."""


def resolve_expectation(expected: Expected, headers: Mapping[str, str]) -> Expectation | None:
    """The expectation for the game with these tags.

    >>> resolve_expectation(("Carlsen, Magnus", "Wang, Hao"), {})
    Expectation(white='Carlsen, Magnus', black='Wang, Hao', round=None, main_result=None, date=None)
    """
    if expected is None or isinstance(expected, Expectation):
        return expected
    if isinstance(expected, tuple):
        white, black = expected
        return Expectation(white, black)
    return expected(headers)


def _round_number(text: str) -> str:
    # Armageddon rounds are written "round.board" ("9.3"); the round is the part before the dot.
    return text.strip().split(".")[0].lstrip("0") or "0"


def expectation_findings(
    headers: Mapping[str, str], stage: Stage, expected: Expectation
) -> list[Finding]:
    """Findings of one game's tags against its pairing."""
    out: list[Finding] = []
    white, black = headers.get("White", "?"), headers.get("Black", "?")
    # Who plays whom: §1 (Berger tables), §2 (the Armageddon keeps the colours), §5 (play-off).
    rule = {"main": "Regulations §1", "armageddon": "Regulations §2", "playoff": "Regulations §5"}[
        stage
    ]
    want_w, want_b = expected.white, expected.black
    ok_w = want_w is None or names_match(white, want_w)
    ok_b = want_b is None or names_match(black, want_b)
    if not (ok_w and ok_b):
        swapped = (want_w is None or names_match(black, want_w)) and (
            want_b is None or names_match(white, want_b)
        )
        pairing = f"{want_w or '?'} (White) - {want_b or '?'} (Black)"
        if swapped:
            why = (
                " White in the main game keeps White in the Armageddon."
                if stage == "armageddon"
                else ""
            )
            out.append(
                finding(
                    "colours_reversed",
                    None,
                    f"The game has {white} with White against {black}; the pairing "
                    f"is {pairing}.{why}",
                    rule=rule,
                )
            )
        else:
            out.append(
                finding(
                    "players_mismatch",
                    None,
                    f"The game is {white} - {black}; the pairing is {pairing}.",
                    rule=rule,
                )
            )
    if expected.round is not None:
        got = headers.get("Round", "?")
        if _round_number(got) != _round_number(str(expected.round)):
            out.append(
                finding(
                    "round_mismatch",
                    None,
                    f"The Round tag says {got}; the pairing is of round {expected.round}.",
                )
            )
    main = expected.main_result
    if stage == "armageddon" and main is not None and not same_outcome(main, "1/2-1/2"):
        out.append(
            finding(
                "armageddon_without_drawn_main",
                None,
                f"The main game ended {main}; an Armageddon is played only after a "
                "drawn main game.",
            )
        )
    return out


def dated_by_event(findings: Sequence[Finding], expected: Expectation) -> list[Finding]:
    """The findings less a missing Date where the event has the round's date.

    >>> f = finding("header_missing", None, "Missing or unknown tags: Date, Round.")
    >>> [g.message for g in dated_by_event([f], Expectation(date="2022-06-07"))]
    ['Missing or unknown tag: Round.']
    >>> dated_by_event([finding("header_missing", None, "Missing or unknown tag: Date.")],
    ...                Expectation(date="2022-06-07"))
    []
    """
    if not expected.date:
        return list(findings)
    out = []
    for f in findings:
        if f.code == "header_missing":
            tags = [t for t in f.message.split(":", 1)[1].strip(" .").split(", ") if t != "Date"]
            if not tags:
                continue
            f = dataclasses.replace(
                f, message=f"Missing or unknown tag{'s' * (len(tags) > 1)}: {', '.join(tags)}."
            )
        out.append(f)
    return out
