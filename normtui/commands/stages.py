"""The stages around the main event on the command line: the blitz opener and the pairing
numbers it lets players choose (§1), and the play-off for a shared first place (§5)."""

from __future__ import annotations

from pathlib import Path

import click

from normtui.commands.common import echo_json, friendly
from normtui.commands.event import show_pairings
from normtui.commands.storecli import (
    db_argument,
    emit,
    json_option,
    opened,
    parse_round,
    report,
)
from normtui.rules.standings import Standing


def _standing_json(row: Standing) -> dict[str, object]:
    return {"rank": row.rank, "shared_rank": row.shared_rank, "player": row.name,
            "number": row.number, "points": row.points, "sonneborn_berger": row.sonneborn_berger,
            "wins": row.wins, "black_wins": row.black_wins}


def register(cli: click.Group) -> None:
    @cli.group("blitz")
    def blitz() -> None:
        """The blitz opener (§1): its games, its ranking, and the pairing numbers chosen in
        the order of that ranking."""

    @blitz.command("start")
    @db_argument
    @click.argument("seed", type=int)
    @friendly
    def blitz_start(db: Path, seed: int) -> None:
        """Draw the blitz numbers by lots with SEED and pair the opener (one Berger cycle).
        The same seed breaks a tie that survives every tie-break of the blitz ranking."""
        with opened(db) as store:
            report(store.start_blitz(seed))

    @blitz.command("pairings")
    @db_argument
    @click.option("--round", "round_no", type=int, help="Only this round.")
    @json_option
    @friendly
    def blitz_pairings(db: Path, round_no: int | None, as_json: bool) -> None:
        """The opener's pairings and results."""
        show_pairings(db, round_no, as_json, "blitz")

    @blitz.command("result")
    @db_argument
    @click.argument("round_no", metavar="ROUND")
    @click.argument("white")
    @click.argument("black")
    @click.argument("result")
    @click.option("--correct", is_flag=True, help="Replace a result already entered.")
    @friendly
    def blitz_result(db: Path, round_no: str, white: str, black: str, result: str,
                     correct: bool) -> None:
        """Enter a blitz result (1-0, 0-1, 1/2-1/2; no Armageddon in the opener)."""
        with opened(db) as store:
            report(store.enter_result(parse_round(round_no), white, black, result,
                                      correction=correct, stage="blitz"),
                   "that result is already entered")

    @blitz.command("standings")
    @db_argument
    @json_option
    @friendly
    def blitz_ranking(db: Path, as_json: bool) -> None:
        """The opener's ranking: points, Sonneborn-Berger, wins, wins with Black, lots."""
        with opened(db) as store:
            rows = store.blitz_standings()
        emit(rows, as_json, lambda r: f"{r.shared_rank or '-':>5} {r.name:<26} "
             f"{r.points.normalize():f}", to_json=_standing_json)

    @blitz.command("choose")
    @db_argument
    @click.argument("numbers", nargs=-1, type=int, required=True)
    @friendly
    def blitz_choose(db: Path, numbers: tuple[int, ...]) -> None:
        """Pairing numbers chosen in the order of the blitz ranking: NUMBERS lists the number
        chosen by the winner, then by the second, ... (the last may be left out). The main
        event is paired again from these numbers (only before it has begun)."""
        with opened(db) as store:
            report(store.choose_numbers(list(numbers)))

    @cli.group("playoff")
    def playoff() -> None:
        """The play-off when first place is shared (§5): two players, a blitz match and an
        Armageddon if tied; three or more, a double round robin."""

    @playoff.command("show")
    @db_argument
    @json_option
    @friendly
    def playoff_show(db: Path, as_json: bool) -> None:
        """Where the play-off stands: players, games, results, the next game, the winner."""
        with opened(db) as store:
            state = store.playoff()
            names = {p.number: p.name for p in store.players()}
        if as_json:
            echo_json({"needed": state.needed, "format": state.format,
                       "players": [names[n] for n in state.players],
                       "winner": names.get(state.winner) if state.winner else None,
                       "status": state.status,
                       "games": [{"id": g.id, "kind": g.kind, "white": names[g.white],
                                  "black": names[g.black], "result": g.result}
                                 for g in state.games]})
            return
        click.echo(state.status)
        for g in state.games:
            click.echo(f"  {g.id:<6} {names[g.white]:<26} {names[g.black]:<26} {g.result or ''}")
        for note in state.notes:
            click.echo(note)

    @playoff.command("start")
    @db_argument
    @click.argument("seed", type=int)
    @friendly
    def playoff_start(db: Path, seed: int) -> None:
        """Start the play-off after the last round; every lot is drawn from SEED."""
        with opened(db) as store:
            report(store.start_playoff(seed))

    @playoff.command("result")
    @db_argument
    @click.argument("game")
    @click.argument("result", type=click.Choice(["1-0", "0-1", "1/2-1/2"]))
    @click.option("--correct", is_flag=True, help="Replace a result already entered.")
    @friendly
    def playoff_result(db: Path, game: str, result: str, correct: bool) -> None:
        """Enter the result of play-off GAME (M1, M2, A for the Armageddon, R3.2 ...)."""
        with opened(db) as store:
            report(store.enter_playoff_result(game, result, correction=correct),
                   "that result is already entered")

    @playoff.command("choose")
    @db_argument
    @click.argument("colour", type=click.Choice(["white", "black"]))
    @friendly
    def playoff_choose(db: Path, colour: str) -> None:
        """The colour the higher-ranked player chose for the Armageddon (when the profile
        lets them choose)."""
        with opened(db) as store:
            report(store.set_playoff_choice(colour))
