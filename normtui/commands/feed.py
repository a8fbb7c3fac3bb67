"""``normtui watch``: follow the live boards (a DGT LiveChess folder, a PGN file or URL, a
LiveChess Cloud tournament) and act on them as the console does (both run
:class:`normtui.feed.watcher.Feed`); ``normtui contenders``: who can still finish first.

Exit codes of ``watch --once``: 0 nothing to report; 1 something needs the arbiter (a conflict,
a check, a game that matches no pairing, a file of the source that could not be read); 2 bad
input (no such source, the event file given as the source, a URL that cannot be read at all),
with one line on stderr.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

import click

from normtui.commands.common import (
    Seconds,
    UserError,
    Whole,
    actor_option,
    command,
    db_argument,
    echo,
    echo_json,
    friendly,
    json_option,
    opened,
    to_json,
)
from normtui.rules.contenders import describe_leader
from normtui.text import is_number

if TYPE_CHECKING:
    from normtui.feed.watcher import Feed, Report
    from normtui.store import EventStore, GameRecord

_WATCH_EPILOG = """\b
SOURCE is one of:
  a LiveChess export folder   FOLDER/round-7/game-1.pgn ... and/or games.pgn (DGT LiveChess 2,
                              "Export to local filesystem"); or one round's folder
  a PGN file                  read again whenever it changes
  an http(s) URL of a PGN     a broadcast's round PGN, polled
  LiveChess Cloud             https://1.pool.livechesscloud.com/get/ID/tournament.json (the
                              live round, or --round N), .../round-N/index.json, or
                              https://view.livechesscloud.com/#ID/N

\b
--json: with --once one object; otherwise one object per line, each time something happens:
  changed   whether the event changed
  entries   the audit entries written (actor "feed")
  boards    each game on the feed: round, board, kind (main/armageddon), white, black,
            plies, last_move, last_move_at, white_clock, black_clock (seconds), result,
            conflict, notices
  notices   what the feed says: where, message, article, needs_arbiter
  problems  the source's troubles this time (one line each)
"""


def _stamp(at: datetime) -> str:
    return at.strftime("%H:%M:%S")


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def _parse_accept(values: tuple[str, ...]) -> list[tuple[int, int, str]]:
    """ "7.3" (round 7 board 3, its main game) or "7.3A" (its Armageddon)."""
    out = []
    for value in values:
        text = value.strip().upper()
        kind = "armageddon" if text.endswith("A") else "main"
        head, _, board = text.removesuffix("A").partition(".")
        if not all(is_number(n) and len(n) <= 3 and int(n) >= 1 for n in (head, board)):
            raise UserError(
                f"--accept {value!r}: write ROUND.BOARD, each a whole number from 1 to 999, "
                "e.g. 7.3 (7.3A for the Armageddon)"
            )
        out.append((int(head), int(board), kind))
    return out


@command("watch", epilog=_WATCH_EPILOG)
@db_argument
@click.argument("source")
@click.option("--round", "round_no", type=Whole(1, 999), help="Only this round of the source.")
@click.option(
    "--interval",
    type=Seconds(0.1, 600),
    default=1.0,
    show_default=True,
    help="Seconds between two reads of the source.",
)
@click.option(
    "--timeout",
    type=Seconds(0.1, 300),
    default=5.0,
    show_default=True,
    help="Seconds a URL's whole answer may take, from connecting to its last byte.",
)
@click.option("--once", is_flag=True, help="Read the source once, act, report and exit.")
@click.option(
    "--accept",
    multiple=True,
    metavar="ROUND.BOARD",
    help="Take the feed's conflicting record for this board (7.3; 7.3A for its "
    "Armageddon): it replaces the one kept, as your change.",
)
@json_option
@actor_option
@friendly
def watch(
    db: Path,
    source: str,
    round_no: int | None,
    interval: float,
    timeout: float,
    once: bool,
    accept: tuple[str, ...],
    as_json: bool,
) -> None:
    """Follow the live boards of SOURCE and act on them in the event DB.

    Each game goes to its pairing by round and players (the Round tag's board number is
    not trusted); the first game of a pairing is its main game, the second its
    Armageddon. The first move marks the game in progress; a record that extends the
    one kept replaces it; a finished game's result is entered as the provisional result
    (§8), marked as the feed's, dated when the game ended (a drawn game's Armageddon must
    start within 20 minutes of that, §2). A record that changes moves already kept is a
    conflict: reported, never applied (--accept takes it). Checks are reported at once:
    a draw before Black's move 30 (§2), clocks not set to the time control (§2, §3), an
    illegal move, a clock at zero. Every change is one audit entry by actor "feed",
    undone with `normtui undo --anyone`. A record taken with --accept is
    your change (--as NAME). Follows until interrupted (Ctrl+C), or --once.
    """
    # The feed and python-chess: `contenders`, a read, must not load them.
    from normtui.feed.sources import open_source
    from normtui.feed.watcher import Feed
    from normtui.store.connection import is_event_file

    if not db.is_file():
        raise UserError(f"{db}: no such event file (create it with `normtui new`)")
    wanted = _parse_accept(accept)
    feed_source = open_source(
        source, round_no, timeout=timeout, refuse=lambda p: is_event_file(p, db)
    )
    with opened(db) as store:
        # Every argument is checked before the feed is read: exit 2 leaves the event file as
        # it was, byte for byte.
        if round_no is not None:
            store.rounds.check(round_no)  # a round the event does not have: one line, 2
        for accept_round, board, _ in wanted:
            _board_game(store, accept_round, board)
        feed = Feed(store, feed_source)
        try:
            while True:
                report = feed.poll()
                accepted = _accept(store, feed, wanted)
                if accepted:
                    # Read again: what the arbiter took is no longer a conflict.
                    report = replace(feed.poll(), changes=report.changes)
                wanted = []
                if once and report.stale and not report.boards:
                    # Nothing could be read at all: the source given is no source.
                    raise UserError(
                        report.problems[0]
                        if report.problems
                        else f"{source}: nothing could be read"
                    )
                _write_whole(_said(report, accepted, as_json, once))
                if once:
                    sys.exit(1 if report.needs_arbiter else 0)
                time.sleep(interval)
        except KeyboardInterrupt:
            feed.stop()
            if not as_json:
                echo("stopped watching")


@command("contenders")
@db_argument
@json_option
@friendly
def contenders(db: Path, as_json: bool) -> None:
    """Who can still finish first or share it, given every way the games left can end.

    Each game left can end 3-0, 0-3, or drawn with the Armageddon won either way (1½-1,
    1-1½; §4); a drawn game waiting for its Armageddon only the last two ways. Players
    equal on points at the top play the play-off (§5), so first place is on points
    alone. Best and worst place are on points too, a tie counted as won for the best
    place and as lost for the worst (the tie-breaks of §6 could fall either way).
    Where a large event leaves too many ways to settle a player's chance in about a
    second, it is said to be undecided ("?", null in --json), places given as ranges.
    """
    with opened(db) as store:
        rows = store.feed.contenders()
        final = store.playoff.final_standings()
    decided = final.note if final.decided_by == "playoff" else ""
    if as_json:
        echo_json(
            [
                {
                    "number": r.number,
                    "player": r.name,
                    "points": r.points,
                    "max_points": r.max_points,
                    "min_points": r.min_points,
                    "games_left": r.games_left,
                    "can_win": r.can_win,
                    "clinched": r.clinched,
                    "best_place": r.best_place,
                    "best_place_up_to": r.best_place_up_to,
                    "worst_place_from": r.worst_place_from,
                    "worst_place": r.worst_place,
                    "settled": r.settled,
                }
                for r in rows
            ]
        )
        return
    assert final.first is not None  # the whole table: its first place is read with it
    echo(describe_leader(rows, final.first, decided))
    echo(f"  {'No':>2}  {'Player':<26} {'Pts':>5} {'Max':>5} {'Left':>4} {'Best':>5} {'Worst':>5}")
    order = sorted(
        rows, key=lambda r: (r.can_win is not True, r.can_win is False, -r.max_points, r.number)
    )
    for r in order:
        mark = {True: "*", None: "?"}.get(r.can_win, " ")
        echo(
            f"{mark} {r.number:>2}  {r.name:<26} {_pts(r.points):>5} "
            f"{_pts(r.max_points):>5} {r.games_left:>4} {r.best_text:>5} "
            f"{r.worst_text:>5}"
        )
    echo(f"* can still finish first or share it ({final.first.share_note()})")
    if any(r.can_win is None for r in rows):
        echo(
            "? undecided whether they can: too many ways the games left can end "
            "to settle it in the time allowed"
        )
    if not all(r.settled for r in rows):
        echo(
            "A place given as 2-4 is undecided within that range (too many ways "
            "the games left can end to settle it in the time allowed)"
        )


def _said(report: Report, accepted: list[str], as_json: bool, once: bool) -> str:
    """What :func:`_say` writes, as one text (an interrupt meanwhile: nothing written)."""
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        _say(report, accepted, as_json, once)
    return text.getvalue()


def _write_whole(text: str) -> None:
    """Write ``text`` to stdout whole, and only then stop for a Ctrl+C that came meanwhile: a
    script reading ``--json`` line by line never gets half an object. (A long line goes out
    in pieces, and Python's own buffered writer drops what is left of it when an interrupt
    comes between two of them.) A second Ctrl+C stops at once, for a stdout nobody reads."""
    if not text:
        return
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError):  # no descriptor (a test's captured output)
        sys.stdout.write(text)
        return
    data = memoryview(text.encode(sys.stdout.encoding or "utf-8", sys.stdout.errors or "strict"))
    sys.stdout.flush()
    with _interrupt_after():
        while data:
            data = data[os.write(fd, data) :]


@contextmanager
def _interrupt_after() -> Iterator[None]:
    """A first Ctrl+C within the block takes effect at its end."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield  # Ctrl+C is not Python's KeyboardInterrupt here (ignored, or someone else's)
        return
    pressed: list[int] = []

    def later(signum: int, _frame: object) -> None:
        if pressed:
            raise KeyboardInterrupt
        pressed.append(signum)

    previous = signal.signal(signal.SIGINT, later)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt


def _pts(value: Decimal) -> str:
    return f"{value.normalize():f}"


def _board_game(store: EventStore, round_no: int, board: int) -> GameRecord:
    """The main game of ``round_no`` on ``board``, or one line naming what the event has."""
    store.rounds.check(round_no)
    game = next((g for g in store.games(round_no) if g.board == board), None)
    if game is None:
        raise UserError(f"--accept {round_no}.{board}: round {round_no} has no board {board}")
    return game


def _accept(store: EventStore, feed: Feed, wanted: list[tuple[int, int, str]]) -> list[str]:
    lines = []
    for round_no, board, kind in wanted:
        game = _board_game(store, round_no, board)
        entry = feed.accept(game.id, kind)  # type: ignore[arg-type]
        if entry is None:
            lines.append(
                f"{game.label}: the feed holds no conflicting "
                f"{'Armageddon ' if kind == 'armageddon' else ''}record to accept"
            )
        else:
            lines.append(f"#{entry.id} {entry.summary}")
    return lines


def _say(report: Report, accepted: list[str], as_json: bool, once: bool) -> None:
    if as_json:
        if once or report.changes or report.new_notices or report.problems or accepted:
            data = report.to_json()
            data["accepted"] = accepted
            # One object per line while following, so that a script reads it line by line.
            echo(to_json(data, 2 if once else None), lines=True)
        return
    at = _stamp(report.at)
    for change in report.changes:
        echo(f"{at} #{change.entry.id} {change.entry.summary}")
    for line in accepted:
        echo(f"{at} {line}")
    for notice in report.notices if once else report.new_notices:
        echo(f"{at} {'!' if notice.ask else '·'} {notice.line}")
    for problem in report.problems:
        echo(f"{at} source: {problem}")
    if once:
        for b in report.boards:
            where = b.label
            result = f" {b.result}" if b.result and b.result != "*" else ""
            last = f", last {b.last_move}" if b.last_move else ", not begun"
            echo(
                f"{at}   {where}: {b.white} - {b.black}{result} ({b.plies} half-moves"
                f"{last}; clocks {_clock(b.white_clock)} / {_clock(b.black_clock)})"
            )
