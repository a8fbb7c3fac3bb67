"""Deputies log in to the arbiter's machine and run their own console on the one event file
(`normtui EVENT.db --as NAME` over ssh): two consoles and the command line, each under its own
name, change one file at once. Every change is there once, under the name of who made it, the
log accounts for every row, and each console comes to show the others' changes."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from normtui.store import EventStore
from normtui.tui.app import NormtuiApp
from tests.children import finished, kill, read_line
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import notes, pairings, press, to_board, until

ROOT = Path(__file__).resolve().parents[2]

# The deputy's console, in a process of its own as over ssh: it countersigns board 2 of
# round 7 (White, Black, then the arbiter) once the chief has entered board 1.
DEPUTY_CONSOLE = textwrap.dedent("""
    import asyncio, sys
    from pathlib import Path
    from normtui.tui.app import NormtuiApp
    from tests.tui.helpers import pairings, press, settled, to_board, until

    async def main() -> None:
        app = NormtuiApp(Path(sys.argv[1]), actor="Deputy Arbiter", poll_seconds=0.1,
                         show_clock=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(pilot)
            print("ready", flush=True)
            assert sys.stdin.readline() == "go\\n"
            await to_board(pilot, 2)
            for key in ("W", "B", "A"):
                await press(pilot, key)
            # The chief's result on board 1 reaches this console by its own polling.
            await until(pilot, lambda: pairings(app).table.games[0].result is not None,
                        "the chief's result")
            print("done", flush=True)

    asyncio.run(main())
""")


async def test_two_consoles_and_the_command_line_under_their_own_names(demo_copy: Path) -> None:
    with EventStore.open(demo_copy) as store:
        start = store.audit.log(1)[0].id
    deputy = subprocess.Popen(
        [sys.executable, "-c", DEPUTY_CONSOLE, str(demo_copy)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert deputy.stdin is not None and deputy.stdout is not None
    try:
        ready = read_line(deputy.stdout, "the deputy's console ready")
        assert ready == "ready\n", finished(deputy)[1][-3000:]
        app = NormtuiApp(demo_copy, actor="Chief Arbiter", poll_seconds=0.1, show_clock=False)
        app.animation_level = "none"
        async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
            await until(
                pilot,
                lambda: app.store is not None and bool(pairings(app).table.games),
                "the console opened the event",
            )
            deputy.stdin.write("go\n")
            deputy.stdin.flush()
            await to_board(pilot, 1)
            await press(pilot, "w")  # Anand - Radjabov 1-0
            cli = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "normtui",
                    "result",
                    str(demo_copy),
                    "7",
                    "Tari",
                    "Carlsen",
                    "--armageddon",
                    "0-1",
                    "--as",
                    "Second Deputy",
                    "--json",
                ],
                capture_output=True,
                text=True,
                timeout=120,
                cwd=ROOT,
            )
            assert cli.returncode == 0, cli.stderr
            done = read_line(deputy.stdout, "the deputy's signatures")
            assert done == "done\n", finished(deputy)[1][-3000:]

            # The deputy's signatures and the CLI's Armageddon reach the chief's console.
            def shown() -> bool:
                games = {g.board: g for g in pairings(app).table.games}
                return games[2].signatures.is_final and games[3].armageddon is not None

            await until(pilot, shown, "the others' changes in the chief's console")
            assert notes(app, "error") == []
        _, err = finished(deputy)  # its stdin closed: the deputy quits
        assert deputy.returncode == 0, err
    finally:
        kill(deputy)
    with EventStore.open(demo_copy) as store:
        log = [e for e in store.audit.log() if e.id > start]
        assert store.audit.check() == []
        by_actor: dict[str, list[str]] = {}
        for entry in log:
            by_actor.setdefault(entry.actor, []).append(entry.action)
        assert set(by_actor) == {"Chief Arbiter", "Deputy Arbiter", "Second Deputy"}
        # The signatures still missing (the demo has the players' on board 2 already).
        assert by_actor["Deputy Arbiter"] and set(by_actor["Deputy Arbiter"]) == {"sign"}
        assert len(by_actor["Second Deputy"]) == 1
        game = {g.board: g for g in store.games(7)}
        assert game[1].result is not None and game[1].result.value == "1-0"
        assert game[2].signatures.is_final
        assert game[3].armageddon is not None and game[3].armageddon.value == "0-1"
        entry = json.loads(cli.stdout)["entries"][0]
        assert entry["actor"] == "Second Deputy"
