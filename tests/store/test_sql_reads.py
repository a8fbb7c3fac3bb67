"""What the store asks SQLite for gives what the rules' definitions give: records built a kind
of result at a time, the rounds, the current round and the games still due counted by SQL,
the main games read for the table alone, after any sequence of changes made by this store or
by another connection (tests/store/reference.py holds the definitions)."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from normtui.export.snapshot import take_snapshot
from normtui.rules.errors import NormtuiError
from normtui.rules.model import ArmageddonResult, Game, MainResult
from normtui.rules.scoring import armageddon_due, is_complete
from normtui.store import EventStore
from normtui.store.core import complete_sql
from tests.store import reference
from tests.store.test_undo_property import CLOCK, actions, apply, template

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("after_draw", [True, False])
def test_complete_in_sql_is_the_rules_is_complete(after_draw: bool) -> None:
    """Every result and Armageddon, the impossible pairs included; with an Armageddon after a
    draw and without (a 1 / ½ / 0 profile: a draw is complete)."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE g (result TEXT, armageddon TEXT)")
    for result in [None, *MainResult]:
        for armageddon in [None, *ArmageddonResult]:
            (value,) = conn.execute(
                f"SELECT {complete_sql('g', after_draw)} FROM (SELECT ? "
                "AS result, ? AS armageddon) g",
                [result and result.value, armageddon and armageddon.value],
            ).fetchone()
            game = Game(1, 1, 1, 2, result, armageddon, armageddon_after_draw=after_draw)
            assert bool(value) == is_complete(game), (result, armageddon)
            due = after_draw and result is MainResult.DRAW and armageddon is None
            assert due == armageddon_due(game)
    conn.close()


def _check(store: EventStore) -> None:
    """Every fast read against its definition, on the store as it is now (each definition
    read once: the store's reads change nothing)."""
    every = reference.games(store)
    rounds = reference.rounds(store)
    current = reference.current_round(store)
    table = reference.main_table(store)
    assert store.games() == every
    assert store.games(1) == [g for g in every if g.round == 1]
    assert store.games(stage="blitz") == reference.games(store, "blitz")
    assert store.games.byes() == reference.byes(store)
    assert store.rounds() == rounds
    assert store.rounds.current() == current
    assert store.playoff._undecided_main() == reference.undecided_main(store)
    assert store.games.armageddons_due() == [
        g for g in every if g.result is MainResult.DRAW and g.armageddon is None
    ]
    assert store.games.incomplete() == [g for g in every if not is_complete(g.game())]
    # The clocks pane reads only those: every dial it shows is for one of them.
    from normtui.tui.clock_dials import _main_dials

    tcs = dict(store.profile.time_controls)
    assert _main_dials(store.games.incomplete(), store.rounds.current(), tcs, CLOCK) == _main_dials(
        every, store.rounds.current(), tcs, CLOCK
    )
    assert store.games.main_standings() == table
    assert store.games.main_games() == reference.main_games(store)
    # The console's snapshot computes the same from the games it holds.
    picture = store.picture()
    assert [g.id for g in picture.incomplete] == [g.id for g in store.games.incomplete()]
    assert picture.current_round == current
    assert picture.round_records() == rounds
    assert {g.id for g in picture.armageddons_waiting} == {
        g.id for g in store.games.armageddons_due() if g.armageddon_started_at is None
    }
    assert picture.main_table[0] == table
    snap = take_snapshot(store)
    assert snap.complete_through == reference.complete_through(list(snap.games), snap.rounds)


@pytest.mark.parametrize("name", ["demo.db"])
def test_the_demo_event(name: str, tmp_path: Path) -> None:
    db = tmp_path / name
    shutil.copyfile(ROOT / name, db)
    with EventStore.open(db) as store:
        _check(store)
        assert store.rounds("blitz") == reference.rounds(store, "blitz")


def _foreign(path: Path, action: tuple[object, ...]) -> None:
    """The same kind of change, made by another connection (the CLI, a second console)."""
    with EventStore.open(path, clock=lambda: CLOCK) as other:
        apply(other, action)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.sampled_from(["store", "view", "other"]), actions), min_size=1, max_size=14
    )
)
def test_what_sql_counts_is_what_the_rules_say(
    sequence: list[tuple[str, tuple[object, ...]]],
) -> None:
    """Changes by the store itself, by a view of it writing as another actor (the console's
    feed), and by another connection."""
    tmp = Path(tempfile.mkdtemp(prefix="normtui-fast-"))
    path = tmp / "event.db"
    shutil.copyfile(template(), path)
    store = EventStore.open(path, clock=lambda: CLOCK)
    view = store.as_actor("feed")
    try:
        _check(store)
        for who, action in sequence:
            try:
                if who == "other":
                    _foreign(path, action)
                else:
                    apply(store if who == "store" else view, action)
            except NormtuiError:
                pass
            _check(store)
    finally:
        store.close()
        shutil.rmtree(tmp, ignore_errors=True)


def test_a_write_reads_its_own_changes_and_a_refused_one_leaves_none(tmp_path: Path) -> None:
    """Inside a write the table and the records say what the write changed (it may still be
    rolled back); once it is refused, they say what they said before."""
    from normtui.rules.model import RuleError

    path = tmp_path / "event.db"
    shutil.copyfile(template(), path)
    with EventStore.open(path, clock=lambda: CLOCK) as store:
        before = store.games.main_standings()
        records = store.games()
        game = store.games(1)[0]
        with pytest.raises(RuleError), store._core.write("result") as tx:
            tx.rec.update("games", game.id, {"result": "1-0", "state": "finished"})
            inside = store.games.main_standings()
            assert inside != before and inside == reference.main_table(store)
            assert store.games() != records and store.games() == reference.games(store)
            assert store.games(1)[0].result is MainResult.WHITE_WIN
            raise RuleError("refused")
        assert store.games.main_standings() == before == reference.main_table(store)
        assert store.games() == records == reference.games(store)
