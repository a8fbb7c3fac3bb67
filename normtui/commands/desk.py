"""The arbiter's desk on the command line: scoresheets, game states, rounds, arrivals and fines,
incidents, illness, withdrawal, clock settings, and a consistency check.

Exit codes: 0 done; 1 ``check`` found problems; 2 bad input, one line on stderr, database
unchanged.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from normtui.commands.common import (
    BOARD_NUMBER,
    UserError,
    Whole,
    command,
    data,
    db_argument,
    echo,
    echo_json,
    emit,
    friendly,
    json_option,
    opened,
    parse_round,
    report,
    reports,
    say,
)
from normtui.rules.duties import INCIDENT_KINDS
from normtui.rules.model import Postponement
from normtui.rules.profile import Profile, TimeControl
from normtui.rules.profile_check import (
    MAX_CLOCK_SECONDS,
    MAX_INCREMENT_FROM_MOVE,
    MAX_INCREMENT_SECONDS,
)
from normtui.rules.time_control import with_periods
from normtui.store.errors import DamagedDatabase
from normtui.text import is_number, visible

T = TypeVar("T")


def _readable(check: Callable[[], T], damaged: bool, nothing: T) -> T:
    """A check that reads the event's records; on a file already found damaged, as far as its
    rows can be read (``nothing``, if they cannot)."""
    from normtui.store.check import UNREADABLE  # only `normtui check` needs the checker

    try:
        return check()
    except UNREADABLE:
        if not damaged:
            raise
        return nothing


def _unsourced(profile: Profile, control: str) -> list[str]:
    """The parts of a time control the profile says no source gave (the 2022 rule's)."""
    key = f"time_controls.{control}"
    if profile.not_found(key):
        return ["the whole control"]
    return [
        k.removeprefix(key + ".").replace("_", " ")
        for k in profile.sources.not_found
        if k.startswith(key + ".")
    ]


@command("sign")
@db_argument
@click.argument("round_no", metavar="ROUND")
@click.argument("white")
@click.argument("black")
@click.argument("who", type=click.Choice(["white", "black", "arbiter"]))
@reports
@friendly
def sign(db: Path, round_no: str, white: str, black: str, who: str) -> None:
    """Record a scoresheet signature (§8): White and Black sign, then the arbiter
    countersigns. Until all three have, the result is provisional."""
    with opened(db) as store:
        game = store.games.find(parse_round(round_no), white, black)
        report(store.games.sign(game.id, who))  # type: ignore[arg-type]


@command("start")
@db_argument
@click.argument("round_no", metavar="ROUND")
@click.option("--board", type=BOARD_NUMBER, help="Only this board.")
@click.option(
    "--armageddon",
    is_flag=True,
    help="With --board: the Armageddon of the board's drawn game has started (§2: its "
    "20 minutes' countdown stops).",
)
@reports
@friendly
def start(db: Path, round_no: str, board: int | None, armageddon: bool) -> None:
    """Mark the scheduled games of ROUND (or one board) as in progress; with --armageddon,
    the start of a board's Armageddon."""
    rnd = parse_round(round_no)
    if armageddon and board is None:
        raise UserError("--armageddon goes with --board: the board whose Armageddon started")
    with opened(db) as store:
        if board is None:
            report(store.rounds.start(rnd), "no scheduled board in that round")
            return
        game = next((g for g in store.games(rnd) if g.board == board), None)
        if game is None:
            raise UserError(f"round {rnd} has no board {board}")
        if armageddon:
            report(store.games.start_armageddon(game.id), "the Armageddon is already under way")
            return
        report(store.games.set_state(game.id, "in_progress"), "already in progress")


@command("round")
@db_argument
@click.argument("round_no", metavar="ROUND")
@click.option("--date", help="The date of the round, YYYY-MM-DD.")
@click.option("--start", "start_time", help="The start time, HH:MM.")
@click.option("--close", is_flag=True, help="Close the round (every board has a result).")
@click.option("--reopen", is_flag=True, help="Reopen a closed round.")
@reports
@friendly
def round_(
    db: Path, round_no: str, date: str | None, start_time: str | None, close: bool, reopen: bool
) -> None:
    """Set the date and start time of ROUND, or close or reopen it. A closed round takes
    changes only as corrections.

    A round without a date takes today's when it starts (`normtui start`, the console's s) or
    its first result is entered, or the day its first record's Date tag says as one is
    attached; --date gives or corrects it (the TRF's round dates, the report and `check` read
    it)."""
    rnd = parse_round(round_no)
    if sum((close, reopen, bool(date or start_time))) != 1:
        raise UserError("give --date/--start, or --close, or --reopen")
    with opened(db) as store:
        if close:
            report(store.rounds.close(rnd))
        elif reopen:
            report(store.rounds.reopen(rnd))
        else:
            store.rounds.check(rnd)
            current = next(r for r in store.rounds() if r.round == rnd)
            report(
                store.rounds.set_schedule(
                    rnd, date=date or current.date, start_time=start_time or current.start_time
                )
            )


@command("arrive")
@db_argument
@click.argument("round_no", metavar="ROUND")
@click.argument("player")
@click.option(
    "--present/--absent",
    default=None,
    help="In the playing area at the start of the round, or not (one of them is needed).",
)
@click.option("--no-fine", is_flag=True, help="Absent, but do not record the fine.")
@click.option(
    "--late",
    is_flag=True,
    help="PLAYER, recorded absent at the start, came in now: the time is kept beside the "
    "absence, which stands with its fine.",
)
@reports
@friendly
def arrive(
    db: Path, round_no: str, player: str, present: bool | None, no_fine: bool, late: bool
) -> None:
    """Record whether PLAYER was present at the start of ROUND. Absent at the start is
    fined (§7: 500 EUR in 2022); the fine is recorded unless --no-fine. A player recorded
    absent who comes in later: --late (the desk then shows "late" with the time)."""
    if late:
        if present is not None or no_fine:
            raise UserError(
                "--late goes alone: it records when a player already recorded absent came in"
            )
        with opened(db) as store:
            report(
                store.desk.record_late_arrival(parse_round(round_no), player),
                "already recorded as arrived late",
            )
        return
    if present is None:
        raise UserError("give --present, --absent or --late")
    with opened(db) as store:
        report(
            store.desk.record_arrival(parse_round(round_no), player, present, fine=not no_fine),
            "already recorded so",
        )


@command("all-present")
@db_argument
@click.argument("round_no", metavar="ROUND")
@reports
@friendly
def all_present(db: Path, round_no: str) -> None:
    """Record every player of ROUND not yet recorded there as present at the start (one
    change; a player recorded absent stays absent). The console's P on the desk."""
    with opened(db) as store:
        report(store.desk.record_all_present(parse_round(round_no)), "every player is recorded")


@command("fines")
@db_argument
@json_option
@friendly
def fines(db: Path, as_json: bool) -> None:
    """The fines ledger."""
    with opened(db) as store:
        ledger = store.desk.fines()
    emit(
        ledger,
        as_json,
        lambda f: (
            f"round {f.round}: {f.player.name} {f.amount} {f.currency}: {f.reason} ({f.article})"
        ),
        empty="no fines",
    )


@command("incident")
@db_argument
@click.argument("round_no", metavar="ROUND")
@click.argument("player")
@click.argument("kind", type=click.Choice(INCIDENT_KINDS))
@click.argument("description")
@click.option("--decision", required=True, help="The Chief Arbiter's decision (§7).")
@reports
@friendly
def incident(
    db: Path, round_no: str, player: str, kind: str, description: str, decision: str
) -> None:
    """Record an incident (for example an electronic device, §7) with the decision."""
    with opened(db) as store:
        report(
            store.desk.record_incident(parse_round(round_no), player, kind, description, decision)
        )


@command("incidents")
@db_argument
@json_option
@friendly
def incidents(db: Path, as_json: bool) -> None:
    """Every incident recorded."""
    with opened(db) as store:
        found = store.desk.incidents()
    emit(
        found,
        as_json,
        lambda i: (
            f"round {i.round}: {i.player.name} ({i.kind}): {i.description}; decision: {i.decision}"
        ),
        empty="no incidents",
    )


@command("illness")
@db_argument
@click.argument("round_no", metavar="ROUND")
@click.argument("player")
@click.option(
    "--free-day",
    "slot",
    flag_value="free_day",
    help="Play the game on a free day (the opponent cannot refuse).",
)
@click.option(
    "--morning",
    "slot",
    flag_value="morning",
    help="Play it in the morning of the next round (the opponent may refuse).",
)
@click.option(
    "--no-solution",
    "slot",
    flag_value="none",
    help="No slot was agreed: the ill player forfeits.",
)
@click.option("--opponent-refuses", is_flag=True, help="The opponent refuses the slot.")
@reports
@friendly
def illness(db: Path, round_no: str, player: str, slot: str | None, opponent_refuses: bool) -> None:
    """PLAYER is too ill to play ROUND (§9): postpone the game, or forfeit it (in rounds 9
    and 10, or when no solution is found)."""
    if slot is None:
        raise UserError("give --free-day, --morning or --no-solution")
    proposed = None if slot == "none" else Postponement(slot)
    with opened(db) as store:
        report(
            store.desk.report_illness(
                parse_round(round_no),
                player,
                proposed=proposed,
                opponent_refuses=opponent_refuses,
            )
        )


@command("withdraw")
@db_argument
@click.argument("player")
@click.option("--dry-run", is_flag=True, help="Only say what the withdrawal would do.")
@reports
@friendly
def withdraw(db: Path, player: str, dry_run: bool) -> None:
    """Withdraw PLAYER (§9): under 50 % of games completed, none of their games count;
    at 50 % or more they count and the remaining games are forfeits."""
    with opened(db) as store:
        if dry_run:
            preview = store.desk.withdrawal_preview(player)
            data("preview", preview.message, preview.message)
            return
        report(store.desk.withdraw(player))
        # §9 a leaves a place of the final standings empty: say what its prize becomes.
        for row in store.standings():
            if row.prize_note:
                say(f"Prizes: {row.prize_note} (§9 a).")


@command("clocks")
@db_argument
@json_option
@friendly
def clocks(db: Path, as_json: bool) -> None:
    """The time controls of every stage, from the event's profile."""
    with opened(db) as store:
        profile = store.profile
    controls = dict(profile.time_controls)
    # An Armageddon control the event never comes to (a 1 / ½ / 0 event's, a play-off
    # without one) is the profile format's, not the event's: not shown.
    for name in profile.unplayed_armageddons():
        del controls[name]
    if as_json:
        echo_json(
            {
                name: {
                    "white_seconds": tc.white_seconds,
                    "black_seconds": tc.black_seconds,
                    "increment_seconds": tc.increment_seconds,
                    "increment_from_move": tc.increment_from_move,
                    "periods": [
                        {
                            "moves": period.moves or None,
                            "white_seconds": period.white_seconds,
                            "black_seconds": period.black_seconds,
                            "increment_seconds": period.increment_seconds,
                            "increment_from_move": period.increment_from_move,
                        }
                        for period in tc.periods
                    ],
                    "pgn": tc.pgn_standard() if tc.same_for_both else None,
                    "description": tc.describe(),
                    "not_found": _unsourced(profile, name),
                }
                for name, tc in controls.items()
            }
        )
        return
    po = profile.playoff
    playoff_controls = {
        po.match_time_control,
        po.armageddon_time_control,
        po.round_robin_time_control,
        po.sudden_death_time_control,
    }
    # The controls the play-off's format comes to (the Armageddon only after a tied match
    # or a sudden death that has its most games).
    used = {po.match_time_control, po.round_robin_time_control}
    if po.after_match == "sudden_death":
        used.add(po.sudden_death_time_control)
    last = po.after_sudden_death if po.after_match == "sudden_death" else po.after_match
    if last == "armageddon" and (po.after_match != "sudden_death" or po.sudden_death_games):
        used.add(po.armageddon_time_control)
    unplayed = (() if profile.classical.armageddon_after_draw else ("armageddon",)) + tuple(
        playoff_controls if not po.for_shared_first else playoff_controls - used
    )
    for name, tc in controls.items():
        unsourced = _unsourced(profile, name)
        note = (
            f"  (not found for this edition, the 2022 rule: {', '.join(unsourced)})"
            if unsourced
            else ""
        )
        if name in unplayed:
            note += "  (not played in this event: its profile has no "
            if name == "armageddon":
                note += "Armageddon)"
            elif po.for_shared_first:
                note = note.replace("its profile has no ", "its play-off does not come to it)")
            else:
                note += "play-off)"
        echo(f"{name:<20} {tc.describe()}{note}")
    if profile.sources.not_found:
        echo(
            f"Not found for this edition, so the 2022 rule book's apply: "
            f"{', '.join(profile.sources.not_found)}"
        )


@command("time-control")
@db_argument
@click.argument("name")
@click.argument("white_seconds", type=Whole(1, MAX_CLOCK_SECONDS, "seconds"))
@click.argument("black_seconds", type=Whole(1, MAX_CLOCK_SECONDS, "seconds"))
@click.argument("increment_seconds", type=Whole(0, MAX_INCREMENT_SECONDS, "seconds"))
@click.argument("increment_from_move", type=Whole(1, MAX_INCREMENT_FROM_MOVE))
@click.option(
    "--moves",
    type=Whole(1, MAX_INCREMENT_FROM_MOVE),
    help="The moves the first period covers (40 in 90'/40 + 30'); with --then.",
)
@click.option(
    "--then",
    "then",
    multiple=True,
    metavar="SECONDS[/MOVES]",
    help="A later period: the seconds it adds to each clock, and the moves it covers "
    "(all but the last); repeat it for each period. Each earns the increment.",
)
@reports
@friendly
def time_control(
    db: Path,
    name: str,
    white_seconds: int,
    black_seconds: int,
    increment_seconds: int,
    increment_from_move: int,
    moves: int | None,
    then: tuple[str, ...],
) -> None:
    """Change the time control NAME of the event's profile, validated and audited.

    Example: normtui time-control DB armageddon 600 420 1 41 (White 10', Black 7',
    +1" from move 41).

    \b
    Several periods: the first one's setting, --moves, and a --then per later period.
    FIDE's 90'/40 + 30' + 30" from move 1:
        normtui time-control DB classical 5400 5400 30 1 --moves 40 --then 1800
    The Candidates' 120'/40 + 60'/20 + 15' + 30" from move 61:
        normtui time-control DB classical 7200 7200 30 61 --moves 40 --then 3600/20 --then 900

    \b
    Bounds: a clock 1 to 21600 seconds (6 hours), an increment 0 to 60 seconds, from
    move 1 to 200; the classical control gives each player at least 60 minutes for 60
    moves, every period begun by then and the increments counted (FIDE Laws, Appendix A.1).
    """
    if bool(moves) != bool(then):
        raise UserError(
            "--moves and --then go together: the moves of the first period, then the "
            "periods after it"
        )
    later = [_later_period(text, i == len(then) - 1) for i, text in enumerate(then)]
    first = TimeControl(white_seconds, black_seconds, increment_seconds, increment_from_move)
    tc = with_periods(first, moves or 0, later)
    with opened(db) as store:
        report(store.set_time_control(name, tc), "that is the time control already")


def _later_period(text: str, last: bool) -> tuple[int, int, int]:
    """``--then 3600/20``: (moves, White's seconds, Black's seconds)."""
    seconds, _, moves = text.strip().partition("/")
    if not is_number(seconds) or not 1 <= int(seconds) <= MAX_CLOCK_SECONDS:
        raise UserError(
            f"--then {text!r}: the seconds a period adds, 1 to {MAX_CLOCK_SECONDS} "
            "(then /MOVES but for the last period: 3600/20)"
        )
    if last and moves:
        raise UserError(f"--then {text!r}: the last period covers the rest of the game (no /MOVES)")
    if not last and not (is_number(moves) and 1 <= int(moves) <= MAX_INCREMENT_FROM_MOVE):
        raise UserError(f"--then {text!r}: a period followed by another says its moves (3600/20)")
    return int(moves or 0), int(seconds), int(seconds)


class Noted(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.2 only
    """An audit entry's hash as an arbiter noted it: ``N:HASH``, the hash's first 8 to 64
    hexadecimal digits."""

    name = "N:HASH"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[int, str]:
        if isinstance(value, tuple):
            return value
        number, _, digits = str(value).strip().partition(":")
        digits = digits.strip().lower()
        if (
            not is_number(number.strip())
            or len(number.strip()) > 9
            or not 8 <= len(digits) <= 64
            or any(c not in "0123456789abcdef" for c in digits)
        ):
            self.fail(
                f"{value!r} is not an entry and its hash as `normtui check` shows them "
                "(N:HASH, 8 to 64 hexadecimal digits, e.g. 295:3f2a9c0e1b2d4f68)",
                param,
                ctx,
            )
        return int(number), digits


# What `check` shows of the head's hash: 64 bits, enough to note by hand; a log rewritten
# to end with the same digits is beyond any forger's computer.
_SHOWN_DIGITS = 16


@command("check")
@db_argument
@click.option(
    "--noted",
    type=Noted(),
    multiple=True,
    help="An entry and its hash as check showed them before (N:HASH); repeat for each. "
    "Refused (exit 1) unless the entry is still there with that hash: the log up to it was "
    "not rewritten since.",
)
@json_option
@friendly
def check(db: Path, noted: tuple[tuple[int, str], ...], as_json: bool) -> None:
    """Check the file: SQLite integrity, foreign keys, every row against the audit log
    (a change made outside normtui, or damage), every game against the rules, every
    attached record against its entered result; and what FIDE's rating report requires
    that the event does not say yet (FIDE ids, federations, city, dates, round dates,
    chief arbiter). Exit 1 if anything is missing or wrong.

    The audit log proves itself: each entry's hash covers the entry and the one before it,
    and the first entry where that chain breaks is named. Check shows the newest entry and
    its hash: note them (after each round, say); `--noted N:HASH` proves later that the log
    up to there was not rewritten."""
    # The exporters and the importer: only `check` of the desk's commands reads them.
    from normtui.export.fide import missing_for_fide
    from normtui.export.snapshot import take_snapshot
    from normtui.importing.agreement import disagreements

    gaps: list[str] = []
    head: tuple[int, str | None] | None = None
    try:
        with opened(db) as store:
            problems = store.audit.check(noted)
            damaged = bool(problems)
            head = _readable(store.audit.head, damaged, None)
            problems += _readable(lambda: disagreements(store), damaged, [])
            gaps = _readable(lambda: missing_for_fide(take_snapshot(store)), damaged, [])
    except DamagedDatabase as exc:
        problems = [f"damaged: {exc}"]
    if as_json:
        echo_json(
            {
                "ok": not problems and not gaps,
                "problems": problems,
                "rating_report": gaps,
                "audit_head": {"id": head[0], "hash": head[1]} if head else None,
            }
        )
    else:
        # The first line answers the question asked after a crash or a restore: is the
        # file sound? The report's missing details are another matter, said after it.
        if problems:
            echo(f"{len(problems)} problem{'s' if len(problems) > 1 else ''}:")
            for problem in problems:
                echo(f"  {problem}")
        else:
            echo(
                "ok: the file is sound, every row agrees with the audit log, every "
                "game with the rules and every record with its result"
            )
        if head is not None and head[1] is not None:
            shown = f"{head[0]}:{head[1][:_SHOWN_DIGITS]}"
            echo(
                f"audit log: newest entry #{head[0]}, hash {head[1][:_SHOWN_DIGITS]} (note "
                f"it; `normtui check {visible(str(db))} --noted {shown}` proves later that the "
                "log up to it was not rewritten)"
            )
        if gaps:
            echo("FIDE rating report (TRF) lacks:")
            for gap in gaps:
                echo(f"  {gap}")
    if problems or gaps:
        sys.exit(1)
