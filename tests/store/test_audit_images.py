"""What an audit entry keeps of a change: the columns it changed, before and after (a row made
or removed, whole). Signing a game with a long record writes a few bytes, not the record
twice; undo puts back exactly those columns, and refuses as before when the row was changed
since by a change that is not undone."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from normtui.store import ConflictError, EventStore, NotNewestError, NotYoursError
from tests.store.conftest import dump
from tests.store.test_corrections import RECORD


def stored(path: Path, entry_id: int) -> tuple[str, str]:
    """An entry's ``before`` and ``after`` as the file holds them."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT before, after FROM audit WHERE id = ?", [entry_id]).fetchone()
    finally:
        conn.close()


def test_a_signature_keeps_the_columns_it_changed_not_the_record(
    store: EventStore, event_path: Path
) -> None:
    game = store.games.find(1, "So", "Radjabov")
    store.games.enter_result(1, "So", "Radjabov", "1-0")
    store.games.attach_pgn(game.id, "main", RECORD)
    version = store.games.get(game.id).version
    entry = store.games.sign(game.id, "white")
    assert entry is not None
    key = str(game.id)
    assert entry.before == {"games": {key: {"signed_white": 0, "version": version}}}
    assert entry.after == {"games": {key: {"signed_white": 1, "version": version + 1}}}
    before, after = stored(event_path, entry.id)
    assert json.loads(before) == entry.before and json.loads(after) == entry.after
    assert len(before) + len(after) < 100 < len(RECORD)


def test_a_row_made_or_removed_is_kept_whole_and_undone(store: EventStore) -> None:
    """An arrival with its fine made (two rows made), then the player present after all (the
    fine removed): each undo puts the tables back exactly."""
    empty = dump(store)
    absent = store.desk.record_arrival(2, "Giri", False)
    assert absent is not None
    (arrival,) = absent.after["arrivals"].values()
    (fine,) = absent.after["fines"].values()
    assert arrival is not None and arrival["present"] == 0 and fine is not None
    assert list(absent.before["fines"].values()) == [None]
    fined = dump(store)
    present = store.desk.record_arrival(2, "Giri", True)
    assert present is not None
    (removed,) = present.before["fines"].values()
    assert removed == fine  # the whole row, to make again
    assert list(present.after["fines"].values()) == [None]
    assert list(present.before["arrivals"].values()) == [{"present": 0}]
    store.audit.undo()
    assert dump(store) == fined
    store.audit.undo()
    assert dump(store) == empty


def test_another_column_of_the_row_changed_since_by_the_feed_refuses_the_undo(
    store: EventStore,
) -> None:
    """My result on a board, then the board feed keeps that game's record (another column of
    the same row, from another process): undo passes over the feed's change of other boards,
    not of this one. The row's version, which every change of a game writes, says it was
    changed since; refused as before, nothing changed."""
    game = store.games.find(1, "So", "Radjabov")
    mine = store.games.enter_result(1, "So", "Radjabov", "1-0")
    assert mine is not None
    feed = store.as_actor("feed")
    feed.games.keep_record(game.id, "main", RECORD)
    before = dump(store)
    with pytest.raises(ConflictError) as refused:
        store.audit.undo(mine.id, anyone=True)
    assert str(refused.value) == (
        f"cannot undo #{mine.id} ({mine.summary}): games row {game.id} has been changed "
        "since by a change that is not undone"
    )
    assert dump(store) == before


def test_a_column_changed_by_another_process_is_kept_by_an_undo_of_another(
    event_path: Path,
) -> None:
    """A deputy's console (another process) sets the feed the venue watches; the chief then
    records the event's city, and the deputy changes the feed: another column of the same
    row. The chief's undo is refused while the deputy's change is the newest (as before);
    once the deputy has undone it, the chief's undo puts back the city alone, and the feed's
    column stays as the deputy's undo left it."""
    with (
        EventStore.open(event_path, actor="chief") as chief,
        EventStore.open(event_path, actor="deputy") as deputy,
    ):
        deputy.feed.set_source("/media/livechess")
        city = chief.set_report_details({"city": "Stavanger"})
        assert city is not None and city.after == {"event": {"1": {"city": "Stavanger"}}}
        deputy.feed.set_source("/srv/boards")
        with pytest.raises(NotYoursError):
            chief.audit.undo()
        with pytest.raises(NotNewestError):
            chief.audit.undo(city.id)
        deputy.audit.undo()
        chief.audit.undo()
        assert chief.event.details.city is None
        assert chief.feed.source() == ("/media/livechess", None)
        assert chief.audit.check() == []
