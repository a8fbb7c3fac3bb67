r"""Text as it enters the event and as it leaves it in the formats others read (issue 18).

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

import os
import re
import unicodedata
from collections.abc import Iterable
from decimal import Decimal

__all__ = ["TextFileError", "clean_text", "csv_cell", "csv_line", "from_argv", "is_number",
           "pgn_string", "read_bytes", "read_text_file", "tiebreak_text", "visible"]

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
# Zero-width non-joiner and joiner: they change how Persian, Arabic and Indic names are spelt.
_JOINERS = frozenset("\u200c\u200d")


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


def visible(text: str) -> str:
    r"""``text`` for a terminal: control and invisible format characters written as escapes,
    so that a message quoting what was typed (or a damaged file) cannot move the cursor,
    recolour the screen or reverse the line.

    >>> visible("no player \x1b[2J here\u202e")
    'no player \\x1b[2J here\\u202e'
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join(ch if ch in _JOINERS or ch == "\n"
                   or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Zl", "Zp")
                   else ch.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for ch in text)


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
    ones included, are written as they are.

    >>> csv_cell("=HYPERLINK(1)"), csv_cell("-5"), csv_cell("@x"), csv_cell(3)
    ("'=HYPERLINK(1)", '-5', "'@x", '3')
    """
    text = "" if value is None else str(value)
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


def read_bytes(path: str | os.PathLike[str], *, limit: int, what: str) -> bytes:
    """The bytes of a file a person gives, never more than ``limit`` of them (see
    :func:`read_text_file`). Raises :class:`TextFileError`."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise TextFileError(f"cannot read {what} {name}: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise TextFileError(f"{what} {name} is larger than {_size(limit)}: not a {what}")
    return raw


def read_text_file(path: str | os.PathLike[str], *, limit: int, what: str,
                   utf8_only: bool = False) -> str:
    """The text of a small file a person gives (a players list, a profile, one game's
    record), read whole but never more than ``limit`` bytes: a device such as ``/dev/zero``
    or a huge file is refused after ``limit`` bytes, not read until memory runs out.

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
        raise TextFileError(f"{what} {name} is neither UTF-8 nor Windows-1252 text; save it "
                            "as UTF-8") from None
