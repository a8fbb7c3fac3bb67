"""Do the attached records say the results entered? (`normtui check`, after a correction.)

A record is kept beside its result, and a correction changes the result but not the record it
contradicts (the moves are still the game's): the contradiction stays until the arbiter
replaces the record or corrects the result back. The signed scoresheet decides (§8); these
lines say where a record and the entry disagree. A record that states no result ("*") agrees
with anything; a forfeit scores as the win it is ("+/-" is "1-0").

A record's result is its Result tag, else the result after its moves, as the validator reads
it (``normtui.pgn.record.read_result``); read here by the readers of its tags and its movetext
alone, so that `normtui check` does not load python-chess to compare a few words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from normtui.pgn.movetext import read_movetext
from normtui.pgn.tags import read_tags, split_head
from normtui.rules.model import MainResult, ResultError, parse_result

if TYPE_CHECKING:
    from normtui.store import EventStore

__all__ = ["agrees", "disagreements", "record_result"]

_ARTICLE = "Regulations §8"


def record_result(text: str) -> MainResult | None:
    """The result a record states: its Result tag, else the result after its moves; ``None``
    when it states none ("*", nothing, or no result at all).

    >>> record_result('[Result "1-0"]\\n\\n1. e4 e5 1-0\\n'), record_result("1. e4 *")
    (<MainResult.WHITE_WIN: '1-0'>, None)
    """
    head, moves = split_head(text)
    said = read_tags(head).get("Result", "").strip()
    if said in ("", "?"):
        said = read_movetext(moves).result or ""
    if said == "*":
        return None
    try:
        return parse_result(said)
    except ResultError:
        return None


def _same_outcome(a: MainResult, b: MainResult) -> bool:
    return a is b or (
        a.winner == b.winner
        and (a is MainResult.DOUBLE_FORFEIT) == (b is MainResult.DOUBLE_FORFEIT)
    )


def agrees(said: MainResult | None, entered: str) -> bool:
    """Whether a record stating ``said`` agrees with the result ``entered`` (as `check`
    compares them: a record that states none agrees with anything)."""
    return said is None or _same_outcome(said, parse_result(entered))


def disagreements(store: EventStore) -> list[str]:
    """One line per attached record (main game, Armageddon, play-off game) whose result is
    not the result entered for it."""
    out: list[str] = []

    def compare(label: str, text: str, entered: str | None) -> None:
        said = record_result(text)
        if said is None or entered is None or agrees(said, entered):
            return
        out.append(
            f"{label}: the record says {said.value} but {entered} is entered; correct "
            f"the result or replace the record ({_ARTICLE})"
        )

    for stage in store.event.stages:
        if stage == "playoff":
            continue
        where = "" if stage == "main" else f"{stage} "
        for g in store.games(stage=stage):
            if g.pgn is not None:
                compare(f"{where}{g.label} main game", g.pgn, g.result.value if g.result else None)
            if g.armageddon_pgn is not None:
                compare(
                    f"{g.label} Armageddon",
                    g.armageddon_pgn,
                    g.armageddon.value if g.armageddon else None,
                )
    for game, result, text in store.playoff.records():
        compare(f"play-off game {game}", text, result)
    return out
