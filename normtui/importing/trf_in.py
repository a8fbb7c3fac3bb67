"""An event started from a FIDE Tournament Report File: ``normtui new DB --from-trf FILE``.

Read: TRF16 and TRF26 as Swiss-Manager, chess-results and normtui write them (columns as in
``normtui/export/trf.py``), in UTF-8 or Latin-1 (a file that is not UTF-8 is read as Latin-1,
as FIDE's own reader does). Taken: the players (pairing numbers, names, sex, titles, ratings,
federations, FIDE ids), the results so far, the round dates (132, or 042 for round 1), the
city, federation and arbiters (022, 032, 102, 112); and, in a TRF26 whose record 162 scores a
main game as the profile does, each Armageddon from record 299 (the +0.5 of its winner; a
drawn one, Black's win, and one lost by forfeit, from the comments normtui writes for them).

Checked before anything is made, round by round, against the Berger tables and the profile:
the number of players and rounds, every opponent and colour, the two players' codes of a game
against each other, 162 against the profile, and (TRF26) every points column against what its
codes and 299 records add up to. The first defect is refused as ``FILE line N: reason``, and no
event file is made.

What is not read: a withdrawal (enter it again with ``normtui withdraw``: a TRF says only that
the games became forfeits), and a 299 record that is not an Armageddon's half point or the
point a due Armageddon holds back.
"""

from __future__ import annotations

import datetime
import re
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

from normtui.rules.berger import berger_schedule
from normtui.rules.model import FIDE_TITLES
from normtui.rules.profile import Profile, load_profile
from normtui.store import EventStore, InputError, PlayerInput
from normtui.text import TextFileError, is_number, read_bytes, refuse_controls

__all__ = ["Planned", "TrfError", "TrfFile", "create_from_trf", "parse_trf", "plan_event",
           "read_trf"]

# Swiss-Manager and FIDE's reader also know titles by one or two letters.
_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM",
           "wc": "WCM"}
# (White's code, Black's code) -> the main result; "?" or blank both: not played yet.
_RESULTS = {("1", "0"): "1-0", ("0", "1"): "0-1", ("=", "="): "1/2-1/2", ("+", "-"): "+/-",
            ("-", "+"): "-/+", ("-", "-"): "-/-"}
_PENDING = {"?", " ", ""}
# The store keeps ratings 0-4000 (schema.py): above that a column was misread.
_MAX_RATING = 4000
# The comment normtui's TRF26 writes for a drawn Armageddon (``normtui.export.trf``; a test
# checks that the two agree: importing does not import the exporters).
DRAWN_ARMAGEDDON = "### Armageddon drawn (Black wins, §2): "
FORFEITED_ARMAGEDDON = "### Armageddon lost by forfeit (a player absent): "
_BYE_CODES = {"Z", "-", " ", "", "U"}
# Record 192's round robins (FIDE's Tournament Type Code Table, TRF26): the cycles, and for a
# double one the order of its rounds (``normtui.rules.berger``): FIDE_DOUBLEROUNDROBIN swaps
# the first cycle's last two rounds, BERGER_DOUBLEROUNDROBIN plays the table twice. The writer
# (``normtui.export.trf``) names an event by the same table; a test keeps them in step.
ROUND_ROBIN_CODES: dict[str, tuple[int, str | None]] = {
    "FIDE_ROUNDROBIN": (1, None), "BERGER_ROUNDROBIN": (1, None),
    "BERGER_ROUNDROBIN_G1": (1, None), "FIDE_DOUBLEROUNDROBIN": (2, "fide"),
    "BERGER_DOUBLEROUNDROBIN": (2, "plain"), "BERGER_ROUNDROBIN_G2": (2, "plain")}
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
    return line[first - 1:last]


def _decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _number(text: str, what: str, trf: TrfFile, line: int, *, blank: int | None = None
            ) -> int:
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


def _date(text: str, trf: TrfFile, line: int, *, short: bool = False) -> str | None:
    text = text.strip()
    if not text:
        return None
    match = re.fullmatch(r"(\d{2}|\d{4})[/.-](\d{2})[/.-](\d{2})", text)
    if match is None:
        raise trf.fail(line, f"date {text!r} is not {'YY/MM/DD' if short else 'YYYY/MM/DD'}")
    year = match[1] if len(match[1]) == 4 else f"20{match[1]}"
    iso = f"{year}-{match[2]}-{match[3]}"
    try:
        datetime.date.fromisoformat(iso)
    except ValueError:
        raise trf.fail(line, f"date {text!r} is not a day of the calendar") from None
    return iso


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
    sex = _col(text, 10, 10).strip().lower() or None
    if sex not in (None, "m", "w"):
        raise trf.fail(line, f"sex {sex!r} of {name}: TRF knows m and w (column 10)")
    raw = _col(text, 11, 13).strip()
    title = _TITLES.get(raw.lower(), raw.upper()) or None
    if title is not None and title not in FIDE_TITLES:
        raise trf.fail(line, f"title {raw!r} of {name} is not a FIDE title (columns 11-13)")
    rating = _number(_col(text, 49, 52), f"rating of {name}", trf, line, blank=0) or None
    if rating is not None and rating > _MAX_RATING:
        raise trf.fail(line, f"rating of {name} {rating} is not a rating (columns 49-52)")
    federation = _col(text, 54, 56).strip().upper() or None
    if federation is not None and not re.fullmatch(r"[A-Z]{2,3}", federation):
        raise trf.fail(line, f"federation {federation!r} of {name} is not a FIDE code")
    fide = _number(_col(text, 58, 68), f"FIDE id of {name}", trf, line, blank=0)
    points = _points(_col(text, 81, 84), f"points of {name}", trf, line)
    blocks: list[Block] = []
    for start in range(92, len(text.rstrip()) + 1, 10):
        chunk = _col(text, start, start + 7).ljust(8)
        if chunk[4] != " " or chunk[6] != " " or _col(text, start + 8, start + 9).strip():
            raise trf.fail(line, f"round {len(blocks) + 1} of {name} is not where TRF puts "
                                 f"it (columns {start}-{start + 7}): {chunk!r}")
        blocks.append(Block(line, _number(chunk[:4], f"round {len(blocks) + 1} opponent of "
                                          f"{name}", trf, line, blank=0),
                            chunk[5].lower(), chunk[7].upper()))
    entry = PlayerInput(name, rating, federation, str(fide) if fide else None, title, sex)
    return TrfPlayer(line, number, entry, points, tuple(blocks))


def parse_trf(text: str, source: str = "TRF") -> TrfFile:
    """Every record normtui uses, checked for its own shape (not yet against an event)."""
    trf = TrfFile(source)
    for line, record in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        tag, value = record[:3], record[4:].strip()
        if record.startswith(DRAWN_ARMAGEDDON):
            match = re.fullmatch(r"round (\d+), (\d+)-(\d+)",
                                 record[len(DRAWN_ARMAGEDDON):].strip())
            if match is None:
                raise trf.fail(line, "a drawn Armageddon is named as 'round R, W-B'")
            trf.drawn.add((int(match[1]), int(match[2]), int(match[3])))
        if record.startswith(FORFEITED_ARMAGEDDON):
            match = re.fullmatch(r"round (\d+), (\d+)-(\d+) (\+/-|-/\+|-/-)",
                                 record[len(FORFEITED_ARMAGEDDON):].strip())
            if match is None:
                raise trf.fail(line, "a forfeited Armageddon is named as 'round R, W-B' and "
                                     "+/-, -/+ or -/-")
            trf.forfeited[(int(match[1]), int(match[2]), int(match[3]))] = match[4]
        if not record.strip() or tag == "###":
            continue
        if len(record) > 3 and record[3] != " ":
            raise trf.fail(line, f"{record[:12]!r} is not a TRF record (a 3-character code "
                                 "and a space)")
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
            trf.dates.setdefault(1, _date(value, trf, line) or "")
        elif tag == "132":
            for start in range(92, len(record.rstrip()) + 1, 10):
                when = _date(_col(record, start, start + 7), trf, line, short=True)
                if when:
                    trf.dates[(start - 92) // 10 + 1] = when
        elif tag == "142":
            trf.rounds = _number(value, "number of rounds", trf, line)
        elif tag == "192":
            trf.type_code = value.upper()
        elif tag == "162":
            trf.scoring_line = line
            for at in range(6, len(record.rstrip()) + 1, 9):
                score = _points(_col(record, at + 1, at + 4), f"162 {_col(record, at, at)}",
                                trf, line)
                if score is not None:
                    trf.scoring[_col(record, at, at).upper()] = score
        elif tag == "299":
            trf.adjustments.append(_adjustment(record, line, trf))
    if not trf.players:
        raise TrfError(f"{source}: no player (001) records: not a tournament report file")
    names: dict[str, int] = {}
    for p in trf.players:
        # Players are found by name, case aside (the store keeps names unique so).
        first = names.setdefault(p.entry.name.casefold(), p.line)
        if first != p.line:
            raise trf.fail(p.line, f"{p.entry.name} is listed twice (also line {first})")
    return trf


def _adjustment(record: str, line: int, trf: TrfFile) -> tuple[int, Decimal, int,
                                                                tuple[int, ...]]:
    points = _points(_col(record, 14, 17), "299 points", trf, line)
    rnd = _number(_col(record, 20, 22), "299 round", trf, line, blank=0)
    ids = tuple(_number(_col(record, at, at + 3), "299 pairing number", trf, line)
                for at in range(24, len(record.rstrip()) + 1, 5))
    if points is None or not ids or rnd == 0:
        raise trf.fail(line, "normtui reads a 299 record only for given players in a given "
                             "round (columns 14-17 points, 20-22 round, 24- numbers)")
    return line, points, rnd, ids


@dataclass(frozen=True)
class Planned:
    """An event to make: players in pairing order, results by round, details, dates."""

    players: tuple[PlayerInput, ...]
    # (round, White, Black, main result, Armageddon result or None)
    results: tuple[tuple[int, int, int, str, str | None], ...]
    dates: dict[int, str]
    details: dict[str, str | list[str]]


def plan_event(trf: TrfFile, profile: Profile) -> Planned:
    """The event the file describes, checked against the profile and the Berger tables."""
    players = sorted(trf.players, key=lambda p: p.number)
    n = profile.event.players
    first = players[0].line if players else 0
    if [p.number for p in players] != list(range(1, len(players) + 1)):
        seen: set[int] = set()
        for p in trf.players:
            if p.number in seen or not 1 <= p.number <= len(players):
                raise trf.fail(p.line, f"pairing number {p.number} is "
                                       f"{'listed twice' if p.number in seen else 'outside'} "
                                       f"1..{len(players)}")
            seen.add(p.number)
    if len(players) != n:
        raise trf.fail(first, f"{len(players)} players in the file, but the profile's event "
                              f"is for {n} (give the right --profile)")
    schedule = berger_schedule(n, profile.event.cycles,
                               second_cycle=profile.event.second_cycle)
    if trf.rounds is not None and trf.rounds != len(schedule):
        raise TrfError(f"{trf.source}: record 142 says {trf.rounds} rounds, the profile "
                       f"{len(schedule)}")
    _check_type_code(trf, profile)
    for p in players:
        if len(p.rounds) > len(schedule):
            raise trf.fail(p.line, f"{p.entry.name} has {len(p.rounds)} rounds; the event has "
                                   f"{len(schedule)}")
    armageddons = _check_scoring(trf, profile)
    by_number = {p.number: p for p in players}
    bonus = profile.points.draw_armageddon_win - profile.points.draw_armageddon_loss
    adjust = _adjustments(trf)
    results = []
    for rnd, pairings in enumerate(schedule, start=1):
        for pairing in pairings:
            if pairing.black is None:
                _check_bye(trf, by_number[pairing.white], rnd)
                continue
            white, black = by_number[pairing.white], by_number[pairing.black]
            result = _game(trf, white, black, rnd)
            if result is None:
                continue
            armageddon = None
            if result == "1/2-1/2" and armageddons:
                armageddon = _armageddon(trf, adjust, rnd, white, black, bonus, profile)
            results.append((rnd, white.number, black.number, result, armageddon))
    leftover = [(line, pts, rnd, number) for (rnd, number), items in adjust.items()
                for line, pts in items]
    if leftover:
        line, pts, rnd, number = min(leftover)
        raise trf.fail(line, f"299: {pts} for player {number} in round {rnd} is not an "
                             "Armageddon's half point; normtui does not read other 299 "
                             "records (a withdrawal is entered again with normtui withdraw)")
    if trf.scoring:
        _check_points(trf, players)
    return Planned(tuple(p.entry for p in players), tuple(results), dict(trf.dates),
                   trf.details)


def _check_type_code(trf: TrfFile, profile: Profile) -> None:
    """Record 192 against the profile's event: a round robin of as many cycles, a double one
    in the same order of rounds."""
    code = trf.type_code
    if not code or code == CUSTOM_ROUND_ROBIN:
        return
    ev = profile.event
    wanted = (f"a {'single' if ev.cycles == 1 else 'double'} round robin"
              + (f", second cycle in the {ev.second_cycle} order" if ev.cycles == 2 else ""))
    known = ROUND_ROBIN_CODES.get(code)
    if known is None:
        raise TrfError(f"{trf.source}: record 192 is {code}, not a round robin; the profile's "
                       f"event is {wanted}")
    cycles, order = known
    if cycles != ev.cycles or (order is not None and order != ev.second_cycle):
        raise TrfError(f"{trf.source}: record 192 is {code}; the profile's event is {wanted} "
                       "(give the right --profile)")


_FIDE_DEFAULT = {"W": Decimal(1), "D": Decimal("0.5"), "L": Decimal(0), "A": Decimal(0)}


def _check_scoring(trf: TrfFile, profile: Profile) -> bool:
    """Whether the file's 299 records tell the Armageddons: its 162 scores a main game as the
    profile does. A file in FIDE's default scoring (no 162, or 1 / ½ / 0) is a classical
    report: its draws wait for their Armageddon."""
    pts = profile.points
    want = {"W": pts.win, "D": pts.draw_armageddon_loss, "L": pts.loss, "A": pts.forfeit_loss}
    given = {code: trf.scoring.get(code, default) for code, default in _FIDE_DEFAULT.items()}
    if not trf.scoring or given == _FIDE_DEFAULT:
        return False
    for code, value in given.items():
        if want[code] != value:
            raise trf.fail(trf.scoring_line, f"162 scores {code} {value}, the profile "
                                             f"{want[code]} (give the right --profile)")
    return True


def _block(player: TrfPlayer, rnd: int) -> Block:
    if rnd <= len(player.rounds):
        return player.rounds[rnd - 1]
    return Block(player.line, 0, " ", " ")


def _check_bye(trf: TrfFile, player: TrfPlayer, rnd: int) -> None:
    b = _block(player, rnd)
    if b.opponent != 0 or b.colour not in ("-", " ") or b.code not in _BYE_CODES:
        raise trf.fail(b.line, f"round {rnd}: {player.entry.name} has the bye in the Berger "
                               f"tables, the file says opponent {b.opponent}, colour "
                               f"{b.colour!r}, code {b.code!r}")


def _game(trf: TrfFile, white: TrfPlayer, black: TrfPlayer, rnd: int) -> str | None:
    w, b = _block(white, rnd), _block(black, rnd)
    names = f"{white.entry.name} - {black.entry.name}"
    if w.code in _PENDING and b.code in _PENDING:
        for p, blk, other, colour in ((white, w, black, "w"), (black, b, white, "b")):
            if blk.opponent not in (0, other.number) or blk.colour not in (colour, " ", "-"):
                raise trf.fail(blk.line, f"round {rnd}: {p.entry.name} plays {other.number} "
                                         f"with {'White' if colour == 'w' else 'Black'} in "
                                         f"the Berger tables, the file says {blk.opponent}")
        return None
    for p, blk, other, colour in ((white, w, black, "w"), (black, b, white, "b")):
        if blk.opponent != other.number or blk.colour != colour:
            said = (f"opponent {blk.opponent}, colour {blk.colour!r}" if blk.opponent
                    else "no game")
            raise trf.fail(blk.line, f"round {rnd}: the Berger tables pair {names} (number "
                                     f"{white.number} with White), the file says {said} for "
                                     f"{p.entry.name}")
    result = _RESULTS.get((w.code, b.code))
    if result is None:
        line = w.line if (w.code, b.code) != ("", "") else b.line
        raise trf.fail(line, f"round {rnd}: {names} has the codes {w.code!r} and {b.code!r}, "
                             "which are not one result (1/0, =/=, +/-, -/+, -/-)")
    return result


def _adjustments(trf: TrfFile) -> dict[tuple[int, int], list[tuple[int, Decimal]]]:
    out: dict[tuple[int, int], list[tuple[int, Decimal]]] = defaultdict(list)
    for line, points, rnd, ids in trf.adjustments:
        for number in ids:
            out[(rnd, number)].append((line, points))
    return out


def _armageddon(trf: TrfFile, adjust: dict[tuple[int, int], list[tuple[int, Decimal]]],
                rnd: int, white: TrfPlayer, black: TrfPlayer, bonus: Decimal,
                profile: Profile) -> str | None:
    """The Armageddon of a drawn game, from its winner's +0.5; a draw whose Armageddon is due
    has its point held back from both instead (-1.0 each), and stays due."""
    held = -profile.points.draw_armageddon_loss
    found: dict[int, Decimal] = {}
    for p in (white, black):
        items = adjust.pop((rnd, p.number), [])
        if len(items) > 1:
            raise trf.fail(items[1][0], f"299: two adjustments for player {p.number} in "
                                        f"round {rnd}")
        if items:
            found[p.number] = items[0][1]
    code = trf.forfeited.get((rnd, white.number, black.number))
    if code is not None:
        return _forfeited(trf, code, found, white, black, profile)
    if not found:
        raise trf.fail(white.line, f"round {rnd}: {white.entry.name} - {black.entry.name} is "
                                   "drawn, and no 299 record says who won the Armageddon "
                                   f"(+{bonus} to its winner) or that it is due")
    if found == {white.number: held, black.number: held}:
        return None
    winners = [n for n, v in found.items() if v == bonus]
    if len(found) != 1 or not winners:
        raise trf.fail(white.line, f"round {rnd}: the 299 records of {white.entry.name} - "
                             f"{black.entry.name} ({found}) are neither one Armageddon winner "
                             f"(+{bonus}) nor a due Armageddon ({held} each)")
    if winners[0] == black.number and (rnd, white.number, black.number) in trf.drawn:
        return "1/2-1/2"  # Black's win on draw odds (§2), as normtui's TRF26 names it
    return "1-0" if winners[0] == white.number else "0-1"


def _forfeited(trf: TrfFile, code: str, found: dict[int, Decimal], white: TrfPlayer,
               black: TrfPlayer, profile: Profile) -> str:
    """An Armageddon the file names as lost by forfeit: its 299 records must be what the
    profile scores for it beyond the draw's point (none at all when that is nothing)."""
    high, low = profile.points.armageddon_forfeit
    win, loss = (v - profile.points.draw_armageddon_loss for v in (high, low))
    scores = {"+/-": (win, loss), "-/+": (loss, win), "-/-": (loss, loss)}[code]
    want = {n: v for n, v in zip((white.number, black.number), scores, strict=True) if v}
    if found != want:
        raise trf.fail(white.line, f"{white.entry.name} - {black.entry.name}: the Armageddon "
                                   f"is named lost by forfeit ({code}), but its 299 records "
                                   f"({found or 'none'}) are not the {want or 'none'} the "
                                   "profile scores for it")
    return code


def _check_points(trf: TrfFile, players: list[TrfPlayer]) -> None:
    """A TRF26's points column is what its codes by 162 and its 299 records add up to."""
    s = {"W": Decimal(1), "D": Decimal("0.5"), "L": Decimal(0), "A": Decimal(0), **trf.scoring}
    value = {"1": s["W"], "+": s["W"], "=": s["D"], "0": s["L"], "-": s["A"], "Z": s["A"],
             " ": s["A"], "U": s.get("P", s["W"]), "?": s.get("X", s["D"])}
    extra: dict[int, Decimal] = defaultdict(Decimal)
    for _, points, _, ids in trf.adjustments:
        for number in ids:
            extra[number] += points
    for p in players:
        total = sum((value.get(b.code, Decimal(0)) for b in p.rounds), Decimal(0))
        total += extra[p.number]
        if p.points is not None and p.points != total:
            raise trf.fail(p.line, f"{p.entry.name} has {p.points} points, but the results "
                                   f"and 299 records add up to {total}")


def read_trf(source: Path) -> TrfFile:
    """The file at ``source``, parsed (UTF-8, else Latin-1)."""
    try:
        # A TRF of 1,000 players over 20 rounds is about 300 KB; a device (/dev/zero) or a
        # disk image is refused at 16 MB, not read until memory runs out (issue 18).
        data = read_bytes(source, limit=16 << 20, what="TRF file")
    except TextFileError as exc:
        raise TrfError(str(exc)) from None
    if b"\x00" in data:
        raise TrfError(f"TRF file {source} holds binary data, not text")
    return parse_trf(_decode(data), str(source))


def create_from_trf(path: Path, trf: TrfFile | Path, profile_text: str, *,
                    actor: str | None = None) -> EventStore:
    """Check ``trf`` against the profile, then make the event at ``path`` with its results,
    all of it before the file is at its name: a failure (or a kill) part-way leaves no file
    (``EventStore.create``'s promise)."""
    if isinstance(trf, Path):
        trf = read_trf(trf)
    planned = plan_event(trf, load_profile(profile_text))

    def results(store: EventStore) -> None:
        for rnd, date in sorted(planned.dates.items()):
            if rnd <= store.event.rounds:
                store.set_round_schedule(rnd, date=date, start_time=None)
        if planned.details:
            store.set_report_details(planned.details)
        for rnd, white, black, result, armageddon in planned.results:
            store.enter_result(rnd, white, black, result, armageddon=armageddon)

    return EventStore.create(path, planned.players, profile_text, actor=actor, then=results)
