"""A game's tag pairs (``[White "Carlsen, Magnus"]``), read as python-chess reads them.

One syntax for every reader of a record: the cutting of files into games, the check of the
header, the live feed, the importer, the exports and the store's tables (no python-chess
here: a read command reads tags with it). A tag line is python-chess's own (:data:`TAG_LINE`); a
line that is not one is ignored there (the check of the header says so). Of a name given twice
the last wins, as in python-chess; the PGN standard's escapes in a value (``\\"``, ``\\\\``) are
undone, by the feed and the checks alike.

>>> read_tags('[Event "Norway Chess"]\\n[White "O\\\\"Kelly"]\\n[Bad tag]\\n')
{'Event': 'Norway Chess', 'White': 'O"Kelly'}
>>> with_tag('[Event "E"]\\n[Result "*"]\\n', "Result", "1-0")
'[Event "E"]\\n[Result "1-0"]\\n'
>>> split_head('[Event "E"]\\n[Result "1-0"]\\n\\n1. e4 1-0\\n')
('[Event "E"]\\n[Result "1-0"]\\n\\n', '1. e4 1-0\\n')
"""

from __future__ import annotations

import datetime as dt
import re

__all__ = [
    "TAG_LINE",
    "read_tags",
    "record_date",
    "split_head",
    "tag_name",
    "tag_value",
    "with_tag",
]

# python-chess's own tag syntax (chess.pgn.TAG_REGEX): a line that does not match it is ignored
# there, silently.
TAG_LINE = re.compile(r"^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+\"([^\r]*)\"\]\s*$")
# The name a tag-like line gives, well formed or not.
_TAG_NAME = re.compile(r"\[\s*([^\s\"\]]*)")
# A game's head: its lines up to the first that is not a tag line (well formed or not), an
# escape line (%) or blank (white space alone, as str.isspace reads it).
_HEAD = re.compile(r"(?:[\[%][^\n]*(?:\n|\Z)|[^\S\n]*\n)*")


def tag_name(line: str) -> str:
    """The name of a line that looks like a tag, even one python-chess would not read.

    >>> tag_name('[White "x"]'), tag_name("[ Round 3]"), tag_name("1. e4")
    ('White', 'Round', '')
    """
    match = _TAG_NAME.match(line)
    return match.group(1) if match else ""


def tag_value(raw: str) -> str:
    """A value as written between the quotes, its escapes undone."""
    if "\\" not in raw:
        return raw
    return raw.replace('\\"', '"').replace("\\\\", "\\")


def split_head(text: str) -> tuple[str, str]:
    """One game's text (as cut from a file, or kept by the store) cut where its moves begin,
    as the cutting of files into games cuts it (``RawGame.header_text`` and
    ``RawGame.movetext``): the head, and the movetext.

    >>> split_head("1. e4 *"), split_head('[White "x"]\\n% a note\\n1. d4 *')
    (('', '1. e4 *'), ('[White "x"]\\n% a note\\n', '1. d4 *'))
    """
    at = _HEAD.match(text).end()  # type: ignore[union-attr]  # it matches nothing at worst
    return text[:at], text[at:]


def read_tags(header: str) -> dict[str, str]:
    """The tag pairs of a game's header lines."""
    tags: dict[str, str] = {}
    for line in header.split("\n"):
        if line[:1] == "[" and (match := TAG_LINE.match(line)) is not None:
            tags[match.group(1)] = tag_value(match.group(2))
    return tags


def record_date(text: str | None) -> str | None:
    """The day a game's Date tag gives, as YYYY-MM-DD; None for a record without one, with
    one left unknown (``2022.06.??``) or one that is no day of the calendar.

    >>> record_date('[Date "2022.06.07"]\\n\\n1. e4 *'), record_date('[Date "2022.??.??"]\\n*')
    ('2022-06-07', None)
    >>> record_date('[Date "2022.02.30"]\\n*'), record_date(None)
    (None, None)
    """
    if not text:
        return None
    found = re.fullmatch(r"(\d{4})\.(\d\d)\.(\d\d)", read_tags(split_head(text)[0]).get("Date", ""))
    if found is None:
        return None
    try:
        return dt.date(*map(int, found.groups())).isoformat()
    except ValueError:
        return None


def with_tag(header: str, name: str, value: str) -> str:
    """The header with tag ``name`` set to ``value``: in place where it is (each line that
    gives it), else added at the end."""
    kept = header.rstrip("\n")
    lines = kept.split("\n") if kept else []
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    line = f'[{name} "{escaped}"]'
    found = False
    for i, text in enumerate(lines):
        match = TAG_LINE.match(text) if text[:1] == "[" else None
        if match is not None and match.group(1) == name:
            lines[i], found = line, True
    if not found:
        lines.append(line)
    return "\n".join(lines) + "\n"
