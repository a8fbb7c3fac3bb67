r"""Text as it enters the event and as it leaves it in the formats others read.

Everything typed or read into the event (players' names, the city, the arbiters, incident
descriptions and decisions) goes through :func:`clean_text`: control characters (a terminal's
escape sequences, CR and LF, tabs) become spaces, so the rest of an escape sequence stays
visible as plain text (``"\x1b[31mMark"`` is stored as ``"[31mMark"``); invisible format
characters (the bidirectional overrides and isolates, zero-width spaces, a byte order mark)
are removed, except the two joiners some scripts need in names (ZWNJ, ZWJ); runs of spaces
become one; the text is stored composed (NFC), so a name typed on two keyboards is one name.

>>> clean_text("  Carlsen,\tMagnus\r\n001 fake record ")
'Carlsen, Magnus 001 fake record'
>>> clean_text("\x1b[31mMark\x1b[0m"), clean_text("abc\u202edcba")
('[31mMark [0m', 'abcdcba')

What leaves the event for a spreadsheet or a fixed-format file is neutralised by the writer:
:func:`csv_cell` (OWASP's advice on CSV injection) and :func:`pgn_string` (PGN standard 8.1.1).

Numbers typed by a person are ASCII digits only: ``str.isdigit`` also accepts ``"²"``, which
``int`` refuses, and ``int`` accepts Arabic-Indic and full-width digits, which nobody at a
chess venue means as a pairing number.

>>> is_number("12"), is_number("²"), is_number("١٢"), is_number("")
(True, False, False, False)
"""

from __future__ import annotations

import errno
import io
import json
import os
import re
import stat
import unicodedata
from collections.abc import Iterable
from decimal import Decimal

__all__ = [
    "TextFileError",
    "clean_text",
    "csv_cell",
    "csv_line",
    "from_argv",
    "has_controls",
    "is_number",
    "json_visible",
    "open_regular_file",
    "pgn_string",
    "read_bytes",
    "read_text_file",
    "refuse_controls",
    "tiebreak_text",
    "visible",
]

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
# Zero-width non-joiner and joiner: they change how Persian, Arabic and Indic names are spelt.
_JOINERS = frozenset("\u200c\u200d")
# Unicode categories never shown as they are: controls, format characters, surrogates, line and
# paragraph separators.
_SHOWN_AS_ESCAPE = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))


def tiebreak_text(value: Decimal) -> str:
    """A tie-break score (Sonneborn-Berger) as every table prints it, the console's, the
    exports' and the report's: two decimals, so that quarters and halves read alike.

    >>> tiebreak_text(Decimal("184.25")), tiebreak_text(Decimal("178.5")), tiebreak_text(Decimal(3))
    ('184.25', '178.50', '3.00')
    """
    exact = value.quantize(Decimal("0.01"))
    return f"{exact:f}" if exact == value else f"{value.normalize():f}"


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number written in ASCII digits (no sign, no spaces)."""
    return _DIGITS.fullmatch(text) is not None


def clean_text(value: str) -> str:
    r"""``value`` as the event stores it (see the module's doc); ``""`` when nothing is left."""
    if value.isascii() and value.isprintable():
        return " ".join(value.split())
    kept = []
    for ch in unicodedata.normalize("NFC", value):
        kind = unicodedata.category(ch)
        if kind in ("Cc", "Zl", "Zp"):
            kept.append(" ")
        elif kind == "Cf" and ch not in _JOINERS:
            continue
        elif kind == "Cs":  # half of a surrogate pair: no UTF-8 for it
            kept.append("\ufffd")
        else:
            kept.append(ch)
    return " ".join("".join(kept).split())


def visible(text: str, *, lines: bool = False) -> str:
    r"""``text`` as shown on a terminal or written to a file others read: control characters
    (C0 and C1: a terminal's escape sequences, BEL, CR, tabs, LF), invisible format characters
    (the bidirectional overrides and isolates, zero-width spaces) and line separators written
    as escapes, so that a name from a feed, a damaged event file or a file name cannot set the
    terminal's title or clipboard, move the cursor, recolour the screen, reverse the line or
    start a fake line of its own. With ``lines``, the text's own line breaks (LF or CR LF, of a
    multi-line report or file this program joined) are kept, and only them.

    >>> visible("no player \x1b[2J here\u202e"), visible("Evil\n001 fake\x9b")
    ('no player \\x1b[2J here\\u202e', 'Evil\\n001 fake\\x9b')
    >>> visible("line one\nline\x07 two", lines=True)
    'line one\nline\\x07 two'
    """
    if text.isprintable():  # C speed: what a large export is, line by line
        return text
    if lines:
        return "\n".join(
            visible(line[:-1]) + "\r" if line.endswith("\r") else visible(line)
            for line in text.split("\n")
        )
    return "".join(
        ch
        if ch in _JOINERS or unicodedata.category(ch) not in _SHOWN_AS_ESCAPE
        else ch.encode("unicode_escape", "backslashreplace").decode("ascii")
        for ch in text
    )


def has_controls(text: str) -> bool:
    r"""Whether ``text`` holds a character :func:`visible` would write as an escape (what a
    name the event stores may never hold).

    >>> has_controls("Carlsen, Magnus"), has_controls("Evil\x1b]52;c;\x07"), has_controls("a\nb")
    (False, True, True)
    """
    return visible(text) != text


def refuse_controls(value: str, what: str) -> str:
    r"""``value``, a name or a detail as given, when it holds no character a terminal would
    obey; else ``ValueError`` naming ``what`` and showing them (:func:`visible`). Names are
    refused rather than cleaned: a name from a file or a feed holding an escape sequence is
    damaged or hostile, and nobody should guess which player it meant.

    >>> refuse_controls("Carlsen, Magnus", "the name")
    'Carlsen, Magnus'
    >>> refuse_controls("Evil\x1b]52;c;aGk=\x07", "the name")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the name 'Evil\x1b]52;c;aGk=\x07' holds control characters (shown here as ...
    """
    if has_controls(value):
        raise ValueError(
            f"{what} '{visible(value)}' holds control characters (shown here as "
            "\\x.. escapes), which a terminal would obey: write it as one line of "
            "printable text"
        )
    return value


# Outside printable ASCII: JSON's writer escapes the C0 controls inside strings, but leaves DEL,
# the C1 controls and the bidirectional overrides as they are.
_NOT_ASCII = re.compile("[^\x20-\x7e\n]")


def _json_escape(found: re.Match[str]) -> str:
    ch = found.group()
    return json.dumps(ch)[1:-1] if has_controls(ch) else ch


def json_visible(text: str) -> str:
    r"""A JSON document with every character :func:`visible` would escape written as a ``\u``
    escape (valid JSON, the same data), letters left as they are.

    >>> json_visible('["Evil\u009b\u202e", "Tromsø"]')
    '["Evil\\u009b\\u202e", "Tromsø"]'
    """
    return _NOT_ASCII.sub(_json_escape, text)


def from_argv(value: str) -> str:
    r"""A text argument as typed. Python reads bytes of the command line that are not UTF-8 as
    lone surrogates (``surrogateescape``); such bytes come from a terminal set to Latin-1 or
    Windows-1252, so they are read as Windows-1252 (``"Troms\udcf8"`` is ``"Tromsø"``), the
    same rule as for PGN files. Raises ``ValueError`` for bytes that are not that either.

    >>> from_argv("Troms\udcf8"), from_argv("Tromsø")
    ('Tromsø', 'Tromsø')
    """
    if not any("\udc80" <= ch <= "\udcff" for ch in value):
        return value
    raw = value.encode("utf-8", "surrogateescape")
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        raise ValueError(f"{raw!r} is neither UTF-8 nor Windows-1252 text") from None


# A cell a spreadsheet would run as a formula starts with one of these (OWASP, "CSV
# Injection"); a tab, CR or LF in front of the sign works too.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "\0")
_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?", re.ASCII)
# Quoted, so that a spreadsheet that splits at ";" or tabs (a Norwegian Excel splits at ";")
# cannot start a new cell inside the field.
_QUOTE_IF = frozenset(',;"\t\r\n')


def csv_cell(value: object) -> str:
    r"""One cell of a CSV export: a text a spreadsheet would take for a formula gets a leading
    ``'`` (OWASP's advice: the spreadsheet shows the text and runs nothing); numbers, signed
    ones included, are written as they are; control characters as escapes (:func:`visible`).

    >>> csv_cell("=HYPERLINK(1)"), csv_cell("-5"), csv_cell("@x"), csv_cell(3)
    ("'=HYPERLINK(1)", '-5', "'@x", '3')
    """
    text = "" if value is None else visible(str(value))
    if text.startswith(_FORMULA_START) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def csv_line(cells: Iterable[object]) -> str:
    r"""A CSV row (RFC 4180, comma-separated, no line end) of :func:`csv_cell` cells, quoted
    where a comma, a semicolon, a tab, a quote or a line break is inside.

    >>> csv_line(["a;b", 'say "x" now', "=1+1", 2])
    '"a;b","say ""x"" now",\'=1+1,2'
    """
    out = []
    for value in cells:
        text = csv_cell(value)
        if _QUOTE_IF.intersection(text):
            text = '"' + text.replace('"', '""') + '"'
        out.append(text)
    return ",".join(out)


def pgn_string(value: str) -> str:
    r"""A PGN tag value: one line of printable text (the standard permits no newline or tab in
    a string), ``\`` and ``"`` escaped with a backslash (PGN standard 8.1.1).

    >>> pgn_string('Oslo "Nord"\\2\n[Result "0-1"]')
    'Oslo \\"Nord\\"\\\\2 [Result \\"0-1\\"]'
    """
    return clean_text(value).replace("\\", "\\\\").replace('"', '\\"')


class TextFileError(ValueError):
    """A file that cannot be read as text: one line naming it and saying why."""


def _size(limit: int) -> str:
    return f"{limit // (1 << 20)} MB" if limit >= 1 << 20 else f"{limit // 1024} KB"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a file"


def open_regular_file(path: str | os.PathLike[str]) -> io.BufferedReader:
    """Open a file a person gives for reading, refusing what is not a regular file: a FIFO
    would wait for a writer (the open itself blocks), a device may never end. Opened without
    waiting and then looked at, so nothing can be swapped in between. An :class:`OSError`
    whose ``strerror`` says what it is ("not a regular file but a FIFO")."""
    name = os.fspath(path)
    fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, f"not a regular file but {_kind(mode)}", name)
        os.set_blocking(fd, True)
        return open(name, "rb", opener=lambda *_: fd)  # named as given, for messages
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: str | os.PathLike[str], *, limit: int, what: str) -> bytes:
    """The bytes of a regular file a person gives, never more than ``limit`` of them (see
    :func:`read_text_file`). Raises :class:`TextFileError`."""
    name = os.fspath(path)
    try:
        with open_regular_file(name) as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise TextFileError(f"cannot read {what} {name}: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise TextFileError(f"{what} {name} is larger than {_size(limit)}: not a {what}")
    return raw


def read_text_file(
    path: str | os.PathLike[str], *, limit: int, what: str, utf8_only: bool = False
) -> str:
    """The text of a small file a person gives (a players list, a profile, one game's
    record), read whole but never more than ``limit`` bytes: a huge file is refused after
    ``limit`` bytes, not read until memory runs out; a FIFO or a device (``/dev/zero``) is
    refused unread.

    UTF-8 (with or without a byte order mark), UTF-16 with one (Excel's "Unicode text"),
    else Windows-1252, which is what a Norwegian Excel or an old broadcast laptop writes;
    ``utf8_only`` for a format that is UTF-8 by definition (TOML). Binary data is refused.
    Raises :class:`TextFileError`.
    """
    name = os.fspath(path)
    raw = read_bytes(path, limit=limit, what=what)
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) and not utf8_only:
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            raise TextFileError(f"{what} {name}: damaged UTF-16 text") from None
    if b"\x00" in raw:
        raise TextFileError(f"{what} {name} holds binary data, not text")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        if utf8_only:
            raise TextFileError(f"{what} {name} is not UTF-8 text") from None
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        raise TextFileError(
            f"{what} {name} is neither UTF-8 nor Windows-1252 text; save it as UTF-8"
        ) from None
