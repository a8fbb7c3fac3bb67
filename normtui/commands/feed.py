"""``normtui watch``: follow the live boards (a DGT LiveChess folder, a PGN file or URL, a
LiveChess Cloud tournament) and act on them as the console does (both run
:class:`normtui.feed.watcher.Feed`); ``normtui contenders``: who can still finish first.

Exit codes of ``watch --once``: 0 nothing to report; 1 something needs the arbiter (a conflict,
a check, a game that matches no pairing, a file of the source that could not be read); 2 bad
input (no such source, the event file given as the source, a URL that cannot be read at all),
with one line on stderr.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import click

from normtui.commands.common import UserError, echo_json, friendly, to_json
from normtui.commands.storecli import actor_option, db_argument, json_option, opened

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
    """"7.3" (round 7 board 3, its main game) or "7.3A" (its Armageddon)."""
    out = []
    for value in values:
        text = value.strip().upper()
        kind = "armageddon" if text.endswith("A") else "main"
        head, _, board = text.rstrip("A").partition(".")
        if not (head.isdigit() and board.isdigit()):
            raise UserError(f"--accept {value!r}: write ROUND.BOARD, e.g. 7.3 (7.3A for the "
                            "Armageddon)")
        out.append((int(head), int(board), kind))
    return out


def register(cli: click.Group) -> None:
    @cli.command("watch", epilog=_WATCH_EPILOG)
    @db_argument
    @click.argument("source")
    @click.option("--round", "round_no", type=int, help="Only this round of the source.")
    @click.option("--interval", type=click.FloatRange(min=0.1), default=1.0, show_default=True,
                  help="Seconds between two reads of the source.")
    @click.option("--timeout", type=click.FloatRange(min=0.1), default=5.0, show_default=True,
                  help="Seconds to wait for a URL's answer.")
    @click.option("--once", is_flag=True, help="Read the source once, act, report and exit.")
    @click.option("--accept", multiple=True, metavar="ROUND.BOARD",
                  help="Take the feed's conflicting record for this board (7.3; 7.3A for its "
                       "Armageddon): it replaces the one kept, as your change.")
    @json_option
    @actor_option
    @friendly
    def watch(db: Path, source: str, round_no: int | None, interval: float, timeout: float,
              once: bool, accept: tuple[str, ...], as_json: bool) -> None:
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
        from normtui.feed.sources import SourceError, open_source
        from normtui.feed.watcher import Feed
        from normtui.store.connection import is_event_file

        if not db.is_file():
            raise UserError(f"{db}: no such event file (create it with `normtui new`)")
        wanted = _parse_accept(accept)
        try:
            feed_source = open_source(source, round_no, timeout=timeout,
                                      refuse=lambda p: is_event_file(p, db))
        except SourceError as exc:
            raise UserError(str(exc)) from None
        with opened(db) as store:
            if round_no is not None:
                store.check_round(round_no)  # a round the event does not have: one line, 2
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
                        raise UserError(report.problems[0] if report.problems else
                                        f"{source}: nothing could be read")
                    _say(report, accepted, as_json, once)
                    if once:
                        sys.exit(1 if report.needs_arbiter else 0)
                    time.sleep(interval)
            except KeyboardInterrupt:
                feed.stop()
                if not as_json:
                    click.echo("stopped watching")

    @cli.command("contenders")
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
        """
        with opened(db) as store:
            rows = store.contenders()
            final = store.final_standings()
        decided = final.note if final.decided_by == "playoff" else ""
        if as_json:
            echo_json([{"number": r.number, "player": r.name, "points": r.points,
                        "max_points": r.max_points, "min_points": r.min_points,
                        "games_left": r.games_left, "can_win": r.can_win,
                        "clinched": r.clinched, "best_place": r.best_place,
                        "worst_place": r.worst_place} for r in rows])
            return
        from normtui.rules.contenders import describe_leader

        click.echo(describe_leader(rows, decided))
        click.echo(f"  {'No':>2}  {'Player':<26} {'Pts':>5} {'Max':>5} {'Left':>4} "
                   f"{'Best':>4} {'Worst':>5}")
        order = sorted(rows, key=lambda r: (not r.can_win, -r.max_points, r.number))
        for r in order:
            mark = "*" if r.can_win else " "
            click.echo(f"{mark} {r.number:>2}  {r.name:<26} {_pts(r.points):>5} "
                       f"{_pts(r.max_points):>5} {r.games_left:>4} {r.best_place:>4} "
                       f"{r.worst_place:>5}")
        click.echo("* can still finish first or share it (a share of first place means the "
                   "play-off, §5)")


def _pts(value: object) -> str:
    from decimal import Decimal

    assert isinstance(value, Decimal)
    return f"{value.normalize():f}"


def _accept(store: object, feed: object, wanted: list[tuple[int, int, str]]) -> list[str]:
    from normtui.feed.watcher import Feed
    from normtui.store import EventStore

    assert isinstance(store, EventStore) and isinstance(feed, Feed)
    lines = []
    for round_no, board, kind in wanted:
        game = next((g for g in store.games(round_no) if g.board == board), None)
        if game is None:
            raise UserError(f"--accept {round_no}.{board}: round {round_no} has no board {board}")
        entry = feed.accept(game.id, kind)  # type: ignore[arg-type]
        if entry is None:
            lines.append(f"{game.label}: the feed holds no conflicting "
                         f"{'Armageddon ' if kind == 'armageddon' else ''}record to accept")
        else:
            lines.append(f"#{entry.id} {entry.summary}")
    return lines


def _say(report: object, accepted: list[str], as_json: bool, once: bool) -> None:
    from normtui.feed.watcher import Report

    assert isinstance(report, Report)
    if as_json:
        if once or report.changes or report.new_notices or report.problems or accepted:
            data = report.to_json()
            data["accepted"] = accepted
            # One object per line while following, so that a script reads it line by line.
            click.echo(to_json(data) if once else json.dumps(data, ensure_ascii=False))
        return
    at = _stamp(report.at)
    for change in report.changes:
        click.echo(f"{at} #{change.entry.id} {change.entry.summary}")
    for line in accepted:
        click.echo(f"{at} {line}")
    for notice in report.notices if once else report.new_notices:
        click.echo(f"{at} {'!' if notice.ask else '·'} {notice.line}")
    for problem in report.problems:
        click.echo(f"{at} source: {problem}")
    if once:
        for b in report.boards:
            where = b.label
            result = f" {b.result}" if b.result and b.result != "*" else ""
            last = f", last {b.last_move}" if b.last_move else ", not begun"
            click.echo(f"{at}   {where}: {b.white} - {b.black}{result} ({b.plies} half-moves"
                       f"{last}; clocks {_clock(b.white_clock)} / {_clock(b.black_clock)})")
