"""The event commands: new, pairings, result, standings, log, undo.

Exit codes: 0 done; 2 bad input, with one line on stderr and the database unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from normtui.commands.common import (
    ROUND_NUMBER,
    SEED,
    UserError,
    Whole,
    actor,
    command,
    data,
    db_argument,
    echo,
    echo_json,
    emit,
    friendly,
    json_option,
    list_month_option,
    opened,
    parse_round,
    report,
    reports,
    say,
)
from normtui.rules.tiebreak_columns import cell as tiebreak_cell
from normtui.rules.tiebreak_columns import columns as tiebreak_columns
from normtui.store import EventStore
from normtui.store.errors import NotYoursError
from normtui.store.values import time_text
from normtui.text import csv_line

if TYPE_CHECKING:
    from collections.abc import Mapping
    from decimal import Decimal

    from normtui.rules.rating import PlayerRating
    from normtui.store import ByeRecord, EventStore, FinalStandings, GameRecord, StandingRow

# The records' classes, the players file's reader and the rest of the store are imported by
# the commands that use them (inside them, on purpose): `normtui standings` must not define the
# game records, nor `normtui pairings` the final table's (a command's start is most of its
# cost).

STANDINGS_COLUMNS = (
    "rank",
    "shared_rank",
    "player",
    "number",
    "points",
    "sonneborn_berger",
    "wins",
    "black_wins",
    "prize",
    "counted",
    "note",
)


# The widths the 2022 table always had for its three tie-breaks (a column is as wide as its
# widest value, these at least).
_TIEBREAK_WIDTH = {"sonneborn_berger": 7, "wins": 2, "black_wins": 2}
_RULE_BOOK_ORDER = ("sonneborn_berger", "wins", "black_wins")


def _pts(value: Decimal | None) -> str:
    if value is None:
        return ""
    return f"{value.normalize():f}"


# The pairing sheet's columns: board, then each player's pairing number and name.
_SHEET = (
    f"  {'Bd':>2}  {'No':>2} {'White':<26} {'No':>2} {'Black':<26} {'Result':<17} "
    f"{'Points':<8} {'State':<20} WBA"
)


def _pairing_line(g: GameRecord) -> str:
    result = g.result.value if g.result else "-"
    if g.armageddon:
        result += f" A {g.armageddon.value}"
    points = "-".join(_pts(p) for p in g.points) if g.points else ""
    sig = "".join(
        c if on else "."
        for c, on in zip(
            "WBA", (g.signatures.white, g.signatures.black, g.signatures.arbiter), strict=True
        )
    )
    state = g.state.value.replace("_", " ")
    if g.armageddon_deadline:
        state = "Armageddon due"
    if g.postponed_to:
        state += f" ({g.postponed_to.value.replace('_', ' ')})"
    return (
        f"  {g.board:>2}  {g.white:>2} {g.white_name:<26} {g.black:>2} {g.black_name:<26} "
        f"{result:<17} {points:<8} {state:<20} {sig}"
    )


def print_pairings(
    store: EventStore, games: list[GameRecord], byes: list[ByeRecord], stage: str
) -> None:
    rounds = {r.round: r for r in store.rounds(stage)}
    # By round once: a scan of every game for each round grew as the players cubed.
    boards: dict[int, list[GameRecord]] = {}
    for g in games:
        boards.setdefault(g.round, []).append(g)
    resting: dict[int, list[ByeRecord]] = {}
    for b in byes:
        resting.setdefault(b.round, []).append(b)
    for round_no in sorted(boards.keys() | resting.keys()):
        r = rounds[round_no]
        when = " ".join(x for x in (r.date, r.start_time) if x)
        title = "Blitz round" if stage == "blitz" else "Round"
        echo(
            f"{title} {round_no}"
            + (f" ({when})" if when else "")
            + (" closed" if r.status == "closed" else "")
        )
        echo(_SHEET)
        for g in boards.get(round_no, ()):
            echo(_pairing_line(g))
        for b in resting.get(round_no, ()):
            echo(f"  {'bye':>3} {b.number:>2} {b.name:<26} (no game this round)")


def show_pairings(db: Path, round_no: int | None, as_json: bool, stage: str) -> None:
    with opened(db) as store:
        games = store.games(round_no, stage)
        byes = store.games.byes(round_no, stage)
        if as_json:
            # Each round's boards, then its bye: {"round", "bye": true, "player", "number"}.
            from normtui.store.records import ByeRecord  # the records: not for `standings`

            items: list[GameRecord | ByeRecord] = [*games, *byes]
            items.sort(key=lambda x: (x.round, isinstance(x, ByeRecord)))
            echo_json([item.to_json() for item in items])
        else:
            print_pairings(store, games, byes, stage)


def print_standings(
    final: FinalStandings, currency: str, ratings: Mapping[int, PlayerRating] | None = None
) -> None:
    rows = final.rows
    ratings = ratings or {}
    if final.headline:
        echo(final.headline)
    # The event's tie-breaks as columns, in its order (the order that ranked the table).
    shown = tiebreak_columns(final.tiebreak_order or _RULE_BOOK_ORDER)
    cells = {
        r.number: [tiebreak_cell(c.name, r.tiebreaks.get(c.name, ())) for c in shown] for r in rows
    }
    widths = [
        max(_TIEBREAK_WIDTH.get(c.name, len(c.code)), *(len(v[i]) for v in cells.values()))
        for i, c in enumerate(shown)
    ]
    heads = "".join(f" {c.code:>{w}}" for c, w in zip(shown, widths, strict=True))
    # No prize column in an event without prizes.
    prize_head = f" {'Prize':>12}" if final.prizes else ""
    echo(f"{'Rk':>5}  {'Player':<26} {'No':>2} {'Pts':>5}{heads}{prize_head} {'Rtg+/-':>6}")
    for r in rows:
        prize = "pending" if r.prize_pending else (f"{r.prize:,.2f}" if r.prize is not None else "")
        prize = f" {prize:>12}" if final.prizes else ""
        mark = "*" if r.provisional else " "
        rank = r.shared_rank or "-"
        note = "  withdrawn" if r.status.value == "withdrawn" else ""
        note += f"  {r.note}" if r.note else ""
        change = ratings[r.number].change_text if r.number in ratings else ""
        values = "".join(f" {v:>{w}}" for v, w in zip(cells[r.number], widths, strict=True))
        echo(
            f"{rank:>5}{mark} {r.player:<26} {r.number:>2} {_pts(r.points):>5}"
            f"{values}{prize} {change:>6}{note}"
        )
    if any(r.provisional for r in rows):
        echo(
            "* provisional: a result not yet signed by both players and the arbiter"
            f"{final.articles.cite('scoresheets')}."
            + (f" Prizes in {currency}." if final.prizes else "")
        )
    for r in rows:
        if r.prize_note:
            article = final.articles.withdrawal
            counted = f"{r.player} is not counted" + (f", {article}" if article else "")
            echo(f"Prizes: {r.prize_note} ({counted}).")
    if final.tiebreak_legend():
        echo(final.tiebreak_legend())


def _record_list(month: str) -> Callable[[EventStore], object]:
    return lambda store: store.set_report_details({"rating_list": month})


@command("new")
@db_argument
@click.option(
    "--players",
    "players_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="CSV of the players, in pairing order (see above).",
)
@click.option(
    "--profile",
    "profile_spec",
    metavar="NAME|FILE",
    help="Regulations: a built-in profile (`normtui profiles` lists them) or a "
    "TOML file; default: norway-chess-2022.",
)
@click.option("--name", help="The event's name (headers and exports); default: the profile's.")
@click.option(
    "--cycles",
    type=Whole(1, 2),
    help="1: single round robin, 2: double; default: the profile's.",
)
@click.option(
    "--prizes",
    "prizes_text",
    metavar="P1,P2,...",
    help="The prize of each place, best first (e.g. 700000,350000,200000); "
    "default: the profile's. The fund is their sum.",
)
@click.option(
    "--fund", "fund_text", metavar="AMOUNT", help="The prize fund, checked against the prizes."
)
@click.option("--currency", help="The prizes' currency (ISO code, e.g. NOK, EUR).")
@click.option(
    "--from-trf",
    "trf_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Start from a TRF16/TRF26 file instead of --players (Swiss-Manager, "
    "chess-results, normtui): players, numbers and the results so far.",
)
@click.option(
    "--lots",
    "seed",
    type=SEED,
    help="Draw pairing numbers by lots with this seed (recorded). Without it, "
    "the listed order is the pairing order.",
)
@click.option(
    "--fide-list",
    "fide_list",
    type=click.Path(dir_okay=False, path_type=Path),
    help="FIDE's rating list as downloaded (TXT or XML, zipped or not): each player's name, "
    "federation, sex, title, rating, K and year of birth from the FIDE id.",
)
@list_month_option
@click.option(
    "--playoff",
    "playoff_phrase",
    metavar="PHRASE",
    help="The play-off of two players sharing first place, as the regulations write it "
    "(see below); 'none': the tie-breaks decide. Default: the profile's.",
)
@reports
@friendly
def new(
    db: Path,
    players_file: Path | None,
    trf_file: Path | None,
    profile_spec: str | None,
    name: str | None,
    cycles: int | None,
    prizes_text: str | None,
    fund_text: str | None,
    currency: str | None,
    seed: int | None,
    fide_list: Path | None,
    list_month: str | None,
    playoff_phrase: str | None,
) -> None:
    """Create the event database DB: players, pairing numbers and every round's pairings.

    \b
    The players CSV has a header line and one line per player:
      name        "Lastname, Firstname", as the rating report writes it (required)
      rating      FIDE rating, 0 to 4000 (may be empty)
      federation  FIDE code, e.g. NOR (may be empty)
      fide_id     FIDE id, up to 11 digits, one player's only (may be empty)
      title       optional column: GM, IM, WGM, FM, WIM, CM, WFM or WCM
      sex         optional column: m or w
      k           optional column: FIDE's K (B.02 §8.3.3), else the rule's
      birth_year  optional column: the year of birth (the junior K, TRF 001)
      number      optional column: the pairing number drawn by lot (1 to N, each
                  once); without it the order of the lines (or --lots SEED)
    The first four columns must be there (empty cells are fine); separated by commas,
    or by semicolons as a Norwegian Excel saves it; UTF-8 or Windows-1252.
    Example: players-example.csv, the 2022 field, which `normtui demo` writes beside
    demo.db (in a clone: assets/players-example.csv).
    --fide-list FILE: FIDE's rating list as downloaded (players_list_foa.txt, the standard
    list, or either as XML; zipped or not), read once for the players' FIDE ids; the CSV may
    then hold a fide_id column alone. What the CSV gives is kept and each difference from
    the list said; K is the list's. The list's month is recorded (--list-month where the
    file does not say it). The list itself is never copied into the event.
    Any field of 3 players or more: the rounds follow from the players and the cycles
    (an odd field has a bye each round), the rest of the rules from the profile.
    --from-trf FILE: the players with the file's pairing numbers, and its results so far
    (Armageddons from a TRF26's 299 records), its pairings as played; the rounds to come
    from the Berger tables (renumbered where the file's rounds were paired under other
    numbers). A Swiss or a team event is refused as such; a defect is refused with its
    line, and nothing is made. The event's name and cycles default to the file's (012,
    192); a prize table longer than the field is cut to its places. A classical round
    robin scored 1 / ½ / 0 is --profile fide-round-robin.

    \b
    --playoff PHRASE: steps separated by commas or "then": the match first, then what
    decides a tied match; a step may give its clock (minutes, White/Black where they
    differ, + seconds a move, "from move N" where the increment starts later):
      "2 blitz 3+2, then sudden death 2:30/3+2 colours by lot in pairs"   (Tata Steel)
      "2 blitz 3+2, then armageddon 10/7+1 from move 41"                   (Norway Chess)
      "2 blitz, then 2 blitz, then armageddon"                             (a second match)
      "2 rapid 15+10, then sudden death up to 4, then lots"
      "2 blitz, then matches"                              (matches until one is won)
      "none"                                               (the tie-breaks decide)
    Sudden death goes on until a game is won ("up to N": then armageddon or lots); its
    first game's colours are the last game's reversed ("colours by lot": drawn), then they
    alternate ("in pairs": they change every two games). Three or more players play the
    profile's double round robin. `normtui playoff DB --format PHRASE` changes it until the
    play-off starts.
    """
    # What makes an event: the reads of this module do not load it.
    from normtui.assets import DEFAULT_PROFILE, profile_path, read_profile_text
    from normtui.importing.players_csv import numbered_file, read_players_csv
    from normtui.importing.trf_in import create_from_trf, read_trf
    from normtui.store.profile_text import event_profile_text, fit_prizes, parse_prizes

    if (players_file is None) == (trf_file is None):
        raise UserError("give --players CSV or --from-trf FILE (one of them)")
    if fide_list is not None and players_file is None:
        raise UserError("--fide-list goes with --players CSV (the players' FIDE ids)")
    if list_month is not None and fide_list is None:
        raise UserError("--list-month goes with --fide-list")
    text = read_profile_text(profile_path(profile_spec or DEFAULT_PROFILE))
    prizes = parse_prizes(prizes_text) if prizes_text is not None else None
    fund = parse_prizes(fund_text)[0] if fund_text is not None else None
    if trf_file is not None:
        if seed is not None:
            raise UserError("--lots does not go with --from-trf: the file has the numbers")
        trf = read_trf(trf_file)
        for warning in trf.warnings:
            say(f"warning: {warning}")
        if prizes is None:
            text, fitted = fit_prizes(text, len(trf.players))
            if fitted:
                say(fitted)
        text = event_profile_text(
            text,
            len(trf.players),
            name=name or trf.name,
            cycles=cycles or trf.cycles,
            prizes=prizes,
            fund=fund,
            currency=currency,
            playoff=playoff_phrase,
        )
        store = create_from_trf(db, trf, text, actor=actor())
    else:
        assert players_file is not None
        month = None
        if fide_list is not None:
            from normtui.importing.fide_players import players_from_list  # only with a list

            filled = players_from_list(players_file, fide_list, month=list_month)
            for note in filled.notes:
                say(note)
            players, month = filled.players, filled.month
        else:
            players = read_players_csv(players_file)
        if numbered_file(players_file):  # read whole above: its refusals said there
            if seed is not None:
                raise UserError(
                    "--lots draws the pairing numbers, and the players file gives them (its "
                    "number column): one or the other"
                )
            say("pairing numbers from the players file's number column")
        text = event_profile_text(
            text,
            len(players),
            name=name,
            cycles=cycles,
            prizes=prizes,
            fund=fund,
            currency=currency,
            playoff=playoff_phrase,
        )
        store = EventStore.create(
            db,
            players,
            text,
            lots_seed=seed,
            actor=actor(),
            then=None if month is None else _record_list(month),
        )
    try:
        info = store.event
        listed = store.players()
        profile = store.profile
        log = store.audit.log()
        report(log[-1])  # the creation; a TRF's results follow, one entry each
        if len(log) > 1:
            say(
                f"from {trf_file}: {len(log) - 1} further changes (round dates, report "
                "details, results), each in the audit log"
            )
        due = store.games.armageddons_due()
        if trf_file is not None and due:
            say(
                f"{len(due)} drawn games wait for their Armageddon under the profile "
                f"{profile_spec or DEFAULT_PROFILE}: a file scored 1 / ½ / 0 (a classical "
                "round robin) is read with --profile fide-round-robin"
            )
        data(
            "event",
            {
                "name": info.name,
                "players": info.players,
                "rounds": info.rounds,
                "cycles": profile.event.cycles,
                "lots_seed": info.lots_seed,
                "currency": profile.event.currency,
                "prizes": list(profile.prizes.amounts),
            },
            f"created {db}: {info.name}, {info.players} players, {info.rounds} rounds",
        )
        data(
            "players",
            [{"number": p.number, "name": p.name} for p in listed],
            [f"  {p.number:>2} {p.name}" for p in listed],
        )
    finally:
        store.close()


@command("pairings")
@db_argument
@click.option("--round", "round_no", type=ROUND_NUMBER, help="Only this round.")
@json_option
@friendly
def pairings(db: Path, round_no: int | None, as_json: bool) -> None:
    """The pairings of every round (or one), with results, points, state and signatures.

    Each player is shown with the pairing number; in an odd field the player without a
    game that round is listed as the bye. Signatures are shown as WBA: White, Black,
    Arbiter ('.' not yet signed).
    """
    show_pairings(db, round_no, as_json, "main")


@command("result")
@db_argument
@click.argument("round_no", metavar="ROUND")
@click.argument("white")
@click.argument("black")
@click.argument("result", required=False)
@click.option("--armageddon", help="The Armageddon result after a drawn main game.")
@click.option(
    "--correct",
    is_flag=True,
    help="Replace a result already entered (audited as a correction).",
)
@reports
@friendly
def result(
    db: Path,
    round_no: str,
    white: str,
    black: str,
    result: str | None,
    armageddon: str | None,
    correct: bool,
) -> None:
    """Enter the result of WHITE against BLACK in ROUND.

    \b
    WHITE/BLACK: a pairing number, or a case-insensitive part of the name that matches
    one player only.
    RESULT: 1-0, 0-1, 1/2-1/2 (also ½-½ and =); forfeits +/- and -/+; double forfeit -/-.
    A drawn main game is followed by an Armageddon with the same colours; a drawn
    Armageddon counts as Black's win. Enter it with the draw (--armageddon RESULT) or
    later: normtui result DB ROUND WHITE BLACK --armageddon RESULT

    A round never started and without a date takes today's with its first result (said;
    `normtui round DB ROUND --date` corrects it).
    """
    rnd = parse_round(round_no)
    if result is None and armageddon is None:
        raise UserError("give a RESULT, or --armageddon RESULT for the Armageddon")
    with opened(db) as store:
        if result is None:
            assert armageddon is not None
            entry = store.games.enter_armageddon(rnd, white, black, armageddon, correction=correct)
        else:
            entry = store.games.enter_result(
                rnd, white, black, result, armageddon=armageddon, correction=correct
            )
        report(entry, "that result is already entered")
        game = store.games.find(rnd, white, black)
        if game.armageddon_deadline:
            tc = store.profile.time_controls["armageddon"]
            say(
                f"Armageddon due: same colours, {tc.describe()}, to start by "
                f"{time_text(game.armageddon_deadline)}{store.profile.articles.cite('main_games')}"
            )


@command("standings")
@db_argument
@click.option(
    "--round",
    "round_no",
    type=ROUND_NUMBER,
    help="The table after this round (0: before the first).",
)
@json_option
@click.option("--csv", "as_csv", is_flag=True, help="Write CSV to stdout.")
@friendly
def standings(db: Path, round_no: int | None, as_json: bool, as_csv: bool) -> None:
    """The standings: rank (shared places as 7-8), points, tie-breaks and prize money.

    Tie-breaks (§6): Sonneborn-Berger, most wins, most wins with Black. After the last
    round a first place shared on points is the play-off's (§5): shared until it is
    decided, then its winner first. The prize is what the player would take if the event
    ended now (§5); a withdrawn player who completed fewer than half their games is not
    counted (§9 a).
    """
    if as_json and as_csv:
        raise UserError("choose one of --json and --csv")
    with opened(db) as store:
        final = store.playoff.final_standings(round_no)
        currency = store.profile.event.currency
        ratings = store.ratings(round_no)
    rows = list(final.rows)
    from normtui.store.ratings import rating_fields  # loaded by store.ratings() just now

    def values(r: StandingRow) -> dict[str, object]:
        return final.row_json(r) | rating_fields(ratings.get(r.number))

    if as_json:
        echo_json([values(r) for r in rows])
    elif as_csv:
        # Cells a spreadsheet would run as formulas are neutralised (OWASP).
        columns = (
            list(values(rows[0]))
            if rows
            else [c for c in STANDINGS_COLUMNS if final.prizes or c != "prize"]
        )
        echo(csv_line(columns))
        for r in rows:
            row = values(r)
            echo(csv_line("" if row[c] is None else row[c] for c in columns))
    else:
        print_standings(final, currency, ratings)


@command("log")
@db_argument
@click.option("--limit", type=Whole(1, 1_000_000), help="Only the newest N entries.")
@json_option
@friendly
def log(db: Path, limit: int | None, as_json: bool) -> None:
    """The audit log, newest first: time, who, what (with the rows before and after)."""
    with opened(db) as store:
        entries = store.audit.log(limit)
    emit(
        entries,
        as_json,
        lambda e: (
            f"#{e.id:<4} {time_text(e.at)}  {e.actor:<10} {e.action:<12} "
            f"{e.summary}" + (f"  (undone by #{e.undone_by})" if e.undone_by else "")
        ),
    )


@command("undo")
@db_argument
@click.option(
    "--entry",
    "entry_id",
    type=Whole(1, 999_999_999),
    metavar="N",
    help="Undo change #N (as `normtui log` numbers it), and only if it is still the newest change.",
)
@click.option(
    "--anyone", is_flag=True, help="Undo the newest change even if another arbiter made it."
)
@reports
@friendly
def undo(db: Path, entry_id: int | None, anyone: bool) -> None:
    """Revert the newest change exactly (the undo itself is logged).

    \b
    Only ever the newest change of the event: if it is another arbiter's (another --as
    or NORMTUI_ACTOR), undo refuses and names it, unless --anyone. With --entry N it
    undoes #N and nothing else: refused if a change has come after #N. The two combine:
    --entry N --anyone undoes #N whoever made it.
    """
    with opened(db) as store:
        try:
            entry = store.audit.undo(entry_id, anyone=anyone)
        except NotYoursError as exc:
            again = f"normtui undo {db}" + (f" --entry {entry_id}" if entry_id else "")
            raise UserError(f"{exc}; `{again} --anyone` undoes it") from None
        report(entry)
