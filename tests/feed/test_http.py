"""The feed over HTTP: a real server started here on 127.0.0.1 serves recorded
LiveChess Cloud JSON and a broadcast PGN; a URL that times out, answers garbage or is cut short
is one line, and the watch goes on with nothing written."""

from __future__ import annotations

import contextlib
import http.server
import json
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import pytest

from normtui.feed.lcc import LccFormatError, game_pgn, lcc_result
from normtui.feed.sources import LccSource, UrlSource, open_source
from normtui.feed.watcher import Feed
from normtui.rules.model import GameState
from normtui.store import EventStore
from tests.feed.conftest import DATA
from tests.store.conftest import dump


class Handler(http.server.SimpleHTTPRequestHandler):
    """The recorded files, and three bad servers: one too slow, one that says garbage, one that
    cuts its answer short."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        if self.path.startswith("/slow/"):
            time.sleep(0.6)
            self.path = self.path.removeprefix("/slow")
        if self.path == "/garbage.pgn" or self.path.endswith("/garbage/tournament.json"):
            body = b"<html><body>502 Bad Gateway</body></html>"
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if self.path == "/cut.pgn":
            self.send_response(200)
            self.send_header("Content-Length", "5000")
            self.end_headers()
            self.wfile.write(b'[Event "x"]\n\n1. e4 e5 2. Nf')
            return
        super().do_GET()


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a client that gave up on the slow answer: the point of that test


@contextmanager
def serving(directory: Path) -> Iterator[str]:
    """An HTTP server on 127.0.0.1 (a free port) serving ``directory``, in a thread."""
    httpd = Server(("127.0.0.1", 0), partial(Handler, directory=str(directory)))
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def server() -> Iterator[str]:
    with serving(DATA) as url:
        yield url


def test_livechess_cloud_json_goes_through_the_one_reader(server: str, demo: EventStore) -> None:
    source = open_source(f"{server}/lcc/tournament.json")
    assert isinstance(source, LccSource)
    feed = Feed(demo, source)
    report = feed.poll()
    assert report.problems == ()
    views = {(b.board, b.kind): b for b in report.boards}
    # Board 1 (Anand-Radjabov) and 5 (Topalov-Wang) are under way in the demo: their moves
    # are the boards' live state.
    assert views[(1, "main")].plies == 40 and views[(1, "main")].white_clock is not None
    board1 = next(g for g in demo.games(7) if g.board == 1)
    live = demo.feed.live_record(board1.id, "main")
    assert live is not None and "{[%clk" in live.text and board1.pgn is None
    assert board1.state is GameState.IN_PROGRESS
    # Pairing 6 is the second game of Tari-Carlsen: its Armageddon, whatever its tags say.
    board3 = next(g for g in demo.games(7) if g.board == 3)
    assert views[(3, "armageddon")].plies == 10
    assert demo.feed.live_record(board3.id, "armageddon") is not None
    # Boards 2 and 4 have their finished records: the feed is behind them, and says so.
    assert not views[(2, "main")].conflict
    assert all(e.actor == "feed" for e in [c.entry for c in report.changes])
    # Nothing changed on the server: nothing is read again, nothing written.
    again = feed.poll()
    assert again.read == 0 and again.changes == ()


def test_a_round_s_index_or_the_viewer_s_page_name_the_same_source(server: str) -> None:
    source = open_source(f"{server}/lcc/round-7/index.json")
    assert isinstance(source, LccSource) and source.round == 7
    viewer = open_source("https://view.livechesscloud.com/#a1b2c3d4-0000/7")
    assert isinstance(viewer, LccSource) and viewer.base.endswith("/get/a1b2c3d4-0000")


def test_a_broadcast_pgn_url_is_polled(server: str, demo: EventStore) -> None:
    source = open_source(f"{server}/broadcast/round-7.pgn", 7)
    assert isinstance(source, UrlSource)
    report = Feed(demo, source).poll()
    assert report.problems == ()
    assert {b.board for b in report.boards} == {1, 2, 3, 4, 5}


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/slow/broadcast/round-7.pgn", "no whole answer within 0.2 s"),
        ("/garbage.pgn", "is not PGN"),
        ("/cut.pgn", "cut short"),
        ("/nothing-here.pgn", "answers 404"),
        ("/lcc/garbage/tournament.json", "garbage, not JSON"),
    ],
)
def test_a_url_that_fails_is_one_line_and_nothing_is_written(
    server: str, demo: EventStore, path: str, said: str
) -> None:
    before = dump(demo)
    # 0.2 s against the server that waits 0.6 s; the others' answers have a loaded machine's
    # bound, so that each fails for its own reason, never for a slow machine.
    timeout = 0.2 if path.startswith("/slow/") else 60
    feed = Feed(demo, open_source(f"{server}{path}", 7, timeout=timeout))
    report = feed.poll()
    assert len(report.problems) == 1 and said in report.problems[0], report.problems
    assert report.needs_arbiter and report.changes == ()
    assert dump(demo) == before


def test_a_server_that_goes_quiet_keeps_what_it_said(server: str, demo: EventStore) -> None:
    source = UrlSource(f"{server}/broadcast/round-7.pgn", 7, timeout=60)
    feed = Feed(demo, source)
    first = feed.poll()
    # The server now answers after 0.6 s: a 0.2 s timeout runs out however loaded the machine
    # (the first answer had a bound for a loaded machine, not 0.2 s to come).
    source.url = f"{server}/slow/broadcast/round-7.pgn"
    source.timeout = 0.2
    later = feed.poll()
    assert later.problems and len(later.boards) == len(first.boards)


def test_lcc_results_and_moves() -> None:
    assert [lcc_result(r) for r in ("WHITEWIN", "BLACKWIN", "DRAW", None, "*")] == [
        "1-0",
        "0-1",
        "1/2-1/2",
        "*",
        "*",
    ]
    with pytest.raises(LccFormatError):
        lcc_result("WHITE")
    text = game_pgn(
        {"name": "T"},
        {},
        {"white": {"lname": "A"}, "black": {"lname": "B"}},
        {
            "moves": ["e4 100+1", "e5 99+2"],
            "result": None,
            "live": True,
            "clock": {"white": 90, "black": 80, "time": 1654614000000},
        },
        1,
        1,
    )
    # lila: the clock object is the one to believe for the last moves.
    assert "e4 {[%clk 0:01:30]}" in text and "e5 {[%clk 0:01:20]}" in text
    assert '[ReferenceTime "W/2022-06-07T15:00:00+00:00"]' in text


def test_the_recorded_files_are_here() -> None:
    assert sorted(p.name for p in (DATA / "lcc" / "round-7").iterdir()) == [
        *(f"game-{n}.json" for n in range(1, 7)),
        "index.json",
    ]
    assert Path(DATA / "broadcast" / "round-7.pgn").read_text().startswith("[ePGN")


def test_when_the_next_round_goes_live_its_games_replace_the_last_s(tmp_path: Path) -> None:
    shutil.copytree(DATA / "lcc", tmp_path / "lcc")
    with serving(tmp_path) as url:
        source = open_source(f"{url}/lcc/tournament.json")
        assert {r.round for r in source.poll().records} == {7}
        tournament = json.loads((tmp_path / "lcc" / "tournament.json").read_text())
        tournament["rounds"][6]["live"], tournament["rounds"][7]["live"] = 0, 1
        (tmp_path / "lcc" / "tournament.json").write_text(json.dumps(tournament))
        (tmp_path / "lcc" / "round-8").mkdir()
        index = json.loads((tmp_path / "lcc" / "round-7" / "index.json").read_text())
        index["pairings"] = index["pairings"][:1]
        (tmp_path / "lcc" / "round-8" / "index.json").write_text(json.dumps(index))
        (tmp_path / "lcc" / "round-8" / "game-1.json").write_text(
            json.dumps({"live": True, "result": None, "moves": ["d4 7190+10"]})
        )
        poll = source.poll()
        assert [(r.round, r.origin) for r in poll.records] == [(8, "round-8/game-1.json")]


# -- hostile servers: an answer nested without end, a server that trickles ----------------------


@pytest.mark.parametrize("where", ["tournament.json", "round-7/game-2.json"])
def test_json_nested_without_end_is_one_line_and_the_watch_goes_on(
    tmp_path: Path, demo: EventStore, where: str
) -> None:
    """400 KB of "[": Python's JSON decoder recurses into each; the feed says one line."""
    shutil.copytree(DATA / "lcc", tmp_path / "lcc")
    (tmp_path / "lcc" / where).write_text("[" * 400_000)
    before = dump(demo)
    with serving(tmp_path) as url:
        feed = Feed(demo, open_source(f"{url}/lcc/tournament.json"))
        for _ in range(2):  # and again: the watch goes on
            report = feed.poll()
            assert [p for p in report.problems if "nested too deeply" in p] == [
                f"{url}/lcc/{where} answers JSON nested too deeply to read: not LiveChess Cloud's"
            ], report.problems
    if where == "tournament.json":
        assert dump(demo) == before and report.changes == ()
    else:
        assert {b.board for b in report.boards} >= {1, 3}


def _trickle(chunks: list[bytes], pause: float) -> tuple[str, threading.Event]:
    """A server on 127.0.0.1 that answers every request with ``chunks``, one every ``pause``
    seconds; it stops by itself (the client gone, or everything sent)."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.1)
    stop = threading.Event()

    def answer(conn: socket.socket) -> None:
        with conn, contextlib.suppress(OSError):
            conn.recv(65536)
            for chunk in chunks:
                if stop.wait(pause):
                    return
                conn.sendall(chunk)

    def serve() -> None:
        with listener:
            while not stop.is_set():
                try:
                    conn, _ = listener.accept()
                except TimeoutError:
                    continue
                threading.Thread(target=answer, args=(conn,), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    return f"http://127.0.0.1:{listener.getsockname()[1]}", stop


HEAD = b"HTTP/1.0 200 OK\r\nContent-Type: application/x-chess-pgn\r\n"
TRICKLES = {
    "headers": [bytes([b]) for b in HEAD] * 3,
    "body with a length": [HEAD + b"Content-Length: 300\r\n\r\n"] + [b"1. e4 "] * 50,
    "body without a length": [HEAD + b"\r\n"] + [b"1. e4 "] * 50,
}


@pytest.mark.parametrize("kind", sorted(TRICKLES))
def test_a_server_that_trickles_is_cut_at_the_timeout(kind: str) -> None:
    """A byte every 0.1 s would keep a read waiting for a minute: --timeout bounds the whole
    request (its headers and its body), not each read."""
    from normtui.http import FetchError, fetch

    url, stop = _trickle(TRICKLES[kind], 0.1)
    started = time.monotonic()
    try:
        with pytest.raises(FetchError, match=r"no whole answer within 0.5 s"):
            fetch(f"{url}/round.pgn", timeout=0.5)
    finally:
        stop.set()
    assert time.monotonic() - started < 10  # not the 5-15 s the server would take


def test_watch_once_against_a_trickling_server_ends(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from normtui.cli import cli
    from tests.cli.conftest import ROOT

    db = tmp_path / "demo.db"
    shutil.copyfile(ROOT / "demo.db", db)
    url, stop = _trickle(TRICKLES["headers"], 0.1)
    try:
        done = CliRunner().invoke(
            cli, ["watch", str(db), f"{url}/round.pgn", "--once", "--timeout", "0.5"]
        )
    finally:
        stop.set()
    assert done.exit_code == 2
    assert done.stderr == f"normtui: {url}/round.pgn: no whole answer within 0.5 s\n"
