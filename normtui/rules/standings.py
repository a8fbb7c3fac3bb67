"""§4, §6 and §9: the standings after any round.

Order: points, then the profile's tie-breaks (2022: Sonneborn-Berger, most wins, most wins with
Black). Players equal on all of them share the place ("7-8"). A player who withdrew having
completed less than the profile's fraction of their games (§9 a) stays in the table but is
unranked, and neither their points nor their games count for anyone.

Definitions (README, "How normtui reads the regulations"):

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

from normtui.rules import tiebreaks
from normtui.rules.model import Colour, Game, MainResult, Player, PlayerStatus
from normtui.rules.profile import Profile
from normtui.rules.scoring import pairing_points
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
        1 for g in games
        if number in (g.white, g.black) and g.result is not None and not g.result.is_forfeit
    )


def scheduled_games(profile: Profile) -> int:
    """Games each player is due to play: in an odd field one round per cycle is a bye, and a
    bye is not a game, so this is not ``profile.event.rounds``."""
    return (profile.event.players - 1) * profile.event.cycles


def counted_players(players: Sequence[Player], games: Sequence[Game], profile: Profile
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
    return frozenset(p.number for p in players
                     if p.number not in withdrawn or Decimal(completed[p.number]) >= needed)


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


def compute_standings(players: Sequence[Player], games: Sequence[Game], profile: Profile, *,
                      through_round: int | None = None,
                      provisional_games: frozenset[tuple[int, int]] = frozenset()
                      ) -> list[Standing]:
    """The table after ``through_round`` (default: every complete pairing), best first.

    ``provisional_games`` holds (round, board) of results not yet signed (§8): rows that use
    one are marked provisional. Incomplete pairings (no result, or an Armageddon still due)
    count for nobody yet.
    """
    chosen = [g for g in games if through_round is None or g.round <= through_round]
    # Whether a withdrawn player counts is a fact about the whole event (§9), not about the
    # rounds shown: a player who withdrew after 5 games counts in the table after round 3 too.
    counted = counted_players(players, games, profile)
    draw_winner = profile.classical.armageddon_draw_winner
    sb_main = profile.tiebreaks.sonneborn_berger_basis == "main_game"
    with_armageddon = profile.tiebreaks.wins_include_armageddon

    points = {p.number: Decimal(0) for p in players}
    main_score = {p.number: Decimal(0) for p in players}
    wins = dict.fromkeys(points, 0)
    black_wins = dict.fromkeys(points, 0)
    armageddon_wins = dict.fromkeys(points, 0)
    played = dict.fromkeys(points, 0)
    provisional: set[int] = set()
    scored_pairs: list[tuple[Game, Decimal, Decimal, Decimal, Decimal]] = []

    for g in chosen:
        scored = pairing_points(g, profile.points, draw_winner)
        if scored is None or g.white not in counted or g.black not in counted:
            continue
        main_w, main_b = _main_game_score(g, g.white), _main_game_score(g, g.black)
        assert main_w is not None and main_b is not None
        scored_pairs.append((g, scored[0], scored[1], main_w, main_b))
        for num, pts, main in ((g.white, scored[0], main_w), (g.black, scored[1], main_b)):
            points[num] += pts
            main_score[num] += main
            played[num] += 1
        if (g.round, g.board) in provisional_games:
            provisional.update((g.white, g.black))
        winner = g.result.winner if g.result else None
        if winner is not None:
            winner_no = g.white if winner is Colour.WHITE else g.black
            wins[winner_no] += 1
            if winner is Colour.BLACK and g.result is MainResult.BLACK_WIN:
                black_wins[winner_no] += 1
        elif g.armageddon is not None:
            arm_winner = g.armageddon.winner(draw_winner)
            if arm_winner is None:  # both absent for it: nobody won it
                continue
            winner_no = g.white if arm_winner is Colour.WHITE else g.black
            armageddon_wins[winner_no] += 1
            if with_armageddon:
                wins[winner_no] += 1
                # Wins with Black are over the board (FIDE "BWG"): not an opponent's absence.
                if arm_winner is Colour.BLACK and not g.armageddon.is_forfeit:
                    black_wins[winner_no] += 1

    total = main_score if sb_main else points
    basis = [Scored(g.white, g.black, main_w if sb_main else pts_w,
                    main_b if sb_main else pts_b)
             for g, pts_w, pts_b, main_w, main_b in scored_pairs]
    sb = tiebreaks.sonneborn_berger(basis, total)

    rows = [
        Standing(number=p.number, name=p.name, points=points[p.number],
                 sonneborn_berger=sb[p.number], wins=wins[p.number],
                 black_wins=black_wins[p.number], games=played[p.number],
                 counted=p.number in counted, armageddon_wins=armageddon_wins[p.number],
                 provisional=p.number in provisional)
        for p in players
    ]
    counted_total = {n: v for n, v in total.items() if n in counted}
    win = Decimal(1) if sb_main else profile.points.win
    rows = add_group_tiebreaks(rows, basis, counted_total, win, profile.tiebreaks.order)
    return rank_rows(rows, profile.tiebreaks.order)


def classical_games(players: Sequence[Player], games: Sequence[Game], profile: Profile
                    ) -> list[Scored]:
    """The main games of the counted players as 1 / ½ / 0 (a forfeit as a win and a loss):
    what the classical-results tie-breaks read (2024's play-off round robin)."""
    counted = counted_players(players, games, profile)
    out = []
    for g in games:
        if g.result is None or g.white not in counted or g.black not in counted:
            continue
        white, black = _main_game_score(g, g.white), _main_game_score(g, g.black)
        assert white is not None and black is not None
        out.append(Scored(g.white, g.black, white, black))
    return out


def add_group_tiebreaks(rows: Sequence[Standing], games: Sequence[Scored],
                        totals: Mapping[int, Decimal], win: Decimal, order: Sequence[str]
                        ) -> list[Standing]:
    """``rows`` with Koya, extended Koya and direct encounter in ``extra`` where ``order``
    names them, computed from ``games`` (each player's ``totals``, ``win`` points a game).

    Direct encounter is a comparison within a tie, so it needs the tie: the players equal on
    points and on every tie-break before it in ``order``."""
    extra: dict[int, dict[str, TiebreakValue]] = {r.number: dict(r.extra) for r in rows}
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
        before = list(order[:order.index("direct_encounter")])
        groups: dict[tuple[tuple[Decimal, ...], ...], list[int]] = {}
        for r in out:
            if r.counted:
                groups.setdefault(tiebreak_key(r, before), []).append(r.number)
        encounters = tiebreaks.direct_encounter(games, groups.values())
        out = [dataclasses.replace(r, extra={**r.extra,
                                             "direct_encounter": encounters.get(r.number, ())})
               for r in out]
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
    ranked = sorted((r for r in rows if r.counted),
                    key=lambda r: (_descending(tiebreak_key(r, order)), r.number))
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
    return Standing(row.number, row.name, row.points, row.sonneborn_berger, row.wins,
                    row.black_wins, row.games, row.counted, rank, label,
                    row.armageddon_wins, row.provisional, row.extra)
