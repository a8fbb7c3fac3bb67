"""The public site: what it holds, that it agrees with the command line, that every page is
well-formed HTML with every text escaped, and that a build rewrites only what changed."""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal
from pathlib import Path

import html5lib
import pytest
from click.testing import CliRunner

from normtui.cli import cli
from normtui.export import export_event
from normtui.export.publish import MANIFEST, GameTexts, publish
from normtui.export.snapshot import ExportError
from normtui.store import EventStore
from tests.export.event2022 import CLOCK


def _copy(source: Path, target: Path) -> Path:
    # Through SQLite: a byte copy would leave out what the source's -wal holds.
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    src.close()
    dst.close()
    return target


def _cli(*args: object) -> str:
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def _table_rows(page: str, caption_after: str) -> list[list[str]]:
    """The rows of the first table after ``caption_after``, as the text of their cells."""
    doc = html5lib.parse(page, namespaceHTMLElements=False)
    heads = [h for h in doc.iter("h2") if caption_after in "".join(h.itertext())]
    assert heads, caption_after
    body = doc.find("body")
    assert body is not None
    elements = list(body.iter())
    table = next(e for e in elements[elements.index(heads[0]) :] if e.tag == "table")
    return [
        ["".join(td.itertext()).strip() for td in tr.findall("td")]
        for tr in table.find("tbody").findall("tr")
    ]


@pytest.fixture(scope="module")
def site(path_2022: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The complete 2022 event's site, built once: the tests that take it only read it."""
    folder = tmp_path_factory.mktemp("published") / "site"
    with EventStore.open(path_2022) as store:
        publish(store, folder)
    return folder


def test_the_site_holds_every_page_json_and_pgn(site: Path) -> None:
    names = {str(p.relative_to(site)) for p in site.rglob("*") if p.is_file()}
    rounds = range(1, 10)
    assert {
        "index.html",
        "crosstable.html",
        "standings.json",
        "event.json",
        "games/all.pgn",
        MANIFEST,
    } <= names
    assert {f"round-{r}.html" for r in rounds} | {f"round-{r}.json" for r in rounds} <= names
    assert {f"games/round-{r}.pgn" for r in rounds} <= names
    assert {f"player-{n}.html" for n in range(1, 11)} <= names
    # No play-off in the real 2022 event: no page for one.
    assert "playoff.html" not in names
    assert not [n for n in names if n.endswith(".tmp")]


def test_standings_json_is_what_the_command_line_says(site: Path, path_2022: Path) -> None:
    assert json.loads((site / "standings.json").read_text()) == json.loads(
        _cli("standings", path_2022, "--json")
    )


def test_the_index_table_agrees_with_the_standings(site: Path, path_2022: Path) -> None:
    data = json.loads(_cli("standings", path_2022, "--json"))
    rows = _table_rows((site / "index.html").read_text(), "Final standings")
    assert [r[2] for r in rows] == [d["player"] for d in data]
    shown = [Decimal(r[5].replace("½", ".5") if r[5] != "½" else "0.5") for r in rows]
    assert shown == [Decimal(str(d["points"])) for d in data]
    # Classical and Armageddon points add up to the total, player by player.
    event = json.loads((site / "event.json").read_text())
    for entry in event["standings"]:
        assert Decimal(str(entry["classical_points"])) + Decimal(
            str(entry["armageddon_points"])
        ) == Decimal(str(entry["points"]))
    carlsen = next(e for e in event["standings"] if e["player"] == "Carlsen, Magnus")
    assert carlsen["armageddon_points"] == carlsen["armageddon_wins"] * 0.5


def test_every_page_is_well_formed_html(site: Path) -> None:
    parser = html5lib.HTMLParser(strict=True)
    for page in site.glob("*.html"):
        parser.parse(page.read_text("utf-8"))  # raises on any parse error
        assert "<script" not in page.read_text("utf-8")


def test_the_games_are_the_pgn_export(site: Path, pgn_2022: str) -> None:
    assert (site / "games" / "all.pgn").read_text("utf-8") == pgn_2022


def test_round_json_and_pgn_hold_the_round(site: Path) -> None:
    round9 = json.loads((site / "round-9.json").read_text())
    assert len(round9["boards"]) == 5
    assert all(b["status"] == "signed" or b["status"] == "provisional" for b in round9["boards"])
    pgn = (site / "games" / "round-9.pgn").read_text()
    assert pgn.count('[Round "9.') == pgn.count("[Event ")
    assert '[Round "8.' not in pgn


def _new_event(path: Path, names: list[str] | None = None) -> Path:
    from normtui.assets import read_profile_text
    from normtui.store import PlayerInput

    names = names or [f"Player {c}" for c in "ABCDEFGHIJ"]
    EventStore.create(path, [PlayerInput(n) for n in names], read_profile_text()).close()
    return path


def test_a_build_rewrites_only_what_changed(tmp_path: Path) -> None:
    db = _new_event(tmp_path / "event.db")
    folder = tmp_path / "site"
    texts = GameTexts()  # kept between builds, as --watch keeps them
    with EventStore.open(db, actor="test") as store:
        # Dated before: a first result would date it, and every page says the event's dates.
        store.rounds.set_schedule(1, date="2026-01-02", start_time=None)
        first = publish(store, folder, texts=texts)
        assert first.unchanged == 0 and first.removed == ()
        again = publish(store, folder, texts=texts)
        assert again.written == () and again.unchanged == len(first.written)
        stamps = {p: p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}
        store.games.enter_result(1, "Player A", "Player J", "1-0")
        after = publish(store, folder, texts=texts)
        assert (folder / "games" / "all.pgn").read_text() == export_event(store, "pgn")
    written = set(after.written)
    assert {
        "index.html",
        "round-1.html",
        "round-1.json",
        "standings.json",
        "event.json",
        "player-1.html",
        "player-10.html",
        "crosstable.html",
        "games/round-1.pgn",
        "games/all.pgn",
    } <= written
    # Pages the result does not touch keep their file (and the time they were made).
    for untouched in ("round-2.html", "round-9.json", "games/round-2.pgn"):
        assert untouched not in written
        assert (folder / untouched).stat().st_mtime_ns == stamps[folder / untouched]
    assert "1-0" in (folder / "round-1.html").read_text()


def test_a_file_the_event_no_longer_has_is_removed(path_tied_16: Path, tmp_path: Path) -> None:
    db = _copy(path_tied_16, tmp_path / "event.db")
    folder = tmp_path / "site"
    with EventStore.open(db, actor="test", clock=CLOCK) as store:
        publish(store, folder)
        assert (folder / "playoff.html").exists()
        # A correction gives Carlsen his round-1 Armageddon back: first place is his alone.
        store.games.enter_result(1, "Carlsen", "Wang", "1/2-1/2", armageddon="1-0", correction=True)
        report = publish(store, folder)
    assert report.removed == ("playoff.html",)
    assert not (folder / "playoff.html").exists()
    assert "playoff.html" not in (folder / "index.html").read_text()
    assert "playoff.html" not in json.loads((folder / MANIFEST).read_text())["files"]


def test_a_folder_normtui_did_not_write_is_refused(path_2022: Path, tmp_path: Path) -> None:
    folder = tmp_path / "www"
    folder.mkdir()
    (folder / "about.html").write_text("mine")
    with EventStore.open(path_2022) as store:
        with pytest.raises(ExportError, match="normtui did not write"):
            publish(store, folder)
        assert sorted(p.name for p in folder.iterdir()) == ["about.html"]
        publish(store, folder, force=True)
    assert (folder / "about.html").read_text() == "mine"
    assert (folder / "index.html").exists()


def test_every_text_from_the_event_is_escaped(tmp_path: Path) -> None:
    from normtui.assets import read_profile_text
    from normtui.store import PlayerInput

    names = ["<script>alert(1)</script>", 'Quote "Q" & Co', *(f"Player {c}" for c in "CDEFGHIJ")]
    db = tmp_path / "evil.db"
    EventStore.create(db, [PlayerInput(n) for n in names], read_profile_text()).close()
    folder = tmp_path / "site"
    with EventStore.open(db) as store:
        publish(store, folder)
    for page in folder.glob("*.html"):
        text = page.read_text("utf-8")
        assert "<script>" not in text
    index = (folder / "index.html").read_text("utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in index
    assert "Quote &quot;Q&quot; &amp; Co" in index


def test_event_json_contenders_are_what_the_command_line_says(tmp_path: Path) -> None:
    """Mid-event (the demo, round 7 under way), where the race is open."""
    db = _copy(Path(__file__).resolve().parents[2] / "demo.db", tmp_path / "demo.db")
    with EventStore.open(db) as store:
        publish(store, tmp_path / "site")
    event = json.loads((tmp_path / "site" / "event.json").read_text())
    said = json.loads(_cli("contenders", db, "--json"))
    assert event["contenders"] == said
    assert any(c["min_points"] != c["points"] for c in said)  # games left: a real range


def _headers(page: str) -> list[tuple[str, str]]:
    """Each column header's text as a desktop and as a phone show it (the .long and .short
    parts of a header that has both; the whole text else)."""
    doc = html5lib.parse(page, namespaceHTMLElements=False)
    out = []
    for th in doc.iter("th"):
        spans = {s.get("class"): "".join(s.itertext()) for s in th.iter("span")}
        whole = "".join(th.itertext())
        out.append((spans.get("long", whole).strip(), spans.get("short", whole).strip()))
    return out


def test_every_column_has_a_header_on_a_phone_and_on_a_desktop(site: Path) -> None:
    """A header a phone shows empty is a column a screen reader cannot name (axe's
    empty-table-header): the player pages' colour column was one."""
    for page in site.glob("*.html"):
        for desktop, phone in _headers(page.read_text("utf-8")):
            assert desktop and phone, page.name
    assert ("Colour", "W/B") in _headers((site / "player-1.html").read_text("utf-8"))


def test_on_a_phone_the_status_shows_under_the_result(tmp_path: Path) -> None:
    """At 390 px the Status column did not fit (clipped by 18-39 px on the round, index and
    player pages, measured in headless Chromium): it gives way, and each board's status
    shows under its result instead."""
    db = _copy(Path(__file__).resolve().parents[2] / "demo.db", tmp_path / "demo.db")
    with EventStore.open(db) as store:
        publish(store, tmp_path / "site")
    page = (tmp_path / "site" / "round-7.html").read_text("utf-8")
    doc = html5lib.parse(page, namespaceHTMLElements=False)
    head = [th.get("class") or "" for th in doc.iter("th")]
    assert head[-1].split() == ["wide"]  # the Status column: hidden on a phone
    below = ["".join(s.itertext()) for s in doc.iter("span") if "below" in (s.get("class") or "")]
    assert below == ["in progress", "provisional", "Armageddon due", "signed", "in progress"]
    assert '<span class="nw">½-½</span>' in page  # a score never broken at its hyphen


def test_the_site_shows_the_rating_changes(site: Path, path_2022: Path) -> None:
    """The standings' Rtg+/- column (as chess-results shows it), each player's FIDE numbers on
    their page, event.json's fide block; an Armageddon said to be unrated."""
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "Rtg+/-" in index and "an Armageddon is not rated" in index
    carlsen = json.loads((site / "standings.json").read_text())[0]
    assert carlsen["player"].startswith("Carlsen") and carlsen["rating_change"] is not None
    number = carlsen["number"]
    page = (site / f"player-{number}.html").read_text(encoding="utf-8")
    assert "FIDE: rating 2864, K 10 · 9 rated games" in page
    assert f"rating change {carlsen['rating_change']:+.1f}" in page
    event = json.loads((site / "event.json").read_text())
    assert [r["change"] for r in event["fide"]["ratings"] if r["number"] == number] == [
        carlsen["rating_change"]
    ]
