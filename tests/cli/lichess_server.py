"""A server on 127.0.0.1 that answers as Lichess's broadcast API describes (lichess-org/api,
``doc/specs``): ``POST /api/broadcast/round/{id}/push`` takes plain-text PGN (at most 100 games)
and answers ``{"games": [{"tags": {...}, "moves": N} | {"tags": {...}, "error": "..."}]}``;
``POST /broadcast/round/{id}/edit`` takes the round form (``?patch=true``, a boolean in the
description: only the fields given; Lichess's server reads ``patch=1`` too). Both want
``Authorization: Bearer TOKEN``. It can be told to answer 429 (with any Retry-After), to answer
a push with any JSON, or to trickle its answers a byte at a time."""

from __future__ import annotations

import functools
import json
import re
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

TOKEN = "lip_secretTOKEN123"
_MOVE = re.compile(r"\b\d+\.(?:\.\.)?\s*")


@dataclass
class Request:
    path: str
    headers: dict[str, str]
    body: str
    at: float = 0.0  # time.monotonic() when it came


@dataclass
class Lichess:
    """What the server saw, and what it is to answer next."""

    requests: list[Request] = field(default_factory=list)
    rounds: dict[str, dict[str, str]] = field(default_factory=dict)
    games: dict[str, list[str]] = field(default_factory=dict)
    rate_limit: int = 0  # answer this many requests with 429 first
    retry_after: str = "0"  # the 429's Retry-After
    refuse_game: str | None = None  # a White name whose game gets a per-game error
    push_answer: object = None  # when set: the JSON every push is answered with
    trickle: float = 0.0  # when set: the seconds between two bytes of every answer

    def pushes(self, round_id: str) -> list[Request]:
        return [r for r in self.requests if r.path == f"/api/broadcast/round/{round_id}/push"]


def _moves(pgn: str) -> int:
    movetext = pgn.split("\n\n", 1)[1] if "\n\n" in pgn else ""
    movetext = re.sub(r"\{[^}]*\}", " ", movetext)
    tokens = [
        t for t in _MOVE.sub(" ", movetext).split() if t not in ("1-0", "0-1", "1/2-1/2", "*")
    ]
    return len(tokens)


def _tags(pgn: str) -> dict[str, str]:
    return dict(re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]', pgn, re.MULTILINE))


def handler(state: Lichess) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def _answer(self, code: int, data: object, headers: dict[str, str] | None = None) -> None:
            body = json.dumps(data).encode()
            self.send_response(code)
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not state.trickle:
                self.wfile.write(body)
                return
            for byte in body:
                try:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                except OSError:  # the client gave up, as it should
                    return
                time.sleep(state.trickle)

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length).decode("utf-8")
            state.requests.append(
                Request(self.path, dict(self.headers.items()), body, time.monotonic())
            )
            if state.rate_limit:
                state.rate_limit -= 1
                headers = {"Retry-After": state.retry_after}
                self._answer(429, {"error": "Too many requests"}, headers)
                return
            if self.headers.get("Authorization") != f"Bearer {TOKEN}":
                self._answer(401, {"error": "No such token"})
                return
            url = urllib.parse.urlsplit(self.path)
            push = re.fullmatch(r"/api/broadcast/round/(\w{8})/push", url.path)
            edit = re.fullmatch(r"/broadcast/round/(\w{8})/edit", url.path)
            if push and state.push_answer is not None:
                self._answer(200, state.push_answer)
            elif push:
                games = [g for g in re.split(r"\n\n(?=\[)", body.strip()) if g]
                if len(games) > 100:
                    self._answer(400, {"error": "Too many games"})
                    return
                state.games[push.group(1)] = games
                answers: list[dict[str, object]] = []
                for g in games:
                    tags = _tags(g)
                    if state.refuse_game and tags.get("White") == state.refuse_game:
                        answers.append({"tags": tags, "error": "Illegal move"})
                    else:
                        answers.append({"tags": tags, "moves": _moves(g)})
                self._answer(200, {"games": answers})
            elif edit:
                form = dict(urllib.parse.parse_qsl(body))
                if urllib.parse.parse_qs(url.query).get("patch") not in (["true"], ["1"]):
                    form.setdefault("name", "")  # a form without patch erases the rest
                state.rounds.setdefault(edit.group(1), {}).update(form)
                self._answer(200, {"ok": True})
            else:
                self._answer(404, {"error": "Not found"})

    return Handler


class Server:
    """The server in a thread; ``start()`` again on the same port after ``stop()``."""

    def __init__(self, port: int = 0) -> None:
        self.state = Lichess()
        self.port = port
        self._server: ThreadingHTTPServer | None = None

    def start(self) -> Server:
        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), handler(self.state))
        self.port = self._server.server_address[1]
        # stop() waits for the loop to look at its flag: every 50 ms, not 0.5 s (a test each).
        serve = functools.partial(self._server.serve_forever, poll_interval=0.05)
        threading.Thread(target=serve, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"
