"""publish, broadcast and watch, the commands that talk to the world, fuzzed against a hostile
one: a web root with planted links, foreign files and forged lists; a Lichess that answers any
status, any shape, any Retry-After, or a byte at a time; a feed whose files and answers are cut,
garbled or of the wrong kind; and what a hurried arbiter types. Each run must end without a
traceback, with exit code 0, 1 or 2; exit 2 leaves the event file byte for byte as it was;
nothing outside the site's folder changes; no token or password is ever printed. One run in
four of publish and broadcast is their --watch loop (``follow``), run for a moment in a thread.

Seeded (each run's generator from its surface and number: a failure names them) and small for
the suite: ``NORMTUI_FUZZ_OUTWARD_RUNS`` runs per surface (12 by default, a few seconds); a
longer run with, say, ``NORMTUI_FUZZ_OUTWARD_RUNS=2000 pytest -s tests/cli/test_fuzz_outward.py``
prints its figures (runs, exit codes, the seconds taken) per surface.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import stat
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import chess
import pytest
from click.testing import CliRunner

from normtui.cli import cli
from normtui.export.follow import Turn, follow
from normtui.export.lichess import Broadcast, Lichess
from normtui.export.publish import MANIFEST, publish
from normtui.export.snapshot import take_snapshot
from normtui.store import EventStore
from tests.cli.conftest import small_event

RUNS = int(os.environ.get("NORMTUI_FUZZ_OUTWARD_RUNS", "12"))
TOKEN = "lip_fuzzTOKEN0123456789"
PASSWORD = "pw-s3cret"
FIGURES: dict[str, Counter[str]] = {}


# -- a server that answers whatever the run draws ---------------------------------------------


@dataclass
class Answer:
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    trickle: float = 0.0  # seconds between two bytes of the body


class Hostile:
    """An HTTP server on 127.0.0.1 answering each request with ``draw()``'s answer."""

    def __init__(self) -> None:
        self.draw: Callable[[], Answer] = Answer
        state = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _serve(self) -> None:
                with contextlib.suppress(OSError, ValueError):
                    length = min(int(self.headers.get("Content-Length") or 0), 1 << 20)
                    self.rfile.read(length)
                    answer = state.draw()
                    self.send_response(answer.status)
                    for key, value in answer.headers.items():
                        self.send_header(key, value)
                    self.send_header("Content-Length", str(len(answer.body)))
                    self.end_headers()
                    if not answer.trickle:
                        self.wfile.write(answer.body)
                        return
                    for byte in answer.body:
                        self.wfile.write(bytes([byte]))
                        self.wfile.flush()
                        time.sleep(answer.trickle)

            do_GET = do_POST = _serve

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request: Any, client_address: Any) -> None:
                pass  # a client that gave up on a trickle: as it should

        self.server = Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def hostile() -> Iterator[Hostile]:
    server = Hostile()
    yield server
    server.close()


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple[str, str]]]:
    """The small event of the command-line fuzz, and round 2's pairings by name."""
    db = small_event(tmp_path_factory.mktemp("outward"))
    with EventStore.open(db) as store:
        names = {p.number: p.name for p in store.players()}
        pairs = [(names[g.white], names[g.black]) for g in store.games(2)]
    return db, pairs


# -- what every run must hold -----------------------------------------------------------------


def _tree(folder: Path) -> dict[str, object]:
    out: dict[str, object] = {}
    for path in sorted(folder.rglob("*")) if folder.exists() else []:
        info = path.lstat()
        if stat.S_ISLNK(info.st_mode):
            out[str(path)] = ("link", os.readlink(path))
        elif stat.S_ISREG(info.st_mode):
            out[str(path)] = path.read_bytes()
        else:
            out[str(path)] = stat.S_IFMT(info.st_mode)
    return out


def _invoke(work: Path, args: list[str], env: dict[str, str]) -> tuple[int, str]:
    cwd = os.getcwd()
    os.chdir(work)
    try:
        result = CliRunner(env=env).invoke(cli, args)
    finally:
        os.chdir(cwd)
    shown = f"normtui {' '.join(map(repr, args))}\n{result.output}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(
            f"{shown}\n{type(result.exception).__name__}: {result.exception}"
        ) from result.exception
    assert "Traceback" not in result.output, shown
    assert result.exit_code in (0, 1, 2), shown
    assert TOKEN not in result.output and PASSWORD not in result.output, shown
    return result.exit_code, shown


def _unchanged_on_2(code: int, db: Path, before: bytes, shown: str) -> None:
    if code == 2:
        assert db.read_bytes() == before, f"exit 2 changed the event file: {shown}"
        wal = Path(f"{db}-wal")
        assert not wal.exists() or wal.stat().st_size == 0, shown


def _followed(db: Path, work: Callable[[EventStore], Any], seconds: float) -> list[Turn[Any]]:
    """The --watch loop on ``db`` for ``seconds``, in a thread as the console runs it; what
    escapes it fails the test."""
    turns: list[Turn[Any]] = []
    escaped: list[BaseException] = []
    stop = threading.Event()

    def run() -> None:
        try:
            follow(db, work, turns.append, interval=0.05, stop=stop)
        except BaseException as exc:  # what the test is looking for
            escaped.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(seconds)
    stop.set()
    thread.join(60)
    assert not thread.is_alive(), "the loop did not stop"
    assert not escaped, repr(escaped[0])
    for turn in turns:
        said = turn.problem or ""
        assert TOKEN not in said and PASSWORD not in said and "Traceback" not in said
    return turns


def _fresh(template: Path, work: Path) -> tuple[Path, bytes]:
    db = work / "event.db"
    shutil.copyfile(template, db)
    return db, db.read_bytes()


def _record(surface: str, what: str) -> None:
    FIGURES.setdefault(surface, Counter())[what] += 1


def _runs(surface: str) -> Iterator[tuple[int, random.Random]]:
    started = time.monotonic()
    for i in range(RUNS):
        yield i, random.Random(f"outward-{surface}-{i}")
    took = time.monotonic() - started
    counts = dict(sorted(FIGURES.get(surface, Counter()).items()))
    print(f"\nfuzz {surface}: {RUNS} runs in {took:.1f} s: {counts}")


# -- publish ----------------------------------------------------------------------------------

SITE_NAMES = ["index.html", "round-1.html", "games/all.pgn", "games/round-2.pgn", "event.json"]


def _plant(rnd: random.Random, site: Path, outside: Path) -> None:
    """What a neighbour of the web root may leave there: 0-4 of these."""
    site.mkdir(parents=True, exist_ok=True)
    for _ in range(rnd.randrange(5)):
        kind = rnd.randrange(9)
        name = rnd.choice([*SITE_NAMES, "about.html", "games/x.pgn", ".cache.tmp"])
        path = site / name
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            if kind == 0:
                files = {
                    rnd.choice(["../outside/x", str(outside / "x"), "games", ".h.html", 5]): ""
                }
                files.update(dict.fromkeys(rnd.sample(SITE_NAMES, 2), "0" * 64))
                text = json.dumps({"normtui": 1, "files": {str(k): v for k, v in files.items()}})
                (site / MANIFEST).write_text(rnd.choice([text, "{not json", "[]", '{"files": 5}']))
            elif kind == 1:
                with contextlib.suppress(FileNotFoundError):
                    (site / MANIFEST).unlink()
                (site / MANIFEST).symlink_to(outside / "list.json")
            elif kind == 2 and not path.exists():
                path.symlink_to(rnd.choice([outside / "x", outside, Path("../outside/y")]))
            elif kind == 3 and not (site / "games").exists():
                (site / "games").symlink_to("../outside")
            elif kind == 4 and not path.exists():
                path.write_text("the organiser's own")
            elif kind == 5 and not path.exists():
                path.mkdir()
            elif kind == 6 and not path.exists():
                os.mkfifo(path)
            elif kind == 7:
                leftover = site / f".{rnd.choice(['index.html', 'x.json'])}.0badcafe.tmp"
                leftover.write_text("partial")
                old = time.time() - 3600
                os.utime(leftover, (old, old))
            elif kind == 8 and (site / MANIFEST).is_file():
                (site / MANIFEST).write_text(json.dumps({"normtui": 1, "files": {"../x": ""}}))


def test_fuzz_publish(template: tuple[Path, Any], tmp_path: Path) -> None:
    for i, rnd in _runs("publish"):
        work = tmp_path / str(i)
        work.mkdir()
        db, before = _fresh(template[0], work)
        site, outside = work / "www" / "site", work / "www" / "outside"
        outside.mkdir(parents=True)
        (outside / "x").write_text("outside")
        (outside / "list.json").write_text(json.dumps({"normtui": 1, "files": {"x.html": ""}}))
        if rnd.random() < 0.5:
            assert _invoke(work, ["publish", str(db), str(site)], {})[0] == 0
        _plant(rnd, site, outside)
        planted = {
            k: v for k, v in _tree(site).items() if MANIFEST not in k and ".0badcafe." not in k
        }
        foreign = {k: v for k, v in planted.items() if not _listed(site, k)}
        before_outside = _tree(outside)
        if rnd.random() < 0.25:
            turns = _followed(db, lambda store, site=site: publish(store, site, force=True), 0.4)
            _record(
                "publish",
                f"watch turns {'with' if any(t.done for t in turns) else 'without'} a build",
            )
        else:
            args = [
                "publish",
                str(db),
                str(site),
                *rnd.sample(["--force", "--json"], rnd.randrange(3)),
            ]
            code, shown = _invoke(work, args, {})
            _record("publish", f"exit {code}")
            _unchanged_on_2(code, db, before, shown)
        assert db.read_bytes() == before  # publish only reads
        assert _tree(outside) == before_outside, f"run {i}: outside the site changed"
        after = _tree(site)
        for name, value in foreign.items():
            assert after.get(name) == value, f"run {i}: {name} was not normtui's"


def _listed(site: Path, path: str) -> bool:
    """Whether a valid list of normtui's names the file (then it may be replaced)."""
    try:
        files = json.loads((site / MANIFEST).read_text())["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    rel = str(Path(path).relative_to(site))
    from normtui.export.site_folder import is_site_name

    return (
        isinstance(files, dict)
        and all(is_site_name(str(k)) for k in files)
        and not (site / MANIFEST).is_symlink()
        and rel in files
        and not Path(path).is_symlink()
    )


# -- broadcast --------------------------------------------------------------------------------

RETRY_AFTER = ["0", "1", "inf", "nan", "-5", "1.5", "1000000000", "9" * 40, "soon", ""]
RETRY_AFTER += ["Wed, 21 Oct 2015 07:28:00 GMT", "Fri, 31 Dec 9999 23:59:59 GMT"]


def _lichess_answer(rnd: random.Random, fair: bool) -> Answer:
    if fair and rnd.random() < 0.8:  # a Lichess that works, now and then not
        games = [{"tags": {"White": "So", "Round": f"2.{n}"}, "moves": n} for n in range(5)]
        return Answer(
            200, {"Content-Type": "application/json"}, json.dumps({"games": games}).encode()
        )
    status = rnd.choice([200] * 8 + [201, 204, 301, 302, 400, 401, 403, 404, 429, 429, 500, 503])
    headers = {"Content-Type": "application/json"}
    if status == 429 or rnd.random() < 0.1:
        headers["Retry-After"] = rnd.choice(RETRY_AFTER)
    if status in (301, 302):
        headers["Location"] = "http://127.0.0.1:1/elsewhere"
    item = rnd.choice(
        [
            {"tags": {"White": "So", "Black": "Giri", "Round": "2.1"}, "moves": 12},
            {"tags": None},
            {"tags": {"White": 5}, "moves": "x", "error": None},
            {"error": "\x1b[31mIllegal move\x07"},
            7,
            None,
            [],
        ]
    )
    body: object = rnd.choice(
        [
            {"games": [item] * rnd.randrange(6)},
            {"games": None},
            {"games": 5},
            {"games": "x"},
            {"error": rnd.choice(["No such token", "\x1b]52;c;aGk=\x07", 5])},
            {"ok": True},
            [],
            "games",
            None,
        ]
    )
    raw = json.dumps(body).encode()
    raw = rnd.choice(
        [raw] * 6
        + [b"", b"<html>Welcome to the venue's Wi-Fi</html>", b"\xff\xfe\x00", b"[" * 5000]
    )
    trickle = 0.3 if rnd.random() < 0.04 else 0.0
    return Answer(status, headers, raw, trickle)


BASE_URLS = [
    "http://[::1",
    "http://127.0.0.1:99999",
    "http://exa mple.org",
    "http://ex\x1b[31mample.org",
    "https://lichéss.org",
    "ftp://lichess.org",
    "http://127.0.0.1:1",
    "{url}/?x=1",
    "{url}#top",
    f"http://arbiter:{PASSWORD}@127.0.0.1:1",
    f"http://{PASSWORD}@127.0.0.1:1/",
    "{url}/lichess/",
]


def _broadcast_args(rnd: random.Random, work: Path, url: str) -> tuple[list[str], dict[str, str]]:
    """Arguments that reach the server, mostly; one run in three with one hostile value."""
    args = {"--round": "2", "--to": "classic1", "--base-url": url}
    if rnd.random() < 0.4:
        args["--armageddon-to"] = "armaged1"
    if rnd.random() < 0.5:
        args["--timeout"] = rnd.choice(["1", "2"])
    env = {"LICHESS_TOKEN": TOKEN}
    flags = [f for f in ("--no-scoring", "--json", "--once") if rnd.random() < 0.3]
    if rnd.random() < 0.35:
        what = rnd.randrange(7)
        if what == 0:
            args["--round"] = rnd.choice(["1", "9", "0", "10", "99999", "²", "x"])
        elif what == 1:
            args["--to"] = rnd.choice(["../../x", "abc", "ROUND007"])
        elif what == 2:
            args["--armageddon-to"] = "x" * 9
        elif what == 3:
            args["--base-url"] = rnd.choice(BASE_URLS).format(url=url)
        elif what == 4:
            args["--timeout"] = rnd.choice(["inf", "301", "nan", "1e300"])
        elif what == 5:
            env["LICHESS_TOKEN"] = rnd.choice(
                ["", "  ", "lip_abc€", "lip ø", "x\x1b[31m", TOKEN + "\n"]
            )
        else:
            token_file = work / "token"
            kind = rnd.randrange(5)
            if kind < 4:
                token_file.write_text([TOKEN + "\n", "  \n", "lip_€\n", TOKEN][kind])
                token_file.chmod(rnd.choice([0o600, 0o644]))
            args["--token-file"] = str(token_file) if kind < 4 else " "
    return [*(x for kv in args.items() for x in kv), *flags], env


def test_fuzz_broadcast(
    template: tuple[Path, Any], hostile: Hostile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("normtui.commands.publish._ONCE_WAITS", ())  # one try: no pauses
    for i, rnd in _runs("broadcast"):
        work = tmp_path / str(i)
        work.mkdir()
        db, before = _fresh(template[0], work)
        fair = rnd.random() < 0.5
        hostile.draw = lambda rnd=rnd, fair=fair: _lichess_answer(rnd, fair)  # type: ignore[misc]
        if rnd.random() < 0.25:
            caster = Broadcast(Lichess(TOKEN, hostile.url, timeout=1.0), 2, "classic1", "armaged1")
            turns = _followed(db, lambda store, c=caster: c.push(take_snapshot(store)), 0.4)
            _record(
                "broadcast",
                f"watch turns {'with' if any(t.done for t in turns) else 'without'} a push",
            )
            continue
        args, env = _broadcast_args(rnd, work, hostile.url)
        started = time.monotonic()
        code, shown = _invoke(work, ["broadcast", str(db), *args], env)
        assert time.monotonic() - started < 60, f"not bounded: {shown}"
        _record("broadcast", f"exit {code}")
        _unchanged_on_2(code, db, before, shown)
        assert db.read_bytes() == before


# -- watch ------------------------------------------------------------------------------------


def _game(rnd: random.Random, white: str, black: str, board: int) -> str:
    position = chess.Board()
    moves = []
    for _ in range(rnd.randrange(0, 70)):
        legal = list(position.legal_moves)
        if not legal:
            break
        move = rnd.choice(legal)
        san = position.san(move)
        number = f"{position.fullmove_number}. " if position.turn == chess.WHITE else ""
        position.push(move)
        clock = ""
        if rnd.random() < 0.7:
            clock = (
                f" {{[%clk {rnd.randrange(3)}:{rnd.randrange(60):02d}:{rnd.randrange(60):02d}]}}"
            )
        moves.append(f"{number}{san}{clock}")
    if rnd.random() < 0.1:
        moves.append(rnd.choice(["Ke9", "O-O-O-O", "{unclosed", "$999", "1-0 1-0"]))
    result = rnd.choice(["*", "*", "1-0", "0-1", "1/2-1/2", position.result()])
    if rnd.random() < 0.15:
        white, black = rnd.choice([(black, white), ("Nobody, Else", black), (white, white)])
    tags = {
        "Event": rnd.choice(["Norway Chess", "Armageddon", "\x1b[5mBlink"]),
        "Site": "Stavanger",
        "Date": "2022.06.01",
        "Round": rnd.choice([f"2.{board}", "2", "1", "?", f"9.{board}"]),
        "White": white,
        "Black": black,
        "Result": result,
    }
    head = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    return f"{head}\n{' '.join(moves)} {result}\n"


def _damaged(rnd: random.Random, text: str) -> bytes:
    raw = text.encode("utf-8")
    kind = rnd.randrange(8)
    if kind == 0:
        return raw[: rnd.randrange(len(raw) + 1)]  # half-written
    if kind == 1:
        at = rnd.randrange(len(raw) + 1)
        return raw[:at] + bytes(rnd.randrange(256) for _ in range(8)) + raw[at:]
    if kind == 2:
        return raw.replace(b"Stavanger", "Tromsø".encode("latin-1"))
    if kind == 3:
        return b"\x00" * rnd.randrange(1, 64)
    return raw


def _feed(rnd: random.Random, work: Path, pairs: list[tuple[str, str]], server: Hostile) -> str:
    texts = [_game(rnd, w, b, n) for n, (w, b) in enumerate(pairs, 1) if rnd.random() < 0.8]
    kind = rnd.randrange(4)
    if kind == 0:  # a LiveChess folder
        folder = work / "live" / "round-2"
        folder.mkdir(parents=True)
        for n, text in enumerate(texts, 1):
            (folder / f"game-{n}.pgn").write_bytes(_damaged(rnd, text))
        if rnd.random() < 0.3:
            (folder / "games.pgn").write_bytes(_damaged(rnd, "\n\n".join(texts)))
        return str(work / "live")
    if kind == 1:  # one PGN file
        (work / "round.pgn").write_bytes(_damaged(rnd, "\n\n".join(texts)))
        return str(work / "round.pgn")
    body = _damaged(rnd, "\n\n".join(texts))
    if kind == 3:  # LiveChess Cloud's JSON, of any shape
        body = json.dumps(
            rnd.choice([{"rounds": [{"count": 5}]}, {"rounds": None}, [], {}])
        ).encode()
    status = rnd.choice([200] * 6 + [304, 404, 500, 302])

    def answer() -> Answer:
        return Answer(status, {}, body, 0.3 if rnd.random() < 0.05 else 0.0)

    server.draw = answer
    path = "/get/abc/tournament.json" if kind == 3 else "/round-2.pgn"
    hostile = ["http://[::1/x.pgn", f"http://u:{PASSWORD}@127.0.0.1:1/x"]
    return rnd.choice([server.url + path] * 8 + hostile)


WATCH_HOSTILE = [
    ("--accept", ["8.99", "0.1", "x", "2.²", "2." + "9" * 40, "12.1"]),
    ("--round", ["1", "0", "12", "x", "9" * 30]),
    ("--timeout", ["inf", "1e300", "nan", "0", "301"]),
    ("--interval", ["nan", "-1", "infinity"]),
]


def test_fuzz_watch(
    template: tuple[Path, list[tuple[str, str]]], hostile: Hostile, tmp_path: Path
) -> None:
    db_template, pairs = template
    for i, rnd in _runs("watch"):
        work = tmp_path / str(i)
        work.mkdir()
        db, before = _fresh(db_template, work)
        source = _feed(rnd, work, pairs, hostile)
        args = ["watch", str(db), source, "--once"]
        if rnd.random() < 0.2:
            args += ["--accept", rnd.choice(["2.1", "2.3A", "2.5"])]
        if rnd.random() < 0.2:
            args += ["--round", "2"]
        if rnd.random() < 0.5:
            args += ["--timeout", rnd.choice(["1", "0.5"])]
        if rnd.random() < 0.3:
            args.append("--json")
        if rnd.random() < 0.3:
            option, values = rnd.choice(WATCH_HOSTILE)
            args += [option, rnd.choice(values)]
        started = time.monotonic()
        code, shown = _invoke(work, args, {})
        assert time.monotonic() - started < 60, f"not bounded: {shown}"
        _record("watch", f"exit {code}")
        _unchanged_on_2(code, db, before, shown)
