"""The straightforward definitions that the rules' fast paths must agree with.

``compute_standings`` below is the table as first written: every game worked out on its own.
``normtui.rules.standings.compute_standings`` looks up what a pairing adds by its kind of
result instead; tests/rules/test_fast_paths.py checks that the two give the same table.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from normtui.rules import tiebreaks
from normtui.rules.model import Colour, Game, MainResult, Player
from normtui.rules.profile import Profile
from normtui.rules.scoring import pairing_points

# The per-game score of the main game and the group tie-breaks are the fast path's own
# helpers, unchanged.
from normtui.rules.standings import (
    Standing,
    _main_game_score,
    add_group_tiebreaks,
    counted_players,
    rank_rows,
)
from normtui.rules.tiebreaks import Scored


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
    basis = [
        Scored(g.white, g.black, main_w if sb_main else pts_w, main_b if sb_main else pts_b)
        for g, pts_w, pts_b, main_w, main_b in scored_pairs
    ]
    sb = tiebreaks.sonneborn_berger(basis, total)

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
    rows = add_group_tiebreaks(rows, basis, counted_total, win, profile.tiebreaks.order)
    return rank_rows(rows, profile.tiebreaks.order)
