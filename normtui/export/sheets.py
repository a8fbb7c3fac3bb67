"""Print-ready sheets: ``normtui print DB WHAT [--round N] [-o FILE]``, and the console's
palette. Each is one self-contained HTML file with print CSS: A4, one sheet per page (a page
break after every sheet, none inside a table), nothing fetched, every text from the event
escaped on its way in (:func:`~normtui.export.html.esc`). The HTML they are made of is
``sheets_html.py``'s; the sheets themselves are ``sheets_round.py``'s and ``sheets_report.py``'s.

=============  ==============================================================================
WHAT           what is on it
=============  ==============================================================================
pairings       the round's boards, colours, ratings and the clocks to set (one page)
results        the round's results, Armageddons and points, and the standings after it
wallchart      the crosstable, classical and Armageddon results (one landscape page)
scoresheets    one per board: names, round, colours, time control, the §2 move-30 line,
               60 numbered moves, result and the three signatures of §8
report         the Chief Arbiter's report: the event, its arbiters, rounds and dates, incidents
               and decisions, fines, illness, withdrawals, corrections and who made them,
               time-control changes, the play-off with its lots and games, final standings
               and prizes, FIDE's rating changes and norms (as many pages as it needs, each
               section kept whole where it fits)
it1            FIDE's certificate of title result, one page for each norm (``sheets_fide.py``)
it3            FIDE's tournament report
=============  ==============================================================================

Reading a sheet never loads python-chess or Textual: it is a read of the store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from normtui.export import sheets_fide, sheets_report, sheets_round
from normtui.export.snapshot import ExportError, Snapshot, take_snapshot
from normtui.store import EventStore
from normtui.text import visible

__all__ = ["SHEETS", "SHEET_TITLES", "Sheet", "make_sheet", "sheet_html"]

# Each sheet with what it is, as the console's command palette offers it; round sheets are of
# the current round, results of the last round with a result.
SHEET_TITLES: dict[str, str] = {
    "pairings": "pairings of the current round",
    "results": "results of the last round",
    "wallchart": "wallchart",
    "scoresheets": "scoresheets of the current round",
    "report": "Chief Arbiter's report",
    "it1": "FIDE certificates of title results (IT1)",
    "it3": "FIDE tournament report (IT3)",
}
SHEETS: tuple[str, ...] = tuple(SHEET_TITLES)
ROUND_SHEETS = ("pairings", "results", "scoresheets")


@dataclass(frozen=True)
class Sheet:
    """A sheet as one HTML document, and the round it is of (the one chosen when none was
    asked for; None for a sheet of the whole event)."""

    html: str
    round: int | None


def sheet_html(
    store: EventStore,
    what: str,
    round_no: int | None = None,
    *,
    player: str | None = None,
    title: str | None = None,
) -> str:
    """The sheet ``what`` (one of :data:`SHEETS`) as one HTML document; ``player`` and
    ``title`` choose the certificates of ``it1`` (without them: every title result)."""
    return make_sheet(store, what, round_no, player=player, title=title).html


def make_sheet(
    store: EventStore,
    what: str,
    round_no: int | None = None,
    *,
    player: str | None = None,
    title: str | None = None,
) -> Sheet:
    """:func:`sheet_html`'s sheet, with the round it is of."""
    if what not in SHEETS:
        raise ExportError(f"unknown sheet {what!r}; use one of {', '.join(SHEETS)}")
    if what != "it1" and (player is not None or title is not None):
        raise ExportError("--player and --title are for it1, the certificates of title results")
    if what in ("it1", "it3"):
        if round_no is not None:
            raise ExportError(f"--round is for {', '.join(ROUND_SHEETS)}")
        html = sheets_fide.it1(store, player, title) if what == "it1" else sheets_fide.it3(store)
        return Sheet(visible(html, lines=True), None)
    snap = take_snapshot(store)
    if what not in ROUND_SHEETS:
        if round_no is not None:
            raise ExportError(
                f"--round is for {', '.join(ROUND_SHEETS)}; the {what} covers the whole event"
            )
    else:
        round_no = _round(store, snap, what, round_no)
    makers: dict[str, Callable[[], str]] = {
        "pairings": lambda: sheets_round.pairings(store, snap, _given(round_no)),
        "results": lambda: sheets_round.results(store, snap, _given(round_no)),
        "scoresheets": lambda: sheets_round.scoresheets(store, snap, _given(round_no)),
        "wallchart": lambda: sheets_round.wallchart(snap),
        "report": lambda: sheets_report.report(store, snap),
    }
    # Every text in a sheet went through esc(); this is the last look at the whole page.
    return Sheet(visible(makers[what](), lines=True), round_no)


def _given(round_no: int | None) -> int:
    assert round_no is not None
    return round_no


def _round(store: EventStore, snap: Snapshot, what: str, round_no: int | None) -> int:
    """The round asked for, or the one an arbiter means: the current round for pairings and
    scoresheets, the last round with a result for results."""
    if round_no is None:
        if what == "results":
            done = [g.round for g in snap.games if g.result is not None]
            return max(done, default=1)
        return store.rounds.current()
    if not 1 <= round_no <= snap.rounds:
        raise ExportError(
            f"round {round_no} does not exist; the event has rounds 1 to {snap.rounds}"
        )
    return round_no
