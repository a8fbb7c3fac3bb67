"""The play-off's format and the drawings at the board in the store: the format set until the
play-off starts, the colours and lots drawn at the board recorded instead of the seed's, each
change audited and undone, every refusal changing nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from normtui.rules.errors import NormtuiError
from normtui.rules.model import RuleError
from normtui.store import EventStore
from tests.store.conftest import dump
from tests.store.playoff_events import CLOCK, copy_event, make_events
from tests.store.test_games import refused

CARLSEN, SO, GIRI = 1, 2, 3
TATA = "2 blitz 3+2, then sudden death 2:30/3+2 colours by lot in pairs"


@pytest.fixture(scope="session")
def _events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return make_events(tmp_path_factory.mktemp("playoff-formats"), "two", "three")


@pytest.fixture
def open_event(_events: dict[str, Path], tmp_path: Path) -> Iterator[Callable[[str], EventStore]]:
    stores: list[EventStore] = []

    def opener(kind: str) -> EventStore:
        stores.append(
            EventStore.open(copy_event(_events, kind, tmp_path), actor="test", clock=lambda: CLOCK)
        )
        return stores[-1]

    yield opener
    for s in stores:
        s.close()


def test_the_format_is_set_until_the_start_audited_and_undone(open_event) -> None:
    store = open_event("two")
    before = store.profile.source_text
    entry = store.playoff.set_format(TATA)
    assert entry is not None and entry.action == "playoff format"
    assert entry.summary == (
        f"play-off format: {TATA} (was 2 blitz 3+2, then armageddon 10/7+1 from move 41)"
    )
    assert store.playoff.set_format(TATA) is None  # unchanged: nothing written
    view = store.playoff.view()
    assert view.phrase == TATA and view.state.status == (
        "Play-off needed (2-game match, then sudden death); not started."
    )
    store.audit.undo()
    assert store.profile.source_text == before
    store.playoff.set_format(TATA)
    store.playoff.start(7)
    refused(
        store,
        lambda: store.playoff.set_format("2 blitz, then lots"),
        RuleError,
        "the play-off has started: its format cannot change",
    )


def test_a_phrase_that_says_no_format_changes_nothing(open_event) -> None:
    store = open_event("two")
    refused(
        store,
        lambda: store.playoff.set_format("2 blitz, then sudden death, then lots"),
        NormtuiError,
        "give it its most games",
    )


def test_tata_steel_from_the_start_to_the_winner_with_the_colours_drawn_at_the_board(
    open_event,
) -> None:
    store = open_event("two")
    store.playoff.set_format(TATA)
    start = store.playoff.start(7, white="So")
    assert (
        start is not None
        and "sudden death of Carlsen and So; White in M1 So, drawn at the board" in start.summary
    )
    state = store.playoff()
    assert (state.games[0].white, state.next_game.id) == (SO, "M1")  # type: ignore[union-attr]
    store.playoff.enter_result("M1", "1-0")
    # M2's colours follow M1's: nothing to draw.
    refused(
        store,
        lambda: store.playoff.set_white("Carlsen"),
        RuleError,
        "the colours of M2, the next game, are not drawn",
    )
    store.playoff.enter_result("M2", "1-0")  # 1-1
    s1 = store.playoff().next_game
    assert s1 is not None and s1.id == "S1" and s1.drawn
    entry = store.playoff.set_white(s1.black)
    assert entry is not None and entry.action == "playoff drawing"
    assert "drawn at the board (was" in entry.summary and "the seed's lot)" in entry.summary
    assert store.playoff().next_game.white == s1.black  # type: ignore[union-attr]
    refused(store, lambda: store.playoff.set_white("Giri"), RuleError, "is not in the play-off")
    store.playoff.enter_result("S1", "1/2-1/2")
    store.playoff.enter_result("S2", "1/2-1/2")
    entry = store.playoff.enter_result("S3", "0-1")
    state = store.playoff()
    assert state.winner == state.games[-1].black
    assert entry is not None and entry.summary.endswith(f"; winner {_surname(store, state.winner)}")
    view = store.playoff.view()
    assert [g["colours_drawn"] for g in view.to_json()["games"]] == [
        "board",
        None,
        "board",
        None,
        None,
    ]
    # Undone one by one, back to the seed's colours of S1.
    for _ in range(4):
        store.audit.undo()
    assert store.playoff().next_game.white == s1.white  # type: ignore[union-attr]


def test_lots_decide_and_the_drawing_at_the_board_is_recorded(open_event) -> None:
    store = open_event("two")
    store.playoff.set_format("2 blitz, then lots")
    refused(store, lambda: store.playoff.set_lot("So"), RuleError, "has not been started")
    store.playoff.start(7)
    refused(store, lambda: store.playoff.set_lot("So"), RuleError, "not at a drawing of lots")
    store.playoff.enter_result("M1", "1-0")
    store.playoff.enter_result("M2", "1-0")
    seed_winner = store.playoff().winner
    assert seed_winner in (CARLSEN, SO) and store.playoff().decided_by_lots
    other = SO if seed_winner == CARLSEN else CARLSEN
    entry = store.playoff.set_lot(other)
    assert entry is not None and "drew the winning lot at the board" in entry.summary
    assert store.playoff().winner == other
    assert store.standings()[0].number == other


def test_a_round_robin_has_no_colours_to_draw(open_event) -> None:
    store = open_event("three")
    message = refused(
        store, lambda: store.playoff.start(7, white="Carlsen"), RuleError, "Berger table"
    )
    assert "no drawing of colours to record" in message
    before = dump(store)
    store.playoff.start(7)
    assert dump(store) != before
    refused(store, lambda: store.playoff.set_white("Carlsen"), RuleError, "Berger table")


def _surname(store: EventStore, number: int | None) -> str:
    return next(p.name for p in store.players() if p.number == number).split(",")[0]
