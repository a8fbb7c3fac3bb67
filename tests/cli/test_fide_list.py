"""Players from FIDE's rating list: the reader on small lists made in the layouts FIDE
publishes (the combined TXT, the standard TXT, XML; zipped or not; Latin-1 names; bad lines),
`normtui new --players CSV --fide-list FILE` and `normtui player DB --fide-list FILE`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from normtui.importing.fide_list import FideListError, read_fide_list
from tests.cli.conftest import Run, write_players
from tests.fide_lists import (
    STANDARD_HEADER,
    Row,
    text_line,
    write_text,
    write_xml,
    zipped,
)

FIELD = [
    Row(1503014, "Carlsen, Magnus", "NOR", "M", "GM", rating=2833, k=10, born=1990),
    Row(1510045, "Tari, Aryan", "NOR", "M", "GM", rating=2640, k=10, born=1999),
    Row(1504312, "Ødegård, Åsmund", "NOR", "M", "", rating=2210, k=20, born=1998),
    Row(4600010, "Müller, Jürgen", "GER", "M", "FM", rating=2310, k=20, born=1970, flag="i"),
    Row(1700001, "Berg, Helene", "SWE", "F", "IM", "WGM", rating=2420, k=10, born=1996),
    Row(1700002, "Strand, Ida", "SWE", "F", "", "WFM", rating=2105, k=40, born=2010),
    Row(1700003, "Lie, Emil", "NOR", "M", "", rating=None, k=None, born=2012),
    Row(1700004, "Dahl, Dina", "DEN", "F", "", "WIM", rating=2290, k=20, born=None),
    Row(1700005, "Foss, Frida", "FIN", "F", "", "", rating=2050, k=20, born=1985),
    Row(1700006, "Eide, Erik", "NOR", "M", "CM", rating=2200, k=20, born=2001),
]
UNWANTED = Row(9999999, "Nobody, Notwanted", "ISL", "M", "", rating=1800)
IDS = [str(r.fide_id) for r in FIELD]


def combined(tmp_path: Path, **extra: object) -> Path:
    return write_text(tmp_path / "players_list_foa.txt", [UNWANTED, *FIELD], **extra)  # type: ignore[arg-type]


# -- the reader -----------------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["combined", "standard", "xml", "combined.zip", "xml.zip"])
def test_each_layout_gives_the_same_players(tmp_path: Path, layout: str) -> None:
    if layout.startswith("combined"):
        path = combined(tmp_path)
    elif layout == "standard":
        path = write_text(
            tmp_path / "standard_sep26frl.txt", [UNWANTED, *FIELD], header=STANDARD_HEADER
        )
    else:
        path = write_xml(tmp_path / "players_list_xml_foa.xml", [UNWANTED, *FIELD])
    if layout.endswith(".zip"):
        path = zipped(path, path.name)
    found = read_fide_list(path, IDS)
    assert found.problems == [] and found.unreadable == 0
    assert found.records == 11
    assert sorted(found.found) == sorted(IDS)
    carlsen = found.found["1503014"]
    assert (carlsen.name, carlsen.federation, carlsen.sex, carlsen.title) == (
        "Carlsen, Magnus",
        "NOR",
        "m",
        "GM",
    )
    assert (carlsen.rating, carlsen.k, carlsen.birth_year, carlsen.inactive) == (
        2833,
        10,
        1990,
        False,
    )
    # Latin-1 names; F is a woman (w); the higher of IM and WGM; inactive; unrated.
    assert found.found["1504312"].name == "Ødegård, Åsmund"
    assert found.found["4600010"].name == "Müller, Jürgen" and found.found["4600010"].inactive
    berg = found.found["1700001"]
    assert (berg.sex, berg.title) == ("w", "IM")
    assert found.found["1700002"].title == "WFM"
    assert (found.found["1700003"].rating, found.found["1700003"].k) == (None, None)
    assert found.found["1700004"].birth_year is None
    assert "9999999" not in found.found
    month = {"standard": "2026-09"}.get(layout)
    assert found.month == month
    assert found.layout == {"standard": "standard", "xml": "XML", "xml.zip": "XML"}.get(
        layout, "combined"
    )


def test_a_utf8_list_reads_its_names(tmp_path: Path) -> None:
    path = write_text(tmp_path / "l.txt", FIELD, encoding="utf-8")
    assert read_fide_list(path, IDS).found["1504312"].name == "Ødegård, Åsmund"
    xml = write_xml(tmp_path / "l.xml", FIELD, encoding="iso-8859-1")
    assert read_fide_list(xml, IDS).found["4600010"].name == "Müller, Jürgen"


def test_bad_lines_are_named_or_counted(tmp_path: Path) -> None:
    """A line of a player asked for that holds no number where a number goes is named with
    its line; other lines that are no player are counted, and the reading goes on."""
    broken = text_line(Row(1700007, "Broken, Bo", "XX1", "Q", rating=2300)).replace("2300", "23x0")
    path = combined(
        tmp_path,
        extra=[
            "garbage that is no player",
            "",
            broken,
            "1700008",  # an id and nothing else
            text_line(FIELD[0]),  # listed again
        ],
    )
    found = read_fide_list(path, [*IDS, "1700007", "1700008"])
    assert found.unreadable == 1
    assert found.found["1700007"].rating is None and found.found["1700007"].federation is None
    problems = "\n".join(found.problems)
    assert "line 15: rating '23x0' of Broken, Bo is not one: left out" in problems
    assert "line 15: federation 'XX1' of Broken, Bo: left out" in problems
    assert "line 15: sex 'Q' of Broken, Bo: left out" in problems
    assert "line 16: FIDE id 1700008 has no name: left out" in problems
    assert "line 17: FIDE id 1503014 listed again: the first kept" in problems


@pytest.mark.parametrize("layout", ["combined", "xml"])
def test_of_an_open_and_a_womens_title_the_one_that_counts_for_more_norms(
    tmp_path: Path, layout: str
) -> None:
    """A woman FM who is a WIM counts as a WIM for a WIM norm's opponents (B.01 1.4.5e), a CM
    who is a WFM as a titleholder (1.4.5a, CM not counted): the title kept is the one that
    counts wherever the other does (an IM who is a WGM stays IM, a GM GM)."""
    rows = [
        Row(1800001, "Fm, Wim", "SWE", "F", "FM", "WIM", rating=2310),
        Row(1800002, "Cm, Wfm", "SWE", "F", "CM", "WFM", rating=2210),
        Row(1800003, "Fm, Wgm", "SWE", "F", "FM", "WGM", rating=2350),
        Row(1800004, "Im, Wgm", "SWE", "F", "IM", "WGM", rating=2450),
        Row(1800005, "Fm, Wfm", "SWE", "F", "FM", "WFM", rating=2305),
    ]
    write = write_xml if layout == "xml" else write_text
    path = write(tmp_path / f"list.{layout}", rows)
    found = read_fide_list(path, [str(r.fide_id) for r in rows])
    assert [found.found[str(r.fide_id)].title for r in rows] == ["WIM", "WFM", "WGM", "IM", "FM"]


def test_what_is_not_a_list_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "players.csv"
    other.write_text("name,rating\nX,2000\n")
    with pytest.raises(FideListError, match="not FIDE's rating list"):
        read_fide_list(other, ["1"])
    two = tmp_path / "two.zip"
    import zipfile

    with zipfile.ZipFile(two, "w") as z:
        z.writestr("a.txt", "x")
        z.writestr("b.txt", "y")
    with pytest.raises(FideListError, match="a zip of 2 files"):
        read_fide_list(two, ["1"])
    xml = tmp_path / "x.xml"
    xml.write_text("<?xml version='1.0'?><root><item/></root>")
    with pytest.raises(FideListError, match="without a <player>"):
        read_fide_list(xml, ["1"])


# -- normtui new --fide-list ----------------------------------------------------------------


def test_new_from_fide_ids_alone(run: Run, tmp_path: Path) -> None:
    ids = write_players(tmp_path / "ids.csv", IDS, header="fide_id")
    db = tmp_path / "e.db"
    done = run(
        "new",
        db,
        "--players",
        ids,
        "--fide-list",
        combined(tmp_path),
        "--list-month",
        "2026-09",
        "--profile",
        "fide-round-robin",
        "--json",
    )
    assert done.exit_code == 0, done.output
    body = json.loads(done.stdout)
    assert [p["name"] for p in body["players"]][:2] == ["Carlsen, Magnus", "Tari, Aryan"]
    assert "Müller, Jürgen is inactive on the list" in " ".join(body["notes"])
    carlsen = json.loads(run("player", db, "Carlsen", "--json").stdout)["player"]
    assert carlsen == {
        "number": 1,
        "name": "Carlsen, Magnus",
        "title": "GM",
        "sex": "m",
        "rating": 2833,
        "federation": "NOR",
        "fide_id": "1503014",
        "k": 10,
        "k_source": "list",
        "birth_year": 1990,
    }
    lie = json.loads(run("player", db, "Lie", "--json").stdout)["player"]
    assert (lie["rating"], lie["k"], lie["k_source"]) == (None, None, None)
    details = json.loads(run("details", db, "--json").stdout)["details"]
    assert details["rating_list"] == "2026-09"
    # The list itself is not in the event: a player not asked for is nowhere in the file.
    assert b"Notwanted" not in db.read_bytes()


def test_the_csv_is_kept_and_each_difference_said(run: Run, tmp_path: Path) -> None:
    rows = [f",{r.fide_id}" for r in FIELD]
    rows[0] = '"Magnus Carlsen",1503014,2830,NOR,20'
    rows[1] = '"Tari, Aryan",1510045,,,'
    header = "name,fide_id,rating,federation,k"
    rows = [rows[0], rows[1], *[f",{r.fide_id},,," for r in FIELD[2:]]]
    players = write_players(tmp_path / "p.csv", rows, header=header)
    db = tmp_path / "e.db"
    done = run(
        "new", db, "--players", players, "--fide-list",
        write_text(tmp_path / "standard_sep26frl.txt", FIELD, header=STANDARD_HEADER),
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    out = done.stdout
    assert (
        "Carlsen, Magnus: name Magnus Carlsen in the players file, Carlsen, Magnus in the "
        "list: Magnus Carlsen kept" in out
    )
    assert "rating 2830 in the players file, 2833 in the list: 2830 kept" in out
    assert "K 20 in the players file, 10 in the list: the list's K (B.02 §8.3.3)" in out
    first = json.loads(run("player", db, "1", "--json").stdout)["player"]
    assert (first["name"], first["rating"], first["k"], first["k_source"]) == (
        "Magnus Carlsen",
        2830,
        10,
        "list",
    )
    # The standard list names its month: recorded without --list-month.
    assert json.loads(run("details", db, "--json").stdout)["details"]["rating_list"] == "2026-09"


def test_refusals_leave_no_event(run: Run, tmp_path: Path) -> None:
    ids = write_players(tmp_path / "ids.csv", [*IDS[:9], "42"], header="fide_id")
    db = tmp_path / "e.db"
    lst = combined(tmp_path)
    done = run("new", db, "--players", ids, "--fide-list", lst, "--list-month", "2026-09")
    assert done.exit_code == 2 and not db.exists()
    assert "line 11: FIDE id 42 is not in the list" in done.stderr and "has no name" in done.stderr
    ok = write_players(tmp_path / "ok.csv", IDS, header="fide_id")
    undated = run("new", db, "--players", ok, "--fide-list", lst)
    assert undated.exit_code == 2 and "--list-month YYYY-MM" in undated.stderr
    wrong = run(
        "new", db, "--players", ok, "--list-month", "2026-08", "--fide-list",
        write_text(tmp_path / "s.txt", FIELD, header=STANDARD_HEADER),
    )  # fmt: skip
    assert wrong.exit_code == 2 and "is the list of 2026-09, not of 2026-08" in wrong.stderr
    assert not db.exists()
    alone = run("new", db, "--from-trf", lst, "--fide-list", lst)
    assert alone.exit_code == 2 and "--fide-list goes with --players" in alone.stderr


# -- normtui player --fide-list -------------------------------------------------------------


def test_players_brought_up_to_a_list_before_the_start(run: Run, tmp_path: Path) -> None:
    rows = [f'"{r.name}",{(r.rating or 2000) - 5},,{r.fide_id}' for r in FIELD]
    db = tmp_path / "e.db"
    made = run(
        "new",
        db,
        "--players",
        write_players(tmp_path / "p.csv", rows),
        "--profile",
        "fide-round-robin",
    )
    assert made.exit_code == 0, made.output
    done = run("player", db, "--fide-list", combined(tmp_path), "--list-month", "2026-10", "--json")
    assert done.exit_code == 0, done.output
    body = json.loads(done.stdout)
    assert len(body["entries"]) == 1
    summary = body["entries"][0]["summary"]
    assert summary.startswith("FIDE rating list 2026-10: Carlsen rating 2833, K 10, title GM")
    carlsen = json.loads(run("player", db, "1", "--json").stdout)["player"]
    assert (carlsen["rating"], carlsen["k_source"], carlsen["federation"]) == (2833, "list", "NOR")
    assert run("undo", db).exit_code == 0
    assert json.loads(run("player", db, "1", "--json").stdout)["player"]["rating"] == 2828
    # Once a result is entered, the list in effect at the start stands (B.01 1.4.6a).
    assert run("result", db, "1", "1", "10", "1-0").exit_code == 0
    late = run("player", db, "--fide-list", combined(tmp_path), "--list-month", "2026-10")
    assert late.exit_code == 2 and "§1.4.6a" in late.stderr
