"""The complete Norway Chess 2022 main event in a store, built from the real games.

``normtui.demo`` builds the event only up to round 7 (``build_demo`` has no "all rounds"
switch), so this reuses its PGN reader and its reading of the players, and enters every
round: 45 main games, 31 Armageddon games, each with its PGN text, and each round's date
from the Date tags.
Variants for the tests: a player withdrawn after a given round (§9), and Armageddon results
overridden (to make first place shared and force a play-off).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

from normtui.assets import DATA_2022, read_profile_text
from normtui.demo.data2022 import players_2022, read_games
from normtui.store import EventStore, fixed_clock

CLOCK = fixed_clock(datetime(2022, 6, 10, 20, 0, tzinfo=UTC))
# (round, White's pairing number) -> the Armageddon result to enter instead of the real one.
Overrides = Mapping[tuple[int, int], str]


def build_2022(
    path: Path,
    *,
    through_round: int = 9,
    withdraw: tuple[int, str] | None = None,
    armageddon: Overrides | None = None,
    with_pgn: bool = True,
) -> None:
    """Write the event to ``path``: rounds 1..``through_round`` entered; ``withdraw`` =
    (round, name) withdraws that player after that round (their later games become forfeits
    and are skipped here). ``with_pgn=False`` leaves out the move texts, for tests about
    results only (a PGN export replays every move and costs a second or two)."""
    classical = read_games(DATA_2022 / "classical.pgn")
    arm_games = read_games(DATA_2022 / "armageddon.pgn")
    arm_of = {(g.round, g.tags["White"], g.tags["Black"]): g for g in arm_games}
    dates = {g.round: g.tags["Date"].replace(".", "-") for g in classical}
    # The demo's own reading of players, ratings and FIDE ids (private there, but the same
    # facts should be read one way only); federations are not in the PGN and stay empty.
    store = EventStore.create(
        path, players_2022(classical, arm_games), read_profile_text(), actor="test", clock=CLOCK
    )
    try:
        for rnd in range(1, 10):
            store.rounds.set_schedule(rnd, date=dates[rnd], start_time="16:00")
        for rnd in range(1, through_round + 1):
            games = {(g.white_name, g.black_name): g for g in store.games(rnd)}
            for pgn in (g for g in classical if g.round == rnd):
                record = games[(pgn.tags["White"], pgn.tags["Black"])]
                if record.result is not None:  # forfeited by a withdrawal
                    continue
                arm = arm_of.get((rnd, pgn.tags["White"], pgn.tags["Black"]))
                board = (armageddon or {}).get(
                    (rnd, record.white), arm.tags["Result"] if arm else None
                )
                store.games.enter_result(
                    rnd, record.white, record.black, pgn.tags["Result"], armageddon=board
                )
                if not with_pgn:
                    continue
                store.games.attach_pgn(record.id, "main", pgn.text)
                if arm is not None:
                    store.games.attach_pgn(record.id, "armageddon", arm.text)
            if withdraw and withdraw[0] == rnd:
                store.desk.withdraw(withdraw[1])
    finally:
        store.close()
