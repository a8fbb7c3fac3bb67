"""The race's searches under a budget of steps: a decided answer always agrees with every outcome
of a small event, an undecided one is a range holding the truth, and a field of 20 or 24
players mid-event is answered within the budget (its time is in BENCHMARKS.md)."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.rules.berger import berger_schedule
from normtui.rules.contenders import race
from normtui.rules.model import Game, GameState, MainResult
from normtui.rules.race_search import Budget, Scaled, can_cap, can_reach
from normtui.rules.scoring import POINTS
from tests.rules.helpers import players
from tests.rules.test_contenders import _ENDINGS, brute_force, event

FAST = settings(max_examples=80, deadline=None)
# The 3 / 1.5 / 1 / 0 endings in half points, and a drawn game's Armageddon alone; 2019's
# 2 / 1.5 / 0.5 / 0 (every game worth the same), likewise.
FOUR = ((6, 0), (0, 6), (3, 2), (2, 3))
TWO = ((3, 2), (2, 3))
ENDINGS = [FOUR, TWO, ((4, 0), (0, 4), (3, 1), (1, 3)), ((3, 1), (1, 3))]


@st.composite
def small_question(draw: st.DrawFn) -> tuple[dict[int, int], list[Scaled], dict[int, int]]:
    n = draw(st.integers(2, 6))
    pairs = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)]
    chosen = draw(st.lists(st.sampled_from(pairs), min_size=1, max_size=7))
    scoring = draw(st.sampled_from([0, 2]))
    games = [(a, b, ENDINGS[scoring + draw(st.integers(0, 1))]) for a, b in chosen]
    current = {p: draw(st.integers(0, 20)) for p in range(1, n + 1)}
    marked = draw(st.lists(st.integers(1, n), min_size=1, unique=True))
    marks = {p: current[p] + draw(st.integers(-2, 24)) for p in marked}
    return current, games, marks


def _every_outcome(current: dict[int, int], games: list[Scaled]):  # type: ignore[no-untyped-def]
    for combo in itertools.product(*(outs for _, _, outs in games)):
        total = dict(current)
        for (w, b, _), (pw, pb) in zip(games, combo, strict=True):
            total[w] += pw
            total[b] += pb
        yield total


def _with(current: dict[int, int], games: list[Scaled], endings: dict[int, int]) -> dict[int, int]:
    total = dict(current)
    for k, (w, b, outs) in enumerate(games):
        total[w] += outs[endings[k]][0]
        total[b] += outs[endings[k]][1]
    return total


@FAST
@given(small_question(), st.integers(0, 3000))
def test_a_cap_decided_within_any_budget_is_right_and_a_yes_is_shown(question, steps) -> None:  # type: ignore[no-untyped-def]
    current, games, caps = question
    truth = any(all(t[p] <= c for p, c in caps.items()) for t in _every_outcome(current, games))
    verdict, endings = can_cap(current, games, caps, Budget(steps))
    assert verdict in (truth, None)
    if verdict:
        total = _with(current, games, endings)
        assert all(total[p] <= c for p, c in caps.items())


@FAST
@given(small_question(), st.integers(0, 3000))
def test_a_reach_decided_within_any_budget_is_right_and_a_yes_is_shown(question, steps) -> None:  # type: ignore[no-untyped-def]
    current, games, targets = question
    truth = any(all(t[p] >= c for p, c in targets.items()) for t in _every_outcome(current, games))
    verdict, endings = can_reach(current, games, targets, Budget(steps))
    assert verdict in (truth, None)
    if verdict:
        total = _with(current, games, endings)
        assert all(total[p] >= c for p, c in targets.items())


@FAST
@given(small_question())
def test_with_steps_enough_a_small_question_is_always_decided(question) -> None:  # type: ignore[no-untyped-def]
    current, games, caps = question
    assert can_cap(current, games, caps, Budget(10**6))[0] is not None
    assert can_reach(current, games, caps, Budget(10**6))[0] is not None


@FAST
@given(st.sampled_from([4, 5, 6]), st.integers(0, 4000), st.data())
def test_a_race_short_of_steps_gives_ranges_that_hold_every_outcome(n, steps, data) -> None:  # type: ignore[no-untyped-def]
    total = len([q for rnd in berger_schedule(n) for q in rnd if q.black is not None])
    open_count = data.draw(st.integers(0, min(6, total)))
    still_open = data.draw(st.permutations(range(total)))[:open_count]
    codes = data.draw(st.lists(st.integers(0, 4), min_size=total, max_size=total))
    games = event(n, [i for i in range(total) if i not in still_open], codes)
    ps = players(n)
    expected = brute_force(ps, games)
    for c in race(ps, games, POINTS, steps=steps):
        can_win, best, worst = expected[c.number]
        assert c.can_win in (can_win, None)
        assert c.best_place <= best <= (c.best_place_up_to or c.best_place)
        assert (c.worst_place_from or c.worst_place) <= worst <= c.worst_place
        assert c.clinched in (worst == 1, None)


@FAST
@given(st.sampled_from([3, 4, 5]), st.data())
def test_2019s_points_agree_with_every_outcome(n, data) -> None:  # type: ignore[no-untyped-def]
    from decimal import Decimal as D

    from normtui.rules.profile import MainPoints

    points = MainPoints(D(2), D(0), D("1.5"), D("0.5"), D(2), D(0))
    total = len([q for rnd in berger_schedule(n) for q in rnd if q.black is not None])
    open_count = data.draw(st.integers(0, min(6, total)))
    still_open = data.draw(st.permutations(range(total)))[:open_count]
    codes = data.draw(st.lists(st.integers(0, 4), min_size=total, max_size=total))
    games = event(n, [i for i in range(total) if i not in still_open], codes)
    ps = players(n)
    got = {c.number: (c.can_win, c.best_place, c.worst_place) for c in race(ps, games, points)}
    assert got == brute_force(ps, games, points)


def _mid_event(n: int, through: int, seed: int) -> list[Game]:
    """A single round robin of ``n`` with random endings up to round ``through``."""
    lots = random.Random(seed)
    played = [
        i
        for i, q in enumerate(
            p for rnd in berger_schedule(n)[:through] for p in rnd if p.black is not None
        )
    ]
    return event(n, played, [lots.randrange(4) for _ in played])


def test_twenty_and_twenty_four_players_mid_event_are_answered_and_consistent() -> None:
    for n, through in ((20, 14), (24, 8), (24, 12), (24, 18)):
        games = _mid_event(n, through, n * 100 + through)
        rows = race(players(n), games, POINTS)
        assert len(rows) == n
        leader = max(rows, key=lambda r: r.points)
        assert leader.can_win is True
        for r in rows:
            assert 1 <= r.best_place <= (r.best_place_up_to or r.best_place)
            assert (r.best_place_up_to or r.best_place) <= (r.worst_place_from or r.worst_place)
            assert (r.worst_place_from or r.worst_place) <= r.worst_place <= n
            # A player whose most is below someone's points now is out; one who can pass
            # everyone's most is not.
            if any(o.points > r.max_points for o in rows):
                assert r.can_win is False
            if all(r.max_points >= o.max_points for o in rows):
                assert r.can_win is True


def test_no_steps_at_all_says_undecided_rather_than_guessing() -> None:
    games = _mid_event(24, 12, 7)
    rows = race(players(24), games, POINTS, steps=0)
    assert any(r.can_win is None for r in rows)
    assert not all(r.settled for r in rows)


def test_the_leader_line_names_who_is_undecided() -> None:
    from decimal import Decimal as D

    from normtui.rules.contenders import Contender, describe_leader
    from normtui.rules.first_place import FirstPlace

    rows = [
        Contender(1, "A", D(9), D(15), D(9), 1, 3, 2),
        Contender(2, "B", D(6), D(12), D(6), 1, 3, 2, best_place_up_to=2),
        Contender(3, "C", D(3), D(6), D(3), 3, 3, 2),
    ]
    assert describe_leader(rows, FirstPlace((1,), "playoff", False, "§5")) == (
        "Can still finish first or share it (a share of first place is played off, §5): A · "
        "undecided (too many ways left to work out): B"
    )
    plain = FirstPlace((1,), "tiebreaks", False, "", "FIDE C.07")
    assert describe_leader(rows, plain).startswith(
        "Can still finish first or share it (the tie-breaks decide a share of first place, "
        "FIDE C.07): A"
    )
    assert [r.can_win for r in rows] == [True, None, False]
    assert rows[1].best_text == "1-2"


@FAST
@given(st.sampled_from([3, 4]), st.integers(0, 4000), st.data())
def test_a_double_round_robin_agrees_with_every_outcome_too(n, steps, data) -> None:  # type: ignore[no-untyped-def]
    # Each pair meets twice: the search must not take a pair for one game.
    single = event(n, [], [0])
    games = single + [Game(g.round + n, g.board, g.black, g.white) for g in single]
    total = len(games)
    open_count = data.draw(st.integers(0, min(6, total)))
    still_open = set(data.draw(st.permutations(range(total)))[:open_count])
    codes = data.draw(st.lists(st.integers(0, 4), min_size=total, max_size=total))
    decided = event_from(games, [i for i in range(total) if i not in still_open], codes)
    ps = players(n)
    expected = brute_force(ps, decided)
    for c in race(ps, decided, POINTS, steps=steps):
        can_win, best, worst = expected[c.number]
        assert c.can_win in (can_win, None)
        assert c.best_place <= best <= (c.best_place_up_to or c.best_place)
        assert (c.worst_place_from or c.worst_place) <= worst <= c.worst_place
    # With the default steps, every answer is decided and right.
    rows = race(ps, decided, POINTS)
    assert {c.number: (c.can_win, c.best_place, c.worst_place) for c in rows} == expected


def event_from(games: list[Game], decided: list[int], codes: list[int]) -> list[Game]:
    """``games`` with those in ``decided`` given an ending by ``codes`` (as ``event`` does)."""
    out = []
    for i, g in enumerate(games):
        if i not in decided:
            out.append(g)
        elif codes[i] == 4:
            out.append(
                Game(
                    g.round, g.board, g.white, g.black, MainResult.DRAW, None, GameState.IN_PROGRESS
                )
            )
        else:
            main, arm = _ENDINGS[codes[i]]
            out.append(Game(g.round, g.board, g.white, g.black, main, arm, GameState.FINISHED))
    return out
