"""HTTP(S) requests bounded in time and size, for what talks to the world: the live feed's reads
of a broadcast file, the pushes to a Lichess broadcast.

Every failure is one :class:`FetchError` line (an :class:`HttpStatus` when the server answered
with an error status): the caller says it and goes on, or tries again. An answer is read whole
or not at all: one shorter than its ``Content-Length`` is a cut transfer, not an answer.
For the feed, only an ``ETag`` makes a request conditional: ``Last-Modified`` has whole
seconds, and a file rewritten twice within a second would be answered "not modified" the
second time.

The timeout bounds the whole request: a socket's own timeout bounds each read, and a server
that sends a byte every half second would hold the caller for as long as it likes. So the
connection is shut down when the time is up, wherever the request is (the TLS handshake,
the headers, the body), and the answer is not taken. Only the name lookup is not bounded
here: the system's resolver has its own timeout.
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from email.message import Message
from typing import Any
from urllib.parse import urlsplit

__all__ = ["MAX_BYTES", "Answer", "FetchError", "Fetched", "HttpStatus", "fetch", "request"]

MAX_BYTES = 8 << 20
_LOOPBACK = {"127.0.0.1", "localhost", "::1"}


class FetchError(OSError):
    """A URL that could not be read (one line)."""


class HttpStatus(FetchError):
    """The server answered with an error status: its code, its headers and (at most
    :data:`MAX_BYTES` of) its body, for a caller that reads them (Lichess's error, a 429's
    Retry-After)."""

    def __init__(self, message: str, code: int, headers: Message, body: bytes) -> None:
        super().__init__(message)
        self.code = code
        self.headers = headers
        self.body = body


@dataclass(frozen=True)
class Answer:
    """A whole answer: its status, headers and body."""

    status: int
    headers: Message
    body: bytes


@dataclass(frozen=True)
class Fetched:
    """``body`` None: not modified since the answer with ``etag``."""

    body: bytes | None
    etag: str | None


class _Deadline:
    """Shuts down every connection a request opens once ``seconds`` have passed."""

    def __init__(self, seconds: float) -> None:
        self._lock = threading.Lock()
        # Duplicates of the connections' sockets: a descriptor of our own that no one else
        # closes (and so reuses) before the timer is cancelled.
        self._sockets: list[socket.socket] = []
        self._done = False
        self.expired = False
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def connect(self, *args: Any, **kwargs: Any) -> socket.socket:
        sock = socket.create_connection(*args, **kwargs)
        with self._lock:
            if self.expired:
                sock.close()
                raise TimeoutError("the time is up")
            self._sockets.append(sock.dup())
        return sock

    def _expire(self) -> None:
        with self._lock:
            if self._done:
                return
            self.expired = True
            for sock in self._sockets:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)  # a read waiting on it returns at once

    def __enter__(self) -> _Deadline:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()
        with self._lock:
            self._done = True
            for sock in self._sockets:
                sock.close()


def _bounded(
    connection: Callable[..., http.client.HTTPConnection], deadline: _Deadline
) -> Callable[..., http.client.HTTPConnection]:
    def make(*args: Any, **kwargs: Any) -> http.client.HTTPConnection:
        made = connection(*args, **kwargs)
        # How http.client opens its socket (HTTPS wraps that socket in TLS afterwards).
        made._create_connection = deadline.connect  # type: ignore[attr-defined]
        return made

    return make


class _Bounded:
    """A handler whose connections are shut down at ``deadline``."""

    def __init__(self, deadline: _Deadline) -> None:
        super().__init__()
        self.deadline = deadline

    def do_open(self, http_class: Any, req: Any, **kwargs: Any) -> Any:
        bounded = _bounded(http_class, self.deadline)
        return super().do_open(bounded, req, **kwargs)  # type: ignore[misc]


class _HttpHandler(_Bounded, urllib.request.HTTPHandler):
    pass


class _HttpsHandler(_Bounded, urllib.request.HTTPSHandler):
    pass


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    # A redirect would carry the request's headers (a token's Authorization) wherever it
    # points: the answer is taken as it is, a 3xx status.
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _opener(url: str, deadline: _Deadline, redirects: bool) -> urllib.request.OpenerDirector:
    handlers: list[urllib.request.BaseHandler] = [_HttpHandler(deadline), _HttpsHandler(deadline)]
    if not redirects:
        handlers.append(_NoRedirect())
    # A proxy set for the venue's internet must not stand between the console and a feed on
    # this machine.
    if (urlsplit(url).hostname or "") in _LOOPBACK:
        handlers.append(urllib.request.ProxyHandler({}))
    return urllib.request.build_opener(*handlers)


def request(
    url: str,
    *,
    method: str = "GET",
    data: bytes | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 5.0,
    redirects: bool = True,
) -> Answer:
    """The answer at ``url``, whole, within ``timeout`` seconds from the start of the request
    to the end of its answer; at most :data:`MAX_BYTES`. Raises :class:`FetchError` (an
    :class:`HttpStatus` for an error status; 304 Not Modified is one too)."""
    try:
        with _Deadline(timeout) as deadline:
            try:
                got = _request(url, method, data, headers or {}, timeout, deadline, redirects)
            except FetchError as exc:
                if deadline.expired and not isinstance(exc, HttpStatus):
                    raise _too_slow(url, timeout) from None
                raise
            if deadline.expired:  # an answer without a length ends where it was cut
                raise _too_slow(url, timeout)
            return got
    except RuntimeError as exc:  # no thread for the timer: the machine is out of them
        raise FetchError(f"{url}: cannot be read now ({exc})") from None


def fetch(url: str, *, etag: str | None = None, timeout: float = 5.0) -> Fetched:
    """The feed's read of ``url``: the body, unless not modified since ``etag``."""
    headers = {"User-Agent": "normtui (live boards)", "Cache-Control": "no-cache"}
    if etag:
        headers["If-None-Match"] = etag
    try:
        got = request(url, headers=headers, timeout=timeout)
    except HttpStatus as exc:
        if exc.code == 304:
            return Fetched(None, etag)
        raise
    return Fetched(got.body, got.headers.get("ETag"))


def _too_slow(url: str, timeout: float) -> FetchError:
    return FetchError(f"{url}: no whole answer within {timeout:g} s")


def _read(answer: Any, url: str) -> bytes:
    body: bytes = answer.read(MAX_BYTES + 1)
    if len(body) > MAX_BYTES:
        raise FetchError(f"{url}: the answer is larger than {MAX_BYTES >> 20} MiB")
    length = answer.headers.get("Content-Length")
    if length is not None and length.isdigit() and int(length) != len(body):
        raise FetchError(f"{url}: the answer was cut short ({len(body)} of {length} bytes)")
    return body


def _request(
    url: str,
    method: str,
    data: bytes | None,
    headers: dict[str, str],
    timeout: float,
    deadline: _Deadline,
    redirects: bool,
) -> Answer:
    try:
        req = urllib.request.Request(url, data=data, method=method, headers=headers)
        with _opener(url, deadline, redirects).open(req, timeout=timeout) as answer:
            return Answer(answer.status, answer.headers, _read(answer, url))
    except urllib.error.HTTPError as exc:
        try:
            body = _read(exc, url) if exc.fp is not None else b""
        except (FetchError, http.client.HTTPException, OSError, ValueError):
            body = b""  # the status is the answer; its explanation is lost
        raise HttpStatus(
            f"{url}: the server answers {exc.code} {exc.reason}", exc.code, exc.headers, body
        ) from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, TimeoutError):
            raise FetchError(f"{url}: no whole answer within {timeout:g} s") from None
        raise FetchError(f"{url}: cannot be reached ({reason})") from None
    except TimeoutError:
        raise FetchError(f"{url}: no whole answer within {timeout:g} s") from None
    except http.client.IncompleteRead:
        raise FetchError(f"{url}: the answer was cut short") from None
    except (http.client.HTTPException, OSError, ValueError) as exc:
        if isinstance(exc, FetchError):
            raise
        raise FetchError(f"{url}: {type(exc).__name__}: {exc}") from None
