"""Any round robin with Armageddon from the command line: `normtui new` with a
built-in profile or a file, any field of 3 or more, the event's name, cycles, prizes and
currency; `normtui profiles`; byes in the pairings; an Armageddon forfeited; the prize of a
place a withdrawal leaves empty; names typed without their accents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Run, write_players

FIVE = [
    '"Bjerke, Øystein",2400,NOR,',
    '"Tari, Aryan",2650,NOR,',
    '"Hammer, Jon Ludvig",2600,,',
    '"Christiansen, Johan-Sebastian",2650,,',
    '"Jarmuła, Łukasz",2300,POL,',
]


@pytest.fixture
def five(tmp_path: Path) -> Path:
    return write_players(tmp_path / "five.csv", FIVE)


def new(run: Run, db: Path, players: Path, *options: object) -> dict[str, object]:
    done = run("new", db, "--players", players, "--json", *options)
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def test_profiles_lists_every_built_in_one_a_line(run: Run) -> None:
    text = run("profiles").stdout.splitlines()
    assert len(text) == 12 and text[1].startswith("norway-chess-2019 ")
    assert "points 2 / 1½ / ½ / 0" in text[1]
    assert text[0].startswith("fide-round-robin ")
    assert "points 1 / ½ / 0, no Armageddon; no prize table" in text[0]
    assert text[0].endswith("; no play-off")
    listed = json.loads(run("profiles", "--json").stdout)
    assert [p["name"] for p in listed] == [line.split()[0] for line in text]
    y2024 = next(p for p in listed if p["name"] == "norway-chess-2024")
    assert (y2024["players"], y2024["rounds"], y2024["second_cycle"], y2024["fund"]) == (
        6,
        10,
        "fide",
        1690000,
    )
    assert "tiebreaks" in y2024["not_found"]


def test_an_odd_field_with_a_built_in_profile_as_the_base(
    run: Run, tmp_path: Path, five: Path
) -> None:
    """Five players on the 2024 rules: rounds follow from the field (5 a cycle, 10 in two),
    the prizes and the name from the options; the name heads every export."""
    db = tmp_path / "bergen.db"
    made = new(
        run,
        db,
        five,
        "--profile",
        "norway-chess-2024",
        "--name",
        "Bergen Armageddon",
        "--prizes",
        "10000,5000,2500",
        "--currency",
        "EUR",
    )
    assert made["event"] == {
        "name": "Bergen Armageddon",
        "players": 5,
        "rounds": 10,
        "cycles": 2,
        "lots_seed": None,
        "currency": "EUR",
        "prizes": [10000, 5000, 2500],
    }
    # The first line names the encoding, the event's name follows.
    assert run("export", db, "--format", "trf").stdout.splitlines()[1] == "012 Bergen Armageddon"
    assert (
        json.loads(run("export", db, "--format", "json").stdout)["event"]["name"]
        == "Bergen Armageddon"
    )
    assert "Bergen Armageddon" in run("export", db, "--format", "md").stdout.splitlines()[0]
    assert "<title>Bergen Armageddon" in run("export", db, "--format", "html").stdout
    single = new(
        run,
        tmp_path / "single.db",
        five,
        "--profile",
        "norway-chess-2024",
        "--cycles",
        "1",
        "--prizes",
        "100",
    )
    assert single["event"]["rounds"] == 5  # type: ignore[index]


def test_a_profile_file_works_as_before(run: Run, tmp_path: Path, five: Path) -> None:
    from normtui.assets import builtin_profiles

    made = new(
        run,
        tmp_path / "f.db",
        five,
        "--profile",
        builtin_profiles()["norway-chess-2020"],
        "--prizes",
        "3,2,1",
    )
    assert made["event"]["name"] == "Norway Chess 2020"  # type: ignore[index]


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (
            ("--profile", "norway-chess-2024"),
            "the profile (Norway Chess 2024) has 6 prizes for 5 "
            "players: a prize table cannot be longer than the field",
        ),
        ((), "has 10 prizes for 5 players"),
        (("--prizes", "1,2,3,4,5,6"), "a lower place cannot win more than a higher one"),
        (("--prizes", "6,5,4,3,2,1"), "--prizes gives 6 prizes for 5 players"),
        (
            ("--prizes", "700000,350000", "--fund", "1000000"),
            "--prizes add up to NOK 1,050,000, not to the fund NOK 1,000,000 (--fund)",
        ),
        (("--prizes", "700k"), "'700k' (prize 1) is not an amount"),
        (
            ("--profile", "norway-chess-1999"),
            "no profile 'norway-chess-1999': give a TOML file or a built-in profile",
        ),
        (("--prizes", "3,2", "--name", "Two\nlines"), "--name: the event's name must be one line"),
        (("--prizes", "3,2", "--currency", "kroner"), "'event.currency'"),
    ],
)
def test_a_bad_event_is_refused_with_the_reason(
    run: Run, tmp_path: Path, five: Path, options: tuple[str, ...], says: str
) -> None:
    db = tmp_path / "bad.db"
    done = run("new", db, "--players", five, *options)
    assert done.exit_code == 2 and says in done.stderr, done.output
    assert len(done.stderr.strip().splitlines()) == 1
    assert not db.exists()


def test_cycles_are_one_or_two(run: Run, tmp_path: Path, five: Path) -> None:
    done = run("new", tmp_path / "c.db", "--players", five, "--cycles", 3)
    assert done.exit_code == 2 and "Invalid value for '--cycles'" in done.stderr


def test_fewer_than_three_players_is_refused(run: Run, tmp_path: Path) -> None:
    two = write_players(tmp_path / "two.csv", FIVE[:2])
    done = run("new", tmp_path / "two.db", "--players", two, "--prizes", "2,1")
    assert done.exit_code == 2 and "2 players listed: a round robin needs at least 3" in done.stderr


def test_byes_are_in_the_pairings(run: Run, tmp_path: Path, five: Path) -> None:
    """An odd field: each round one player has the bye, shown after the boards in the text
    (which has a header and the pairing numbers) and in the JSON."""
    db = tmp_path / "odd.db"
    new(run, db, five, "--prizes", "3,2,1")
    text = run("pairings", db, "--round", 1).stdout.splitlines()
    assert text[0] == "Round 1"
    assert text[1].split()[:4] == ["Bd", "No", "White", "No"]
    assert text[2].split()[:3] == ["1", "2", "Tari,"]
    assert text[-1].split()[:3] == ["bye", "1", "Bjerke,"]
    shown = json.loads(run("pairings", db, "--json").stdout)
    byes = [g for g in shown if g["bye"]]
    assert [b["number"] for b in byes] == [1, 4, 2, 5, 3]
    assert all(set(b) == {"round", "bye", "player", "number", "stage"} for b in byes)
    assert [(g["round"], g["bye"]) for g in shown][:3] == [(1, False), (1, False), (1, True)]
    refused = run("result", db, 1, "oystein", "tari", "1-0")
    assert "Bjerke has the bye in that round" in refused.stderr


def test_a_name_without_its_accents_finds_the_player(run: Run, tmp_path: Path, five: Path) -> None:
    """ "oystein" is Øystein, "lukasz" and "jarmula" are Łukasz Jarmuła, in every command that
    takes a player."""
    db = tmp_path / "names.db"
    new(run, db, five, "--prizes", "3,2,1")
    assert run("result", db, 5, "lukasz", "oystein", "0-1").exit_code == 0
    assert run("arrive", db, 3, "LUKASZ", "--present").exit_code == 0
    assert run("player", db, "oystein", "--title", "GM").exit_code == 0
    assert "Withdrawing Bjerke" in run("withdraw", db, "Øystein", "--dry-run").stdout
    games = json.loads(run("pairings", db, "--round", 5, "--json").stdout)
    assert [g["result"] for g in games if g.get("black") == "Bjerke, Øystein"] == ["0-1"]


def test_an_armageddon_forfeited(run: Run, tmp_path: Path, five: Path) -> None:
    """A player absent for the Armageddon loses it by forfeit: scored as the Armageddon lost
    (1½ and 1 in 2022's points), audited, undoable, in the pairings and the PGN export."""
    db = tmp_path / "forfeit.db"
    new(run, db, five, "--prizes", "3,2,1")
    done = run("result", db, 1, "tari", "jarmula", "=", "--armageddon", "-/+")
    assert done.exit_code == 0 and "Armageddon -/+ (forfeit, White absent)" in done.stdout
    [board] = [
        g
        for g in json.loads(run("pairings", db, "--round", 1, "--json").stdout)
        if g.get("white") == "Tari, Aryan"
    ]
    assert (board["armageddon"], board["points"], board["state"]) == ("-/+", [1, 1.5], "finished")
    exported = run("export", db, "--format", "pgn").stdout
    assert "Black won the Armageddon by forfeit: the game was not played." in exported
    assert run("undo", db).exit_code == 0
    assert run("result", db, 1, "tari", "jarmula", "=").exit_code == 0
    later = run("result", db, 1, "tari", "jarmula", "--armageddon", "+/-")
    assert later.exit_code == 0 and "(forfeit, Black absent)" in later.stdout
    bad = run("result", db, 1, "hammer", "christiansen", "=", "--armageddon", "x")
    assert bad.exit_code == 2 and "or +/-, -/+ or -/- for a player absent" in bad.stderr


def test_the_prize_of_a_place_left_empty_by_a_withdrawal(run: Run, event_db: Path) -> None:
    """§9 a: a player withdrawn under 50 % is not counted, so 9 players take places 1-9; the
    prize of place 10 goes to nobody, and the standings say so."""
    assert run("withdraw", event_db, "Wang").exit_code == 0
    text = run("standings", event_db).stdout
    assert (
        "Prizes: the prize of place 10 (NOK 120,000) is not awarded: only 9 players are "
        "ranked (Wang, Hao is not counted, §9 a)."
    ) in text
    assert "withdrawn before completing 50 % of the games: not counted (§9 a)" in text
    rows = json.loads(run("standings", event_db, "--json").stdout)
    wang = next(r for r in rows if r["player"] == "Wang, Hao")
    assert wang["prize_note"] == (
        "the prize of place 10 (NOK 120,000) is not awarded: only 9 players are ranked"
    )
    assert wang["note"] == "withdrawn before completing 50 % of the games: not counted (§9 a)"
    assert all(r["prize_note"] is None for r in rows if r is not wang)


def test_clocks_say_which_rules_were_not_found(run: Run, tmp_path: Path, five: Path) -> None:
    db = tmp_path / "y2019.db"
    new(run, db, five, "--profile", "norway-chess-2019", "--prizes", "3,2,1")
    lines = run("clocks", db).stdout.splitlines()
    assert lines[1] == (
        "armageddon           White 10', Black 7', +1\" from move 61  (not "
        "found for this edition, the 2022 rule: increment seconds)"
    )
    assert lines[-1].startswith(
        "Not found for this edition, so the 2022 rule book's apply: event.pairing_system"
    )
    assert "prizes.amounts" not in lines[-1]  # given with --prizes: no longer "not found"
    shown = json.loads(run("clocks", db, "--json").stdout)
    assert shown["classical"]["not_found"] == []
    assert shown["playoff_blitz"]["not_found"] == ["the whole control"]


def test_validate_checks_against_a_profile(run: Run) -> None:
    from tests.pgn.conftest import PGN_DATA

    done = run("validate", PGN_DATA / "draw_before_move_30.pgn", "--profile", "norway-chess-2024")
    assert "until at least 30 moves have been made by each player" in done.stdout


THREE = ['"Ju, Wenjun",2580,CHN,', '"Muzychuk, Anna",2525,UKR,', '"Lei, Tingjie",2550,CHN,']


def test_a_2024_play_off_from_the_command_line(run: Run, tmp_path: Path) -> None:
    """Three players on the 2024 rules, every game won by White: all three tie on 6 (and on
    every classical tie-break), so the play-off round robin is drawn by lot after its games;
    its report and the main report name what they can and put the rest in the rank column."""
    db = tmp_path / "three.db"
    new(
        run,
        db,
        write_players(tmp_path / "three.csv", THREE),
        "--profile",
        "norway-chess-women-2024",
        "--prizes",
        "300,200,100",
    )
    for g in json.loads(run("pairings", db, "--json").stdout):
        if not g["bye"]:
            assert (
                run("result", db, g["round"], g["white_number"], g["black_number"], "1-0").exit_code
                == 0
            )
    assert run("playoff", db, "--start", "--seed", 4).exit_code == 0
    while (shown := json.loads(run("playoff", db, "--json").stdout))["next_game"]:
        assert run("playoff", db, "--result", shown["next_game"], "1-0").exit_code == 0
    assert shown["format"] == "double_round_robin" and shown["decided_by_lots"] is True
    assert [r["points"] for r in shown["table"]] == [2, 2, 2]
    # The table shows what ranks it: the profile's own tie-breaks, from the classical games
    # (every main game won by White: each pair 1-1), then the lot; not 2022's SB and wins.
    assert [r["tiebreaks"] for r in shown["table"]] == [
        {"direct_encounter": 2, "sonneborn_berger": 4, "koya": 2, "extended_koya": [], "lots": lot}
        for lot in (3, 2, 1)
    ]
    text = run("playoff", db).stdout
    assert "2 pts; direct encounter 2, SB 4, Koya 2, extended Koya -, lot 3" in text
    trf = run("export", db, "--format", "trf-playoff").stdout
    assert "202 RANK" in trf and "broken on the main event's classical games" in trf
    assert run("export", db, "--format", "trf").exit_code == 0
    final = json.loads(run("standings", db, "--json").stdout)
    assert [r["prize"] for r in final] == [300, 150, 150]
