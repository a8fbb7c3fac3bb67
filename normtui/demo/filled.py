"""A filled event of any size, for the benchmarks: ``python -m normtui.demo --filled N``.

The rules claim any number of players, and a larger round robin must cost what its games cost.
This builds an event of ``players`` players (Player 001, Player 002, ...) over ``cycles``
cycles, from the 2022 profile with only its ``[event]`` size changed, and enters a result for
every board of rounds 1 to ``through`` (default: every round but the last, which waits for its
results as on the last day), each with a PGN text, through the store's own API: every result
is one audited change, as at the venue.

The results are drawn from a generator seeded with the size, so the same options give the
same event: about a third White wins, a quarter Black wins, a third draws with their
Armageddon, and one forfeit in fifty. The PGN texts are the real 2022 games' moves under these
players' tags (the moves do not match the result: nothing here validates them).
"""

from __future__ import annotations

import random
import re
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

from normtui.assets import read_profile_text
from normtui.demo.data2022 import DATA_2022
from normtui.store import EventStore, InputError, PlayerInput
from normtui.store.connection import remove_database

__all__ = ["build_filled", "filled_profile_text"]

_START = datetime(2022, 5, 31, 16, 0, tzinfo=timezone(timedelta(hours=2)))


def filled_profile_text(players: int, cycles: int = 1) -> str:
    """The 2022 profile for ``players`` over ``cycles`` cycles, as ``normtui new`` makes it
    for a field of that size."""
    from normtui.store.profile_text import event_profile_text  # cycle: profile_text is the store's

    return event_profile_text(
        read_profile_text(),
        players,
        cycles=cycles,
        name=f"Filled round robin, {players} players, {cycles} cycle(s)",
    )


def _movetexts() -> list[str]:
    text = (DATA_2022 / "classical.pgn").read_text(encoding="utf-8").replace("\r\n", "\n")
    moves = [
        chunk.split("\n\n", 1)[1].strip()
        for chunk in re.split(r"\n\s*\n(?=\[Event )", text.strip())
    ]
    # The moves without their result token: each record gets the result entered.
    return [m.rsplit(" ", 1)[0] for m in moves]


def _pgn(name: str, rnd: int, white: str, black: str, result: str, moves: str) -> str:
    tags = {
        "Event": name,
        "Site": "Stavanger NOR",
        "Date": "????.??.??",
        "Round": str(rnd),
        "White": white,
        "Black": black,
        "Result": result,
    }
    head = "\n".join(f'[{k} "{v}"]' for k, v in tags.items())
    return f"{head}\n\n{moves} {result}\n"


def build_filled(
    path: str | Path, players: int, *, cycles: int = 1, through: int | None = None
) -> None:
    """Write a filled event to ``path`` (which must not exist); see the module's doc."""
    if players < 10 or cycles < 1:
        # The 2022 profile has ten prizes, one per player at most (§5).
        raise InputError("a filled event needs at least 10 players and 1 cycle")
    names = [PlayerInput(f"Player {n:03d}", 2800 - n) for n in range(1, players + 1)]
    now = [_START]
    store = EventStore.create(
        path, names, filled_profile_text(players, cycles), actor="arbiter", clock=lambda: now[0]
    )
    try:
        rounds = store.event.rounds
        last = rounds - 1 if through is None else through
        if not 0 <= last <= rounds:
            raise InputError(f"--through must be a round from 0 to {rounds}")
        lots = random.Random(f"normtui filled {players} {cycles}")
        moves = _movetexts()
        name = store.event.name
        for rnd in range(1, rounds + 1):
            day = _START + timedelta(days=rnd - 1)
            store.rounds.set_schedule(rnd, date=date.isoformat(day.date()), start_time="16:00")
        for rnd in range(1, last + 1):
            now[0] = _START + timedelta(days=rnd - 1, hours=3)
            for g in store.games(rnd):
                draw = lots.random()
                if draw < 0.02:
                    store.games.enter_result(rnd, g.white, g.black, "+/-" if draw < 0.01 else "-/+")
                    continue
                result = "1-0" if draw < 0.37 else "0-1" if draw < 0.62 else "1/2-1/2"
                text = _pgn(
                    name, rnd, g.white_name, g.black_name, result, moves[lots.randrange(len(moves))]
                )
                store.games.attach_pgn(g.id, "main", text, result=result)
                if result == "1/2-1/2":
                    store.games.enter_armageddon(
                        rnd, g.white, g.black, lots.choice(("1-0", "0-1", "1/2-1/2"))
                    )
    except BaseException:
        store.close()
        remove_database(Path(path))
        raise
    store.close()
