"""Standings and crosstable as CSV, JSON, Markdown and one HTML page."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest

from normtui.assets import read_profile_text
from normtui.export import export_event
from normtui.store import EventStore, PlayerInput

EVIL = "<script>alert(1)</script>"


def _csv(store: EventStore) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(export_event(store, "csv"))))


def test_csv_is_the_crosstable_with_the_standings(store_2022: EventStore) -> None:
    rows = _csv(store_2022)
    assert list(rows[0]) == [
        "rank",
        "place",
        "number",
        "player",
        "federation",
        "rating",
        "fide_id",
        *map(str, range(1, 11)),
        "points",
        "sonneborn_berger",
        "wins",
        "black_wins",
        "armageddon_wins",
        "games",
        "prize",
        "status",
        "note",
    ]
    assert [(r["rank"], r["player"], r["points"]) for r in rows[:2]] == [
        ("1", "Carlsen, Magnus", "16.5"),
        ("2", "Mamedyarov, Shakhriyar", "15.5"),
    ]
    assert [r["place"] for r in rows] == [str(i) for i in range(1, 11)]
    by_number = {r["number"]: r for r in rows}
    # Round 1, Carlsen (2) - Wang Hao (9): drawn, Carlsen won the Armageddon.
    assert (by_number["2"]["9"], by_number["9"]["2"]) == ("1.5", "1")
    for a in map(str, range(1, 11)):
        assert by_number[a][a] == ""
        assert Decimal(by_number[a]["points"]) == sum(
            Decimal(by_number[a][b]) for b in map(str, range(1, 11)) if b != a
        )
        for b in map(str, range(1, 11)):
            if a != b:  # a pairing is worth 3 (decisive) or 2.5 (Armageddon) in all
                assert Decimal(by_number[a][b]) + Decimal(by_number[b][a]) in (3, Decimal("2.5"))
    assert by_number["8"]["prize"] == by_number["6"]["prize"] == "150000.00"


def test_csv_marks_the_games_of_a_player_not_counted(path_withdrawn_early: Path) -> None:
    store = EventStore.open(path_withdrawn_early)
    try:
        rows = _csv(store)
    finally:
        store.close()
    tari = rows[-1]
    assert (tari["player"], tari["rank"], tari["place"], tari["status"]) == (
        "Tari, Aryan",
        "",
        "",
        "withdrawn",
    )
    assert tari["5"] == "(1)" and tari["1"] == "(0F)"  # a draw he lost the Armageddon of
    assert all(r["6"].startswith("(") for r in rows[:-1])


def test_json_shape(store_2022: EventStore) -> None:
    data = json.loads(export_event(store_2022, "json"))
    assert set(data) == {"event", "standings", "crosstable", "playoff", "fide"}
    fide = data["fide"]
    assert fide["rule_versions"][0].startswith("FIDE Rating Regulations (B.02)")
    assert len(fide["ratings"]) == 10 and {r["k"] for r in fide["ratings"]} == {10}
    assert {"player", "rating", "k", "games", "score", "expected", "change", "ra", "rp"} <= set(
        fide["ratings"][0]
    )
    assert fide["norms"] == []  # ten grandmasters: no norm to gain
    assert all("rating_change" in row and "performance" in row for row in data["standings"])
    event = data["event"]
    assert (event["name"], event["site"], event["start_date"], event["end_date"]) == (
        "Norway Chess 2022",
        "Stavanger NOR",
        "2022-05-31",
        "2022-06-10",
    )
    assert event["final"] is True and event["points"]["draw_armageddon_win"] == 1.5
    assert data["playoff"] is None
    first = data["standings"][0]
    assert {
        "rank",
        "place",
        "player",
        "number",
        "points",
        "sonneborn_berger",
        "wins",
        "black_wins",
        "prize",
        "counted",
        "federation",
        "rating",
        "fide_id",
    } <= set(first)
    assert (first["player"], first["points"], first["rank"], first["rating"]) == (
        "Carlsen, Magnus",
        16.5,
        1,
        2864,
    )
    totals = {row["number"]: row["points"] for row in data["standings"]}
    for entry in data["crosstable"]:
        games = entry["games"]
        assert [g["round"] for g in games] == list(range(1, 10))
        assert sum(g["points"] for g in games) == totals[entry["number"]]
    game = data["crosstable"][1]["games"][0]  # Carlsen, round 1
    assert game == {
        "round": 1,
        "opponent": 9,
        "colour": "w",
        "result": "1/2-1/2",
        "armageddon": "1-0",
        "points": 1.5,
        "forfeit": False,
        "counted": True,
    }


def test_json_playoff(store_playoff: EventStore) -> None:
    data = json.loads(export_event(store_playoff, "json"))
    assert data["playoff"]["winner"] == 5 and data["playoff"]["format"] == "match"
    assert [g["id"] for g in data["playoff"]["games"]] == ["M1", "M2", "A"]
    assert [r["number"] for r in data["standings"][:2]] == [5, 2]
    assert [r["rank"] for r in data["standings"][:2]] == [1, 2]


def _md_tables(text: str) -> list[list[list[str]]]:
    tables: list[list[list[str]]] = []
    current: list[list[str]] | None = None
    for line in text.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
            if current is None:
                current = []
                tables.append(current)
            current.append(cells)
        else:
            current = None
    return tables


def test_markdown_shape(store_2022: EventStore) -> None:
    text = export_event(store_2022, "md")
    assert text.startswith("# Norway Chess 2022\n")
    assert "## Final standings" in text and "## Crosstable" in text
    standings, cross = _md_tables(text)
    assert len(standings) == 2 + 10 and len(cross) == 2 + 10
    assert standings[0][:6] == ["Rk", "No", "Player", "Fed", "Rtg", "Pts"]
    assert standings[2][:3] == ["1", "2", "Carlsen, Magnus"] and standings[2][5] == "16½"
    assert standings[2][-1] == "750,000.00"
    # SB written one way in every row (halves and quarters alike), as in the report.
    sb = [row[6] for row in standings[2:]]
    assert all(re.fullmatch(r"\d+\.\d\d", v) for v in sb), sb
    assert all(len(r) == 13 for r in cross)
    assert cross[3][1:4] == ["Carlsen, Magnus", "1", "—"]


@pytest.fixture
def evil_store(tmp_path: Path) -> Iterator[EventStore]:
    """A hostile event: a player named like a script, the others with &, quotes and a pipe,
    and an event name with markup."""
    text = read_profile_text().replace('name = "Norway Chess 2022"', 'name = "<b>Chess</b> & Co"')
    names = [EVIL, "A & B", 'Quote "Q"', "Pipe | Name", "O'Brien", *[f"P{i}" for i in range(5)]]
    store = EventStore.create(tmp_path / "evil.db", [PlayerInput(n) for n in names], text)
    store.games.enter_result(1, 1, 10, "1/2-1/2", armageddon="0-1")
    yield store
    store.close()


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_html_escapes_every_name(evil_store: EventStore) -> None:
    """The name is printed, never run: no script element, the name as text."""
    page = export_event(evil_store, "html")
    assert "<script" not in page.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>" not in page and "&lt;b&gt;Chess&lt;/b&gt; &amp; Co" in page
    parser = _Text()
    parser.feed(page)
    assert "script" not in parser.tags and "b" not in parser.tags
    text = "".join(parser.text)
    for name in (EVIL, "A & B", 'Quote "Q"', "Pipe | Name", "O'Brien"):
        assert name in text


def test_html_is_self_contained(store_2022: EventStore) -> None:
    page = export_event(store_2022, "html")
    assert page.startswith("<!DOCTYPE html>") and "<style>" in page
    assert not re.search(r"<(script|link|img|iframe)\b|\bsrc=|@import|url\(|https?://", page)
    parser = _Text()
    parser.feed(page)
    assert parser.tags.count("table") == 2
    assert "Carlsen, Magnus" in "".join(parser.text)


def test_markdown_escapes_markup(evil_store: EventStore) -> None:
    text = export_event(evil_store, "md")
    assert "<script" not in text and "&lt;script&gt;" in text
    assert "Pipe \\| Name" in text
    standings, cross = _md_tables(text)
    assert all(len(r) == 10 for r in standings) and all(len(r) == 13 for r in cross)
