"""§4, §6 and §9: the standings after any round.

Order: points, then the profile's tie-breaks (2022: Sonneborn-Berger, most wins, most wins with
Black). Players equal on all of them share the place ("7-8"). A player who withdrew having
completed less than the profile's fraction of their games (§9 a) stays in the table but is
unranked, and neither their points nor their games count for anyone.

Definitions (docs/regulations.md, "Rank and place"):

* SB: for each of the player's complete pairings, the points the player scored in it times that
  opponent's total. With the basis ``event_points`` both are in the event's own points
  (3 / 1.5 / 1 / 0); with ``main_game`` both come from the main games alone (1 / ½ / 0).
  Forfeits count as games against the scheduled opponent (FIDE C.07, round robins).
* Wins: main games won, forfeit wins included (FIDE "WIN"). Black wins: main games won with
  Black over the board (FIDE "BWG"). Armageddon wins count in neither unless the profile says so.
* Direct encounter, Koya and extended Koya (``normtui.rules.tiebreaks``, FIDE C.07) read the
  same scores as SB: the event's points, or the main games' 1 / ½ / 0.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from normtui.rules.model import Colour, Game, MainResult, Player, PlayerStatus
from normtui.rules.profile import Profile
from normtui.rules.scoring import pairing_points

if TYPE_CHECKING:
    # The group tie-breaks (Koya, direct encounter) are imported when the order names one:
    # the 2022 table, after every result, needs none of them.
    from normtui.rules.tiebreaks import Scored

__all__ = [
    "Standing",
    "TiebreakValue",
    "add_group_tiebreaks",
    "classical_games",
    "compute_standings",
    "counted_players",
    "games_completed",
    "rank_rows",
    "scheduled_games",
    "tiebreak_key",
]

_HALF = Decimal("0.5")
# A tie-break is a number, or a sequence compared in order (direct encounter's loops, extended
# Koya's steps).
TiebreakValue = Decimal | tuple[Decimal, ...]


@dataclass(frozen=True)
class Standing:
    """One row of the table. ``rank`` is ``None`` for a player who is not counted (§9 a)."""

    number: int
    name: str
    points: Decimal
    sonneborn_berger: Decimal
    wins: int
    black_wins: int
    games: int
    counted: bool
    rank: int | None = None
    shared_rank: str | None = None
    armageddon_wins: int = 0
    provisional: bool = False
    extra: dict[str, TiebreakValue] = field(default_factory=dict, compare=False)

    def tiebreak(self, name: str) -> tuple[Decimal, ...]:
        """The value of a named tie-break as a sequence, bigger is better."""
        if name == "sonneborn_berger":
            return (self.sonneborn_berger,)
        if name == "wins":
            return (Decimal(self.wins),)
        if name == "black_wins":
            return (Decimal(self.black_wins),)
        value = self.extra.get(name, Decimal(0))
        return value if isinstance(value, tuple) else (value,)


def games_completed(number: int, games: Iterable[Game]) -> int:
    """Games the player finished over the board (§9: forfeits are not completed games)."""
    return sum(
        1
        for g in games
        if number in (g.white, g.black) and g.result is not None and not g.result.is_forfeit
    )


def scheduled_games(profile: Profile) -> int:
    """Games each player is due to play: in an odd field one round per cycle is a bye, and a
    bye is not a game, so this is not ``profile.event.rounds``."""
    return (profile.event.players - 1) * profile.event.cycles


def counted_players(
    players: Sequence[Player], games: Sequence[Game], profile: Profile
) -> frozenset[int]:
    """Pairing numbers whose results count in the final standings (§9 a/b).

    A withdrawn player counts when they completed at least ``withdrawal_counted_fraction`` of
    their scheduled games: with 9 rounds, 5 games completed keeps them, 4 does not.
    """
    withdrawn = {p.number for p in players if p.status is PlayerStatus.WITHDRAWN}
    if not withdrawn:
        return frozenset(p.number for p in players)
    # One pass over the games for every withdrawn player at once: this runs after every
    # result, and a scan per player would cost players x games.
    completed = dict.fromkeys(withdrawn, 0)
    for g in games:
        if g.result is not None and not g.result.is_forfeit:
            for number in (g.white, g.black):
                if number in completed:
                    completed[number] += 1
    needed = profile.illness.withdrawal_counted_fraction * scheduled_games(profile)
    return frozenset(
        p.number
        for p in players
        if p.number not in withdrawn or Decimal(completed[p.number]) >= needed
    )


def _main_game_score(game: Game, number: int) -> Decimal | None:
    result = game.result
    if result is None:
        return None
    if result is MainResult.DRAW:
        return _HALF
    winner = result.winner
    if winner is None:
        return Decimal(0)
    return Decimal(1) if winner is game.colour_of(number) else Decimal(0)


# What one complete pairing adds to each side: (points, main-game score, wins, black wins,
# Armageddon wins) of White, then of Black.
_Scored = tuple[Decimal, Decimal, int, int, int, Decimal, Decimal, int, int, int]


def _scored(game: Game, profile: Profile, counts_armageddon: bool) -> _Scored | None:
    """What ``game`` adds to both players' rows, or ``None`` while it is incomplete. It
    depends on the game's result and Armageddon alone, so compute_standings asks once per
    kind of result, not once per game."""
    draw_winner = profile.classical.armageddon_draw_winner
    scored = pairing_points(game, profile.points, draw_winner)
    if scored is None:
        return None
    main_w, main_b = _main_game_score(game, game.white), _main_game_score(game, game.black)
    assert main_w is not None and main_b is not None
    wins, black_wins, armageddon_wins = [0, 0], [0, 0], [0, 0]
    winner = game.result.winner if game.result else None
    if winner is not None:
        side = 0 if winner is Colour.WHITE else 1
        wins[side] += 1
        if winner is Colour.BLACK and game.result is MainResult.BLACK_WIN:
            black_wins[side] += 1
    elif game.armageddon is not None:
        arm_winner = game.armageddon.winner(draw_winner)
        if arm_winner is not None:  # both absent for it: nobody won it
            side = 0 if arm_winner is Colour.WHITE else 1
            armageddon_wins[side] += 1
            if counts_armageddon:
                wins[side] += 1
                # Wins with Black are over the board (FIDE "BWG"): not an opponent's absence.
                if arm_winner is Colour.BLACK and not game.armageddon.is_forfeit:
                    black_wins[side] += 1
    return (
        scored[0],
        main_w,
        wins[0],
        black_wins[0],
        armageddon_wins[0],
        scored[1],
        main_b,
        wins[1],
        black_wins[1],
        armageddon_wins[1],
    )


def compute_standings(
    players: Sequence[Player],
    games: Sequence[Game],
    profile: Profile,
    *,
    through_round: int | None = None,
    provisional_games: frozenset[tuple[int, int]] = frozenset(),
) -> list[Standing]:
    """The table after ``through_round`` (default: every complete pairing), best first.

    ``provisional_games`` holds (round, board) of results not yet signed (§8): rows that use
    one are marked provisional. Incomplete pairings (no result, or an Armageddon still due)
    count for nobody yet.

    This runs after every result over every game of the event: what a pairing adds is looked
    up by its kind of result (``_scored``) rather than worked out again for each game, and
    Sonneborn-Berger is added up here unless the order needs the tie-breaks of a group
    (Koya, direct encounter), which read the games as ``Scored``. The definition it must
    agree with is tests/rules/reference.py.
    """
    # Whether a withdrawn player counts is a fact about the whole event (§9), not about the
    # rounds shown: a player who withdrew after 5 games counts in the table after round 3 too.
    counted = counted_players(players, games, profile)
    sb_main = profile.tiebreaks.sonneborn_berger_basis == "main_game"
    with_armageddon = profile.tiebreaks.wins_include_armageddon
    order = profile.tiebreaks.order

    points = {p.number: Decimal(0) for p in players}
    main_score = {p.number: Decimal(0) for p in players}
    wins = dict.fromkeys(points, 0)
    black_wins = dict.fromkeys(points, 0)
    armageddon_wins = dict.fromkeys(points, 0)
    played = dict.fromkeys(points, 0)
    provisional: set[int] = set()
    scored_pairs: list[tuple[int, int, _Scored]] = []
    kinds: dict[tuple[object, object], _Scored | None] = {}

    for g in games:
        if through_round is not None and g.round > through_round:
            continue
        kind = (g.result, g.armageddon)
        if kind in kinds:
            scored = kinds[kind]
        else:
            # The first game of its kind; a kind the rules refuse (an Armageddon after a
            # decisive game) raises here, for this game, and is never remembered.
            scored = kinds[kind] = _scored(g, profile, with_armageddon)
        if scored is None:
            continue
        white, black = g.white, g.black
        if white not in counted or black not in counted:
            continue
        scored_pairs.append((white, black, scored))
        points[white] += scored[0]
        main_score[white] += scored[1]
        points[black] += scored[5]
        main_score[black] += scored[6]
        played[white] += 1
        played[black] += 1
        wins[white] += scored[2]
        black_wins[white] += scored[3]
        armageddon_wins[white] += scored[4]
        wins[black] += scored[7]
        black_wins[black] += scored[8]
        armageddon_wins[black] += scored[9]
        if provisional_games and (g.round, g.board) in provisional_games:
            provisional.update((white, black))

    total = main_score if sb_main else points
    # What each pairing gave its two players for the tie-breaks: event points, or the main
    # game's 1 / ½ / 0.
    pairs = [
        (white, black, scored[1], scored[6]) if sb_main else (white, black, scored[0], scored[5])
        for white, black, scored in scored_pairs
    ]
    # C.07 9.1, as tiebreaks.sonneborn_berger: the score x the opponent's total, added up.
    sb = dict.fromkeys(total, Decimal(0))
    for white, black, white_score, black_score in pairs:
        sb[white] += white_score * total[black]
        sb[black] += black_score * total[white]
    basis: list[Scored] = []
    if any(name in _GROUP_TIEBREAKS for name in order):
        from normtui.rules.tiebreaks import Scored  # lazy: see the TYPE_CHECKING import

        basis = [Scored(*pair) for pair in pairs]

    rows = [
        Standing(
            number=p.number,
            name=p.name,
            points=points[p.number],
            sonneborn_berger=sb[p.number],
            wins=wins[p.number],
            black_wins=black_wins[p.number],
            games=played[p.number],
            counted=p.number in counted,
            armageddon_wins=armageddon_wins[p.number],
            provisional=p.number in provisional,
        )
        for p in players
    ]
    counted_total = {n: v for n, v in total.items() if n in counted}
    win = Decimal(1) if sb_main else profile.points.win
    rows = add_group_tiebreaks(rows, basis, counted_total, win, order)
    return rank_rows(rows, order)


# The tie-breaks add_group_tiebreaks computes from the games (the others are in the rows).
_GROUP_TIEBREAKS = ("koya", "extended_koya", "direct_encounter")


def classical_games(
    players: Sequence[Player], games: Sequence[Game], profile: Profile
) -> list[Scored]:
    """The main games of the counted players as 1 / ½ / 0 (a forfeit as a win and a loss):
    what the classical-results tie-breaks read (2024's play-off round robin)."""
    from normtui.rules.tiebreaks import Scored  # lazy: see the TYPE_CHECKING import

    counted = counted_players(players, games, profile)
    out = []
    for g in games:
        if g.result is None or g.white not in counted or g.black not in counted:
            continue
        white, black = _main_game_score(g, g.white), _main_game_score(g, g.black)
        assert white is not None and black is not None
        out.append(Scored(g.white, g.black, white, black))
    return out


def add_group_tiebreaks(
    rows: Sequence[Standing],
    games: Sequence[Scored],
    totals: Mapping[int, Decimal],
    win: Decimal,
    order: Sequence[str],
) -> list[Standing]:
    """``rows`` with Koya, extended Koya and direct encounter in ``extra`` where ``order``
    names them, computed from ``games`` (each player's ``totals``, ``win`` points a game).

    Direct encounter is a comparison within a tie, so it needs the tie: the players equal on
    points and on every tie-break before it in ``order``."""
    extra: dict[int, dict[str, TiebreakValue]] = {r.number: dict(r.extra) for r in rows}
    if not any(name in _GROUP_TIEBREAKS for name in order):
        return [dataclasses.replace(r, extra=extra[r.number]) for r in rows]
    from normtui.rules import tiebreaks  # only now: the 2022 order names none of them

    if "koya" in order:
        koya = tiebreaks.koya(games, totals, win)
        for n in extra:
            extra[n]["koya"] = koya.get(n, Decimal(0))
    if "extended_koya" in order:
        steps = tiebreaks.extended_koya(games, totals, win)
        for n in extra:
            extra[n]["extended_koya"] = steps.get(n, ())
    out = [dataclasses.replace(r, extra=extra[r.number]) for r in rows]
    if "direct_encounter" in order:
        before = list(order[: order.index("direct_encounter")])
        groups: dict[tuple[tuple[Decimal, ...], ...], list[int]] = {}
        for r in out:
            if r.counted:
                groups.setdefault(tiebreak_key(r, before), []).append(r.number)
        encounters = tiebreaks.direct_encounter(games, groups.values())
        out = [
            dataclasses.replace(
                r, extra={**r.extra, "direct_encounter": encounters.get(r.number, ())}
            )
            for r in out
        ]
    return out


def tiebreak_key(row: Standing, order: Sequence[str]) -> tuple[tuple[Decimal, ...], ...]:
    """Bigger is better: points first, then the tie-breaks in the profile's order, each a
    sequence compared in order.

    "lots" is the value a recorded drawing of lots left in ``row.extra``; rows without one
    all have 0 there, so an undrawn tie stays a shared place rather than an invented order.
    """
    return ((row.points,), *(row.tiebreak(name) for name in order))


def _descending(key: tuple[tuple[Decimal, ...], ...]) -> tuple[tuple[Decimal, ...], ...]:
    return tuple(tuple(-v for v in part) for part in key)


def rank_rows(rows: Sequence[Standing], order: Sequence[str]) -> list[Standing]:
    """Sort and number the rows; equal keys share a place. Pairing number orders equal rows
    for display only: it is never a tie-break."""
    ranked = sorted(
        (r for r in rows if r.counted),
        key=lambda r: (_descending(tiebreak_key(r, order)), r.number),
    )
    out: list[Standing] = []
    i = 0
    while i < len(ranked):
        key = tiebreak_key(ranked[i], order)
        j = i
        while j < len(ranked) and tiebreak_key(ranked[j], order) == key:
            j += 1
        label = str(i + 1) if j - i == 1 else f"{i + 1}-{j}"
        out.extend(_with_rank(r, i + 1, label) for r in ranked[i:j])
        i = j
    uncounted = sorted((r for r in rows if not r.counted), key=lambda r: r.number)
    out.extend(_with_rank(r, None, None) for r in uncounted)
    return out


def _with_rank(row: Standing, rank: int | None, label: str | None) -> Standing:
    return Standing(
        row.number,
        row.name,
        row.points,
        row.sonneborn_berger,
        row.wins,
        row.black_wins,
        row.games,
        row.counted,
        rank,
        label,
        row.armageddon_wins,
        row.provisional,
        row.extra,
    )
