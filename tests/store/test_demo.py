"""demo.db is the real 2022 event, stopped in round 7, and is exactly what the builder makes."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from normtui.demo.build import build_demo, main
from normtui.rules.model import GameState, MainResult
from normtui.store import EventStore
from tests.store.conftest import ROOT, dump


def test_committed_demo_is_what_the_builder_makes(tmp_path: Path) -> None:
    rebuilt = tmp_path / "demo.db"
    build_demo(rebuilt)
    assert dump(rebuilt) == dump(ROOT / "demo.db")
    import sqlite3

    def audit(path: Path) -> list[tuple[object, ...]]:
        with sqlite3.connect(path) as conn:
            return conn.execute("SELECT * FROM audit ORDER BY id").fetchall()

    assert audit(rebuilt) == audit(ROOT / "demo.db")


def test_demo_contents(demo_path: Path) -> None:
    store = EventStore.open(demo_path)
    try:
        players = store.players()
        assert [p.name for p in players][:3] == ["So, Wesley", "Carlsen, Magnus", "Giri, Anish"]
        assert players[0].rating == 2776  # as published (2766 was likely meant)
        assert players[1].fide_id == "1503014"
        rounds = store.rounds()
        assert [r.status for r in rounds[:6]] == ["closed"] * 6
        assert [r.date for r in rounds[:3]] == ["2022-05-31", "2022-06-01", "2022-06-02"]
        for g in store.games():
            if g.round <= 6:
                assert g.state is GameState.FINISHED and g.pgn and g.signatures.is_final
                assert (g.armageddon is not None) == (g.result is MainResult.DRAW)
                assert (g.armageddon_pgn is not None) == (g.armageddon is not None)
        live = {g.board: g for g in store.games(7)}
        assert live[3].armageddon_deadline is not None and live[3].result is MainResult.DRAW
        assert live[2].provisional and not live[4].provisional
        assert live[1].state is GameState.IN_PROGRESS and live[1].result is None
        assert store.rounds.current() == 7
        assert store.desk.fines() == [] and store.desk.incidents() == []
        top = store.standings()[0]
        assert (top.player, top.points) == ("Carlsen, Magnus", Decimal("12.5"))
    finally:
        store.close()


def test_demo_command_refuses_to_overwrite(tmp_path: Path, capsys: object) -> None:
    target = tmp_path / "demo.db"
    target.write_text("keep me")
    assert main([str(target)]) == 2
    assert target.read_text() == "keep me"


def test_a_filled_event_for_the_benchmarks(tmp_path: Path) -> None:
    """python -m normtui.demo --filled N: N players over the cycles asked, every
    board of the rounds up to --through with its result and PGN text, the rest to play."""
    path = tmp_path / "filled.db"
    assert main(["--filled", "11", "--cycles", "2", "--through", "3", str(path)]) == 0
    with EventStore.open(path) as store:
        assert (store.event.players, store.event.rounds) == (11, 22)
        games = store.games()
        assert len(games) == 11 * 10
        assert all(
            g.points is not None and (g.pgn is not None or g.result.is_forfeit)
            for g in games
            if g.round <= 3
        )  # type: ignore[union-attr]
        assert all(g.result is None for g in games if g.round > 3)
        assert store.rounds.current() == 4
    assert main(["--filled", "5", str(tmp_path / "small.db")]) == 2


def test_a_filled_single_round_robin_waits_for_its_last_round(tmp_path: Path) -> None:
    """By default every round but the last has its results; the same options build the same
    event (the benchmarks compare runs), and each result is an audited change of the store."""
    first, again = tmp_path / "a.db", tmp_path / "b.db"
    assert main(["--filled", "10", str(first)]) == 0
    assert main(["--filled", "10", str(again)]) == 0
    assert dump(first) == dump(again)
    with EventStore.open(first) as store:
        assert (store.event.players, store.event.rounds) == (10, 9)
        assert store.profile.event.cycles == 1
        assert [r.complete for r in store.rounds()] == [5] * 8 + [0]
        assert store.rounds.current() == 9
        assert len(store.standings()) == 10
        kinds = {e.action for e in store.audit.log()}
        assert {"create", "schedule", "result", "armageddon"} == kinds


def test_filled_options_are_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--filled", "10", "--through", "10", str(tmp_path / "x.db")]) == 2
    assert "--through must be a round from 0 to 9" in capsys.readouterr().err
    assert not (tmp_path / "x.db").exists()
    with pytest.raises(SystemExit):
        main(["--cycles", "2", str(tmp_path / "x.db")])
    assert "options of --filled" in capsys.readouterr().err
