"""What a Lichess broadcast is given: the server's address and the token (by the arbiter), and a
pause asked for (by Lichess, HTTP 429's ``Retry-After``). Each is checked before it is used,
and said in one line that never quotes the token or a password: an address holding a user name
or password is refused without being repeated, and a token no token could be (a space, a
letter outside ASCII, which no HTTP header can carry) is refused at once instead of failing as
the network would. A token file that others may read is warned of, as ssh warns of a key file.
"""

from __future__ import annotations

import contextlib
import email.utils
import os
import stat
import urllib.parse
from datetime import UTC, datetime
from pathlib import Path

from normtui.export.snapshot import ExportError
from normtui.text import TextFileError, read_text_file, visible

__all__ = [
    "MAX_WAIT",
    "check_base_url",
    "check_token",
    "read_token",
    "retry_after",
    "token_file_warning",
]


def read_token(token_file: str | Path | None) -> str:
    """The Lichess token: the file's text if a file is given (blank is an error, not a
    fallback), else ``LICHESS_TOKEN``. Never put into a message."""
    if token_file is not None:
        name = visible(repr(str(token_file)))
        if not str(token_file).strip():
            raise ExportError(f"--token-file {name} names no file")
        try:
            token = read_text_file(token_file, limit=4096, what="token file", utf8_only=True)
        except TextFileError as exc:
            raise ExportError(visible(str(exc))) from None
        if not token.strip():
            raise ExportError(f"the token file {name} holds no token (it is blank)")
    else:
        token = os.environ.get("LICHESS_TOKEN", "")
        if not token.strip():
            raise ExportError(
                "no Lichess token: set LICHESS_TOKEN or give a token file (a token "
                "with the study:write scope)"
            )
    return check_token(token.strip())


def token_file_warning(token_file: str | Path) -> str | None:
    """What ssh would say of a key file: one that others may read (or write) is a secret
    shared, and the line says how to keep it; None when only its owner may."""
    with contextlib.suppress(OSError):
        mode = stat.S_IMODE(os.stat(token_file).st_mode)
        if mode & 0o077:
            name = visible(str(token_file))
            return (
                f"the token file {name} may be read by others (permissions {mode:04o}): "
                f"anyone who reads it can push to your broadcasts; chmod 600 {name}"
            )
    return None


# Lichess asks for "a full minute" after a 429; a Retry-After longer than this is waited for
# this long (and said): a wrong header must not stop the broadcast for a day.
MAX_WAIT = 300.0
_DEFAULT_WAIT = 60.0


def check_base_url(url: str) -> str:
    """``--base-url`` as normtui will use it (no trailing slash), or one line saying why not.
    A user name or password in it is refused and never repeated: the token has its own way in,
    and a message quoting the address would print the password."""
    if "@" in url:
        raise ExportError(
            "--base-url holds a user name or password (NAME:PASSWORD@): refused and not "
            "shown; give the server's address alone, and the token with LICHESS_TOKEN or "
            "--token-file"
        )
    shown = visible(repr(url))
    if not url.isascii() or any(c.isspace() or not c.isprintable() for c in url):
        raise ExportError(
            f"--base-url {shown} holds a space, a control character or a letter outside "
            "ASCII: give the address as https://lichess.org is written (a host in punycode)"
        )
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018  # a port out of range or not a number raises here
    except ValueError as exc:
        raise ExportError(f"--base-url {shown} is not an http(s) address ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ExportError(f"--base-url {shown} is not an http(s) address")
    if "?" in url or "#" in url:
        raise ExportError(
            f"--base-url {shown} has a query or a fragment (?… or #…), which would swallow "
            "the API's path: give the server's address alone, as https://lichess.org"
        )
    return url.rstrip("/")


def check_token(token: str) -> str:
    """The token, if it can be one: printable ASCII without spaces (a Lichess token is
    ``lip_`` and letters and digits). Never quoted in a message."""
    if not token:
        raise ExportError("the Lichess token is empty: give it with LICHESS_TOKEN or --token-file")
    if not all(33 <= ord(c) < 127 for c in token):
        raise ExportError(
            "the Lichess token holds a space, a control character or a letter outside ASCII, "
            "which no token has: give the token alone (LICHESS_TOKEN or --token-file)"
        )
    return token


def retry_after(value: str | None, now: datetime | None = None) -> tuple[float, str]:
    """How long a 429 asks to wait, bounded by :data:`MAX_WAIT`, and the words that say it.
    ``Retry-After`` is whole seconds or an HTTP date; anything else is Lichess's minute."""
    text = (value or "").strip()
    asked: float | None = None
    if text.isascii() and text.isdigit():
        asked = float(text) if len(text) <= 12 else float("inf")
    elif text:
        with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
            when = email.utils.parsedate_to_datetime(text)
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
            asked = max(0.0, (when - (now or datetime.now(UTC))).total_seconds())
    if asked is None:
        wait = _DEFAULT_WAIT
        said = f"waiting {wait:g} s" + (" (its Retry-After is not a time)" if text else "")
    elif asked > MAX_WAIT:
        wait = MAX_WAIT
        shown = "ever" if asked == float("inf") else f"{asked:.0f} s"
        said = f"waiting {MAX_WAIT:g} s, the longest normtui waits (it asked for {shown})"
    else:
        wait = asked
        said = f"waiting {wait:g} s as asked"
    return wait, said
