"""Undo is exact: any sequence of actions, undone one by one, leaves every table as it was;
each action writes exactly one audit row, and a refused action writes nothing."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from normtui.assets import read_profile_text
from normtui.demo.data2022 import NUMBERS
from normtui.rules.errors import NormtuiError
from normtui.rules.model import Postponement
from normtui.rules.profile import TimeControl
from normtui.store import EventStore, NotFoundError, PlayerInput
from tests.store.conftest import dump

_TEMPLATE: list[Path] = []
CLOCK = datetime(2022, 6, 1, 12, 0, tzinfo=UTC)


def template() -> Path:
    if not _TEMPLATE:
        folder = Path(tempfile.mkdtemp(prefix="normtui-undo-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        path = folder / "event.db"
        EventStore.create(path, [PlayerInput(n) for n in NUMBERS], read_profile_text()).close()
        _TEMPLATE.append(path)
    return _TEMPLATE[0]


rounds = st.integers(1, 9)
numbers = st.integers(1, 10)
results = st.sampled_from(["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"])
# An Armageddon may also be lost by forfeit (a player absent for it).
boards = st.sampled_from(["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"])

enter_result = st.tuples(
    st.just("result"),
    rounds,
    st.integers(0, 4),
    results,
    st.one_of(st.none(), st.none(), st.none(), boards),
    st.booleans(),
)

actions = st.one_of(
    enter_result,
    enter_result,
    enter_result,
    st.tuples(st.just("armageddon"), rounds, st.integers(0, 4), boards, st.booleans()),
    st.tuples(st.just("sign"), st.integers(1, 45), st.sampled_from(["white", "black", "arbiter"])),
    st.tuples(st.just("state"), st.integers(1, 45), st.sampled_from(["in_progress", "scheduled"])),
    st.tuples(
        st.just("pgn"),
        st.integers(1, 45),
        st.sampled_from(["main", "armageddon"]),
        st.sampled_from(["1. e4 e5 1-0", "1. d4 d5 0-1"]),
        st.booleans(),
    ),
    st.tuples(st.just("arrival"), rounds, numbers, st.booleans(), st.booleans()),
    st.tuples(st.just("incident"), rounds, numbers),
    st.tuples(
        st.just("illness"),
        rounds,
        numbers,
        st.sampled_from([None, Postponement.FREE_DAY, Postponement.MORNING]),
    ),
    st.tuples(st.just("withdraw"), numbers),
    st.tuples(st.just("clock"), st.integers(300, 900)),
    st.tuples(st.just("close"), rounds),
    st.tuples(st.just("schedule"), rounds, st.sampled_from(["15:00", "16:00"])),
    st.tuples(
        st.just("details"),
        st.sampled_from(["city", "federation", "deputy_arbiters"]),
        st.sampled_from(["Stavanger", "NOR", "", "N0R", "Roe, Rita"]),
    ),
    st.tuples(
        st.just("player"),
        numbers,
        st.sampled_from(["title", "sex", "fide_id", "rating", "federation"]),
        st.sampled_from(["GM", "IM", "m", "w", "none", "XX", "1503014", "2864", "NOR"]),
    ),
    st.tuples(
        st.just("undo"),
    ),
)


def apply(store: EventStore, action: tuple[object, ...]) -> None:
    kind, *args = action
    if kind in ("result", "armageddon"):
        rnd, index = args[0], args[1]
        assert isinstance(rnd, int) and isinstance(index, int)
        game = store.games(rnd)[index]
        drawn = [g for g in store.games() if g.result is not None and g.result.is_draw]
        if kind == "armageddon" and drawn:
            game = drawn[index % len(drawn)]
            rnd = game.round
        if kind == "result":
            store.games.enter_result(
                rnd, game.white, game.black, args[2], armageddon=args[3], correction=args[4]
            )  # type: ignore[arg-type]
        else:
            store.games.enter_armageddon(rnd, game.white, game.black, args[2], correction=args[3])  # type: ignore[arg-type]
    elif kind == "sign":
        # Among the games with a result, or signing would almost never be possible.
        done = [g for g in store.games() if g.result is not None] or store.games()
        store.games.sign(done[args[0] % len(done)].id, args[1])  # type: ignore[arg-type,operator]
    elif kind == "state":
        store.games.set_state(args[0], args[1])  # type: ignore[arg-type]
    elif kind == "pgn":
        store.games.attach_pgn(
            args[0],
            args[1],
            args[2],  # type: ignore[arg-type]
            replace_existing=args[3],
        )  # type: ignore[arg-type]
    elif kind == "arrival":
        store.desk.record_arrival(args[0], args[1], args[2], fine=args[3])  # type: ignore[arg-type]
    elif kind == "incident":
        store.desk.record_incident(
            args[0],
            args[1],
            "other",
            "noise",  # type: ignore[arg-type]
            "warning",
        )
    elif kind == "illness":
        store.desk.report_illness(args[0], args[1], proposed=args[2])  # type: ignore[arg-type]
    elif kind == "withdraw":
        store.desk.withdraw(args[0])  # type: ignore[arg-type]
    elif kind == "clock":
        store.set_time_control("armageddon", TimeControl(600, args[0], 1, 41))  # type: ignore
    elif kind == "close":
        store.rounds.close(args[0])  # type: ignore[arg-type]
    elif kind == "schedule":
        store.rounds.set_schedule(
            args[0],
            date="2022-06-01",  # type: ignore[arg-type]
            start_time=args[1],
        )  # type: ignore[arg-type]
    elif kind == "details":
        key, value = args
        store.set_report_details({key: [value] if key == "deputy_arbiters" and value else value})  # type: ignore
    elif kind == "player":
        store.set_player_details(args[0], {args[1]: args[2]})  # type: ignore[arg-type,dict-item]
    elif kind == "undo":
        store.audit.undo()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(actions, min_size=1, max_size=25))
def test_undo_everything_restores_every_table(sequence: list[tuple[object, ...]]) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="normtui-undo-case-"))
    path = tmp / "event.db"
    shutil.copyfile(template(), path)
    store = EventStore.open(path, clock=lambda: CLOCK)
    try:
        initial = dump(store)
        for action in sequence:
            before, log = dump(store), len(store.audit.log())
            try:
                apply(store, action)
            except NormtuiError:
                event(f"refused {action[0]}")
                assert dump(store) == before, action
                assert len(store.audit.log()) == log, action
                continue
            event(f"done {action[0]}")
            grown = len(store.audit.log()) - log
            assert grown in (0, 1), action
            if grown == 0:
                assert dump(store) == before, action
        while True:
            try:
                store.audit.undo()
            except NotFoundError:
                break
        assert dump(store) == initial
        assert store._core.conn.execute("PRAGMA foreign_key_check").fetchall() == []
    finally:
        store.close()
        shutil.rmtree(tmp, ignore_errors=True)
