"""``normtui publish``: the event as a static site; ``normtui broadcast``: a round's games pushed
to a Lichess broadcast. Both read the event file; ``--watch`` follows every change made by any
process (the console, the CLI, the live feed, a second arbiter), as
:func:`normtui.export.follow.follow` does for the console too.

``--watch`` is kept with the event as the console keeps its own loops (``store.outward``, the
one thing it writes: no tournament data, no audit row): ended (Ctrl+C, the process stopped),
the next console opened on the event offers to start it again.

Exit codes: 0 done (``--watch``: stopped with Ctrl+C or a signal); 1 (broadcast) Lichess
refused a game, the token or the round, or could not be reached after the retries; 2 bad
input (not an event, a folder that is not normtui's, no token), one line on stderr.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, TypeVar

import click

from normtui.commands.common import (
    Seconds,
    UserError,
    Whole,
    command,
    db_argument,
    echo,
    echo_json,
    fail,
    friendly,
    json_option,
    opened,
)
from normtui.export.follow import Turn, attempt, follow
from normtui.export.lichess import Broadcast, Lichess, PushReport
from normtui.export.lichess_input import read_token, token_file_warning
from normtui.export.publish import GameTexts, SiteReport
from normtui.export.publish import publish as build
from normtui.export.snapshot import take_snapshot
from normtui.rules.errors import NormtuiError

T = TypeVar("T")
Kind = Literal["publish", "broadcast"]


def _now() -> str:
    return datetime.now().strftime("%H:%M:%S")


def _watch(
    db: Path,
    work: Callable[..., T],
    said: Callable[[Turn[T]], None],
    interval: float,
    what: str,
    run: tuple[Kind, dict[str, Any]],
) -> None:
    """Follow the event until Ctrl+C or the process is stopped (exit 0), or until the work
    cannot succeed (exit 1). ``run``, what it does, is kept with the event as the console
    keeps its own loops (``store.outward``): ended, it is kept as stopped then, and the next
    console on the event offers to start it again."""
    kept = _kept(db, *run)
    stop = threading.Event()
    last = None
    try:
        with _stopped_by_signals(stop):
            last = follow(db, work, said, interval=interval, stop=stop)
    except KeyboardInterrupt:
        pass
    finally:
        if kept:
            _kept(db)
    if last is not None:
        sys.exit(1)
    offered = "; a console opened on the event offers to start it again" if kept else ""
    echo(f"{_now()} stopped {what}{offered}", err=True)


def _kept(db: Path, kind: Kind | None = None, settings: dict[str, Any] | None = None) -> bool:
    """With ``kind``: this process runs it now; without: it stopped now (``store.outward``).
    A file that cannot be written (read-only, say) is said, and the watch runs all the same."""
    with opened(db) as store:
        try:
            if kind is None:
                store.outward.quitting()
            else:
                store.outward.started(kind, settings or {})
        except NormtuiError as exc:
            echo(f"normtui: warning: not kept for a console to start again: {exc}", err=True)
            return False
    return True


@contextmanager
def _stopped_by_signals(stop: threading.Event) -> Iterator[None]:
    """The process stopped (SIGTERM; SIGHUP, its terminal closed) ends the watch as Ctrl+C
    does: after the turn under way, kept as stopped."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signals are the main thread's to take
        return
    names = ("SIGTERM", "SIGHUP")
    taken = [getattr(signal, n) for n in names if hasattr(signal, n)]
    before = {s: signal.signal(s, lambda *_: stop.set()) for s in taken}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


def _problem(turn: Turn[Any], as_json: bool) -> None:
    again = "" if turn.retry_in is None else f"; trying again in {turn.retry_in:g} s"
    if as_json:
        echo_json({"at": _now(), "problem": turn.problem, "retry_in": turn.retry_in})
    else:
        echo(f"{_now()} {turn.problem or ''}{again}", err=True)
    sys.stdout.flush()


def _interval(default: float) -> Callable[[Any], Any]:
    return click.option(
        "--interval",
        type=Seconds(0.1, 60),
        default=default,
        show_default=True,
        help="With --watch: how often to look for a change (s).",
    )


@command("publish")
@db_argument
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--watch", is_flag=True, help="Rebuild after every change until interrupted.")
@_interval(0.5)
@click.option(
    "--force",
    is_flag=True,
    help="Publish into a folder that holds files normtui did not write (they are left alone).",
)
@json_option
@friendly
def publish(
    db: Path, folder: Path, watch: bool, interval: float, force: bool, as_json: bool
) -> None:
    """Write the event's public site into FOLDER: standings (classical and Armageddon
    points, tie-breaks, prizes), who can still finish first, every round's pairings and
    results, the crosstable, a page per player, the play-off, every game as PGN, and the
    same data as JSON (standings.json, round-N.json, event.json).

    Only the files that changed are rewritten, each replaced whole. Only the files normtui
    wrote there (listed in FOLDER/.normtui-site.json) are ever replaced or removed, never
    through a link; --force publishes beside other files and leaves them alone. Serve FOLDER
    with any static web server (`python -m http.server -d FOLDER`), or copy it to a static
    host.
    """
    texts = GameTexts()

    def said(turn: Turn[SiteReport]) -> None:
        if turn.value is None:
            _problem(turn, as_json)
            return
        report = turn.value
        if as_json:
            echo_json({"at": _now(), **report.to_json()})
            sys.stdout.flush()
            return
        for note in report.notes:
            echo(f"{_now()} {note}", err=True)
        if report.written or report.removed or not watch:
            echo(
                f"{_now()} {folder}: {len(report.written)} written, "
                f"{report.unchanged} unchanged"
                + (f", {len(report.removed)} removed" if report.removed else "")
            )
        sys.stdout.flush()

    def work(store: Any) -> SiteReport:
        return build(store, folder, force=force, texts=texts)

    if watch:
        kept = {"folder": str(folder.absolute()), "by": "normtui publish --watch"}
        _watch(db, work, said, interval, "publishing", ("publish", kept))
        return
    with opened(db) as store:
        said(Turn(value=work(store)))


_LICHESS = "https://lichess.org"


@command("broadcast")
@db_argument
@click.option("--round", "round_no", type=Whole(1, 999), required=True, help="The round to push.")
@click.option(
    "--to",
    "to_round",
    required=True,
    metavar="ROUND_ID",
    help="The Lichess broadcast round (8 characters) for the classical games.",
)
@click.option(
    "--armageddon-to",
    "armageddon_round",
    metavar="ROUND_ID",
    help="The Lichess broadcast round for the round's Armageddon games.",
)
@click.option(
    "--watch",
    is_flag=True,
    help="Push again after every change until interrupted; a failed push is retried.",
)
@click.option("--once", is_flag=True, help="Push once and exit (the default).")
@_interval(1.0)
@click.option(
    "--token-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A file holding the Lichess token (default: $LICHESS_TOKEN).",
)
@click.option(
    "--base-url",
    default=_LICHESS,
    show_default=True,
    help="The Lichess server (a test server, say).",
)
@click.option(
    "--timeout",
    type=Seconds(1, 300),
    default=20.0,
    show_default=True,
    help="Seconds a request may take, from connecting to the last byte of Lichess's answer.",
)
@click.option("--no-scoring", is_flag=True, help="Leave the rounds' scoring as it is on Lichess.")
@json_option
@friendly
def broadcast(
    db: Path,
    round_no: int,
    to_round: str,
    armageddon_round: str | None,
    watch: bool,
    once: bool,
    interval: float,
    token_file: Path | None,
    base_url: str,
    timeout: float,
    no_scoring: bool,
    as_json: bool,
) -> None:
    """Push round ROUND's games to a Lichess broadcast round (POST
    /api/broadcast/round/ID/push) as the event has them: the records kept, the results
    entered, FIDE ids, `Round "N.board"`; a board not begun as its pairing with `*`. The
    Armageddon games go to --armageddon-to. Each round's scoring is set once to the
    event's points (the Armageddon round unrated). The token is sent in the request's
    header only, never printed or stored.
    """
    if watch and once:
        raise UserError("choose one of --watch and --once")
    client = Lichess(read_token(token_file), base_url, timeout=timeout)
    warning = token_file_warning(token_file) if token_file is not None else None
    if warning:
        echo(f"normtui: warning: {warning}", err=True)
    caster = Broadcast(client, round_no, to_round, armageddon_round, scoring=not no_scoring)
    refused: list[bool] = []

    def work(store: Any) -> list[PushReport]:
        return caster.push(take_snapshot(store))

    def said(turn: Turn[list[PushReport]]) -> None:
        if turn.value is None:
            _problem(turn, as_json)
            return
        for report in turn.value:
            refused.append(bool(report.refused))
            _pushed(report, as_json)

    if watch:
        kept: dict[str, Any] = {
            "round": round_no,
            "to": to_round,
            "armageddon_to": armageddon_round,
            "token_file": str(token_file.absolute()) if token_file else None,
            "by": "normtui broadcast --watch",
        }
        if base_url != _LICHESS:
            kept["base_url"] = base_url
        if no_scoring:
            kept["scoring"] = False
        _watch(db, work, said, interval, "broadcasting", ("broadcast", kept))
        return
    with opened(db) as store:
        for failures, pause in enumerate((*_ONCE_WAITS, None)):
            turn = attempt(store, work, failures)
            said(turn)
            if turn.done:
                sys.exit(1 if any(refused) else 0)
            if turn.retry_in is None or pause is None:
                break
            time.sleep(max(turn.retry_in, pause))
    fail("the round was not pushed", 1)


# --once: tried again after these pauses (or a 429's own wait, if longer), then given up.
_ONCE_WAITS = (1.0, 4.0, 15.0)


def _pushed(report: PushReport, as_json: bool) -> None:
    if as_json:
        echo_json({"at": _now(), **report.to_json()})
    else:
        if report.scoring:
            echo(f"{_now()} {report.kind} round {report.round_id}: scoring set ({report.scoring})")
        answered = (
            ""
            if len(report.answers) == report.sent
            else (f" (Lichess answered for {len(report.answers)})")
        )
        echo(
            f"{_now()} {report.kind} round {report.round_id}: {report.sent} games pushed{answered}"
        )
        for answer in report.answers:
            echo(f"  {answer.line}")
    sys.stdout.flush()
