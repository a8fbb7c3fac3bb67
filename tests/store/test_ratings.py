"""Each player's rating numbers read by the store for a table of the standings: the same as
the full report's, and the records' moves counted as the one tokenizer counts them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.assets import DATA
from normtui.cli import cli
from normtui.export.fide_report import fide_report
from normtui.export.snapshot import take_snapshot
from normtui.pgn import split_text
from normtui.pgn.movetext import read_movetext
from normtui.store import EventStore
from normtui.store.ratings import plies
from tests.fide_events import norm_event

RECORDS = sorted(DATA.glob("*/*.pgn"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_moves_are_counted_as_the_tokenizer_counts_them(path: Path) -> None:
    games = split_text(path.read_text(encoding="utf-8"))
    assert games
    for game in games:
        expected = len(read_movetext(game.movetext).plies)
        assert plies(game.text, 999) == expected, game.text[:200]


@pytest.mark.parametrize(
    ("record", "count"),
    [
        ("1. e4 {White's only move} (1. d4 d5 (1... Nf6 2. c4)) 1-0", 1),
        ("1. e4 $1 !? 1... e5 2. Nf3 *", 3),
        ("% an escape line\n1. e4 e5 ; Black's move\n2. Nf3 1-0", 3),
        ("{no move at all} 0-1", 0),
        ("1. exd6 e.p. 1-0", 1),
    ],
)
def test_odd_records(record: str, count: int) -> None:
    assert plies(record, 9) == len(read_movetext(record).plies) == count


def test_the_store_reads_what_the_report_computes(tmp_path: Path) -> None:
    with norm_event(tmp_path / "e.db", through=6) as store:
        light = store.ratings()
        full = fide_report(take_snapshot(store)).ratings
        assert light == full
        early = store.ratings(3)
        assert early[1].games == sum(1 for line in full[1].lines if line.round <= 3 and line.rated)


def test_standings_carry_the_rating_change(tmp_path: Path) -> None:
    norm_event(tmp_path / "e.db").close()
    run = CliRunner().invoke
    rows = json.loads(run(cli, ["standings", str(tmp_path / "e.db"), "--json"]).stdout)
    ada = next(r for r in rows if r["number"] == 1)
    assert (ada["rating_change"], ada["performance"]) == (21.4, 2627)
    text = run(cli, ["standings", str(tmp_path / "e.db")]).stdout
    assert "Rtg+/-" in text and "+21.4" in text
    csv = run(cli, ["standings", str(tmp_path / "e.db"), "--csv"]).stdout.splitlines()
    assert "rating_change" in csv[0].split(",") and "performance" in csv[0].split(",")
    with EventStore.open(tmp_path / "e.db") as store:
        assert store.ratings()[1].change_text == "+21.4"


def test_the_store_checks_the_norms_the_report_checks(tmp_path: Path) -> None:
    with norm_event(tmp_path / "e.db", through=5) as store:
        assert store.norms() == list(fide_report(take_snapshot(store)).norms)
        # A game in which a player made no move counts in neither (B.01 1.4.2c).
        g = store.games(1)[0]
        store.games.attach_pgn(g.id, "main", "1. e4 1/2-1/2")
        assert store.norms() == list(fide_report(take_snapshot(store)).norms)
        assert next(c for c in store.norms() if c.number == g.white).games == 8
        store.set_report_details({"norm_exemption": "zonal"})
        assert all(
            c.ok for n in store.norms() for c in n.conditions if c.name.endswith("federation")
        )
