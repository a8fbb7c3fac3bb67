"""A day at the venue: the console (with a palette export), the command line and a
second arbiter's store write to one event file at the same time, a few hundred changes. Every
write that reported success is there afterwards with exactly one audit row, the log accounts
for every row, the WAL stays in place while the console is open, and nothing is lost when the
console quits."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

from normtui.rules.model import GameState
from normtui.store import EventStore
from normtui.tui.commands import ConsoleCommands
from tests.children import read_line
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import console, notes, pairings, press, settled, to_board

ROOT = Path(__file__).resolve().parents[2]
DEPUTY_WRITES = 200
CLI_WRITES = 10
CONSOLE_WRITES = 30

# The deputy's store: corrections on rounds 1-3, each reported once its commit has returned.
DEPUTY = textwrap.dedent("""
    import sys, time
    from normtui.store import EventStore
    store = EventStore.open(sys.argv[1], actor="deputy")
    games = [g for g in store.games() if g.round <= 3]
    print("ready", flush=True)
    for i in range(int(sys.argv[2])):
        g = games[i % len(games)]
        result = ("0-1", "1-0")[i // len(games) % 2]
        entry = store.games.enter_result(g.round, g.white, g.black, result, correction=True)
        if entry is not None:
            print(entry.id, g.id, result, flush=True)
        time.sleep(0.002)  # a deputy is quick, not a busy loop
    store.close()
""")


def _cli_writes(
    path: Path,
    games: list[tuple[int, int, int, int]],
    reported: list[tuple[int, int, str]],
    failures: list[str],
) -> None:
    """`normtui result ... --correct --json`, one process per write, as a script would."""
    for i in range(CLI_WRITES):
        rnd, _board, white, black = games[i % len(games)]
        result = ("0-1", "1-0")[i // len(games) % 2]
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "normtui",
                "result",
                str(path),
                str(rnd),
                str(white),
                str(black),
                result,
                "--correct",
                "--json",
                "--as",
                "cli",
            ],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=ROOT,
        )
        if done.returncode != 0:
            failures.append(done.stderr)
            continue
        for entry in json.loads(done.stdout)["entries"]:
            game_id = int(next(iter(entry["after"]["games"])))
            reported.append((entry["id"], game_id, result))


async def test_console_cli_and_a_second_store_write_at_once(demo_copy: Path, make_app) -> None:
    app = make_app(demo_copy, preload=False)
    wal = Path(f"{demo_copy}-wal")
    with EventStore.open(demo_copy) as store:
        start = store.audit.log(1)[0].id
        cli_games = [
            (g.round, g.board, g.white, g.black) for g in store.games() if g.round in (4, 5, 6)
        ]
    deputy = subprocess.Popen(
        [sys.executable, "-c", DEPUTY, str(demo_copy), str(DEPUTY_WRITES)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert read_line(deputy.stdout, "the deputy ready") == "ready\n"
    cli_reported: list[tuple[int, int, str]] = []
    cli_failures: list[str] = []
    cli = threading.Thread(
        target=_cli_writes, args=(demo_copy, cli_games, cli_reported, cli_failures)
    )
    wal_seen = []
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        cli.start()
        await to_board(pilot, 1)  # round 7 board 1, in progress: p sets it back and forth
        console_done = 0
        for i in range(CONSOLE_WRITES):
            before = pairings(app).table.game
            await press(pilot, "p")
            after = app.store.games.get(before.id)
            if after.state is not before.state:
                console_done += 1
            if i % 10 == 0:
                wal_seen.append(wal.exists())
            if i == CONSOLE_WRITES // 3:
                # An export from the palette opens the file a second time in this process
                # (it used to drop the console's locks on it).
                [export] = [
                    call
                    for title, _h, call in ConsoleCommands(console(app))._commands()
                    if title == "Export standings as CSV"
                ]
                export()
                await app.workers.wait_for_complete()
        cli.join(120)
        deputy_lines = deputy.communicate(timeout=120)[0].splitlines()
        wal_seen.append(wal.exists())
        errors = notes(app, "error")
    app.store.close()  # the console quits: its checkpoint must lose nobody's write
    assert deputy.returncode == 0 and cli_failures == [] and errors == []
    assert console_done == CONSOLE_WRITES and all(wal_seen)

    deputy_reported = [(int(a), int(b), c) for a, b, c in (x.split() for x in deputy_lines)]
    assert len(deputy_reported) >= DEPUTY_WRITES // 2  # a write that changed nothing says so
    assert len(cli_reported) >= CLI_WRITES - 2  # (one may find its result there already)
    with EventStore.open(demo_copy) as store:
        log = [e for e in store.audit.log() if e.id > start]
        assert store.audit.check() == []  # every row is the sum of its audited changes
        by_id = {e.id: e for e in log}
        for actor, reported in (("deputy", deputy_reported), ("cli", cli_reported)):
            assert sorted(e.id for e in log if e.actor == actor) == sorted(
                i for i, _g, _r in reported
            ), actor
            for entry_id, game_id, result in reported:
                assert by_id[entry_id].after["games"][str(game_id)]["result"] == result
        console_rows = [e for e in log if e.actor == "arbiter"]
        assert len(console_rows) == CONSOLE_WRITES
        assert {e.action for e in console_rows} == {"state"}
        assert len(log) == CONSOLE_WRITES + len(cli_reported) + len(deputy_reported)
        # What each last wrote stands: the console's board, the CLI's and the deputy's games.
        board = store.games(7)[0]
        assert board.state is (
            GameState.IN_PROGRESS if CONSOLE_WRITES % 2 == 0 else GameState.SCHEDULED
        )
        latest: dict[int, str] = {}
        for _entry_id, game_id, result in sorted(deputy_reported + cli_reported):
            latest[game_id] = result
        for game_id, result in latest.items():
            game = store.games.get(game_id)
            assert game.result is not None and game.result.value == result


async def test_a_restore_is_refused_while_the_console_is_open(
    demo_copy: Path, make_app, tmp_path: Path
) -> None:
    """`normtui restore` from another terminal finds the console's lock on the
    file (through SQLite, not by opening the file) and changes nothing; once it quits, the
    restore goes through."""
    backup = tmp_path / "round6.db"
    run = [sys.executable, "-m", "normtui"]
    assert (
        subprocess.run(
            [*run, "backup", str(demo_copy), str(backup)], cwd=ROOT, capture_output=True, timeout=60
        ).returncode
        == 0
    )
    app = make_app(demo_copy, preload=False)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await settled(pilot)
        await to_board(pilot, 1)
        await press(pilot, "w")
        done = subprocess.run(
            [*run, "restore", str(backup), str(demo_copy)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2 and "is open elsewhere" in done.stderr
        await to_board(pilot, 5)
        await press(pilot, "b")  # the console goes on writing, undisturbed
        assert notes(app, "error") == []
    app.store.close()
    with EventStore.open(demo_copy) as store:
        assert [g.result is not None for g in store.games(7)] == [True] * 5
    done = subprocess.run(
        [*run, "restore", str(backup), str(demo_copy)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    with EventStore.open(demo_copy) as store:
        assert store.games(7)[0].result is None and store.audit.check() == []
