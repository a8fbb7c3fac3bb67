"""Time controls: a clock setting of one period or several.

A control is a list of periods, each with the moves it covers (the last: the rest of the game),
the time each clock gets at its start, and the increment a move earns in it, from a move on.
FIDE's usual 90'/40 + 30' + 30" from move 1, the Candidates' 120'/40 + 60'/20 + 15' + 30" from
move 61 and Norway Chess's 120' + 10" from move 41 are all one :class:`TimeControl`. The first
period's numbers are the control's own fields (a one-period control is what a profile has
always written); the later periods follow in ``later``.

>>> fide = TimeControl(5400, 5400, 30, 1, moves=40, later=(Period(0, 1800, 1800, 30, 41),))
>>> fide.describe(), fide.pgn_standard()
('90\\'/40 + 30\\' + 30" from move 1', '40/5400+30:1800+30')
>>> minutes_for_60_moves(fide)
Decimal('150')
>>> candidates = TimeControl(7200, 7200, 30, 61, moves=40, later=(
...     Period(20, 3600, 3600, 30, 61), Period(0, 900, 900, 30, 61)))
>>> candidates.describe(), candidates.pgn_standard()
('120\\'/40 + 60\\'/20 + 15\\' + 30" from move 61', '40/7200:20/3600:900+30')
>>> minutes_for_60_moves(candidates)
Decimal('180')
>>> norway = TimeControl(7200, 7200, 10, 41)
>>> norway.describe(), norway.pgn_standard(), round(minutes_for_60_moves(norway), 2)
('120\\' + 10" from move 41', '40/7200:0+10', Decimal('123.33'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

__all__ = [
    "NormControl",
    "Period",
    "TimeControl",
    "clock_text",
    "minutes_for_60_moves",
    "norm_control",
    "with_periods",
]

# FIDE's rating and title regulations count a game's time over its first 60 moves.
NORM_MOVES = 60


def clock_text(seconds: int) -> str:
    """A clock's time as an arbiter says it: 90', 2'30"."""
    minutes, rest = divmod(seconds, 60)
    return f"{minutes}'" if rest == 0 else f"{minutes}'{rest:02d}\""


@dataclass(frozen=True)
class Period:
    """One period of a control: ``moves`` moves (0: the rest of the game), the seconds each
    clock gets when it starts, and ``increment_seconds`` a move from move
    ``increment_from_move`` (counted from the game's first move) while it lasts."""

    moves: int
    white_seconds: int
    black_seconds: int
    increment_seconds: int
    increment_from_move: int

    def seconds(self, white: bool) -> int:
        return self.white_seconds if white else self.black_seconds


@dataclass(frozen=True)
class TimeControl:
    """A clock setting. The four first fields are the first period's (``increment_from_move``
    41: the increment starts after move 40); ``moves`` is how many moves it covers (0: the
    whole game) and ``later`` the periods after it, the last covering the rest of the game."""

    white_seconds: int
    black_seconds: int
    increment_seconds: int
    increment_from_move: int
    moves: int = 0
    later: tuple[Period, ...] = ()

    # -- the periods ---------------------------------------------------------------------------

    @property
    def periods(self) -> tuple[Period, ...]:
        first = Period(
            self.moves,
            self.white_seconds,
            self.black_seconds,
            self.increment_seconds,
            self.increment_from_move,
        )
        return (first, *self.later)

    @property
    def same_for_both(self) -> bool:
        """Whether both clocks get the same time in every period (an Armageddon's do not)."""
        return all(p.white_seconds == p.black_seconds for p in self.periods)

    def first_moves(self) -> tuple[int, ...]:
        """The move each period starts at: (1,) for one period, (1, 41) for 90'/40 + 30'."""
        starts = [1]
        for p in self.periods[:-1]:
            starts.append(starts[-1] + p.moves)
        return tuple(starts)

    def period_at(self, move: int) -> Period:
        """The period move ``move`` is played in."""
        found = self.periods[0]
        for start, period in zip(self.first_moves(), self.periods, strict=True):
            if move >= start:
                found = period
        return found

    def increment_at(self, move: int) -> int:
        """The seconds the player's move ``move`` earns."""
        period = self.period_at(move)
        return period.increment_seconds if move >= period.increment_from_move else 0

    def first_increment(self) -> int | None:
        """The first move that earns an increment, or None when none does."""
        for move in range(1, self._horizon()):
            if self.increment_at(move):
                return move
        return None

    def added_before(self, move: int, white: bool) -> int:
        """The time a later period adds to the clock before the player's move ``move`` (0 when
        no period starts there)."""
        for start, period in zip(self.first_moves()[1:], self.later, strict=True):
            if start == move:
                return period.seconds(white)
        return 0

    def given_by(self, white: bool, moves: int) -> int:
        """The seconds the clock gets for its first ``moves`` moves: every period started by
        then and every increment earned (the time per player FIDE's regulations count, with
        ``moves`` 60)."""
        periods = sum(
            p.seconds(white)
            for start, p in zip(self.first_moves(), self.periods, strict=True)
            if start <= moves
        )
        return periods + sum(self.increment_at(m) for m in range(1, moves + 1))

    def _horizon(self) -> int:
        """A move past every period's start and every increment's first move: from it on,
        nothing about the control changes."""
        return max(*self.first_moves(), *(p.increment_from_move for p in self.periods)) + 2

    def uniform_increment(self) -> tuple[int, int] | None:
        """(increment, from move) when one increment runs from one move to the game's end, as
        in every usual control; (0, 1) with no increment; None otherwise."""
        first = self.first_increment()
        if first is None:
            return (0, 1)
        inc = self.increment_at(first)
        if all(self.increment_at(m) == inc for m in range(first, self._horizon())):
            return inc, first
        return None

    def increment_runs(self) -> tuple[tuple[int, int, int | None], ...]:
        """The moves that earn an increment, as (seconds, first move, last move or None to
        the game's end), one run for each increment in turn; () without one.

        >>> TimeControl(7200, 7200, 10, 41).increment_runs()
        ((10, 41, None),)
        >>> TimeControl(5400, 5400, 10, 1, moves=40,
        ...             later=(Period(0, 1800, 1800, 30, 41),)).increment_runs()
        ((10, 1, 40), (30, 41, None))
        """
        runs: list[tuple[int, int, int | None]] = []
        start, seconds = 1, self.increment_at(1)
        for move in range(2, self._horizon()):
            now = self.increment_at(move)
            if now != seconds:
                if seconds:
                    runs.append((seconds, start, move - 1))
                start, seconds = move, now
        if seconds:
            runs.append((seconds, start, None))
        return tuple(runs)

    # -- as it is said and written -------------------------------------------------------------

    def increment_phrases(self) -> tuple[str, ...]:
        """Each increment with the moves that earn it (:meth:`increment_runs`), as the sheets
        and the clock dial say it; () without one. Where the periods earn different
        increments, each is said with its moves:

        >>> TimeControl(7200, 7200, 10, 41).increment_phrases()
        ('+ 10" a move from move 41',)
        >>> TimeControl(5400, 5400, 10, 1, moves=40,
        ...             later=(Period(0, 1800, 1800, 30, 41),)).increment_phrases()
        ('+ 10" a move to move 40', '+ 30" a move from move 41')
        """
        said = []
        for seconds, first, last in self.increment_runs():
            moves = f" from move {first}" if first > 1 else ""
            if last is not None:
                moves = f" to move {last}" if first == 1 else f" for moves {first}-{last}"
            said.append(f'+ {seconds}" a move{moves}')
        return tuple(said)

    def describe(self) -> str:
        """The setting as an arbiter says it.

        >>> TimeControl(7200, 7200, 10, 41).describe()
        '120\\' + 10" from move 41'
        >>> TimeControl(180, 180, 2, 1).describe()
        '3\\' + 2"'
        >>> TimeControl(600, 420, 1, 41).describe()
        'White 10\\', Black 7\\', +1" from move 41'
        >>> TimeControl(150, 180, 2, 1).describe()
        'White 2\\'30", Black 3\\', +2"'
        """
        if not self.later:
            return self._describe_one()
        uniform = self.uniform_increment()
        if uniform is None:
            # Each period with its own increment: rare, said period by period.
            return " + ".join(
                f'{self._period_text(p, white=None)} (+{p.increment_seconds}" from move '
                f"{p.increment_from_move})"
                if p.increment_seconds
                else self._period_text(p, white=None)
                for p in self.periods
            )
        tail = self.increment_text()
        if self.same_for_both:
            return self.side_text(True) + tail
        sides = f"White {self.side_text(True)}, Black {self.side_text(False)}"
        return sides + tail.replace(" + ", ", +", 1)

    def side_text(self, white: bool) -> str:
        """One clock's periods: ``90'/40 + 30'``."""
        return " + ".join(self._period_text(p, white=white) for p in self.periods)

    def increment_text(self) -> str:
        """The increment of a control with several periods, as :meth:`describe` ends with it
        (`` + 30" from move 1``); "" without one, or where each period has its own."""
        uniform = self.uniform_increment()
        if uniform is None or not uniform[0]:
            return ""
        return f' + {uniform[0]}" from move {uniform[1]}'

    @staticmethod
    def _period_text(p: Period, *, white: bool | None) -> str:
        if white is None and p.white_seconds != p.black_seconds:
            clock = f"White {clock_text(p.white_seconds)} Black {clock_text(p.black_seconds)}"
        else:
            clock = clock_text(p.seconds(white is not False))
        return f"{clock}/{p.moves}" if p.moves else clock

    def _describe_one(self) -> str:
        if self.increment_seconds == 0:
            inc = ""
        elif self.increment_from_move <= 1:
            inc = f' + {self.increment_seconds}"'
        else:
            inc = f' + {self.increment_seconds}" from move {self.increment_from_move}'
        if self.white_seconds == self.black_seconds:
            return f"{clock_text(self.white_seconds)}{inc}"
        inc = inc.replace(" + ", ", +", 1)
        return (
            f"White {clock_text(self.white_seconds)}, Black {clock_text(self.black_seconds)}{inc}"
        )

    def pgn_tag(self) -> str:
        """The short TimeControl tag broadcasts write (base+increment), which cannot say that
        the increment starts at move 41 or that a second period follows; exports write the
        PGN standard's full form instead (:meth:`pgn_standard`: ``40/600:0+1``).

        >>> TimeControl(600, 420, 1, 41).pgn_tag()
        '600+1'
        """
        return f"{self.white_seconds}+{self.increment_seconds}"

    def pgn_standard(self, white: bool = True) -> str:
        """One clock in the PGN standard's TimeControl syntax (9.6.1), which FIDE's TRF26
        record 222 shares: a period per ``moves/seconds+increment``, joined by ``:``; an
        increment that starts later than a period is a period of its own, which adds nothing
        (``40/7200:0+10``).

        >>> TimeControl(180, 180, 2, 1).pgn_standard(), TimeControl(600, 420, 1, 41).pgn_standard(
        ...     white=False)
        ('180+2', '40/420:0+1')
        """
        starts = self.first_moves()
        increments = {p.increment_from_move for p in self.periods if p.increment_seconds}
        # Every period starts a field; so does a move where the increment changes.
        cuts = [
            m
            for m in sorted({*starts, *increments})
            if m in starts or self.increment_at(m) != self.increment_at(m - 1)
        ]
        fields = []
        for i, start in enumerate(cuts):
            added = self.periods[starts.index(start)].seconds(white) if start in starts else 0
            inc = self.increment_at(start)
            text = f"{added}+{inc}" if inc else str(added)
            if i + 1 < len(cuts):
                text = f"{cuts[i + 1] - start}/{text}"
            fields.append(text)
        return ":".join(fields)


def with_periods(
    first: TimeControl, moves: int, then: Sequence[tuple[int, int, int]]
) -> TimeControl:
    """``first`` (a one-period control) covering ``moves`` moves, then the periods ``then``,
    each (moves, White's seconds, Black's seconds), the last with 0 moves (the rest of the
    game). A later period earns ``first``'s increment, from its first move at the earliest,
    as a profile's ``then`` does when it gives no increment of its own.

    >>> with_periods(TimeControl(5400, 5400, 30, 1), 40, [(0, 1800, 1800)]).describe()
    '90\\'/40 + 30\\' + 30" from move 1'
    """
    if not then:
        return TimeControl(
            first.white_seconds,
            first.black_seconds,
            first.increment_seconds,
            first.increment_from_move,
        )
    later = []
    start = 1 + moves
    for count, white, black in then:
        from_move = max(start, first.increment_from_move)
        later.append(Period(count, white, black, first.increment_seconds, from_move))
        start += count
    return TimeControl(
        first.white_seconds,
        first.black_seconds,
        first.increment_seconds,
        first.increment_from_move,
        moves=moves,
        later=tuple(later),
    )


def minutes_for_60_moves(tc: TimeControl) -> Decimal:
    """The minutes a player has for the first 60 moves under ``tc`` (every period begun by
    move 60 and 60 moves' increments): what FIDE's rating and title regulations measure a
    standard game by. With a clock for each colour (an Armageddon's), the lesser."""
    seconds = min(tc.given_by(True, NORM_MOVES), tc.given_by(False, NORM_MOVES))
    return Decimal(seconds) / 60


@dataclass(frozen=True)
class NormControl:
    """The time control of an event's games as the title regulations ask about it: the
    minutes per player for 60 moves (the least over the games) and whether every game was
    played at one control."""

    minutes_for_60_moves: Decimal
    identical: bool
    controls: tuple[TimeControl, ...]


def norm_control(controls: Iterable[TimeControl]) -> NormControl:
    """The answer for the controls the games were played at, one per game or each once.

    >>> norm_control([TimeControl(5400, 5400, 30, 1)] * 3)
    NormControl(minutes_for_60_moves=Decimal('120'), identical=True, controls=(...))
    """
    distinct = tuple(dict.fromkeys(controls))
    if not distinct:
        raise ValueError("no time control given")
    least = min(minutes_for_60_moves(tc) for tc in distinct)
    return NormControl(least, len(distinct) == 1, distinct)
