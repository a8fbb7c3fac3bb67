"""The arbiter's FIDE numbers: ``normtui ratings`` (rating change and performance, B.02) and
``normtui norms`` (title norms, B.01 §1.4), from round 1 on.

Exit codes: 0 done; 2 bad input (a file that is not an event, a player not found), with one
line on stderr. Loads neither python-chess nor Textual.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import click

from normtui.commands.common import (
    command,
    db_argument,
    echo,
    echo_json,
    friendly,
    json_option,
    opened,
)
from normtui.export.fide_report import fide_report, rating_json
from normtui.export.snapshot import take_snapshot
from normtui.rules.fide_tables import RULE_VERSIONS
from normtui.rules.norms import NormCheck, event_conditions

_VERSIONS = "; ".join(RULE_VERSIONS)


def _points(value: Decimal) -> str:
    whole = int(value)
    return f"{whole or ''}½" if value - whole else str(whole)


@command("ratings")
@db_argument
@json_option
@friendly
def ratings(db: Path, as_json: bool) -> None:
    """Each player's rating change and performance from the classical games: the rating
    used, K, rated games, score, expected score, the change with one decimal, Ra and Rp.

    \b
    Applied: FIDE Rating Regulations (B.02) effective 1 March 2024, with §8.3.1 as amended
    from 1 October 2025 (the 400-point rule only for players rated below 2650), and the
    performance of the Title Regulations (B.01, 1 January 2024) §1.4.7-1.4.9:
      D        opponent - player, held to ±400 below 2650 (§8.3.1)
      PD       from table 8.1.2, never the logistic formula; change = K x Σ(score - PD)
      K        the list's, the players file's, the arbiter's, else the rule's (§8.3.3),
               reduced so that K x games <= 700
      Ra, Rp   the opponents' average rounded, Rp = Ra + dp(p), p rounded (table 8.1.1)
    Not rated: forfeits, games in which a player made no move (§5.1), games against an
    unrated opponent; an unrated player's first rating (§8.2) is shown as provisional.
    Armageddon and play-off games are not classical games and are not rated here.
    --json: a list of objects, one a player (player, rating, k, games, score, expected,
    change, ra, rp, and each game's detail).
    """
    with opened(db) as store:
        report = fide_report(take_snapshot(store))
    rows = sorted(report.ratings.values(), key=lambda r: r.number)
    if as_json:
        echo_json([rating_json(r) for r in rows])
        return
    echo(
        f"  {'No':>2}  {'Player':<26} {'Rtg':>4} {'K':>3} {'G':>2} {'Pts':>4} {'Exp':>5} "
        f"{'+/-':>6} {'Ra':>4} {'Rp':>4}"
    )
    for r in rows:
        if r.rating is None:
            first = r.initial
            change = f"new {first.rating}" if first is not None and first.rating is not None else ""
            echo(
                f"  {r.number:>2}  {r.name:<26} {'-':>4} {'':>3} {r.games:>2} "
                f"{_points(r.score):>4} {'':>5} {change:>6} {r.ra or '':>4} {r.rp or '':>4}"
            )
            continue
        echo(
            f"  {r.number:>2}  {r.name:<26} {r.rating:>4} {r.k.value if r.k else '':>3} "
            f"{r.games:>2} {_points(r.score):>4} {r.expected:>5.2f} {r.change_text:>6} "
            f"{r.ra or '':>4} {r.rp or '':>4}"
        )
    for r in rows:
        if r.initial is not None:
            echo(
                f"{r.name}: provisional first rating "
                f"{r.initial.rating if r.initial.rating is not None else 'none'} from "
                f"{r.initial.games} games ({r.initial.why})"
            )
    _notes(report.notes)


def _notes(notes: tuple[str, ...]) -> None:
    for note in notes:
        echo(note)
    echo(f"Applied: {_VERSIONS}.")


def _norm_line(c: NormCheck) -> str:
    head = f"{c.name}: {c.title} norm {c.status}"
    if c.status == "met":
        dropped = (
            f", games of rounds {', '.join(map(str, c.dropped))} left out (B.01 §1.4.1f)"
            if c.dropped
            else ""
        )
        return f"{head}: {_points(c.score)} of {c.games}, Ra {c.ra}, Rp {c.rp}{dropped}"
    if c.status == "possible":
        said = next(x.text for x in c.conditions if x.name == "performance")
        return f"{head}: {said}"
    return f"{head}: " + "; ".join(f"{f.text} ({f.article})" for f in c.failed)


@command("norms")
@db_argument
@click.option("--player", "player", help="One player's norms (a pairing number or a name).")
@json_option
@friendly
def norms(db: Path, player: str | None, as_json: bool) -> None:
    """Title norms of every player (GM, IM; WGM and WIM for women) from round 1 on: met,
    missed with each condition that fails and its article, or still possible with the points
    needed from the rounds left.

    \b
    Applied: FIDE Title Regulations (B.01) effective 1 January 2024, §1.1 and §1.4: at least
    9 games (all scheduled rounds of a round robin count), 35 %, Ra and Rp (unrated
    opponents 1400, one opponent raised to the floor), titleholders and the norm's title,
    federations (the event's exemption: normtui details --norm-exemption), the time control
    and the rounds a day from the event's data. A double round robin needs 6 players and
    counts its opponents once. Norms are not listed for a title held or a lower one.
    --json: a list of objects (player, title, status met/missed/possible, failed: each
    condition that fails with its article, needed, rounds_left, games, score, ra, rp).
    """
    with opened(db) as store:
        only = store.resolve_player(player).number if player is not None else None
        report = fide_report(take_snapshot(store))
    checks = [c for c in report.norms if only is None or c.number == only]
    if as_json:
        echo_json([c.to_json() for c in checks])
        return
    if not checks:
        echo("No norm to check: every player holds the titles a norm is for, or is not listed.")
    for c in checks:
        echo(_norm_line(c))
    for condition in event_conditions(report.event):
        if condition.ok is not True:
            echo(f"The event: {condition.text} ({condition.article}).")
    _notes(report.norm_notes)
