"""The straightforward definitions that the store's fast paths must agree with:
the reads as first written, one record per game, a round or a game at a time.
tests/store/test_fast_paths.py compares them with the store's."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from normtui.rules.live import armageddon_deadline
from normtui.rules.model import (
    ArmageddonResult,
    Game,
    GameState,
    MainResult,
    Postponement,
)
from normtui.rules.profile import Profile
from normtui.rules.scoresheets import Signatures, provisional_games
from normtui.rules.scoring import blitz_points, is_complete, pairing_points
from normtui.rules.standings import Standing, compute_standings
from normtui.store import ByeRecord, EventStore, GameRecord, RoundRecord

GAMES_SQL = """
SELECT g.*, w.number AS white_number, w.name AS white_name,
       b.number AS black_number, b.name AS black_name
FROM games g JOIN players w ON w.id = g.white JOIN players b ON b.id = g.black
"""
STANDINGS_SQL = """
SELECT g.round, g.board, w.number, b.number, g.result, g.armageddon, g.state,
       g.signed_white, g.signed_black, g.signed_arbiter
FROM games g JOIN players w ON w.id = g.white JOIN players b ON b.id = g.black
WHERE g.stage = 'main'
"""
MAIN: dict[str | None, MainResult | None] = {None: None, **{m.value: m for m in MainResult}}
BOARD: dict[str | None, ArmageddonResult | None] = {
    None: None,
    **{m.value: m for m in ArmageddonResult},
}
STATE: dict[str, GameState] = {s.value: s for s in GameState}


def game_record(row: dict[str, Any], profile: Profile) -> GameRecord:
    result = MAIN[row["result"]]
    armageddon = BOARD[row["armageddon"]]
    state = STATE[row["state"]]
    points = None
    if row["stage"] == "main":
        g = Game(
            row["round"],
            row["board"],
            row["white_number"],
            row["black_number"],
            result,
            armageddon,
            state,
        )
        points = pairing_points(g, profile.points, profile.classical.armageddon_draw_winner)
    elif result is not None:
        points = blitz_points(result, profile.blitz_points)
    deadline = None
    if result is MainResult.DRAW and armageddon is None and row["result_at"]:
        # result_at is when the game ended (the feed's clocks) or when its result was entered.
        minutes = profile.classical.armageddon_start_within_minutes
        deadline = armageddon_deadline(datetime.fromisoformat(row["result_at"]), minutes)
    return GameRecord(
        id=row["id"],
        stage=row["stage"],
        round=row["round"],
        board=row["board"],
        white=row["white_number"],
        black=row["black_number"],
        white_name=row["white_name"],
        black_name=row["black_name"],
        result=result,
        armageddon=armageddon,
        state=state,
        pgn=row["pgn"],
        armageddon_pgn=row["armageddon_pgn"],
        signatures=Signatures(
            bool(row["signed_white"]), bool(row["signed_black"]), bool(row["signed_arbiter"])
        ),
        version=row["version"],
        points=points,
        result_at=datetime.fromisoformat(row["result_at"]) if row["result_at"] else None,
        armageddon_deadline=deadline,
        postponed_to=Postponement(row["postponed_to"]) if row["postponed_to"] else None,
        result_from=row.get("result_from"),
        armageddon_from=row.get("armageddon_from"),
    )


def games(store: EventStore, stage: str = "main") -> list[GameRecord]:
    rows = store._core.rows(f"{GAMES_SQL} WHERE g.stage = ? ORDER BY g.round, g.board", [stage])
    return [game_record(r, store.profile) for r in rows]


def byes(store: EventStore, stage: str = "main") -> list[ByeRecord]:
    every = games(store, stage)
    out = []
    for rnd in range(1, len(rounds(store, stage)) + 1):
        playing = {n for g in every if g.round == rnd for n in (g.white, g.black)}
        out += [
            ByeRecord(stage, rnd, p.number, p.name)
            for p in store.players()
            if p.number not in playing
        ]
    return out


def rounds(store: EventStore, stage: str = "main") -> list[RoundRecord]:
    rows = store._core.rows("SELECT * FROM rounds WHERE stage = ? ORDER BY round", [stage])
    every = games(store, stage)
    out = []
    for r in rows:
        mine = [g for g in every if g.round == r["round"]]
        done = sum(1 for g in mine if is_complete(g.game()))
        out.append(
            RoundRecord(
                r["stage"], r["round"], r["date"], r["start_time"], r["status"], len(mine), done
            )
        )
    return out


def current_round(store: EventStore) -> int:
    for g in games(store):
        if g.state is not GameState.POSTPONED and not is_complete(g.game()):
            return g.round
    return store.event.rounds


def undecided_main(store: EventStore) -> str | None:
    for g in games(store):
        if g.result is None or (g.points is None and g.state is not GameState.FORFEIT):
            return f"the play-off is played after the last round; {g.label} is not decided"
    return None


def main_games(store: EventStore) -> list[Game]:
    rows = store._core.conn.execute(STANDINGS_SQL).fetchall()
    return [Game(r[0], r[1], r[2], r[3], MAIN[r[4]], BOARD[r[5]], STATE[r[6]]) for r in rows]


def main_table(store: EventStore) -> list[Standing]:
    """The main table from every game read afresh (what the store keeps between reads must
    give the same)."""
    rows = store._core.conn.execute(STANDINGS_SQL).fetchall()
    main = main_games(store)
    signatures = {(r[0], r[1]): Signatures(bool(r[7]), bool(r[8]), bool(r[9])) for r in rows}
    return compute_standings(
        store.players(), main, store.profile, provisional_games=provisional_games(main, signatures)
    )


def complete_through(games: list[GameRecord], rounds: int) -> int:
    done = 0
    for rnd in range(1, rounds + 1):
        if any(g.points is None for g in games if g.round == rnd):
            break
        done = rnd
    return done
