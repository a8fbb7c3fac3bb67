"""The play-off pane's two tables (§5): its games, and the double round robin's ranking.

Both are small (three games in a match, at most a few dozen in a round robin) and change only
when the arbiter enters a play-off result, so a DataTable with a row cursor serves: the cursor
is how the arbiter picks a game to correct.
"""

from __future__ import annotations

from rich.text import Text

from normtui.rules.playoff import PlayoffGame
from normtui.store.final import KIND_LABELS, PlayoffView
from normtui.store.values import surname
from normtui.text import tiebreak_text
from normtui.tui.formatting import points
from normtui.tui.widgets.responsive_table import ResponsiveTable

__all__ = ["PlayoffGamesTable", "PlayoffRankingTable", "result_cell"]


def result_cell(game: PlayoffGame, view: PlayoffView) -> Text:
    """The result as a scoresheet writes it; a game without one says whether it is next."""
    if game.result is None:
        nxt = view.state.next_game
        if nxt is not None and nxt.id == game.id:
            return Text("next", style="bold yellow")
        return Text("due", style="yellow")
    text = "½-½" if game.result == "1/2-1/2" else game.result
    if game.kind == "armageddon" and game.result == "1/2-1/2":
        # The draw odds of §5, said where the draw is shown.
        winner = view.profile.playoff.armageddon_draw_winner.capitalize()
        text += f" ({winner} wins)"
    return Text(text, style="bold")


class _ViewTable(ResponsiveTable):
    """A table drawn from one :class:`PlayoffView`, again when the width crosses 100."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.view: PlayoffView | None = None
        self._keep: str | None = None

    def show(self, view: PlayoffView, keep: str | None = None) -> None:
        """``keep``: the row for the cursor (default: the row it is on)."""
        self.view = view
        self._keep = keep
        self.redraw()

    def redraw(self) -> None:
        if self.view is None:
            return
        keep = self.highlighted_key() if self._keep is None else self._keep
        self._keep = None
        self.draw(self.view, self.measure_wide(), keep)

    def draw(self, view: PlayoffView, wide: bool, keep: str | None) -> None:
        raise NotImplementedError


class PlayoffGamesTable(_ViewTable):
    """One row per play-off game so far, keyed by its id (M1, M2, A, R3.2)."""

    def draw(self, view: PlayoffView, wide: bool, keep: str | None) -> None:
        def name(number: int) -> str:
            full = view.names.get(number, str(number))
            return full if wide else surname(full)

        columns = [
            ("Game", "id"),
            ("Kind", "kind"),
            ("White", "white"),
            ("Black", "black"),
            ("Result", "result"),
            ("Clock", "clock"),
            ("PGN", "pgn"),
        ]
        if not wide:  # 80 columns: the clock of the next game is said below the table
            columns.remove(("Clock", "clock"))
        rows = []
        for g in view.state.games:
            cells: list[object] = [
                g.id,
                KIND_LABELS[g.kind],
                name(g.white),
                name(g.black),
                result_cell(g, view),
            ]
            if wide:
                cells.append(view.clock(g))
            cells.append("✓" if g.id in view.records else "")
            rows.append((g.id, cells))
        self.fill(columns, rows, keep)

    def highlighted_game(self) -> PlayoffGame | None:
        key = self.highlighted_key()
        if self.view is None or key is None:
            return None
        return next((g for g in self.view.state.games if g.id == key), None)


class PlayoffRankingTable(_ViewTable):
    """The double round robin's ranking: points (1 / ½ / 0), SB, wins, wins with Black, and
    a mark where the drawing of lots decided (§5 A-D)."""

    def draw(self, view: PlayoffView, wide: bool, keep: str | None) -> None:
        columns = [
            ("Rank", "rank"),
            ("Player", "player"),
            ("Points", "points"),
            ("SB", "sb"),
            ("Wins", "wins"),
            ("Wins w/ Black" if wide else "BW", "black_wins"),
            ("Lot", "lot"),
        ]
        rows = []
        for r in view.state.table:
            full = view.names.get(r.number, str(r.number))
            lot = "decided" if r.extra.get("decided_by_lots") == 1 else ""
            rows.append(
                (
                    str(r.number),
                    [
                        str(r.rank or "—"),
                        full if wide else surname(full),
                        points(r.points),
                        tiebreak_text(r.sonneborn_berger),
                        str(r.wins),
                        str(r.black_wins),
                        lot,
                    ],
                )
            )
        self.fill(columns, rows, keep)
