"""Each player's rating numbers and title norms from the event's main games
(``EventStore.ratings``, ``EventStore.norms``): what a table of the standings and the console
show of FIDE's numbers (``normtui standings``, the public page's standings.json, the standings
pane), read from the players and the main games alone, without the rest of an export's
snapshot. The numbers are :func:`normtui.rules.rating.rate_players`' and
:func:`normtui.rules.norms.check_norms`'.

A game whose record shows a player who made no move is not rated (B.02 §5.1): the record's
main line is counted up to two half-moves by the one tokenizer (``normtui.pgn.movetext``, as
python-chess reads them; a test holds the two to agree on every real record the project
keeps), which loads no python-chess into the commands that show the table.

>>> plies('[Event "x"]\\n\\n1. e4 {[%clk 1:59:50]} (1. d4 d5 2. c4) e5 2. Nf3 $1 1-0', 9)
3
>>> plies("1. e4 1-0"), plies("{White did not come} 0-1"), plies("1. e4 ; e5 never played")
(1, 0, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from typing import TYPE_CHECKING, NamedTuple, Protocol

from normtui.pgn.movetext import main_line
from normtui.pgn.tags import split_head
from normtui.rules.model import Game, MainResult, Player
from normtui.rules.norms import NormCheck, NormEvent, check_norms
from normtui.rules.rating import PlayerRating, rate_players
from normtui.store.controls import classical_controls
from normtui.store.values import main_result, stored_time

if TYPE_CHECKING:
    from normtui.store.core import Core

__all__ = ["event_year", "norms", "plies", "rating_fields", "ratings", "unmoved"]


def plies(record: str, enough: int = 2) -> int:
    """The half-moves of a record's main line, counted up to ``enough``."""
    count = 0
    for kind, _word, _at in main_line(split_head(record)[1]):
        if kind == "word":
            count += 1
            if count >= enough:
                break
    return count


class _Played(Protocol):
    """A main game as :func:`unmoved` reads it (a ``GameRecord``, or a row read here)."""

    @property
    def round(self) -> int: ...
    @property
    def board(self) -> int: ...
    @property
    def result(self) -> MainResult | None: ...
    @property
    def pgn(self) -> str | None: ...


class _Row(NamedTuple):
    round: int
    board: int
    white: int
    black: int
    result: MainResult | None
    pgn: str | None


# Only what the numbers need: no record's class is built (a read command shows the table).
_MAIN_SQL = """
SELECT g.round, g.board, w.number, b.number, g.result,
       CASE WHEN g.result IS NOT NULL THEN g.pgn END
FROM games g JOIN players w ON w.id = g.white JOIN players b ON b.id = g.black
WHERE g.stage = 'main' AND (? IS NULL OR g.round <= ?)
ORDER BY g.round, g.board
"""


def unmoved(games: Iterable[_Played]) -> set[tuple[int, int]]:
    """The (round, board) of main games with a result whose record shows a player who made
    no move (B.02 §5.1)."""
    return {
        (g.round, g.board) for g in games if g.result is not None and g.pgn and plies(g.pgn) < 2
    }


def event_year(dates: Iterable[str | None], created: datetime | None) -> int | None:
    """The event's year, for the junior K (B.02 §8.3.3): its first round's, else the year it
    was made in."""
    known = sorted(d for d in dates if d)
    if known:
        return date.fromisoformat(known[0]).year
    return created.year if created is not None else None


def _read(
    core: Core, through_round: int | None
) -> tuple[list[Player], list[_Row], dict[int, str | None], int | None]:
    with core.read():
        players = core.players()
        main = [
            _Row(rnd, board, white, black, main_result(result), pgn)
            for rnd, board, white, black, result, pgn in core.tuples(
                _MAIN_SQL, [through_round, through_round]
            )
        ]
        dates = {
            r["round"]: r["date"]
            for r in core.rows("SELECT round, date FROM rounds WHERE stage = 'main'")
        }
        created = stored_time(core.rows("SELECT created_at FROM event")[0]["created_at"])
    return players, main, dates, event_year(dates.values(), created)


def _games(main: Iterable[_Row]) -> list[Game]:
    return [Game(g.round, g.board, g.white, g.black, g.result) for g in main]


def ratings(core: Core, through_round: int | None = None) -> dict[int, PlayerRating]:
    """Every player's rating numbers from the main games (of rounds up to ``through_round``)."""
    players, main, _dates, year = _read(core, through_round)
    return rate_players(players, _games(main), year=year, no_move=unmoved(main))


def norms(core: Core) -> list[NormCheck]:
    """Every player's title norms (B.01 §1.4), from the same reads and the event's facts: its
    federation and exemption, the controls its games were played at, its rounds' dates."""
    players, main, dates, _year = _read(core, None)
    with core.read():
        event = core.rows("SELECT federation, norm_exemption FROM event")[0]
        profile = core.profile
    control = classical_controls(core)
    facts = NormEvent(
        profile.event.cycles,
        len(players),
        profile.event.rounds,
        event["federation"],
        event["norm_exemption"],
        control,
        dates,
    )
    return check_norms(players, _games(main), facts, no_move=unmoved(main))


def rating_fields(r: PlayerRating | None) -> dict[str, object]:
    """What a row of the standings adds of FIDE's numbers (``normtui standings --json``,
    ``standings.json``): the rating change with one decimal (null unrated) and Rp."""
    if r is None:
        return {"rating_change": None, "performance": None}
    return {
        "rating_change": None if r.change is None else float(r.change_text),
        "performance": r.rp,
    }
