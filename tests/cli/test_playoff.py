"""`normtui playoff DB [--json] [--start [--seed N]] [--result ID RESULT [--correct]]
[--choose white|black] [--pgn ID FILE]`: the play-off of §5 from the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli.conftest import Run
from tests.cli.test_bad_input import refused
from tests.store.playoff_events import copy_event, make_events
from tests.store.test_playoff_pgn import record


@pytest.fixture(scope="session")
def _events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return make_events(tmp_path_factory.mktemp("cli-playoff"))


@pytest.fixture
def event(_events: dict[str, Path], tmp_path: Path):
    """``event("two")``: the path of a private copy of one of the tied events."""
    return lambda kind: copy_event(_events, kind, tmp_path)


def ok(run: Run, *args: object) -> str:
    result = run("playoff", *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def state(run: Run, db: Path) -> dict[str, object]:
    return json.loads(ok(run, db, "--json"))


def test_json_shape_before_and_after_the_start(run: Run, event) -> None:
    db = event("two")
    shown = state(run, db)
    assert {k: shown[k] for k in ("needed", "format", "players", "games", "winner")} == {
        "needed": True,
        "format": "match",
        "players": ["Carlsen, Magnus", "So, Wesley"],
        "games": [],
        "winner": None,
    }
    assert shown["started"] is False and shown["seed"] is None
    ok(run, db, "--start", "--seed", 7)
    shown = state(run, db)
    [m1] = shown["games"]  # type: ignore[misc]
    assert set(m1) >= {"id", "white", "black", "result", "kind"}
    assert (m1["id"], m1["result"], m1["kind"], m1["clock"]) == ("M1", None, "blitz", "3' + 2\"")
    assert {m1["white"], m1["black"]} == {"Carlsen, Magnus", "So, Wesley"}
    assert shown["seed"] == 7 and shown["next_game"] == "M1"
    assert [p["prize"] for p in shown["prizes"]] == [None, None]  # type: ignore[index]


def test_whole_match_with_armageddon_in_human_output(run: Run, event) -> None:
    db = event("two")
    out = ok(run, db, "--start")
    seed = int(re.search(r"Seed (\d+) \(drawn; recorded\)", out).group(1))  # type: ignore[union-attr]
    assert state(run, db)["seed"] == seed
    assert "Match game 1 of 2" in out and "set the clocks to 3' + 2\"" in out
    out = ok(run, db, "--result", "M1", "1-0")
    assert "Match game 2 of 2" in out
    out = ok(run, db, "--result", "M2", "1-0")
    assert "Match tied 1-1: Armageddon" in out
    assert "set the clocks to White 10', Black 7', +1\" from move 41" in out
    arm = state(run, db)["games"][2]  # type: ignore[index]
    out = ok(run, db, "--result", "A", "1/2-1/2")
    assert f"Winner: {arm['black']}" in out and "Black wins (draw odds" in out
    prize_lines = out[out.index("Prize money:") :].splitlines()[1:]
    # The final places first: the play-off's winner is 1st, whatever SB says (§5).
    assert prize_lines[0].split() == ["1", *arm["black"].split(), "NOK", "750,000.00"]
    assert prize_lines[1].split() == ["2", *arm["white"].split(), "NOK", "400,000.00"]
    standings = json.loads(run("standings", db, "--json").stdout)
    assert {r["player"]: r["prize"] for r in standings}[arm["black"]] == 750000


def test_three_way_round_robin_shows_the_next_round_when_due(run: Run, event) -> None:
    db = event("three")
    ok(run, db, "--start", "--seed", 11)
    shown = state(run, db)
    assert shown["format"] == "double_round_robin" and len(shown["players"]) == 3
    assert [g["id"] for g in shown["games"]] == ["R1.1"]  # type: ignore[union-attr]
    out = ok(run, db, "--result", "R1.1", "1-0")
    assert "Double round robin, round 2 of 6" in out and "R2.1" in out
    assert len(state(run, db)["table"]) == 3  # type: ignore[arg-type]


def test_choose_and_pgn(run: Run, event, tmp_path: Path) -> None:
    db = event("choose")
    ok(run, db, "--start", "--seed", 3)
    ok(run, db, "--result", "M1", "1-0")
    out = ok(run, db, "--result", "M2", "1-0")
    assert "Carlsen, Magnus chooses the Armageddon's colour" in out
    out = ok(run, db, "--choose", "black")
    assert "Carlsen (higher on the tie-breaks) chose black" in out
    arm = state(run, db)["games"][2]  # type: ignore[index]
    assert arm["black"] == "Carlsen, Magnus"
    ok(run, db, "--result", "A", "0-1")
    pgn = tmp_path / "a.pgn"
    pgn.write_text(record(arm["white"], arm["black"], "0-1", ("0:10:00", "0:07:00")))
    out = ok(run, db, "--pgn", "A", pgn)
    assert "PGN attached" in out
    assert state(run, db)["games"][2]["pgn"] is True  # type: ignore[index]
    wrong = tmp_path / "wrong.pgn"
    wrong.write_text(record(arm["white"], arm["black"], "1-0", ("0:10:00", "0:07:00")))
    refused(
        run,
        db,
        "playoff",
        db,
        "--pgn",
        "A",
        wrong,
        "--correct",
        says="the record says 1-0, but A has 0-1",
    )


@pytest.mark.parametrize(
    ("kind", "args", "says"),
    [
        ("one", ("--start",), "no play-off is needed"),
        ("one", ("--result", "M1", "1-0"), "no play-off is needed"),
        ("unfinished", ("--start", "--seed", 1), "after the last round"),
        ("two", ("--result", "M1", "1-0"), "not been started"),
        ("started", ("--start", "--seed", 1), "already been started"),
        ("started", ("--result", "X9", "1-0"), "no play-off game 'X9'"),
        ("started", ("--result", "M2", "1-0"), "not due"),
        ("started", ("--result", "M1", "2-0"), "not a play-off result"),
        ("started", ("--choose", "white"), "by lot"),
        ("started", ("--pgn", "M1", "missing.pgn"), "missing.pgn"),
        ("started", ("--seed", 3), "--seed goes with --start"),
        ("started", ("--correct",), "--correct goes with --result or --pgn"),
        ("started", ("--start", "--result", "M1", "1-0"), "one of --start and --result"),
    ],
)
def test_bad_input_exits_2_and_changes_nothing(
    run: Run, event, kind: str, args: tuple[object, ...], says: str
) -> None:
    db = event("two" if kind == "started" else kind)
    if kind == "started":
        ok(run, db, "--start", "--seed", 5)
    refused(run, db, "playoff", db, *args, says=says)


def test_without_a_shared_first_place(run: Run, event) -> None:
    db = event("one")
    out = ok(run, db)
    assert out.splitlines() == ["First place: Carlsen, Magnus."]
    shown = state(run, db)
    assert (shown["needed"], shown["format"], shown["games"], shown["winner"]) == (
        False,
        None,
        [],
        None,
    )


def test_before_the_last_round_it_says_why_it_cannot_start(run: Run, event) -> None:
    out = ok(run, event("unfinished"))
    assert "Not yet: the play-off is played after the last round; round 3 board 2" in out


def test_before_the_last_round_not_shared_is_only_for_now(run: Run, tmp_path: Path) -> None:
    """§5: the play-off is settled "at the end of the last round"; mid-event the leader is
    only leading, and nothing says that no play-off will be needed."""
    import shutil

    from normtui.assets import ASSETS

    db = tmp_path / "demo.db"
    shutil.copy(ASSETS.parent / "demo.db", db)
    out = ok(run, db)
    assert out.splitlines()[:1] == ["Leading: Carlsen, Magnus."]
