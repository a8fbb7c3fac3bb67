"""The public page's HTML: standings, rounds, crosstable, players and play-off, one file each.

Every page is built from one :class:`~normtui.export.snapshot.Snapshot` and carries no script:
it reads on a phone (the tables scroll sideways inside their box, the text does not) and on a
desktop. Every text from the event passes :func:`~normtui.export.html.esc` (control
characters shown, then HTML escaped). Where a page says when it was made, it holds
:data:`STAMP`, which the publisher replaces when it writes the file: a page whose content did
not change is not rewritten only to change its time (see ``publish.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from decimal import Decimal

from normtui.export.fide_report import FideReport, fide_report
from normtui.export.html import esc, table_row
from normtui.export.snapshot import Snapshot, half
from normtui.export.tables import (
    cell_text,
    crosstable,
    legend,
    prize_text,
    tiebreak_cells,
    tiebreak_heads,
)
from normtui.rules.contenders import Contender
from normtui.store import GameRecord

__all__ = ["STAMP", "game_status", "has_playoff", "pages", "points_split", "result_text"]

STAMP = "\x00made\x00"

_CSS = """
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0;
       padding: 1rem; color: #1b1b1b; background: #fff; line-height: 1.4; max-width: 72rem; }
header p, footer { color: #555; }
nav { display: flex; flex-wrap: wrap; gap: 0.3rem 0.9rem; margin: 0.6rem 0 1rem; }
h1 { margin: 0 0 0.2rem; font-size: 1.6rem; }
h2 { font-size: 1.2rem; margin-top: 1.6rem; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%; }
table { border-collapse: collapse; margin: 0.4rem 0 1rem; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #ccc; padding: 0.3rem 0.5rem; white-space: nowrap; }
th { background: #f0f0f0; text-align: left; }
td.num, th.num { text-align: right; }
td.cell, th.cell { text-align: center; min-width: 2.2rem; }
td.self { background: #ddd; }
tr.out td { color: #777; }
.st-live { color: #a15c00; font-weight: 600; }
.st-provisional { color: #555; font-style: italic; }
.st-signed { color: #1b5e20; }
p.note, p.legend { max-width: 50rem; }
p.legend { color: #555; font-size: 0.9rem; }
.short { display: none; }
.nw { white-space: nowrap; }
/* On a phone the columns a viewer looks up least make room for the points. */
@media (max-width: 640px) {
  body { padding: 0.6rem; }
  .wide, .long { display: none; }
  .short { display: inline; }
  .short.below { display: block; }
  th, td { padding: 0.25rem 0.35rem; }
  th, td.name, td.wrap { white-space: normal; }
  table { width: 100%; font-size: 0.85rem; }
}
"""


def points_split(snap: Snapshot) -> dict[int, tuple[Decimal, Decimal]]:
    """Each player's points as (classical, Armageddon): an Armageddon won adds what it is
    worth over an Armageddon lost (§4); the rest is what the classical games gave."""
    p = snap.profile.points
    bonus = p.draw_armageddon_win - p.draw_armageddon_loss
    return {
        r.number: (r.points - bonus * r.armageddon_wins, bonus * r.armageddon_wins)
        for r in snap.standings
    }


def result_text(g: GameRecord) -> str:
    """The result as a viewer reads it, the Armageddon's after it: "½-½, Armageddon 0-1"."""
    if g.result is None:
        return ""
    main = g.result.value.replace("1/2", "½")
    if g.armageddon is None:
        return main
    return f"{main}, Armageddon {g.armageddon.value.replace('1/2', '½')}"


def game_status(g: GameRecord) -> str:
    """Where a board stands, in a viewer's words: "", "in progress", "Armageddon due",
    "provisional" (entered, not yet signed, §8), "signed", "postponed"."""
    if g.result is None:
        return {"in_progress": "in progress", "postponed": "postponed"}.get(g.state.value, "")
    if g.armageddon_due:
        started = g.armageddon_pgn or g.armageddon_started_at
        return "Armageddon in progress" if started else "Armageddon due"
    return "provisional" if g.provisional else "signed"


def has_playoff(snap: Snapshot) -> bool:
    """Whether the site shows a play-off: first place shared after the last round (§5), or
    one begun. Mid-event the rules already name who would play; that is no play-off yet."""
    return snap.playoff.needed and (
        bool(snap.playoff.games) or snap.complete_through == snap.rounds
    )


def _short(long: str, short: str) -> str:
    """A column title, and the shorter one a phone shows."""
    return f'<span class="long">{long}</span><span class="short">{short}</span>'


def _table(head: Sequence[tuple[str, str]], rows: Iterable[str]) -> str:
    ths = "".join(
        f'<th class="{c}" scope="col">{t}</th>' if c else f'<th scope="col">{t}</th>'
        for c, t in head
    )
    return (
        f'<div class="scroll"><table><thead><tr>{ths}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _page(snap: Snapshot, title: str, body: str) -> str:
    d = snap.details
    when = " – ".join(x for x in (snap.start_date, snap.end_date) if x)
    sub = " · ".join(esc(x) for x in (d.place or "", when) if x)
    nav = [("index.html", "Standings"), ("crosstable.html", "Crosstable")]
    nav += [(f"round-{r}.html", f"Round {r}") for r in range(1, snap.rounds + 1)]
    if has_playoff(snap):
        nav.append(("playoff.html", "Play-off"))
    nav.append(("games/all.pgn", "All games (PGN)"))
    links = "".join(f'<a href="{href}">{label}</a>' for href, label in nav)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{esc(title)} – {esc(snap.name)}</title>",
            f"<style>{_CSS}</style>",
            "</head>",
            "<body>",
            f"<header><h1>{esc(snap.name)}</h1>" + (f"<p>{sub}</p>" if sub else "") + "</header>",
            f'<nav aria-label="Pages">{links}</nav>',
            f"<main>{body}</main>",
            # The time alone, not the standings' status: a page the change does not touch
            # keeps its file.
            f"<footer><p>Made {STAMP} from the arbiter's event file by normtui.</p></footer>",
            "</body>",
            "</html>",
            "",
        ]
    )


def _standings(snap: Snapshot, split: dict[int, tuple[Decimal, Decimal]], fide: FideReport) -> str:
    currency = esc(snap.profile.event.currency)
    head = [
        ("num", "Rk"),
        ("num wide", "No"),
        ("", "Player"),
        ("wide", "Fed"),
        ("num wide", "Rtg"),
        ("num", "Pts"),
        # Where a draw has its Armageddon, the points of each kind (none in a 1 / ½ / 0 event).
        *(
            [("num", _short("Classical", "Cl")), ("num", _short("Armageddon", "Arm"))]
            * bool(snap.armageddons)
        ),
        *[("num wide", h) for h in tiebreak_heads(snap)],
        # The rating change of the classical games so far, as chess-results shows it.
        ("num wide", "Rtg+/-"),
        *([("num", _short(f"Prize ({currency})", "Prize"))] if snap.final.prizes else []),
    ]
    rows = []
    for row in snap.standings:
        p = snap.by_number[row.number]
        out = row.status.value == "withdrawn"
        name = f'<a href="player-{p.number}.html">{esc(p.name)}</a>'
        name += " <small>(withdrawn)</small>" if out else ""
        name += f" <small>– {esc(row.note)}</small>" if row.note else ""
        classical, armageddon = split[row.number]
        rows.append(
            table_row(
                [
                    ("num", esc(snap.place(row.number) or "–")),
                    ("num wide", esc(p.number)),
                    ("name", name),
                    ("wide", esc(p.federation or "")),
                    ("num wide", esc(p.rating or "")),
                    ("num", esc(half(row.points))),
                    *(
                        [("num", esc(half(classical))), ("num", esc(half(armageddon)))]
                        * bool(snap.armageddons)
                    ),
                    *[("num wide", esc(c)) for c in tiebreak_cells(row)],
                    ("num wide", esc(fide.ratings[p.number].change_text)),
                    *([("num", esc(prize_text(row, grouped=True)))] if snap.final.prizes else []),
                ],
                "out" if out else "",
            )
        )
    return _table(head, rows)


def _race(race: Sequence[Contender] | None) -> str:
    if race is None:
        return ""
    alive = [c for c in race if c.can_win is not False]
    if not alive:
        return ""
    if len(alive) == 1 and alive[0].clinched:
        return (
            f"<h2>First place</h2><p>{esc(alive[0].name)} finishes first whatever "
            "happens in the games left.</p>"
        )
    rows = [
        table_row(
            [
                ("name", esc(c.name) + ("" if c.can_win else " <small>(undecided)</small>")),
                ("num", esc(half(c.points))),
                ("num", esc(half(c.max_points))),
                ("num", esc(c.best_text)),
                ("num wide", esc(c.worst_text)),
                ("num wide", esc(c.games_left)),
            ]
        )
        for c in sorted(alive, key=lambda c: (-c.points, c.number))
    ]
    note = (
        ""
        if all(c.can_win for c in alive)
        else '<p class="legend">Undecided: too many ways the games left can end to settle it '
        "in the time allowed; a place given as 2-4 is undecided within that range.</p>"
    )
    return (
        "<h2>Who can still finish first</h2>"
        + _table(
            [
                ("", "Player"),
                ("num", "Pts"),
                ("num", "At most"),
                ("num", "Best place"),
                ("num wide", "Worst place"),
                ("num wide", "Games left"),
            ],
            rows,
        )
        + note
    )


_SCORE = re.compile(r"([0-9½]+-[0-9½]+)")
_STATUS_CLASS = {
    "in progress": "st-live",
    "Armageddon in progress": "st-live",
    "Armageddon due": "st-live",
    "provisional": "st-provisional",
    "signed": "st-signed",
}


def _result_and_status(g: GameRecord) -> tuple[tuple[str, str], tuple[str, str]]:
    """The Result cell and the Status cell. On a phone the Status column gives way, and the
    status shows under the result instead: five columns do not fit 390 px."""
    status = game_status(g)
    cls = _STATUS_CLASS.get(status, "")
    below = f'<span class="short below {cls}">{esc(status)}</span>' if status else ""
    # A score is never broken at its hyphen ("1-" above "0"): the line breaks between words.
    result = _SCORE.sub(r'<span class="nw">\1</span>', esc(result_text(g)))
    return ("wrap", result + below), (f"wrap wide {cls}".strip(), esc(status))


def _pairings(snap: Snapshot, round_no: int) -> str:
    rows = []
    for g in (g for g in snap.games if g.round == round_no):
        result, status = _result_and_status(g)
        rows.append(
            table_row(
                [
                    ("num", esc(g.board)),
                    ("name", f'<a href="player-{g.white}.html">{esc(g.white_name)}</a>'),
                    ("name", f'<a href="player-{g.black}.html">{esc(g.black_name)}</a>'),
                    result,
                    ("num wide", esc(" – ".join(half(x) for x in g.points) if g.points else "")),
                    status,
                ]
            )
        )
    date = snap.round_dates.get(round_no)
    dated = f"<p>{esc(date)}</p>" if date else ""
    return (
        dated
        + _table(
            [
                ("num", "Bd"),
                ("", "White"),
                ("", "Black"),
                ("", "Result"),
                ("num wide", "Points"),
                ("wide", "Status"),
            ],
            rows,
        )
        + (f'<p><a href="games/round-{round_no}.pgn">The games of round {round_no} (PGN)</a></p>')
    )


def _crosstable(snap: Snapshot) -> str:
    table = crosstable(snap)
    numbers = [p.number for p in snap.players]
    head = [("num", "No"), ("", "Player"), *[("cell", esc(n)) for n in numbers], ("num", "Pts")]
    rows = []
    for p in snap.players:
        cells = [
            ("num", esc(p.number)),
            ("", f'<a href="player-{p.number}.html">{esc(p.name)}</a>'),
        ]
        cells += [
            ("cell self", "")
            if n == p.number
            else ("cell", esc(cell_text(table[p.number].get(n, []), half)))
            for n in numbers
        ]
        cells.append(("num", esc(half(snap.row(p.number).points))))
        rows.append(table_row(cells))
    return _table(head, rows) + f'<p class="legend">{esc(legend(snap))}</p>'


def _rating_legend(snap: Snapshot) -> str:
    armageddon = (
        " (an Armageddon is not rated: different playing times)"
        if snap.profile.classical.armageddon_after_draw
        else ""
    )
    return (
        "Rtg+/-: the FIDE rating change of the classical games so far, K × Σ(score − PD) "
        f"with one decimal (B.02 §8){armageddon}; each player's page has the details."
    )


def _fide(fide: FideReport, number: int) -> str:
    """A player's FIDE numbers: the rating change of the classical games, the performance,
    and the title norms met or still possible (docs/ratings-and-norms.md)."""
    r = fide.ratings[number]
    if r.rating is not None and r.k is not None:
        facts = [
            f"rating {r.rating}, K {r.k.value}",
            f"{r.games} rated game{'s' if r.games != 1 else ''}, {half(r.score)} points, "
            f"expected {r.expected:.2f}",
            f"rating change {r.change_text}",
        ]
    else:
        first = r.initial.rating if r.initial is not None else None
        facts = ["unrated"] + ([f"provisional first rating {first}"] if first else [])
    if r.rp is not None:
        facts.append(f"performance {r.rp} (Ra {r.ra})")
    norms = [
        f"{c.title} norm met"
        if c.status == "met"
        else f"{c.title} norm possible: "
        + next(x.text for x in c.conditions if x.name == "performance")
        for c in fide.norms_of(number)
        if c.status in ("met", "possible")
    ]
    notes = " ".join(fide.notes[:2])
    return (
        f"<p>FIDE: {esc(' · '.join(facts))}</p>"
        + (f"<p>{esc('; '.join(norms))}</p>" if norms else "")
        + f'<p class="legend">{esc(notes)}</p>'
    )


def _player(
    snap: Snapshot, number: int, split: dict[int, tuple[Decimal, Decimal]], fide: FideReport
) -> str:
    p, row = snap.by_number[number], snap.row(number)
    kinds = (
        f" ({esc(half(split[number][0]))} classical, {esc(half(split[number][1]))} Armageddon)"
        if snap.armageddons
        else ""
    )
    facts = [f"Place {esc(snap.place(number) or '–')}", f"{esc(half(row.points))} points{kinds}"]
    facts += [
        esc(x)
        for x in (
            p.federation,
            p.rating and f"rating {p.rating}",
            p.fide_id and f"FIDE id {p.fide_id}",
        )
        if x
    ]
    rows = []
    for g in (g for g in snap.games if number in (g.white, g.black)):
        white = g.white == number
        other = g.black if white else g.white
        pts = "" if g.points is None else half(g.points[0 if white else 1])
        result, status = _result_and_status(g)
        rows.append(
            table_row(
                [
                    ("num", esc(g.round)),
                    ("", _short("White", "W") if white else _short("Black", "B")),
                    (
                        "name",
                        f'<a href="player-{other}.html">{esc(snap.by_number[other].name)}</a>',
                    ),
                    result,
                    ("num", esc(pts)),
                    status,
                ]
            )
        )
    return f"<h2>{esc(p.name)}</h2><p>{' · '.join(facts)}</p>{_fide(fide, number)}" + _table(
        [
            ("num", "Rd"),
            ("", _short("Colour", "W/B")),
            ("", "Opponent"),
            ("", "Result"),
            ("num", _short("Points", "Pts")),
            ("wide", "Status"),
        ],
        rows,
    )


def _playoff(snap: Snapshot) -> str:
    state = snap.playoff
    rows = [
        table_row(
            [
                ("", esc(g.id)),
                ("", esc(snap.by_number[g.white].name)),
                ("", esc(snap.by_number[g.black].name)),
                ("", esc(g.result or "*")),
            ]
        )
        for g in state.games
    ]
    winner = (
        f"<p>Winner: {esc(snap.by_number[state.winner].name)}</p>"
        if state.winner is not None
        else ""
    )
    return f"<h2>Play-off</h2><p>{esc(state.status)}</p>{winner}" + (
        _table([("", "Game"), ("", "White"), ("", "Black"), ("", "Result")], rows) if rows else ""
    )


def pages(snap: Snapshot, race: Sequence[Contender] | None, current: int) -> dict[str, str]:
    """Every HTML page of the site by its file name, each with :data:`STAMP` for its time."""
    split = points_split(snap)
    fide = fide_report(snap)
    note = f'<p class="note">{esc(snap.final.headline)}</p>' if snap.final.headline else ""
    index = (
        f"<h2>{esc(snap.status_line)}</h2>{note}{_standings(snap, split, fide)}"
        f'<p class="legend">{esc(legend(snap))}</p>'
        f'<p class="legend">{esc(_rating_legend(snap))}</p>{_race(race)}'
        f"<h2>Round {current}</h2>{_pairings(snap, current)}"
        + (_playoff(snap) if has_playoff(snap) else "")
    )
    out = {
        "index.html": _page(snap, "Standings", index),
        "crosstable.html": _page(snap, "Crosstable", f"<h2>Crosstable</h2>{_crosstable(snap)}"),
    }
    for r in range(1, snap.rounds + 1):
        out[f"round-{r}.html"] = _page(
            snap, f"Round {r}", f"<h2>Round {r}</h2>{_pairings(snap, r)}"
        )
    for p in snap.players:
        out[f"player-{p.number}.html"] = _page(snap, p.name, _player(snap, p.number, split, fide))
    if has_playoff(snap):
        out["playoff.html"] = _page(snap, "Play-off", _playoff(snap))
    return out
