"""The rule book's own arithmetic, checked when a profile is loaded: what no single key can be
wrong about alone (prizes that do not add up to the fund, a round count the field cannot
play, a tie-break nobody computes). Each failure is one :class:`ProfileError` naming the key.
"""

from __future__ import annotations

import typing
from decimal import Decimal
from typing import TYPE_CHECKING

from normtui.rules.errors import ProfileError

if TYPE_CHECKING:
    from normtui.rules.profile import Profile
    from normtui.rules.time_control import Period, TimeControl

__all__ = [
    "DRAW_RULES",
    "MAX_CLOCK_SECONDS",
    "MAX_INCREMENT_FROM_MOVE",
    "MAX_INCREMENT_SECONDS",
    "MIN_CLASSICAL_SECONDS",
    "PLAYOFF_AFTER_MATCH",
    "PLAYOFF_AFTER_SUDDEN_DEATH",
    "PLAYOFF_TIEBREAK_BASES",
    "REQUIRED_TIME_CONTROLS",
    "SB_BASES",
    "SECOND_CYCLE_ORDERS",
    "TIEBREAK_NAMES",
    "check_profile",
]

# The tie-breaks normtui computes (FIDE C.07's definitions: normtui.rules.tiebreaks).
TIEBREAK_NAMES = (
    "sonneborn_berger",
    "wins",
    "black_wins",
    "direct_encounter",
    "koya",
    "extended_koya",
    "lots",
)
SB_BASES = ("event_points", "main_game")
REQUIRED_TIME_CONTROLS = ("classical", "armageddon", "playoff_blitz", "playoff_armageddon")
# normtui.rules.berger.SECOND_CYCLE_ORDERS (a test keeps the two equal).
SECOND_CYCLE_ORDERS = ("fide", "plain", "mirror")
# How the draw-agreement rule is worded; the count is the same (Black has made the move).
DRAW_RULES = ("after_black_move", "moves_by_each")
PLAYOFF_TIEBREAK_BASES = ("playoff_games", "classical_games")
# What decides a tied match of two players, and a sudden death that reached its most games.
PLAYOFF_AFTER_MATCH = ("armageddon", "sudden_death", "match", "lots")
PLAYOFF_AFTER_SUDDEN_DEATH = ("armageddon", "lots")
# What a clock can be set to. A period longer than six hours, an increment of more
# than a minute a move, or one that starts after move 200 is a typing slip, not an event's
# rules (FIDE practice: 90' to 120' classical periods, increments of 30" at most, from move 1,
# 41 or 61). A classical (standard) game gives each player at least 60 minutes, counting 60
# times the increment: below that, FIDE's Laws call it rapid (Appendix A.1).
MAX_CLOCK_SECONDS = 6 * 3600
MAX_INCREMENT_SECONDS = 60
MAX_INCREMENT_FROM_MOVE = 200
MIN_CLASSICAL_SECONDS = 60 * 60
_TABLES = (
    "event",
    "time_controls",
    "classical",
    "points",
    "blitz_points",
    "tiebreaks",
    "playoff",
    "prizes",
    "duties",
    "illness",
    "sources",
    "articles",
)


def _fail(key: str, why: str) -> typing.NoReturn:
    raise ProfileError(f"profile key '{key}': {why}")


def _one_of(key: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        _fail(key, f"must be one of {', '.join(allowed)}, got {value!r}")


def check_profile(p: Profile) -> None:
    """Refuse a profile whose keys do not make one rule book together."""
    _check_event(p)
    _check_time_controls(p)
    _check_points(p)
    _check_tiebreaks(p)
    _check_playoff(p)
    _check_prizes(p)
    _check_sources(p)
    if not Decimal(0) < p.illness.withdrawal_counted_fraction <= Decimal(1):
        _fail("illness.withdrawal_counted_fraction", "must be above 0 and at most 1")


def _check_event(p: Profile) -> None:
    ev = p.event
    if ev.players < 3:
        _fail("event.players", f"a round robin needs at least 3 players, got {ev.players}")
    if ev.cycles < 1:
        _fail("event.cycles", "must be at least 1")
    per_cycle = ev.players - 1 if ev.players % 2 == 0 else ev.players
    if ev.rounds != per_cycle * ev.cycles:
        _fail(
            "event.rounds",
            f"{ev.players} players over {ev.cycles} cycle(s) play "
            f"{per_cycle * ev.cycles} rounds, not {ev.rounds}",
        )
    if ev.pairing_system != "berger":
        _fail("event.pairing_system", f"only 'berger' is supported, got {ev.pairing_system!r}")
    _one_of("event.second_cycle", ev.second_cycle, SECOND_CYCLE_ORDERS)
    if (
        len(ev.currency) != 3
        or not ev.currency.isascii()
        or not ev.currency.isupper()
        or not ev.currency.isalpha()
    ):
        _fail(
            "event.currency",
            f"an ISO 4217 code of three capital letters (NOK, EUR), got {ev.currency!r}",
        )
    if not ev.name.strip():
        _fail("event.name", "must not be blank")
    cl = p.classical
    _one_of("classical.draw_agreement_rule", cl.draw_agreement_rule, DRAW_RULES)
    _one_of("classical.armageddon_draw_winner", cl.armageddon_draw_winner, ("white", "black"))


def _check_time_controls(p: Profile) -> None:
    needed = REQUIRED_TIME_CONTROLS + (("blitz_opener",) if p.event.has_blitz_opener else ())
    for name in needed:
        if name not in p.time_controls:
            _fail(f"time_controls.{name}", "missing")
    for name, tc in p.time_controls.items():
        key = f"time_controls.{name}"
        if tc.white_seconds == 0 or tc.black_seconds == 0:
            _fail(key, "a clock must start with more than 0 seconds")
        for i, period in enumerate(tc.periods):
            where = key if i == 0 else f"{key}.then[{i - 1}]"
            _check_period(where, period, first=i == 0)
            last = i == len(tc.periods) - 1
            if not last and period.moves < 1:
                _fail(
                    f"{where}.moves",
                    "a period followed by another covers one move or more",
                )
            if last and period.moves != 0:
                _fail(
                    f"{where}.moves",
                    f"the last period covers the rest of the game: leave out moves (got "
                    f"{period.moves}), or give the periods after it (then)",
                )
        if name == "classical":
            _check_classical(key, tc)


def _check_period(key: str, period: Period, *, first: bool) -> None:
    for colour in ("white", "black"):
        seconds = period.seconds(colour == "white")
        name = f"{key}.{colour}_seconds"
        if not first and seconds == 0:
            _fail(name, "a later period adds time to the clock (more than 0 seconds)")
        if seconds > MAX_CLOCK_SECONDS:
            _fail(
                name,
                f"{seconds} seconds is more than a clock is "
                f"set to (1 to {MAX_CLOCK_SECONDS} seconds, 6 hours)",
            )
    if period.increment_seconds > MAX_INCREMENT_SECONDS:
        _fail(
            f"{key}.increment_seconds",
            f"{period.increment_seconds} seconds a move is more "
            f"than an increment is (0 to {MAX_INCREMENT_SECONDS} seconds)",
        )
    if not 1 <= period.increment_from_move <= MAX_INCREMENT_FROM_MOVE:
        _fail(
            f"{key}.increment_from_move",
            f"move {period.increment_from_move}: moves are "
            f"numbered from 1, and an increment starts by move {MAX_INCREMENT_FROM_MOVE}",
        )


def _check_classical(key: str, tc: TimeControl) -> None:
    """FIDE's standard game: each player has at least 60' for 60 moves, every period begun by
    then and the increments counted (the whole control, not its first period)."""
    for colour, white in (("White", True), ("Black", False)):
        total = tc.given_by(white, 60)
        if total < MIN_CLASSICAL_SECONDS:
            minutes, rest = divmod(total, 60)
            said = f"{minutes}'" + (f'{rest:02d}"' if rest else "")
            _fail(
                key,
                f"{colour} has {said} for 60 moves, increments included; a classical game "
                "gives each player at least 60' (FIDE Laws of Chess, Appendix A.1: under 60' "
                "is rapid)",
            )


def _check_points(p: Profile) -> None:
    pts = p.points
    if not pts.win > pts.draw_armageddon_win >= pts.draw_armageddon_loss >= pts.loss:
        _fail("points", "must order win > Armageddon win >= Armageddon loss >= loss")
    if pts.forfeit_win < pts.forfeit_loss:
        _fail("points.forfeit_win", "a forfeit win cannot score less than a forfeit loss")
    no_armageddon = not p.classical.armageddon_after_draw
    if no_armageddon and pts.draw_armageddon_win != pts.draw_armageddon_loss:
        _fail(
            "points.draw_armageddon_win",
            "with no Armageddon after a draw "
            "(classical.armageddon_after_draw = false) a draw scores the same for both: "
            "draw_armageddon_win and draw_armageddon_loss are the draw's points",
        )
    win, loss = pts.armageddon_forfeit
    if win < loss:
        _fail(
            "points.armageddon_forfeit_win",
            "the player present cannot score less than the one absent",
        )
    if not p.blitz_points.win > p.blitz_points.draw > p.blitz_points.loss:
        _fail("blitz_points", "must order win > draw > loss")


def _check_tiebreaks(p: Profile) -> None:
    for key, order in (
        ("tiebreaks.order", p.tiebreaks.order),
        ("playoff.round_robin_tiebreaks", p.playoff.round_robin_tiebreaks),
    ):
        for name in order:
            if name not in TIEBREAK_NAMES:
                _fail(key, f"unknown tie-break {name!r} (known: {', '.join(TIEBREAK_NAMES)})")
        if len(set(order)) != len(order):
            _fail(key, "a tie-break is listed twice")
        if "lots" in order and order[-1] != "lots":
            _fail(key, "the drawing of lots decides last: nothing can follow it")
    _one_of("tiebreaks.sonneborn_berger_basis", p.tiebreaks.sonneborn_berger_basis, SB_BASES)


def _check_playoff(p: Profile) -> None:
    po = p.playoff
    for key in (
        "match_time_control",
        "armageddon_time_control",
        "round_robin_time_control",
        "sudden_death_time_control",
    ):
        name = getattr(po, key)
        if name not in p.time_controls:
            _fail(f"playoff.{key}", f"names no time control: {name!r}")
    _one_of("playoff.armageddon_colours", po.armageddon_colours, ("lots", "higher_ranked_chooses"))
    _one_of("playoff.armageddon_draw_winner", po.armageddon_draw_winner, ("white", "black"))
    _one_of("playoff.round_robin_second_cycle", po.round_robin_second_cycle, SECOND_CYCLE_ORDERS)
    _one_of(
        "playoff.round_robin_tiebreak_basis", po.round_robin_tiebreak_basis, PLAYOFF_TIEBREAK_BASES
    )
    for key in ("match_games", "round_robin_cycles", "matches"):
        if getattr(po, key) < 1:
            _fail(f"playoff.{key}", "must be at least 1")
    _one_of("playoff.after_match", po.after_match, PLAYOFF_AFTER_MATCH)
    _one_of("playoff.after_sudden_death", po.after_sudden_death, PLAYOFF_AFTER_SUDDEN_DEATH)
    _one_of("playoff.sudden_death_first_white", po.sudden_death_first_white, ("alternate", "lots"))
    _one_of("playoff.sudden_death_colours", po.sudden_death_colours, ("alternate", "pairs"))


def _check_prizes(p: Profile) -> None:
    prizes = p.prizes
    total = sum(prizes.amounts, Decimal(0))
    if total != prizes.fund:
        _fail("prizes.amounts", f"add up to {total:f}, not to the fund {prizes.fund:f}")
    if len(prizes.amounts) > p.event.players:
        _fail(
            "prizes.amounts",
            f"{len(prizes.amounts)} prizes for {p.event.players} players: "
            "a prize table cannot be longer than the field",
        )
    if list(prizes.amounts) != sorted(prizes.amounts, reverse=True):
        _fail("prizes.amounts", "a lower place cannot win more than a higher one")
    if any(a != a.quantize(Decimal("0.01")) for a in prizes.amounts):
        _fail("prizes.amounts", "amounts are whole to the hundredth (øre, cents)")


def _check_sources(p: Profile) -> None:
    for i, key in enumerate(p.sources.not_found):
        if not _names_a_key(p, key):
            _fail(f"sources.not_found[{i}]", f"{key!r} names no table or key of the profile")


def _names_a_key(p: Profile, key: str) -> bool:
    table, _, rest = key.partition(".")
    if table not in _TABLES:
        return False
    if not rest:
        return True
    if table == "time_controls":
        name, _, field = rest.partition(".")
        return name in p.time_controls and (not field or hasattr(p.time_controls[name], field))
    return "." not in rest and hasattr(getattr(p, table), rest)
