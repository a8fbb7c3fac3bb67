"""`normtui watch` and `normtui contenders`: what they print, their exit codes, and a
watch following a replay while another process enters results in the same file."""

from __future__ import annotations

import array
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from normtui.demo.replay import Replay
from normtui.store import EventStore
from tests.children import BOUND, finished, interrupt, kill, spawn
from tests.cli.conftest import Run, snapshot

ROOT = Path(__file__).resolve().parents[2]


def played(folder: Path, until: float) -> Replay:
    replay = Replay(folder, 7, every=1.0, layout="per-game")
    for step in replay.steps():
        if step.at > until:
            break
        replay.write(step)
    return replay


def test_once_acts_reports_and_exits_0_when_nothing_needs_the_arbiter(
    run: Run, demo: Path, tmp_path: Path
) -> None:
    played(tmp_path / "live", 20)
    # Boards 2-4 are finished in the demo; only boards 1 and 5 of a replay would not conflict.
    for board in (2, 3, 4):
        (tmp_path / "live" / "round-7" / f"game-{board}.pgn").unlink()
    result = run("watch", demo, tmp_path / "live", "--once")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(
        "round 7 board 1: Anand, Viswanathan - Radjabov, Teimour (20 half-moves" in line
        for line in lines
    ), result.output
    assert any(
        "round 7 board 5: Topalov, Veselin - Wang, Hao (20 half-moves" in line for line in lines
    )
    with EventStore.open(demo) as store:
        # Both games were under way already: their moves are the boards' live state, which
        # changes nothing of the event (no audit row).
        assert store.audit.log(limit=1)[0].actor != "feed"
        board1 = next(g for g in store.games(7) if g.board == 1)
        live = store.feed.live_record(board1.id, "main")
        assert live is not None and live.text.count("{[%clk") == 20
    again = run("watch", demo, tmp_path / "live", "--once", "--json")
    data = json.loads(again.output)
    assert again.exit_code == 0 and data["changed"] is False and data["entries"] == []
    assert {b["board"] for b in data["boards"]} == {1, 5}


def test_once_exits_1_on_a_conflict_and_accept_takes_it(
    run: Run, demo: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "live" / "round-7"
    played(tmp_path / "live", 6)
    for board in (2, 3, 4, 5):
        (folder / f"game-{board}.pgn").unlink()
    assert run("watch", demo, tmp_path / "live", "--once").exit_code == 0
    path = folder / "game-1.pgn"
    path.write_text(path.read_text().replace("Bc5 {", "Nf6 {", 1))
    before = snapshot(demo)
    result = run("watch", demo, tmp_path / "live", "--once")
    assert result.exit_code == 1
    assert "! round 7 board 1: the feed's record changes moves already kept" in result.output
    assert snapshot(demo) == before
    accepted = run("watch", demo, tmp_path / "live", "--once", "--accept", "7.1")
    assert accepted.exit_code == 0, accepted.output
    assert "the feed's record accepted" in accepted.output
    with EventStore.open(demo) as store:
        entry = store.audit.log(limit=1)[0]
        assert entry.actor != "feed" and "accepted" in entry.summary
    bad = run("watch", demo, tmp_path / "live", "--once", "--accept", "seven")
    assert bad.exit_code == 2


def test_bad_sources_are_one_line_and_exit_2(run: Run, demo: Path, tmp_path: Path) -> None:
    missing = run("watch", demo, tmp_path / "nowhere", "--once")
    assert missing.exit_code == 2 and "no such folder or file" in missing.output
    itself = run("watch", demo, demo, "--once")
    assert itself.exit_code == 2 and "is the event file itself" in itself.output
    ftp = run("watch", demo, "ftp://venue/round-7", "--once")
    assert ftp.exit_code == 2
    (tmp_path / "live").mkdir()
    twelve = run("watch", demo, tmp_path / "live", "--round", "12", "--once")
    assert twelve.exit_code == 2 and "round 12 is out of range" in twelve.output
    # A port of this machine just let go: nothing listens there any more.
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    unreachable = run(
        "watch", demo, f"http://127.0.0.1:{port}/round-7.pgn", "--once", "--timeout", "0.5"
    )
    assert unreachable.exit_code == 2 and "cannot be reached" in unreachable.output


def test_contenders_lists_the_race(run: Run, demo: Path) -> None:
    result = run("contenders", demo)
    assert result.exit_code == 0
    assert result.output.startswith("Can still finish first or share it")
    assert "*  2  Carlsen, Magnus" in result.output
    data = json.loads(run("contenders", demo, "--json").output)
    carlsen = next(r for r in data if r["player"] == "Carlsen, Magnus")
    assert carlsen["can_win"] and carlsen["best_place"] == 1 and carlsen["games_left"] == 3
    assert {r["player"] for r in data if not r["can_win"]} == {
        "Giri, Anish",
        "Wang, Hao",
        "Radjabov, Teimour",
    }


def test_watch_follows_while_another_process_enters_results(demo: Path, tmp_path: Path) -> None:
    """The watcher, a replay writing a move a second... faster, and a second process (this
    test) writing to the same event file at once: nobody is refused, nothing is lost; Ctrl+C
    ends the watch with its report."""
    folder = tmp_path / "live"
    replay = Replay(folder, 7, every=0.02, layout="per-game")
    replay.folder.mkdir(parents=True)
    code = "import sys\nfrom normtui.cli import main\nmain(sys.argv[1:])\n"
    watcher = spawn(
        [sys.executable, "-c", code, "watch", str(demo), str(folder), "--interval", "0.1"],
        cwd=ROOT,
    )

    def board1_clocks() -> int:
        with EventStore.open(demo) as store:
            board1 = next(g for g in store.games(7) if g.board == 1)
            live = store.feed.live_record(board1.id, "main")
            return 0 if live is None else live.text.count("{[%clk")

    try:
        steps = replay.steps()[:150]
        with EventStore.open(demo, actor="deputy") as other:
            for i, step in enumerate(steps):
                replay.write(step)
                time.sleep(0.004)  # the replay's pace, not a wait for anything
                if i == 60:  # the deputy signs a scoresheet meanwhile
                    game = next(g for g in other.games(7) if g.board == 2)
                    assert other.games.sign(game.id, "arbiter") is not None
        # The watch has read the last write of board 1 (its moves up to step 150).
        last = max(s.done for s in steps if s.game == 1)
        deadline = time.monotonic() + BOUND
        while board1_clocks() < last:
            assert time.monotonic() < deadline, "the watch never read the replay's last moves"
            time.sleep(0.05)
    finally:
        out, err = interrupt(watcher)
    assert watcher.returncode == 0, err
    assert err == "" and "Traceback" not in out
    assert out.rstrip().endswith("stopped watching")
    with EventStore.open(demo) as store:
        actors = {e.actor for e in store.audit.log(limit=40)}
        assert "deputy" in actors
    assert board1_clocks() >= 20


def test_watch_does_not_load_the_console(demo: Path, tmp_path: Path) -> None:
    played(tmp_path / "live", 2)
    code = (
        "import sys\nfrom normtui.cli import main\ntry:\n    main(sys.argv[1:])\n"
        "except SystemExit:\n    pass\nprint('textual' in sys.modules, file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "watch", str(demo), str(tmp_path / "live"), "--once"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stderr.strip().splitlines()[-1] == "False"


def test_ctrl_c_while_a_json_line_is_written_finishes_the_line(demo: Path, tmp_path: Path) -> None:
    """A reader that is slow to take the line (the pipe holds 4 KB here, the first report
    50): Ctrl+C while the watch waits to write it stops the watch after the line, which
    arrives whole, never cut where the interrupt fell."""
    import fcntl
    import select
    import termios

    played(tmp_path / "live", 300)  # a first report of some 50 KB, written in pieces
    read, write = os.pipe()
    fcntl.fcntl(write, 1031, 4096)  # F_SETPIPE_SZ: one page
    code = "import sys\nfrom normtui.cli import main\nmain(sys.argv[1:])\n"
    watcher = spawn(
        [
            sys.executable,
            "-c",
            code,
            "watch",
            str(demo),
            str(tmp_path / "live"),
            "--json",
            "--interval",
            "0.2",
        ],
        stdout=write,
        cwd=ROOT,
    )
    os.close(write)
    try:
        waiting = array.array("i", [0])
        deadline = time.monotonic() + BOUND
        while waiting[0] < 4096:  # the pipe is full: the watch is blocked in its write
            assert time.monotonic() < deadline and watcher.poll() is None
            select.select([], [], [], 0.05)
            fcntl.ioctl(read, termios.FIONREAD, waiting)
        watcher.send_signal(signal.SIGINT)
        chunks = []
        deadline = time.monotonic() + BOUND
        while True:  # to the end of the output: the watch has ended and closed its side
            assert time.monotonic() < deadline, "the watch did not end after Ctrl+C"
            if not select.select([read], [], [], 0.1)[0]:
                continue
            if not (chunk := os.read(read, 65536)):
                break
            chunks.append(chunk)
        err = finished(watcher)[1]
    finally:
        kill(watcher)
        os.close(read)
    assert watcher.returncode == 0 and err == "", err
    out = b"".join(chunks).decode()
    assert out.endswith("\n") and len(out) > 4096
    for line in out.splitlines():
        assert json.loads(line)["changed"] in (True, False)


def test_contenders_says_undecided_where_its_search_runs_out_of_steps(
    run: Run, demo: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from normtui.rules import contenders

    monkeypatch.setattr(contenders, "STEPS", 0)
    result = run("contenders", demo)
    assert result.exit_code == 0
    assert (
        " · undecided (too many ways left to work out): So, Wesley; Giri, Anish; "
        in result.output.splitlines()[0]
    )
    assert "?  3  Giri, Anish" in result.output
    assert "? undecided whether they can: too many ways the games left can end" in result.output
    data = json.loads(run("contenders", demo, "--json").output)
    giri = next(r for r in data if r["player"] == "Giri, Anish")
    assert giri["can_win"] is None and giri["settled"] is False
    assert giri["best_place"] == 1 and giri["best_place_up_to"] > 1


def test_exit_2_leaves_the_event_file_byte_for_byte(run: Run, demo: Path, tmp_path: Path) -> None:
    """The feed has moves to keep; an --accept naming no board is refused before it reads."""
    played(tmp_path / "live", 20)
    for board in (2, 3, 4):
        (tmp_path / "live" / "round-7" / f"game-{board}.pgn").unlink()
    before = snapshot(demo)
    for accept, said in (
        ("8.99", "round 8 has no board 99"),
        ("7.6", "round 7 has no board 6"),
        ("12.1", "round 12 is out of range"),
        ("0.1", "each a whole number from 1 to 999"),
        ("7.²", "each a whole number from 1 to 999"),
        ("7." + "9" * 5000, "each a whole number from 1 to 999"),
    ):
        result = run("watch", demo, tmp_path / "live", "--once", "--accept", accept)
        assert result.exit_code == 2 and said in result.output, (accept, result.output)
        assert result.output.count("\n") == 1
        assert snapshot(demo) == before, accept
    # The same source without the bad --accept keeps the moves: the check above was real.
    assert run("watch", demo, tmp_path / "live", "--once").exit_code == 0
    assert snapshot(demo) != before


def test_every_number_option_says_its_range(run: Run, demo: Path, tmp_path: Path) -> None:
    (tmp_path / "live").mkdir()
    for option, value, said in (
        ("--timeout", "inf", "a number of seconds from 0.1 to 300"),
        ("--timeout", "1e300", "a number of seconds from 0.1 to 300"),
        ("--timeout", "nan", "a number of seconds from 0.1 to 300"),
        ("--timeout", "301", "out of range: a number of seconds from 0.1 to 300"),
        ("--timeout", "0", "out of range: a number of seconds from 0.1 to 300"),
        ("--interval", "-1", "a number of seconds from 0.1 to 600"),
        ("--interval", "infinity", "a number of seconds from 0.1 to 600"),
        ("--round", "0", "a whole number from 1 to 999"),
        ("--round", "9" * 30, "a whole number from 1 to 999"),
    ):
        result = run("watch", demo, tmp_path / "live", "--once", option, value)
        assert result.exit_code == 2 and said in result.output, (option, value, result.output)
        assert "Traceback" not in result.output
    fine = run("watch", demo, tmp_path / "live", "--once", "--timeout", "2.5", "--interval", ".5")
    assert fine.exit_code == 0, fine.output
