"""Reading a FIDE Tournament Report File (TRF16, TRF26) into its records, as FIDE's own reader
(the TieBreakServer's ``trf2json``) reads them: lines split at CR, LF or CRLF; the ruler lines
Swiss-Manager and FIDE's texts print above the players (``         1         2``,
``1234567890``, ``DDD SSSS sTTT NNNN``), ``###`` comments, blank lines and records normtui does
not use (JaVaFo's ``XXC``) are skipped; sex ``f`` is ``w``; dates in every form real files
carry. A date that is none of them, or a sex that is neither, is a warning: the players and
results matter more. Whether the file is a round robin at all is ``trf_kind``'s question.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

from normtui.rules.model import FIDE_TITLES, TITLE_CODES
from normtui.store import InputError, PlayerInput
from normtui.text import TextFileError, is_number, read_bytes, refuse_controls

__all__ = [
    "CUSTOM_ROUND_ROBIN",
    "DRAWN_ARMAGEDDON",
    "FORFEITED_ARMAGEDDON",
    "ROUND_ROBIN_CODES",
    "Block",
    "TrfError",
    "TrfFile",
    "TrfPlayer",
    "parse_trf",
    "read_trf",
]

# Swiss-Manager and FIDE's reader also know titles by one or two letters.
_TITLES = TITLE_CODES
# The store keeps ratings 0-4000 (schema.py): above that a column was misread.
_MAX_RATING = 4000
# The comment normtui's TRF26 writes for a drawn Armageddon (``normtui.export.trf``; a test
# checks that the two agree: importing does not import the exporters).
DRAWN_ARMAGEDDON = "### Armageddon drawn (Black wins, §2): "
FORFEITED_ARMAGEDDON = "### Armageddon lost by forfeit (a player absent): "
# Record 192's round robins (FIDE's Tournament Type Code Table, TRF26): the cycles, and for a
# double one the order of its rounds (``normtui.rules.berger``): FIDE_DOUBLEROUNDROBIN swaps
# the first cycle's last two rounds, BERGER_DOUBLEROUNDROBIN plays the table twice. The writer
# (``normtui.export.trf``) names an event by the same table; a test keeps them in step.
ROUND_ROBIN_CODES: dict[str, tuple[int, str | None]] = {
    "FIDE_ROUNDROBIN": (1, None),
    "BERGER_ROUNDROBIN": (1, None),
    "BERGER_ROUNDROBIN_G1": (1, None),
    "FIDE_DOUBLEROUNDROBIN": (2, "fide"),
    "BERGER_DOUBLEROUNDROBIN": (2, "plain"),
    "BERGER_ROUNDROBIN_G2": (2, "plain"),
}
# A round robin of the event's own order (2020's mirror): the rounds themselves are checked.
CUSTOM_ROUND_ROBIN = "CUSTOM_ROUNDROBIN"


class TrfError(InputError):
    """A TRF normtui will not start an event from; names the file, the line and why."""


@dataclass(frozen=True)
class Block:
    line: int
    opponent: int
    colour: str
    code: str


@dataclass(frozen=True)
class TrfPlayer:
    line: int
    number: int
    entry: PlayerInput
    points: Decimal | None
    rounds: tuple[Block, ...]


@dataclass
class TrfFile:
    source: str
    name: str | None = None
    details: dict[str, str | list[str]] = field(default_factory=dict)
    dates: dict[int, str] = field(default_factory=dict)
    rounds: int | None = None  # record 142
    type_code: str | None = None  # record 192
    scoring: dict[str, Decimal] = field(default_factory=dict)  # record 162
    scoring_line: int = 0
    players: list[TrfPlayer] = field(default_factory=list)
    # (round, White, Black) of each Armageddon normtui's own TRF26 names as drawn
    drawn: set[tuple[int, int, int]] = field(default_factory=set)
    # (round, White, Black) -> "+/-", "-/+" or "-/-": each Armageddon it names as forfeited
    forfeited: dict[tuple[int, int, int], str] = field(default_factory=dict)
    # (line, points, round, pairing numbers) of each 299 record
    adjustments: list[tuple[int, Decimal, int, tuple[int, ...]]] = field(default_factory=list)
    kind: str | None = None  # record 092, the type of tournament in words
    teams: int = 0  # line of the first team record (013, 310), 0 for none
    warnings: list[str] = field(default_factory=list)

    def warn(self, line: int, why: str) -> None:
        self.warnings.append(f"{self.source} line {line}: {why}")

    def fail(self, line: int, why: str) -> TrfError:
        return TrfError(f"{self.source} line {line}: {why}")

    @property
    def cycles(self) -> int | None:
        """A double round robin by its record 192, else by its rounds (142, or the longest
        line) against the players; ``None`` when the file does not say."""
        if self.type_code in ROUND_ROBIN_CODES:
            return ROUND_ROBIN_CODES[self.type_code][0]
        n = len(self.players)
        per_cycle = n - 1 if n % 2 == 0 else n
        rounds = self.rounds or max((len(p.rounds) for p in self.players), default=0)
        return 2 if per_cycle and rounds > per_cycle else None


def _col(line: str, first: int, last: int) -> str:
    return line[first - 1 : last]


def _decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _number(text: str, what: str, trf: TrfFile, line: int, *, blank: int | None = None) -> int:
    text = text.strip()
    if not text and blank is not None:
        return blank
    if not is_number(text):  # ASCII digits: "²" passes isdigit and then fails int()
        raise trf.fail(line, f"{what} {text!r} is not a number")
    return int(text)


def _points(text: str, what: str, trf: TrfFile, line: int) -> Decimal | None:
    text = text.strip().replace(",", ".")
    if not text:
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise trf.fail(line, f"{what} {text!r} is not a number of points") from None
    if not value.is_finite() or value * 2 != (value * 2).to_integral_value():
        raise trf.fail(line, f"{what} {text!r} is not a number of points")
    return value


# The forms real files carry: FIDE's yyyy/mm/dd, Swiss-Manager's dd.mm.yyyy, ISO's yyyy-mm-dd,
# dd/mm/yyyy, and the two-digit years of record 132 (yy/mm/dd, read as 20yy, as FIDE's reader
# does). A day, month and year of zeros is no date.
_DATE_FORMS = (
    (re.compile(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})"), (1, 2, 3)),
    (re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})"), (3, 2, 1)),
    (re.compile(r"(\d{2})[/.-](\d{2})[/.-](\d{2})"), (1, 2, 3)),
)


def _date(text: str, trf: TrfFile, line: int) -> str | None:
    """The day ``text`` names, ISO; ``None`` for none (a warning unless blank or zeros)."""
    text = text.strip()
    if not text or not text.strip("0/.- "):
        return None
    for form, (y, m, d) in _DATE_FORMS:
        match = form.fullmatch(text)
        if match is None:
            continue
        year = match[y] if len(match[y]) == 4 else f"20{match[y]}"
        try:
            return datetime.date(int(year), int(match[m]), int(match[d])).isoformat()
        except ValueError:
            break
    trf.warn(
        line,
        f"date {text!r} is not a day normtui reads (yyyy/mm/dd, dd.mm.yyyy, "
        "yyyy-mm-dd, dd/mm/yyyy, yy/mm/dd): left out",
    )
    return None


def _birth_year(text: str, name: str, trf: TrfFile, line: int) -> int | None:
    """The year of a birth date (columns 70-79): a whole date in any of the forms above, a
    year with its month and day unknown (``1990/00/00``, as normtui writes it) or a year
    alone; zeros or blank are none, anything else a warning."""
    text = text.strip()
    if not text or not text.strip("0/.- "):
        return None
    year = re.fullmatch(r"(\d{4})(?:[/.-]00[/.-]00)?|(?:00[/.-]00[/.-])(\d{4})", text)
    found = (year[1] or year[2]) if year else None
    if found is None and (day := _date(text, trf, line)) is not None:
        found = day[:4]
    if found is None:
        return None
    if not 1900 <= int(found) <= 2100:
        trf.warn(line, f"birth year {found} of {name} is not a year of birth: left out")
        return None
    return int(found)


# FIDE's examples write a woman's sex as f.
_SEXES: dict[str, str | None] = {"": None, "m": "m", "w": "w", "f": "w"}


def _printable(text: str, what: str, trf: TrfFile, line: int) -> None:
    # A name or a detail the event would keep: what a terminal obeys is refused, with its line.
    try:
        refuse_controls(text, what)
    except ValueError as exc:
        raise trf.fail(line, str(exc)) from None


def _player(text: str, line: int, trf: TrfFile) -> TrfPlayer:
    number = _number(_col(text, 5, 8), "pairing number", trf, line)
    name = " ".join(_col(text, 15, 47).split())
    _printable(_col(text, 15, 47).strip(), f"the name of player {number}", trf, line)
    if not name:
        raise trf.fail(line, f"player {number} has no name (columns 15-47)")
    sex = _SEXES.get(_col(text, 10, 10).strip().lower(), "?")
    if sex == "?":
        trf.warn(
            line, f"sex {_col(text, 10, 10)!r} of {name} is not m, w or f (column 10): left out"
        )
        sex = None
    raw = _col(text, 11, 13).strip()
    title = _TITLES.get(raw.lower(), raw.upper()) or None
    if title is not None and title not in FIDE_TITLES:
        trf.warn(line, f"title {raw!r} of {name} is not a FIDE title (columns 11-13): left out")
        title = None
    rating = _number(_col(text, 49, 52), f"rating of {name}", trf, line, blank=0) or None
    if rating is not None and rating > _MAX_RATING:
        raise trf.fail(line, f"rating of {name} {rating} is not a rating (columns 49-52)")
    federation = _col(text, 54, 56).strip().upper() or None
    if federation is not None and not re.fullmatch(r"[A-Z]{2,3}", federation):
        trf.warn(
            line,
            f"federation {federation!r} of {name} is not a FIDE code (columns 54-56): left out",
        )
        federation = None
    fide = _number(_col(text, 58, 68), f"FIDE id of {name}", trf, line, blank=0)
    born = _birth_year(_col(text, 70, 79), name, trf, line)
    points = _points(_col(text, 81, 84), f"points of {name}", trf, line)
    blocks: list[Block] = []
    for start in range(92, len(text.rstrip()) + 1, 10):
        chunk = _col(text, start, start + 7).ljust(8)
        if chunk[4] != " " or chunk[6] != " " or _col(text, start + 8, start + 9).strip():
            raise trf.fail(
                line,
                f"round {len(blocks) + 1} of {name} is not where TRF puts "
                f"it (columns {start}-{start + 7}): {chunk!r}",
            )
        blocks.append(
            Block(
                line,
                _number(
                    chunk[:4], f"round {len(blocks) + 1} opponent of {name}", trf, line, blank=0
                ),
                chunk[5].lower(),
                chunk[7].upper(),
            )
        )
    entry = PlayerInput(
        name, rating, federation, str(fide) if fide else None, title, sex, birth_year=born
    )
    return TrfPlayer(line, number, entry, points, tuple(blocks))


# The column rulers above the players: "         1         2", "1234567890123...".
_RULER = re.compile(r"\s+\d[\d ]*|0?123456789\d*")


def parse_trf(text: str, source: str = "TRF") -> TrfFile:
    """Every record normtui uses, checked for its own shape (not yet against an event)."""
    trf = TrfFile(source)
    started = None  # record 042, the first day
    for line, record in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        tag, value = record[:3], record[4:].strip()
        if record.startswith(DRAWN_ARMAGEDDON):
            match = re.fullmatch(
                r"round (\d+), (\d+)-(\d+)", record[len(DRAWN_ARMAGEDDON) :].strip()
            )
            if match is None:
                raise trf.fail(line, "a drawn Armageddon is named as 'round R, W-B'")
            trf.drawn.add((int(match[1]), int(match[2]), int(match[3])))
        if record.startswith(FORFEITED_ARMAGEDDON):
            match = re.fullmatch(
                r"round (\d+), (\d+)-(\d+) (\+/-|-/\+|-/-)",
                record[len(FORFEITED_ARMAGEDDON) :].strip(),
            )
            if match is None:
                raise trf.fail(
                    line, "a forfeited Armageddon is named as 'round R, W-B' and +/-, -/+ or -/-"
                )
            trf.forfeited[(int(match[1]), int(match[2]), int(match[3]))] = match[4]
        if not record.strip() or tag == "###" or _RULER.fullmatch(record.rstrip()):
            continue
        if not is_number(tag):
            # FIDE's reader passes over what is no record of its own: the legend line
            # (DDD SSSS ...), JaVaFo's and bbpPairings' XXC; their XXR is the rounds.
            if tag.upper() == "XXR" and is_number(value) and trf.rounds is None:
                trf.rounds = int(value)
            continue
        if len(record) > 3 and record[3] != " ":
            raise trf.fail(
                line, f"{record[:12]!r} is not a TRF record (a 3-character code and a space)"
            )
        if tag in ("012", "022", "032", "102", "112"):
            _printable(value, f"record {tag}", trf, line)
        if tag == "001":
            trf.players.append(_player(record, line, trf))
        elif tag == "012":
            trf.name = value or None
        elif tag in ("022", "032", "102"):
            key = {"022": "city", "032": "federation", "102": "chief_arbiter"}[tag]
            if value:
                trf.details[key] = value.upper() if tag == "032" else value
        elif tag == "112" and value:
            deputies = trf.details.setdefault("deputy_arbiters", [])
            assert isinstance(deputies, list)
            deputies.append(value)
        elif tag == "042" and value:
            started = _date(value, trf, line)
        elif tag == "132":
            for start in range(92, len(record.rstrip()) + 1, 10):
                when = _date(_col(record, start, start + 7), trf, line)
                if when:
                    trf.dates[(start - 92) // 10 + 1] = when
        elif tag == "142":
            trf.rounds = _number(value, "number of rounds", trf, line)
        elif tag == "092":
            trf.kind = value or None
        elif tag in ("013", "310"):
            trf.teams = trf.teams or line
        elif tag == "192":
            trf.type_code = value.upper()
        elif tag == "162":
            trf.scoring_line = line
            for at in range(6, len(record.rstrip()) + 1, 9):
                score = _points(
                    _col(record, at + 1, at + 4), f"162 {_col(record, at, at)}", trf, line
                )
                if score is not None:
                    trf.scoring[_col(record, at, at).upper()] = score
        elif tag == "299":
            trf.adjustments.append(_adjustment(record, line, trf))
    if not trf.players:
        raise TrfError(f"{source}: no player (001) records: not a tournament report file")
    if started and 1 not in trf.dates and all(started < d for d in trf.dates.values()):
        # The first day is round 1's where record 132 does not date it, unless a later round
        # was played that day: then it is that round's (round 1 was never dated).
        trf.dates[1] = started
    names: dict[str, int] = {}
    for p in trf.players:
        # Players are found by name, case aside (the store keeps names unique so).
        first = names.setdefault(p.entry.name.casefold(), p.line)
        if first != p.line:
            raise trf.fail(p.line, f"{p.entry.name} is listed twice (also line {first})")
    return trf


def _adjustment(record: str, line: int, trf: TrfFile) -> tuple[int, Decimal, int, tuple[int, ...]]:
    points = _points(_col(record, 14, 17), "299 points", trf, line)
    rnd = _number(_col(record, 20, 22), "299 round", trf, line, blank=0)
    ids = tuple(
        _number(_col(record, at, at + 3), "299 pairing number", trf, line)
        for at in range(24, len(record.rstrip()) + 1, 5)
    )
    if points is None or not ids or rnd == 0:
        raise trf.fail(
            line,
            "normtui reads a 299 record only for given players in a given "
            "round (columns 14-17 points, 20-22 round, 24- numbers)",
        )
    return line, points, rnd, ids


def read_trf(source: Path) -> TrfFile:
    """The file at ``source``, parsed (UTF-8, else Latin-1)."""
    try:
        # A TRF of 1,000 players over 20 rounds is about 300 KB; a disk image is refused at
        # 16 MB, not read until memory runs out; a device or a FIFO is not read at all.
        data = read_bytes(source, limit=16 << 20, what="TRF file")
    except TextFileError as exc:
        raise TrfError(str(exc)) from None
    if b"\x00" in data:
        raise TrfError(f"TRF file {source} holds binary data, not text")
    return parse_trf(_decode(data), str(source))
