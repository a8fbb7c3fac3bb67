"""The blitz opener and the choice of pairing numbers (§1), the play-off (§5)."""

from __future__ import annotations

from decimal import Decimal

from normtui.rules.model import RuleError
from normtui.store import EventStore, PlayerInput, StoreError
from tests.store.test_games import refused


def _finish_blitz(store: EventStore) -> None:
    for g in store.games(stage="blitz"):
        # The lower blitz number wins: a strict ranking without ties.
        store.games.enter_result(
            g.round, g.white, g.black, "1-0" if g.white < g.black else "0-1", stage="blitz"
        )


def test_blitz_opener_then_numbers_by_choice(store: EventStore) -> None:
    entry = store.stages.start_blitz(2022)
    assert entry is not None and "seed 2022" in entry.summary
    assert len(store.games(stage="blitz")) == 45
    refused(store, lambda: store.stages.start_blitz(1), StoreError, "already")
    refused(store, lambda: store.stages.choose_numbers([1]), RuleError, "not finished")
    refused(
        store,
        lambda: store.games.enter_result(
            1, *_first_pairing(store), "1-0", armageddon="1-0", stage="blitz"
        ),
        RuleError,
        "no Armageddon",
    )
    _finish_blitz(store)
    ranking = [r.name for r in store.stages.blitz_standings()]
    assert ranking[0] == "So, Wesley"
    drawn = store.games.find(1, *_first_pairing(store), stage="blitz")
    assert drawn.points is not None
    # The ranking chooses in turn: the winner takes 10, the second 1, and so on.
    choices = [10, 1, 2, 3, 4, 5, 6, 7, 8]
    store.stages.choose_numbers(choices)
    numbers = {p.name: p.number for p in store.players()}
    assert [numbers[name] for name in ranking] == [*choices, 9]
    winner = numbers[ranking[0]]
    assert any(winner in (g.white, g.black) for g in store.games(1))
    assert (store.games(1)[0].white, store.games(1)[0].black) == (1, 10)
    assert store.games(1)[0].black_name == ranking[0]
    # Blitz games keep their players.
    assert store.stages.blitz_standings()[0].name == ranking[0]
    store.audit.undo()
    assert {p.name: p.number for p in store.players()}["So, Wesley"] == 1


def _first_pairing(store: EventStore) -> tuple[int, int]:
    g = store.games(1, stage="blitz")[0]
    return g.white, g.black


def test_numbers_cannot_change_once_the_event_began(store: EventStore) -> None:
    store.games.enter_result(1, 1, 10, "1-0")
    names = {p.name: 11 - p.number for p in store.players()}
    refused(store, lambda: store.stages.set_numbers(names), RuleError, "has begun")


def test_numbers_by_hand(store: EventStore) -> None:
    names = {p.name: 11 - p.number for p in store.players()}
    store.stages.set_numbers(names)
    assert store.players()[0].name == "Radjabov, Teimour"
    assert store.games(1)[0].white_name == "Radjabov, Teimour"


def test_lots_at_creation_are_reproducible(
    tmp_path, players: list[PlayerInput], profile_text: str
) -> None:
    orders = []
    for i in range(2):
        s = EventStore.create(tmp_path / f"{i}.db", players, profile_text, lots_seed=7)
        orders.append([p.name for p in s.players()])
        assert s.event.lots_seed == 7
        s.close()
    assert orders[0] == orders[1] != [p.name for p in players]


def test_playoff_for_a_shared_first_place(store: EventStore) -> None:
    """§5: two players share first place: a 2-game match, then an Armageddon if tied; the
    winner takes first prize whole."""
    refused(store, lambda: store.playoff.start(1), RuleError, "after the last round")
    for g in store.games():
        # Everybody loses everything but So and Carlsen, who win one game each.
        result = "1-0" if (g.round, g.white, g.black) in ((1, 1, 10), (1, 2, 9)) else "-/-"
        store.games.enter_result(g.round, g.white, g.black, result)
    rows = store.standings()
    assert [r.number for r in rows if r.prize_pending] == [1, 2]
    store.playoff.start(99)
    state = store.playoff()
    assert state.needed and state.format == "match" and state.next_game is not None
    refused(store, lambda: store.playoff.enter_result("A", "1-0"), RuleError, "no play-off game")
    store.playoff.enter_result("M1", "1-0")
    store.playoff.enter_result("M2", "1-0")
    state = store.playoff()
    assert state.winner is None and state.next_game is not None
    assert state.next_game.id == "A"
    store.playoff.enter_result("A", "1/2-1/2")  # draw odds: Black wins (§5)
    state = store.playoff()
    assert state.winner == state.games[-1].black
    prizes = {r.number: r.prize for r in store.standings()}
    assert prizes[state.winner] == Decimal(750000)
    refused(store, lambda: store.playoff.enter_result("A", "1-0"), RuleError, "correction")
