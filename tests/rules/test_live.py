"""§2 and §3 for games followed live: the Armageddon window from the game's end,
the clocks a game starts with, and the standings if the games under way ended now."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.rules.live import (
    armageddon_deadline,
    clock_set_wrong,
    games_if_ended_now,
    window_opens,
)
from normtui.rules.model import ArmageddonResult, Game, GameState, MainResult
from normtui.rules.scoring import POINTS, pairing_points
from normtui.rules.standings import compute_standings
from tests.rules.helpers import players, small_profile

SEEN = datetime(2022, 6, 7, 19, 30, tzinfo=UTC)


def test_the_window_opens_when_the_game_ended_not_when_it_was_read() -> None:
    ended = SEEN - timedelta(minutes=4, seconds=12)
    assert window_opens(ended, SEEN) == ended
    assert armageddon_deadline(window_opens(ended, SEEN), 20) == ended + timedelta(minutes=20)


def test_without_the_feed_s_time_the_window_opens_when_the_result_was_seen() -> None:
    assert window_opens(None, SEEN) == SEEN


def test_a_feed_clock_ahead_of_ours_or_hours_old_is_not_believed() -> None:
    assert window_opens(SEEN + timedelta(minutes=1), SEEN) == SEEN
    assert window_opens(SEEN - timedelta(hours=7), SEEN) == SEEN
    assert window_opens(SEEN - timedelta(hours=5), SEEN) == SEEN - timedelta(hours=5)


def test_classical_clocks_start_at_120_minutes_each(profile) -> None:  # type: ignore[no-untyped-def]
    tc = profile.time_controls["classical"]
    assert clock_set_wrong(tc, True, 7200 - 37, 37, rule="Regulations §2") is None
    assert clock_set_wrong(tc, False, 7200, 0, rule="Regulations §2") is None
    wrong = clock_set_wrong(tc, True, 5400 - 20, 20, rule="Regulations §2")
    assert wrong == (
        "White's clock started at 1:30:00, not 2:00:00 (120' + 10\" from move 41, Regulations §2)"
    )


def test_an_armageddon_starts_white_10_black_7(profile) -> None:  # type: ignore[no-untyped-def]
    tc = profile.time_controls["armageddon"]
    assert clock_set_wrong(tc, True, 596, 4, rule="Regulations §3") is None
    assert clock_set_wrong(tc, False, 415, 5, rule="Regulations §3") is None
    # Both clocks at 10' (Black should have 7'): Black's is wrong, White's is right.
    assert clock_set_wrong(tc, True, 597, 3, rule="Regulations §3") is None
    assert "Black's clock started at 0:10:00, not 0:07:00" in str(
        clock_set_wrong(tc, False, 596, 4, rule="Regulations §3")
    )


def test_without_the_move_s_time_only_a_clock_above_the_setting_is_wrong(profile) -> None:  # type: ignore[no-untyped-def]
    tc = profile.time_controls["armageddon"]
    assert clock_set_wrong(tc, False, 300, None, rule="Regulations §3") is None  # long think
    assert "more than the 0:07:00" in str(
        clock_set_wrong(tc, False, 590, None, rule="Regulations §3")
    )


def test_if_the_games_ended_now_every_pairing_under_way_is_a_draw_twice() -> None:
    games = [
        Game(1, 1, 1, 4, state=GameState.IN_PROGRESS),
        Game(1, 2, 2, 3, MainResult.DRAW, None, GameState.IN_PROGRESS),
        Game(2, 1, 4, 3),
    ]
    now = games_if_ended_now(games)
    assert (now[0].result, now[0].armageddon) == (MainResult.DRAW, ArmageddonResult.DRAW)
    assert now[1].armageddon is ArmageddonResult.DRAW
    assert now[2] == games[2]  # not begun: left as it is
    assert pairing_points(now[0], POINTS) == (Decimal(1), Decimal("1.5"))


states = st.sampled_from([GameState.SCHEDULED, GameState.IN_PROGRESS])


@settings(max_examples=60, deadline=None)
@given(st.lists(states, min_size=2, max_size=2), st.booleans())
def test_the_live_table_gives_each_pairing_under_way_two_and_a_half_points(
    started: list[GameState], waiting: bool
) -> None:
    profile = small_profile(4)
    games = [Game(1, 1, 1, 4, state=started[0]), Game(1, 2, 2, 3, state=started[1])]
    if waiting:
        games[1] = Game(1, 2, 2, 3, MainResult.DRAW, None, GameState.IN_PROGRESS)
    table = compute_standings(players(4), games_if_ended_now(games), profile)
    under_way = sum(1 for g in games if g.state is GameState.IN_PROGRESS)
    assert sum(r.points for r in table) == Decimal("2.5") * under_way
