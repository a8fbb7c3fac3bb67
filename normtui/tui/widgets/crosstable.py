"""The crosstable: players × players, the points each scored against each (§4).

A cell is the row player's points from that pairing: "3", "0", "1½A" / "1A" when an
Armageddon decided it, "3F" / "0F" for a forfeit, "=" while a drawn main game waits for its
Armageddon, "*" for a result not yet countersigned (§8). A withdrawn player's row stays (§9),
greyed.
"""

from __future__ import annotations

from collections import defaultdict

from rich.text import Text

from normtui.rules.model import MainResult, PlayerStatus
from normtui.store import GameRecord, StandingRow
from normtui.store.records import surname
from normtui.tui.formatting import points
from normtui.tui.widgets.responsive_table import ResponsiveTable
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


class Crosstable(ResponsiveTable):
    """Rows in the order of the table; column n is the player of row n."""

    WIDE_FROM = 110

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._rows: list[StandingRow] = []
        self._games: list[GameRecord] = []

    def show(self, rows: list[StandingRow], games: list[GameRecord]) -> None:
        self._rows = rows
        self._games = games
        self.redraw()

    def redraw(self) -> None:
        keep = self.highlighted_key()
        wide = self.measure_wide()
        cells = crosstable_cells(self._games)
        order = [r.number for r in self._rows]
        columns = [("", "pos"), ("Player", "player")]
        columns += [(str(i), f"vs{n}") for i, n in enumerate(order, start=1)]
        columns.append(("Pts", "points"))
        out = []
        for i, row in enumerate(self._rows, start=1):
            withdrawn = row.status is PlayerStatus.WITHDRAWN
            style = WITHDRAWN_STYLE if withdrawn or not row.counted else ""
            name = row.player if wide else surname(row.player)
            line: list[object] = [Text(str(i), justify="right", style=style),
                                  Text(name + (" (wd)" if withdrawn else ""), style=style)]
            for opponent in order:
                if opponent == row.number:
                    line.append(Text("■", justify="center", style="grey37"))
                    continue
                text = " ".join(c for c in cells.get((row.number, opponent), []) if c)
                line.append(_styled(text, style))
            line.append(Text(points(row.points) + ("*" if row.provisional else ""),
                             justify="right", style=style or "bold"))
            out.append((str(row.number), line))
        self.fill(columns, out, keep)


def _styled(text: str, base: str) -> Text:
    cell = Text(text, justify="center", style=base)
    if not base:
        if text.startswith(("3", "1½")):
            cell.stylize("green")
        elif text.startswith(("0", "1A")):
            cell.stylize("red")
        elif text == "=":
            cell.stylize("bold yellow")
    return cell

