"""The stages around the main event on the command line: the blitz opener and the pairing
numbers it lets players choose (§1), and the play-off for a shared first place (§5)."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path

import click

from normtui.commands.common import (
    PAIRING_NUMBER,
    ROUND_NUMBER,
    SEED,
    UserError,
    actor_option,
    command,
    data,
    db_argument,
    echo,
    echo_json,
    emit,
    friendly,
    group,
    json_option,
    opened,
    parse_round,
    report,
    reports,
)
from normtui.commands.event import show_pairings
from normtui.rules.standings import Standing
from normtui.store.connection import refuse_event_file
from normtui.store.final import KIND_LABELS, PlayoffView
from normtui.text import TextFileError, is_number, read_text_file

# How the play-off table names its tie-breaks (the profile's playoff.round_robin_tiebreaks).
_TIEBREAK_LABELS = {
    "sonneborn_berger": "SB",
    "wins": "wins",
    "black_wins": "with Black",
    "direct_encounter": "direct encounter",
    "koya": "Koya",
    "extended_koya": "extended Koya",
    "lots": "lot",
}


def _tiebreaks_text(values: dict[str, Decimal | list[Decimal]]) -> str:
    def shown(value: Decimal | list[Decimal]) -> str:
        if isinstance(value, list):
            return "/".join(f"{v.normalize():f}" for v in value) or "-"
        return f"{value.normalize():f}"

    return ", ".join(
        f"{_TIEBREAK_LABELS.get(name, name)} {shown(value)}" for name, value in values.items()
    )


def _standing_json(row: Standing) -> dict[str, object]:
    return {
        "rank": row.rank,
        "shared_rank": row.shared_rank,
        "player": row.name,
        "number": row.number,
        "points": row.points,
        "sonneborn_berger": row.sonneborn_berger,
        "wins": row.wins,
        "black_wins": row.black_wins,
    }


@group("blitz")
def blitz() -> None:
    """The blitz opener (§1): its games, its ranking, and the pairing numbers chosen in
    the order of that ranking."""


@blitz.command("start")
@db_argument
@click.argument("seed", type=SEED)
@reports
@friendly
def blitz_start(db: Path, seed: int) -> None:
    """Draw the blitz numbers by lots with SEED and pair the opener (one Berger cycle).
    The same seed breaks a tie that survives every tie-break of the blitz ranking."""
    with opened(db) as store:
        report(store.stages.start_blitz(seed))


@blitz.command("pairings")
@db_argument
@click.option("--round", "round_no", type=ROUND_NUMBER, help="Only this round.")
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
@reports
@friendly
def blitz_result(
    db: Path, round_no: str, white: str, black: str, result: str, correct: bool
) -> None:
    """Enter a blitz result (1-0, 0-1, 1/2-1/2; no Armageddon in the opener)."""
    with opened(db) as store:
        report(
            store.games.enter_result(
                parse_round(round_no), white, black, result, correction=correct, stage="blitz"
            ),
            "that result is already entered",
        )


@blitz.command("standings")
@db_argument
@json_option
@friendly
def blitz_ranking(db: Path, as_json: bool) -> None:
    """The opener's ranking: points, Sonneborn-Berger, wins, wins with Black, lots."""
    with opened(db) as store:
        rows = store.stages.blitz_standings()
    emit(
        rows,
        as_json,
        lambda r: f"{r.shared_rank or '-':>5} {r.name:<26} {r.points.normalize():f}",
        to_json=_standing_json,
    )


@blitz.command("choose")
@db_argument
@click.argument("numbers", nargs=-1, type=PAIRING_NUMBER, required=True)
@reports
@friendly
def blitz_choose(db: Path, numbers: tuple[int, ...]) -> None:
    """Pairing numbers chosen in the order of the blitz ranking: NUMBERS lists the number
    chosen by the winner, then by the second, ... (the last may be left out). The main
    event is paired again from these numbers (only before it has begun)."""
    with opened(db) as store:
        report(store.stages.choose_numbers(list(numbers)))


@command("lots")
@db_argument
@click.argument("drawn", nargs=-1, required=True, metavar="PLAYER NUMBER [PLAYER NUMBER ...]")
@click.option(
    "--force",
    is_flag=True,
    help="Pair the event again even though a round has started (its boards are scheduled "
    "again with their new pairings); a game with a result always keeps its pairing.",
)
@reports
@friendly
def lots(db: Path, drawn: tuple[str, ...], force: bool) -> None:
    """Record the drawing of lots for the pairing numbers (before round 1): each PLAYER
    takes the NUMBER drawn, and the Berger tables pair the event again from them.

    The player who had that number takes the drawer's old one, so the drawing may be entered
    whole or one player at a time as the envelopes are opened. PLAYER is a name (a part that
    matches one player) or the pairing number the player has now. Once a round has started
    (a board in progress) it is refused unless --force; once a game has a result, always.
    Audited, undone by `normtui undo`. The players file's `number` column gives the drawing
    when the event is made."""
    if len(drawn) % 2:
        raise UserError(
            f"give each PLAYER with the NUMBER drawn: {len(drawn)} word"
            f"{'s' * (len(drawn) != 1)}, not pairs "
            "(e.g. normtui lots DB Giri 3 Carlsen 7)"
        )
    pairs = []
    for who, number in zip(drawn[::2], drawn[1::2], strict=True):
        if not is_number(number) or len(number) > 4:
            raise UserError(f"{number!r} (drawn by {who!r}) is not a pairing number")
        pairs.append((who, int(number)))
    with opened(db) as store:
        report(store.stages.draw_numbers(pairs, force=force), "those are the numbers already")
        listed = store.players()
    data(
        "players",
        [{"number": p.number, "name": p.name} for p in listed],
        [f"{p.number:>4} {p.name}" for p in listed],
    )


@command("playoff")
@db_argument
@click.option(
    "--start",
    "start",
    is_flag=True,
    help="Start the play-off (after the last round): create its games.",
)
@click.option(
    "--seed",
    type=SEED,
    help="With --start: the seed every lot is drawn from "
    "(default: drawn from the operating system, recorded and printed).",
)
@click.option(
    "--result",
    "result",
    nargs=2,
    metavar="ID RESULT",
    help="Enter the result of game ID (M1, M2, A, R3.2): 1-0, 0-1 or 1/2-1/2.",
)
@click.option(
    "--correct",
    is_flag=True,
    help="With --result: replace a result; with --pgn: replace a record.",
)
@click.option(
    "--choose",
    type=click.Choice(["white", "black"]),
    help="The Armageddon colour chosen by the player higher on the tie-breaks "
    "(when the profile lets them choose).",
)
@click.option(
    "--pgn",
    "pgn",
    nargs=2,
    metavar="ID FILE",
    help="Attach the record of game ID from FILE, checked against the play-off "
    "time control, its players and its entered result.",
)
@click.option(
    "--white",
    metavar="PLAYER",
    help="The drawing of colours made at the board: PLAYER has White in the next game whose "
    "colours are drawn (with --start: the first game), instead of the seed's lot.",
)
@click.option(
    "--lot",
    metavar="PLAYER",
    help="Where lots decide the play-off: the drawing made at the board, which PLAYER won "
    "(instead of the seed's lot).",
)
@click.option(
    "--format",
    "phrase",
    metavar="PHRASE",
    help='Set the play-off of two players before it starts, e.g. "2 blitz 3+2, then sudden '
    'death" (see `normtui new --help`; audited, undone by `normtui undo`).',
)
@json_option
@actor_option
@friendly
def playoff(
    db: Path,
    start: bool,
    seed: int | None,
    result: tuple[str, str] | None,
    correct: bool,
    choose: str | None,
    pgn: tuple[str, str] | None,
    white: str | None,
    lot: str | None,
    phrase: str | None,
    as_json: bool,
) -> None:
    """The play-off when first place is shared (§5): where it stands, the clock setting for
    the next game, the winner and the prize money; the options start it and enter its results.

    Its format is the event's profile's (`normtui playoff DB` says it; --format sets it until
    the play-off starts): two players play a match (2024: a further one) and, if it is tied,
    an Armageddon, sudden-death games, further matches or a drawing of lots; three or more a
    double round robin. Each next game appears when the result before makes it needed."""
    actions = [
        name
        for name, given in (
            ("--start", start),
            ("--result", result),
            ("--choose", choose),
            ("--pgn", pgn),
            ("--white", white is not None and not start),
            ("--lot", lot),
            ("--format", phrase),
        )
        if given
    ]
    if len(actions) > 1:
        raise UserError(f"give one of {' and '.join(actions)}, not both")
    if seed is not None and not start:
        raise UserError("--seed goes with --start")
    if correct and not (result or pgn):
        raise UserError("--correct goes with --result or --pgn")
    text = None
    if pgn is not None:
        refuse_event_file(pgn[1], db, "read as a PGN file")
        try:
            # One game's record: a few KB. A disk image is refused at 1 MB, a device unread.
            text = read_text_file(pgn[1], limit=1 << 20, what="PGN file")
        except TextFileError as exc:
            raise UserError(str(exc)) from None
    with opened(db) as store:
        entry = None
        if start:
            drawn = seed is None
            if seed is None:
                # Eight digits or so: short enough to read out and write on the record.
                seed = int.from_bytes(os.urandom(4), "big")
            entry = store.playoff.start(seed, white=white)
            if not as_json:
                echo(f"Seed {seed}" + (" (drawn; recorded)" if drawn else " (recorded)"))
        elif result is not None:
            entry = store.playoff.enter_result(result[0], result[1], correction=correct)
        elif choose is not None:
            entry = store.playoff.set_choice(choose)
        elif white is not None:
            entry = store.playoff.set_white(white)
        elif lot is not None:
            entry = store.playoff.set_lot(lot)
        elif phrase is not None:
            entry = store.playoff.set_format(phrase)
        elif pgn is not None:
            assert text is not None
            # python-chess: only for --pgn (the play-off's read must not load it).
            from normtui.importing.playoff import attach_playoff_record

            entry = attach_playoff_record(store, pgn[0], text, replace_existing=correct)
        view = store.playoff.view()
    if as_json:
        shown = view.to_json()
        if actions:  # what the action wrote, beside the play-off as it now stands
            shown.update(
                changed=entry is not None,
                entries=[entry.to_json()] if entry is not None else [],
                notes=[] if entry is not None else ["unchanged: already entered"],
            )
            if start:
                shown["notes"].append(f"Seed {seed}")
        echo_json(shown)
        return
    if actions:
        report(entry, "already entered")
    for line in playoff_lines(view):
        echo(line)


def playoff_lines(view: PlayoffView) -> list[str]:
    """Where the play-off stands, for a terminal: status, games, next game and its clock
    setting, the winner and the prize money."""
    state = view.state
    names = view.names
    lines = [view.headline]
    if not state.needed:
        return lines  # the headline says who is first, and what decides a share
    if not view.started and view.blocker:
        lines.append(f"Not yet: {view.blocker}.")
    players = "; ".join(names[n] for n in state.players)  # names hold commas
    lines.append(f"Players: {players}")
    if view.seed is not None:
        lines.append(f"Seed: {view.seed}")
    if state.format == "match":
        lines.append(f"Format: {view.phrase}")
    for g in state.games:
        kind = KIND_LABELS[g.kind]
        record = "  PGN" if g.id in view.records else ""
        drawn = f"  (White drawn {view.drawn_by(g)})" if g.drawn else ""
        lines.append(
            f"  {g.id:<5} {kind:<12} {names[g.white]:<24} - {names[g.black]:<24} "
            f"{g.result or '':<7}{record}{drawn}".rstrip()
        )
    if state.table and view.profile.playoff.round_robin_tiebreak_basis == "classical_games":
        lines.append(
            "  Table: play-off points; the tie-breaks from the main event's "
            "classical games (1 / ½ / 0), as the profile orders them (§5)"
        )
    for row in state.table:
        lines.append(
            f"  {row.shared_rank or row.rank or '-':>4} {names[row.number]:<24} "
            f"{row.points.normalize():f} pts; {_tiebreaks_text(view.tiebreaks(row))}"
        )
    nxt = state.next_game
    if state.waiting_for_choice is not None:
        lines.append(
            f"Next: {names[state.waiting_for_choice]} chooses the Armageddon's "
            "colour (--choose white|black)"
        )
    elif nxt is not None:
        more = len(state.due) - 1
        others = f" (and {more} more game{'s' * (more != 1)} of this round)" if more else ""
        lines.append(
            f"Next: {nxt.id} {names[nxt.white]} (White) - {names[nxt.black]} (Black)"
            f"{others}; set the clocks to {view.clock(nxt)}"
        )
    elif not view.started and view.blocker is None:
        lines.append("Start it with --start.")
    lines.extend(state.notes)
    if state.winner is not None:
        lines.append(
            f"Winner: {names[state.winner]}"
            + (
                (" (drawn by lot)" if state.format == "match" else " (drawn by lot, §5 D)")
                if state.decided_by_lots
                else ""
            )
        )
    elif view.started and nxt is not None and nxt.drawn and nxt.id not in view.drawings:
        lines.append(
            f"The colours of {nxt.id} are the seed's lot; a drawing at the board: --white PLAYER."
        )
    prizes = view.prizes()
    if prizes:
        lines.append(
            "Prize money:"
            if state.winner is not None
            else f"Prize money (places 1-{len(state.players)} wait for the play-off):"
        )
    for prize in prizes:
        amount = "pending" if prize.prize is None else f"{view.currency} {prize.prize:,.2f}"
        lines.append(f"  {prize.shared_rank or '-':>4} {prize.player:<24} {amount}")
    return lines
