"""The crosstable: players × players, the points each scored against each (§4).

A cell is the row player's points from that pairing: "3", "0", "1½A" / "1A" when an
Armageddon decided it, "3F" / "0F" for a forfeit, "=" while a drawn main game waits for its
Armageddon, "*" for a result not yet countersigned (§8). A withdrawn player's row stays (§9),
greyed.
"""

from __future__ import annotations

from collections import defaultdict

from normtui.rules.model import MainResult, PlayerStatus
from normtui.store import GameRecord, StandingRow
from normtui.store.values import surname
from normtui.tui.formatting import points
from normtui.tui.widgets.line_table import Cell, Column, LineTable
from normtui.tui.widgets.standings_table import WITHDRAWN_STYLE


def pairing_cell(game: GameRecord, number: int) -> str:
    """What ``number`` scored in ``game``, marked."""
    if game.result is None:
        return ""
    if game.points is None:
        return "=" if game.result is MainResult.DRAW else ""
    mine = game.points[0] if game.white == number else game.points[1]
    text = points(mine)
    if game.armageddon is not None:
        text += "A"
    elif game.result.is_forfeit:
        text += "F"
    if game.provisional:
        text += "*"
    return text


def crosstable_cells(games: list[GameRecord]) -> dict[tuple[int, int], list[str]]:
    """(player, opponent) -> the cells of their pairings, in round order (two in a double
    round robin)."""
    cells: dict[tuple[int, int], list[str]] = defaultdict(list)
    for game in games:
        cells[(game.white, game.black)].append(pairing_cell(game, game.white))
        cells[(game.black, game.white)].append(pairing_cell(game, game.black))
    return cells


class Crosstable(LineTable):
    """Rows in the order of the table, each with its rank (when wide) and pairing number as
    the table shows them; the columns are the same players in the same order, headed by
    their pairing numbers (as every printed crosstable is): a row's "No" heads its column."""

    WIDE_FROM = 110
    GAP = " "  # twelve columns must fit 80: the cells are centred, which spaces them anyway

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._rows: list[StandingRow] = []
        self._games: list[GameRecord] = []

    def show(self, rows: list[StandingRow], games: list[GameRecord]) -> None:
        self._rows = rows
        self._games = games
        self.redraw()

    def redraw(self) -> None:
        wide = self.measure_wide()
        cells = crosstable_cells(self._games)
        order = [r.number for r in self._rows]
        # At 80 columns the rank gives way (the rows are in its order, the table shows it):
        # twelve players' cells and the points must fit.
        columns = [Column("Rk", "rank", "right")] * wide + [
            Column("No", "number", "right"),
            Column("Player", "player"),
        ]
        columns += [Column(str(n), f"vs{n}", "center") for n in order]
        columns.append(Column("Pts", "points", "right"))
        out = []
        for row in self._rows:
            withdrawn = row.status is PlayerStatus.WITHDRAWN
            greyed = withdrawn or not row.counted
            name = row.player if wide else surname(row.player)
            rank = "—" if row.rank is None else row.shared_rank or str(row.rank)
            line: list[Cell] = [(rank, "")] * wide + [
                (str(row.number), "bold"),
                (name + (" (wd)" if withdrawn else ""), ""),
            ]
            for opponent in order:
                if opponent == row.number:
                    line.append(("■", "grey37"))
                    continue
                text = " ".join(c for c in cells.get((row.number, opponent), []) if c)
                line.append((text, "" if greyed else _colour(text)))
            line.append((points(row.points) + ("*" if row.provisional else ""), "bold"))
            out.append((str(row.number), line, WITHDRAWN_STYLE if greyed else ""))
        self.fill(columns, out)


def _colour(text: str) -> str:
    if text.startswith(("3", "1½")):
        return "green"
    if text.startswith(("0", "1A")):
        return "red"
    return "bold yellow" if text == "=" else ""
