"""Title norms in a round robin (B.01, FIDE Title Regulations effective from 1 January 2024,
§1.1 and §1.4): for each player and each title a norm can be gained for (GM, IM, and for women
WGM and WIM), whether it is met, missed (with every condition that fails, by article), or still
possible with the points needed from the rounds left.

A round robin's pairings are known from round 1 and all its scheduled rounds count (1.4.1e), so
the opponents, their ratings, titles and federations are known before a game is played: what
the rounds left can change is the score alone (and a forfeit, which is not foreseen). A
player's norm is therefore decided by a final score: the least score that meets 35 % and the
performance is what the player still needs.

The conditions, each with its article:

* at least 9 games (1.4.1a), 8 and a forfeit win or a bye in a 9-round event (1.4.1c); forfeits
  and games in which a player made no move (1.4.2c), opponents of no FIDE federation (1.4.2a)
  and, in a round robin, unrated opponents who score zero against rated ones (1.4.2b) are not
  counted;
* a score of at least 35 % of the games, not rounded (1.4.8b);
* the opponents' average Ra (1.4.7: unrated counted as 1400, 1.4.6d; the lowest one opponent
  raised to the adjusted floor, 1.4.6b-c) at least 2380 / 2230 / 2180 / 2030 (1.4.8a);
* the performance Rp = Ra + dp (1.4.8-1.4.9) at least 2600 / 2450 / 2400 / 2250;
* at least 50 % of the opponents titleholders, CM and WCM not counted (1.4.5a), and at least a
  third, and at least 3, holding the norm's title or a higher one (1.4.5b-e); a double round
  robin needs 6 players and counts its opponents once, the numbers halved and rounded up
  (1.4.5f);
* opponents from at least 2 federations other than the applicant's (1.4.3), at most 3/5 from
  the applicant's and at most 2/3 from any one (1.4.4) — all three waived in the final of a
  national championship for its federation's players (1.4.3a) and in a zonal (1.4.3c), the
  event's setting; FID (FIDE's own flag) is accepted but is no federation for these counts;
* WGM and WIM norms only for women (0.3);
* from the event itself: at least 2 hours each for 60 moves, the same control in every game
  (1.1.3, 1.1.3b; measured by ``normtui.rules.time_control.norm_control`` over the controls
  the games were played at), at most 2 rounds a day (1.1.3) and 12 hours of play a day (1.1.2).

Games against defeated opponents may be left out while at least 9 games remain against the
required mix of opponents, and the opponents of the whole event give the mix as well (1.4.1f):
tried when the whole event misses.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from math import ceil

from normtui.rules.fide_tables import (
    DOUBLE_ROUND_ROBIN_MIN_PLAYERS,
    DP_BY_PERCENT,
    MAX_HOURS_A_DAY,
    MAX_ROUNDS_A_DAY,
    MINUTES_FOR_60_MOVES,
    NORM_MIN_GAMES,
    NORM_MIN_SCORE_PERCENT,
    NORM_TITLE_ORDER,
    NORMS,
    TITLE_ORDER,
    TITLEHOLDERS,
    UNRATED_NORM_RATING,
    NormTitle,
)
from normtui.rules.model import Colour, Game, MainResult, Player
from normtui.rules.rating import game_score, percentage, round_half_up
from normtui.rules.time_control import NormControl

__all__ = [
    "EXEMPTIONS",
    "Condition",
    "NormCheck",
    "NormEvent",
    "NormOpponent",
    "check_norms",
    "event_conditions",
    "least_final_score",
    "norm_titles_for",
    "result_mark",
]

ZERO = Decimal(0)
HALF = Decimal("0.5")

# The event's setting for B.01 1.4.3: no exemption, the final of a national championship
# (1.4.3a: for the players of its federation), a zonal or sub-zonal (1.4.3c: for everyone).
EXEMPTIONS = {
    "none": "none",
    "national_championship": "final of a national championship (B.01 §1.4.3a)",
    "zonal": "zonal or sub-zonal tournament (B.01 §1.4.3c)",
}
NON_FIDE = "NON"  # a player of no FIDE federation (1.4.2a), as arbiters' programs write it
FIDE_FLAG = "FID"  # FIDE's own flag: accepted, but no federation for 1.4.3-1.4.4

MET, MISSED, POSSIBLE = "met", "missed", "possible"
NOT_PLAYED_NO_MOVE = "a player made no move: not played over the board (B.01 §1.4.2c)"

# The short names of the conditions, in the order they are reported.
CONDITION_NAMES = (
    "women_only",
    "double_round_robin",
    "time_control",
    "identical_controls",
    "rounds_a_day",
    "hours_a_day",
    "games",
    "titleholders",
    "norm_titles",
    "federations",
    "own_federation",
    "one_federation",
    "average",
    "score",
    "performance",
)


@dataclass(frozen=True)
class NormEvent:
    """What the event says beyond its games: its shape, its federation and exemption, its
    rate of play and its days."""

    cycles: int
    players: int
    rounds: int
    federation: str | None = None
    exemption: str = "none"
    # The classical control(s) the games were played at (1.1.3, 1.1.3b); None: not known.
    control: NormControl | None = None
    # Each round's date (ISO), None where not recorded.
    round_dates: Mapping[int, str | None] = field(default_factory=dict)


@dataclass(frozen=True)
class Condition:
    """One requirement of a norm: ``ok`` True, False, or None where the event does not say
    yet (a round's date not recorded)."""

    name: str
    article: str
    ok: bool | None
    text: str

    def to_json(self) -> dict[str, object]:
        return {"condition": self.name, "article": self.article, "ok": self.ok, "text": self.text}


@dataclass(frozen=True)
class NormOpponent:
    """One game of the applicant as the certificate (IT1) lists it."""

    round: int
    number: int
    name: str
    title: str | None
    federation: str | None
    fide_id: str | None
    rating: int | None  # as listed; None unrated
    used: int  # the rating the average counts (1400 unrated, or raised to the floor)
    score: Decimal | None  # None: still to play, or a forfeit
    mark: str  # the result as the certificate prints it: 1, ½, 0, + or - (forfeit), "" to play
    counted: bool
    why_not: str | None = None


@dataclass(frozen=True)
class NormCheck:
    """A player's norm of one title: met, missed, or possible (and what is needed)."""

    number: int
    name: str
    title: str
    status: str
    conditions: tuple[Condition, ...]
    games: int  # the games counted (those still to play included)
    score: Decimal  # in the games played
    ra: int | None  # of every opponent counted, those still to play included (known in advance)
    rp: int | None  # once every game is played
    rounds_left: int
    needed: Decimal | None  # points needed from the games left (possible)
    opponents: tuple[NormOpponent, ...]
    dropped: tuple[int, ...] = ()  # rounds left out (1.4.1f)

    @property
    def failed(self) -> tuple[Condition, ...]:
        return tuple(c for c in self.conditions if c.ok is False)

    def to_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "player": self.name,
            "title": self.title,
            "status": self.status,
            "failed": [c.to_json() for c in self.failed],
            "games": self.games,
            "score": float(self.score),
            "ra": self.ra,
            "rp": self.rp,
            "rounds_left": self.rounds_left,
            "needed": None if self.needed is None else float(self.needed),
            "dropped_rounds": list(self.dropped),
            "conditions": [c.to_json() for c in self.conditions],
        }


def _rank(title: str | None) -> int:
    # Not FIDE's order (FM before WIM): an FM who is no WIM can still gain the WIM title.
    order = NORM_TITLE_ORDER
    return order.index(title) if title in order else len(order)


def norm_titles_for(player: Player) -> tuple[str, ...]:
    """The titles this player can still gain a norm for: those before the title held in
    ``NORM_TITLE_ORDER`` (a woman FM may gain the WIM title), the women's titles only for a
    woman (B.01 0.3; an unknown sex: GM and IM only).

    >>> norm_titles_for(Player(1, "A", title="IM"))
    ('GM',)
    >>> norm_titles_for(Player(1, "B", sex="w", title="WIM"))
    ('GM', 'IM', 'WGM')
    """
    held = _rank(player.title)
    return tuple(
        t for t in NORMS if _rank(t) < held and (player.sex == "w" or not NORMS[t].women_only)
    )


def event_conditions(event: NormEvent) -> tuple[Condition, ...]:
    """The conditions the event itself meets or not, the same for every norm (B.01 1.1.2,
    1.1.3, 1.1.3b, 1.4.5f)."""
    found: list[Condition] = []
    if event.cycles >= 2:
        ok = event.players >= DOUBLE_ROUND_ROBIN_MIN_PLAYERS
        found.append(
            Condition(
                "double_round_robin",
                "B.01 §1.4.5f",
                ok,
                f"a double round robin of {event.players} players"
                + ("" if ok else f"; at least {DOUBLE_ROUND_ROBIN_MIN_PLAYERS} needed"),
            )
        )
    minutes = event.control.minutes_for_60_moves if event.control else None
    if minutes is None:
        found.append(
            Condition("time_control", "B.01 §1.1.3", None, "the classical control is unknown")
        )
    else:
        ok = minutes >= MINUTES_FOR_60_MOVES
        found.append(
            Condition(
                "time_control",
                "B.01 §1.1.3",
                ok,
                f"{_minutes(minutes)} minutes each for 60 moves"
                + ("" if ok else f"; at least {MINUTES_FOR_60_MOVES} needed"),
            )
        )
    if event.control is None:
        found.append(
            Condition("identical_controls", "B.01 §1.1.3b", None, "the controls are unknown")
        )
    else:
        identical = event.control.identical
        controls = "; ".join(tc.describe() for tc in event.control.controls)
        found.append(
            Condition(
                "identical_controls",
                "B.01 §1.1.3b",
                identical,
                "the same control in every game"
                if identical
                else f"games were played at different controls: {controls}",
            )
        )
    days = Counter(d for d in event.round_dates.values() if d)
    undated = sum(1 for r in range(1, event.rounds + 1) if not event.round_dates.get(r))
    busiest = max(days.values(), default=0)
    if busiest > MAX_ROUNDS_A_DAY:
        day = max(days, key=lambda d: (days[d], d))
        found.append(
            Condition(
                "rounds_a_day",
                "B.01 §1.1.3",
                False,
                f"{busiest} rounds on {day}; at most {MAX_ROUNDS_A_DAY}",
            )
        )
    else:
        found.append(
            Condition(
                "rounds_a_day",
                "B.01 §1.1.3",
                None if undated else True,
                f"at most {busiest or 1} round{'s' if busiest > 1 else ''} a day"
                + (f"; {undated} round dates not recorded" if undated else ""),
            )
        )
    if minutes is not None and busiest:
        hours = busiest * 2 * minutes / 60
        ok = hours <= MAX_HOURS_A_DAY
        found.append(
            Condition(
                "hours_a_day",
                "B.01 §1.1.2",
                ok,
                f"{_minutes(hours)} hours of play on the busiest day"
                + ("" if ok else f"; at most {MAX_HOURS_A_DAY}"),
            )
        )
    return tuple(found)


def _minutes(value: Decimal) -> str:
    return str(round_half_up(value))


@dataclass(frozen=True)
class _Field:
    """The event's games read once for every player's norms."""

    players: Mapping[int, Player]
    games: Sequence[Game]
    rated_zero: frozenset[int]  # unrated players who scored zero against rated ones (1.4.2b)
    no_move: frozenset[tuple[int, int]] = frozenset()  # (round, board): a player made no move


def _unrated_scoring_zero(players: Mapping[int, Player], games: Iterable[Game]) -> frozenset[int]:
    """Unrated players with games against rated opponents played, and no point in them."""
    played: Counter[int] = Counter()
    scored: Counter[int] = Counter()
    for g in games:
        if g.result is None:
            continue
        for white in (True, False):
            me, other = (g.white, g.black) if white else (g.black, g.white)
            score = game_score(g.result, white)
            if score is None or players[me].rating is not None or players[other].rating is None:
                continue
            played[me] += 1
            if score:
                scored[me] += 1
    return frozenset(n for n in played if not scored[n])


def check_norms(
    players: Iterable[Player],
    games: Iterable[Game],
    event: NormEvent,
    *,
    only: Collection[int] | None = None,
    no_move: Collection[tuple[int, int]] = (),
) -> list[NormCheck]:
    """Every player's norms (or those of ``only``'s pairing numbers), best title first.
    ``no_move``: the (round, board) of games in which a player made no move, not played over
    the board (1.4.2c), as the rating report does not rate them (B.02 5.1)."""
    by_number = {p.number: p for p in players}
    main = tuple(games)
    field_ = _Field(by_number, main, _unrated_scoring_zero(by_number, main), frozenset(no_move))
    common = event_conditions(event)
    checks = []
    for number, player in by_number.items():
        if only is not None and number not in only:
            continue
        for title in norm_titles_for(player):
            checks.append(_check(player, NORMS[title], field_, event, common))
    return checks


def _opponents(player: Player, field_: _Field, norm: NormTitle) -> list[NormOpponent]:
    found = []
    for g in field_.games:
        if player.number not in (g.white, g.black):
            continue
        white = g.white == player.number
        other = field_.players[g.black if white else g.white]
        score = None if g.result is None else game_score(g.result, white)
        mark = _mark(g, white, score)
        why = None
        if g.result is not None and score is None:
            why = "decided by forfeit (B.01 §1.4.2c)"
        elif g.result is not None and (g.round, g.board) in field_.no_move:
            why = NOT_PLAYED_NO_MOVE
        elif other.federation == NON_FIDE:
            why = "of no FIDE federation (B.01 §1.4.2a)"
        elif other.number in field_.rated_zero:
            why = "unrated, no point against rated opponents (B.01 §1.4.2b)"
        used = other.rating if other.rating is not None else UNRATED_NORM_RATING
        found.append(
            NormOpponent(
                g.round,
                other.number,
                other.name,
                other.title,
                other.federation,
                other.fide_id,
                other.rating,
                used,
                score,
                mark,
                why is None,
                why,
            )
        )
    found.sort(key=lambda o: o.round)
    return _floored(found, norm)


def _mark(g: Game, white: bool, score: Decimal | None) -> str:
    return "" if g.result is None else result_mark(g.result, white)


def result_mark(result: MainResult, white: bool) -> str:
    """The result as FIDE's forms print it for one player: 1, ½, 0, or + and - for a game
    not played (forfeit).

    >>> result_mark(MainResult.DRAW, True), result_mark(MainResult.WHITE_FORFEIT_WIN, False)
    ('½', '-')
    """
    score = game_score(result, white)
    if score is None:
        return "+" if result.winner == (Colour.WHITE if white else Colour.BLACK) else "-"
    return _points(score) if score else "0"


def _floored(opponents: list[NormOpponent], norm: NormTitle) -> list[NormOpponent]:
    """1.4.6c: the lowest-rated counted opponent below the floor is raised to it, one only."""
    counted = [o for o in opponents if o.counted]
    if not counted:
        return opponents
    lowest = min(counted, key=lambda o: (o.used, o.round))
    if lowest.used >= norm.floor:
        return opponents
    return [replace(o, used=norm.floor) if o is lowest else o for o in opponents]


def _average(opponents: Sequence[NormOpponent]) -> int | None:
    if not opponents:
        return None
    return round_half_up(Decimal(sum(o.used for o in opponents)) / len(opponents))


def _rp(ra: int, score: Decimal, games: int) -> int:
    return ra + DP_BY_PERCENT[percentage(score, games)]


def _check(
    player: Player,
    norm: NormTitle,
    field_: _Field,
    event: NormEvent,
    common: tuple[Condition, ...],
) -> NormCheck:
    listed = _opponents(player, field_, norm)
    counted = [o for o in listed if o.counted]
    n = len(counted)
    played = [o for o in counted if o.score is not None]
    left = n - len(played)
    score = sum((o.score or ZERO for o in played), ZERO)
    mix = _mix_conditions(player, norm, counted, event)
    games = _games_condition(listed, counted, event)
    ra = _average(counted)
    fixed = [*common, games, *mix]
    average = Condition(
        "average",
        "B.01 §1.4.8a",
        None if ra is None else ra >= norm.average,
        "no opponent counted"
        if ra is None
        else f"Ra {ra}" + ("" if ra >= norm.average else f"; at least {norm.average} needed"),
    )
    fixed.append(average)
    if ra is None or n == 0:
        return NormCheck(
            player.number, player.name, norm.title, MISSED, tuple(fixed), n, score, ra,
            None, left, None, tuple(listed),
        )  # fmt: skip
    least = least_final_score(ra, n, norm)
    if left == 0:
        result = _finished(player, norm, fixed, ra, score, n, listed)
        if result.status == MISSED and not any(c.ok is False for c in (*common, *mix)):
            dropped = _drop_defeated(player, norm, fixed, listed, event)
            if dropped is not None:
                return dropped
        return result
    needed = None if least is None else max(ZERO, least - score)
    possible = needed is not None and needed <= left
    if least is None:
        text = f"even {n} of {n} would give Rp {_rp(ra, Decimal(n), n)}"
    else:
        text = (
            f"needs {_points(needed or ZERO)} from the {left} game{'s' if left != 1 else ''} left "
            f"({_points(least)} of {n}: Rp {_rp(ra, least, n)})"
        )
    target = Condition("performance", "B.01 §1.4.8", bool(possible), text)
    conditions = (*fixed, target)
    status = POSSIBLE if possible and all(c.ok is not False for c in conditions) else MISSED
    return NormCheck(
        player.number, player.name, norm.title, status, conditions, n, score, ra,
        None, left, needed if status == POSSIBLE else None, tuple(listed),
    )  # fmt: skip


def _points(value: Decimal) -> str:
    whole = int(value)
    return f"{whole or ''}½" if value - whole else str(whole)


def _score_ok(score: Decimal, games: int) -> bool:
    """1.4.8b's 35 % of the games, not rounded: 1.4.9 rounds the percentage for its table's
    dp, and read so 4½ of 13 (34.6 %) would pass; Sharly-Chess does not round it either."""
    return score * 100 >= NORM_MIN_SCORE_PERCENT * games


def _percent(score: Decimal, games: int) -> str:
    """The score in percent as the condition says it: whole, else one decimal cut (34.6)."""
    value = score * 100 / games
    shown = value.quantize(Decimal("0.1"), rounding=ROUND_DOWN)
    return str(int(value)) if value == int(value) else str(shown)


def least_final_score(ra: int, games: int, norm: NormTitle) -> Decimal | None:
    """The least score of ``games`` (in half points) meeting 35 % and the performance."""
    for halves in range(2 * games + 1):
        score = Decimal(halves) / 2
        if _score_ok(score, games) and _rp(ra, score, games) >= norm.performance:
            return score
    return None


def _finished(
    player: Player,
    norm: NormTitle,
    fixed: list[Condition],
    ra: int,
    score: Decimal,
    n: int,
    listed: Sequence[NormOpponent],
    dropped: tuple[int, ...] = (),
) -> NormCheck:
    pct = _percent(score, n)
    rp = _rp(ra, score, n)
    conditions = (
        *fixed,
        Condition(
            "score",
            "B.01 §1.4.8b",
            _score_ok(score, n),
            f"{_points(score)} of {n} ({pct} %)"
            + ("" if _score_ok(score, n) else f"; at least {NORM_MIN_SCORE_PERCENT} % needed"),
        ),
        Condition(
            "performance",
            "B.01 §1.4.8",
            rp >= norm.performance,
            f"Rp {rp}" + ("" if rp >= norm.performance else f"; at least {norm.performance}"),
        ),
    )
    status = MET if all(c.ok is not False for c in conditions) else MISSED
    return NormCheck(
        player.number, player.name, norm.title, status, conditions, n, score, ra, rp, 0,
        None, tuple(listed), dropped,
    )  # fmt: skip


# The conditions on the opponents' mix (1.4.3-1.4.5).
_MIX = ("titleholders", "norm_titles", "federations", "own_federation", "one_federation")


def _drop_defeated(
    player: Player,
    norm: NormTitle,
    fixed: list[Condition],
    listed: Sequence[NormOpponent],
    event: NormEvent,
    limit: int = 4096,
) -> NormCheck | None:
    """1.4.1f: leave out games against defeated opponents while 9 games remain against the
    required mix of opponents, which the whole event has too (checked before). The first set
    (fewest games left out) that meets the norm."""
    counted = [o for o in listed if o.counted]
    wins = [o for o in counted if o.score == 1]
    spare = len(counted) - NORM_MIN_GAMES
    tried = 0
    for size in range(1, min(spare, len(wins)) + 1):
        for drop in itertools.combinations(wins, size):
            tried += 1
            if tried > limit:
                return None
            rounds = {o.round for o in drop}
            kept = [
                o if o.round not in rounds else
                replace(o, counted=False, why_not="a defeated opponent left out (B.01 §1.4.1f)")
                for o in listed
            ]  # fmt: skip
            kept = _floored([_unfloored(o) for o in kept], norm)
            left = [o for o in kept if o.counted]
            ra = _average(left)
            if ra is None:
                continue
            score = sum((o.score or ZERO for o in left), ZERO)
            games = _games_condition(kept, left, event)
            # The games that remain must have the mix too, not only the whole event.
            mix = _mix_conditions(player, norm, left, event)
            average = Condition(
                "average",
                "B.01 §1.4.8a",
                ra >= norm.average,
                f"Ra {ra}" + ("" if ra >= norm.average else f"; at least {norm.average} needed"),
            )
            base = [c for c in fixed if c.name not in ("games", "average", *_MIX)]
            result = _finished(
                player, norm, [*base, games, *mix, average], ra, score, len(left), kept,
                tuple(sorted(rounds)),
            )  # fmt: skip
            if result.status == MET:
                return result
    return None


def _unfloored(o: NormOpponent) -> NormOpponent:
    used = o.rating if o.rating is not None else UNRATED_NORM_RATING
    return o if o.used == used else replace(o, used=used)


def _games_condition(
    listed: Sequence[NormOpponent], counted: Sequence[NormOpponent], event: NormEvent
) -> Condition:
    n = len(counted)
    if n >= NORM_MIN_GAMES:
        return Condition("games", "B.01 §1.4.1a", True, f"{n} games")
    # 1.4.1c: in a 9-round event, 8 games and a win by forfeit or a bye count as 9 (a game won
    # without the opponent's move is a forfeit won).
    forfeit_wins = [
        o for o in listed if o.mark == "+" or (o.why_not == NOT_PLAYED_NO_MOVE and o.score == 1)
    ]
    byes = event.rounds - len(listed)
    if (
        event.rounds == NORM_MIN_GAMES
        and n == NORM_MIN_GAMES - 1
        and (byes == 1 or len(forfeit_wins) == 1)
    ):
        return Condition(
            "games", "B.01 §1.4.1c", True, "8 games and a bye or a forfeit win count as 9"
        )
    return Condition("games", "B.01 §1.4.1a", False, f"{n} games; at least {NORM_MIN_GAMES} needed")


def _needed(count: int, cycles: int, share: Fraction, least: int = 0) -> int:
    """How many opponents must hold a title: ``share`` of the games, at least ``least``, rounded
    up (1.4.5); a double round robin counts different opponents, the number halved and rounded
    up (1.4.5f)."""
    needed = max(least, ceil(share * count))
    return ceil(Fraction(needed, 2)) if cycles >= 2 else needed


def _distinct(opponents: Iterable[NormOpponent], cycles: int) -> list[NormOpponent]:
    if cycles < 2:
        return list(opponents)
    seen: dict[int, NormOpponent] = {}
    for o in opponents:
        seen.setdefault(o.number, o)
    return list(seen.values())


def _mix_conditions(
    player: Player, norm: NormTitle, counted: Sequence[NormOpponent], event: NormEvent
) -> list[Condition]:
    n = len(counted)
    distinct = _distinct(counted, event.cycles)
    once = " different" if event.cycles >= 2 else ""
    holders = sum(1 for o in distinct if o.title in TITLEHOLDERS)
    holders_needed = _needed(n, event.cycles, Fraction(1, 2))
    norm_holders = sum(1 for o in distinct if o.title in norm.holders)
    norm_needed = _needed(n, event.cycles, Fraction(1, 3), 3)
    article = {"GM": "b", "IM": "c", "WGM": "d", "WIM": "e"}[norm.title]
    named = "/".join(t for t in TITLE_ORDER if t in norm.holders)
    found = [
        Condition(
            "titleholders",
            "B.01 §1.4.5a",
            holders >= holders_needed,
            f"{holders}{once} titleholders (CM and WCM not counted)"
            + ("" if holders >= holders_needed else f"; at least {holders_needed} needed"),
        ),
        Condition(
            "norm_titles",
            f"B.01 §1.4.5{article}",
            norm_holders >= norm_needed,
            f"{norm_holders}{once} {named}"
            + ("" if norm_holders >= norm_needed else f"; at least {norm_needed} needed"),
        ),
    ]
    return found + _federation_conditions(player, counted, event)


def _federation_conditions(
    player: Player, counted: Sequence[NormOpponent], event: NormEvent
) -> list[Condition]:
    exempt = event.exemption == "zonal" or (
        event.exemption == "national_championship"
        and player.federation is not None
        and player.federation == event.federation
    )
    if exempt:
        why = EXEMPTIONS[event.exemption]
        return [
            Condition(name, article, True, f"waived: {why}")
            for name, article in (
                ("federations", "B.01 §1.4.3"),
                ("own_federation", "B.01 §1.4.4"),
                ("one_federation", "B.01 §1.4.4"),
            )
        ]
    n = len(counted)
    own = player.federation
    feds = Counter(
        o.federation for o in counted if o.federation and o.federation not in (FIDE_FLAG,)
    )
    unknown = sum(1 for o in counted if not o.federation)
    note = f" ({unknown} without a federation recorded)" if unknown else ""
    if own is None:
        missing = "the player's federation is not recorded"
        return [
            Condition("federations", "B.01 §1.4.3", False, missing),
            Condition("own_federation", "B.01 §1.4.4", False, missing),
            Condition("one_federation", "B.01 §1.4.4", False, missing),
        ]
    foreign = len([f for f in feds if f != own])
    own_count = feds.get(own, 0)
    own_max = 3 * n // 5
    top, top_count = feds.most_common(1)[0] if feds else (None, 0)
    one_max = 2 * n // 3
    return [
        Condition(
            "federations",
            "B.01 §1.4.3",
            foreign >= 2,
            f"opponents from {foreign} federation{'s' if foreign != 1 else ''} other than "
            f"{own}{note}" + ("" if foreign >= 2 else "; at least 2 needed"),
        ),
        Condition(
            "own_federation",
            "B.01 §1.4.4",
            own_count <= own_max,
            f"{own_count} of {n} from {own}"
            + ("" if own_count <= own_max else f"; at most {own_max} (3/5)"),
        ),
        Condition(
            "one_federation",
            "B.01 §1.4.4",
            top_count <= one_max,
            (f"at most {top_count} of {n} from one federation ({top})" if top else "no federation")
            + ("" if top_count <= one_max else f"; at most {one_max} (2/3)"),
        ),
    ]
