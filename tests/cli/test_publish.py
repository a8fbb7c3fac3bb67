"""`normtui publish` and `normtui broadcast` as the press officer runs them: a folder kept up to
date while other processes write the event; a round pushed to a server that answers as
Lichess's push API does, with the token in the request's header and nowhere else."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from normtui.store import EventStore
from tests.children import ended, interrupt, spawn
from tests.cli.conftest import ROOT, Run
from tests.cli.lichess_server import TOKEN, Server

_MAIN = "import sys\nfrom normtui.cli import main\nmain(sys.argv[1:])\n"


def _wait(condition: Callable[[], bool], what: str, seconds: float = 60) -> None:
    """Until ``condition`` holds: a bound for a loaded machine, not a measure of speed."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, f"not within {seconds} s: {what}"
        time.sleep(0.05)


def _spawn(*args: object, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return spawn(
        [sys.executable, "-c", _MAIN, *map(str, args)],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )


def _stop(process: subprocess.Popen[str]) -> tuple[str, str]:
    """Ctrl+C, as the press officer stops a --watch: it ends with its report, exit 0."""
    out, err = interrupt(process)
    assert process.returncode == 0, err
    return out, err


def _json_file(path: Path) -> object:
    try:
        return json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None


# -- publish ---------------------------------------------------------------------------------


def test_publish_writes_the_site_and_says_what_it_wrote(
    run: Run, demo: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    first = run("publish", demo, site, "--json")
    assert first.exit_code == 0, first.output
    report = json.loads(first.output)
    assert "index.html" in report["written"] and report["unchanged"] == 0
    again = run("publish", demo, site)
    assert again.exit_code == 0 and "0 written" in again.output


def test_publish_refuses_a_folder_that_is_not_normtuis(
    run: Run, demo: Path, tmp_path: Path
) -> None:
    site = tmp_path / "www"
    site.mkdir()
    (site / "index.html").write_text("the organiser's own page")
    result = run("publish", demo, site)
    assert result.exit_code == 2
    assert "normtui did not write (index.html)" in result.output and "--force" in result.output
    assert (site / "index.html").read_text() == "the organiser's own page"


def test_publish_watch_follows_every_writer(demo: Path, tmp_path: Path, run: Run) -> None:
    """A result from the command line and a signature from a second store: each reaches the
    folder, and standings.json is `normtui standings --json` after each."""
    site = tmp_path / "site"
    publisher = _spawn("publish", demo, site, "--watch", "--interval", "0.1")
    try:
        _wait(lambda: (site / "standings.json").exists(), "the first build")

        def agrees() -> bool:
            return _json_file(site / "standings.json") == json.loads(
                run("standings", demo, "--json").output
            )

        entered = run("result", demo, "7", "Anand", "Radjabov", "1-0", "--as", "deputy")
        assert entered.exit_code == 0, entered.output
        _wait(agrees, "the standings after the deputy's result")
        _wait(lambda: '"result": "1-0"' in (site / "round-7.json").read_text(), "round 7's board 1")
        with EventStore.open(demo, actor="chief") as other:
            game = next(g for g in other.games(7) if g.board == 1)
            for who in ("white", "black", "arbiter"):
                other.games.sign(game.id, who)  # type: ignore[arg-type]
        _wait(
            lambda: (
                json.loads((site / "round-7.json").read_text())["boards"][0]["status"] == "signed"
            ),
            "the signatures",
        )
    finally:
        _, err = _stop(publisher)
    assert "Traceback" not in err and "stopped publishing" in err
    assert not list(site.rglob("*.tmp"))


def test_a_watch_that_ends_is_offered_again_by_the_next_console(
    demo: Path, tmp_path: Path, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A --watch from the command line is kept as the console's loops are: while it runs, as
    running; ended by Ctrl+C (publish) or by the process being stopped (broadcast, SIGTERM),
    as stopped then, with what it ran, for the next console to offer again. Each loop ends
    as it starts, in this process (the loop itself is test_publish_watch_follows_every_writer's
    and tests/cli/test_fuzz_outward.py's): by what Ctrl+C raises, by the handler a SIGTERM
    calls."""
    import signal

    from normtui.commands import publish as commands
    from normtui.store.outward import OutwardRun
    from normtui.tui.outward import stopped_line

    running: list[list[OutwardRun]] = []

    def ended_by(end: Callable[[threading.Event], None]) -> Callable[..., object]:
        def loop(path: Path, work: object, said: object, **kw: object) -> None:
            with EventStore.open(path) as store:
                running.append(store.outward.runs())
            end(kw["stop"])  # type: ignore[arg-type]
            assert kw["stop"].is_set()  # type: ignore[attr-defined]

        return loop

    def ctrl_c(stop: threading.Event) -> None:
        raise KeyboardInterrupt

    def sigterm(stop: threading.Event) -> None:
        signal.getsignal(signal.SIGTERM)(signal.SIGTERM, None)  # type: ignore[operator]

    monkeypatch.chdir(tmp_path)  # the folder is given relative: kept as a whole path
    handler = signal.getsignal(signal.SIGTERM)
    monkeypatch.setattr(commands, "follow", ended_by(ctrl_c))
    published = run("publish", demo, "site", "--watch")
    monkeypatch.setattr(commands, "follow", ended_by(sigterm))
    monkeypatch.setenv("LICHESS_TOKEN", TOKEN)
    cast = ("broadcast", demo, "--round", 7, "--to", "round007", "--watch", "--no-scoring")
    broadcast = run(*cast, "--base-url", "http://127.0.0.1:1")
    assert published.exit_code == 0 and broadcast.exit_code == 0, broadcast.output
    assert "stopped publishing; a console opened on the event offers" in published.output
    assert "stopped broadcasting; a console opened on the event offers" in broadcast.output
    assert [(r.kind, r.stopped_at, r.gone) for r in running[0]] == [("publish", None, False)]
    # While the broadcast runs: publishing kept as stopped, the broadcast as running.
    assert [(r.kind, r.stopped_at is None) for r in running[1]] == [
        ("publish", False),
        ("broadcast", True),
    ]
    assert signal.getsignal(signal.SIGTERM) is handler  # given back
    with EventStore.open(demo) as store:
        kept = {r.kind: r for r in store.outward.to_resume()}
    assert kept["publish"].settings == {
        "folder": str(tmp_path / "site"),
        "by": "normtui publish --watch",
    }
    assert kept["broadcast"].settings == {
        "round": 7,
        "to": "round007",
        "armageddon_to": None,
        "token_file": None,
        "by": "normtui broadcast --watch",
        "base_url": "http://127.0.0.1:1",
        "scoring": False,
    }
    stopped = kept["broadcast"].stopped_at
    assert stopped is not None
    assert stopped_line(kept["broadcast"], stopped) == (
        "Pushing round 7 to Lichess (http://127.0.0.1:1) stopped when normtui broadcast "
        f"--watch ended at {stopped:%H:%M}."
    )


# -- broadcast -------------------------------------------------------------------------------


@pytest.fixture
def lichess() -> Iterator[Server]:
    server = Server().start()
    yield server
    server.stop()


def _broadcast(run: Run, *args: object, token: str | None = TOKEN) -> tuple[int, str]:
    if token is None:
        os.environ.pop("LICHESS_TOKEN", None)
    else:
        os.environ["LICHESS_TOKEN"] = token
    try:
        result = run("broadcast", *args)
    finally:
        os.environ.pop("LICHESS_TOKEN", None)
    return result.exit_code, result.output


def test_broadcast_pushes_the_round_and_its_armageddons_apart(
    run: Run, demo: Path, lichess: Server
) -> None:
    code, out = _broadcast(
        run,
        demo,
        "--round",
        "6",
        "--to",
        "classic1",
        "--armageddon-to",
        "armaged1",
        "--base-url",
        lichess.url,
    )
    assert code == 0, out
    state = lichess.state
    classical, armageddon = state.games["classic1"], state.games["armaged1"]
    assert len(classical) == 5
    assert all('[Round "6.' in g for g in classical)
    assert all("Armageddon" not in g.split("\n", 1)[0] for g in classical)
    assert armageddon and all('[Event "Norway Chess 2022 Armageddon"]' in g for g in armageddon)
    assert all("[WhiteFideId" in g and "[BlackFideId" in g for g in classical)
    # The scoring, once per round, as patches: nothing else of the round erased.
    edits = [r for r in state.requests if "/edit" in r.path]
    assert [r.path for r in edits] == [
        "/broadcast/round/classic1/edit?patch=true",
        "/broadcast/round/armaged1/edit?patch=true",
    ]
    assert state.rounds["classic1"] == {
        "customScoring.white.win": "3",
        "customScoring.white.draw": "1",
        "customScoring.black.win": "3",
        "customScoring.black.draw": "1",
    }
    assert state.rounds["armaged1"] == {
        "customScoring.white.win": "0.5",
        "customScoring.white.draw": "0",
        "customScoring.black.win": "0.5",
        "customScoring.black.draw": "0.5",
        "rated": "false",
    }
    # Lichess's answer for each game is shown; the token only ever in the header.
    assert "moves accepted" in out and TOKEN not in out
    assert all(r.headers["Authorization"] == f"Bearer {TOKEN}" for r in state.requests)
    assert all(TOKEN not in r.body and TOKEN not in r.path for r in state.requests)


def test_broadcast_of_a_round_not_begun_pushes_its_pairings(
    run: Run, demo: Path, lichess: Server
) -> None:
    code, out = _broadcast(
        run, demo, "--round", "9", "--to", "round009", "--base-url", lichess.url, "--json"
    )
    assert code == 0, out
    games = lichess.state.games["round009"]
    assert len(games) == 5 and all('[Result "*"]' in g for g in games)
    report = json.loads(out)
    assert report["kind"] == "classical" and len(report["games"]) == 5
    assert all(g["moves"] == 0 and g["error"] is None for g in report["games"])


def test_a_result_the_arbiter_corrected_overrides_the_record(
    run: Run, demo: Path, lichess: Server
) -> None:
    with EventStore.open(demo) as store:
        game = next(
            g
            for g in store.games(6)
            if g.result is not None and g.pgn is not None and not g.result.is_draw
        )
    flipped = "0-1" if game.result.value == "1-0" else "1-0"
    corrected = run("result", demo, "6", game.white, game.black, flipped, "--correct")
    assert corrected.exit_code == 0, corrected.output
    code, _ = _broadcast(run, demo, "--round", "6", "--to", "classic1", "--base-url", lichess.url)
    assert code == 0
    pushed = next(g for g in lichess.state.games["classic1"] if f'[Round "6.{game.board}"]' in g)
    assert f'[Result "{flipped}"]' in pushed
    assert pushed.rstrip().endswith(flipped)


def test_broadcast_waits_when_asked_to_and_says_why(run: Run, demo: Path, lichess: Server) -> None:
    lichess.state.rate_limit = 1
    code, out = _broadcast(run, demo, "--round", "6", "--to", "classic1", "--base-url", lichess.url)
    assert code == 0, out
    assert "HTTP 429" in out and len(lichess.state.games["classic1"]) == 5


def test_a_refused_game_is_named_and_exit_1(run: Run, demo: Path, lichess: Server) -> None:
    lichess.state.refuse_game = "Carlsen, Magnus"
    code, out = _broadcast(
        run, demo, "--round", "6", "--to", "classic1", "--base-url", lichess.url, "--no-scoring"
    )
    assert code == 1
    assert "Carlsen, Magnus" in out and "error: Illegal move" in out
    assert not [r for r in lichess.state.requests if "/edit" in r.path]


@pytest.mark.parametrize(
    ("args", "token", "said"),
    [
        (("--to", "classic1"), None, "no Lichess token"),
        (("--to", "classic1"), "wrong-token", "refused the token"),
        (("--to", "../../x"), TOKEN, "not a Lichess broadcast round id"),
    ],
)
def test_bad_broadcast_input_is_one_line(
    run: Run, demo: Path, lichess: Server, args: tuple[str, ...], token: str | None, said: str
) -> None:
    code, out = _broadcast(run, demo, "--round", "6", *args, "--base-url", lichess.url, token=token)
    assert code in (1, 2) and said in out
    assert "Traceback" not in out and (token is None or token not in out)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_broadcast_watch_survives_the_server_going_away(
    demo: Path, tmp_path: Path, run: Run
) -> None:
    """No server at first, then one, then none again while a result is entered, then one
    again: the result reaches it; nothing is lost, nothing crashes."""
    server = Server(_free_port())
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN + "\n")
    caster = _spawn(
        "broadcast",
        demo,
        "--round",
        "7",
        "--to",
        "round007",
        "--watch",
        "--interval",
        "0.1",
        "--token-file",
        token_file,
        "--base-url",
        server.url,
    )
    said: list[str] = []
    assert caster.stderr is not None
    reader = threading.Thread(target=lambda: said.extend(iter(caster.stderr.readline, "")))
    reader.start()

    def failed(times: int) -> Callable[[], bool]:
        return lambda: sum("cannot be reached" in line for line in said) >= times

    try:
        _wait(failed(1), "the first push failing: nothing listens yet")
        server.start()
        _wait(lambda: "round007" in server.state.games, "the first push once the server is up")
        server.stop()
        before = sum("cannot be reached" in line for line in said)
        assert run("result", demo, "7", "Topalov", "Wang", "0-1").exit_code == 0
        _wait(failed(before + 1), "the push of the result failing: the server is gone")
        server = Server(server.port)
        server.start()
        _wait(
            lambda: any(
                '[Result "0-1"]' in g and "Topalov" in g
                for g in server.state.games.get("round007", [])
            ),
            "the result pushed after the server came back",
        )
    finally:
        # stderr is the reader's; stdout is read once the caster has ended (its end bounded).
        code = ended(caster)
        out = caster.stdout.read() if caster.stdout else ""
        reader.join(timeout=30)
        server.stop()
    assert code == 0
    err = "".join(said)
    assert "Traceback" not in err and "stopped broadcasting" in err
    assert TOKEN not in out + err
