"""Results through the store: §2 Armageddon, §4 points, §8 corrections and signatures, and
every refusal leaving the file as it was."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from normtui.rules.errors import NormtuiError
from normtui.rules.model import GameState, MainResult, RuleError
from normtui.store import (
    AmbiguousError,
    ConflictError,
    EventStore,
    InputError,
    NotFoundError,
)
from tests.store.conftest import dump


def refused(
    store: EventStore, action: Callable[[], object], error: type[Exception], *words: str
) -> str:
    """Run ``action``; it must raise ``error`` naming ``words`` and change nothing."""
    before = dump(store)
    log = len(store.audit.log())
    with pytest.raises(error) as info:
        action()
    message = str(info.value)
    for word in words:
        assert word in message
    assert "\n" not in message
    assert dump(store) == before
    assert len(store.audit.log()) == log
    return message


def test_berger_pairings_of_a_new_event(store: EventStore) -> None:
    """§1: Berger tables; round 1 is 1-10 2-9 3-8 4-7 5-6."""
    r1 = [(g.white, g.black) for g in store.games(1)]
    assert r1 == [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)]
    assert len(store.games()) == 45
    assert [r.round for r in store.rounds()] == list(range(1, 10))
    assert store.rounds.current() == 1


def test_decisive_result_scores_3_0(store: EventStore) -> None:
    """§4: a won main game is 3 points, a lost one 0."""
    entry = store.games.enter_result(1, "So", "Radjabov", "1-0")
    assert entry is not None and entry.action == "result"
    game = store.games.find(1, 1, 10)
    assert game.points == (Decimal(3), Decimal(0))
    assert game.state is GameState.FINISHED
    rows = {r.number: r for r in store.standings()}
    assert rows[1].points == 3 and rows[1].rank == 1 and rows[1].provisional


def test_draw_waits_for_its_armageddon(store: EventStore) -> None:
    """§2: a drawn main game is followed by an Armageddon within 20 minutes; it counts for
    nobody until then (§4)."""
    store.games.enter_result(1, "Carlsen", "Wang", "½-½")
    game = store.games.find(1, "carlsen", "wang")
    assert game.points is None and game.state is GameState.IN_PROGRESS
    assert game.armageddon_deadline == datetime(2022, 5, 31, 14, 20, tzinfo=UTC)
    assert {r.number: r.points for r in store.standings()}[2] == 0
    store.games.enter_armageddon(1, "Carlsen", "Wang", "1/2-1/2")
    game = store.games.find(1, 2, 9)
    assert game.points == (Decimal(1), Decimal("1.5"))  # a drawn Armageddon is Black's win
    assert game.armageddon_deadline is None and game.state is GameState.FINISHED


def test_draw_and_armageddon_in_one_entry(store: EventStore) -> None:
    store.games.enter_result(1, 3, 8, "=", armageddon="1-0")
    assert store.games.find(1, 3, 8).points == (Decimal("1.5"), Decimal(1))


def test_forfeit_scores_without_armageddon(store: EventStore) -> None:
    store.games.enter_result(1, 4, 7, "-/+")
    assert store.games.find(1, 4, 7).state is GameState.FORFEIT
    assert store.games.find(1, 4, 7).points == (Decimal(0), Decimal(3))


def test_entering_the_same_result_again_changes_nothing(store: EventStore) -> None:
    store.games.enter_result(1, 1, 10, "1-0")
    assert store.games.enter_result(1, 1, 10, "1-0") is None
    assert len(store.audit.log()) == 2


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        ((1, "Radjabov", "So", "1-0"), InputError, ("Radjabov has Black against So in round 1",)),
        (
            (1, "So", "Carlsen", "1-0"),
            NotFoundError,
            ("not paired in round 1", "So plays Radjabov"),
        ),
        ((1, "Zukertort", "So", "1-0"), NotFoundError, ("no player matches 'Zukertort'",)),
        ((1, "a", "So", "1-0"), AmbiguousError, ("'a' matches",)),
        ((1, "11", "So", "1-0"), NotFoundError, ("pairing number 11",)),
        ((10, "So", "Radjabov", "1-0"), InputError, ("round 10 is out of range", "1-9")),
        ((0, "So", "Radjabov", "1-0"), InputError, ("round 0 is out of range",)),
        ((1, "So", "Radjabov", "2-0"), RuleError, ("'2-0' is not a result",)),
        ((1, "So", "So", "1-0"), InputError, ("both White and Black",)),
    ],
)
def test_bad_result_input_is_refused(
    store: EventStore, args: tuple[object, ...], error: type[Exception], words: tuple[str, ...]
) -> None:
    refused(store, lambda: store.games.enter_result(*args), error, *words)  # type: ignore[arg-type]


def test_armageddon_after_decisive_game_is_refused(store: EventStore) -> None:
    """§2: an Armageddon follows a drawn main game only."""
    store.games.enter_result(1, 1, 10, "1-0")
    refused(
        store,
        lambda: store.games.enter_armageddon(1, 1, 10, "0-1"),
        RuleError,
        "no Armageddon after a decisive main game",
        "§2",
    )
    refused(
        store,
        lambda: store.games.enter_result(1, 2, 9, "1-0", armageddon="0-1"),
        RuleError,
        "decisive",
    )
    refused(
        store,
        lambda: store.games.enter_armageddon(1, 3, 8, "2-0"),
        RuleError,
        "not an Armageddon result",
    )


def test_overwrite_needs_a_correction_which_is_audited(store: EventStore) -> None:
    """§8: a confirmed result is not silently overwritten."""
    store.games.enter_result(1, 1, 10, "1-0")
    refused(
        store,
        lambda: store.games.enter_result(1, 1, 10, "0-1"),
        RuleError,
        "already has 1-0",
        "correction",
    )
    entry = store.games.enter_result(1, 1, 10, "0-1", correction=True)
    assert entry is not None and entry.action == "correction"
    assert "was 1-0" in entry.summary
    assert entry.before["games"][str(store.games.find(1, 1, 10).id)]["result"] == "1-0"
    assert store.games.find(1, 1, 10).result is MainResult.BLACK_WIN


def test_correcting_a_draw_to_a_win_drops_its_armageddon(store: EventStore) -> None:
    store.games.enter_result(1, 2, 9, "=", armageddon="0-1")
    game = store.games.find(1, 2, 9)
    store.games.attach_pgn(game.id, "armageddon", '[Event "x"]\n\n1. e4 0-1\n')
    store.games.enter_result(1, 2, 9, "1-0", correction=True)
    game = store.games.find(1, 2, 9)
    assert game.armageddon is None and game.armageddon_pgn is None
    store.audit.undo()
    assert store.games.find(1, 2, 9).armageddon_pgn is not None


def test_stale_version_is_a_conflict(store: EventStore) -> None:
    seen = store.games.find(1, 1, 10)
    store.games.enter_result(1, 1, 10, "1-0")
    message = refused(
        store,
        lambda: store.games.enter_result(
            1, 1, 10, "0-1", correction=True, expected_version=seen.version
        ),
        ConflictError,
        "changed by someone else",
    )
    assert "round 1 board 1 (So-Radjabov)" in message
    current = store.games.find(1, 1, 10)
    assert (
        store.games.enter_result(1, 1, 10, "0-1", correction=True, expected_version=current.version)
        is not None
    )


def test_signatures_in_order_make_a_result_final(store: EventStore) -> None:
    """§8: both players sign, then the arbiter countersigns; until then it is provisional."""
    game = store.games.find(1, 1, 10)
    refused(store, lambda: store.games.sign(game.id, "white"), RuleError, "no result yet")
    store.games.enter_result(1, 1, 10, "1-0")
    store.games.sign(game.id, "white")
    refused(store, lambda: store.games.sign(game.id, "arbiter"), RuleError, "black has not signed")
    refused(store, lambda: store.games.sign(game.id, "white"), RuleError, "already signed")
    store.games.sign(game.id, "black")
    store.games.sign(game.id, "arbiter")
    assert not store.games.get(game.id).provisional
    assert not {r.number: r for r in store.standings()}[1].provisional


def test_pgn_attach_and_replace(store: EventStore) -> None:
    game = store.games.find(1, 1, 10)
    refused(
        store,
        lambda: store.games.attach_pgn(game.id, "armageddon", "1. e4"),
        RuleError,
        "drawn main game",
    )
    refused(store, lambda: store.games.attach_pgn(game.id, "main", "  "), InputError, "empty")
    store.games.attach_pgn(game.id, "main", "1. e4 e5")
    assert store.games.attach_pgn(game.id, "main", "1. e4 e5") is None
    refused(
        store,
        lambda: store.games.attach_pgn(game.id, "main", "1. d4"),
        ConflictError,
        "already has",
    )
    store.games.attach_pgn(game.id, "main", "1. d4", replace_existing=True)
    assert store.games.get(game.id).pgn == "1. d4"


def test_standings_through_a_round_and_out_of_range(store: EventStore) -> None:
    store.games.enter_result(1, 1, 10, "1-0")
    assert store.standings(0)[0].points == 0
    refused(store, lambda: store.standings(10), InputError, "out of range")


def test_every_error_is_an_expected_error(store: EventStore) -> None:
    for action in (
        lambda: store.games.enter_result(1, "x", "y", "1-0"),
        lambda: store.games.get(999),
        lambda: store.audit.undo(),
    ):
        with pytest.raises(NormtuiError):
            action()


def test_resolve_player(store: EventStore) -> None:
    assert store.resolve_player("vachier").number == 7
    assert store.resolve_player(" 4 ").name == "Anand, Viswanathan"
    assert store.resolve_player("WANG, HAO").number == 9
    with pytest.raises(InputError):
        store.resolve_player("")


def test_reopened_store_sees_everything(store: EventStore, event_path: Path) -> None:
    store.games.enter_result(1, 1, 10, "1-0")
    other = EventStore.open(event_path)
    try:
        assert other.games.find(1, 1, 10).result is MainResult.WHITE_WIN
    finally:
        other.close()
