"""The Chief Arbiter's report (``normtui print DB report``): everything the desk and the audit
log know, in the order an arbiter hands it in. See ``sheets.py``.

The audit log is the source for what was done and by whom: corrections (and undos),
withdrawals, illness decisions and time-control changes are listed from it with their time
and actor, so the report says who changed an official result, not only that it changed.
"""

from __future__ import annotations

from normtui.export.sheets_fide import fide_section
from normtui.export.sheets_html import esc, heading, page, section, table
from normtui.export.snapshot import Snapshot, half
from normtui.export.tables import legend, prize_text, tiebreak_cells, tiebreak_heads
from normtui.store import EventStore
from normtui.store.log import AuditEntry
from normtui.store.values import time_text

__all__ = ["report"]

_NONE = '<p class="note">None.</p>'


def _log_table(entries: list[AuditEntry]) -> str:
    if not entries:
        return _NONE
    return table(
        [("", "When (UTC)"), ("", "By"), ("", "What")],
        [
            [
                ("", esc(time_text(e.at))),
                ("", esc(e.actor)),
                (
                    "",
                    esc(e.summary) + (f" <i>(undone by #{e.undone_by})</i>" if e.undone_by else ""),
                ),
            ]
            for e in entries
        ],
    )


def _event(store: EventStore, snap: Snapshot) -> str:
    d = snap.details
    prof = snap.profile
    tcs = prof.time_controls
    p = prof.points
    cycles = "single" if prof.event.cycles == 1 else f"{prof.event.cycles}-cycle"
    art = prof.articles  # every article the profile's ([articles])
    rows = [
        ("Event", snap.name),
        ("Place", d.place or "not recorded"),
        (
            "Dates",
            " – ".join(x for x in dict.fromkeys((snap.start_date, snap.end_date)) if x)
            or "not recorded",
        ),
        ("Chief Arbiter", d.chief_arbiter or "not recorded"),
        ("Deputy arbiters", "; ".join(d.deputy_arbiters) or "none recorded"),
        (
            "System",
            f"{prof.event.players} players, {cycles} round robin, "
            f"{prof.event.rounds} rounds, Berger tables{art.cite('format')}",
        ),
        ("Main games", f"{tcs['classical'].describe()}{art.cite('main_games')}"),
        (
            "Armageddon",
            f"{tcs['armageddon'].describe()}, same colours, a draw is Black's win (§2, §3)",
        ),
        (
            "Points",
            f"win {half(p.win)}, draw + Armageddon won {half(p.draw_armageddon_win)}, "
            f"draw + Armageddon lost {half(p.draw_armageddon_loss)}, loss "
            f"{half(p.loss)}{art.cite('points')}"
            if prof.classical.armageddon_after_draw
            else f"win {half(p.win)}, draw {half(p.draw_armageddon_loss)}, loss {half(p.loss)}"
            f"{art.cite('points')}",
        ),
        ("Prize fund", f"{prof.prizes.fund:,} {prof.event.currency}"),
        ("Status", snap.status_line),
    ]
    if not prof.prizes.awarded:  # an event without prizes says nothing of a fund
        rows = [r for r in rows if r[0] != "Prize fund"]
    if not prof.classical.armageddon_after_draw:  # nor one without Armageddons of them
        rows = [r for r in rows if r[0] != "Armageddon"]
    return "<h2>The event</h2>" + table(
        [], [[("", f"<b>{esc(k)}</b>"), ("", esc(v))] for k, v in rows]
    )


def _players(snap: Snapshot) -> str:
    rows = []
    for p in snap.players:
        row = snap.row(p.number)
        status = row.status.value + (
            "" if row.counted else f", not counted{snap.articles.cite('withdrawal')}"
        )
        rows.append(
            [
                ("num", str(p.number)),
                ("", esc(p.name)),
                ("", esc(p.title or "")),
                ("", esc(p.federation or "")),
                ("num", str(p.rating or "")),
                ("num", esc(p.fide_id or "")),
                ("", esc(status)),
            ]
        )
    return "<h2>Players</h2>" + table(
        [
            ("num", "No"),
            ("", "Name"),
            ("", "Title"),
            ("", "Fed"),
            ("num", "Rating"),
            ("num", "FIDE id"),
            ("", "Status"),
        ],
        rows,
    )


def _rounds(store: EventStore) -> str:
    rows = [
        [
            ("num", str(r.round)),
            ("", esc(r.date or "not recorded")),
            ("", esc(r.start_time or "")),
            ("num", f"{r.complete}/{r.boards}"),
            ("", esc(r.status)),
        ]
        for r in store.rounds()
    ]
    return "<h2>Rounds</h2>" + table(
        [("num", "Round"), ("", "Date"), ("", "Start"), ("num", "Complete"), ("", "Status")], rows
    )


def _incidents(store: EventStore) -> str:
    found = store.desk.incidents()
    body = (
        _NONE
        if not found
        else table(
            [("num", "Rd"), ("", "Player"), ("", "Incident"), ("", "Decision"), ("", "When")],
            [
                [
                    ("num", str(i.round)),
                    ("", esc(i.player.name)),
                    ("", esc(f"{i.kind.replace('_', ' ')}: {i.description}")),
                    ("", esc(i.decision + (f" ({i.article})" if i.article else ""))),
                    ("", esc(time_text(i.at))),
                ]
                for i in found
            ],
        )
    )
    return "<h2>Incidents and decisions</h2>" + body


def _fines(store: EventStore) -> str:
    found = store.desk.fines()
    body = (
        _NONE
        if not found
        else table(
            [("num", "Rd"), ("", "Player"), ("num", "Amount"), ("", "Reason"), ("", "When")],
            [
                [
                    ("num", str(f.round or "")),
                    ("", esc(f.player.name)),
                    ("num", esc(f"{f.amount:,.2f} {f.currency}")),
                    ("", esc(f.reason + (f" ({f.article})" if f.article else ""))),
                    ("", esc(time_text(f.recorded_at))),
                ]
                for f in found
            ],
        )
    )
    return f"<h2>Fines{esc(store.profile.articles.cite('duties'))}</h2>" + body


def _postponed(snap: Snapshot) -> str:
    rows = [
        [
            ("num", str(g.round)),
            ("", esc(f"{g.white_name} – {g.black_name}")),
            ("", esc(g.postponed_to.value.replace("_", " ") if g.postponed_to else g.state.value)),
        ]
        for g in snap.games
        if g.postponed_to is not None or g.state.value == "postponed"
    ]
    if not rows:
        return ""
    moved = f"<p>Games moved{esc(snap.articles.cite('illness'))}:</p>"
    return moved + table([("num", "Rd"), ("", "Game"), ("", "Moved to")], rows)


def _playoff(store: EventStore, snap: Snapshot, log: list[AuditEntry]) -> str:
    state = snap.playoff
    if not state.needed:
        # The one answer of normtui.rules.first_place: not shared, or the tie-breaks' to
        # decide (an event without a play-off has no section named for one).
        first = snap.final.first_sentence() or state.status
        heading = (
            f"Play-off{snap.profile.articles.cite('playoff')}"
            if snap.profile.playoff.for_shared_first
            else "First place"
        )
        return f"<h2>{esc(heading)}</h2><p>{esc(first)}</p>"
    names = ", ".join(snap.by_number[n].name for n in state.players)
    body = [f"<p>Players: {esc(names)}. {esc(state.status)}</p>"]
    started = [e for e in log if e.action == "playoff start" and not e.undone_by]
    body += [
        f"<p>Drawing of lots: {esc(e.summary)} ({esc(time_text(e.at))}, {esc(e.actor)})</p>"
        for e in started
    ]
    body += [f'<p class="note">{esc(n)}</p>' for n in state.notes]
    if state.games:
        body.append(
            table(
                [("", "Game"), ("", "White"), ("", "Black"), ("c", "Result")],
                [
                    [
                        ("", esc(g.id)),
                        ("", esc(snap.by_number[g.white].name)),
                        ("", esc(snap.by_number[g.black].name)),
                        ("c", esc(g.result or "not played")),
                    ]
                    for g in state.games
                ],
            )
        )
    if state.winner is not None:
        body.append(
            f"<p><b>Winner: {esc(snap.by_number[state.winner].name)}</b>"
            + (" (decided by lot)" if state.decided_by_lots else "")
            + "</p>"
        )
    return f"<h2>Play-off{esc(snap.articles.cite('playoff'))}</h2>" + "\n".join(body)


def _standings(snap: Snapshot) -> str:
    currency = esc(snap.profile.event.currency)
    rows = [
        [
            ("num", esc(snap.place(r.number))),
            ("num", str(r.number)),
            ("", esc(r.player)),
            ("num", esc(half(r.points))),
            *[("num", esc(c)) for c in tiebreak_cells(r)],
            *([("num", esc(prize_text(r, grouped=True)))] if snap.final.prizes else []),
        ]
        for r in snap.standings
    ]
    return (
        f"<h2>{esc(snap.status_line)}{' and prizes' if snap.final.prizes else ''}</h2>"
        + table(
            [
                ("num", "Place"),
                ("num", "No"),
                ("", "Player"),
                ("num", "Pts"),
                *[("num", h) for h in tiebreak_heads(snap)],
                *([("num", f"Prize ({currency})")] if snap.final.prizes else []),
            ],
            rows,
        )
        + f'<p class="legend">{esc(legend(snap))}</p>'
    )


def report(store: EventStore, snap: Snapshot) -> str:
    log = list(reversed(store.audit.log()))  # oldest first, as events happened
    corrections = [e for e in log if e.action in ("correction", "undo")]
    withdrawals = [e for e in log if e.action == "withdraw"]
    illness = [e for e in log if e.action == "illness"]
    clocks = [e for e in log if e.action == "time control"]
    body = [
        heading(snap, "Chief Arbiter's report"),
        _event(store, snap),
        _players(snap),
        _rounds(store),
        _incidents(store),
        _fines(store),
        f"<h2>Illness{esc(snap.articles.cite('illness'))}</h2>"
        + _log_table(illness)
        + _postponed(snap),
        f"<h2>Withdrawals{esc(snap.articles.cite('illness'))}</h2>" + _log_table(withdrawals),
        "<h2>Corrections of results, and undone changes</h2>" + _log_table(corrections),
        "<h2>Time-control changes</h2>" + _log_table(clocks),
        fide_section(snap),
        _playoff(store, snap, log),
        _standings(snap),
        table([("", "Chief Arbiter's signature"), ("", "Date")], [[("", ""), ("", "")]], "sign"),
    ]
    return page(f"{snap.name} Chief Arbiter's report", [section("\n".join(body), one_page=False)])
