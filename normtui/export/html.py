"""One self-contained HTML page of the standings and the crosstable, for a press officer.

Self-contained: the CSS is inline and nothing is fetched (no scripts, fonts or images), so the
file can be mailed or uploaded as it is. Every piece of text from the event passes through
:func:`esc` (``html.escape``) on its way in, names above all: a player named
``<script>alert(1)</script>`` is printed, never run.

>>> esc('<script>alert("1")</script>')
'&lt;script&gt;alert(&quot;1&quot;)&lt;/script&gt;'
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from normtui.export.snapshot import Snapshot, half
from normtui.export.tables import (
    cell_text,
    crosstable,
    legend,
    prize_text,
    tiebreak_cells,
    tiebreak_heads,
)
from normtui.text import visible

__all__ = ["esc", "html_page", "table_row"]

_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2rem;
       color: #1b1b1b; background: #fff; }
h1 { margin-bottom: 0.2rem; }
p.sub { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: 1rem 0 2rem; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #ccc; padding: 0.3rem 0.55rem; }
th { background: #f0f0f0; }
td.num, th.num { text-align: right; }
td.cell { text-align: center; min-width: 2.2rem; }
td.self { background: #ddd; }
tr.withdrawn td { color: #777; }
p.legend { color: #555; font-size: 0.9rem; max-width: 50rem; }
p.note { font-weight: bold; }
"""


def esc(text: object) -> str:
    """Any value as HTML text (quotes too, so it is safe in an attribute as well), control
    characters as escapes (:func:`normtui.text.visible`)."""
    return html.escape(visible(str(text)), quote=True)


def table_row(cells: Sequence[tuple[str, str]], row_class: str = "") -> str:
    """One ``<tr>``: each cell as (CSS class, HTML already escaped)."""
    cls = f' class="{row_class}"' if row_class else ""
    tds = "".join(f'<td class="{c}">{t}</td>' if c else f"<td>{t}</td>" for c, t in cells)
    return f"<tr{cls}>{tds}</tr>"


def _head(titles: Sequence[tuple[str, str]]) -> str:
    ths = "".join(f'<th class="{c}">{t}</th>' if c else f"<th>{t}</th>" for c, t in titles)
    return f"<thead><tr>{ths}</tr></thead>"


def _standings(snap: Snapshot) -> str:
    currency = esc(snap.profile.event.currency)
    head = _head(
        [
            ("num", "Rk"),
            ("num", "No"),
            ("", "Player"),
            ("", "Fed"),
            ("num", "Rtg"),
            ("num", "Pts"),
            *[("num", h) for h in tiebreak_heads(snap)],
            *([("num", f"Prize ({currency})")] if snap.final.prizes else []),
        ]
    )
    rows = []
    for row in snap.standings:
        p = snap.by_number[row.number]
        withdrawn = row.status.value == "withdrawn"
        name = esc(p.name) + (" <small>(withdrawn)</small>" if withdrawn else "")
        name += f" <small>– {esc(row.note)}</small>" if row.note else ""
        rows.append(
            table_row(
                [
                    ("num", esc(snap.place(row.number) or "–")),
                    ("num", esc(p.number)),
                    ("", name),
                    ("", esc(p.federation or "")),
                    ("num", esc(p.rating or "")),
                    ("num", esc(half(row.points))),
                    *[("num", esc(c)) for c in tiebreak_cells(row)],
                    *([("num", esc(prize_text(row, grouped=True)))] if snap.final.prizes else []),
                ],
                "withdrawn" if withdrawn else "",
            )
        )
    return f"<table>{head}<tbody>{''.join(rows)}</tbody></table>"


def _crosstable(snap: Snapshot) -> str:
    table = crosstable(snap)
    numbers = [p.number for p in snap.players]
    head = _head(
        [("num", "No"), ("", "Player"), *[("cell", esc(n)) for n in numbers], ("num", "Pts")]
    )
    rows = []
    for p in snap.players:
        cells = [("num", esc(p.number)), ("", esc(p.name))]
        for n in numbers:
            if n == p.number:
                cells.append(("cell self", ""))
            else:
                cells.append(("cell", esc(cell_text(table[p.number].get(n, []), half))))
        cells.append(("num", esc(half(snap.row(p.number).points))))
        rows.append(table_row(cells))
    return f"<table>{head}<tbody>{''.join(rows)}</tbody></table>"


def _playoff(snap: Snapshot) -> str:
    state = snap.playoff
    if not (state.needed and state.games):
        return ""
    items = "".join(
        f"<li>{esc(g.id)}: {esc(snap.by_number[g.white].name)} – "
        f"{esc(snap.by_number[g.black].name)} {esc(g.result or '*')}</li>"
        for g in state.games
    )
    return f"<h2>Play-off</h2><p>{esc(state.status)}</p><ul>{items}</ul>"


def html_page(snap: Snapshot) -> str:
    """The page: title, place and dates, standings, crosstable, play-off, legend."""
    d = snap.details
    when = " – ".join(x for x in (snap.start_date, snap.end_date) if x)
    sub = " · ".join(esc(x) for x in (d.place or "", when) if x)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(snap.name)} – {esc(snap.status_line)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f"<h1>{esc(snap.name)}</h1>",
        f'<p class="sub">{sub}</p>' if sub else "",
        f"<h2>{esc(snap.status_line)}</h2>",
        f'<p class="note">{esc(snap.final.headline)}</p>' if snap.final.headline else "",
        _standings(snap),
        "<h2>Crosstable</h2>",
        _crosstable(snap),
        _playoff(snap),
        f'<p class="legend">{esc(legend(snap))}</p>',
        "</body>",
        "</html>",
    ]
    return "\n".join(p for p in parts if p) + "\n"
