"""A round's date is held in one place, its row in the store: set when the round starts (the
console's `s`, `normtui start`, a board started, the live boards' first move) or its first result
is entered by hand, unless the arbiter gave one, from a record's Date tag as it is attached, or
given and corrected by the arbiter (`normtui round DB ROUND --date`), each in one change with one
audit row that undo takes back.
The TRF (record 132, 042/052), the Chief Arbiter's report, `check` and the JSON read it there."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from normtui.assets import builtin_profiles, read_profile_text
from normtui.cli import cli
from normtui.export import export_event
from normtui.export.publish import site_files
from normtui.rules.model import GameState
from normtui.store import EventStore, PlayerInput
from normtui.store.profile_text import event_profile_text
from tests.export import tiebreakserver

# 25 May 2026, 15:00 UTC: the day the clocks start, wherever the machine is (its time zone
# decides the venue's date; at 15:00 UTC it is 25 May from UTC-9 to UTC+8).
START = datetime(2026, 5, 25, 15, 0, tzinfo=UTC)
TODAY = START.astimezone().date().isoformat()
RECORD = '[Event "E"]\n[Date "2026.05.28"]\n[Round "4"]\n[Result "*"]\n\n1. e4 *\n'
UNDATED_RECORD = '[Event "E"]\n[Round "5"]\n[Result "*"]\n\n1. d4 *\n'
# Each round's date once every step is done.
DAYS = (TODAY, "2026-05-27", TODAY, "2026-05-28", TODAY, TODAY, "2026-05-29")


def _run(*args: object) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@dataclass
class Played:
    path: Path
    summaries: dict[str, str]  # what each step's audit row says
    rows: dict[str, int]  # how many audit rows each step wrote
    undone: tuple[str | None, GameState]  # round 1 after its start was undone
    corrected: tuple[str | None, str | None]  # round 1's date corrected, then undone
    result_undone: tuple[str | None, object]  # round 6 after its dating result was undone
    late: str | None  # round 6 after a result entered once round 7 had today's date


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    """An eight-player round robin (7 rounds, 4 boards) on a fixed clock, each round dated a
    different way."""
    path = tmp_path_factory.mktemp("dates") / "event.db"
    text = event_profile_text(read_profile_text(builtin_profiles()["fide-round-robin"]), 8)
    players = [
        PlayerInput(f"Player, {c}", 2500, "NOR", str(1000 + i)) for i, c in enumerate("ABCDEFGH")
    ]
    summaries: dict[str, str] = {}
    rows: dict[str, int] = {}

    with EventStore.create(path, players, text, clock=lambda: START) as store:

        def step(name: str, change: object) -> None:
            before = len(store.audit.ids())
            entry = change() if callable(change) else change
            assert entry is not None, name
            summaries[name] = entry.summary
            rows[name] = len(store.audit.ids()) - before

        # Round 1: started, the start undone (the date goes with it), started again.
        step("start 1", lambda: store.rounds.start(1))
        store.audit.undo()
        undone = (store.rounds()[0].date, store.games(1)[0].state)
        step("start 1 again", lambda: store.rounds.start(1))
        # Round 2: the arbiter dated it first; the start keeps that date.
        store.rounds.set_schedule(2, date="2026-05-27", start_time="15:00")
        step("start 2", lambda: store.rounds.start(2))
        # Round 3: one board started on its own.
        step("board 3", lambda: store.games.set_state(store.games(3)[0].id, "in_progress"))
        # Round 4: a record attached before anything started: the day it says.
        step("record 4", lambda: store.games.attach_pgn(store.games(4)[0].id, "main", RECORD))
        step("start 4", lambda: store.rounds.start(4))
        # Round 5: the live boards' first move, a record without a Date tag: today.
        step(
            "feed 5",
            lambda: store.as_actor("feed").games.keep_record(
                store.games(5)[0].id, "main", UNDATED_RECORD
            ),
        )
        # A record with a date attached to a round that has one: the round's date stays.
        step("record 1", lambda: store.games.attach_pgn(store.games(1)[0].id, "main", RECORD))
        # The arbiter corrects round 1's date, then takes the correction back.
        step("correct 1", lambda: store.rounds.set_schedule(1, date="2026-05-24", start_time=None))
        corrected = store.rounds()[0].date
        store.audit.undo()
        corrected_back = store.rounds()[0].date
        # Round 6, never started: a result entered while round 7 has today's date was played
        # before it (entered afterwards) and dates nothing; once round 7's date is a day to
        # come, the round's first result dates it, and undoing that result un-dates it.
        g6 = store.games(6)
        store.rounds.set_schedule(7, date=TODAY, start_time=None)
        step("late 6", lambda: store.games.enter_result(6, g6[0].white, g6[0].black, "1-0"))
        late = store.rounds()[5].date
        store.rounds.set_schedule(7, date="2026-05-29", start_time="15:00")
        step("result 6", lambda: store.games.enter_result_of(g6[1].id, "0-1"))
        store.audit.undo()
        result_undone = (store.rounds()[5].date, store.games(6)[1].result)
        step("result 6 again", lambda: store.games.enter_result_of(g6[1].id, "0-1"))
        step("draw 6", lambda: store.games.enter_result_of(g6[2].id, "1/2-1/2"))
    return Played(path, summaries, rows, undone, (corrected, corrected_back), result_undone, late)


def test_each_change_is_one_audit_row_that_says_the_date(played: Played) -> None:
    assert set(played.rows.values()) == {1}
    s = played.summaries
    assert s["start 1"] == f"round 1 started (4 boards), dated {TODAY}"
    assert s["start 2"] == "round 2 started (4 boards)"  # the arbiter's date kept
    assert s["board 3"].endswith(f": in progress; round 3 dated {TODAY}")
    assert s["record 4"].endswith(": main PGN attached; round 4 dated 2026-05-28")
    assert s["start 4"] == "round 4 started (4 boards)"
    assert s["feed 5"].endswith(f"in progress; round 5 dated {TODAY}")
    assert s["record 1"].endswith(": main PGN attached")
    assert s["correct 1"] == "round 1: 2026-05-24"
    assert s["late 6"].endswith(": result 1-0")
    assert s["result 6"].endswith(f": result 0-1; round 6 dated {TODAY}")
    assert s["result 6 again"] == s["result 6"]
    assert s["draw 6"].endswith(": result 1/2-1/2")  # the round has its date


def test_undo_takes_the_date_back_with_the_change(played: Played) -> None:
    assert played.undone == (None, GameState.SCHEDULED)
    assert played.corrected == ("2026-05-24", TODAY)
    assert played.result_undone == (None, None)
    assert played.late is None


def test_the_store_holds_every_rounds_date(played: Played) -> None:
    with EventStore.open(played.path) as store:
        dates = {r.round: r.date for r in store.rounds()}
        starts = {r.round: r.start_time for r in store.rounds()}
    assert dates == dict(enumerate(DAYS, start=1))
    assert starts == {1: None, 2: "15:00", 3: None, 4: None, 5: None, 6: None, 7: "15:00"}


def test_the_trf_check_report_and_json_read_the_stores_dates(
    played: Played, tmp_path: Path
) -> None:
    with EventStore.open(played.path) as store:
        text = export_event(store, "trf")
        site = site_files(store)
        event = json.loads(export_event(store, "json"))["event"]
    tiebreakserver.assert_reads_and_agrees(text, tmp_path)  # FIDE's reader takes its dates
    trf = text.split("\r\n")
    short = [d[2:].replace("-", "/") for d in DAYS]
    (dates,) = [line for line in trf if line.startswith("132 ")]
    assert dates.split() == ["132", *short]
    first, last = min(DAYS), max(DAYS)
    assert f"042 {first.replace('-', '/')}" in trf and f"052 {last.replace('-', '/')}" in trf
    assert (event["start_date"], event["end_date"]) == (first, last)
    checked = json.loads(_run("check", played.path, "--json").stdout)
    said = json.dumps(checked)
    assert "TRF 042/052" not in said and "TRF 132" not in said
    report = _run("print", played.path, "report").stdout
    section = report.split("<h2>Rounds</h2>", 1)[1].split("</table>", 1)[0]
    assert "not recorded" not in section
    for n, day in enumerate(DAYS, start=1):
        assert f'<td class="num">{n}</td><td>{day}</td>' in section
    rounds = [
        json.loads(v) for k, v in site.items() if k.startswith("round-") and k.endswith(".json")
    ]
    assert {r["round"]: r["date"] for r in rounds} == dict(enumerate(DAYS, start=1))


def test_the_command_line_dates_a_started_round_and_the_arbiter_corrects_it(
    tmp_path: Path,
) -> None:
    csv = tmp_path / "players.csv"
    csv.write_text(
        "name,rating,federation,fide_id\n"
        + "".join(f'"Player, {c}",2500,NOR,{1000 + i}\n' for i, c in enumerate("ABCD")),
        encoding="utf-8",
    )
    db = tmp_path / "event.db"
    assert _run("new", db, "--players", csv, "--profile", "fide-round-robin").exit_code == 0
    gaps = " ".join(json.loads(_run("check", db, "--json").stdout)["rating_report"])
    assert "TRF 042/052: no round has a date" in gaps
    before = date.today().isoformat()
    started = json.loads(_run("start", db, 1, "--json").stdout)
    after = date.today().isoformat()
    (entry,) = started["entries"]
    day = entry["summary"].rsplit("dated ", 1)[1]
    assert before <= day <= after  # today's, read by this machine's clock
    gaps = " ".join(json.loads(_run("check", db, "--json").stdout)["rating_report"])
    assert "042/052" not in gaps and "TRF 132: no date for rounds 2, 3" in gaps
    assert f"Round 1 ({day})" in _run("pairings", db).stdout
    # The arbiter's date: one change, undone by `normtui undo`.
    assert _run("round", db, 1, "--date", "2026-05-25").exit_code == 0
    assert "Round 1 (2026-05-25)" in _run("pairings", db).stdout
    assert _run("undo", db).exit_code == 0
    assert f"Round 1 ({day})" in _run("pairings", db).stdout
    # A result entered ahead of its round (round 3, round 2 not played yet) dates nothing:
    # round 2 would otherwise stay undated for good, a round after it dated before it.
    with EventStore.open(db) as store:
        ahead = store.games(3)[0]
        game = store.games(2)[0]
    said = _run("result", db, 3, ahead.white, ahead.black, "1-0").stdout
    assert "result 1-0" in said and "dated" not in said
    # Round 2 never started: its first result entered dates it, and says so.
    said = _run("result", db, 2, game.white, game.black, "1-0").stdout
    assert f"round 2 dated {date.today().isoformat()}" in said or f"round 2 dated {after}" in said
    gaps = " ".join(json.loads(_run("check", db, "--json").stdout)["rating_report"])
    assert "TRF 132: no date for round 3 " in gaps


def test_a_record_does_not_date_a_round_behind_the_stores_back(tmp_path: Path) -> None:
    """A round left without a date (a file whose records were attached before they dated their
    round, here the date taken away again) has none in the TRF, whatever its records say:
    `check` says what they say, for the arbiter to record."""
    path = tmp_path / "event.db"
    text = event_profile_text(read_profile_text(builtin_profiles()["fide-round-robin"]), 4)
    players = [
        PlayerInput(f"Player, {c}", 2500, "NOR", str(1000 + i)) for i, c in enumerate("ABCD")
    ]
    with EventStore.create(path, players, text, clock=lambda: START) as store:
        store.games.attach_pgn(store.games(2)[0].id, "main", RECORD)
        assert store.rounds()[1].date == "2026-05-28"
        store.rounds.set_schedule(2, date=None, start_time=None)
        trf = export_event(store, "trf").split("\r\n")
    # No date in record 132 nor in 042/052 (left out where they have none).
    assert all(len(x.split()) == 1 for x in trf if x[:4] in ("132 ", "042 ", "052 "))
    assert not [x for x in trf if "26/05/28" in x or "2026/05/28" in x]
    gaps = json.loads(_run("check", path, "--json").stdout)["rating_report"]
    assert (
        "TRF 042/052: no round has a date, so the event has no dates (normtui round DB ROUND "
        "--date YYYY-MM-DD; its games' records say round 2 2026-05-28)"
    ) in gaps


def test_the_blitz_openers_rounds_are_dated_as_its_games_start(tmp_path: Path) -> None:
    """A stage's rounds each have their date: a blitz game started dates the blitz round, and
    the audit row says which round it is."""
    players = [
        PlayerInput(f"Player, {c}", 2500, "NOR", str(1000 + i)) for i, c in enumerate("ABCDEFGHIJ")
    ]
    with EventStore.create(
        tmp_path / "e.db", players, read_profile_text(), clock=lambda: START
    ) as store:
        store.stages.start_blitz(7)
        game = store.games(1, "blitz")[0]
        entry = store.games.set_state(game.id, "in_progress")
        assert entry is not None and entry.summary.endswith(f"; blitz round 1 dated {TODAY}")
        assert [r.date for r in store.rounds("blitz")][:2] == [TODAY, None]
        assert store.rounds()[0].date is None  # the main event's round 1: not started
