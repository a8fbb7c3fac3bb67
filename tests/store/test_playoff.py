"""§5 in the store: the play-off of a shared first place played to the end, the prize money
after it, refusals that change nothing, corrections and undo."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from normtui.rules.model import RuleError
from normtui.store import EventStore, InputError, StoreError
from tests.store.conftest import dump
from tests.store.playoff_events import CLOCK, PRIZES, copy_event, make_events
from tests.store.test_games import refused

SEED = 2022
CARLSEN, SO, GIRI, ANAND = 1, 2, 3, 4


@pytest.fixture(scope="session")
def _events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return make_events(tmp_path_factory.mktemp("playoff-events"))


@pytest.fixture
def open_event(_events: dict[str, Path], tmp_path: Path) -> Iterator[Callable[[str], EventStore]]:
    """``open_event("two")``: a private copy of one of the tied events, opened."""
    stores: list[EventStore] = []

    def opener(kind: str) -> EventStore:
        path = copy_event(_events, kind, tmp_path)
        stores.append(EventStore.open(path, actor="test", clock=lambda: CLOCK))
        return stores[-1]

    yield opener
    for s in stores:
        s.close()


def prizes(store: EventStore) -> dict[int, Decimal | None]:
    return {r.number: r.prize for r in store.standings()}


def test_before_the_start_first_place_shared_means_prizes_pending(open_event) -> None:
    store = open_event("two")
    view = store.playoff.view()
    assert (view.state.needed, view.state.format, view.state.players) == (
        True,
        "match",
        (CARLSEN, SO),
    )
    assert view.can_start and view.blocker is None
    assert prizes(store) == {
        CARLSEN: None,
        SO: None,
        GIRI: Decimal("175000.00"),
        ANAND: Decimal("175000.00"),
    }
    assert [r.prize_pending for r in view.prizes()] == [True, True]


def test_two_way_tie_settled_in_the_match(open_event) -> None:
    """§5: a 2-game match at 3'+2", colours by lot from the recorded seed, reversed in game 2;
    the winner takes first prize whole, the other the prize of place 2."""
    store = open_event("two")
    entry = store.playoff.start(SEED)
    assert entry is not None and f"seed {SEED}" in entry.summary
    state = store.playoff()
    m1 = state.next_game
    assert m1 is not None and m1.id == "M1" and state.status == "Match game 1 of 2"
    assert store.playoff.view().clock(m1) == "3' + 2\""
    store.playoff.enter_result("M1", "1-0")
    state = store.playoff()
    assert state.status == "Match game 2 of 2"
    assert state.next_game is not None and (state.next_game.white, state.next_game.black) == (
        m1.black,
        m1.white,
    )
    entry = store.playoff.enter_result("m2", "½-½")  # typed as an arbiter types it
    assert entry is not None and entry.summary.endswith(
        "winner " + ("Carlsen" if m1.white == CARLSEN else "So")
    )
    state = store.playoff()
    assert (state.winner, state.status, state.next_game) == (m1.white, "Match won 1½-½", None)
    assert prizes(store) == {
        m1.white: Decimal("750000.00"),
        m1.black: Decimal("400000.00"),
        GIRI: Decimal("175000.00"),
        ANAND: Decimal("175000.00"),
    }
    assert sum(p for p in prizes(store).values() if p) == sum(PRIZES)


def test_two_way_tie_settled_in_the_armageddon_by_a_draw(open_event) -> None:
    """§5: a tied match goes to one Armageddon (White 10', Black 7', +1" from move 41), whose
    colours are drawn by lot; a draw counts as Black's win."""
    store = open_event("two")
    store.playoff.start(SEED)
    store.playoff.enter_result("M1", "1-0")
    store.playoff.enter_result("M2", "1-0")
    view = store.playoff.view()
    arm = view.state.next_game
    assert view.state.status == "Match tied 1-1: Armageddon"
    assert arm is not None and arm.id == "A" and arm.kind == "armageddon"
    assert view.clock(arm) == "White 10', Black 7', +1\" from move 41"
    assert prizes(store)[CARLSEN] is None  # still pending
    store.playoff.enter_result("A", "1/2-1/2")
    state = store.playoff()
    assert state.winner == arm.black
    assert state.notes == ("The Armageddon was drawn: Black wins (draw odds, §5).",)
    assert prizes(store) == {
        arm.black: Decimal("750000.00"),
        arm.white: Decimal("400000.00"),
        GIRI: Decimal("175000.00"),
        ANAND: Decimal("175000.00"),
    }


def _play_round_robin(store: EventStore, outcome: Callable[[int, int, int], str]) -> None:
    """Every game of the double round robin, round by round as each becomes due; ``outcome``
    gets (white, black, how many times this pair has met before)."""
    met: dict[frozenset[int], int] = {}
    while (game := store.playoff().next_game) is not None:
        pair = frozenset((game.white, game.black))
        store.playoff.enter_result(game.id, outcome(game.white, game.black, met.get(pair, 0)))
        met[pair] = met.get(pair, 0) + 1


def test_three_way_tie_double_round_robin_settled_on_sonneborn_berger(open_event) -> None:
    """§5 A: two players on 2½ points; Sonneborn-Berger 4¾ beats 3¼. The other two players
    share the prizes of places 2 and 3; Anand keeps place 4."""
    store = open_event("three")
    store.playoff.start(SEED)
    state = store.playoff()
    assert state.format == "double_round_robin" and set(state.players) == {CARLSEN, SO, GIRI}
    assert state.status == "Double round robin, round 1 of 6"
    a, b, c = sorted(state.players)

    def outcome(white: int, black: int, before: int) -> str:
        # a-b: a wins once, then a draw; b beats c twice; a and c win one each.
        winner = {
            frozenset((a, b)): a if before == 0 else None,
            frozenset((b, c)): b,
            frozenset((a, c)): a if before == 0 else c,
        }[frozenset((white, black))]
        return "1/2-1/2" if winner is None else "1-0" if winner == white else "0-1"

    _play_round_robin(store, outcome)
    state = store.playoff()
    assert [(r.number, r.points, r.sonneborn_berger) for r in state.table[:2]] == [
        (a, Decimal("2.5"), Decimal("4.75")),
        (b, Decimal("2.5"), Decimal("3.25")),
    ]
    assert state.winner == a and not state.decided_by_lots
    assert state.status == "Double round robin complete"
    assert len(state.games) == 6
    assert prizes(store) == {
        a: Decimal("750000.00"),
        b: Decimal("325000.00"),
        c: Decimal("325000.00"),
        ANAND: Decimal("100000.00"),
    }


def test_three_way_tie_settled_by_lots(open_event) -> None:
    """§5 D: each beats one other twice (a beats b, b beats c, c beats a): equal on points,
    SB, wins and wins with Black, so the drawing of lots from the recorded seed decides."""
    winners = []
    for _ in range(2):  # the same seed draws the same winner: the lot can be replayed
        store = open_event("three")
        store.playoff.start(SEED)
        a, b, c = sorted(store.playoff().players)
        beats = {a: b, b: c, c: a}

        def outcome(white: int, black: int, before: int, beats: dict[int, int] = beats) -> str:
            return "1-0" if beats[white] == black else "0-1"

        _play_round_robin(store, outcome)
        state = store.playoff()
        top = state.table[0]
        assert all(
            (r.points, r.sonneborn_berger, r.wins, r.black_wins)
            == (top.points, top.sonneborn_berger, top.wins, top.black_wins)
            for r in state.table
        )
        assert state.decided_by_lots
        assert state.status == "Double round robin complete: first place drawn by lot"
        winners.append(state.winner)
        money = prizes(store)
        assert money[state.winner] == Decimal("750000.00")
        assert (
            sorted(v for k, v in money.items() if k not in (state.winner, ANAND))
            == [Decimal("325000.00")] * 2
        )
    assert winners[0] == winners[1]


def test_refusals_change_nothing(open_event) -> None:
    """Not needed, before the last round, started twice, not started, a game not due, an
    unknown game, a result that is no result: one line each, the file untouched."""
    one = open_event("one")
    refused(one, lambda: one.playoff.start(1), RuleError, "no play-off is needed")
    refused(one, lambda: one.playoff.enter_result("M1", "1-0"), RuleError, "no play-off is needed")
    assert one.playoff.view().state.winner == CARLSEN
    unfinished = open_event("unfinished")
    assert unfinished.playoff.view().blocker is not None
    refused(
        unfinished,
        lambda: unfinished.playoff.start(1),
        RuleError,
        "after the last round",
        "round 3 board 2",
    )
    store = open_event("two")
    refused(store, lambda: store.playoff.enter_result("M1", "1-0"), RuleError, "not been started")
    refused(store, lambda: store.playoff.start(-1), InputError, "seed")
    store.playoff.start(SEED)
    refused(store, lambda: store.playoff.start(SEED), StoreError, "already been started")
    refused(
        store,
        lambda: store.playoff.enter_result("M2", "1-0"),
        RuleError,
        "not due",
        "the next game is M1",
    )
    refused(
        store,
        lambda: store.playoff.enter_result("A", "1-0"),
        RuleError,
        "not due",
        "only if the match is tied",
    )
    refused(
        store,
        lambda: store.playoff.enter_result("R1.1", "1-0"),
        RuleError,
        "no play-off game 'R1.1'",
    )
    refused(
        store, lambda: store.playoff.enter_result("M1", "+/-"), RuleError, "not a play-off result"
    )
    refused(store, lambda: store.playoff.set_choice("white"), RuleError, "by lot")
    store.playoff.enter_result("M1", "1-0")
    assert store.playoff.enter_result("M1", "1-0") is None  # the same again: nothing to do
    refused(store, lambda: store.playoff.enter_result("M1", "0-1"), RuleError, "correction")
    store.playoff.enter_result("M2", "0-1")
    refused(store, lambda: store.playoff.enter_result("A", "1-0"), RuleError, "is decided")


def test_correction_that_would_strand_a_later_result_is_refused(open_event) -> None:
    store = open_event("two")
    store.playoff.start(SEED)
    for game, result in (("M1", "1-0"), ("M2", "1-0"), ("A", "0-1")):
        store.playoff.enter_result(game, result)
    # M2 drawn would decide the match 1½-½: the Armageddon already played would have no game.
    refused(
        store,
        lambda: store.playoff.enter_result("M2", "1/2-1/2", correction=True),
        RuleError,
        "A already has a result",
        "undo",
    )
    entry = store.playoff.enter_result("A", "1-0", correction=True)
    assert entry is not None and entry.action == "playoff correction"
    assert "was 0-1" in entry.summary


def test_undo_of_a_playoff_result_restores_exactly(open_event) -> None:
    store = open_event("two")
    store.playoff.start(SEED)
    store.playoff.enter_result("M1", "1-0")
    before = dump(store)
    store.playoff.enter_result("M2", "1-0")
    corrected = dump(store)
    store.playoff.enter_result("M2", "0-1", correction=True)
    assert store.audit.undo().summary.startswith("undo #")
    assert dump(store) == corrected
    store.audit.undo()
    assert dump(store) == before
    assert store.playoff().status == "Match game 2 of 2"
    store.audit.undo()
    store.audit.undo()  # the start itself
    assert store.playoff().status == "Play-off needed (2-game match); not started."
    assert dump(store)["playoff_results"] == [] and len(dump(store)["stages"]) == 1


def test_the_higher_ranked_player_chooses_the_armageddon_colour(open_event) -> None:
    """Profile option playoff.armageddon_colours = "higher_ranked_chooses": Carlsen, ahead of
    So on Sonneborn-Berger, chooses; he may change his mind until the game is played."""
    store = open_event("choose")
    store.playoff.start(SEED)
    refused(store, lambda: store.playoff.set_choice("black"), RuleError, "not due")
    store.playoff.enter_result("M1", "1-0")
    store.playoff.enter_result("M2", "1-0")
    state = store.playoff()
    assert state.waiting_for_choice == CARLSEN and state.next_game is None
    refused(
        store,
        lambda: store.playoff.enter_result("A", "1-0"),
        RuleError,
        "chooses its colours first",
    )
    entry = store.playoff.set_choice("black")
    assert entry is not None and "Carlsen (higher on the tie-breaks) chose black" in entry.summary
    assert store.playoff().next_game.black == CARLSEN  # type: ignore[union-attr]
    store.playoff.set_choice("white")
    assert store.playoff().next_game.white == CARLSEN  # type: ignore[union-attr]
    store.playoff.enter_result("A", "1/2-1/2")
    assert store.playoff().winner == SO  # Black's draw odds
    refused(store, lambda: store.playoff.set_choice("black"), RuleError, "has been played")


def test_a_main_result_that_would_change_the_playoff_is_refused_once_it_started(open_event) -> None:
    """The play-off is derived from the final standings: a correction that changed who plays
    it would hand its entered results to other players."""
    store = open_event("two")
    store.playoff.start(SEED)
    refused(
        store,
        lambda: store.games.enter_result(3, GIRI, CARLSEN, "0-1", correction=True),
        RuleError,
        "the play-off has started",
        "undo the play-off first",
    )
    store.audit.undo()
    assert store.games.enter_result(3, GIRI, CARLSEN, "0-1", correction=True) is not None
    assert not store.playoff().needed
