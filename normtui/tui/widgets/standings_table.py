"""The table (§4 points, §6 tie-breaks, §5 prizes, §9 withdrawals), one row per player."""

from __future__ import annotations

from rich.text import Text

from normtui.rules.model import PlayerStatus
from normtui.store import StandingRow
from normtui.store.records import surname
from normtui.tui.formatting import money, points
from normtui.tui.widgets.responsive_table import ResponsiveTable

# (label, label when narrow, key)
COLUMNS = (("Rank", "Rk", "rank"), ("No", "No", "number"), ("Player", "Player", "player"),
           ("Points", "Pts", "points"), ("SB", "SB", "sb"), ("Wins", "W", "wins"),
           ("Wins w/ Black", "BW", "black_wins"), ("Games", "G", "games"),
           ("Prize", "Prize", "prize"))

WITHDRAWN_STYLE = "grey50"


def row_cells(row: StandingRow, currency: str, wide: bool) -> list[Text]:
    withdrawn = row.status is PlayerStatus.WITHDRAWN
    rank = "—" if row.rank is None else row.shared_rank or str(row.rank)
    name = row.player if wide else surname(row.player)
    if withdrawn:
        name += " (withdrawn)" if wide else " (wd)"
    pts = points(row.points) + ("*" if row.provisional else "")
    if row.prize_pending:
        prize = "pending play-off"
    elif row.prize is None:
        prize = "—"
    else:
        prize = money(row.prize, currency)
    style = WITHDRAWN_STYLE if withdrawn or not row.counted else ""
    cells = [Text(rank, justify="right"), Text(str(row.number), justify="right"), Text(name),
             Text(pts, justify="right"), Text(f"{row.sonneborn_berger:.2f}", justify="right"),
             Text(str(row.wins), justify="right"), Text(str(row.black_wins), justify="right"),
             Text(str(row.games), justify="right"), Text(prize, justify="right")]
    for cell in cells:
        cell.stylize(style)
    if row.provisional and not style:
        cells[3].stylize("yellow")
    return cells


class StandingsTable(ResponsiveTable):
    """Rows keyed by pairing number, so the cursor follows a player who moves up or down."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.rows_shown: list[StandingRow] = []
        self._currency = ""

    def show(self, rows: list[StandingRow], currency: str) -> None:
        self.rows_shown = rows
        self._currency = currency
        self.redraw()

    def redraw(self) -> None:
        keep = self.highlighted_key()
        wide = self.measure_wide()
        self.fill([(label if wide else short, key) for label, short, key in COLUMNS],
                  [(str(r.number), row_cells(r, self._currency, wide))
                   for r in self.rows_shown], keep)
