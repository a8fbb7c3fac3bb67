"""A whole live round through the feed: the real round 8 of 2022 replayed into a LiveChess
folder, read after every second of its timeline. The moves are the boards' live state; the
audit log gets what changes the event (each game started, each record and result at its end),
every one of them undoable, and an undone one stays undone."""

from __future__ import annotations

import shutil
from datetime import timedelta
from itertools import groupby
from pathlib import Path

from normtui.demo.replay import Replay
from normtui.feed.sources import open_source
from normtui.feed.watcher import Feed
from normtui.rules.model import GameState
from normtui.store import EventStore
from tests.feed.conftest import ROOT, START, Clock

ROUND = 8
# A round of five boards and its Armageddons: one start and one end per game, with room.
MOST_ENTRIES = 100


def test_a_live_round_audits_its_decisions_not_its_moves(tmp_path: Path) -> None:
    clock = Clock()
    shutil.copyfile(ROOT / "demo.db", tmp_path / "d.db")
    replay = Replay(tmp_path / "live", ROUND, every=1.0, layout="per-game", now=clock)
    replay.folder.mkdir(parents=True)
    wal = tmp_path / "d.db-wal"
    with EventStore.open(tmp_path / "d.db", actor="arbiter", clock=clock) as store:
        first = store.audit.log(limit=1, rows=False)[0].id
        feed = Feed(store, open_source(str(tmp_path / "live")), now=clock)
        for second, steps in groupby(replay.steps(), key=lambda s: s.at):
            clock.at = START + timedelta(seconds=second)
            for step in steps:
                replay.write(step)
            feed.poll()
        clock.at += timedelta(seconds=5)
        assert feed.poll().changes == ()  # read again: nothing more to do

        # The WAL, copied into the file at each game's end, never grew past a few hundred KB.
        assert wal.stat().st_size <= 600 * 1024
        feed.stop()
        assert wal.stat().st_size == 0
        added = [e for e in store.audit.log(rows=False) if e.id > first]
        assert 0 < len(added) <= MOST_ENTRIES
        assert all(e.actor == "feed" for e in added)
        # Every game of the round has its real result and its record, as it was played.
        real = {(g.tags["White"], g.tags["Black"], g.armageddon): g for g in replay.games}
        games = store.games(ROUND)
        for g in games:
            main = real[(g.white_name, g.black_name, False)]
            assert g.result is not None and g.result.value == main.result, g.label
            assert g.pgn is not None and main.plies[-1][0] in g.pgn, g.label
            arm = real.get((g.white_name, g.black_name, True))
            if arm is not None:
                assert g.armageddon is not None and g.armageddon.value == arm.result
                assert g.armageddon_pgn is not None
        assert store.audit.check() == []

        # Each of them undoable, newest first, back to the round not begun.
        for _entry in added:
            store.audit.undo(anyone=True)
        for g in store.games(ROUND):
            assert (g.result, g.pgn, g.state) == (None, None, GameState.SCHEDULED), g.label
        assert store.audit.check() == []
        # The feed reads the same files again: what the arbiter undid stays undone.
        assert feed.poll().changes == ()
        assert all(g.result is None for g in store.games(ROUND))
