"""Nothing a name or a typed detail holds is injected into what normtui writes:
formulas in CSV, records in the TRF, tags in the PGN; and the Markdown and HTML headings say
truly which results they count."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from pathlib import Path

import chess.pgn
import pytest
from click.testing import CliRunner

from normtui.cli import cli
from tests.cli.conftest import write_players

FORMULAS = ['=HYPERLINK("http://x","y")', "+1+1", "-2+3+cmd|' /C calc'!A0", "@SUM(1)"]


def run(*args: object) -> str:
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def hostile_db(tmp_path: Path) -> Path:
    names = [*FORMULAS, 'Quote "Q", Back\\slash', "Semi;=1+1", *"FGHI"]
    csv_file = write_players(
        tmp_path / "p.csv",
        ['"' + n.replace('"', '""') + f'",{2700 + i},,' for i, n in enumerate(names)],
    )
    db = tmp_path / "hostile.db"
    run("new", db, "--players", csv_file)
    run("result", db, 1, 1, 10, "1-0")
    run("result", db, 1, 5, 6, "0-1")
    return db


def _cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


@pytest.mark.parametrize(
    "command", [("export", "{db}", "--format", "csv"), ("standings", "{db}", "--csv")]
)
def test_csv_exports_run_no_formula(hostile_db: Path, command: tuple[str, ...]) -> None:
    text = run(*(hostile_db if a == "{db}" else a for a in command))
    cells = _cells(text)
    assert not [
        c
        for c in cells
        if c[:1] in ("=", "+", "@") or (c[:1] == "-" and not re.fullmatch(r"-[0-9.]+", c))
    ]
    for name in FORMULAS:
        assert "'" + name in cells
    # Quoted where a semicolon-splitting spreadsheet would otherwise start a cell inside it.
    assert '"Semi;=1+1"' in text


def test_the_trf_gets_no_record_from_a_typed_detail(hostile_db: Path) -> None:
    fake = "Oslo\r\n001   99 m  GM Fake, Player                    2900 NOR"
    text = run(
        "export",
        hostile_db,
        "--format",
        "trf",
        "--city",
        fake,
        "--arbiter",
        "Arbiter\n102 Second",
        "--deputy",
        "Deputy\r112 Other",
    )
    lines = text.splitlines()  # (click's test runner reads CR LF as LF)
    records = [line[:3] for line in lines if line]
    assert records.count("001") == 10
    assert records.count("102") == 1 and records.count("112") == 1
    assert "022 Oslo 001 99 m GM Fake, Player 2900 NOR" in lines
    assert all(line[:3].isdigit() or line.startswith("###") for line in lines)


def test_the_trf_keeps_its_columns_with_any_name(hostile_db: Path) -> None:
    text = run("export", hostile_db, "--format", "trf")
    players = [line for line in text.splitlines() if line.startswith("001")]
    assert all(line[4:8].strip().isdigit() and line[48:52].strip().isdigit() for line in players)


def test_the_pgn_gets_no_tag_from_a_typed_site(hostile_db: Path) -> None:
    site = 'Stavanger "NOR"\\\n[Result "0-1"]'
    text = run("export", hostile_db, "--format", "pgn", "--site", site)
    games = []
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        games.append(game)
    assert len(games) == 2
    for game in games:
        assert text.count('[Result "') == 2
        raw = game.headers["Site"]
        assert re.sub(r'\\(["\\])', r"\1", raw) == 'Stavanger "NOR"\\ [Result "0-1"]'
    white = re.sub(r'\\(["\\])', r"\1", games[1].headers["White"])
    assert white == 'Quote "Q", Back\\slash'


def test_a_stored_record_with_hostile_tags_is_written_escaped(
    hostile_db: Path, tmp_path: Path
) -> None:
    """A tag of the stored record (kept in the export) with a quote and a backslash, and a
    comment with an escape sequence: escaped once, and no control character written."""
    record = (
        '[Event "x"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n'
        '[Annotator "Kept \\"quoted\\" \\\\ back"]\n\n'
        "1. e4 {\x1b[31mred} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
    )
    with sqlite3.connect(hostile_db) as conn:
        conn.execute("UPDATE games SET pgn = ? WHERE round = 1 AND board = 1", [record])
    conn.close()
    text = run("export", hostile_db, "--format", "pgn")
    assert '[Annotator "Kept \\"quoted\\" \\\\ back"]' in text
    assert "\x1b" not in text and "{ [31mred }" in text


def test_md_and_html_say_which_rounds_they_count(tmp_path: Path) -> None:
    csv_file = write_players(tmp_path / "p.csv", [f'"Player {c}",,,' for c in "ABCDEFGHIJ"])
    db = tmp_path / "e.db"
    run("new", db, "--players", csv_file)
    for board in range(1, 6):
        run("result", db, 1, board, 11 - board, "1-0")
    md = run("export", db, "--format", "md")
    assert "## Standings after round 1\n" in md
    # A round-3 result, round 2 not complete: the heading names both, it does not hide one.
    data = json.loads(run("pairings", db, "--round", 3, "--json"))
    run("result", db, 3, data[0]["white"], data[0]["black"], "0-1")
    md = run("export", db, "--format", "md")
    html = run("export", db, "--format", "html")
    heading = "Standings after round 1 and 1 of 10 games of rounds 2-3"
    assert f"## {heading}\n" in md and f"<h2>{heading}</h2>" in html
    data = json.loads(run("pairings", db, "--round", 2, "--json"))
    for game in data:
        run("result", db, 2, game["white"], game["black"], "1-0")
    assert "## Standings after round 2 and 1 of 5 games of round 3\n" in run(
        "export", db, "--format", "md"
    )
