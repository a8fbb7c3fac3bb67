"""The table: points, the event's tie-breaks in its order, prizes (where the event has any),
withdrawals; one row per player."""

from __future__ import annotations

from normtui.rules.model import PlayerStatus
from normtui.rules.tiebreak_columns import cell as tiebreak_cell
from normtui.rules.tiebreak_columns import columns as tiebreak_columns
from normtui.store import StandingRow
from normtui.store.values import surname
from normtui.tui.formatting import money, points
from normtui.tui.widgets.line_table import Cell, Column, LineTable

# (label, label when narrow, key, justify); the event's tie-breaks go after the points, in its
# order (normtui.rules.tiebreak_columns).
BEFORE = (
    ("Rank", "Rk", "rank", "right"),
    ("No", "No", "number", "right"),
    ("Player", "Player", "player", "left"),
    ("Points", "Pts", "points", "right"),
)
AFTER = (
    ("Games", "G", "games", "right"),
    ("Prize", "Prize", "prize", "right"),
)

WITHDRAWN_STYLE = "grey50"


def row_cells(row: StandingRow, currency: str, wide: bool) -> tuple[list[Cell], str]:
    """The cells of a row and the row's style (grey for a withdrawn or uncounted player)."""
    withdrawn = row.status is PlayerStatus.WITHDRAWN
    rank = "—" if row.rank is None else row.shared_rank or str(row.rank)
    name = row.player if wide else surname(row.player)
    if withdrawn:
        name += " (withdrawn)" if wide else " (wd)"
    if row.prize_pending:
        # After the last round the play-off decides (the row says so in its note); before
        # it, only if first place is still shared then (§5): pane 7 says the same.
        prize = "pending play-off" if row.note else "play-off if tied"
    elif row.prize is None:
        prize = "—"
    else:
        prize = money(row.prize, currency)
    style = WITHDRAWN_STYLE if withdrawn or not row.counted else ""
    # Provisional points (a result not yet countersigned, §8) stand out unless greyed.
    pts_style = "yellow" if row.provisional and not style else "bold"
    cells: list[Cell] = [
        (rank, ""),
        (str(row.number), ""),
        (name, ""),
        (points(row.points) + ("*" if row.provisional else ""), pts_style),
        *((tiebreak_cell(name, v), "") for name, v in row.shown_tiebreaks().items()),
        (str(row.games), ""),
        (prize, ""),
    ]
    return cells, style


class StandingsTable(LineTable):
    """Rows keyed by pairing number."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.rows_shown: list[StandingRow] = []
        self._currency = ""
        self._prizes = True

    def show(self, rows: list[StandingRow], currency: str, prizes: bool = True) -> None:
        """``prizes``: whether the event pays any (without, no prize column)."""
        self.rows_shown = rows
        self._currency = currency
        self._prizes = prizes
        self.redraw()

    def shown_columns(self) -> list[tuple[str, str, str, str]]:
        """Every column shown: the event's tie-breaks after the points, in its order, and no
        prize column in an event without prizes."""
        order = list(self.rows_shown[0].shown_tiebreaks()) if self.rows_shown else []
        tiebreaks = [(c.wide, c.code, c.name, "right") for c in tiebreak_columns(order)]
        after = AFTER if self._prizes else AFTER[:-1]
        return [*BEFORE, *tiebreaks, *after]

    def redraw(self) -> None:
        wide = self.measure_wide()
        shown = self.shown_columns()
        columns = [
            Column(label if wide else short, key, justify) for label, short, key, justify in shown
        ]
        rows = []
        for r in self.rows_shown:
            cells, style = row_cells(r, self._currency, wide)
            rows.append((str(r.number), cells[: len(shown)], style))
        self.fill(columns, rows)
