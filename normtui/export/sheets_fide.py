"""FIDE's title forms as print sheets: the certificate of title result (IT1, one page for each
norm) and the tournament report (IT3), laid out as FIDE's forms are, on A4; and the section of
the Chief Arbiter's report that gives the rating changes and the norms. See ``sheets.py``.

IT1 has the applicant, the event, the counts the title regulations ask for (games,
federations, rated and titled opponents, each title), the opponents' table (round, name,
FIDE id, federation, rating, the rating counted under B.01 1.4.6, title, score; a game not
counted struck through, with why), the average, the score required and achieved, the
performance, the remarks (an exemption, games left out) and the signatures. IT3 has the
event, its rate of play and days, its field (ratings, titles, federations, the round robin's
category), the crosstable of the classical games and the title results achieved.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from normtui.export.fide_report import FideReport, fide_report
from normtui.export.html import esc
from normtui.export.sheets_html import page, section, table
from normtui.export.snapshot import ExportError, Snapshot, half, take_snapshot
from normtui.rules.fide_tables import NORMS, TITLEHOLDERS
from normtui.rules.norms import (
    EXEMPTIONS,
    NormCheck,
    event_conditions,
    least_final_score,
    result_mark,
)
from normtui.rules.rating import round_half_up
from normtui.store import EventStore

__all__ = ["category", "fide_section", "it1", "it3"]

FORM_CSS = """
.form-no { text-align: right; font-size: 14pt; font-weight: bold; margin: 0 0 1mm; }
.form h1 { text-align: center; border: 0.4mm solid #000; padding: 1.5mm; font-size: 14pt; }
.boxes { display: flex; justify-content: space-around; margin: 2mm 0; font-weight: bold; }
.box { display: inline-block; width: 3.6mm; height: 3.6mm; border: 0.3mm solid #000;
       border-radius: 50%; margin-right: 1.2mm; vertical-align: -0.6mm; }
.box.on { background: #000; }
.fields { border: 0.3mm solid #000; padding: 1.5mm 2mm; margin: 1.5mm 0;
          display: grid; gap: 1.2mm 5mm; }
.fields.two { grid-template-columns: 1fr 1fr; }
.fields.three { grid-template-columns: 2fr 1fr 1fr; }
.fields.six { grid-template-columns: repeat(7, auto); }
.field { display: flex; white-space: nowrap; }
.field b { font-weight: normal; margin-right: 2mm; }
.field span { flex: 1; border-bottom: 0.3mm dotted #000; min-width: 8mm; padding-left: 1mm; }
tr.out td { text-decoration: line-through; color: #555; }
.failed { border: 0.5mm solid #000; padding: 1.5mm 2mm; margin: 2mm 0; }
.signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 12mm 10mm; margin-top: 8mm; }
.signatures div { border-top: 0.3mm solid #000; padding-top: 1mm; font-size: 8.5pt; }
.qc { text-align: right; font-style: italic; font-weight: bold; margin-top: 4mm; }
"""


def _field(label: str, value: object) -> str:
    if value is None:  # a label alone, heading a row of fields
        return f'<div class="field"><b>{esc(label)}</b></div>'
    return f'<div class="field"><b>{esc(label)}</b><span>{esc(value)}</span></div>'


def _fields(cls: str, items: list[tuple[str, object]]) -> str:
    return f'<div class="fields {cls}">' + "".join(_field(k, v) for k, v in items) + "</div>"


def _surname_first(name: str) -> tuple[str, str]:
    last, _, first = name.partition(",")
    return last.strip(), first.strip()


def _dates(snap: Snapshot) -> tuple[str, str]:
    return snap.start_date or "", snap.end_date or ""


def _rate_of_play(snap: Snapshot) -> str:
    return snap.profile.time_controls["classical"].describe()


def category(ratings: list[int]) -> int | None:
    """The round robin's FIDE category from the average rating of its players: 1 for
    2251-2275, one more for every 25 points above (FIDE's table of categories); ``None``
    below 2251.

    >>> category([2251, 2275]), category([2700, 2800]), category([2780, 2800]), category([2200])
    (1, 20, 22, None)
    """
    if not ratings:
        return None
    average = round_half_up(Decimal(sum(ratings)) / len(ratings))
    return None if average < 2251 else (average - 2251) // 25 + 1


# -- IT1 ------------------------------------------------------------------------------------


def it1(store: EventStore, player: str | None = None, title: str | None = None) -> str:
    """The certificate of each title result of ``player`` (every player's, without one); with
    ``title``, that norm's even when it is not met, marked so."""
    snap = take_snapshot(store)
    report = fide_report(snap)
    chosen = [] if player is None else [store.resolve_player(player).number]
    if title is not None:
        title = title.upper()
        if title not in NORMS:
            raise ExportError(f"--title {title!r}: one of {', '.join(NORMS)}")
        if player is None:
            raise ExportError("--title goes with --player: whose certificate")
    checks = [
        c
        for c in report.norms
        if (not chosen or c.number in chosen)
        and (c.title == title if title is not None else c.status == "met")
    ]
    if not checks:
        if not chosen:
            raise ExportError(
                "no player has a title result (normtui norms DB shows each norm; --player P "
                "--title T prints one that is not met, marked so)"
            )
        who = snap.by_number[chosen[0]].name
        if title is not None:
            raise ExportError(
                f"{who} has no {title} norm to certify: the title is held (or a higher one), "
                "or it is a women's title and the player is not recorded as a woman"
            )
        raise ExportError(
            f"{who} has no title result (normtui norms DB shows each norm; --title prints one "
            "that is not met, marked so)"
        )
    sheets = [section(_it1(snap, report, c), one_page=False) for c in checks]
    return page(f"{snap.name}: IT1", sheets, extra_css=FORM_CSS)


def _it1(snap: Snapshot, report: FideReport, c: NormCheck) -> str:
    p = snap.by_number[c.number]
    last, first = _surname_first(p.name)
    start, end = _dates(snap)
    counted = [o for o in c.opponents if o.counted]
    feds = Counter(o.federation for o in counted if o.federation)
    titles = Counter(o.title for o in counted if o.title)
    holders = sum(n for t, n in titles.items() if t in TITLEHOLDERS)
    boxes = "".join(
        f'<span><span class="box{" on" if t == c.title else ""}"></span>{t}</span>' for t in NORMS
    )
    body = [
        '<div class="form"><p class="form-no">IT1</p>',
        "<h1>Certificate of Title Result</h1>",
        f'<div class="boxes">{boxes}</div>',
        _fields(
            "two",
            [
                ("Name:", last),
                ("First name:", first),
                ("FIDE ID:", p.fide_id or ""),
                ("Federation:", p.federation or ""),
                ("Year of birth:", p.birth_year or ""),
                ("Sex:", {"m": "M", "w": "F"}.get(p.sex or "", "")),
            ],
        ),
        _fields(
            "three",
            [("Event:", snap.name), ("Start:", start), ("Close:", end)],
        ),
        _fields(
            "two",
            [
                ("Place:", snap.details.place or ""),
                ("Organizing federation:", report.event.federation or ""),
                ("Chief Arbiter:", snap.details.chief_arbiter or ""),
                ("Rate of play:", _rate_of_play(snap)),
                ("Type:", "double round robin" if report.event.cycles >= 2 else "round robin"),
                ("Number of games:", c.games),
                ("Number of federations:", len(feds)),
                (
                    "Opponents not of the applicant's federation:",
                    c.games - feds.get(p.federation or "", 0),
                ),
                ("Number of rated opponents:", sum(1 for o in counted if o.rating is not None)),
                ("Opponents of the host federation:", feds.get(report.event.federation or "", 0)),
                ("Number of titled opponents:", holders),
                ("Rating list:", report.list_month or "not recorded"),
            ],
        ),
        _fields(
            "six",
            [("Numbers of", None)]
            + [(f"{t}:", titles.get(t, 0)) for t in ("GM", "IM", "WGM", "WIM", "FM", "WFM")],
        ),
    ]
    remarks = _remarks(report, c)
    body.append(_field("Special remarks:", "; ".join(remarks) or "none"))
    if c.status != "met":
        failed = c.failed or tuple(x for x in c.conditions if x.ok is not True)
        body.append(
            '<div class="failed"><b>Not a title result '
            f"({esc(c.status)}):</b> "
            + "; ".join(esc(f"{x.text} ({x.article})") for x in failed)
            + "</div>"
        )
    body.append(_opponents(c))
    least = _least(c)
    body.append(
        _fields(
            "two",
            [
                ("Rating average of the opponents (1.4.7):", c.ra or ""),
                ("Performance rating (1.4.8):", c.rp if c.rp is not None else ""),
                ("Score required:", half(least) if least is not None else "-"),
                ("Score achieved:", half(c.score)),
                (
                    "Exceeding the norm by:",
                    f"{half(c.score - least)} points"
                    if least is not None and c.score >= least
                    else "",
                ),
                ("Federation confirming the result:", report.event.federation or ""),
            ],
        )
    )
    body.append(
        '<div class="signatures"><div>Chief Arbiter (name, signature, date)</div>'
        "<div>Federation official (name, signature, date)</div></div>"
        '<p class="note">Unrated opponents count 1400 (B.01 1.4.6d), one opponent at most raised '
        "to the floor (1.4.6b-c). Score: 1, ½, 0 for played games; +, - for games not played, "
        "struck through where not counted (1.4.2). The organizer provides this certificate to "
        "the player, the organizing federation, the player's federation and the FIDE "
        "Office.</p>"
        f'<p class="note">Computed by normtui under {esc("; ".join(report.rule_versions))}.</p>'
        '<p class="qc">This report is not valid until confirmed by the QC.</p></div>'
    )
    return "\n".join(body)


def _least(c: NormCheck) -> Decimal | None:
    """The score the norm needed of these games (met or not)."""
    if c.ra is None or not c.games:
        return None
    return least_final_score(c.ra, c.games, NORMS[c.title])


def _remarks(report: FideReport, c: NormCheck) -> list[str]:
    found = []
    if report.event.exemption != "none":
        found.append(f"1.4.3-1.4.4 waived: {EXEMPTIONS[report.event.exemption]}")
    if c.dropped:
        found.append(
            f"games of round{'s' if len(c.dropped) > 1 else ''} "
            f"{', '.join(map(str, c.dropped))} against defeated opponents left out (1.4.1f)"
        )
    found += [
        f"round {o.round}: {o.name} not counted, {o.why_not}"
        for o in c.opponents
        if not o.counted and o.why_not and "1.4.1f" not in o.why_not
    ]
    games = next((x for x in c.conditions if x.name == "games"), None)
    if games is not None and games.article.endswith("1.4.1c"):
        found.append(games.text + " (1.4.1c)")
    if report.event.cycles >= 2:
        found.append(
            "double round robin: each opponent's title counted once, the numbers halved (1.4.5f)"
        )
    return found


def _opponents(c: NormCheck) -> str:
    rows = []
    for o in c.opponents:
        cells = [
            ("num", str(o.round)),
            ("", esc(o.name)),
            ("num", esc(o.fide_id or "")),
            ("c", esc(o.federation or "")),
            ("num", esc(o.rating if o.rating is not None else "unrated")),
            ("num", esc(o.used if o.counted else "")),
            ("c", esc(o.title if o.title in TITLEHOLDERS else "-")),
            ("c", esc(o.mark or "to play")),
        ]
        rows.append((cells, "" if o.counted else "out"))
    head = [
        ("num", "Rd"),
        ("", "Opponent"),
        ("num", "FIDE ID"),
        ("c", "Fed"),
        ("num", "Rating"),
        ("num", "Rating 1.4.6"),
        ("c", "Title"),
        ("c", "Score"),
    ]
    out = [
        "<table><thead><tr>"
        + "".join(f'<th class="{k}">{t}</th>' for k, t in head)
        + "</tr></thead><tbody>"
    ]
    for cells, cls in rows:
        tds = "".join(f'<td class="{k}">{t}</td>' for k, t in cells)
        out.append(f'<tr class="{cls}">{tds}</tr>' if cls else f"<tr>{tds}</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


# -- IT3 ------------------------------------------------------------------------------------


def it3(store: EventStore) -> str:
    """FIDE's tournament report (IT3) of the event."""
    snap = take_snapshot(store)
    report = fide_report(snap)
    start, end = _dates(snap)
    players = list(snap.players)
    rated = [p.rating for p in players if p.rating is not None]
    cat = category(rated) if len(rated) == len(players) else None
    titles = Counter(p.title for p in players if p.title)
    feds = Counter(p.federation for p in players if p.federation)
    days = Counter(d for d in snap.round_dates.values() if d)
    conditions = {c.name: c for c in event_conditions(report.event)}
    body = [
        '<div class="form"><p class="form-no">IT3</p>',
        "<h1>Tournament Report</h1>",
        _fields("three", [("Event:", snap.name), ("Start:", start), ("Close:", end)]),
        _fields(
            "two",
            [
                ("Place:", snap.details.place or ""),
                ("Organizing federation:", report.event.federation or ""),
                ("Chief Arbiter:", snap.details.chief_arbiter or ""),
                ("Deputy arbiters:", "; ".join(snap.details.deputy_arbiters)),
                ("Type:", "double round robin" if report.event.cycles >= 2 else "round robin"),
                ("Number of rounds:", snap.rounds),
                ("Number of players:", len(players)),
                ("Rate of play:", _rate_of_play(snap)),
                ("Minutes each for 60 moves:", conditions["time_control"].text.split(" ")[0]),
                ("Most rounds on one day:", max(days.values(), default="")),
                ("Rated players:", len(rated)),
                (
                    "Average rating:",
                    round_half_up(Decimal(sum(rated)) / len(rated)) if rated else "",
                ),
                ("Category:", cat or "-"),
                ("Rating list:", report.list_month or "not recorded"),
                ("Federations:", f"{len(feds)} ({', '.join(sorted(feds))})"),
                (
                    "Exemption (1.4.3):",
                    EXEMPTIONS[report.event.exemption]
                    if report.event.exemption != "none"
                    else "none",
                ),
            ],
        ),
        _fields(
            "six",
            [("Titled players", None)]
            + [(f"{t}:", titles.get(t, 0)) for t in ("GM", "IM", "WGM", "WIM", "FM", "WFM")],
        ),
    ]
    failing = [c for c in conditions.values() if c.ok is False]
    if failing:
        body.append(
            '<div class="failed"><b>The event does not meet:</b> '
            + "; ".join(esc(f"{c.text} ({c.article})") for c in failing)
            + "</div>"
        )
    body.append("<h2>Players and results</h2>")
    body.append(_crosstable(snap, report))
    met = [c for c in report.norms if c.status == "met"]
    body.append("<h2>Title results</h2>")
    body.append(
        table(
            [
                ("", "Name"),
                ("num", "FIDE ID"),
                ("c", "Fed"),
                ("c", "Title result"),
                ("num", "Games"),
                ("num", "Score"),
                ("num", "Ra"),
                ("num", "Rp"),
            ],
            [
                [
                    ("", esc(c.name)),
                    ("num", esc(snap.by_number[c.number].fide_id or "")),
                    ("c", esc(snap.by_number[c.number].federation or "")),
                    ("c", esc(c.title)),
                    ("num", str(c.games)),
                    ("num", esc(half(c.score))),
                    ("num", str(c.ra or "")),
                    ("num", str(c.rp or "")),
                ]
                for c in met
            ],
        )
        if met
        else '<p class="note">None.</p>'
    )
    body.append(
        '<div class="signatures"><div>Chief Arbiter (name, signature, date)</div>'
        "<div>Organizing federation's rating officer (name, signature, date)</div></div>"
        f'<p class="note">Computed by normtui under {esc("; ".join(report.rule_versions))}. '
        "The games of the event in PGN go with this report (B.01 1.9).</p></div>"
    )
    return page(f"{snap.name}: IT3", [section("\n".join(body), one_page=False)], extra_css=FORM_CSS)


def _crosstable(snap: Snapshot, report: FideReport) -> str:
    players = list(snap.players)
    results: dict[tuple[int, int], list[str]] = {}
    points: Counter[int] = Counter()
    for g in snap.games:
        if g.stage != "main" or g.result is None:
            continue
        for me, other, white in ((g.white, g.black, True), (g.black, g.white, False)):
            mark = result_mark(g.result, white)
            results.setdefault((me, other), []).append(mark)
            points[me] += _VALUE[mark]
    head = [("num", "No"), ("", "Name"), ("c", "Title"), ("c", "Fed"), ("num", "Rtg")]
    head += [("c", str(p.number)) for p in players]
    head += [("num", "Pts"), ("num", "Rp"), ("num", "+/-")]
    rows = []
    for p in players:
        r = report.ratings[p.number]
        cells = [
            ("num", str(p.number)),
            ("", esc(p.name)),
            ("c", esc(p.title or "")),
            ("c", esc(p.federation or "")),
            ("num", str(p.rating or "")),
        ]
        cells += [
            (
                "c" if q.number != p.number else "c self",
                esc(" ".join(results.get((p.number, q.number), []))),
            )
            for q in players
        ]
        cells += [
            ("num", esc(half(Decimal(points[p.number]) / 2))),
            ("num", str(r.rp or "")),
            ("num", esc(r.change_text)),
        ]
        rows.append(cells)
    return table(head, rows, "small")


# A result mark in half points: a forfeit scores as the game would (1 / 0).
_VALUE = {"1": 2, "+": 2, "½": 1, "0": 0, "-": 0}


# -- the Chief Arbiter's report ---------------------------------------------------------------


def fide_section(snap: Snapshot) -> str:
    """The report's section on FIDE's numbers: each player's rating change and performance,
    and the title norms met or still possible."""
    report = fide_report(snap)
    rows = [
        [
            ("num", str(r.number)),
            ("", esc(r.name)),
            ("num", str(r.rating or "")),
            ("num", str(r.k.value if r.k else "")),
            ("num", str(r.games)),
            ("num", esc(half(r.score))),
            ("num", f"{r.expected:.2f}" if r.rating is not None else ""),
            (
                "num",
                esc(
                    r.change_text
                    or (f"new {r.initial.rating}" if r.initial and r.initial.rating else "")
                ),
            ),
            ("num", str(r.ra or "")),
            ("num", str(r.rp or "")),
        ]
        for r in sorted(report.ratings.values(), key=lambda x: x.number)
    ]
    ratings = table(
        [
            ("num", "No"),
            ("", "Player"),
            ("num", "Rating"),
            ("num", "K"),
            ("num", "Games"),
            ("num", "Score"),
            ("num", "Expected"),
            ("num", "Change"),
            ("num", "Ra"),
            ("num", "Rp"),
        ],
        rows,
    )
    norms = [c for c in report.norms if c.status in ("met", "possible")]
    norm_rows = [
        [
            ("", esc(c.name)),
            ("c", esc(c.title)),
            ("", esc(c.status)),
            (
                "",
                esc(
                    f"{half(c.score)} of {c.games}, Ra {c.ra}, Rp {c.rp}"
                    if c.status == "met"
                    else next(x.text for x in c.conditions if x.name == "performance")
                ),
            ),
        ]
        for c in norms
    ]
    notes = "".join(f'<p class="note">{esc(n)}</p>' for n in (*report.notes, *report.norm_notes))
    return (
        "<h2>FIDE rating changes and performances</h2>"
        + ratings
        + "<h2>Title norms</h2>"
        + (
            table([("", "Player"), ("c", "Norm"), ("", "Status"), ("", "")], norm_rows)
            if norm_rows
            else '<p class="note">No norm met or still possible.</p>'
        )
        + notes
    )
