"""Who can still finish first: the search against every outcome of small
events, and the real 2022 event at its end and part-way."""

from __future__ import annotations

import bisect
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.rules.berger import berger_schedule
from normtui.rules.contenders import describe_leader, open_pairings, race
from normtui.rules.first_place import FirstPlace
from normtui.rules.model import ArmageddonResult, Game, GameState, MainResult, Player
from normtui.rules.profile import MainPoints
from normtui.rules.scoring import POINTS, pairing_points
from tests.rules.helpers import event_2022, players

FAST = settings(max_examples=80, deadline=None)
_ENDINGS = [
    (MainResult.WHITE_WIN, None),
    (MainResult.BLACK_WIN, None),
    (MainResult.DRAW, ArmageddonResult.WHITE_WIN),
    (MainResult.DRAW, ArmageddonResult.BLACK_WIN),
]


def brute_force(
    ps: list[Player], games: list[Game], points: MainPoints = POINTS
) -> dict[int, tuple[bool, int, int]]:
    """(can finish first or share it, best place, worst place) of each player, from every
    way the open pairings can end: places on points, ties counted the best way for the best
    place and the worst way for the worst.

    Every ending of every open pairing is played, game after game; outcomes that give the same
    table of points are one table (places depend on the points alone), so the tables are
    built as a set and each is ranked once."""
    numbers = [p.number for p in ps]
    fixed = dict.fromkeys(numbers, Decimal(0))
    open_ = []
    for g in games:
        scored = pairing_points(g, points) if g.result else None
        if scored is None:
            open_.append(g)
            continue
        fixed[g.white] += scored[0]
        fixed[g.black] += scored[1]
    index = {n: i for i, n in enumerate(numbers)}
    tables = {tuple(fixed[n] for n in numbers)}
    for g in open_:
        endings = [e for e in _ENDINGS if g.result is None or e[0] is MainResult.DRAW]
        scored = [
            pairing_points(Game(g.round, g.board, g.white, g.black, main, arm), points)
            for main, arm in endings
        ]
        w, b = index[g.white], index[g.black]
        grown = set()
        for table in tables:
            for pw, pb in scored:
                total = list(table)
                total[w] += pw
                total[b] += pb
                grown.add(tuple(total))
        tables = grown
    best = dict.fromkeys(numbers, len(ps))
    worst = dict.fromkeys(numbers, 1)
    for table in tables:
        ranked = sorted(table)
        for n, mine in zip(numbers, table, strict=True):
            above = len(ranked) - bisect.bisect_right(ranked, mine)  # others on more points
            level = len(ranked) - bisect.bisect_left(ranked, mine) - 1  # others on as many
            best[n] = min(best[n], 1 + above)
            worst[n] = max(worst[n], 1 + level)
    return {n: (best[n] == 1, best[n], worst[n]) for n in numbers}


def event(n: int, decided: list[int], codes: list[int]) -> list[Game]:
    """The Berger pairings of ``n`` players; pairing ``i`` (in order) is decided when ``i`` is in
    ``decided``, by ``codes[i]``: 0-3 one of the four endings, 4 a draw waiting for its
    Armageddon."""
    out = []
    for i, p in enumerate(q for rnd in berger_schedule(n) for q in rnd if q.black is not None):
        assert p.black is not None
        if i not in decided:
            out.append(Game(p.round, p.board, p.white, p.black))
            continue
        code = codes[i % len(codes)]
        if code == 4:
            out.append(
                Game(
                    p.round, p.board, p.white, p.black, MainResult.DRAW, None, GameState.IN_PROGRESS
                )
            )
        else:
            main, arm = _ENDINGS[code]
            out.append(Game(p.round, p.board, p.white, p.black, main, arm, GameState.FINISHED))
    return out


@FAST
@given(st.sampled_from([3, 4, 5]), st.data())
def test_the_search_agrees_with_every_outcome_of_a_small_event(n: int, data) -> None:  # type: ignore[no-untyped-def]
    total = len([q for rnd in berger_schedule(n) for q in rnd if q.black is not None])
    # At most six pairings open (4**6 outcomes), the others decided at random.
    open_count = data.draw(st.integers(0, min(6, total)))
    still_open = data.draw(st.permutations(range(total)))[:open_count]
    codes = data.draw(st.lists(st.integers(0, 4), min_size=total, max_size=total))
    games = event(n, [i for i in range(total) if i not in still_open], codes)
    ps = players(n)
    expected = brute_force(ps, games)
    rows = race(ps, games, POINTS)
    got = {c.number: (c.can_win, c.best_place, c.worst_place) for c in rows}
    assert got == expected
    assert all(c.settled for c in rows)


def test_a_drawn_main_game_still_waiting_has_only_its_armageddon_left() -> None:
    g = Game(1, 1, 1, 2, MainResult.DRAW, None, GameState.IN_PROGRESS)
    [left] = open_pairings([g], POINTS)
    assert sorted(left.outcomes) == [(Decimal(1), Decimal("1.5")), (Decimal("1.5"), Decimal(1))]


def test_a_player_not_counted_is_out_of_the_race_and_his_games_count_for_nobody() -> None:
    ps = players(4)
    games = event(4, [], [0])
    rows = race(ps, games, POINTS, counted=frozenset({1, 2, 3}))
    assert [r.number for r in rows] == [1, 2, 3]
    assert all(r.games_left == 2 for r in rows)


def test_2022_after_the_last_round_carlsen_alone_has_won_it() -> None:
    ps, games = event_2022()
    rows = {r.name: r for r in race(ps, games, POINTS)}
    assert rows["Carlsen"].clinched and rows["Carlsen"].points == Decimal("16.5")
    assert [r.name for r in rows.values() if r.can_win] == ["Carlsen"]
    # Topalov and Tari shared 7-8 on 9½ (docs/regulations.md, "Prize money"): the best and
    # worst ends of the tie.
    assert (rows["Topalov"].best_place, rows["Topalov"].worst_place) == (7, 8)
    first = FirstPlace((2,), "playoff", True, "§5")
    assert describe_leader(list(rows.values()), first) == (
        "Carlsen has won the event outright (no play-off)"
    )


def test_2022_before_round_9_carlsen_had_not_clinched_it() -> None:
    ps, played = event_2022()
    games = [Game(g.round, g.board, g.white, g.black) if g.round == 9 else g for g in played]
    rows = {r.name: r for r in race(ps, games, POINTS)}
    leaders = sorted(r.name for r in rows.values() if r.can_win)
    assert "Carlsen" in leaders and len(leaders) > 1, leaders
    assert not rows["Carlsen"].clinched
    for r in rows.values():
        assert r.best_place <= r.worst_place
        assert r.min_points <= r.points + 0 <= r.max_points
        assert r.games_left == 1
