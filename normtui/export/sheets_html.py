"""The HTML every print-ready sheet is made of (``sheets.py``): the page with its print CSS (A4,
one sheet a page, none cut inside a table), a sheet's section, a table, the sheet's heading.
Every text from the event goes through :func:`~normtui.export.html.esc` on its way in.
"""

from __future__ import annotations

from collections.abc import Sequence

from normtui.export.html import esc
from normtui.export.snapshot import Snapshot

__all__ = ["esc", "heading", "page", "section", "table"]

_CSS = """
@page { size: A4 portrait; margin: 12mm; }
* { box-sizing: border-box; }
html { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #000;
       font-size: 10pt; }
body { margin: 0; background: #888; }
.sheet { background: #fff; width: 210mm; min-height: 297mm; margin: 8mm auto; padding: 12mm;
         box-shadow: 0 0 4mm rgba(0,0,0,.4); break-after: page; page-break-after: always; }
.sheet.wide { width: 297mm; min-height: 210mm; padding: 10mm; }
.sheet.flow { min-height: 0; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
@media print {
  body { background: none; }
  .sheet, .sheet.wide { width: auto; min-height: 0; height: auto; margin: 0; padding: 0;
                        box-shadow: none; overflow: hidden; }
  .sheet.one { height: 270mm; }
  .sheet.wide.one { height: 186mm; }
}
h1 { font-size: 16pt; margin: 0 0 1mm; }
h2 { font-size: 12pt; margin: 5mm 0 1.5mm; break-after: avoid; page-break-after: avoid; }
p { margin: 1mm 0; }
p.sub { color: #333; margin: 0 0 3mm; }
p.note, p.legend { font-size: 8.5pt; color: #333; }
table { border-collapse: collapse; width: 100%; margin: 1mm 0 2mm;
        font-variant-numeric: tabular-nums; break-inside: avoid; page-break-inside: avoid; }
th, td { border: 0.3mm solid #555; padding: 0.9mm 1.4mm; text-align: left;
         vertical-align: top; }
th { background: #e6e6e6; }
td.num, th.num { text-align: right; }
td.c, th.c { text-align: center; }
td.nw { white-space: nowrap; }
td.self { background: #bbb; }
table.moves td { height: 5.2mm; padding: 0 1.4mm; }
table.moves td.no { width: 9mm; text-align: right; color: #333; }
table.moves tr.line30 td { border-bottom: 0.8mm solid #000; }
table.moves tr.line40 td { border-bottom: 0.6mm dashed #000; }
table.fields td { height: 8mm; }
table.fields td.label { width: 1%; white-space: nowrap; }
table.fields td.date { width: 45%; }
table.fields td.blank { vertical-align: bottom; }
table.fields td.blank::after { content: ""; display: block; width: 45mm; height: 5mm;
                               border-bottom: 0.3mm dotted #333; }
table.sign td { height: 12mm; width: 33%; }
.rule { border: 0.5mm solid #000; padding: 1.5mm 2mm; margin: 2mm 0; font-weight: bold; }
.small { font-size: 8.5pt; }
.grid { display: flex; gap: 4mm; }
.grid > table { flex: 1; }
"""


def page(title: str, sheets: Sequence[str], *, landscape: bool = False, extra_css: str = "") -> str:
    """The whole HTML document: ``sheets`` are ``<section>`` elements, one page each. A
    landscape document turns every page (one size a document: named pages leave a blank
    page behind in Chromium). ``extra_css``: a form's own rules (FIDE's IT1 and IT3)."""
    landscape_css = "@page { size: A4 landscape; margin: 10mm; }\n" if landscape else ""
    css = _CSS + landscape_css + extra_css
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{esc(title)}</title>\n<style>{css}</style>\n</head>\n<body>\n"
        + "\n".join(sheets)
        + "\n</body>\n</html>\n"
    )


def section(body: str, *, wide: bool = False, one_page: bool = True) -> str:
    classes = " ".join(
        c for c in ("sheet", "wide" if wide else "", "one" if one_page else "flow") if c
    )
    return f'<section class="{classes}">\n{body}\n</section>'


def table(
    head: Sequence[tuple[str, str]], rows: Sequence[Sequence[tuple[str, str]]], cls: str = ""
) -> str:
    """``head`` and each row are (css class, already escaped HTML) cells."""

    def cell(tag: str, c: str, t: str) -> str:
        return f'<{tag} class="{c}">{t}</{tag}>' if c else f"<{tag}>{t}</{tag}>"

    out = [f'<table class="{cls}">' if cls else "<table>"]
    if head:
        out.append("<thead><tr>" + "".join(cell("th", c, t) for c, t in head) + "</tr></thead>")
    out.append("<tbody>")
    out += ["<tr>" + "".join(cell("td", c, t) for c, t in row) + "</tr>" for row in rows]
    out.append("</tbody></table>")
    return "\n".join(out)


def heading(snap: Snapshot, title: str) -> str:
    where = ", ".join(x for x in (snap.details.city, snap.details.federation) if x)
    dates = " – ".join(x for x in dict.fromkeys((snap.start_date, snap.end_date)) if x)
    sub = " · ".join(x for x in (where, dates) if x)
    return f"<h1>{esc(snap.name)}: {esc(title)}</h1>" + (
        f'<p class="sub">{esc(sub)}</p>' if sub else ""
    )
