"""Standings and crosstable as CSV, JSON and Markdown (the HTML page is ``html.py``).

A crosstable cell is what the row's player scored against the column's player, in the event's
points (3, 1½, 1, 0; 1.5 in CSV and JSON, so a spreadsheet reads a number). A double round
robin shows both games, in round order, separated by a space. Two marks:

* ``F`` after the points: a forfeit (``3F``, ``0F``);
* brackets: a game that stays in the table but counts for nobody, because a player withdrew
  having completed under half their games (§9 a): ``(3)``.

An empty cell is a pairing not yet complete (no result, or an Armageddon still due).

>>> cell_text([Cell(1, 2, "w", "1-0", None, Decimal(3), False, True)], half)
'3'
>>> cell_text([Cell(4, 7, "b", "-/+", None, Decimal(3), True, False)], points_text)
'(3F)'
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from normtui.export.fide_report import fide_json, fide_report
from normtui.export.snapshot import Snapshot, half, points_text
from normtui.rules.tiebreak_columns import cell as tiebreak_cell
from normtui.rules.tiebreak_columns import columns as tiebreak_columns
from normtui.store import StandingRow
from normtui.store.ratings import rating_fields
from normtui.text import csv_line, json_visible, visible

__all__ = ["Cell", "cell_text", "crosstable", "csv_text", "json_text", "markdown"]


@dataclass(frozen=True)
class Cell:
    """One complete pairing from one player's side."""

    round: int
    opponent: int
    colour: str
    result: str
    armageddon: str | None
    points: Decimal
    forfeit: bool
    counted: bool


def crosstable(snap: Snapshot) -> dict[int, dict[int, list[Cell]]]:
    """``table[player][opponent]``: the complete pairings, in round order."""
    counted = {r.number for r in snap.standings if r.counted}
    table: dict[int, dict[int, list[Cell]]] = {p.number: {} for p in snap.players}
    for g in snap.games:
        if g.points is None or g.result is None:
            continue
        both = {g.white, g.black} <= counted
        arm = g.armageddon.value if g.armageddon else None
        for me, other, colour, pts in (
            (g.white, g.black, "w", g.points[0]),
            (g.black, g.white, "b", g.points[1]),
        ):
            table[me].setdefault(other, []).append(
                Cell(g.round, other, colour, g.result.value, arm, pts, g.result.is_forfeit, both)
            )
    return table


def cell_text(cells: list[Cell], number_format: Any) -> str:
    parts = []
    for c in cells:
        text = number_format(c.points) + ("F" if c.forfeit else "")
        parts.append(text if c.counted else f"({text})")
    return " ".join(parts)


def tiebreak_heads(snap: Snapshot) -> list[str]:
    """The headings of the event's tie-break columns, in its order (FIDE's codes)."""
    return [c.code for c in tiebreak_columns(snap.profile.tiebreaks.order)]


def tiebreak_cells(row: StandingRow) -> list[str]:
    """A row's tie-breaks as cells, in the event's order (what ranked it)."""
    return [tiebreak_cell(name, value) for name, value in row.shown_tiebreaks().items()]


def prize_text(row: StandingRow, grouped: bool = False) -> str:
    """The prize to the øre; ``grouped`` adds thousands separators for people to read."""
    if row.prize_pending:
        return "pending"
    if row.prize is None:
        return ""
    return f"{row.prize:,.2f}" if grouped else f"{row.prize:.2f}"


def csv_text(snap: Snapshot) -> str:
    """One row per player in final order: rank and place (both from the final table), the
    player, one column per opponent's pairing number, then points, tie-breaks, prize, status
    and the note of a row the play-off placed. A name a spreadsheet would run as a formula is
    neutralised (:func:`normtui.text.csv_line`)."""
    table = crosstable(snap)
    numbers = [p.number for p in snap.players]
    lines = [
        csv_line(
            [
                "rank",
                "place",
                "number",
                "player",
                "federation",
                "rating",
                "fide_id",
                *[str(n) for n in numbers],
                "points",
                *[c.name for c in tiebreak_columns(snap.profile.tiebreaks.order)],
                *(["armageddon_wins"] if snap.armageddons else []),
                "games",
                *(["prize"] if snap.final.prizes else []),
                "status",
                "note",
            ]
        )
    ]
    for row in snap.standings:
        p = snap.by_number[row.number]
        rank = snap.ranks.get(row.number)
        lines.append(
            csv_line(
                [
                    "" if rank is None else rank,
                    snap.place(row.number),
                    p.number,
                    p.name,
                    p.federation or "",
                    p.rating or "",
                    p.fide_id or "",
                    *[cell_text(table[p.number].get(n, []), points_text) for n in numbers],
                    points_text(row.points),
                    *tiebreak_cells(row),
                    *([row.armageddon_wins] if snap.armageddons else []),
                    row.games,
                    *([prize_text(row)] if snap.final.prizes else []),
                    row.status.value,
                    row.note,
                ]
            )
        )
    return "".join(f"{line}\n" for line in lines)


def _number(value: Decimal | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


def as_data(snap: Snapshot) -> dict[str, Any]:
    """The JSON document as Python data (see :func:`json_text`)."""
    table = crosstable(snap)
    d = snap.details
    fide = fide_report(snap)
    standings = []
    for row in snap.standings:
        p = snap.by_number[row.number]
        entry = snap.final.row_json(row)
        # "place" is "shared_rank" under the name the other exports use: one value.
        entry.update(
            place=row.shared_rank, federation=p.federation, rating=p.rating, fide_id=p.fide_id
        )
        entry.update(rating_fields(fide.ratings.get(row.number)))
        standings.append(entry)
    cross = [
        {
            "number": p.number,
            "player": p.name,
            "games": [
                {
                    "round": c.round,
                    "opponent": c.opponent,
                    "colour": c.colour,
                    "result": c.result,
                    **({"armageddon": c.armageddon} if snap.armageddons else {}),
                    "points": _number(c.points),
                    "forfeit": c.forfeit,
                    "counted": c.counted,
                }
                for c in sorted(
                    (c for cells in table[p.number].values() for c in cells), key=lambda c: c.round
                )
            ],
        }
        for p in snap.players
    ]
    playoff = None
    if snap.playoff.needed:
        playoff = {
            "format": snap.playoff.format,
            "players": list(snap.playoff.players),
            "winner": snap.playoff.winner,
            "status": snap.playoff.status,
            "games": [
                {"id": g.id, "kind": g.kind, "white": g.white, "black": g.black, "result": g.result}
                for g in snap.playoff.games
            ],
        }
    pts = snap.profile.points
    return {
        "event": {
            "name": snap.name,
            "site": d.place,
            "city": d.city,
            "federation": d.federation,
            "chief_arbiter": d.chief_arbiter,
            "start_date": snap.start_date,
            "end_date": snap.end_date,
            "rounds": snap.rounds,
            "complete_through": snap.complete_through,
            "final": snap.is_final,
            # The prizes' currency; none in an event without prizes.
            "currency": snap.profile.event.currency if snap.final.prizes else None,
            "points": (
                {
                    "win": _number(pts.win),
                    "loss": _number(pts.loss),
                    "draw_armageddon_win": _number(pts.draw_armageddon_win),
                    "draw_armageddon_loss": _number(pts.draw_armageddon_loss),
                }
                if snap.armageddons
                # A draw is complete: its points, under their own name.
                else {
                    "win": _number(pts.win),
                    "draw": _number(pts.draw_armageddon_loss),
                    "loss": _number(pts.loss),
                }
            ),
            "tiebreaks": list(snap.profile.tiebreaks.order),
            "ranking": {
                "decided_by": snap.final.decided_by,
                "playoff_places": snap.final.playoff_places,
                "note": snap.final.note,
                # What every output says of first place (normtui.rules.first_place).
                "first_place": snap.final.first_sentence(),
            },
        },
        "standings": standings,
        "crosstable": cross,
        "playoff": playoff,
        "fide": fide_json(fide),
    }


def json_text(snap: Snapshot) -> str:
    """``{"event", "standings", "crosstable", "playoff", "fide"}``: standings rows in final
    order with the fields of ``normtui standings --json`` plus rank, place, federation, rating
    and FIDE id; each crosstable entry lists a player's complete pairings by round; ``fide``
    FIDE's numbers (each player's rating change and performance, the title norms, the rules
    applied: ``normtui.export.fide_report.fide_json``)."""
    return json_visible(json.dumps(as_data(snap), ensure_ascii=False, indent=2)) + "\n"


_MD_SPECIAL = str.maketrans({c: f"\\{c}" for c in "\\`*_[]|#"})


def md_escape(text: str) -> str:
    """Text that Markdown shows as written: HTML is escaped too, since most renderers pass
    raw HTML through (a player named ``<script>`` must not become one).

    >>> md_escape("<b>A|B</b>")
    '&lt;b&gt;A\\\\|B&lt;/b&gt;'
    """
    return html.escape(visible(text), quote=False).translate(_MD_SPECIAL)


def _md_table(header: list[str], align: str, rows: list[list[str]]) -> list[str]:
    marks = {"l": ":--", "r": "--:", "c": ":-:"}
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(marks[a] for a in align) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return lines


def markdown(snap: Snapshot) -> str:
    """A title line, the standings, the crosstable, the play-off and a legend."""
    d = snap.details
    when = " – ".join(x for x in (snap.start_date, snap.end_date) if x)
    lines = [f"# {md_escape(snap.name)}", ""]
    sub = " · ".join(md_escape(x) for x in (d.place or "", when) if x)
    if sub:
        lines += [sub, ""]
    currency = snap.profile.event.currency
    lines += [f"## {snap.status_line}", ""]
    if snap.final.headline:
        lines += [md_escape(snap.final.headline), ""]
    rows = []
    for row in snap.standings:
        p = snap.by_number[row.number]
        note = " (withdrawn)" if row.status.value == "withdrawn" else ""
        note += f" – {md_escape(row.note)}" if row.note else ""
        rows.append(
            [
                snap.place(row.number) or "–",
                str(p.number),
                md_escape(p.name) + note,
                md_escape(p.federation or ""),
                str(p.rating or ""),
                half(row.points),
                *tiebreak_cells(row),
                *([prize_text(row, grouped=True)] if snap.final.prizes else []),
            ]
        )
    prize = [f"Prize ({currency})"] if snap.final.prizes else []
    heads = tiebreak_heads(snap)
    lines += _md_table(
        ["Rk", "No", "Player", "Fed", "Rtg", "Pts", *heads, *prize],
        "rrllrr" + "r" * (len(heads) + len(prize)),
        rows,
    )
    table = crosstable(snap)
    numbers = [p.number for p in snap.players]
    cross = [
        [
            str(p.number),
            md_escape(p.name),
            *[
                "—" if n == p.number else cell_text(table[p.number].get(n, []), half)
                for n in numbers
            ],
            half(snap.row(p.number).points),
        ]
        for p in snap.players
    ]
    lines += ["", "## Crosstable", ""]
    lines += _md_table(
        ["No", "Player", *map(str, numbers), "Pts"], "rl" + "c" * len(numbers) + "r", cross
    )
    if snap.playoff.needed and snap.playoff.games:
        lines += ["", "## Play-off", "", md_escape(snap.playoff.status), ""]
        lines += [
            f"- {g.id}: {md_escape(snap.by_number[g.white].name)} – "
            f"{md_escape(snap.by_number[g.black].name)} {g.result or '*'}"
            for g in snap.playoff.games
        ]
    lines += ["", legend(snap)]
    return "\n".join(lines) + "\n"


def legend(snap: Snapshot) -> str:
    p = snap.profile.points
    points = (
        f"win {half(p.win)}, draw and Armageddon won {half(p.draw_armageddon_win)}, "
        f"draw and Armageddon lost {half(p.draw_armageddon_loss)}, loss {half(p.loss)}"
        if snap.profile.classical.armageddon_after_draw
        else f"win {half(p.win)}, draw {half(p.draw_armageddon_loss)}, loss {half(p.loss)}"
    )
    points += snap.articles.cite("points")
    withdrawn = snap.articles.cite("withdrawal")
    return (
        f"Points: {points}. F: forfeit. (…): not counted{withdrawn}. {snap.final.tiebreak_legend()}"
    )
