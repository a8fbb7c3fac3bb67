"""§1 "Berger tables will be used for the pairings" (FIDE Handbook C.05, Annex 1)."""

from __future__ import annotations

import pytest

from normtui.rules.berger import (
    Pairing,
    berger_round,
    berger_schedule,
    bye_number,
    rounds_per_cycle,
)

# Copied from the FIDE table for 10 players; first-named has White.
TABLE_10 = """
1-10 2-9 3-8 4-7 5-6
10-6 7-5 8-4 9-3 1-2
2-10 3-1 4-9 5-8 6-7
10-7 8-6 9-5 1-4 2-3
3-10 4-2 5-1 6-9 7-8
10-8 9-7 1-6 2-5 3-4
4-10 5-3 6-2 7-1 8-9
10-9 1-8 2-7 3-6 4-5
5-10 6-4 7-3 8-2 9-1
"""


def pairs(round_: list[Pairing]) -> list[tuple[int, int | None]]:
    return [(p.white, p.black) for p in round_]


def test_the_ten_player_berger_table_is_fides() -> None:
    """§1: every board of every round of the 10-player table, colours included."""
    expected = [
        [tuple(int(n) for n in board.split("-")) for board in line.split()]
        for line in TABLE_10.strip().splitlines()
    ]
    assert [pairs(r) for r in berger_schedule(10)] == expected
    assert [b.board for b in berger_round(10, 4)] == [1, 2, 3, 4, 5]


def test_odd_field_the_highest_number_is_the_bye() -> None:
    """§1 with an odd field: the dummy number N+1 sits out, its opponent has the bye, on the
    last board."""
    assert bye_number(9) == 10 and bye_number(10) is None
    assert rounds_per_cycle(9) == 9
    first = berger_round(9, 1)
    assert pairs(first) == [(2, 9), (3, 8), (4, 7), (5, 6), (1, None)]
    assert first[-1].is_bye
    byes = [next(p.white for p in r if p.is_bye) for r in berger_schedule(9)]
    assert sorted(byes) == list(range(1, 10))


def test_double_round_robin_fide_order() -> None:
    """§1 / FIDE C.05 Annex 1: the recommended double round robin plays rounds
    n-2 and n-1 of the FIRST cycle in swapped order; the second cycle is rounds 1..n-1 of the
    table in order, colours reversed. (normtui once swapped them in both cycles.)"""
    sched = berger_schedule(10, 2)
    assert len(sched) == 18
    single = [pairs(r) for r in berger_schedule(10)]
    first_cycle = [pairs(r) for r in sched[:9]]
    assert first_cycle[:7] == single[:7]
    assert first_cycle[7] == single[8] and first_cycle[8] == single[7]
    for table_round, played in zip(single, sched[9:], strict=True):
        assert pairs(played) == [(black, white) for white, black in table_round]
    assert [r[0].round for r in sched] == list(range(1, 19))


def test_double_round_robin_plain_order() -> None:
    """§1: the plain order keeps both cycles in table order."""
    sched = berger_schedule(10, 2, second_cycle="plain")
    single = [pairs(r) for r in berger_schedule(10)]
    assert [pairs(r) for r in sched[:9]] == single
    assert [pairs(r) for r in sched[9:]] == [[(b, w) for w, b in r] for r in single]
    assert pairs(sched[9]) == [(10, 1), (9, 2), (8, 3), (7, 4), (6, 5)]


def test_double_round_robin_mirror_order() -> None:
    """§1, 2020's order: the second cycle plays the first backwards with colours reversed, so
    round n repeats round n-1's pairings."""
    sched = berger_schedule(6, 2, second_cycle="mirror")
    single = [pairs(r) for r in berger_schedule(6)]
    assert [pairs(r) for r in sched[:5]] == single
    assert [pairs(r) for r in sched[5:]] == [[(b, w) for w, b in r] for r in single[::-1]]


def test_an_unknown_order_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown second-cycle order 'swiss'"):
        berger_schedule(6, 2, second_cycle="swiss")


def test_the_swap_avoids_three_colours_running_at_the_seam() -> None:
    """§1: why FIDE recommends the swap: with 10 players the plain double round robin gives
    someone the same colour three times running across the seam; the swap does not."""

    def longest_run(schedule: list[list[Pairing]]) -> int:
        colours: dict[int, str] = {}
        for r in schedule:
            for p in r:
                colours[p.white] = colours.get(p.white, "") + "W"
                assert p.black is not None
                colours[p.black] = colours.get(p.black, "") + "B"
        return max(
            max(len(run) for run in seq.replace("WB", "W B").replace("BW", "B W").split())
            for seq in colours.values()
        )

    assert longest_run(berger_schedule(10, 2, second_cycle="plain")) == 3
    assert longest_run(berger_schedule(10, 2)) == 2


@pytest.mark.parametrize("bad", [0, 10])
def test_round_outside_the_cycle_is_refused(bad: int) -> None:
    """§1: a Berger cycle of 10 players has rounds 1..9 only."""
    with pytest.raises(ValueError, match=r"outside 1\.\.9"):
        berger_round(10, bad)


def test_fewer_than_three_players_is_refused() -> None:
    """§1: a round robin needs at least three players."""
    with pytest.raises(ValueError, match="at least 3"):
        berger_round(2, 1)
