"""Fetching a broadcast's file over HTTP(S), for a feed polled every second or so.

Every failure is one :class:`FetchError` line: the feed says it and goes on. An answer is read
whole or not at all: one shorter than its ``Content-Length`` is a cut transfer, not a record.
Only an ``ETag`` makes a request conditional: ``Last-Modified`` has whole seconds, and a file
rewritten twice within a second would be answered "not modified" the second time.
"""

from __future__ import annotations

import http.client
import urllib.error
import urllib.request
from dataclasses import dataclass
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


def _opener(url: str) -> urllib.request.OpenerDirector:
    # A proxy set for the venue's internet must not stand between the console and a feed on
    # this machine.
    if (urlsplit(url).hostname or "") in _LOOPBACK:
        return urllib.request.build_opener(urllib.request.ProxyHandler({}))
    return urllib.request.build_opener()


def fetch(url: str, *, etag: str | None = None, timeout: float = 5.0) -> Fetched:
    headers = {"User-Agent": "normtui (live boards)", "Cache-Control": "no-cache"}
    if etag:
        headers["If-None-Match"] = etag
    request = urllib.request.Request(url, headers=headers)
    try:
        with _opener(url).open(request, timeout=timeout) as answer:
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
            raise FetchError(f"{url}: no answer within {timeout:g} s") from None
        raise FetchError(f"{url}: cannot be reached ({reason})") from None
    except TimeoutError:
        raise FetchError(f"{url}: no answer within {timeout:g} s") from None
    except http.client.IncompleteRead:
        raise FetchError(f"{url}: the answer was cut short") from None
    except (http.client.HTTPException, OSError, ValueError) as exc:
        raise FetchError(f"{url}: {type(exc).__name__}: {exc}") from None
    if len(body) > MAX_BYTES:
        raise FetchError(f"{url}: the answer is larger than {MAX_BYTES >> 20} MiB")
    if length is not None and length.isdigit() and int(length) != len(body):
        raise FetchError(f"{url}: the answer was cut short ({len(body)} of {length} bytes)")
    return Fetched(body, tag)
