"""The arbiter's FIDE numbers for an event: each player's rating change and performance
(``normtui.rules.rating``) and title norms (``normtui.rules.norms``), from one read of the
event, with what the regulations make the reader of them be told.

Only the main (classical) games are rated: an Armageddon has other playing times for the two
players (FIDE Rapid and Blitz Rating Regulations §1.2: not rated), and a play-off's blitz games
are no classical games; both are said where the numbers are shown, for an event that has them.
A game whose record shows a player who made no move is not rated (B.02 §5.1).

>>> plies('[Event "x"]\\n\\n1. e4 {[%clk 1:59:50]} (1. d4 d5) e5 2. Nf3 $1 1-0', enough=9)
3
>>> plies('[Event "x"]\\n\\n1. e4 {[%clk 1:59:50]} e5 2. O-O-O 1-0', enough=9)
3
>>> plies("1. e4 1-0"), plies("{White forfeits} 0-1")
(1, 0)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from normtui.export.snapshot import Snapshot, take_snapshot
from normtui.rules.fide_tables import RULE_VERSIONS
from normtui.rules.norms import EXEMPTIONS, NormCheck, NormEvent, check_norms
from normtui.rules.rating import PlayerRating, rate_players, rated_minutes
from normtui.rules.time_control import NormControl
from normtui.store import EventStore

__all__ = ["FideReport", "fide_report", "plies", "rating_json"]


_COMMENT = re.compile(r"\{[^{}]*\}")
_MOVE = re.compile(r"(?<![\w.])[a-hKQRBNO][\w=+#-]*")


def plies(record: str, enough: int = 2) -> int:
    """How many half-moves the main line of a game's record holds, up to ``enough``: a
    record of clock comments and moves is counted at a glance; anything else (a variation, a
    comment left open, a line comment) is read by the one tokenizer, which brings python-chess
    with its package (a read command loads it only for such a record)."""
    lines = record.splitlines()
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith("[")):
        lines.pop(0)
    movetext = _COMMENT.sub(" ", "\n".join(lines))
    if not any(c in movetext for c in "{}();%"):
        return min(enough, len(_MOVE.findall(movetext)))
    from normtui.pgn.movetext import read_movetext  # python-chess with it: a rare record

    return min(enough, len(read_movetext("\n".join(lines)).plies))


@dataclass(frozen=True)
class FideReport:
    """Every player's rating numbers and norms, the facts they were computed from, and the
    notes a reader must see beside them."""

    ratings: Mapping[int, PlayerRating]
    norms: tuple[NormCheck, ...]
    event: NormEvent
    list_month: str | None
    year: int | None
    notes: tuple[str, ...]  # beside the rating numbers
    norm_notes: tuple[str, ...] = ()  # beside the norms
    rule_versions: tuple[str, ...] = RULE_VERSIONS

    def norms_of(self, number: int) -> tuple[NormCheck, ...]:
        return tuple(c for c in self.norms if c.number == number)


def fide_report(store: EventStore, snap: Snapshot | None = None) -> FideReport:
    """The FIDE numbers of the event in ``store`` (``snap``: a snapshot already taken)."""
    snap = snap or take_snapshot(store)
    details = store.event.details
    control = store.classical_controls()
    main = [g for g in snap.games if g.stage == "main"]
    games = [g.game() for g in main]
    no_move = {
        (g.round, g.board) for g in main if g.result is not None and g.pgn and plies(g.pgn) < 2
    }
    year = _year(snap, store)
    players = list(snap.players)
    event = NormEvent(
        snap.profile.event.cycles,
        len(players),
        snap.rounds,
        details.federation or snap.details.federation,
        details.norm_exemption,
        control,
        dict(snap.round_dates),
    )
    ratings = rate_players(players, games, year=year, no_move=no_move)
    norms = tuple(check_norms(players, games, event))
    notes = _notes(snap, control, details.rating_list, ratings)
    norm_notes = [
        "Counted: the classical games played over the board, every scheduled round of the "
        "round robin (B.01 §1.4.1e); a forfeit is not (§1.4.2c)."
    ]
    if snap.profile.classical.armageddon_after_draw:
        norm_notes.append("Armageddon games do not count: they are not standard games.")
    if event.exemption != "none":
        norm_notes.append(f"The federations' conditions are waived: {EXEMPTIONS[event.exemption]}.")
    norm_notes.append(
        f"Ratings of FIDE's list of {details.rating_list}, in effect at the start (B.01 §1.4.6a)."
        if details.rating_list
        else "The rating list's month is not recorded (normtui details DB --rating-list "
        "YYYY-MM): the list in effect at the start counts (B.01 §1.4.6a)."
    )
    return FideReport(ratings, norms, event, details.rating_list, year, notes, tuple(norm_notes))


def _year(snap: Snapshot, store: EventStore) -> int | None:
    dates = sorted(d for d in snap.round_dates.values() if d)
    if dates:
        return date.fromisoformat(dates[0]).year
    return store.event.created_at.year


def _notes(
    snap: Snapshot,
    control: NormControl,
    month: str | None,
    ratings: Mapping[int, PlayerRating],
) -> tuple[str, ...]:
    notes = [
        "Rated: the classical games against rated opponents; forfeits and games in which a "
        "player made no move are not rated (B.02 §5.1)."
    ]
    if snap.profile.classical.armageddon_after_draw:
        notes.append(
            "Armageddon games are not rated: the two players have different playing times "
            "(FIDE Rapid and Blitz Rating Regulations §1.2)."
        )
    if snap.playoff.games:
        notes.append(
            "The play-off's blitz games are not in this classical report (their own report: "
            "normtui export --format trf-playoff)."
        )
    notes.append(
        f"Ratings of FIDE's list of {month}."
        if month
        else "The rating list's month is not recorded (normtui details DB --rating-list YYYY-MM)."
    )
    by_rule = sum(1 for r in ratings.values() if r.k is not None and r.k.source == "rule")
    if by_rule:
        notes.append(
            f"K by the rule (B.02 §8.3.3) for {by_rule} player{'s' if by_rule > 1 else ''}: "
            "neither the list nor the players file gives theirs."
        )
    least = rated_minutes(p.rating for p in snap.players)
    if control.minutes_for_60_moves < least:
        notes.append(
            f"The classical control gives {control.minutes_for_60_moves:.0f} minutes each for 60 "
            f"moves; a game with a player rated as these are needs {least} to be rated "
            "(B.02 §1.1)."
        )
    notes.append(
        "The change is K × Σ(score − PD) with one decimal; a rating period rounds it (B.02 §8.3.4)."
    )
    return tuple(notes)


def _number(value: Decimal | None) -> float | None:
    return None if value is None else float(value)


def rating_json(r: PlayerRating) -> dict[str, object]:
    """A player's rating numbers as ``normtui ratings --json`` gives them: ``change`` with one
    decimal (null for an unrated player), ``change_exact`` as computed, ``provisional`` an
    unrated player's first rating (B.02 §8.2)."""
    shown = None if r.change is None else float(r.change_text)
    return {
        "number": r.number,
        "player": r.name,
        "rating": r.rating,
        "k": r.k.value if r.k else None,
        "k_source": r.k.source if r.k else None,
        "k_why": r.k.why if r.k else None,
        "games": r.games,
        "score": float(r.score),
        "expected": float(r.expected) if r.rating is not None else None,
        "change": shown,
        "change_exact": _number(r.change),
        "change_rounded": r.change_rounded,
        "ra": r.ra,
        "rp": r.rp,
        "provisional": None
        if r.initial is None
        else {"rating": r.initial.rating, "games": r.initial.games, "why": r.initial.why},
        "detail": [
            {
                "round": line.round,
                "opponent": line.opponent,
                "opponent_rating": line.opponent_rating,
                "score": _number(line.score),
                "rated": line.rated,
                "why_not": line.why_not,
                "difference": line.difference,
                "expected": _number(line.expected),
                "delta": _number(line.delta),
            }
            for line in r.lines
        ],
    }
