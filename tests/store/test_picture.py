"""A screen's snapshot of the event (``store.picture()``): one read gives what the store's own
reads give, piece by piece; after this store's own change of games only those games are read
again; another connection's commit, or a change beyond the games, reads the whole event."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from normtui.rules.model import MainResult, RuleError
from normtui.store import EventStore
from normtui.store.games import result_change
from normtui.store.picture import EventPicture
from tests.store.playoff_events import CLOCK, copy_event, make_events


def same_as_the_store(picture: EventPicture, store: EventStore) -> None:
    """Every piece of the picture as the store's own read gives it."""
    assert picture.name == store.event.name
    assert picture.rounds == store.event.rounds
    assert list(picture.players) == store.players()
    games = {g.id: g for g in store.games()}
    for stage in picture.stages:
        if stage != "playoff":
            games.update((g.id, g) for g in store.games(stage=stage))
    assert {g.id for g in picture.games} == set(games)
    for g in picture.games:
        whole = games[g.id]
        assert g.pgn is None and g.armageddon_pgn is None  # read without the texts
        assert g.to_json() == whole.to_json()
        assert (g.has_pgn, g.has_armageddon_pgn) == (
            whole.pgn is not None,
            whole.armageddon_pgn is not None,
        )
    assert picture.round_records() == store.rounds()
    assert picture.current_round == store.rounds.current()
    assert [g.id for g in picture.incomplete] == [g.id for g in store.games.incomplete()]
    # The header's count and ctrl+a's order: those of the store's indexed query not started.
    assert [g.id for g in picture.armageddons_waiting] == [
        g.id
        for g in sorted(
            store.games.armageddons_due(),
            key=lambda g: (g.armageddon_deadline.timestamp() if g.armageddon_deadline else 0.0,),
        )
        if g.armageddon_started_at is None
    ]
    assert picture.final == store.playoff.final_standings()
    assert picture.playoff_view.to_json() == store.playoff.view().to_json()
    assert picture.playoff_view.blocker == store.playoff.view().blocker
    assert picture.standings_if_ended_now == store.feed.standings_if_ended_now()
    for r in range(1, picture.rounds + 1):
        assert [(p.number, p.name) for p in picture.byes(r)] == [
            (b.number, b.name) for b in store.games.byes(r)
        ]
    head = store.audit.log(limit=1, rows=False)[0]
    assert picture.head is not None
    assert (picture.head.id, picture.head.actor, picture.head.summary) == (
        head.id,
        head.actor,
        head.summary,
    )
    assert picture.data_version == store.data_version()
    assert list(picture.arrivals) == store.desk.arrivals()
    assert list(picture.fines) == store.desk.fines()
    assert list(picture.incidents) == store.desk.incidents()
    assert picture.feed_source == store.feed.source()
    from normtui.importing import round_dates

    assert picture.round_dates == round_dates(store)


@pytest.fixture(scope="session")
def _events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return make_events(tmp_path_factory.mktemp("picture-events"), "two", "three", "unfinished")


@pytest.fixture
def open_event(_events: dict[str, Path], tmp_path: Path) -> Iterator[Callable[[str], EventStore]]:
    stores: list[EventStore] = []

    def opener(kind: str) -> EventStore:
        stores.append(EventStore.open(copy_event(_events, kind, tmp_path), clock=lambda: CLOCK))
        return stores[-1]

    yield opener
    for s in stores:
        s.close()


def test_the_demo_event_as_the_store_reads_it(demo_path: Path) -> None:
    with EventStore.open(demo_path, actor="test") as store:
        same_as_the_store(store.picture(), store)
        # The desk's ledgers: an absence fined (§7), an incident with its decision.
        store.desk.record_arrival(8, 3, False)
        store.desk.record_incident(7, 2, "other", "Phone rang", "Warned")
        picture = store.picture()
        assert picture.fines and picture.incidents
        same_as_the_store(picture, store)
        # A round robin's end: every result in, the Armageddons waiting played.
        for g in store.games():
            if g.result is None:
                store.games.enter_result_of(g.id, "1-0")
            elif g.armageddon_deadline is not None:
                store.games.enter_armageddon_of(g.id, "0-1")
        same_as_the_store(store.picture(), store)


@pytest.mark.parametrize("kind", ["two", "three", "unfinished"])
def test_a_playoff_as_the_store_reads_it(open_event, kind: str) -> None:
    store = open_event(kind)
    same_as_the_store(store.picture(), store)
    if kind == "unfinished":
        return
    store.playoff.start(2022)
    same_as_the_store(store.picture(), store)
    game = store.playoff().next_game
    assert game is not None
    store.playoff.enter_result(game.id, "1-0")
    same_as_the_store(store.picture(), store)


def _statements(store: EventStore) -> list[str]:
    said: list[str] = []
    store._core.conn.set_trace_callback(said.append)
    return said


def test_after_its_own_change_of_a_game_only_that_game_is_read(demo_path: Path) -> None:
    with EventStore.open(demo_path, actor="test") as store:
        known = store.picture()
        said = _statements(store)
        store.picture(known)
        # BEGIN, the event (and the data_version pragma it reads, which SQLite traces as a
        # statement of its own), the players, the games, COMMIT.
        assert len(said) == 6, said
        game = next(g for g in known.games if g.result is None)
        entry = store.games.enter_result_of(game.id, "1-0", expected_version=game.version)
        assert entry is not None
        del said[:]
        after = store.picture(known, after=entry)
        assert len(said) == 1, said  # the games changed
        assert after.profile is known.profile and after.players is known.players
        assert after.head is not None and after.head.id == entry.id
        same_as_the_store(after, store)
        # Beyond the games (a round closed, a player's details): the whole event again.
        entry = store.set_player_details(1, {"rating": 2001})
        assert entry is not None
        del said[:]
        whole = store.picture(after, after=entry)
        assert len(said) == 6, said
        same_as_the_store(whole, store)


def test_another_connection_s_commit_meanwhile_reads_the_whole_event(demo_path: Path) -> None:
    with EventStore.open(demo_path, actor="test") as store:
        known = store.picture()
        first, second = [g for g in known.games if g.result is None][:2]
        with EventStore.open(demo_path, actor="deputy") as deputy:
            deputy.games.enter_result_of(second.id, "0-1")
        entry = store.games.enter_result_of(first.id, "1-0")
        assert entry is not None
        after = store.picture(known, after=entry)
        assert after.data_version != known.data_version
        same_as_the_store(after, store)


def test_the_profile_is_parsed_once_per_change_of_its_text(demo_path: Path) -> None:
    with EventStore.open(demo_path, actor="test") as store:
        known = store.picture()
        again = store.picture(known)
        assert again.profile is known.profile
        tc = known.profile.time_controls["armageddon"]
        from dataclasses import replace

        store.set_time_control("armageddon", replace(tc, black_seconds=tc.black_seconds + 60))
        changed = store.picture(again)
        assert changed.profile is not known.profile
        assert changed.profile.time_controls["armageddon"].black_seconds == tc.black_seconds + 60
        same_as_the_store(changed, store)


def test_a_write_reads_the_profile_once(demo_path: Path) -> None:
    """Within one transaction only this store's own write could change the profile: a write
    reads its text once, however many records it builds."""
    with EventStore.open(demo_path, actor="test") as store:
        said = _statements(store)
        game = next(g for g in store.picture().games if g.result is None)
        del said[:]
        store.games.enter_result_of(game.id, "1/2-1/2")
        assert sum("profile_text" in s for s in said) == 1, said


def test_the_question_before_a_correction_is_the_write_s_own_check(open_event) -> None:
    """Asked from a snapshot without writing (result_change), a change is refused as the write
    refuses it: here a correction that would change who plays the started play-off (§5)."""
    store = open_event("two")
    store.playoff.start(2022)
    picture = store.picture()
    game = next(g for g in picture.games if (g.round, g.white, g.black) == (3, 3, 1))
    with pytest.raises(RuleError, match="undo the play-off first") as asked:
        result_change(
            game,
            MainResult.BLACK_WIN,
            None,
            correction=True,
            round_closed=picture.round_closed(3),
            playoff=picture.playoff_field,
        )
    with pytest.raises(RuleError) as written:
        store.games.enter_result_of(game.id, "0-1", correction=True)
    assert str(written.value) == str(asked.value)
