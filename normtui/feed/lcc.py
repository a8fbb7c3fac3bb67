"""LiveChess Cloud's public JSON, written out as PGN so that one reader (python-chess) reads every
game the feed brings, whatever its source. The layout, as lichess's relay reads it:
docs/livechess-cloud.md.

>>> game = {"result": "DRAW", "firstMove": 1654614000000, "clock": None,
...         "moves": ["e4 7190+10", "e5 +31"]}
>>> pairing = {"white": {"fname": "Aryan", "lname": "Tari"},
...            "black": {"fname": "Magnus", "lname": "Carlsen"}, "result": "*"}
>>> print(game_pgn({"name": "Norway Chess"}, {"date": "2022-06-07"}, pairing, game, 7, 3))
[Event "Norway Chess"]
[Date "2022.06.07"]
[Round "7.3"]
[White "Tari, Aryan"]
[Black "Carlsen, Magnus"]
[Result "1/2-1/2"]
[ReferenceTime "W/2022-06-07T15:00:31+00:00"]
<BLANKLINE>
1. e4 {[%clk 1:59:50]} {[%emt 0:00:10]} e5 {[%emt 0:00:31]} 1/2-1/2
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from normtui.rules.errors import NormtuiError

__all__ = ["LccFormatError", "game_pgn", "lcc_result", "parse_move", "player_name"]

_RESULTS = {
    "WHITEWIN": "1-0",
    "BLACKWIN": "0-1",
    "DRAW": "1/2-1/2",
    "1-0": "1-0",
    "0-1": "0-1",
    "1/2-1/2": "1/2-1/2",
    "½-½": "1/2-1/2",
    "*": "*",
}


class LccFormatError(NormtuiError, ValueError):
    """JSON that is not what LiveChess Cloud sends (one line, for the feed's status)."""


def lcc_result(value: object) -> str:
    """A result as LiveChess Cloud writes it, in PGN ("*" while the game goes on).

    >>> lcc_result("WHITEWIN"), lcc_result(None), lcc_result("½-½")
    ('1-0', '*', '1/2-1/2')
    """
    if value is None or value == "":
        return "*"
    if not isinstance(value, str) or value.strip().upper() not in {k.upper() for k in _RESULTS}:
        raise LccFormatError(f"{value!r} is not a result")
    return next(v for k, v in _RESULTS.items() if k.upper() == value.strip().upper())


def parse_move(word: str) -> tuple[str, int | None, int | None]:
    """(SAN, clock seconds, seconds the move took) of one of ``moves``.

    >>> parse_move("Nc2 34+2"), parse_move("dxe4 63"), parse_move("fxe4 +31"), parse_move("e4")
    (('Nc2', 34, 2), ('dxe4', 63, None), ('fxe4', None, 31), ('e4', None, None))
    """
    if not isinstance(word, str) or not word.strip():
        raise LccFormatError(f"{word!r} is not a move")
    san, _, times = word.strip().partition(" ")
    clock_text, _, used_text = times.strip().partition("+")
    return san, _int(clock_text), _int(used_text)


def _int(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() else None


def player_name(player: object) -> str:
    """ "Lname, Fname Mname", as the pairing list and PGN write a name."""
    if not isinstance(player, Mapping):
        return "?"
    given = " ".join(str(player[k]) for k in ("fname", "mname") if player.get(k))
    last = str(player.get("lname") or "").strip()
    if last and given:
        return f"{last}, {given}"
    return last or given or "?"


def _hms(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def _tag(name: str, value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def game_pgn(
    tournament: Mapping[str, Any],
    index: Mapping[str, Any],
    pairing: Mapping[str, Any],
    game: Mapping[str, Any],
    round_no: int,
    number: int,
) -> str:
    """One game of a LiveChess Cloud round as PGN, with the clocks as DGT's PGN writes them."""
    if not isinstance(game, Mapping) or not isinstance(game.get("moves", []), list):
        raise LccFormatError("a game without a list of moves")
    moves = [parse_move(m) for m in game.get("moves") or []]
    clock = game.get("clock") if isinstance(game.get("clock"), Mapping) else None
    if clock and moves:
        # lila's replaceLastMoveTimesWithClock: the clock object holds the last readings.
        for i in range(max(0, len(moves) - 2), len(moves)):
            side = "white" if i % 2 == 0 else "black"
            if isinstance(clock.get(side), int):
                san, _old, used = moves[i]
                moves[i] = (san, clock[side], used)
    result = lcc_result(game.get("result"))
    if result == "*" and not game.get("live"):
        result = lcc_result(pairing.get("result")) if pairing.get("result") else "*"
    tags = [_tag("Event", tournament.get("name") or "?")]
    site = ", ".join(str(tournament[k]) for k in ("location", "country") if tournament.get(k))
    if site:
        tags.append(_tag("Site", site))
    date = str(index.get("date") or "")[:10]
    if len(date) == 10:
        tags.append(_tag("Date", date.replace("-", ".")))
    tags += [
        _tag("Round", f"{round_no}.{number}"),
        _tag("White", player_name(pairing.get("white"))),
        _tag("Black", player_name(pairing.get("black"))),
        _tag("Result", result),
    ]
    for colour in ("white", "black"):
        player = pairing.get(colour)
        if isinstance(player, Mapping):
            if player.get("title"):
                tags.append(_tag(f"{colour.capitalize()}Title", player["title"]))
            if player.get("fideid"):
                tags.append(_tag(f"{colour.capitalize()}FideId", player["fideid"]))
    at = _reference_time(game, moves)
    if at is not None:
        turn = "W" if len(moves) % 2 == 0 else "B"
        tags.append(_tag("ReferenceTime", f"{turn}/{at.isoformat(timespec='seconds')}"))
    words = []
    for i, (san, clk, used) in enumerate(moves):
        if i % 2 == 0:
            words.append(f"{i // 2 + 1}.")
        words.append(san)
        if clk is not None:
            words.append(f"{{[%clk {_hms(clk)}]}}")
        if used is not None:
            words.append(f"{{[%emt {_hms(used)}]}}")
    words.append(result)
    return "\n".join(tags) + "\n\n" + " ".join(words) + "\n"


def _reference_time(
    game: Mapping[str, Any], moves: list[tuple[str, int | None, int | None]]
) -> datetime | None:
    """When the clocks last stood as given: ``clock.time``, else the first move's time plus what
    the moves after it took."""
    clock = game.get("clock")
    if isinstance(clock, Mapping) and isinstance(clock.get("time"), int | float):
        return datetime.fromtimestamp(clock["time"] / 1000, UTC)
    first = game.get("firstMove")
    if not isinstance(first, int | float) or not moves:
        return None
    spent = sum(used or 0 for _san, _clk, used in moves[1:])
    return datetime.fromtimestamp(first / 1000, UTC) + timedelta(seconds=spent)
