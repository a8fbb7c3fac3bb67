"""Pane 3, Standings: the table with tie-breaks and prize money, the crosstable (§4, §5, §6,
§9), or FIDE's numbers of every player (``r``: rating change and performance, B.02 §8; title
norms, B.01 §1.4). Re-read whenever the event changes, here or in another process; FIDE's
numbers only while they are shown."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.reactive import reactive
from textual.widgets import ContentSwitcher

from normtui.rules.model import PlayerStatus
from normtui.rules.tiebreak_columns import columns as tiebreak_columns
from normtui.rules.tiebreak_columns import legend as tiebreak_legend
from normtui.store import GameRecord, StandingRow
from normtui.tui.panes.base import PaletteBinding, Pane
from normtui.tui.widgets.crosstable import Crosstable
from normtui.tui.widgets.fide_table import FideTable
from normtui.tui.widgets.live_race import RaceLine
from normtui.tui.widgets.standings_table import StandingsTable
from normtui.tui.widgets.status_line import StatusLine
from normtui.tui.widgets.whole_text import WholeText

if TYPE_CHECKING:
    from normtui.rules.first_place import FirstPlace
    from normtui.rules.profile import Profile
    from normtui.store import EventStore
    from normtui.store.picture import EventPicture


def progress_line(games: Sequence[GameRecord]) -> str:
    """What the table counts, above it: the last round all of whose pairings are complete,
    the boards complete beyond it, and the pairings complete of all. One pass over the
    games, counted by round: a large round robin has as many rounds as players."""
    boards: Counter[int] = Counter(g.round for g in games)
    complete: Counter[int] = Counter(g.round for g in games if g.points is not None)
    done = max((r for r, n in boards.items() if complete[r] == n), default=0)
    info = f"After round {done}" if done else "Before round 1"
    extra = sum(n for r, n in complete.items() if r > done)
    if extra:
        info += f", and {extra} board{'s' if extra != 1 else ''} of round {done + 1}"
    return info + f" · {complete.total()} of {len(games)} pairings complete"


def tiebreaks_said(profile: Profile | None, wide: bool) -> str:
    """The table's tie-break columns as the legend names them, in the event's order, with the
    article: the codes alone on a narrow screen."""
    order = profile.tiebreaks.order if profile else ("sonneborn_berger", "wins", "black_wins")
    cite = profile.articles.cite("tiebreaks") if profile else " (§6)"
    if wide:
        return f"tie-breaks in order: {tiebreak_legend(order)}{cite}"
    return f"tie-breaks {', '.join(c.code for c in tiebreak_columns(order))}{cite}"


# Below this width the legend says only the marks the table shows, on one line; the help
# (?) has the articles in full.
_WIDE_LEGEND = 110


def fide_legend(profile: Profile | None, wide: bool) -> str:
    """What the FIDE view counts: the classical games (an Armageddon is not rated), K × Σ(score
    − PD), the norms' needs; the rules applied."""
    armageddon = profile is not None and profile.classical.armageddon_after_draw
    if not wide:
        return (
            "Rtg+/-: classical games only"
            + ("; an Armageddon is not rated" if armageddon else "")
            + " · r: the table"
        )
    return (
        "Rtg+/-: K × Σ(score − PD), classical games only (B.02 §8, 1 March 2024; §8.3.1 as of "
        "1 October 2025)"
        + ("; an Armageddon is not rated" if armageddon else "")
        + " · Norms: B.01 §1.4 (2024), met or the points needed from the games left · r: the table"
    )


def legend(
    view: str,
    rows: Sequence[StandingRow],
    games: Sequence[GameRecord],
    wide: bool,
    profile: Profile | None = None,
) -> str:
    """The marks of the table or crosstable; on a narrow screen only those it shows. An event
    without Armageddon (``profile``) names its own tie-breaks and no Armageddon marks."""
    if view == "fide-table":
        return fide_legend(profile, wide)
    if profile is not None and not profile.classical.armageddon_after_draw:
        if view == "crosstable":
            return "F: forfeit · *: provisional · grey: withdrawn, not counted · x: the table"
        return (
            f"*: includes a provisional result · {tiebreaks_said(profile, wide)} · grey: "
            "withdrawn, unranked · x: crosstable"
        )
    provisional = any(r.provisional for r in rows)
    greyed = any(r.status is PlayerStatus.WITHDRAWN or not r.counted for r in rows)
    if view == "crosstable":
        if wide:
            return (
                "1½A/1A: Armageddon decided it · 3F/0F: forfeit · =: Armageddon to come · "
                "*: provisional (§8) · grey: withdrawn, not counted (§9) · x: the table"
            )
        parts = ["1½A/1A: Armageddon decided it"]
        if any(g.result is not None and g.result.is_forfeit for g in games):
            parts.append("F: forfeit")
        if any(g.armageddon_due for g in games):
            parts.append("=: Armageddon to come")
        parts += ["*: provisional (§8)"] * provisional
        parts += ["grey: withdrawn (§9)"] * greyed
        return " · ".join([*parts, "x: the table"])
    if wide:
        return (
            f"*: includes a provisional result (§8) · {tiebreaks_said(profile, wide)} · equal "
            "points share the prizes, except first (§5) · grey: withdrawn, unranked (§9) · "
            "x: crosstable"
        )
    parts = ["*: provisional (§8)"] * provisional
    parts.append(tiebreaks_said(profile, wide))
    parts += ["grey: withdrawn, unranked (§9)"] * greyed
    return " · ".join([*parts, "x: crosstable"])


class StandingsPane(Pane):
    PANE_ID = "standings"
    TITLE = "Standings"
    # One key, two bindings: the Footer names the view x leads to (check_action hides the
    # other one).
    BINDINGS: ClassVar = [
        PaletteBinding(
            "x",
            "show_view('crosstable')",
            "Crosstable",
            id="standings.crosstable",
            tooltip="The crosstable: players × players, Armageddons marked",
            palette="Standings: crosstable",
        ),
        PaletteBinding(
            "x",
            "show_view('standings-table')",
            "Table",
            id="standings.table",
            tooltip="Back to the table with tie-breaks and prizes",
            palette="Standings: table",
        ),
        PaletteBinding(
            "r",
            "show_view('fide-table', 'r')",
            "Ratings",
            id="standings.fide",
            tooltip="FIDE's numbers: each player's rating change, performance and title norms",
            palette="Standings: rating changes and norms",
        ),
        PaletteBinding(
            "r",
            "show_view('standings-table', 'r')",
            "Table",
            id="standings.fide_back",
            tooltip="Back to the table with tie-breaks and prizes",
            palette="Standings: table",
        ),
    ]

    # The table or the crosstable (the id of the one shown); the Footer names the other.
    view: reactive[str] = reactive("standings-table", init=False, bindings=True)

    def __init__(self, store: EventStore, picture: EventPicture, **kwargs: object) -> None:
        super().__init__(store, picture, **kwargs)
        self._legend_for: tuple[Sequence[StandingRow], Sequence[GameRecord]] = ((), ())

    def compose(self) -> ComposeResult:
        yield WholeText(id="standings-info")
        yield WholeText(id="standings-note")
        with ContentSwitcher(initial="standings-table", id="standings-views"):
            yield StandingsTable(id="standings-table")
            yield Crosstable(id="crosstable")
            yield FideTable(id="fide-table")
        yield WholeText(id="standings-legend", markup=True)
        yield RaceLine(id="standings-race")
        yield StatusLine()

    def focus_first(self) -> None:
        self.screen.set_focus(self.query_one(f"#{self.view}"))

    def redraw(self) -> None:
        event = self.picture
        final = event.final
        rows = list(final.rows)
        self.query_one(StandingsTable).show(rows, event.profile.event.currency, final.prizes)
        self._show_note(final.headline)
        if self.view == "crosstable":
            self.query_one(Crosstable).show(rows, list(event.main_games))
        elif self.view == "fide-table":
            self._show_fide()
        # The line above the table, the legend and the race line in the same frame as the
        # table: one frame for the arbiter's key, not one for the table and one after it.
        decided = final.note if final.decided_by == "playoff" else ""
        assert final.first is not None  # the whole table: its first place is read with it
        self._describe(event, rows, final.first, decided)

    def _describe(
        self, event: EventPicture, rows: list[StandingRow], first: FirstPlace, decided: str = ""
    ) -> None:
        games = event.main_games
        info = progress_line(games)
        withdrawn = [r.player for r in rows if r.status is PlayerStatus.WITHDRAWN]
        if withdrawn:
            info += f" · withdrawn: {', '.join(withdrawn)}"
        # §9 a: the place a withdrawn player leaves empty, and its prize nobody is paid.
        empty = next((r.prize_note for r in rows if r.prize_note), None)
        if empty:
            info += f" · {empty}"
        self.query_one("#standings-info", WholeText).show(info, self.size.width)
        self._legend_for = (rows, games)
        self._show_legend()
        self.query_one(RaceLine).show(list(games), event.race_question, first, decided)

    def _show_note(self, note: str) -> None:
        """How the first places are or were decided, when it needs saying (a play-off, or
        tie-breaks deciding a share after the last round; FinalStandings.headline): a line
        of its own, shown only then, so it costs a layout pass only when it changes."""
        static = self.query_one("#standings-note", WholeText)
        if static.display != bool(note):
            static.display = bool(note)
            # The race line would say it a second time, and 24 lines hold the whole field of
            # ten only without it.
            self.query_one(RaceLine).display = not note
        static.set(note, layout=True)

    def _show_legend(self) -> None:
        rows, games = self._legend_for
        profile = self.picture.profile
        # Before its first layout the pane has no width: the screen's (the pane spans it), so
        # that the legend is not drawn narrow and then again wide a frame later.
        width = self.size.width or self.app.size.width
        text = legend(self.view, rows, games, wide=width >= _WIDE_LEGEND, profile=profile)
        self.query_one("#standings-legend", WholeText).set(
            profile.articles.reword(text), layout=True
        )

    def on_resize(self) -> None:
        info = self.query_one("#standings-info", WholeText)
        info.show(info.shown)
        self._show_legend()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "show_view":
            view, via = parameters[0], parameters[1] if len(parameters) > 1 else "x"
            if view == self.view:
                return False
            if view == "standings-table":
                # Two keys lead back to the table: x from the crosstable, r from FIDE's
                # numbers; each only from its own view (one key, one meaning on the Footer).
                return self.view == ("crosstable" if via == "x" else "fide-table")
        return super().check_action(action, parameters)

    def _show_fide(self) -> None:
        """FIDE's numbers read now: the store's light reads (no record's class, no snapshot),
        only while this view is shown."""
        self.query_one(FideTable).show(list(self.store.ratings().values()), self.store.norms())

    def action_show_view(self, view: str, via: str = "x") -> None:
        self.view = view

    def watch_view(self, view: str) -> None:
        self.query_one(ContentSwitcher).current = view
        if view == "crosstable":
            self.query_one(Crosstable).show(self.picture.standings, list(self.picture.main_games))
        elif view == "fide-table":
            self._show_fide()
        self._show_legend()
        self.focus_first()
