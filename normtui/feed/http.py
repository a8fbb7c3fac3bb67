"""Fetching a broadcast's file over HTTP(S), for a feed polled every second or so.

Every failure is one :class:`FetchError` line: the feed says it and goes on. An answer is read
whole or not at all: one shorter than its ``Content-Length`` is a cut transfer, not a record.
Only an ``ETag`` makes a request conditional: ``Last-Modified`` has whole seconds, and a file
rewritten twice within a second would be answered "not modified" the second time.

The timeout bounds the whole request: a socket's own timeout bounds each read, and a server
that sends a byte every half second would hold the feed for as long as it likes. So the
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
from typing import Any
from urllib.parse import urlsplit

__all__ = ["FetchError", "Fetched", "fetch"]

MAX_BYTES = 8 << 20
_LOOPBACK = {"127.0.0.1", "localhost", "::1"}


class FetchError(OSError):
    """A URL that could not be read (one line)."""


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


def _opener(url: str, deadline: _Deadline) -> urllib.request.OpenerDirector:
    handlers: list[urllib.request.BaseHandler] = [_HttpHandler(deadline), _HttpsHandler(deadline)]
    # A proxy set for the venue's internet must not stand between the console and a feed on
    # this machine.
    if (urlsplit(url).hostname or "") in _LOOPBACK:
        handlers.append(urllib.request.ProxyHandler({}))
    return urllib.request.build_opener(*handlers)


def fetch(url: str, *, etag: str | None = None, timeout: float = 5.0) -> Fetched:
    """The answer at ``url``, whole, within ``timeout`` seconds from the start of the request
    to the end of its answer; at most :data:`MAX_BYTES`. Raises :class:`FetchError`."""
    try:
        with _Deadline(timeout) as deadline:
            try:
                got = _fetch(url, etag, timeout, deadline)
            except FetchError:
                if deadline.expired:
                    raise _too_slow(url, timeout) from None
                raise
            if deadline.expired:  # an answer without a length ends where it was cut
                raise _too_slow(url, timeout)
            return got
    except RuntimeError as exc:  # no thread for the timer: the machine is out of them
        raise FetchError(f"{url}: cannot be read now ({exc})") from None


def _too_slow(url: str, timeout: float) -> FetchError:
    return FetchError(f"{url}: no whole answer within {timeout:g} s")


def _fetch(url: str, etag: str | None, timeout: float, deadline: _Deadline) -> Fetched:
    headers = {"User-Agent": "normtui (live boards)", "Cache-Control": "no-cache"}
    if etag:
        headers["If-None-Match"] = etag
    request = urllib.request.Request(url, headers=headers)
    try:
        with _opener(url, deadline).open(request, timeout=timeout) as answer:
            body = answer.read(MAX_BYTES + 1)
            length = answer.headers.get("Content-Length")
            tag = answer.headers.get("ETag")
    except urllib.error.HTTPError as exc:
        if exc.code == 304:
            return Fetched(None, etag)
        raise FetchError(f"{url}: the server answers {exc.code} {exc.reason}") from None
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
        raise FetchError(f"{url}: {type(exc).__name__}: {exc}") from None
    if len(body) > MAX_BYTES:
        raise FetchError(f"{url}: the answer is larger than {MAX_BYTES >> 20} MiB")
    if length is not None and length.isdigit() and int(length) != len(body):
        raise FetchError(f"{url}: the answer was cut short ({len(body)} of {length} bytes)")
    return Fetched(body, tag)
