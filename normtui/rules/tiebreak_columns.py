"""The event's tie-breaks as every table shows them: one column each, in the profile's order,
headed by the code FIDE's tables print, so that the order a table reads left to right is the
order that ranked it (a FIDE round robin's direct encounter, wins, wins with Black,
Sonneborn-Berger, Koya; Norway's SB, wins, wins with Black).

A value is what ``Standing.tiebreak`` gives, a sequence compared in order:

* direct encounter: the points each player scored against the others tied with them when it
  applied (C.07 6), then the deeper loops among those it left tied ("1.5/0.5"); blank for a
  player nobody was tied with;
* extended Koya: Koya at each lowered limit, in turn ("5/6");
* the others: one number (Sonneborn-Berger with two decimals, as the points column's halves
  and quarters read alike).

The drawing of lots is no column: it is held only when a tie survives every tie-break, and
the legend names it last.

>>> from decimal import Decimal as D
>>> [c.code for c in columns(("direct_encounter", "wins", "sonneborn_berger", "lots"))]
['DE', 'W', 'SB']
>>> cell("sonneborn_berger", (D("52.5"),)), cell("direct_encounter", (D("1.5"), D("0.5")))
('52.50', '1.5/0.5')
>>> legend(("direct_encounter", "wins", "black_wins", "sonneborn_berger", "koya"))
'DE direct encounter, W wins, BW wins with Black, SB Sonneborn-Berger, KS Koya'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

__all__ = ["TiebreakColumn", "cell", "columns", "json_value", "legend", "words"]


@dataclass(frozen=True)
class TiebreakColumn:
    """A tie-break's column: its profile name, its heading (FIDE's code), its heading where
    a table has room, and its name in a sentence."""

    name: str
    code: str
    wide: str
    words: str


_COLUMNS = {
    c.name: c
    for c in (
        TiebreakColumn("direct_encounter", "DE", "DE", "direct encounter"),
        TiebreakColumn("wins", "W", "Wins", "wins"),
        TiebreakColumn("black_wins", "BW", "Wins w/ Black", "wins with Black"),
        TiebreakColumn("sonneborn_berger", "SB", "SB", "Sonneborn-Berger"),
        TiebreakColumn("koya", "KS", "Koya", "Koya"),
        TiebreakColumn("extended_koya", "KSX", "Ext. Koya", "extended Koya"),
        TiebreakColumn("lots", "Lot", "Lot", "lots"),
    )
}
_WHOLE = frozenset({"wins", "black_wins", "lots"})


def columns(order: Sequence[str]) -> tuple[TiebreakColumn, ...]:
    """The columns a table shows for the tie-break ``order``: each but the drawing of lots."""
    return tuple(_COLUMNS[name] for name in order if name != "lots")


def cell(name: str, value: Sequence[Decimal]) -> str:
    """A tie-break's value as a table cell ("" where it has none: a player alone when the
    direct encounter applied)."""
    if not value:
        return ""
    if name == "sonneborn_berger":
        # Two decimals (normtui.text.tiebreak_text's form, which the rules may not import).
        exact = value[0].quantize(Decimal("0.01"))
        return f"{exact:f}" if exact == value[0] else f"{value[0].normalize():f}"
    if name in _WHOLE:
        return str(int(value[0]))
    return "/".join(f"{v.normalize():f}" for v in value)


def json_value(name: str, value: Sequence[Decimal]) -> int | float | list[int | float] | None:
    """A tie-break's value in JSON: a number, a list for a sequence (the direct encounter's
    loops, extended Koya's steps), ``null`` for none."""

    def number(v: Decimal) -> int | float:
        return int(v) if v == v.to_integral_value() else float(v)

    if not value:
        return None
    if name in ("direct_encounter", "extended_koya") and len(value) > 1:
        return [number(v) for v in value]
    return number(value[0])


def words(order: Sequence[str]) -> str:
    """The order in words: "direct encounter, wins, ..., then lots"."""
    names = [_COLUMNS[n].words for n in order if n != "lots"]
    text = ", ".join(names)
    return f"{text}, then lots" if "lots" in order else text


def legend(order: Sequence[str]) -> str:
    """The columns' codes with their names, in order, for a table's legend."""
    text = ", ".join(f"{c.code} {c.words}" for c in columns(order))
    return f"{text}; then lots" if "lots" in order else text
