"""FIDE's forms as print sheets: the certificate of title result (IT1), the tournament report
(IT3), and the FIDE section of the Chief Arbiter's report. Each was looked at in headless
Chromium (A4, printed to PDF); here the content and the page structure are checked."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.cli import cli
from normtui.export import ExportError
from normtui.export.sheets import sheet_html
from normtui.store import EventStore
from tests.fide_events import norm_event

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def norm_path(tmp_path: Path) -> Path:
    norm_event(tmp_path / "norm.db").close()
    return tmp_path / "norm.db"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_it1_certifies_each_norm_met(norm_path: Path) -> None:
    with EventStore.open(norm_path) as store:
        html = sheet_html(store, "it1", player="Ada")
    assert html.startswith("<!DOCTYPE html>") and "@page { size: A4" in html
    # GM, IM, WGM and WIM met (B.01 1.5.2: a norm may serve for more than one title; a woman
    # FM may still gain the WIM title).
    assert len(re.findall(r'<section class="sheet', html)) == 4
    assert html.count('class="box on"') == 4
    text = _text(html)
    assert "Certificate of Title Result" in text and "IT1" in text
    assert "Name: Applicant" in text and "First name: Ada" in text and "FIDE ID: 1000001" in text
    assert "Rating average of the opponents (1.4.7): 2461" in text
    assert "Performance rating (1.4.8): 2627" in text
    assert "Score required: 6½" in text and "Score achieved: 6½" in text
    assert "Numbers of GM: 4 IM: 3 WGM: 0 WIM: 0 FM: 2 WFM: 0" in text
    # The opponents' table: nine rows in round order, each with its score.
    gm = html.split("</section>")[0]
    assert len(re.findall(r"<tr>", gm.split("<tbody>")[-1])) == 9
    assert "Not a title result" not in html


def test_it1_of_a_norm_not_met_says_so(norm_path: Path) -> None:
    with EventStore.open(norm_path) as store:
        html = sheet_html(store, "it1", player="9", title="GM")
        with pytest.raises(ExportError, match="Opponent, Two has no title result"):
            sheet_html(store, "it1", player="2")
        with pytest.raises(ExportError, match="no WIM norm to certify"):
            sheet_html(store, "it1", player="2", title="WIM")
        with pytest.raises(ExportError, match="--player and --title are for it1"):
            sheet_html(store, "it3", player="2")
    assert "Not a title result (missed): Rp 2467; at least 2600 (B.01 §1.4.8)" in _text(html)


def test_it3_reports_the_event_and_its_title_results(norm_path: Path) -> None:
    with EventStore.open(norm_path) as store:
        html = sheet_html(store, "it3")
    text = _text(html)
    assert "Tournament Report" in text and "IT3" in text
    assert "Category: 9" in text and "Average rating: 2460" in text
    assert "Minutes each for 60 moves: 120" in text and "Most rounds on one day: 1" in text
    assert "Federations: 4 (DEN, GER, NOR, SWE)" in text
    titles = html.split("Title results")[1]
    assert _text(titles).count("Applicant, Ada") == 4
    assert "Opponent, Nine 1000009 DEN IM 9 4½ 2467 2467" in _text(titles)


def test_the_chief_arbiters_report_has_the_fide_numbers(norm_path: Path) -> None:
    with EventStore.open(norm_path) as store:
        text = _text(sheet_html(store, "report"))
    assert "FIDE rating changes and performances" in text and "+21.4" in text
    assert "Applicant, Ada GM met 6½ of 9, Ra 2461, Rp 2627" in text
    assert "Armageddon games" not in text
    with EventStore.open(ROOT / "demo.db") as store:
        norway = _text(sheet_html(store, "report"))
    assert "Armageddon games are not rated" in norway


def test_print_it1_and_it3_by_command(norm_path: Path, tmp_path: Path) -> None:
    def run(*args: object):  # type: ignore[no-untyped-def]
        return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)

    out = tmp_path / "it1.html"
    done = run("print", norm_path, "it1", "--player", "Ada", "--title", "gm", "-o", out)
    assert done.exit_code == 0, done.output
    assert out.read_text(encoding="utf-8").count('class="box on"') == 1
    refused = run("print", norm_path, "it1", "--player", "2")
    assert refused.exit_code == 2 and "has no title result" in refused.stderr
    # The demo's Norway field holds every title it could meet: no certificate to print.
    demo = tmp_path / "demo.db"
    shutil.copyfile(ROOT / "demo.db", demo)
    none = run("print", demo, "it1")
    assert none.exit_code == 2 and "normtui: no player has a title result (" in none.stderr
    assert run("print", norm_path, "it3", "--round", "2").exit_code == 2
