"""The round's sheets (pairings, results, scoresheets) and the wallchart; see ``sheets.py``.

The clocks to set come from the profile as it stands (``normtui time-control`` changes them):
the classical setting for every board, and the Armageddon's for a board whose game is drawn
(§2, §3: same colours, White and Black set apart).
"""

from __future__ import annotations

from decimal import Decimal

from normtui.export.sheets_html import esc, heading, page, section, table
from normtui.export.snapshot import Snapshot, half
from normtui.export.tables import crosstable, legend, prize_text, tiebreak_cells, tiebreak_heads
from normtui.rules.profile import TimeControl
from normtui.store import EventStore, GameRecord, StandingRow

__all__ = ["pairings", "results", "scoresheets", "wallchart"]


def _draw_rule(snap: Snapshot) -> str:
    """§2's draw rule as the profile words it (2022: "until after black's move 30"; 2024:
    "until at least 30 moves have been made by each player": the same count)."""
    move = snap.profile.classical.draw_agreement_after_black_move
    if move == 0:
        return "draws agreed as the Laws of Chess allow (no move limit)"
    if snap.profile.classical.draw_agreement_rule == "moves_by_each":
        return f"no draw agreement until {move} moves by each player"
    return f"no draw agreement before Black's move {move}"


def _article(snap: Snapshot, topic: str) -> str:
    """The profile's article as a rule column's first words ("§2: "), or nothing."""
    label = getattr(snap.articles, topic)
    return f"{esc(label)}: " if label else ""


def _clock(tc: TimeControl) -> str:
    """What to dial: each side's time, then the increment, said to be both clocks': "White
    120', Black 120'; each + 10\" a move from move 41" (written after Black's time alone, it
    read as Black's). Where the periods earn different increments, each is said with its
    moves: "each + 10\" a move to move 40, then + 30\" a move from move 41"."""

    def mins(s: int) -> str:
        return f"{s // 60}:{s % 60:02d}" if s % 60 else f"{s // 60}'"

    if tc.later:  # several periods: each clock's periods, then the increment
        clocks = f"White {tc.side_text(True)}, Black {tc.side_text(False)}"
    else:
        clocks = f"White {mins(tc.white_seconds)}, Black {mins(tc.black_seconds)}"
    said = tc.increment_phrases()
    return f"{clocks}; each {', then '.join(said)}" if said else clocks


def _player(snap: Snapshot, number: int) -> str:
    p = snap.by_number[number]
    extra = " ".join(x for x in (p.title, p.federation, str(p.rating) if p.rating else None) if x)
    return f"{esc(p.name)}" + (f' <span class="small">({esc(extra)})</span>' if extra else "")


def _when(store: EventStore, round_no: int) -> str:
    r = next((x for x in store.rounds() if x.round == round_no), None)
    if r is None:
        return ""
    return " ".join(x for x in (r.date, r.start_time) if x)


def _bye(snap: Snapshot, games: list[GameRecord]) -> int | None:
    playing = {n for g in games for n in (g.white, g.black)}
    idle = [p.number for p in snap.players if p.number not in playing]
    return idle[0] if idle else None


def pairings(store: EventStore, snap: Snapshot, round_no: int) -> str:
    games = [g for g in snap.games if g.round == round_no]
    tcs = snap.profile.time_controls
    rows = [
        [
            ("num", str(g.board)),
            ("num", str(g.white)),
            ("", _player(snap, g.white)),
            ("c", "–"),
            ("num", str(g.black)),
            ("", _player(snap, g.black)),
            ("c nw", esc(g.result.value) if g.result else ""),
        ]
        for g in games
    ]
    bye = _bye(snap, games)
    when = _when(store, round_no)
    body = [
        heading(snap, f"Round {round_no} pairings"),
        f'<p class="sub">{esc(when or "date and start not recorded")}</p>',
        table(
            [
                ("num", "Bd"),
                ("num", "No"),
                ("", "White"),
                ("c", ""),
                ("num", "No"),
                ("", "Black"),
                ("c", "Result"),
            ],
            rows,
        ),
    ]
    if bye is not None:
        body.append(f"<p>Bye: {_player(snap, bye)}</p>")
    clocks = [
        [
            ("", "Main game, every board"),
            ("", esc(_clock(tcs["classical"]))),
            (
                "",
                f"{_article(snap, 'main_games')}{esc(tcs['classical'].describe())}; "
                f"{_draw_rule(snap)}",
            ),
        ]
    ]
    if snap.profile.classical.armageddon_after_draw:
        clocks.append(
            [
                ("", "Armageddon, after a draw"),
                ("", esc(_clock(tcs["armageddon"]))),
                (
                    "",
                    f"{_article(snap, 'armageddon')}same colours, to start within "
                    f"{snap.profile.classical.armageddon_start_within_minutes} "
                    "minutes; a draw is Black's win",
                ),
            ]
        )
    body += ["<h2>Clocks to set</h2>", table([("", "Game"), ("", "Setting"), ("", "Rule")], clocks)]
    return page(f"{snap.name} round {round_no} pairings", [section("\n".join(body))])


def _standings_rows(snap: Snapshot, rows: list[StandingRow]) -> list[list[tuple[str, str]]]:
    return [
        [
            ("num", esc(r.shared_rank or "")),
            ("num", str(r.number)),
            ("", esc(r.player)),
            ("num", esc(half(r.points))),
            *[("num", esc(c)) for c in tiebreak_cells(r)],
            *([("num", esc(prize_text(r, grouped=True)))] if snap.final.prizes else []),
        ]
        for r in rows
    ]


def _points(g: GameRecord) -> str:
    return "–".join(half(p) for p in g.points) if g.points else ""


def results(store: EventStore, snap: Snapshot, round_no: int) -> str:
    games = [g for g in snap.games if g.round == round_no]
    states = []
    for g in games:
        state = "" if g.result else ("postponed" if g.postponed_to else "not played yet")
        states.append("Armageddon due" if g.armageddon_deadline else state)
    # A round complete has no status to say: no column then, and never one without a heading.
    status = any(states)
    rows = []
    for g, state in zip(games, states, strict=True):
        rows.append(
            [
                ("num", str(g.board)),
                ("", _player(snap, g.white)),
                ("", _player(snap, g.black)),
                # A result is never broken at its slash ("1/2-" above "1/2").
                ("c nw", esc(g.result.value) if g.result else ""),
                *([("c nw", esc(g.armageddon.value) if g.armageddon else "")] * snap.armageddons),
                ("c nw", esc(_points(g))),
                *([("", esc(state))] if status else []),
            ]
        )
    after = store.standings(round_no)
    currency = esc(snap.profile.event.currency)
    body = [
        heading(snap, f"Round {round_no} results"),
        table(
            [
                ("num", "Bd"),
                ("", "White"),
                ("", "Black"),
                ("c", "Result"),
                *([("c", "Armageddon")] * snap.armageddons),
                ("c", "Points"),
                *([("", "Status")] if status else []),
            ],
            rows,
        ),
        f"<h2>{esc(snap.standings_after(round_no))}</h2>",
        table(
            [
                ("num", "Rk"),
                ("num", "No"),
                ("", "Player"),
                ("num", "Pts"),
                *[("num", h) for h in tiebreak_heads(snap)],
                *([("num", f"Prize if it ended now ({currency})")] if snap.final.prizes else []),
            ],
            _standings_rows(snap, after),
        ),
        f'<p class="legend">{esc(legend(snap))}</p>',
    ]
    if any(r.provisional for r in after):
        body.append(
            '<p class="note">Provisional until both players and the arbiter have '
            f"signed the scoresheet{esc(snap.articles.cite('scoresheets'))}.</p>"
        )
    return page(f"{snap.name} round {round_no} results", [section("\n".join(body))])


def wallchart(snap: Snapshot) -> str:
    """Crosstable: each cell the classical result (1 ½ 0, F a forfeit) and, after a draw, the
    Armageddon's (A+ won, A- lost), then the points; in pairing-number order."""
    table_ = crosstable(snap)
    numbers = [p.number for p in snap.players]
    small = len(numbers) > 12
    rows = []
    for p in snap.players:
        row = snap.row(p.number)
        cells: list[tuple[str, str]] = [("num", str(p.number)), ("", esc(p.name))]
        for n in numbers:
            if n == p.number:
                cells.append(("self", ""))
                continue
            parts = []
            for c in table_[p.number].get(n, []):
                classical = {
                    "1-0": "1",
                    "0-1": "0",
                    "1/2-1/2": "½",
                    "+/-": "1F",
                    "-/+": "0F",
                    "-/-": "0F",
                }[c.result]
                if c.colour == "b" and c.result in ("1-0", "0-1", "+/-", "-/+"):
                    classical = {"1": "0", "0": "1", "1F": "0F", "0F": "1F"}[classical]
                arm = ""
                if c.armageddon is not None:
                    arm = (
                        " A+"
                        if c.points > Decimal(snap.profile.points.draw_armageddon_loss)
                        else " A−"
                    )
                text = f"{classical}{arm}"
                parts.append(text if c.counted else f"({text})")
            cells.append(("c", esc(" / ".join(parts))))
        cells += [("num", esc(half(row.points))), ("num", esc(snap.place(p.number)))]
        rows.append(cells)
    head = [
        ("num", "No"),
        ("", "Player"),
        *[("c", str(n)) for n in numbers],
        ("num", "Pts"),
        ("num", "Place"),
    ]
    style = ' style="font-size: 7pt"' if small else ""
    draw_winner = snap.profile.classical.armageddon_draw_winner.capitalize()
    marks = (
        "1 ½ 0: the classical game; A+ / A−: the Armageddon after a draw won / lost (a drawn "
        f"Armageddon is {draw_winner}'s win{snap.articles.cite('main_games')})"
        if snap.armageddons
        else "1 ½ 0: the game"
    )
    body = [
        heading(snap, "wallchart"),
        f"<div{style}>",
        table(head, rows),
        "</div>",
        # legend() says F and (…) once: the wallchart adds only what its cells hold.
        f'<p class="legend">{esc(snap.status_line)}. {esc(marks)}. {esc(legend(snap))}</p>',
    ]
    return page(f"{snap.name} wallchart", [section("\n".join(body), wide=True)], landscape=True)


def _moves(first: int, draw_move: int) -> str:
    """Thirty lines of moves; a heavy line under the draw rule's move (none without one) and
    a dashed one under move 40."""
    rows = []
    for n in range(first, first + 30):
        rows.append(
            f'<tr class="{"line30" if n == draw_move else "line40" if n == 40 else ""}">'
            f'<td class="no">{n}</td><td></td><td></td></tr>'
        )
    return (
        '<table class="moves"><thead><tr><th class="num">#</th><th>White</th>'
        "<th>Black</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )


def scoresheets(store: EventStore, snap: Snapshot, round_no: int) -> str:
    games = [g for g in snap.games if g.round == round_no]
    tc = snap.profile.time_controls["classical"]
    move = snap.profile.classical.draw_agreement_after_black_move
    when = _when(store, round_no)
    # The draw rule and its line (none where the Laws alone apply), the Armageddon's
    # sentence and box where the event has one; the articles the profile's.
    rule = _article(snap, "main_games") + _draw_rule(snap)
    if move:
        rule += f" — the line under move {move}."
    if snap.armageddons:
        rule += (
            " A drawn game is followed by an Armageddon with the same colours"
            f"{esc(snap.articles.cite('armageddon'))}."
        )
    armageddon_box = [("", "Armageddon"), ("", "")] if snap.armageddons else []
    label = snap.articles.scoresheets
    countersign = f", {esc(label)}" if label else ""
    sheets = []
    for g in games:
        body = [
            heading(snap, "scoresheet"),
            table(
                [],
                [
                    [
                        ("label", "Round"),
                        ("", str(round_no)),
                        ("label", "Board"),
                        ("", str(g.board)),
                        ("label", "Date"),
                        # A round without a date: a blank to write it in by hand.
                        ("date", esc(when)) if when else ("date blank", ""),
                    ]
                ],
                "fields",
            ),
            table(
                [
                    ("", ""),
                    ("num", "No"),
                    ("", "Name"),
                    ("", "Title"),
                    ("", "Fed"),
                    ("num", "Rating"),
                ],
                [
                    [
                        ("", f"<b>{label}</b>"),
                        ("num", str(n)),
                        ("", esc(p.name)),
                        ("", esc(p.title or "")),
                        ("", esc(p.federation or "")),
                        ("num", str(p.rating or "")),
                    ]
                    for label, n in (("White", g.white), ("Black", g.black))
                    for p in [snap.by_number[n]]
                ],
                "fields",
            ),
            f"<p>Time control: {esc(tc.describe())} ({esc(_clock(tc))}).</p>",
            f'<div class="rule">{rule}</div>',
            f'<div class="grid">{_moves(1, move)}{_moves(31, move)}</div>',
            table([], [[("", "Result"), ("", ""), *armageddon_box]], "fields"),
            table(
                [
                    ("", "White's signature"),
                    ("", "Black's signature"),
                    ("", f"Arbiter (countersigns last{countersign})"),
                ],
                [[("", ""), ("", ""), ("", "")]],
                "sign",
            ),
        ]
        sheets.append(section("\n".join(body)))
    if not sheets:
        sheets.append(section(heading(snap, f"round {round_no}: no games")))
    return page(f"{snap.name} round {round_no} scoresheets", sheets)
