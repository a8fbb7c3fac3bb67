"""Records 202 and 212 of a TRF26 file: how the file's rank column was decided.

TRF26 (FIDE, "Format of Tournament Report File, Version 2026") has record 202, "FIDE
Tie-Breaks used to break ties", and 212, "FIDE Tie-Breaks used to define standings — like
202 plus PTS": comma-separated codes of FIDE's tie-break regulations (C.07: PTS points, SB
Sonneborn-Berger, WIN wins counting forfeits, BWG games won with Black). FIDE's reference
reader, TieBreakServer (``trf2json.py``, ``parse_tiebreaks``), reads either record as its rank
order, 202 with PTS put in front, and a 212 record replaces a 202 one whatever their order in
the file; a code it does not know it computes as zero for everybody ("NUL"), silently.

Two things the event does have no FIDE code:

* A play-off. C.07 2.2 sets over-the-board play-offs beside tie-breaks, not among them, so no
  code says "the play-off decided places 1..k". What both the TRF26 text and TieBreakServer
  accept is a list of codes; TieBreakServer's help function ``RANK`` ("original rank in
  tournament file") ranks by the file's own rank column. So after the last round, when first
  place is shared, 212 is ``PTS,RANK``: the points, then the ranks as this file gives them
  (the play-off's order, or places 1..k shared while it is undecided). 202 keeps the event's
  tie-breaks (§6), which decided every place below; a ``###`` line says which places the
  play-off decided. In the play-off's own report ``RANK`` stands for what is not in that
  file: the Armageddon that decides a tied match, and the drawing of lots (§5 D).
* Sonneborn-Berger from the main games alone (``tiebreaks.sonneborn_berger_basis =
  "main_game"``, 1 / ½ / 0 for both factors). FIDE's SB, and TieBreakServer's, multiply the
  points of the file's own scoring (record 162: 3 / 1 / 0, plus 299's half points), which is
  the ``event_points`` basis. C.07 4.1 lets a tournament define its own tie-breaks; this one is
  written ``SBMG`` (SB over the main games) and defined in a ``###`` line. TieBreakServer does
  not know it and reads it as NUL: it cannot check that tie-break.

>>> main_codes(("sonneborn_berger", "wins", "black_wins"), "event_points")
['SB', 'WIN', 'BWG']
>>> main_codes(("sonneborn_berger", "wins", "black_wins"), "main_game")
['SBMG', 'WIN', 'BWG']
"""

from __future__ import annotations

from collections.abc import Sequence

from normtui.export.snapshot import ExportError, Snapshot
from normtui.text import clean_text

__all__ = ["main_codes", "main_records", "playoff_records"]

_CODES = {
    "sonneborn_berger": "SB",
    "wins": "WIN",
    "black_wins": "BWG",
    "direct_encounter": "DE",
    "koya": "KS",
}
# Extended Koya lowers KS's limit a score group at a time until the tie breaks: no single code
# (KS/L-n is one fixed limit) says that, so its outcome goes in the rank column.
_IN_RANK = frozenset({"extended_koya", "lots"})
# The rank column, as TieBreakServer reads it (its "help function" RANK).
RANK = "RANK"
MAIN_GAME_SB = "SBMG"


def main_codes(order: Sequence[str], sb_basis: str) -> list[str]:
    """The main event's tie-breaks (§6) as record-202 codes."""
    codes = []
    for name in order:
        if name in _IN_RANK:
            if RANK not in codes:
                codes.append(RANK)
            continue
        code = _CODES.get(name)
        if code is None:
            raise ExportError(f"tie-break {name!r} has no TRF code")
        codes.append(MAIN_GAME_SB if code == "SB" and sb_basis == "main_game" else code)
    return codes


def main_records(snap: Snapshot) -> list[str]:
    """Records 202 and 212 of the main event's report, and the ``###`` lines that say what
    they cannot."""
    tb = snap.profile.tiebreaks
    codes = main_codes(tb.order, tb.sonneborn_berger_basis)
    final = snap.final
    lines = [f"202 {','.join(codes)}"]
    if final.decided_by == "tiebreaks":
        lines.append(f"212 {','.join(['PTS', *codes])}")
    else:
        k = final.playoff_places
        playoff = snap.articles.full("playoff")
        lines.append(f"212 PTS,{RANK}")
        if final.decided_by == "playoff":
            winner = clean_text(next(r.player for r in final.rows if r.rank == 1))
            what = f"were decided by the play-off ({playoff}), won by {winner}"
        else:
            what = f"are shared: the play-off ({playoff}) that decides them is not over"
        lines.append(
            f"### normtui: places 1-{k} {what}; no FIDE tie-break names a play-off, "
            f"so 212 ranks by PTS, then {RANK} (the rank column); the places below "
            f"follow the tie-breaks of 202 ({snap.articles.full('tiebreaks')})"
        )
    if RANK in codes:
        lines.append(
            f"### normtui: {RANK} in 202 is the rank column: extended Koya (the KS limit "
            "lowered a score group at a time) has no TRF code"
        )
    if MAIN_GAME_SB in codes:
        lines.append(
            f"### normtui: {MAIN_GAME_SB} is this event's Sonneborn-Berger (FIDE C.07 "
            "4.1, defined in its regulations), not FIDE's SB: each main game's "
            "classical result (1 / 0.5 / 0) times that opponent's classical score"
        )
    return lines


def playoff_records(snap: Snapshot) -> list[str]:
    """Records 202 and 212 of the play-off's report, from its own tie-breaks (§5)."""
    state = snap.playoff
    rules = snap.profile.playoff
    if (
        state.format == "double_round_robin"
        and rules.round_robin_tiebreak_basis == "classical_games"
    ):
        # 2024: the round robin's ties are broken on the main event's classical games, which
        # are not in this file: no code computed from it can say so.
        codes = [RANK]
        why = (
            "the round robin's ties are broken on the main event's classical games "
            f"({', '.join(rules.round_robin_tiebreaks)}), which are not in this file"
        )
    elif state.format == "double_round_robin":
        codes = []
        for name in rules.round_robin_tiebreaks:
            if name in _IN_RANK:
                if RANK not in codes:
                    codes.append(RANK)
                continue
            code = _CODES.get(name)
            if code is None:
                raise ExportError(f"play-off tie-break {name!r} has no TRF code")
            codes.append(code)
        why = f"the drawing of lots{snap.articles.cite('lots')} is recorded in the rank column"
    else:
        codes = [RANK]
        cite = snap.articles.cite("playoff")
        why = {
            "armageddon": f"a tied match is decided by an Armageddon{cite}, which is not rated "
            "and not in this file",
            "sudden_death": f"a tied match is decided by sudden-death games{cite}, those with "
            "a clock for each colour not rated and not in this file",
            "match": f"a tied match is followed by further matches{cite}",
            "lots": f"a tied match is decided by a drawing of lots{cite}, not in this file",
        }[rules.after_match] + ": its outcome is in the rank column"
    lines = [f"202 {','.join(codes)}", f"212 {','.join(['PTS', *codes])}"]
    if RANK in codes:
        lines.append(f"### normtui: {RANK} in 202/212 is the rank column; {why}")
    return lines
