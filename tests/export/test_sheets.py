"""Print-ready sheets (``normtui print``): one A4 section a sheet, every name
escaped, and the Chief Arbiter's report holding what the desk and the audit log know.

The pages were also looked at in Chromium (print to PDF, counted with pdfinfo, viewed as PNG);
that needs a browser, so here the page structure is checked instead: one ``<section>`` per
sheet, a page break after each, and the A4 rule."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.assets import profile_path, read_profile_text
from normtui.cli import cli
from normtui.export import ExportError
from normtui.export.sheets import SHEETS, sheet_html
from normtui.rules.model import Postponement
from normtui.rules.profile import Period, TimeControl
from normtui.store import EventStore, PlayerInput
from normtui.store.profile_text import event_profile_text
from tests.export.event2022 import CLOCK
from tests.rules.helpers import small_profile

ROOT = Path(__file__).resolve().parents[2]

HOSTILE = [
    '<script>alert("x")</script>',
    '"><img src=x onerror=alert(1)>',
    "Tom & Jerry",
    "O'Brien, Pat",
    "Ünsal, Çağrı",
    "<b>Bold</b>",
]


def _sections(html: str) -> int:
    return len(re.findall(r'<section class="sheet', html))


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    """Six players with names a browser would run or render, and the desk's paperwork: an
    incident, a fine, an illness, a correction, a time-control change, a withdrawal."""
    path = tmp_path / "hostile.db"
    with EventStore.create(
        path,
        [PlayerInput(n) for n in HOSTILE],
        small_profile(6).source_text,
        actor="<i>arbiter</i>",
        clock=CLOCK,
    ) as store:
        store.set_report_details(
            {
                "city": "<Oslo>",
                "federation": "NOR",
                "chief_arbiter": "Doe, <Jane>",
                "deputy_arbiters": ["Roe & Co"],
            }
        )
        store.rounds.set_schedule(1, date="2026-01-02", start_time="15:00")
        g1, g2, g3 = store.games(1)
        store.games.enter_result(1, g1.white, g1.black, "1-0")
        store.games.enter_result(1, g1.white, g1.black, "0-1", correction=True)
        store.games.enter_result(1, g2.white, g2.black, "1/2-1/2", armageddon="1/2-1/2")
        store.desk.record_incident(
            1, g3.white, "electronic_device", "phone <rang>", "game lost & fined"
        )
        store.desk.record_arrival(1, g3.black, False)
        store.set_time_control("armageddon", TimeControl(600, 480, 1, 41))
        store.desk.report_illness(2, g3.black, proposed=Postponement.FREE_DAY)
        store.desk.withdraw(g1.white)
    return path


@pytest.mark.parametrize("what", SHEETS)
def test_every_name_is_escaped(hostile: Path, what: str) -> None:
    # A certificate is of one player's norm: player 2's GM norm, not met, printed as such.
    chosen = {"player": "2", "title": "GM"} if what == "it1" else {}
    with EventStore.open(hostile) as store:
        html = sheet_html(
            store, what, 1 if what in ("pairings", "results", "scoresheets") else None, **chosen
        )
    assert "<script>" not in html and "<img" not in html and "<b>Bold" not in html
    assert "<i>arbiter" not in html and "<rang>" not in html and "<Oslo>" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html or what in (
        "pairings",
        "results",
        "scoresheets",
    )
    assert html.startswith("<!DOCTYPE html>") and "@page { size: A4" in html


def test_one_section_a_sheet(store_2022: EventStore) -> None:
    assert _sections(sheet_html(store_2022, "pairings", 3)) == 1
    assert _sections(sheet_html(store_2022, "results", 3)) == 1
    assert _sections(sheet_html(store_2022, "wallchart")) == 1
    assert _sections(sheet_html(store_2022, "scoresheets", 3)) == 5  # one per board
    wall = sheet_html(store_2022, "wallchart")
    assert "size: A4 landscape" in wall and "break-after: page" in wall


def test_pairings_name_the_clocks(store_2022: EventStore) -> None:
    html = sheet_html(store_2022, "pairings", 1)
    # The increment is both clocks': written after Black's time alone it read as Black's.
    assert "White 120&#x27;, Black 120&#x27;; each + 10&quot; a move from move 41" in html
    assert "White 10&#x27;, Black 7&#x27;; each + 1&quot; a move from move 41" in html
    assert "2022-05-31 16:00" in html and "Wang, Hao" in html


def test_results_and_the_table_after_the_round(store_2022: EventStore) -> None:
    html = sheet_html(store_2022, "results", 9)
    assert "Standings after round 9" in html and "750,000.00" in html
    assert html.count("1/2-1/2") >= 4


def test_wallchart_has_classical_and_armageddon(store_2022: EventStore) -> None:
    html = sheet_html(store_2022, "wallchart")
    assert "½ A+" in html and "½ A−" in html and "16½" in html
    # Its legend says each thing once (F and (…) were said twice).
    legend = html.split('<p class="legend">', 1)[1].split("</p>", 1)[0]
    assert legend.count("F: forfeit") == 1 and legend.count("not counted") == 1


def test_a_results_sheet_mid_round_says_what_its_table_counts(tmp_path: Path) -> None:
    """The demo: round 7 under way, 2 of its 5 games complete. The table is after round 6
    and those two games, not "after round 7"; a result never breaks at its slash."""
    db = tmp_path / "demo.db"
    shutil.copyfile(ROOT / "demo.db", db)
    with EventStore.open(db) as store:
        html = sheet_html(store, "results")
        done = sheet_html(store, "results", 6)
    assert "<h2>Standings after round 6 and 2 of 5 games of round 7</h2>" in html
    assert "<h2>Standings after round 6</h2>" in done
    assert '<td class="c nw">1/2-1/2</td>' in html and "td.nw { white-space: nowrap; }" in html


def test_print_json_names_the_round_it_chose(tmp_path: Path) -> None:
    db = tmp_path / "demo.db"
    shutil.copyfile(ROOT / "demo.db", db)
    runner = CliRunner()
    for what, out, round_no in (
        ("results", [], 7),
        ("pairings", [], 7),
        ("scoresheets", ["-o", str(tmp_path / "s.html")], 7),
        ("wallchart", [], None),
        ("report", ["-o", str(tmp_path / "r.html")], None),
    ):
        done = runner.invoke(cli, ["print", str(db), what, "--json", *out])
        assert done.exit_code == 0, done.output
        said = json.loads(done.stdout)
        assert said["round"] == round_no, what
        assert ("html" in said) is not bool(out) and said["sheet"] == what


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A plain 1 / ½ / 0 round robin of four (fide-round-robin) at Tata Steel 2025's control,
    100'/40 + 50' + 30" from move 1: round 1 complete, round 2 at one result of two, and a
    forfeit, so that the wallchart's legend has each of its marks to say."""
    path = tmp_path_factory.mktemp("plain") / "plain.db"
    text = event_profile_text(read_profile_text(profile_path("fide-round-robin")), 4)
    tata = TimeControl(6000, 6000, 30, 1, moves=40, later=(Period(0, 3000, 3000, 30, 41),))
    players = [PlayerInput(n) for n in ("Aune, Anna", "Berg, Bo", "Dahl, Dag", "Eik, Eli")]
    with EventStore.create(path, players, text) as store:
        store.set_time_control("classical", tata)
        first, second = ([g for g in store.games() if g.round == r] for r in (1, 2))
        store.games.enter_result(1, first[0].white, first[0].black, "1/2-1/2")
        store.games.enter_result(1, first[1].white, first[1].black, "+/-")
        store.games.enter_result(2, second[0].white, second[0].black, "1/2-1/2")
    return path


def test_a_plain_events_sheets_speak_of_no_armageddon(plain: Path) -> None:
    """No Armageddon column, mark or legend line; a result on one line; a Status column
    while a game of the round is not played, none (and no empty heading) once all are."""
    with EventStore.open(plain) as store:
        mid, done = sheet_html(store, "results", 2), sheet_html(store, "results", 1)
        wall = sheet_html(store, "wallchart")
    for html in (mid, done, wall):
        assert not re.search("armageddon|A\\+|A−", html, re.I)
    assert '<td class="c nw">1/2-1/2</td>' in mid and "td.nw { white-space: nowrap; }" in mid
    assert "<th>Status</th>" in mid and "not played yet" in mid
    assert "<th>Status</th>" not in done and "<th></th>" not in done
    assert "<h2>Standings after round 1 and 1 of 2 games of round 2</h2>" in mid
    legend = wall.split('<p class="legend">', 1)[1].split("</p>", 1)[0]
    for said in ("1 ½ 0: the game", "Points: win 1, draw ½, loss 0", "F: forfeit", "not counted"):
        assert legend.count(said) == 1, said
    assert "1F" in wall and "0F" in wall


def test_the_clocks_of_several_periods(plain: Path) -> None:
    """Each colour's periods in full, then the increment as both clocks'; where the periods
    earn different increments, each with its moves (the sheets dropped them)."""
    both = "White 100&#x27;/40 + 50&#x27;, Black 100&#x27;/40 + 50&#x27;; each + 30&quot; a move"
    with EventStore.open(plain) as store:
        sheets = sheet_html(store, "scoresheets", 2)
        pairings = sheet_html(store, "pairings", 2)
    assert sheets.count(f"({both}).") == 2 and f"{both}</td>" in pairings
    mixed = TimeControl(5400, 5400, 10, 1, moves=40, later=(Period(0, 1800, 1800, 30, 41),))
    steps = TimeControl(7200, 7200, 0, 1, moves=40, later=(
        Period(20, 3600, 3600, 0, 41), Period(0, 900, 900, 30, 61)))  # fmt: skip
    copy = plain.with_name("mixed.db")
    shutil.copyfile(plain, copy)
    with EventStore.open(copy) as store:
        store.set_time_control("classical", mixed)
        mixed_sheet = sheet_html(store, "scoresheets", 2)
        store.set_time_control("classical", steps)
        steps_sheet = sheet_html(store, "scoresheets", 2)
    assert (
        "Black 90&#x27;/40 + 30&#x27;; each + 10&quot; a move to move 40, then + 30&quot; a "
        "move from move 41)."
    ) in mixed_sheet
    assert "Black 120&#x27;/40 + 60&#x27;/20 + 15&#x27;; each + 30&quot; a move from move 61)" in (
        steps_sheet
    )


def test_a_scoresheets_date_or_a_blank_to_write_it_in(plain: Path) -> None:
    """Round 2 took its date with its first result; round 3 has none: a blank of its own width
    to be filled in by hand, not an empty cell squeezed by the labels beside it."""
    with EventStore.open(plain) as store:
        day = store.rounds()[1].date
        dated, undated = (sheet_html(store, "scoresheets", r) for r in (2, 3))
    assert day and dated.count(f'<td class="date">{day}</td>') == 2
    assert undated.count('<td class="label">Date</td><td class="date blank"></td>') == 2
    assert "table.fields td.blank::after" in undated


def test_scoresheets_carry_the_move_30_line(store_2022: EventStore) -> None:
    html = sheet_html(store_2022, "scoresheets", 1)
    assert html.count("no draw agreement before Black's move 30") == 5
    assert html.count('class="line30"') == 5 and "countersigns last, §8" in html
    assert html.count("Black 120&#x27;; each + 10&quot; a move from move 41") == 5


def test_the_sheets_word_the_draw_rule_as_the_profile_does(tmp_path: Path) -> None:
    """2024's rule is "no draw agreement until at least 30 moves have been made by each
    player" (classical.draw_agreement_rule = "moves_by_each"); its scoresheets and pairing
    sheets said 2022's "before Black's move 30"."""
    from normtui.assets import builtin_profiles, read_profile_text
    from normtui.store import PlayerInput

    text = read_profile_text(builtin_profiles()["norway-chess-2024"])
    players = [PlayerInput(f"P{i}") for i in range(1, 7)]
    with EventStore.create(tmp_path / "e.db", players, text) as store:
        sheets = sheet_html(store, "scoresheets", 1)
        pairings = sheet_html(store, "pairings", 1)
    assert sheets.count("no draw agreement until 30 moves by each player") == 3
    assert "no draw agreement until 30 moves by each player" in pairings
    assert "Black's move 30" not in sheets + pairings


def test_the_chief_arbiters_report(hostile: Path) -> None:
    with EventStore.open(hostile) as store:
        html = sheet_html(store, "report")
    for part in (
        "Doe, &lt;Jane&gt;",
        "Roe &amp; Co",
        "2026-01-02",
        "phone &lt;rang&gt;",
        "game lost &amp; fined",
        "500.00 EUR",
        "free day",
        "withdrawn",
        "corrected 0-1 (was 1-0)",
        "&lt;i&gt;arbiter&lt;/i&gt;",
        "armageddon",
        "Black 8&#x27;",
        "Play-off (§5)</h2><p>",
    ):
        assert part in html, part
    # Each section of the desk's paperwork has its audit rows, with time and actor.
    for title in (
        "Illness (§9)",
        "Withdrawals (§9)",
        "Corrections of results, and undone changes",
        "Time-control changes",
    ):
        assert re.search(re.escape(title) + r"</h2>\n?<table>", html), title


def test_the_report_of_a_playoff(store_playoff: EventStore) -> None:
    html = sheet_html(store_playoff, "report")
    assert "Drawing of lots: play-off started with seed 7" in html
    assert "Winner: Mamedyarov, Shakhriyar" in html and "Final standings" in html


def test_a_round_that_is_not_there(store_2022: EventStore) -> None:
    with pytest.raises(ExportError, match="round 12 does not exist"):
        sheet_html(store_2022, "pairings", 12)
    with pytest.raises(ExportError, match="--round is for"):
        sheet_html(store_2022, "wallchart", 2)


def test_print_by_command(path_2022: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "w.html"
    done = runner.invoke(cli, ["print", str(path_2022), "wallchart", "-o", str(out)])
    assert done.exit_code == 0 and out.read_text(encoding="utf-8").startswith("<!DOCTYPE")
    bad = runner.invoke(cli, ["print", str(path_2022), "results", "--round", "0"])
    assert bad.exit_code == 2 and "round 0 does not exist" in bad.stderr


def test_print_imports_neither_python_chess_nor_textual(path_2022: Path) -> None:
    code = (
        "import sys\nfrom normtui.cli import main\ntry:\n    main(sys.argv[1:])\n"
        "except SystemExit as e:\n    assert not e.code, e.code\n"
        "print(sorted(m for m in ('chess', 'textual') if m in sys.modules),"
        " file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "print", str(path_2022), "report"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "[]"
