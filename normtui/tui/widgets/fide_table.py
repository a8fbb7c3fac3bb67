"""FIDE's numbers of every player (the standings pane's third view, ``r``): the rating used, K,
rated games, score, expected score, the rating change, Ra and Rp (B.02 §8), and the title norms
met or still possible with what they need (B.01 §1.4)."""

from __future__ import annotations

from collections.abc import Sequence

from normtui.rules.norms import NormCheck
from normtui.rules.rating import PlayerRating
from normtui.store.values import surname
from normtui.tui.formatting import points
from normtui.tui.widgets.line_table import Cell, Column, LineTable

# (label, label when narrow, key, justify)
COLUMNS = (
    ("No", "No", "number", "right"),
    ("Player", "Player", "player", "left"),
    ("Rating", "Rtg", "rating", "right"),
    ("K", "K", "k", "right"),
    ("Games", "G", "games", "right"),
    ("Score", "Pts", "score", "right"),
    ("Expected", "Exp", "expected", "right"),
    ("Rtg+/-", "+/-", "change", "right"),
    ("Ra", "Ra", "ra", "right"),
    ("Rp", "Rp", "rp", "right"),
    ("Norms", "Norms", "norms", "left"),
)


def norms_text(checks: Sequence[NormCheck], wide: bool) -> str:
    """The norms a player has met or can still make: "GM met", "IM: 3 of 5 left"."""
    said = []
    for c in checks:
        if c.status == "met":
            said.append(f"{c.title} met")
        elif c.status == "possible" and c.needed is not None:
            need = points(c.needed)
            said.append(
                f"{c.title} needs {need} of {c.rounds_left} left"
                if wide
                else f"{c.title} {need}/{c.rounds_left}"
            )
    return ", ".join(said) or "—"


def row_cells(r: PlayerRating, checks: Sequence[NormCheck], wide: bool) -> list[Cell]:
    if r.rating is None:
        first = r.initial.rating if r.initial is not None else None
        change = (f"new {first}" if wide else str(first)) if first else ""
        rating, k, expected = "—", "", ""
    else:
        change, rating = r.change_text, str(r.rating)
        k = str(r.k.value) if r.k else ""
        expected = f"{r.expected:.2f}"
    positive = r.change is not None and r.change > 0
    return [
        (str(r.number), ""),
        (r.name if wide else surname(r.name), ""),
        (rating, ""),
        (k, ""),
        (str(r.games), ""),
        (points(r.score), "bold"),
        (expected, ""),
        (change, "green" if positive else ""),
        (str(r.ra or ""), ""),
        (str(r.rp or ""), ""),
        (norms_text(checks, wide), ""),
    ]


class FideTable(LineTable):
    """Rows keyed by pairing number, in pairing order."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._ratings: list[PlayerRating] = []
        self._norms: dict[int, list[NormCheck]] = {}

    def show(self, ratings: Sequence[PlayerRating], norms: Sequence[NormCheck]) -> None:
        self._ratings = sorted(ratings, key=lambda r: r.number)
        self._norms = {}
        for c in norms:
            self._norms.setdefault(c.number, []).append(c)
        self.redraw()

    def redraw(self) -> None:
        wide = self.measure_wide()
        columns = [
            Column(label if wide else short, key, justify) for label, short, key, justify in COLUMNS
        ]
        self.fill(
            columns,
            [
                (str(r.number), row_cells(r, self._norms.get(r.number, []), wide), "")
                for r in self._ratings
            ],
        )
