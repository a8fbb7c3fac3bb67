"""Every output that shows the final table, read back the way a user of each one reads it:
``normtui standings`` (text, ``--json``, ``--csv``), ``normtui playoff`` (text, ``--json``),
each export (csv, json, md, html, trf, trf-playoff) and the print sheets of the standings
(the Chief Arbiter's report, the last round's results). They must all say
the same order, places and prizes. Not the TRF16: it is the rating officer's report of the
classical games, whose points are what its own codes add up to and whose ranks rank those
points (FIDE's reader checks exactly that, ``test_trf_fide.py``).

Each reader returns the rows in the order the output lists them, as (player, place, prize):
place as printed ("1", "1-2"), prize a Decimal, ``None`` while pending, ``""`` for none.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from click.testing import CliRunner

from normtui.cli import cli
from tests.export import trf_reader

Row = tuple[str, str, Decimal | str | None]


def _money(text: str) -> Decimal | str | None:
    text = text.strip().removeprefix("NOK").strip()
    if text in ("pending", "pending play-off"):
        return None
    return Decimal(text.replace(",", "")) if text else ""


def _json_money(value: object, pending: object) -> Decimal | str | None:
    if pending:
        return None
    return "" if value is None else Decimal(str(value)).quantize(Decimal("0.01"))


def _cli(*args: object) -> str:
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout_bytes.decode("utf-8")  # as written: a TRF keeps its CR LF


def standings_text(db: Path) -> list[Row]:
    """Columns of ``print_standings``: place 1-5, player 8-33, prize 58-69."""
    lines = _cli("standings", db).splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Rk"))
    rows = []
    for line in lines[start + 1 :]:
        if line.startswith("*"):
            break
        rows.append((line[7:33].strip(), line[:5].strip(), _money(line[57:69])))
    return rows


def standings_json(db: Path) -> list[Row]:
    data = json.loads(_cli("standings", db, "--json"))
    for r in data:
        assert r["shared_rank"] is None or r["shared_rank"].split("-")[0] == str(r["rank"])
    return [
        (r["player"], r["shared_rank"] or "", _json_money(r["prize"], r["prize_pending"]))
        for r in data
    ]


def standings_csv(db: Path) -> list[Row]:
    rows = list(csv.DictReader(io.StringIO(_cli("standings", db, "--csv"))))
    return [
        (
            r["player"],
            r["shared_rank"],
            None if r["prize_pending"] == "True" else _money(r["prize"] or ""),
        )
        for r in rows
    ]


def export(db: Path, fmt: str) -> str:
    return _cli("export", db, "--format", fmt)


def export_csv(db: Path) -> list[Row]:
    rows = list(csv.DictReader(io.StringIO(export(db, "csv"))))
    for r in rows:
        assert r["place"].split("-")[0] == r["rank"]
    return [(r["player"], r["place"], _money(r["prize"])) for r in rows]


def export_json(db: Path) -> list[Row]:
    rows = json.loads(export(db, "json"))["standings"]
    for r in rows:
        assert r["place"] == r["shared_rank"]
        assert r["shared_rank"] is None or r["shared_rank"].split("-")[0] == str(r["rank"])
    return [
        (r["player"], r["place"] or "", _json_money(r["prize"], r["prize_pending"])) for r in rows
    ]


def export_md(db: Path) -> list[Row]:
    lines = export(db, "md").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| Rk |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        name = cells[2].split(" – ")[0].removesuffix(" (withdrawn)").replace("\\", "")
        rows.append((name, cells[0], _money(cells[9])))
    return rows


_HTML_ROW = re.compile(
    r'<tr[^>]*><td class="num">([^<]*)</td><td class="num">\d+</td>'
    r"<td>(.*?)</td>.*?<td class=\"num\">([^<]*)</td></tr>"
)


def export_html(db: Path) -> list[Row]:
    page = export(db, "html")
    standings = page[: page.index("<h2>Crosstable</h2>")]
    rows = []
    for place, name, prize in _HTML_ROW.findall(standings):
        name = re.sub(r" <small>.*", "", name)
        rows.append((html.unescape(name), html.unescape(place), _money(html.unescape(prize))))
    return rows


def export_trf(db: Path, fmt: str = "trf") -> list[Row]:
    """The rank column, in rank order (a TRF lists players by pairing number); no prizes."""
    trf = trf_reader.parse(export(db, fmt))
    players = sorted(trf.players.values(), key=lambda p: (int(p.rank), p.number))
    counts = {p.rank: sum(1 for o in players if o.rank == p.rank) for p in players}
    return [
        (
            p.name,
            p.rank if counts[p.rank] == 1 else f"{p.rank}-{int(p.rank) + counts[p.rank] - 1}",
            "",
        )
        for p in players
    ]


_SHEET_ROW = re.compile(
    r'<tr><td class="num">([^<]*)</td><td class="num">\d+</td>'
    r'<td>(.*?)</td>.*?<td class="num">([^<]*)</td></tr>'
)


def _sheet(db: Path, what: str, heading: str) -> list[Row]:
    """The standings table of a print sheet (after the ``<h2>`` that starts ``heading``)."""
    out = db.with_name(f"{db.stem}-{what}.html")
    _cli("print", db, what, "-o", out)
    page = out.read_text(encoding="utf-8")
    start = page.index(f"<h2>{heading}")
    table = page[start : page.index("</table>", start)]
    return [
        (html.unescape(name), html.unescape(place), _money(html.unescape(prize)))
        for place, name, prize in _SHEET_ROW.findall(table)
    ]


def print_report(db: Path) -> list[Row]:
    """The Chief Arbiter's report: its last table, the standings and prizes."""
    out = db.with_name(f"{db.stem}-report.html")
    _cli("print", db, "report", "-o", out)
    page = out.read_text(encoding="utf-8")
    heading = page[page.rindex("<h2>") + 4 : page.rindex("</h2>")]
    return _sheet(db, "report", heading)


def print_results(db: Path) -> list[Row]:
    """The results sheet of the last round: the standings after it."""
    return _sheet(db, "results", "Standings after")


def playoff_json(db: Path) -> list[Row]:
    """The play-off's players with their final places and prizes."""
    data = json.loads(_cli("playoff", db, "--json"))
    return [
        (r["player"], r["shared_rank"], _json_money(r["prize"], r["pending"]))
        for r in data["prizes"]
    ]


def playoff_text(db: Path) -> list[Row]:
    lines = _cli("playoff", db).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Prize money"))
    rows = []
    for line in lines[start + 1 :]:
        match = re.fullmatch(r"\s*(\S+) (.*?)\s+(NOK [\d,.]+|pending)", line)
        assert match, line
        rows.append((match[2], match[1], _money(match[3])))
    return rows


TABLES: dict[str, Callable[[Path], list[Row]]] = {
    "standings": standings_text,
    "standings --json": standings_json,
    "standings --csv": standings_csv,
    "export csv": export_csv,
    "export json": export_json,
    "export md": export_md,
    "export html": export_html,
    "print report": print_report,
    "print results": print_results,
}


def all_outputs(db: Path) -> dict[str, list[Row]]:
    """Every output's rows; the TRF ones without prizes, the play-off ones for its players."""
    out = {name: read(db) for name, read in TABLES.items()}
    out["export trf"] = export_trf(db)
    out["playoff --json"] = playoff_json(db)
    out["playoff"] = playoff_text(db)
    return out
