"""Properties that hold for every event, not just 2022 ("Done means")."""

from __future__ import annotations

import dataclasses
import itertools
import random
from decimal import Decimal as D

from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.rules.berger import SECOND_CYCLE_ORDERS, berger_schedule
from normtui.rules.model import ArmageddonResult, Game, MainResult, Player, PlayerStatus
from normtui.rules.prizes import distribute_prizes, prizes_for_standings
from normtui.rules.scoring import pairing_points
from normtui.rules.standings import (
    Standing,
    compute_standings,
    counted_players,
    games_completed,
    scheduled_games,
)
from normtui.rules.withdrawal import withdrawal_effect
from tests.rules.helpers import players, small_profile

FAST = settings(max_examples=120, deadline=None)

main_results = st.sampled_from(list(MainResult))
armageddons = st.sampled_from(list(ArmageddonResult))


def pairing(result: MainResult, armageddon: ArmageddonResult) -> Game:
    return Game(1, 1, 1, 2, result, armageddon if result is MainResult.DRAW else None)


@FAST
@given(main_results, armageddons)
def test_section_4_a_pairing_is_worth_3_or_2_5_and_forfeits_3_or_0(
    result: MainResult, armageddon: ArmageddonResult
) -> None:
    """§4: decisive 3 + 0, drawn 1.5 + 1; forfeits 3 + 0, or 0 + 0 when both are absent. An
    Armageddon forfeited scores as one lost (1.5 + 1), or 1 + 1 when both are absent from it."""
    profile = small_profile(3)
    scored = pairing_points(pairing(result, armageddon), profile.points)
    assert scored is not None
    total = scored[0] + scored[1]
    if result is MainResult.DOUBLE_FORFEIT:
        assert total == 0
    elif result.is_forfeit or not result.is_draw:
        assert total == 3
    elif armageddon is ArmageddonResult.DOUBLE_FORFEIT:
        assert scored == (1, 1)
    else:
        assert total == D("2.5")


@FAST
@given(st.integers(3, 16), st.integers(1, 2), st.sampled_from(SECOND_CYCLE_ORDERS))
def test_section_1_everyone_meets_everyone_once_per_cycle(n: int, cycles: int, order: str) -> None:
    """§1 / FIDE C.05: each pair meets once per cycle, nobody plays twice in a round, colours
    per cycle balance within one, and a second cycle gives each pair the other colours."""
    schedule = berger_schedule(n, cycles, second_cycle=order)
    per_cycle = n - 1 if n % 2 == 0 else n
    assert len(schedule) == per_cycle * cycles
    for c in range(cycles):
        rounds = schedule[c * per_cycle : (c + 1) * per_cycle]
        met: dict[frozenset[int], tuple[int, int]] = {}
        whites = dict.fromkeys(range(1, n + 1), 0)
        blacks = dict.fromkeys(range(1, n + 1), 0)
        byes = []
        for r in rounds:
            seen = [p.white for p in r] + [p.black for p in r if p.black is not None]
            assert sorted(seen) == list(range(1, n + 1))
            for p in r:
                if p.black is None:
                    byes.append(p.white)
                    continue
                key = frozenset((p.white, p.black))
                assert key not in met
                met[key] = (p.white, p.black)
                whites[p.white] += 1
                blacks[p.black] += 1
        assert len(met) == n * (n - 1) // 2
        assert all(abs(whites[k] - blacks[k]) <= 1 for k in whites)
        assert sorted(byes) == (list(range(1, n + 1)) if n % 2 else [])
        if c == 0:
            first = met
        else:
            assert all(met[k] == first[k][::-1] for k in met)


@st.composite
def events(draw: st.DrawFn) -> tuple[int, list[Game], int | None, random.Random]:
    """A random finished single round robin, sometimes with one uncounted withdrawal."""
    n = draw(st.integers(3, 8))
    games = []
    for r in berger_schedule(n):
        for p in r:
            if p.black is None:
                continue
            result = draw(main_results)
            arm = draw(armageddons) if result is MainResult.DRAW else None
            games.append(Game(p.round, p.board, p.white, p.black, result, arm))
    withdrawn = draw(st.none() | st.integers(1, n))
    return n, games, withdrawn, random.Random(draw(st.integers(0, 2**32)))


def ranks(rows: list[Standing]) -> dict[int, tuple[int | None, str | None]]:
    return {r.number: (r.rank, r.shared_rank) for r in rows}


@FAST
@given(events())
def test_section_6_ranking_follows_points_and_is_a_total_order(
    event: tuple[int, list[Game], int | None, random.Random],
) -> None:
    """§4/§6: a higher-ranked player never has fewer points; the ranking does not depend on
    the order players and games are listed in; uncounted players are unranked and last."""
    n, games, withdrawn, rng = event
    field = players(n, withdrawn)
    profile = small_profile(n)
    rows = compute_standings(field, games, profile)
    counted = [r for r in rows if r.counted]
    for better, worse in itertools.pairwise(counted):
        assert better.points >= worse.points
        assert better.rank is not None and worse.rank is not None
        assert better.rank <= worse.rank
    assert all(r.rank is None for r in rows[len(counted) :])
    shuffled_players, shuffled_games = field[:], games[:]
    rng.shuffle(shuffled_players)
    rng.shuffle(shuffled_games)
    assert ranks(compute_standings(shuffled_players, shuffled_games, profile)) == ranks(rows)


@st.composite
def prize_cases(draw: st.DrawFn) -> tuple[list[list[int]], list[D], bool, int | None]:
    amounts = sorted(
        # An empty table too: an event may have no prizes at all.
        draw(st.lists(st.integers(0, 10**8).map(lambda c: D(c) / 100), max_size=12)),
        reverse=True,
    )
    n = draw(st.integers(1, 14))
    sizes: list[int] = []
    while sum(sizes) < n:
        sizes.append(draw(st.integers(1, n - sum(sizes))))
    groups, start = [], 1
    for size in sizes:
        groups.append(list(range(start, start + size)))
        start += size
    winner = draw(st.none() | st.sampled_from(groups[0]))
    return groups, amounts, draw(st.booleans()), winner


@FAST
@given(prize_cases())
def test_section_5_prizes_always_add_up_to_the_fund(
    case: tuple[list[list[int]], list[D], bool, int | None],
) -> None:
    """§5: paid + pending (a shared first awaiting its play-off) + unawarded (places nobody
    occupies) is the fund, to the øre, with any ties; equal points get equal money within
    one øre."""
    groups, amounts, share, winner = case
    award = distribute_prizes(groups, amounts, share_equal_points=share, first_place_winner=winner)
    assert award.paid + award.pending + award.unawarded == sum(amounts, D(0))
    for index, group in enumerate(groups):
        paid = [a for m in group if (a := award.amounts[m]) is not None]
        if share and paid and not (index == 0 and len(group) > 1):
            assert max(paid) - min(paid) <= D("0.01")


@FAST
@given(events())
def test_section_5_prizes_of_real_standings_add_up(
    event: tuple[int, list[Game], int | None, random.Random],
) -> None:
    n, games, withdrawn, _ = event
    field = players(n, withdrawn)
    profile = small_profile(n)
    award = prizes_for_standings(compute_standings(field, games, profile), profile)
    assert award.paid + award.pending + award.unawarded == profile.prizes.fund


@FAST
@given(st.integers(3, 12), st.integers(1, 2), st.integers(1, 100))
def test_section_9_more_games_completed_never_uncounts_a_player(
    n: int, cycles: int, percent: int
) -> None:
    """§9: counted iff completed >= fraction × scheduled, so completing one more game can
    only keep a player in the standings, never take them out."""
    base = small_profile(n, cycles)
    fraction = D(percent) / 100
    profile = dataclasses.replace(
        base, illness=dataclasses.replace(base.illness, withdrawal_counted_fraction=fraction)
    )
    schedule = [p for r in berger_schedule(n, cycles) for p in r if p.black is not None]
    own = [p for p in schedule if 1 in (p.white, p.black)]
    verdicts = []
    for completed in range(len(own) + 1):
        games = [
            Game(
                p.round, p.board, p.white, p.black, MainResult.WHITE_WIN if i < completed else None
            )
            for i, p in enumerate(own)
        ]
        effect = withdrawal_effect(1, games, profile)
        assert effect.completed == completed and effect.scheduled == len(own)
        assert len(effect.forfeits) == len(own) - completed
        assert effect.counted == (completed >= fraction * len(own))
        verdicts.append(effect.counted)
    assert verdicts == sorted(verdicts), "once counted, always counted"


@FAST
@given(events(), st.sets(st.integers(1, 8), max_size=3))
def test_section_9_counted_players_is_the_per_player_definition(
    event: tuple[int, list[Game], int | None, random.Random], withdrawn: set[int]
) -> None:
    """The one-pass count of counted_players gives what §9 says player by player: a withdrawn
    player counts iff completed games (forfeits excluded) >= fraction x scheduled."""
    n, games, _w, _rng = event
    field = [
        Player(i, f"P{i}", status=PlayerStatus.WITHDRAWN if i in withdrawn else PlayerStatus.ACTIVE)
        for i in range(1, n + 1)
    ]
    profile = small_profile(n)
    needed = profile.illness.withdrawal_counted_fraction * scheduled_games(profile)
    expected = {
        p.number
        for p in field
        if p.status is PlayerStatus.ACTIVE or games_completed(p.number, games) >= needed
    }
    assert counted_players(field, games, profile) == expected
