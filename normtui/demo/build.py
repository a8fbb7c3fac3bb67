"""Build ``demo.db``: the real Norway Chess 2022, stopped during round 7.

    python -m normtui.demo demo.db [--force]
    python -m normtui.demo --filled N [--cycles 2] [--through ROUND] OUT.db   # for benchmarks

Everything comes from the real games in ``assets/data/norway-chess-2022`` (see its SOURCE.md):
players, ratings (the published Elo tags, So's 2776 included, although 2766 was likely meant),
FIDE ids (from the Armageddon file), results, and the PGN texts. Pairing numbers are the ones
that reproduce the 2022 Berger table. Rounds 1-6 are complete, signed and closed; in round 7
two boards are finished (one countersigned, one waiting for the arbiter), one drawn main game
waits for its Armageddon and two games are in progress.

Nothing is invented about the players: no fines, incidents or illness; every player is
recorded present at the start of every round played. The federations are not in the PGN and
are left empty. Clock times are not in the PGN either: the rounds start at 16:00 (Stavanger,
UTC+2) and every entry is stamped at a fixed offset from that, so the file is reproducible
byte for byte in content (a test rebuilds it and compares every table).
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
import tempfile
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from functools import partial
from pathlib import Path
from typing import TextIO

from normtui.assets import read_profile_text
from normtui.demo.data2022 import DATA_2022, PgnGame, players_2022, read_games
from normtui.rules.errors import NormtuiError
from normtui.store import EventStore
from normtui.store.connection import remove_database
from normtui.text import visible

__all__ = ["build_demo", "main"]

COMPLETE_ROUNDS = 6
LIVE_ROUND = 7
ACTOR = "arbiter"
STAVANGER = timezone(timedelta(hours=2))


def _say(text: str, *, file: TextIO | None = None, flush: bool = False) -> None:
    # Paths given on the command line and the replay's tags: shown, never obeyed.
    print(visible(text), file=file or sys.stdout, flush=flush)


class ScriptClock:
    """The time the demo says it is; moved forward by the script before each entry."""

    def __init__(self) -> None:
        self.now = datetime(2022, 5, 31, 10, 0, tzinfo=STAVANGER)

    def __call__(self) -> datetime:
        return self.now


def build_demo(path: str | Path) -> None:
    """Write the demo event to ``path`` (which must not exist)."""
    classical = read_games(DATA_2022 / "classical.pgn")
    armageddon = read_games(DATA_2022 / "armageddon.pgn")
    arm_of = {(g.round, g.tags["White"], g.tags["Black"]): g for g in armageddon}
    dates = {g.round: g.tags["Date"].replace(".", "-") for g in classical}
    clock = ScriptClock()
    store = EventStore.create(
        path, players_2022(classical, armageddon), read_profile_text(), actor=ACTOR, clock=clock
    )
    try:
        # The schedule is known before the first round.
        for rnd in range(1, store.event.rounds + 1):
            store.rounds.set_schedule(rnd, date=dates[rnd], start_time="16:00")
        for rnd in range(1, LIVE_ROUND + 1):
            _play_round(store, clock, rnd, dates[rnd], classical, arm_of)
    except BaseException:
        store.close()
        remove_database(Path(path))
        raise
    store.close()


Step = tuple[datetime, int, Callable[[], object]]


def _play_round(
    store: EventStore,
    clock: ScriptClock,
    rnd: int,
    date: str,
    classical: list[PgnGame],
    arm_of: dict[tuple[int, str, str], PgnGame],
) -> None:
    """One round as the arbiter lives it. Board b's main game ends 3h + 7b minutes after the
    start, its Armageddon 25 minutes later; the entries are made in order of time, so the
    audit log reads as a day at the venue."""
    start = datetime.fromisoformat(f"{date}T16:00:00+02:00")
    clock.now = start - timedelta(minutes=5)
    for p in store.players():
        store.desk.record_arrival(rnd, p.number, True)
    clock.now = start
    store.rounds.start(rnd)
    games = {(g.white_name, g.black_name): g for g in store.games(rnd)}
    steps: list[Step] = []
    for pgn in (g for g in classical if g.round == rnd):
        record = games[(pgn.tags["White"], pgn.tags["Black"])]
        stage = _stage_of(rnd, record.board)
        if stage == "in progress":
            continue
        ended = start + timedelta(hours=3, minutes=7 * record.board)

        def add(
            minutes: int,
            action: Callable[[], object],
            ended: datetime = ended,
            board: int = record.board,
        ) -> None:
            steps.append((ended + timedelta(minutes=minutes), board, action))

        add(
            0,
            partial(store.games.enter_result, rnd, record.white, record.black, pgn.tags["Result"]),
        )
        add(1, partial(store.games.attach_pgn, record.id, "main", pgn.text))
        arm = arm_of.get((rnd, pgn.tags["White"], pgn.tags["Black"]))
        done = 2
        if arm is not None:
            if stage == "awaiting armageddon":
                continue
            add(
                25,
                partial(
                    store.games.enter_armageddon,
                    rnd,
                    record.white,
                    record.black,
                    arm.tags["Result"],
                ),
            )
            add(26, partial(store.games.attach_pgn, record.id, "armageddon", arm.text))
            done = 27
        add(done, partial(store.games.sign, record.id, "white"))
        add(done, partial(store.games.sign, record.id, "black"))
        if stage == "finished":
            add(done + 1, partial(store.games.sign, record.id, "arbiter"))
    for at, _, action in sorted(steps, key=lambda s: (s[0], s[1])):
        clock.now = at
        action()
    if rnd <= COMPLETE_ROUNDS:
        clock.now = start + timedelta(hours=5)
        store.rounds.close(rnd)


def _stage_of(rnd: int, board: int) -> str:
    """How far each board has got when the demo stops. Round 7, boards 1-5: Anand-Radjabov
    (drawn, still playing here), Mamedyarov-Giri 1-0, Tari-Carlsen (drawn, Armageddon due),
    Vachier-Lagrave-So 1-0, Topalov-Wang (drawn, still playing here)."""
    if rnd < LIVE_ROUND:
        return "finished"
    return {
        1: "in progress",
        2: "awaiting countersignature",
        3: "awaiting armageddon",
        4: "finished",
        5: "in progress",
    }[board]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m normtui.demo", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "path", type=Path, nargs="?", help="where to write the demo event (e.g. demo.db)"
    )
    parser.add_argument("--force", action="store_true", help="replace an existing file")
    live = parser.add_argument_group(
        "live boards",
        "--live FOLDER plays the real games of a 2022 round into FOLDER move by "
        "move, as DGT LiveChess writes them (round-N/game-M.pgn and games.pgn), Armageddons "
        "after their draws; watch it with `normtui watch DB FOLDER` or from the console",
    )
    live.add_argument("--live", type=Path, metavar="FOLDER", help="play a round into FOLDER")
    live.add_argument("--round", type=int, default=LIVE_ROUND, help="the round (default 7)")
    live.add_argument(
        "--speed",
        type=float,
        default=60.0,
        help="times real time (default 60: an hour of play in a minute)",
    )
    live.add_argument(
        "--every",
        type=float,
        metavar="SECONDS",
        help="a move on each board every SECONDS instead, whatever the clocks",
    )
    filled = parser.add_argument_group(
        "a filled event",
        "--filled N writes instead an event of N players with a result and "
        "a PGN text on every board up to a round, for the benchmarks (normtui.demo.filled)",
    )
    filled.add_argument("--filled", type=int, metavar="N", help="the number of players")
    filled.add_argument("--cycles", type=int, help="2: a double round robin (default 1)")
    filled.add_argument(
        "--through",
        type=int,
        metavar="ROUND",
        help="results up to this round (default: all but the last)",
    )
    args = parser.parse_args(argv)
    if args.filled is None and (args.cycles is not None or args.through is not None):
        parser.error("--cycles and --through are options of --filled N")
    if args.live is not None:
        return _play_live(args.live, args.round, args.speed, args.every)
    if args.path is None:
        parser.error("give the PATH of the demo event, or --live FOLDER")
    named: Path = args.path
    # A link is followed: its target is the file replaced.
    target = Path(os.path.realpath(named))
    try:
        info: os.stat_result | None = target.stat()
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        # Never a device, a FIFO or a folder: replacing one would remove it (as root, the
        # machine's /dev/null).
        _say(
            f"normtui: {named} is not a regular file; the demo is written to a new or a "
            "regular file",
            file=sys.stderr,
        )
        return 2
    if info is not None and not args.force:
        _say(
            f"normtui: {named} exists; rebuild it with `python -m normtui.demo {named} --force`",
            file=sys.stderr,
        )
        return 2
    if not target.parent.is_dir():
        _say(f"normtui: {target.parent}: no such folder", file=sys.stderr)
        return 2
    # Built beside the target and moved into place, so a failure never leaves half a demo.
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        built = Path(tmp) / "demo.db"
        try:
            if args.filled is not None:
                from normtui.demo.filled import build_filled  # only --filled

                build_filled(built, args.filled, cycles=args.cycles or 1, through=args.through)
            else:
                build_demo(built)
        except NormtuiError as exc:
            _say(f"normtui: cannot build the demo: {exc}", file=sys.stderr)
            return 2
        if info is not None:
            os.chmod(built, stat.S_IMODE(info.st_mode))  # the file's permissions are kept
        remove_database(target)
        built.replace(target)
    _say(f"wrote {named}")
    return 0


def _play_live(folder: Path, round_no: int, speed: float, every: float | None) -> int:
    from normtui.demo.replay import Replay  # only --live: python-chess

    try:
        replay = Replay(folder, round_no, speed=speed, every=every)
    except ValueError as exc:
        _say(f"normtui: {exc}", file=sys.stderr)
        return 2
    steps = replay.steps()
    _say(
        f"playing round {round_no} of 2022 into {replay.folder}: {len(replay.games)} games, "
        f"{steps[-1].at / 60:.1f} minutes (Ctrl+C stops)",
        flush=True,
    )
    try:
        for step in replay.run():
            game = next(g for g in replay.games if g.number == step.game)
            if step.finished:
                _say(
                    f"game-{game.number}: {game.tags['White']} - {game.tags['Black']} "
                    f"{game.result}",
                    flush=True,
                )
    except KeyboardInterrupt:
        _say("stopped")
        return 130
    except OSError as exc:
        _say(f"normtui: {folder}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
