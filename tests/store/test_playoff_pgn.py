"""The records of play-off games (§5): kept only when they are of the game, at its time control
and with its result; removed by a correction that contradicts them; undone exactly."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from normtui.importing.playoff import attach_playoff_record
from normtui.rules.playoff import PlayoffGame
from normtui.store import ConflictError, EventStore
from tests.store.conftest import dump
from tests.store.playoff_events import CLOCK, copy_event, make_events
from tests.store.test_games import refused

SEED = 2022
MOVES = {
    "1-0": "1. e4 {c1} e5 {c2} 2. Qh5 {c1} Nc6 {c2} 3. Bc4 {c1} Nf6 {c2} 4. Qxf7# {c1} 1-0",
    "0-1": "1. f3 {c1} e5 {c2} 2. g4 {c1} Qh4# {c2} 0-1",
    "1/2-1/2": "1. e4 {c1} e5 {c2} 2. Nf3 {c1} Nc6 {c2} 1/2-1/2",
}
BLITZ = ("0:03:00", "0:02:58")
ARMAGEDDON = ("0:10:00", "0:07:00")


def record(
    white: str,
    black: str,
    result: str,
    clocks: tuple[str, str] = BLITZ,
    event: str = "Norway Chess 2022 play-off",
) -> str:
    moves = (
        MOVES[result]
        .replace("{c1}", f"{{[%clk {clocks[0]}]}}")
        .replace("{c2}", f"{{[%clk {clocks[1]}]}}")
    )
    return (
        f'[Event "{event}"]\n[Site "Stavanger NOR"]\n[Date "2022.06.10"]\n[Round "1"]\n'
        f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n{moves}\n'
    )


@pytest.fixture(scope="session")
def _events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return make_events(tmp_path_factory.mktemp("playoff-pgn"), "two")


@pytest.fixture
def store(_events: dict[str, Path], tmp_path: Path) -> Iterator[EventStore]:
    s = EventStore.open(copy_event(_events, "two", tmp_path), actor="test", clock=lambda: CLOCK)
    s.playoff.start(SEED)
    yield s
    s.close()


def names(store: EventStore, game: PlayoffGame) -> tuple[str, str]:
    full = {p.number: p.name for p in store.players()}
    return full[game.white], full[game.black]


def test_a_good_record_is_kept_and_undone_exactly(store: EventStore) -> None:
    m1 = store.playoff().games[0]
    white, black = names(store, m1)
    refused(
        store,
        lambda: attach_playoff_record(store, "M1", record(white, black, "1-0")),
        Exception,
        "no result yet",
    )
    store.playoff.enter_result("M1", "1-0")
    before = dump(store)
    text = record(white, black, "1-0")
    entry = attach_playoff_record(store, "m1", text)
    assert entry is not None and "PGN attached" in entry.summary
    assert store.playoff.pgn("M1") == text
    assert store.playoff.view().records == {"M1"}
    assert attach_playoff_record(store, "M1", text) is None
    refused(
        store,
        lambda: attach_playoff_record(store, "M1", text.replace("Stavanger", "Oslo")),
        ConflictError,
        "replace it",
    )
    store.audit.undo()
    assert dump(store) == before


@pytest.mark.parametrize(
    ("case", "says"),
    [
        ("colours reversed", "with White against"),
        ("other players", "the pairing is"),
        ("other result", "the record says 0-1, but M1 has 1-0"),
        ("Armageddon clocks", "record is of an Armageddon"),
        ("two games", "holds 2 games"),
        ("illegal move", "refused"),
    ],
)
def test_a_record_that_is_not_this_game_is_refused(store: EventStore, case: str, says: str) -> None:
    m1 = store.playoff().games[0]
    white, black = names(store, m1)
    store.playoff.enter_result("M1", "1-0")
    text = {
        "colours reversed": record(black, white, "1-0"),
        "other players": record("Giri, Anish", black, "1-0"),
        "other result": record(white, black, "0-1"),
        "Armageddon clocks": record(white, black, "1-0", ARMAGEDDON),
        "two games": record(white, black, "1-0") * 2,
        "illegal move": record(white, black, "1-0").replace("Qh5", "Qh6"),
    }[case]
    message = refused(store, lambda: attach_playoff_record(store, "M1", text), Exception)
    assert any(part in message for part in says.split("|")), message


def test_the_armageddon_record_is_checked_at_the_armageddon_control(store: EventStore) -> None:
    """White 10', Black 7': clocks that would be far above 3'+2" are right for game A, even
    with no word of "Armageddon" in its tags."""
    store.playoff.enter_result("M1", "1-0")
    store.playoff.enter_result("M2", "1-0")
    arm = store.playoff().next_game
    assert arm is not None and arm.kind == "armageddon"
    white, black = names(store, arm)
    store.playoff.enter_result("A", "1/2-1/2")
    entry = attach_playoff_record(
        store, "A", record(white, black, "1/2-1/2", ARMAGEDDON, event="Norway Chess 2022")
    )
    assert entry is not None and "warning" not in entry.summary
    # Twelve minutes on White's clock is more than the Armageddon gives: kept, with a warning.
    late = record(white, black, "1/2-1/2", ("0:12:00", "0:07:00"))
    entry = attach_playoff_record(store, "A", late, replace_existing=True)
    assert entry is not None and "PGN replaced with 1 warning" in entry.summary
    assert "White 10', Black 7'" in entry.summary


def test_a_correction_that_contradicts_the_record_removes_it(store: EventStore) -> None:
    m1 = store.playoff().games[0]
    white, black = names(store, m1)
    store.playoff.enter_result("M1", "1-0")
    attach_playoff_record(store, "M1", record(white, black, "1-0"))
    kept = dump(store)
    entry = store.playoff.enter_result("M1", "0-1", correction=True)
    assert entry is not None and "PGN, which said otherwise, was removed" in entry.summary
    assert store.playoff.pgn("M1") is None
    store.audit.undo()
    assert dump(store) == kept
