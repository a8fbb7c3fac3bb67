"""FIDE's rating list as the arbiter downloads it, read for the players of one event.

FIDE publishes its list every month (https://ratings.fide.com/download_lists.phtml) in three
forms, each a zip of one file that normtui reads as it is, zipped or not:

* the combined list (``players_list_foa.txt``: standard, rapid and blitz), fixed-width columns
  under a header line ``ID Number  Name  Fed Sex Tit WTit OTit FOA SRtng SGm SK RRtng RGm Rk
  BRtng BGm BK B-day Flag``;
* the standard list (``standard_rating_list.txt``), the same columns up to FOA, then the month's
  rating (its label is the month: ``SEP26``), ``Gms``, ``K``, ``B-day``, ``Flag``;
* either as XML: ``<playerslist><player><fideid>…</fideid><name>…</name><country>…</country>
  <sex>…</sex><title>…</title><w_title>…</w_title><o_title>…</o_title><foa_title>…</foa_title>
  <rating>…</rating><games>…</games><k>…</k> … <birthday>…</birthday><flag>…</flag></player>``.

The columns are found from the header line, never from fixed numbers. The list has some 1.5
million players (~240 MB as text): it is read as a stream, once, looking only for the FIDE ids
asked for, and only those lines are decoded (UTF-8, else Windows-1252: FIDE's text lists are
Latin-1). Nothing of the list is kept but those players: FIDE gives no licence to redistribute
it, so it is never copied into the event.

A line of a player asked for that cannot be read is a problem, named with its line; other
lines are only counted (``unreadable``).
"""

from __future__ import annotations

import html
import io
import re
import zipfile
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from normtui.rules.fide_tables import NORM_TITLE_ORDER
from normtui.rules.model import FIDE_TITLES, TITLE_CODES
from normtui.store.errors import InputError

__all__ = ["FideList", "FideListError", "Listed", "read_fide_list"]

# The list's title codes: FIDE's legend writes them g, wg, m, wm, f, wf, c, wc; its files
# write GM, WGM … as well.
_TITLES = TITLE_CODES | {t.lower(): t for t in FIDE_TITLES}
_SEXES = {"m": "m", "f": "w", "w": "w"}
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH_LABEL = re.compile(r"(?i)(" + "|".join(_MONTHS) + r")(\d\d)")
_FILE_MONTH = re.compile(r"(?i)(" + "|".join(_MONTHS) + r")(\d\d)frl")
_CHUNK = 1 << 22


class FideListError(InputError):
    """A file that is not FIDE's rating list, or cannot be read as one."""


@dataclass(frozen=True)
class Listed:
    """One player as FIDE's list gives them (standard rating)."""

    fide_id: str
    name: str
    federation: str | None
    sex: str | None  # "m" or "w", as the rating report writes it
    title: str | None  # of the open and the women's title, the one counting for more norms
    rating: int | None  # None: not rated in standard
    games: int | None
    k: int | None
    birth_year: int | None
    inactive: bool
    where: str  # "line 12" or "player 12" (XML)


@dataclass
class FideList:
    """What was found of the players asked for, and what the file says of itself."""

    path: Path
    layout: str  # "combined", "standard" or "XML"
    month: str | None  # YYYY-MM, from the header or the file's name; None if neither says
    found: dict[str, Listed] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    records: int = 0
    unreadable: int = 0


def read_fide_list(path: str | Path, wanted: Collection[str]) -> FideList:
    """The players of ``wanted`` (FIDE ids) in the list at ``path`` (a .txt, an .xml, or
    FIDE's zip of one). One pass over the file; the rest of it is not kept."""
    path = Path(path)
    ids = {str(int(w)).encode() for w in wanted if w and w.isdigit()}
    try:
        with _open(path) as (stream, name):
            head = stream.peek(64)[:64] if isinstance(stream, io.BufferedReader) else b""
            if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
                return _read_xml(path, name, stream, ids)
            return _read_text(path, name, stream, ids)
    except (OSError, zipfile.BadZipFile) as exc:
        raise FideListError(f"{path}: cannot be read ({exc})") from None


class _open:
    """The list's byte stream, and the name of the file it is (the zip's member)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._zip: zipfile.ZipFile | None = None
        self._raw: IO[bytes] | None = None

    def __enter__(self) -> tuple[io.BufferedReader, str]:
        if not self.path.is_file():
            raise FideListError(f"{self.path}: not a file")
        if zipfile.is_zipfile(self.path):
            self._zip = zipfile.ZipFile(self.path)
            members = [m for m in self._zip.infolist() if not m.is_dir()]
            if len(members) != 1:
                raise FideListError(
                    f"{self.path}: a zip of {len(members)} files; FIDE's list is a zip of one"
                )
            self._raw = self._zip.open(members[0])
            return io.BufferedReader(self._raw, _CHUNK), members[0].filename  # type: ignore[arg-type]
        self._raw = self.path.open("rb", buffering=0)
        return io.BufferedReader(self._raw, _CHUNK), self.path.name

    def __exit__(self, *exc: object) -> None:
        if self._raw is not None:
            self._raw.close()
        if self._zip is not None:
            self._zip.close()


def _month(label: str) -> str | None:
    match = _MONTH_LABEL.fullmatch(label) or _FILE_MONTH.search(label)
    if match is None:
        return None
    return f"20{match[2]}-{_MONTHS.index(match[1].lower()) + 1:02d}"


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


# -- the text lists -------------------------------------------------------------------------

# The header's labels and what they are; the month's label of the standard list is the rating.
_LABELS = {
    "id number": "id",
    "name": "name",
    "fed": "federation",
    "sex": "sex",
    "tit": "title",
    "wtit": "w_title",
    "otit": "o_title",
    "foa": "foa",
    "srtng": "rating",
    "sgm": "games",
    "sk": "k",
    "gms": "games",
    "k": "k",
    "b-day": "born",
    "bday": "born",
    "born": "born",
    "flag": "flag",
}
_LABEL = re.compile(r"ID Number|\S+", re.IGNORECASE)


def _columns(header: str) -> tuple[dict[str, tuple[int, int | None]], str | None]:
    """Each known column's span (start, end) from the header line, and the month it names."""
    found = [(m.start(), m.group()) for m in _LABEL.finditer(header)]
    spans: dict[str, tuple[int, int | None]] = {}
    month = None
    for i, (start, label) in enumerate(found):
        end = found[i + 1][0] if i + 1 < len(found) else None
        key = _LABELS.get(label.lower())
        if key is None and _MONTH_LABEL.fullmatch(label):
            key, month = "rating", _month(label)
        if key is not None and key not in spans:
            spans[key] = (start, end)
    return spans, month


def _read_text(path: Path, name: str, stream: io.BufferedReader, ids: set[bytes]) -> FideList:
    first = stream.readline()
    header = _decode(first.lstrip(b"\xef\xbb\xbf")).rstrip("\r\n")
    spans, month = _columns(header)
    missing = [k for k in ("id", "name", "rating") if k not in spans]
    if missing or spans["id"][0] != 0:
        raise FideListError(
            f"{path}: not FIDE's rating list: its first line is not the header of the TXT "
            "list ('ID Number  Name  Fed Sex Tit … SRtng …' or the standard list's) nor XML"
        )
    layout = "standard" if month is not None else "combined"
    found = FideList(path, layout, month or _month(name) or _month(path.name))
    id_end = spans["id"][1] or 15
    number = 1
    for raw in stream:
        number += 1
        key = raw[:id_end].strip()
        if not key:
            if raw.strip():
                found.unreadable += 1
            continue
        found.records += 1
        if key in ids:
            _text_player(found, key.decode(), _decode(raw).rstrip("\r\n"), spans, number)
        elif not key.isdigit():
            found.unreadable += 1
    return found


def _text_player(
    found: FideList, fide_id: str, line: str, spans: dict[str, tuple[int, int | None]], number: int
) -> None:
    where = f"line {number}"

    def cell(key: str) -> str:
        span = spans.get(key)
        return line[span[0] : span[1]].strip() if span else ""

    _add(found, fide_id, where, {k: cell(k) for k in spans})


# -- the XML lists --------------------------------------------------------------------------

_TAG = re.compile(r"<(\w+)\s*>([^<]*)</\1\s*>|<(\w+)\s*/>")
_ENCODING = re.compile(rb"""<\?xml[^>]*encoding=["']([\w.-]+)["']""")
_XML_KEYS = {
    "fideid": "id",
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "w_title": "w_title",
    "o_title": "o_title",
    "rating": "rating",
    "games": "games",
    "k": "k",
    "birthday": "born",
    "flag": "flag",
}


def _read_xml(path: Path, name: str, stream: io.BufferedReader, ids: set[bytes]) -> FideList:
    found = FideList(path, "XML", _month(name) or _month(path.name))
    # The ids asked for in one pattern: the scan looks for "<fideid>" and tries them there, in
    # C, instead of making a match of each of the list's 1.5 million ids.
    wanted = re.compile(rb"<fideid>\s*(" + b"|".join(sorted(ids) or [b"(?!)"]) + rb")\s*</fideid>")
    pending = b""
    encoding = "utf-8"
    first = True
    while chunk := stream.read(_CHUNK):
        pending += chunk
        if first:
            declared = _ENCODING.search(pending[:200])
            encoding = declared[1].decode() if declared else "utf-8"
            if b"<player" not in pending[:4096] and len(pending) > 4096:
                raise FideListError(f"{path}: XML, but not FIDE's list of <player> records")
            first = False
        cut = pending.rfind(b"</player>")
        if cut < 0:
            continue
        cut += len(b"</player>")
        block, pending = pending[:cut], pending[cut:]
        _xml_block(found, block, wanted, encoding)
    if pending.strip() and b"<player>" in pending:
        _xml_block(found, pending, wanted, encoding)
    if found.records == 0:
        raise FideListError(f"{path}: XML without a <player> of FIDE's list")
    return found


def _xml_block(found: FideList, block: bytes, wanted: re.Pattern[bytes], encoding: str) -> None:
    seen = found.records
    found.records += block.count(b"<player>")
    for match in wanted.finditer(block):
        start = block.rfind(b"<player", 0, match.start())
        end = block.find(b"</player>", match.end())
        record = block[start:end]
        try:
            text = record.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            text = _decode(record)
        cells: dict[str, str] = {}
        for tag in _TAG.finditer(text):
            key = _XML_KEYS.get(tag[1] or tag[3])
            if key is not None:
                cells[key] = html.unescape(tag[2] or "").strip()
        where = f"player {seen + block.count(b'<player>', 0, start) + 1}"
        _add(found, match[1].decode(), where, cells)


# -- one player -----------------------------------------------------------------------------


def _add(found: FideList, fide_id: str, where: str, cells: dict[str, str]) -> None:
    fide_id = str(int(fide_id))
    place = f"{found.path} {where}"
    name = " ".join(cells.get("name", "").split())
    if not name:
        found.problems.append(f"{place}: FIDE id {fide_id} has no name: left out")
        return
    if fide_id in found.found:
        found.problems.append(f"{place}: FIDE id {fide_id} listed again: the first kept")
        return

    def number(key: str, what: str, low: int, high: int) -> int | None:
        text = cells.get(key, "")
        if not text or not text.strip("0"):
            return None
        if not text.isdigit() or not low <= int(text) <= high:
            found.problems.append(f"{place}: {what} {text!r} of {name} is not one: left out")
            return None
        return int(text)

    federation = cells.get("federation", "").upper() or None
    if federation is not None and not re.fullmatch(r"[A-Z]{3}", federation):
        found.problems.append(f"{place}: federation {federation!r} of {name}: left out")
        federation = None
    sex_text = cells.get("sex", "").lower()
    sex = _SEXES.get(sex_text)
    if sex_text and sex is None:
        found.problems.append(f"{place}: sex {cells['sex']!r} of {name}: left out")
    titles = [_TITLES.get(cells.get(k, "").lower()) for k in ("title", "w_title")]
    held = [t for t in titles if t]
    title = min(held, key=NORM_TITLE_ORDER.index) if held else None
    found.found[fide_id] = Listed(
        fide_id,
        name,
        federation,
        sex,
        title,
        number("rating", "rating", 1000, 3500),
        number("games", "games", 0, 999),
        number("k", "K", 1, 100),
        number("born", "year of birth", 1900, 2100),
        "i" in cells.get("flag", "").lower(),
        where,
    )
