"""The table (§4 points, §6 tie-breaks, §5 prizes, §9 withdrawals), one row per player."""

from __future__ import annotations

from normtui.rules.model import PlayerStatus
from normtui.store import StandingRow
from normtui.store.values import surname
from normtui.text import tiebreak_text
from normtui.tui.formatting import money, points
from normtui.tui.widgets.line_table import Cell, Column, LineTable

# (label, label when narrow, key, justify)
COLUMNS = (
    ("Rank", "Rk", "rank", "right"),
    ("No", "No", "number", "right"),
    ("Player", "Player", "player", "left"),
    ("Points", "Pts", "points", "right"),
    ("SB", "SB", "sb", "right"),
    ("Wins", "W", "wins", "right"),
    ("Wins w/ Black", "BW", "black_wins", "right"),
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
        (tiebreak_text(row.sonneborn_berger), ""),
        (str(row.wins), ""),
        (str(row.black_wins), ""),
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

    def redraw(self) -> None:
        wide = self.measure_wide()
        shown = COLUMNS if self._prizes else COLUMNS[:-1]
        columns = [
            Column(label if wide else short, key, justify) for label, short, key, justify in shown
        ]
        rows = []
        for r in self.rows_shown:
            cells, style = row_cells(r, self._currency, wide)
            rows.append((str(r.number), cells[: len(shown)], style))
        self.fill(columns, rows)
