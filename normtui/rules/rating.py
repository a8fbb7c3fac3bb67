"""The rating change and the performance rating of each player, as FIDE's rating officer
computes them from the event's classical games (B.02, FIDE Rating Regulations effective from
1 March 2024, with the amendment of §8.3.1 effective from 1 October 2025).

For each rated game against a rated opponent (§8.3.1): D is the opponent's rating minus the
player's, counted as ±400 where it is larger, but only for a player rated below 2650; PD is the
player's scoring probability from table 8.1.2 (never the logistic formula); ΔR = score − PD
(§8.3.2); the change is K × ΣΔR (§8.3.2d), rounded only for a rating period (§8.3.4, 0.5 away
from zero): a tournament shows it with one decimal.

>>> from normtui.rules.model import Player
>>> pd(0), pd(-400), pd(400), pd(-736)
(Decimal('0.50'), Decimal('0.92'), Decimal('0.08'), Decimal('1.00'))
>>> dp(Decimal("0.5")), dp(Decimal("0.665")), dp(Decimal("0.125"))
(0, 125, -322)

The worked example of every rating course: a player rated 2400 with K 10 beats a 2300 and
draws a 2500.

>>> players = {1: Player(1, "A", 2400, k=10), 2: Player(2, "B", 2300), 3: Player(3, "C", 2500)}
>>> games = [Game(1, 1, 1, 2, MainResult.WHITE_WIN), Game(2, 1, 3, 1, MainResult.DRAW)]
>>> a = rate_players(players.values(), games, year=2026)[1]
>>> a.expected, a.score, a.change, a.change_text
(Decimal('1.00'), Decimal('1.5'), Decimal('5.00'), '+5.0')
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal

from normtui.rules.fide_tables import (
    DP_BY_PERCENT,
    HYPOTHETICAL_OPPONENT_RATING,
    INITIAL_RATING_MAX,
    K_BY_RULE,
    K_JUNIOR_AGE,
    K_JUNIOR_BELOW,
    K_REACHED,
    K_TIMES_GAMES_MAX,
    MAX_RULE_DIFFERENCE,
    NO_CAP_FROM,
    PD_ROWS,
    PUBLISHED_AFTER_GAMES,
    RATED_MINUTES,
    RATING_FLOOR,
)
from normtui.rules.model import Game, MainResult, Player

__all__ = [
    "Initial",
    "KFactor",
    "PlayerRating",
    "RatedLine",
    "counted_difference",
    "dp",
    "game_score",
    "k_by_rule",
    "limited_k",
    "pd",
    "percentage",
    "performance",
    "rate_players",
    "rated_minutes",
    "round_half_away",
    "round_half_up",
]

ONE = Decimal(1)
HALF = Decimal("0.5")
ZERO = Decimal(0)
_HUNDREDTH = Decimal("0.01")

# Why a game is not rated, as the reports say it (B.02 5.1, 8.3.1).
NOT_RATED_FORFEIT = "forfeit: not rated (B.02 §5.1)"
NOT_RATED_NO_MOVE = "a player made no move: not rated (B.02 §5.1)"
NOT_RATED_UNRATED = "opponent unrated: not rated for a rated player (B.02 §8.3.1)"
NOT_RATED_UNPLAYED = "not played (yet)"


def round_half_up(value: Decimal) -> int:
    """To the whole number, 0.5 upward (B.01 1.4.7b, and the percentages of 1.4.9).

    >>> round_half_up(Decimal("2379.5")), round_half_up(Decimal("64.49"))
    (2380, 64)
    """
    return int(value.quantize(ONE, rounding=ROUND_HALF_UP))


def round_half_away(value: Decimal) -> int:
    """To the whole number, 0.5 away from zero (B.02 8.3.4: a rating period's change).

    >>> [round_half_away(Decimal(x)) for x in ("-7.5", "7.5", "-7.4")]
    [-8, 8, -7]
    """
    # Decimal's ROUND_HALF_UP is away from zero.
    return int(value.quantize(ONE, rounding=ROUND_HALF_UP))


def pd(difference: int) -> Decimal:
    """The scoring probability PD of a player whose opponent is rated ``difference`` points
    higher (D = opponent − player), from table 8.1.2: the higher-rated player's PD in a row,
    the lower-rated player's 1 − PD. D is used as given: the 400-point rule is the caller's
    (:func:`counted_difference`).

    >>> [str(pd(d)) for d in (3, 4, -4, 735, -735, -10000)]
    ['0.50', '0.49', '0.51', '0.01', '0.99', '1.00']
    """
    gap = abs(difference)
    for low, high, higher in PD_ROWS:
        if low <= gap and (high is None or gap <= high):
            hundredths = higher if difference <= 0 else 100 - higher
            return Decimal(hundredths) * _HUNDREDTH
    raise AssertionError(f"table 8.1.2 has no row for {gap}")  # pragma: no cover


def counted_difference(player: int, opponent: int) -> int:
    """D as B.02 8.3.1 counts it since 1 October 2025: opponent − player, held to ±400 for a
    player rated below 2650; from 2650 the real difference.

    >>> [counted_difference(*pair) for pair in ((2200, 2700), (2649, 2200), (2650, 2200))]
    [400, -400, -450]
    """
    difference = opponent - player
    if player < NO_CAP_FROM:
        return max(-MAX_RULE_DIFFERENCE, min(MAX_RULE_DIFFERENCE, difference))
    return difference


def percentage(score: Decimal, games: int) -> int:
    """p in whole percent, 0.5 % upward (B.01 1.4.9's note, which B.02 8.1.1 shares)."""
    return round_half_up(score * 100 / games)


def dp(fraction: Decimal) -> int:
    """dp of a fractional score (0 to 1) from table 8.1.1, the percentage rounded first."""
    if not ZERO <= fraction <= ONE:
        raise ValueError(f"a fractional score is from 0 to 1, not {fraction}")
    return DP_BY_PERCENT[round_half_up(fraction * 100)]


def performance(ratings: Collection[int], score: Decimal) -> tuple[int, int] | None:
    """(Ra, Rp): Ra the opponents' average rounded to the whole number (0.5 up), Rp = Ra + dp
    with p the percentage score rounded (B.01 1.4.7-1.4.9, B.02 8.1.1). ``None`` without games.

    >>> performance([2500, 2600, 2451], Decimal(2))
    (2517, 2642)
    """
    if not ratings:
        return None
    ra = round_half_up(Decimal(sum(ratings)) / len(ratings))
    return ra, ra + DP_BY_PERCENT[percentage(score, len(ratings))]


def rated_minutes(ratings: Iterable[int | None]) -> int:
    """B.02 1.1: the least time each player must have for 60 moves for a game between these
    ratings to be rated (120 where one is rated 2400 or more, 90 from 1800, else 60)."""
    top = max((r for r in ratings if r is not None), default=0)
    return next(minutes for rating, minutes in RATED_MINUTES if top >= rating)


def game_score(result: MainResult, white: bool) -> Decimal | None:
    """The player's score in a game played over the board, ``None`` for a forfeit."""
    if result.is_forfeit:
        return None
    if result is MainResult.DRAW:
        return HALF
    return ONE if (result is MainResult.WHITE_WIN) == white else ZERO


@dataclass(frozen=True)
class KFactor:
    """The K used (B.02 8.3.3), where it came from and why it is what it is."""

    value: int
    source: str  # "list", "csv", "arbiter" or "rule"
    why: str

    def to_json(self) -> dict[str, object]:
        return {"value": self.value, "source": self.source, "why": self.why}


def k_by_rule(rating: int, birth_year: int | None, year: int | None) -> tuple[int, str]:
    """K from what the event knows (B.02 8.3.3): 40 to the end of the year of the 18th
    birthday while under 2300; 10 from 2400; else 20. The rule also gives 40 to a player new to
    the list until 30 games and keeps 10 for one who once reached 2400: neither is in the
    event's data, so the list's K (or the players file's) goes before this.

    >>> k_by_rule(2250, 2010, 2026)
    (40, 'junior under 2300 (B.02 §8.3.3)')
    >>> k_by_rule(2250, 2007, 2026), k_by_rule(2410, None, 2026)
    ((20, 'under 2400 (B.02 §8.3.3)'), (10, 'rated 2400 or more (B.02 §8.3.3)'))
    """
    if (
        birth_year is not None
        and year is not None
        and year - birth_year <= K_JUNIOR_AGE
        and rating < K_JUNIOR_BELOW
    ):
        return K_BY_RULE["junior"], "junior under 2300 (B.02 §8.3.3)"
    if rating >= K_REACHED:
        return K_BY_RULE["reached_2400"], "rated 2400 or more (B.02 §8.3.3)"
    return K_BY_RULE["under_2400"], "under 2400 (B.02 §8.3.3)"


def limited_k(k: int, games: int) -> int:
    """B.02 8.3.3's last sentence: where K × n exceeds 700, K is the largest whole number that
    keeps K × n within 700.

    >>> limited_k(40, 17), limited_k(40, 18), limited_k(10, 71)
    (40, 38, 9)
    """
    if games and k * games > K_TIMES_GAMES_MAX:
        return K_TIMES_GAMES_MAX // games
    return k


@dataclass(frozen=True)
class RatedLine:
    """One game of a player, as the rating report sees it. ``rated`` games carry D (as
    counted), PD and K × ΔR; the others say why they are not rated."""

    round: int
    opponent: int
    opponent_rating: int | None
    score: Decimal | None  # None: a forfeit or a game not played yet
    rated: bool
    why_not: str | None = None
    difference: int | None = None
    expected: Decimal | None = None

    @property
    def delta(self) -> Decimal | None:
        """ΔR = score − PD (B.02 8.3.2b)."""
        if self.expected is None or self.score is None:
            return None
        return self.score - self.expected


@dataclass(frozen=True)
class Initial:
    """An unrated player's first rating from this event (B.02 8.2), shown as provisional:
    it is published once the player has 5 games against rated opponents (7.1.4), pooled over
    events, and at least 1400."""

    rating: int | None  # None: a zero score, disregarded (8.2.1)
    games: int
    score: Decimal
    why: str


@dataclass(frozen=True)
class PlayerRating:
    """A player's numbers from the event's rated games."""

    number: int
    name: str
    rating: int | None
    k: KFactor | None  # None for an unrated player
    games: int  # rated games (a rated player: against rated opponents)
    score: Decimal
    expected: Decimal  # ΣPD
    change: Decimal | None  # K × ΣΔR, exact; None for an unrated player
    ra: int | None
    rp: int | None
    lines: tuple[RatedLine, ...]
    initial: Initial | None = None

    @property
    def change_text(self) -> str:
        """The change with one decimal and its sign, as chess-results shows it; "" unrated."""
        if self.change is None:
            return ""
        shown = self.change.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
        return f"{shown:+.1f}" if shown else "0.0"

    @property
    def change_rounded(self) -> int | None:
        """The change as a rating period rounds it (B.02 8.3.4)."""
        return None if self.change is None else round_half_away(self.change)


def rate_players(
    players: Iterable[Player],
    games: Iterable[Game],
    *,
    year: int | None,
    no_move: Collection[tuple[int, int]] = (),
) -> dict[int, PlayerRating]:
    """Every player's rating numbers from the main (classical) games. ``no_move``: the
    (round, board) of games in which a player made no move (not rated, B.02 5.1); ``year``:
    the event's, for the junior K (8.3.3). Games without a result are shown as not played.
    Armageddon and play-off games are not classical games and are not given here."""
    by_number = {p.number: p for p in players}
    lines: dict[int, list[RatedLine]] = {n: [] for n in by_number}
    unmoved = set(no_move)
    for g in games:
        for white in (True, False):
            me, other = (g.white, g.black) if white else (g.black, g.white)
            if me not in lines:
                continue
            lines[me].append(_line(g, white, by_number[me], by_number[other], unmoved))
    return {
        n: _summary(by_number[n], tuple(sorted(rows, key=lambda r: r.round)), year)
        for n, rows in lines.items()
    }


def _line(
    g: Game, white: bool, me: Player, other: Player, unmoved: set[tuple[int, int]]
) -> RatedLine:
    base = RatedLine(g.round, other.number, other.rating, None, False)
    if g.result is None:
        return replace(base, why_not=NOT_RATED_UNPLAYED)
    score = game_score(g.result, white)
    if score is None:
        return replace(base, why_not=NOT_RATED_FORFEIT)
    if (g.round, g.board) in unmoved:
        return replace(base, score=score, why_not=NOT_RATED_NO_MOVE)
    if other.rating is None and me.rating is not None:
        return replace(base, score=score, why_not=NOT_RATED_UNRATED)
    if me.rating is None or other.rating is None:
        # An unrated player's game against a rated one counts towards their first rating
        # (8.2); against another unrated player it counts for neither.
        rated = other.rating is not None
        return replace(
            base,
            score=score,
            rated=rated,
            why_not=None if rated else "both players unrated: not rated (B.02 §8.2)",
        )
    difference = counted_difference(me.rating, other.rating)
    return replace(base, score=score, rated=True, difference=difference, expected=pd(difference))


def _summary(p: Player, lines: tuple[RatedLine, ...], year: int | None) -> PlayerRating:
    rated = [line for line in lines if line.rated]
    score = sum((line.score or ZERO for line in rated), ZERO)
    opponents = [line.opponent_rating for line in rated if line.opponent_rating is not None]
    ra_rp = performance(opponents, score)
    ra, rp = ra_rp if ra_rp else (None, None)
    if p.rating is None:
        return PlayerRating(
            p.number,
            p.name,
            None,
            None,
            len(rated),
            score,
            ZERO,
            None,
            ra,
            rp,
            lines,
            _initial(opponents, score),
        )
    k = _k_factor(p, p.rating, len(rated), year)
    expected = sum((line.expected or ZERO for line in rated), ZERO)
    change = k.value * (score - expected)
    return PlayerRating(
        p.number, p.name, p.rating, k, len(rated), score, expected, change, ra, rp, lines
    )


def _k_factor(p: Player, rating: int, games: int, year: int | None) -> KFactor:
    if p.k is not None:
        k, source = p.k, p.k_source or "arbiter"
        why = {"list": "from the rating list", "csv": "from the players file"}.get(
            source, "as the arbiter recorded it"
        )
    else:
        k, why = k_by_rule(rating, p.birth_year, year)
        source = "rule"
    used = limited_k(k, games)
    if used != k:
        why += f"; {k} × {games} games > {K_TIMES_GAMES_MAX}: K {used} (B.02 §8.3.3)"
    return KFactor(used, source, why)


def _initial(opponents: list[int], score: Decimal) -> Initial | None:
    """B.02 8.2: Ra with two hypothetical opponents rated 1800, scored as draws; Ru = Ra + dp,
    rounded, at most 2200."""
    if not opponents:
        return None
    if score == 0:
        return Initial(None, len(opponents), score, "a zero score is disregarded (B.02 §8.2.1)")
    n = len(opponents) + 2
    ra = Decimal(sum(opponents) + 2 * HYPOTHETICAL_OPPONENT_RATING) / n
    p = (score + 1) / n
    ru = min(round_half_up(ra + DP_BY_PERCENT[round_half_up(p * 100)]), INITIAL_RATING_MAX)
    why = "B.02 §8.2: two hypothetical draws against 1800, at most 2200"
    if len(opponents) < PUBLISHED_AFTER_GAMES:
        why += f"; published after {PUBLISHED_AFTER_GAMES} games against rated opponents (§7.1.4)"
    if ru < RATING_FLOOR:
        why += f"; below {RATING_FLOOR}: not published (§7.1.4)"
    return Initial(ru, len(opponents), score, why)
