"""`normtui ratings` and `normtui norms` on a constructed norm event and on the demo."""

from __future__ import annotations

import json
from pathlib import Path

from normtui.export.fide_report import fide_report
from normtui.export.snapshot import take_snapshot
from tests.cli.conftest import Run
from tests.fide_events import norm_event


def test_ratings_json_gives_the_regulations_numbers(run: Run, tmp_path: Path) -> None:
    """The applicant, 2450, K 10 by the rule (2400 reached, no longer a junior): D = 100, 70,
    50, 30, 10, −10, −30, −50, −70 give PD .36 .40 .43 .46 .49 .51 .54 .57 .60 = 4.36; 6½
    points: +21.4. Ra 22150 / 9 = 2461, 72 %: Rp 2627."""
    norm_event(tmp_path / "e.db").close()
    done = run("ratings", tmp_path / "e.db", "--json")
    assert done.exit_code == 0, done.output
    rows = json.loads(done.stdout)
    ada = rows[0]
    for key in ("player", "rating", "k", "games", "score", "expected", "change", "ra", "rp"):
        assert key in ada
    assert (ada["player"], ada["rating"], ada["k"], ada["k_source"]) == (
        "Applicant, Ada",
        2450,
        10,
        "rule",
    )
    assert (ada["games"], ada["score"], ada["expected"], ada["change"]) == (9, 6.5, 4.36, 21.4)
    assert (ada["ra"], ada["rp"], ada["change_rounded"]) == (2461, 2627, 21)
    assert sorted(d["expected"] for d in ada["detail"]) == [
        0.36, 0.40, 0.43, 0.46, 0.49, 0.51, 0.54, 0.57, 0.60
    ]  # fmt: skip
    # Below 2650 what one side's ΣΔR gains the other's loses (K differs: 20 under 2400).
    assert round(sum(r["score"] - r["expected"] for r in rows), 6) == 0
    assert [r["k"] for r in rows][-1] == 20
    text = run("ratings", tmp_path / "e.db").stdout
    assert "Applicant, Ada" in text and "+21.4" in text
    assert "Armageddon" not in text  # a classical round robin has none to speak of
    assert "Ratings of FIDE's list of 2026-09." in text
    assert "FIDE Rating Regulations (B.02) effective 1 March 2024" in text


def test_norms_json_met_and_missed_with_articles(run: Run, tmp_path: Path) -> None:
    norm_event(tmp_path / "e.db").close()
    done = run("norms", tmp_path / "e.db", "--json")
    assert done.exit_code == 0, done.output
    checks = json.loads(done.stdout)
    ada = {c["title"]: c for c in checks if c["number"] == 1}
    assert sorted(ada) == ["GM", "IM", "WGM", "WIM"]  # a woman FM may still gain the WIM
    assert ada["GM"]["status"] == "met" and ada["GM"]["failed"] == []
    assert (ada["GM"]["ra"], ada["GM"]["rp"], ada["GM"]["games"]) == (2461, 2627, 9)
    # An FM opponent on 4½ of 9: an IM norm (Rp 2467), no GM norm, on the performance.
    nine = {c["title"]: c for c in checks if c["number"] == 9}
    assert (nine["IM"]["status"], nine["IM"]["rp"]) == ("met", 2467)
    assert nine["GM"]["status"] == "missed"
    assert [(f["condition"], f["article"]) for f in nine["GM"]["failed"]] == [
        ("performance", "B.01 §1.4.8")
    ]
    for c in checks:
        assert {"player", "title", "status", "failed"} <= set(c)
        assert c["status"] in ("met", "missed", "possible")
    only = json.loads(run("norms", tmp_path / "e.db", "--player", "Ada", "--json").stdout)
    assert {c["number"] for c in only} == {1}
    text = run("norms", tmp_path / "e.db", "--player", "1").stdout
    assert "Applicant, Ada: GM norm met: 6½ of 9, Ra 2461, Rp 2627" in text


def test_norms_from_round_one_say_the_points_needed(run: Run, tmp_path: Path) -> None:
    """After 4 rounds the applicant has beaten two GMs and drawn twice…"""
    with norm_event(tmp_path / "e.db", through=4) as store:
        report = fide_report(take_snapshot(store))
        played = sum(1 for o in report.norms_of(1)[0].opponents if o.score is not None)
        score = report.norms_of(1)[0].score
    gm = next(
        c
        for c in json.loads(run("norms", tmp_path / "e.db", "--json").stdout)
        if c["number"] == 1 and c["title"] == "GM"
    )
    assert gm["status"] == "possible" and gm["rounds_left"] == 9 - played
    assert gm["needed"] == 6.5 - float(score)
    text = run("norms", tmp_path / "e.db", "--player", "1").stdout
    needed = int(gm["needed"])
    shown = f"{needed or ''}½" if gm["needed"] % 1 else str(needed)
    assert f"GM norm possible: needs {shown} from the {9 - played} games left" in text


def test_the_demo_rates_its_classical_games_only(run: Run, demo: Path) -> None:
    rows = json.loads(run("ratings", demo, "--json").stdout)
    assert len(rows) == 10 and all(r["k"] == 10 for r in rows)
    text = run("ratings", demo).stdout
    assert "Armageddon games are not rated" in text


def test_a_game_without_a_move_is_not_rated(run: Run, tmp_path: Path) -> None:
    """B.02 5.1: a game is rated when both players made a move; the record attached tells."""
    with norm_event(tmp_path / "e.db") as store:
        g = store.games(1)[0]
        record = (
            f'[White "{g.white_name}"]\n[Black "{g.black_name}"]\n[Result "1/2-1/2"]\n\n'
            "1. e4 {Black's flag fell before a move? No: agreed} 1/2-1/2\n"
        )
        store.games.attach_pgn(g.id, "main", record)
    rows = {r["number"]: r for r in json.loads(run("ratings", tmp_path / "e.db", "--json").stdout)}
    first = next(d for d in rows[g.white]["detail"] if d["round"] == 1)
    assert (first["rated"], first["why_not"]) == (
        False,
        "a player made no move: not rated (B.02 §5.1)",
    )
    assert rows[g.white]["games"] == 8 and rows[g.black]["games"] == 8
    # Nor is it a game of a norm (B.01 1.4.2c): the applicant has 8 games, in 9 rounds.
    assert g.white == 1
    checks = json.loads(run("norms", tmp_path / "e.db", "--player", "1", "--json").stdout)
    gm = next(c for c in checks if c["title"] == "GM")
    assert (gm["status"], gm["games"]) == ("missed", 8)
    assert [f["condition"] for f in gm["failed"]] == ["games"]
