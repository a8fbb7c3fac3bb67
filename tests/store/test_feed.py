"""What the board feed writes: each change one transaction and one audit row by
actor "feed", undoable; results marked as the feed's and dated when the game ended (§2)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from normtui.rules.errors import RuleError
from normtui.rules.model import GameState
from normtui.store import ConflictError, EventStore, InputError, StoreError
from tests.store.conftest import CLOCK_START, dump

OPENING = '[Event "x"]\n[Round "1"]\n\n1. e4 e5 *\n'
LONGER = '[Event "x"]\n[Round "1"]\n\n1. e4 e5 2. Nf3 Nc6 *\n'
DRAWN = '[Event "x"]\n[Round "1"]\n[Result "1/2-1/2"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n'


def feed(store: EventStore) -> EventStore:
    return store.as_actor("feed")


def test_the_first_move_keeps_the_record_and_starts_the_game_in_one_change(
    store: EventStore,
) -> None:
    game = store.games.find(1, "So", "Radjabov")
    before = dump(store)
    entry = feed(store).games.keep_record(game.id, "main", OPENING, note="1...e5")
    assert entry is not None and entry.actor == "feed"
    # The round had no date: its game started now (the record has no Date tag), so today's.
    assert entry.summary == (
        "round 1 board 1 (So-Radjabov): main game record kept; in progress; "
        "round 1 dated 2022-05-31 (1...e5)"
    )
    now = store.games.get(game.id)
    assert now.state is GameState.IN_PROGRESS and now.pgn == OPENING
    assert store.audit.log(limit=1)[0].id == entry.id
    store.audit.undo(anyone=True)  # the feed's change, undone by the arbiter
    assert dump(store) == before


def test_a_different_record_replaces_only_when_asked(store: EventStore) -> None:
    game = store.games.find(1, "So", "Radjabov")
    view = feed(store)
    view.games.keep_record(game.id, "main", OPENING)
    with pytest.raises(ConflictError):
        view.games.keep_record(game.id, "main", LONGER)
    entry = view.games.keep_record(game.id, "main", LONGER, replace=True)
    assert entry is not None and "main game record replaced" in entry.summary
    assert view.games.keep_record(game.id, "main", LONGER, replace=True) is None  # the same


def test_a_result_from_the_feed_is_provisional_marked_and_dated_by_the_game_s_end(
    store: EventStore,
) -> None:
    game = store.games.find(1, "So", "Radjabov")
    ended = CLOCK_START - timedelta(minutes=6)
    entry = feed(store).games.keep_record(game.id, "main", DRAWN, result="1/2-1/2", ended_at=ended)
    assert entry is not None and entry.action == "result" and entry.actor == "feed"
    now = store.games.get(game.id)
    assert now.result is not None and now.result.value == "1/2-1/2"
    assert now.result_from == "feed" and now.provisional
    assert now.result_at == ended
    # §2: the 20 minutes run from the end of the game, not from when the file was read.
    assert now.armageddon_deadline == ended + timedelta(minutes=20)
    arm = feed(store).games.keep_record(
        game.id, "armageddon", OPENING.replace("*", "1-0"), result="1-0"
    )
    assert arm is not None and arm.action == "armageddon"
    assert store.games.get(game.id).armageddon_from == "feed"
    # Corrected by hand: the mark goes.
    store.games.enter_armageddon(1, "So", "Radjabov", "0-1", correction=True)
    assert store.games.get(game.id).armageddon_from is None


def test_an_armageddon_record_needs_the_drawn_main_game(store: EventStore) -> None:
    game = store.games.find(1, "So", "Radjabov")
    with pytest.raises(RuleError, match="drawn main game"):
        feed(store).games.keep_record(game.id, "armageddon", OPENING)


def test_a_board_with_a_result_keeps_it(store: EventStore) -> None:
    store.games.enter_result(1, "So", "Radjabov", "1-0")
    game = store.games.find(1, "So", "Radjabov")
    feed(store).games.keep_record(game.id, "main", DRAWN, result="1/2-1/2")
    now = store.games.get(game.id)
    assert now.result is not None and now.result.value == "1-0" and now.result_from is None


def test_the_feed_s_writes_are_this_process_s_own(store: EventStore) -> None:
    """The console's feed writes through the console's store: no "another terminal" notice."""
    version = store.data_version()
    feed(store).games.keep_record(store.games.find(1, "So", "Radjabov").id, "main", OPENING)
    assert store.data_version() == version


def test_the_watched_source_is_kept_with_the_event_and_undone_like_any_change(
    store: EventStore,
) -> None:
    assert store.feed.source() == (None, None)
    entry = store.feed.set_source("/venue/livechess", 7)
    assert entry is not None and entry.summary == "live boards: watching /venue/livechess (round 7)"
    assert store.feed.source() == ("/venue/livechess", 7)
    store.feed.set_source(None)
    assert store.feed.source() == (None, None)
    store.audit.undo()
    assert store.feed.source() == ("/venue/livechess", 7)
    with pytest.raises(InputError):
        store.feed.set_source("  ")
    with pytest.raises(InputError):
        store.feed.set_source("x", 12)


def test_the_race_and_the_table_if_the_games_ended_now_on_the_demo(demo_path) -> None:  # type: ignore[no-untyped-def]
    with EventStore.open(demo_path) as store:
        race = {c.name: c for c in store.feed.contenders()}
        assert race["Carlsen, Magnus"].can_win
        live = {r.player: r for r in store.feed.standings_if_ended_now()}
        real = {r.player: r for r in store.standings()}
        # Round 7, board 1 (Anand-Radjabov) is under way: drawn twice, Black (Radjabov) 1½.
        assert live["Radjabov, Teimour"].points - real["Radjabov, Teimour"].points == 1.5
        assert live["Anand, Viswanathan"].points - real["Anand, Viswanathan"].points == 1
        assert sum(r.prize or 0 for r in live.values()) == 2_500_000


def test_the_feed_keeping_other_boards_records_does_not_stand_in_the_way_of_an_undo(
    store: EventStore,
) -> None:
    """The feed writes a change a move per board, so it is nearly always the newest: an
    arbiter's undo of their own result passes over those record-keeping changes (they touch
    other games), takes back exactly the result, and leaves the records as the feed kept them.
    The console shows the same change before it asks (next_undo)."""
    board1 = store.games.find(1, "So", "Radjabov")
    board2 = store.games.find(1, "Carlsen", "Wang")
    mine = store.games.enter_result(1, "So", "Radjabov", "1-0")
    assert mine is not None
    feed(store).games.keep_record(board2.id, "main", OPENING)
    feed(store).games.keep_record(board2.id, "main", LONGER, replace=True)
    assert store.audit.next_undo().id == mine.id  # type: ignore[union-attr]
    undone = store.audit.undo(mine.id)
    assert undone.undoes == mine.id
    assert store.games.get(board1.id).result is None
    assert store.games.get(board2.id).pgn == LONGER
    assert store.games.get(board2.id).state is GameState.IN_PROGRESS
    # The feed's own changes are still there to undo, by anyone who means them.
    assert store.audit.undo(anyone=True).summary.startswith("undo #")
    assert store.games.get(board2.id).pgn == OPENING


def test_a_result_from_the_feed_or_a_record_of_the_same_game_still_stands_in_the_way(
    store: EventStore,
) -> None:
    board2 = store.games.find(1, "Carlsen", "Wang")
    mine = store.games.enter_result(1, "So", "Radjabov", "1-0")
    assert mine is not None
    feed(store).games.keep_record(board2.id, "main", DRAWN, result="1/2-1/2")
    assert store.audit.next_undo().actor == "feed"  # type: ignore[union-attr]
    with pytest.raises(StoreError, match="no longer the newest"):
        store.audit.undo(mine.id)
    store.audit.undo(anyone=True)
    board1 = store.games.find(1, "So", "Radjabov")
    feed(store).games.keep_record(board1.id, "main", OPENING)  # the same game as my result
    with pytest.raises(StoreError, match="changed since"):
        store.audit.undo()
    assert store.games.get(board1.id).result is not None
