"""Do the attached records say the results entered? (`normtui check`, after a correction.)

A record is kept beside its result, and a correction changes the result but not the record it
contradicts (the moves are still the game's): the contradiction stays until the arbiter
replaces the record or corrects the result back. The signed scoresheet decides (§8); these
lines say where a record and the entry disagree. A record that states no result ("*") agrees
with anything; a forfeit scores as the win it is ("+/-" is "1-0").

python-chess is imported only when there is a record to read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from normtui.store import EventStore

__all__ = ["disagreements", "record_result"]

_COMMENTS = re.compile(r"\{[^}]*\}|;[^\n]*")
_ARTICLE = "Regulations §8"


def record_result(text: str) -> str | None:
    """The result a record states: its Result tag, else the result after its moves (as the
    validator reads it); ``None`` when it states none.

    >>> record_result('[Result "1-0"]\\n\\n1. e4 e5 1-0\\n'), record_result("1. e4 *")
    ('1-0', None)
    """
    from normtui.pgn.reader import TAG_LINE, split_text
    from normtui.pgn.record import read_result

    raw = next(split_text(text), None)
    if raw is None:
        return None
    headers: dict[str, str] = {}
    for line in raw.header_text.splitlines():
        match = TAG_LINE.match(line.strip())
        if match:
            headers.setdefault(match.group(1), match.group(2))
    words = _COMMENTS.sub(" ", raw.movetext).split()
    token = words[-1] if words and words[-1] in ("1-0", "0-1", "1/2-1/2", "½-½", "*") else None
    result, _findings = read_result(headers, token)
    return None if result in (None, "*") else result


def disagreements(store: EventStore) -> list[str]:
    """One line per attached record (main game, Armageddon, play-off game) whose result is
    not the result entered for it."""
    from normtui.pgn.record import same_outcome

    out: list[str] = []

    def compare(label: str, text: str, entered: str | None) -> None:
        said = record_result(text)
        if said is None or entered is None or same_outcome(said, entered):
            return
        out.append(f"{label}: the record says {said} but {entered} is entered; correct the "
                   f"result or replace the record ({_ARTICLE})")

    for stage in store.event.stages:
        if stage == "playoff":
            continue
        where = "" if stage == "main" else f"{stage} "
        for g in store.games(stage=stage):
            if g.pgn is not None:
                compare(f"{where}{g.label} main game", g.pgn,
                        g.result.value if g.result else None)
            if g.armageddon_pgn is not None:
                compare(f"{g.label} Armageddon", g.armageddon_pgn,
                        g.armageddon.value if g.armageddon else None)
    for game, result, text in store.playoff_records():
        compare(f"play-off game {game}", text, result)
    return out
