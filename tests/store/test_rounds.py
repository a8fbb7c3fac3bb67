"""The rounds through the store: a round's date and start, its clocks started, closed to all
but corrections (§8) and reopened."""

from __future__ import annotations

from normtui.rules.model import GameState, RuleError
from normtui.store import EventStore, InputError
from tests.store.test_games import refused


def test_closed_round_takes_only_corrections(store: EventStore) -> None:
    refused(store, lambda: store.rounds.close(1), RuleError, "cannot be closed")
    for g in store.games(1):
        store.games.enter_result(1, g.white, g.black, "1-0")
    store.rounds.close(1)
    assert store.rounds()[0].status == "closed"
    refused(store, lambda: store.games.enter_result(1, 1, 10, "0-1"), RuleError, "closed")
    store.games.enter_result(1, 1, 10, "0-1", correction=True)
    assert store.rounds.current() == 2


def test_game_state_and_round_start(store: EventStore) -> None:
    entry = store.rounds.start(1)
    assert entry is not None and "5 boards" in entry.summary
    assert {g.state for g in store.games(1)} == {GameState.IN_PROGRESS}
    game = store.games(2)[0]
    store.games.set_state(game.id, "in_progress")
    assert store.games.set_state(game.id, "in_progress") is None
    refused(
        store, lambda: store.games.set_state(game.id, "finished"), InputError, "through its result"
    )


def test_round_schedule_is_checked(store: EventStore) -> None:
    store.rounds.set_schedule(1, date="2022-05-31", start_time="16:00")
    assert (store.rounds()[0].date, store.rounds()[0].start_time) == ("2022-05-31", "16:00")
    refused(
        store,
        lambda: store.rounds.set_schedule(1, date="31.05.2022", start_time=None),
        InputError,
        "YYYY-MM-DD",
    )
    refused(
        store,
        lambda: store.rounds.set_schedule(1, date=None, start_time="25:00"),
        InputError,
        "HH:MM",
    )
