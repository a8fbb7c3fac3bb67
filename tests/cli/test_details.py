"""`normtui details` and `normtui player`, and `--json` on every command that changes the
event (one object: changed, the audit entries, notes, and the command's own data)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Run
from tests.cli.test_bad_input import refused


def test_details_shown_recorded_and_used_by_the_rating_report(run: Run, event_db: Path) -> None:
    shown = run("details", event_db)
    assert shown.exit_code == 0 and "city             -" in shown.stdout
    done = run(
        "details",
        event_db,
        "--city",
        "Stavanger",
        "--federation",
        "nor",
        "--arbiter",
        "Doe, Jane",
        "--deputy",
        "Roe, Rita",
        "--deputy",
        "Poe, Paul",
    )
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith("#") and "city Stavanger, federation NOR" in done.stdout
    again = json.loads(run("details", event_db, "--json").stdout)
    assert again["details"] == {
        "city": "Stavanger",
        "federation": "NOR",
        "site": None,
        "chief_arbiter": "Doe, Jane",
        "deputy_arbiters": ["Roe, Rita", "Poe, Paul"],
        "rating_list": None,
        "norm_exemption": "none",
    }
    assert run("player", event_db, "carlsen", "--title", "GM", "--sex", "m").exit_code == 0
    trf = run("export", event_db, "--format", "trf").stdout.splitlines()
    assert "022 Stavanger" in trf and "032 NOR" in trf and "102 Doe, Jane" in trf
    assert [line for line in trf if line.startswith("112 ")] == ["112 Roe, Rita", "112 Poe, Paul"]
    carlsen = next(line for line in trf if line[14:47].startswith("Carlsen"))
    assert carlsen[9:13] == "m GM"  # columns 10 (sex) and 11-13 (title)
    # An option of the export wins over what is recorded, for that export only.
    other = run("export", event_db, "--format", "trf", "--city", "Oslo").stdout.splitlines()
    assert "022 Oslo" in other
    cleared = run("details", event_db, "--no-deputies", "--city", "", "--json")
    body = json.loads(cleared.stdout)
    assert body["changed"] and body["details"]["deputy_arbiters"] == []
    assert body["details"]["city"] is None


def test_player_details_shown(run: Run, event_db: Path) -> None:
    out = run("player", event_db, "2", "--json")
    assert json.loads(out.stdout)["player"]["name"] == "Carlsen, Magnus"
    assert run("player", event_db, "Carlsen").stdout.startswith("2 Carlsen, Magnus: title -")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("details", "{db}", "--federation", "NORW"), "not a FIDE federation code"),
        (("player", "{db}", "Carlsen", "--title", "XM"), "'XM' is not a FIDE title"),
        (("player", "{db}", "Carlsen", "--sex", "x"), "m and w"),
        (("player", "{db}", "Kasparov", "--title", "GM"), "no player matches 'Kasparov'"),
    ],
)
def test_bad_details_refused(run: Run, event_db: Path, args: tuple[str, ...], says: str) -> None:
    refused(run, event_db, *(event_db if a == "{db}" else a for a in args), says=says)


@pytest.mark.parametrize(
    "args",
    [
        ("result", "{db}", "1", "So", "Radjabov", "1/2-1/2", "--armageddon", "0-1"),
        ("start", "{db}", "1"),
        ("round", "{db}", "1", "--date", "2022-05-31"),
        ("arrive", "{db}", "1", "Giri", "--absent"),
        ("incident", "{db}", "1", "Giri", "electronic_device", "phone rang", "--decision", "lost"),
        ("illness", "{db}", "1", "Giri", "--free-day"),
        ("withdraw", "{db}", "Giri", "--dry-run"),
        ("withdraw", "{db}", "Giri"),
        ("time-control", "{db}", "armageddon", "600", "420", "1", "41"),
        ("blitz", "start", "{db}", "7"),
        ("details", "{db}", "--city", "Stavanger"),
        ("player", "{db}", "Giri", "--title", "GM"),
        ("check", "{db}"),
        ("export", "{db}", "--format", "csv"),
    ],
)
def test_every_command_that_changes_the_event_speaks_json(
    run: Run, event_db: Path, args: tuple[str, ...]
) -> None:
    done = run(*(event_db if a == "{db}" else a for a in args), "--json")
    # check: 1, the event lacks what a FIDE rating report needs
    assert done.exit_code == (1 if args[0] == "check" else 0), done.output
    body = json.loads(done.stdout)
    assert isinstance(body, dict)
    if "changed" in body:
        assert body["changed"] == bool(body["entries"])
        for entry in body["entries"]:
            assert {"id", "action", "summary", "before", "after"} <= set(entry)


def test_sign_json(run: Run, event_db: Path) -> None:
    assert run("result", event_db, "1", "So", "Radjabov", "1-0").exit_code == 0
    body = json.loads(run("sign", event_db, "1", "So", "Radjabov", "white", "--json").stdout)
    assert body["changed"] and body["entries"][0]["action"] == "sign"


def test_result_json_carries_the_entry_and_the_armageddon_note(run: Run, event_db: Path) -> None:
    body = json.loads(run("result", event_db, "1", "So", "Radjabov", "1/2-1/2", "--json").stdout)
    assert body["changed"] and body["entries"][0]["action"] == "result"
    assert any(note.startswith("Armageddon due") for note in body["notes"])
    again = json.loads(run("result", event_db, "1", "So", "Radjabov", "1/2-1/2", "--json").stdout)
    assert (again["changed"], again["entries"]) == (False, [])
    assert again["notes"][0] == "unchanged: that result is already entered"
    undone = json.loads(run("undo", event_db, "--json").stdout)
    assert undone["entries"][0]["undoes"] == body["entries"][0]["id"]


def test_new_json(run: Run, tmp_path: Path, players_csv: Path) -> None:
    body = json.loads(run("new", tmp_path / "e.db", "--players", players_csv, "--json").stdout)
    assert body["event"]["players"] == 10 and len(body["players"]) == 10
    assert body["entries"][0]["action"] == "create"


def test_a_recorded_city_and_federation_make_the_pgn_site(run: Run, tmp_path: Path) -> None:
    """The demo's games say Stavanger NOR; recorded details say otherwise: the exports' Site
    follows what was recorded (and an export's own option follows that)."""
    import shutil

    ROOT = Path(__file__).resolve().parents[2]

    db = tmp_path / "demo.db"
    shutil.copyfile(ROOT / "demo.db", db)
    assert '[Site "Stavanger NOR"]' in run("export", db, "--format", "pgn").stdout
    assert run("details", db, "--city", "Oslo", "--federation", "SWE").exit_code == 0
    assert '[Site "Oslo SWE"]' in run("export", db, "--format", "pgn").stdout
    body = json.loads(run("export", db, "--format", "json").stdout)
    assert (body["event"]["site"], body["event"]["city"]) == ("Oslo SWE", "Oslo")
    assert '[Site "Bergen SWE"]' in run("export", db, "--format", "pgn", "--city", "Bergen").stdout
    assert run("details", db, "--site", "Oslo Chess Club").exit_code == 0
    assert '[Site "Oslo Chess Club"]' in run("export", db, "--format", "pgn").stdout


def test_deputies_cleared_by_an_empty_text_and_not_set_and_cleared_at_once(
    run: Run, event_db: Path
) -> None:
    from normtui.store import EventStore

    assert run("details", event_db, "--deputy", "Roe, Rita").exit_code == 0
    with EventStore.open(event_db) as store:
        store.set_report_details({"deputy_arbiters": ""})
        assert store.event.details.deputy_arbiters == ()
    refused(
        run,
        event_db,
        "details",
        event_db,
        "--deputy",
        "Roe",
        "--no-deputies",
        says="give --deputy or --no-deputies, not both",
    )


def test_playoff_actions_speak_json_too(run: Run, event_db: Path) -> None:
    """Before the last round the play-off cannot start: refused, nothing printed to stdout;
    the view alone has no 'changed'."""
    view = json.loads(run("playoff", event_db, "--json").stdout)
    assert "changed" not in view
    done = run("playoff", event_db, "--start", "--seed", "5", "--json")
    assert done.exit_code == 2 and done.stdout == ""


def test_playoff_start_and_result_json_carry_their_entries(run: Run, tmp_path: Path) -> None:
    from tests.store.playoff_events import tied_event

    db = tied_event(tmp_path / "two.db")
    started = json.loads(run("playoff", db, "--start", "--seed", "2022", "--json").stdout)
    assert started["changed"] and started["entries"][0]["action"] == "playoff start"
    assert "Seed 2022" in started["notes"] and started["games"]
    done = json.loads(run("playoff", db, "--result", "M1", "1-0", "--json").stdout)
    assert done["changed"] and done["games"][0]["result"] == "1-0"
    again = json.loads(run("playoff", db, "--result", "M1", "1-0", "--json").stdout)
    assert (again["changed"], again["entries"]) == (False, [])


def test_the_site_layers_options_then_recorded_then_the_games(run: Run, tmp_path: Path) -> None:
    import shutil

    db = tmp_path / "demo.db"
    shutil.copyfile(Path(__file__).resolve().parents[2] / "demo.db", db)

    def site(*options: str) -> str:
        out = run("export", db, "--format", "pgn", *options).stdout
        return next(line for line in out.splitlines() if line.startswith("[Site "))

    assert run("details", db, "--site", "Oslo Chess Club").exit_code == 0
    assert site("--federation", "NOR") == '[Site "Oslo Chess Club"]'  # a recorded site stays
    assert site("--site", "Here") == '[Site "Here"]'
    assert site("--city", "") == '[Site "Oslo Chess Club"]'  # an empty option says nothing
    assert run("details", db, "--site", "").exit_code == 0
    assert site() == '[Site "Stavanger NOR"]'  # nothing recorded: the games' tag
    assert run("details", db, "--deputy", "Roe, Rita").exit_code == 0
    assert run("details", db, "--deputy", "").exit_code == 0
    assert json.loads(run("details", db, "--json").stdout)["details"]["deputy_arbiters"] == []


def test_player_fide_id_rating_federation_after_new(run: Run, event_db: Path) -> None:
    """What the CSV left out is recorded later, audited and undoable."""
    done = run(
        "player",
        event_db,
        "carlsen",
        "--fide-id",
        "1503014",
        "--rating",
        "2864",
        "--federation",
        "nor",
        "--json",
    )
    assert done.exit_code == 0, done.output
    body = json.loads(done.stdout)
    assert (body["player"]["fide_id"], body["player"]["rating"], body["player"]["federation"]) == (
        "1503014",
        2864,
        "NOR",
    )
    assert body["entries"][0]["summary"] == (
        "Carlsen: FIDE id 1503014, rating 2864, federation NOR"
    )
    trf = run("export", event_db, "--format", "trf").stdout.splitlines()
    line = next(x for x in trf if x[14:47].startswith("Carlsen"))
    assert (line[48:52], line[53:56], line[57:68].strip()) == ("2864", "NOR", "1503014")
    assert run("player", event_db, "carlsen", "--rating", "none").exit_code == 0
    assert (
        json.loads(run("player", event_db, "carlsen", "--json").stdout)["player"]["rating"] is None
    )
    assert run("undo", event_db).exit_code == 0
    assert (
        json.loads(run("player", event_db, "carlsen", "--json").stdout)["player"]["rating"] == 2864
    )
    refused(
        run,
        event_db,
        "player",
        event_db,
        "carlsen",
        "--fide-id",
        "15O3014",
        says="not a FIDE number",
    )


def test_export_warns_what_fide_requires_and_check_lists_it(
    run: Run, event_db: Path, tmp_path: Path
) -> None:
    done = run("export", event_db, "--format", "trf", "-o", tmp_path / "r.trf")
    assert done.exit_code == 0
    warnings = [x for x in done.stderr.splitlines() if x.startswith("warning: ")]
    assert any("TRF 102: no chief arbiter" in w for w in warnings)
    body = json.loads(run("export", event_db, "--format", "trf16", "--json").stdout)
    assert any(w.startswith("TRF 022") for w in body["warnings"])
    assert json.loads(run("export", event_db, "--format", "csv", "--json").stdout)["warnings"] == []
    checked = run("check", event_db)
    assert checked.exit_code == 1 and "FIDE rating report (TRF) lacks:" in checked.stdout
    assert "TRF 102: no chief arbiter" in checked.stdout


def test_export_latin_1_writes_latin_1(run: Run, event_db: Path, tmp_path: Path) -> None:
    assert run("player", event_db, "carlsen", "--title", "GM").exit_code == 0
    target = tmp_path / "r.trf"
    done = run("export", event_db, "--format", "trf16", "--encoding", "latin-1", "-o", target)
    assert done.exit_code == 0, done.output
    assert target.read_bytes().decode("latin-1").startswith("### Encoding: Latin-1")


def test_rating_list_and_norm_exemption(run: Run, event_db: Path) -> None:
    """The month of FIDE's list the ratings are from, and the title norms' exemption from the
    federations' conditions (B.01 1.4.3a, 1.4.3c): recorded, shown, refused when wrong."""
    done = run(
        "details", event_db, "--rating-list", "2026-09", "--norm-exemption", "national-championship"
    )
    assert done.exit_code == 0, done.output
    assert "rating list 2026-09, norm exemption national_championship" in done.stdout
    shown = json.loads(run("details", event_db, "--json").stdout)["details"]
    assert (shown["rating_list"], shown["norm_exemption"]) == ("2026-09", "national_championship")
    bad = run("details", event_db, "--rating-list", "Sept 2026")
    assert bad.exit_code == 2 and "YYYY-MM" in bad.stderr
    bad = run("details", event_db, "--norm-exemption", "olympiad")
    assert bad.exit_code == 2 and "§1.4.3a" in bad.stderr


def test_a_players_k_and_birth_year(run: Run, event_db: Path) -> None:
    """K given by the arbiter is the arbiter's; cleared, the rule's again (B.02 8.3.3)."""
    done = run("player", event_db, "carlsen", "--k", "10", "--birth-year", "1990", "--json")
    assert done.exit_code == 0, done.output
    body = json.loads(done.stdout)
    assert (body["player"]["k"], body["player"]["k_source"], body["player"]["birth_year"]) == (
        10,
        "arbiter",
        1990,
    )
    assert "K 10 (arbiter), born 1990" in run("player", event_db, "carlsen").stdout
    cleared = json.loads(run("player", event_db, "carlsen", "--k", "none", "--json").stdout)
    assert (cleared["player"]["k"], cleared["player"]["k_source"]) == (None, None)
    for option, value, says in (
        ("--k", "15.5", "not FIDE's K"),
        ("--birth-year", "90", "not a year"),
    ):
        bad = run("player", event_db, "carlsen", option, value)
        assert bad.exit_code == 2 and says in bad.stderr
