"""``normtui publish``: the event as a static site; ``normtui broadcast``: a round's games pushed
to a Lichess broadcast. Both read the event file and never write it; ``--watch`` follows every
change made by any process (the console, the CLI, the live feed, a second arbiter).

Exit codes: 0 done; 1 (broadcast) Lichess refused a game or could not be reached after the
retries; 2 bad input (not an event, a folder that is not normtui's, no token), one line on
stderr; 130 interrupted.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import click

from normtui.commands.common import UserError, echo_json, friendly
from normtui.commands.storecli import db_argument, json_option, opened
from normtui.store import EventStore
from normtui.text import visible

# Waits after a failed push in --watch: a network gone for a while is tried again, never given
# up on, and a change made meanwhile is in the next push (each push sends the whole round).
_BACKOFF = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0)


def _now() -> str:
    return datetime.now().strftime("%H:%M:%S")


def _follow(store: EventStore, interval: float, work: Callable[[], float | None]) -> None:
    """Run ``work`` now and again after every change to the event, until interrupted. While
    ``work`` fails it returns how long to wait before it is tried again (changes or not)."""
    seen: int | None = None
    retry_at: float | None = None
    while True:
        version = store.data_version()
        if version != seen or (retry_at is not None and time.monotonic() >= retry_at):
            # The version is taken before the read: a change made while the work runs is
            # seen at the next turn, never lost.
            seen = version
            wait = work()
            retry_at = None if wait is None else time.monotonic() + wait
        time.sleep(interval)


def _token(token_file: Path | None) -> str:
    if token_file is not None:
        try:
            raw = token_file.read_text("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UserError(f"--token-file {visible(str(token_file))}: cannot be read "
                            f"({getattr(exc, 'strerror', None) or 'not UTF-8 text'})") from None
        return raw.strip()
    token = os.environ.get("LICHESS_TOKEN", "").strip()
    if not token:
        raise UserError("no Lichess token: set LICHESS_TOKEN or give --token-file (a token "
                        "with the study:write scope)")
    return token


def register(cli: click.Group) -> None:
    @cli.command("publish")
    @db_argument
    @click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
    @click.option("--watch", is_flag=True, help="Rebuild after every change until interrupted.")
    @click.option("--interval", type=click.FloatRange(min=0.1, max=60), default=0.5,
                  show_default=True, help="With --watch: how often to look for a change (s).")
    @click.option("--force", is_flag=True,
                  help="Publish into a folder that holds files normtui did not write.")
    @json_option
    @friendly
    def publish(db: Path, folder: Path, watch: bool, interval: float, force: bool,
                as_json: bool) -> None:
        """Write the event's public site into FOLDER: standings (classical and Armageddon
        points, tie-breaks, prizes), who can still finish first, every round's pairings and
        results, the crosstable, a page per player, the play-off, every game as PGN, and the
        same data as JSON (standings.json, round-N.json, event.json).

        Only the files that changed are rewritten, each replaced whole. Serve FOLDER with any
        static web server (`python -m http.server -d FOLDER`), or copy it to a static host.
        """
        from normtui.export.publish import publish as build

        def once(store: EventStore) -> float | None:
            report = build(store, folder, force=force)
            if as_json:
                echo_json({"at": _now(), **report.to_json()})
            elif report.written or report.removed or not watch:
                click.echo(f"{_now()} {visible(str(folder))}: {len(report.written)} written, "
                           f"{report.unchanged} unchanged"
                           + (f", {len(report.removed)} removed" if report.removed else ""))
            sys.stdout.flush()
            return None

        with opened(db) as store:
            if not watch:
                once(store)
                return
            _follow(store, interval, lambda: once(store))

    @cli.command("broadcast")
    @db_argument
    @click.option("--round", "round_no", type=click.IntRange(min=1), required=True,
                  help="The round to push.")
    @click.option("--to", "to_round", required=True, metavar="ROUND_ID",
                  help="The Lichess broadcast round (8 characters) for the classical games.")
    @click.option("--armageddon-to", "armageddon_round", metavar="ROUND_ID",
                  help="The Lichess broadcast round for the round's Armageddon games.")
    @click.option("--watch", is_flag=True, help="Push again after every change until "
                                                "interrupted; a failed push is retried.")
    @click.option("--once", is_flag=True, help="Push once and exit (the default).")
    @click.option("--interval", type=click.FloatRange(min=0.1, max=60), default=1.0,
                  show_default=True, help="With --watch: how often to look for a change (s).")
    @click.option("--token-file", type=click.Path(dir_okay=False, path_type=Path),
                  help="A file holding the Lichess token (default: $LICHESS_TOKEN).")
    @click.option("--base-url", default="https://lichess.org", show_default=True,
                  help="The Lichess server (a test server, say).")
    @click.option("--no-scoring", is_flag=True,
                  help="Leave the rounds' scoring as it is on Lichess.")
    @json_option
    @friendly
    def broadcast(db: Path, round_no: int, to_round: str, armageddon_round: str | None,
                  watch: bool, once: bool, interval: float, token_file: Path | None,
                  base_url: str, no_scoring: bool, as_json: bool) -> None:
        """Push round ROUND's games to a Lichess broadcast round (POST
        /api/broadcast/round/ID/push) as the event has them: the records kept, the results
        entered, FIDE ids, `Round "N.board"`; a board not begun as its pairing with `*`. The
        Armageddon games go to --armageddon-to. Each round's scoring is set once to the
        event's points (the Armageddon round unrated). The token is sent in the request's
        header only, never printed or stored.
        """
        from normtui.export.lichess import Broadcast, Lichess

        if watch and once:
            raise UserError("choose one of --watch and --once")
        client = Lichess(_token(token_file), base_url)
        caster = Broadcast(client, round_no, to_round, armageddon_round, scoring=not no_scoring)
        with opened(db) as store:
            if watch:
                failures = [0]
                _follow(store, interval, lambda: _push(store, caster, as_json, failures)[0])
                return
            for attempt, pause in enumerate((*_ONCE_WAITS, None)):
                wait, refused = _push(store, caster, as_json, [attempt], last=pause is None)
                if wait is None:
                    sys.exit(1 if refused else 0)
                if pause is None:
                    break
                time.sleep(max(wait, pause))
            sys.exit(1)


# --once: tried again after these pauses (or a 429's own wait, if longer), then given up.
_ONCE_WAITS = (1.0, 4.0, 15.0)


def _push(store: EventStore, caster: Any, as_json: bool, failures: list[int],
          last: bool = False) -> tuple[float | None, bool]:
    """One push of the round, its report printed: (None, whether Lichess refused a game) when
    it went through, else (seconds to wait before trying again, False). A refusal of the
    whole request (the token, the round) ends the command: trying again cannot help."""
    from normtui.export.lichess import BroadcastRefused, LichessUnreachable, RateLimited
    from normtui.export.snapshot import take_snapshot

    try:
        reports = caster.push(take_snapshot(store))
    except RateLimited as exc:
        _problem(str(exc), as_json)
        failures[0] += 1
        return exc.wait, False
    except LichessUnreachable as exc:
        _problem(f"{exc}" + ("" if last else "; trying again"), as_json)
        failures[0] += 1
        return _BACKOFF[min(failures[0] - 1, len(_BACKOFF) - 1)], False
    except BroadcastRefused as exc:
        _problem(str(exc), as_json)
        sys.exit(1)
    refused = False
    for report in reports:
        refused |= bool(report.refused)
        if as_json:
            echo_json({"at": _now(), **report.to_json()})
            continue
        if report.scoring:
            click.echo(f"{_now()} {report.kind} round {report.round_id}: scoring set "
                       f"({report.scoring})")
        click.echo(f"{_now()} {report.kind} round {report.round_id}: "
                   f"{len(report.answers)} games pushed")
        for answer in report.answers:
            click.echo(f"  {visible(answer.line)}")
    sys.stdout.flush()
    failures[0] = 0
    return None, refused


def _problem(message: str, as_json: bool) -> None:
    if as_json:
        echo_json({"at": _now(), "problem": message})
    else:
        click.echo(f"{_now()} {visible(message)}", err=True)
    sys.stdout.flush()
