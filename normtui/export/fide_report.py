"""The arbiter's FIDE numbers for an event: each player's rating change and performance
(``normtui.rules.rating``) and title norms (``normtui.rules.norms``), from one read of the
event, with what the regulations make the reader of them be told.

Only the main (classical) games are rated: an Armageddon has other playing times for the two
players (FIDE Rapid and Blitz Rating Regulations §1.2: not rated), and a play-off's blitz games
are no classical games; both are said where the numbers are shown, for an event that has them.
A game whose record shows a player who made no move is not rated (B.02 §5.1).

"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from normtui.export.snapshot import Snapshot
from normtui.rules.fide_tables import RULE_VERSIONS
from normtui.rules.norms import EXEMPTIONS, NormCheck, NormEvent, check_norms
from normtui.rules.rating import PlayerRating, rate_players, rated_minutes
from normtui.store.ratings import event_year, unmoved

__all__ = ["FideReport", "fide_json", "fide_report", "rating_json"]


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


def fide_report(snap: Snapshot) -> FideReport:
    """The FIDE numbers of the event ``snap`` is of."""
    main = [g for g in snap.games if g.stage == "main"]
    games = [g.game() for g in main]
    year = event_year(snap.round_dates.values(), snap.created)
    players = list(snap.players)
    event = NormEvent(
        snap.profile.event.cycles,
        len(players),
        snap.rounds,
        snap.details.federation,
        snap.norm_exemption,
        snap.control,
        dict(snap.round_dates),
    )
    no_move = unmoved(main)
    ratings = rate_players(players, games, year=year, no_move=no_move)
    norms = tuple(check_norms(players, games, event, no_move=no_move))
    notes = _notes(snap, ratings)
    norm_notes = [
        "Counted: the classical games played over the board, every scheduled round of the "
        "round robin (B.01 §1.4.1e); a forfeit, or a game in which a player made no move, is "
        "not (§1.4.2c)."
    ]
    if snap.profile.classical.armageddon_after_draw:
        norm_notes.append("Armageddon games do not count: they are not standard games.")
    if event.exemption != "none":
        norm_notes.append(f"The federations' conditions are waived: {EXEMPTIONS[event.exemption]}.")
    norm_notes.append(
        f"Ratings of FIDE's list of {snap.rating_list}, in effect at the start (B.01 §1.4.6a)."
        if snap.rating_list
        else "The rating list's month is not recorded (normtui details DB --rating-list "
        "YYYY-MM): the list in effect at the start counts (B.01 §1.4.6a)."
    )
    return FideReport(ratings, norms, event, snap.rating_list, year, notes, tuple(norm_notes))


def _notes(snap: Snapshot, ratings: Mapping[int, PlayerRating]) -> tuple[str, ...]:
    month, control = snap.rating_list, snap.control
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
    if control is not None and control.minutes_for_60_moves < least:
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


def fide_json(report: FideReport) -> dict[str, object]:
    """FIDE's numbers as the JSON documents carry them (``event.json``, ``export --format
    json``): the rules applied, the list's month, the notes, every player's ratings and
    norms."""
    return {
        "rule_versions": list(report.rule_versions),
        "rating_list": report.list_month,
        "notes": list(report.notes),
        "norm_notes": list(report.norm_notes),
        "ratings": [
            rating_json(r) for r in sorted(report.ratings.values(), key=lambda r: r.number)
        ],
        "norms": [c.to_json() for c in report.norms],
    }
