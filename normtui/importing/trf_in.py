"""An event started from a FIDE Tournament Report File: ``normtui new DB --from-trf FILE``.

Read (``trf_read``): TRF16 and TRF26 as Swiss-Manager, chess-results, FIDE and normtui write
them (columns as in ``normtui/export/trf.py``), in UTF-8 or Latin-1, ruler lines and all. A
Swiss or a team event is refused as such (``trf_kind``). Taken: the players (pairing numbers,
names, sex, titles, ratings, federations, FIDE ids), the results so far, the round dates
(132, or 042 for an undated round 1 before them; a round the file does not date has none),
the city, federation and arbiters (022, 032, 102, 112); and, in a TRF26 whose record 162
scores a main game as the profile does, each Armageddon from record 299 (the +0.5 of its
winner; a drawn one, Black's win, and one lost by forfeit, from the comments normtui writes
for them).

Checked before anything is made, round by round, against the profile: the number of players
and rounds, every opponent and colour from both players' lines, the two players' codes of a
game against each other, 162 against the profile, and (TRF26) every points column against what
its codes and 299 records add up to. The first defect is refused as ``FILE line N: reason``, and no
event file is made. The pairings are taken as played; the rounds still to play follow the
Berger tables, renumbered where the file's rounds were paired under other numbers
(``normtui.rules.berger_fit``).

What is not read: a withdrawal (enter it again with ``normtui withdraw``: a TRF says only that
the games became forfeits), and a 299 record that is not an Armageddon's half point or the
point a due Armageddon holds back.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from normtui.importing.trf_kind import check_round_robin
from normtui.importing.trf_read import (
    CUSTOM_ROUND_ROBIN,
    DRAWN_ARMAGEDDON,
    FORFEITED_ARMAGEDDON,
    ROUND_ROBIN_CODES,
    Block,
    TrfError,
    TrfFile,
    TrfPlayer,
    parse_trf,
)
from normtui.importing.trf_read import read_trf as _read
from normtui.rules.berger import Pairing, rounds_per_cycle
from normtui.rules.berger_fit import first_unfit_round, fit_berger
from normtui.rules.profile import Profile, load_profile
from normtui.store import EventStore, PlayerInput

__all__ = [
    "CUSTOM_ROUND_ROBIN",
    "DRAWN_ARMAGEDDON",
    "FORFEITED_ARMAGEDDON",
    "ROUND_ROBIN_CODES",
    "Planned",
    "TrfError",
    "TrfFile",
    "create_from_trf",
    "parse_trf",
    "plan_event",
    "read_trf",
]

# (White's code, Black's code) -> the main result; "?" or blank both: not played yet.
_RESULTS = {
    ("1", "0"): "1-0",
    ("0", "1"): "0-1",
    ("=", "="): "1/2-1/2",
    ("+", "-"): "+/-",
    ("-", "+"): "-/+",
    ("-", "-"): "-/-",
}
_PENDING = {"?", " ", ""}
_BYE_CODES = {"Z", "-", " ", "", "U"}


@dataclass(frozen=True)
class Planned:
    """An event to make: players in pairing order, every round's pairings, results by round,
    details, dates."""

    players: tuple[PlayerInput, ...]
    schedule: tuple[tuple[Pairing, ...], ...]
    # (round, White, Black, main result, Armageddon result or None)
    results: tuple[tuple[int, int, int, str, str | None], ...]
    dates: dict[int, str]
    details: dict[str, str | list[str]]


def plan_event(trf: TrfFile, profile: Profile) -> Planned:
    """The event the file describes, checked against the profile: its pairings as played, and
    for the rounds it has not reached the Berger tables (under the players' own numbers where
    the file agrees with them, else under a renumbering that agrees with every round played:
    ``normtui.rules.berger_fit``)."""
    players = sorted(trf.players, key=lambda p: p.number)
    n = profile.event.players
    first = players[0].line if players else 0
    if [p.number for p in players] != list(range(1, len(players) + 1)):
        seen: set[int] = set()
        for p in trf.players:
            if p.number in seen or not 1 <= p.number <= len(players):
                raise trf.fail(
                    p.line,
                    f"pairing number {p.number} is "
                    f"{'listed twice' if p.number in seen else 'outside'} "
                    f"1..{len(players)}",
                )
            seen.add(p.number)
    if len(players) != n:
        raise trf.fail(
            first,
            f"{len(players)} players in the file, but the profile's event "
            f"is for {n} (give the right --profile)",
        )
    total = rounds_per_cycle(n) * profile.event.cycles
    if trf.rounds is not None and trf.rounds != total:
        raise TrfError(f"{trf.source}: record 142 says {trf.rounds} rounds, the profile {total}")
    _check_type_code(trf, profile)
    for p in players:
        if len(p.rounds) > total:
            raise trf.fail(
                p.line, f"{p.entry.name} has {len(p.rounds)} rounds; the event has {total}"
            )
    armageddons = _check_scoring(trf, profile)
    by_number = {p.number: p for p in players}
    schedule = _schedule(trf, by_number, profile, total)
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
    leftover = [
        (line, pts, rnd, number) for (rnd, number), items in adjust.items() for line, pts in items
    ]
    if leftover:
        line, pts, rnd, number = min(leftover)
        raise trf.fail(
            line,
            f"299: {pts} for player {number} in round {rnd} is not an "
            "Armageddon's half point; normtui does not read other 299 "
            "records (a withdrawal is entered again with normtui withdraw)",
        )
    if trf.scoring:
        _check_points(trf, players)
    return Planned(
        tuple(p.entry for p in players),
        tuple(tuple(r) for r in schedule),
        tuple(results),
        dict(trf.dates),
        trf.details,
    )


def _played(
    trf: TrfFile, by_number: dict[int, TrfPlayer], total: int
) -> dict[int, set[tuple[int, int, bool]]]:
    """Each round's pairings as the file gives them, (White, Black, True), a bye as the
    player against the number after the last; each checked from both players' lines."""
    n = len(by_number)
    played: dict[int, set[tuple[int, int, bool]]] = defaultdict(set)
    for rnd in range(1, total + 1):
        for p in by_number.values():
            b = _block(p, rnd)
            if b.opponent == 0:
                continue
            other = by_number.get(b.opponent)
            if other is None or other is p or b.colour not in ("w", "b"):
                why = (
                    f"opponent {b.opponent} is no player of the file"
                    if other is None
                    else "plays against themself"
                    if other is p
                    else f"colour {b.colour!r} is neither w nor b"
                )
                raise trf.fail(b.line, f"round {rnd}: {p.entry.name}'s {why}")
            back = _block(other, rnd)
            if back.opponent != p.number or back.colour == b.colour:
                colour = "White" if b.colour == "w" else "Black"
                raise trf.fail(
                    b.line,
                    f"round {rnd}: {p.entry.name} plays {other.entry.name} "
                    f"with {colour}, but {other.entry.name}'s line (line "
                    f"{other.line}) says opponent {back.opponent}, colour "
                    f"{back.colour!r}",
                )
            if b.colour == "w":
                played[rnd].add((p.number, other.number, True))
        if n % 2 and played.get(rnd):
            idle = [p.number for p in by_number.values() if _block(p, rnd).opponent == 0]
            if len(idle) == 1:
                played[rnd].add((idle[0], n + 1, True))
    return dict(played)


def _schedule(
    trf: TrfFile, by_number: dict[int, TrfPlayer], profile: Profile, total: int
) -> list[list[Pairing]]:
    """The event's rounds: the Berger tables under a numbering that agrees with every round
    the file has played, its colours where it gives them; where no numbering does and every
    round is played, the file's own pairings; else refused, naming the first round no Berger
    schedule has."""
    n = len(by_number)
    played = _played(trf, by_number, total)
    ev = profile.event
    fit = fit_berger(n, ev.cycles, ev.second_cycle, played)
    if fit is None:
        if len(played) < total:
            rnd = first_unfit_round(n, ev.cycles, ev.second_cycle, played)
            raise TrfError(
                f"{trf.source}: round {rnd}: no Berger schedule (C.05 Annex 1), "
                f"under any numbering of the players, pairs rounds 1-{rnd} as the "
                "file does, so normtui has none for the rounds still to play"
            )
        fit = [
            [
                Pairing(rnd, 0, w, b if b <= n else None)
                for w, b, _ in sorted(played[rnd], key=lambda g: (g[1] > n, min(g[:2])))
            ]
            for rnd in range(1, total + 1)
        ]
    schedule = []
    for rnd, boards in enumerate(fit, start=1):
        white_of = {frozenset(g[:2]): g[0] for g in played.get(rnd, ())}
        out = []
        for board, p in enumerate(boards, start=1):
            white, black = p.white, p.black
            if black is not None and white_of.get(frozenset((white, black)), white) != white:
                white, black = black, white
            out.append(Pairing(rnd, board, white, black))
        schedule.append(out)
    return schedule


def _check_type_code(trf: TrfFile, profile: Profile) -> None:
    """Record 192 against the profile's event: a round robin of as many cycles, a double one
    in the same order of rounds."""
    code = trf.type_code
    if not code or code == CUSTOM_ROUND_ROBIN:
        return
    ev = profile.event
    wanted = f"a {'single' if ev.cycles == 1 else 'double'} round robin" + (
        f", second cycle in the {ev.second_cycle} order" if ev.cycles == 2 else ""
    )
    known = ROUND_ROBIN_CODES.get(code)
    if known is None:
        raise TrfError(
            f"{trf.source}: record 192 is {code}, not a round robin; the profile's "
            f"event is {wanted}"
        )
    cycles, order = known
    if cycles != ev.cycles or (order is not None and order != ev.second_cycle):
        raise TrfError(
            f"{trf.source}: record 192 is {code}; the profile's event is {wanted} "
            "(give the right --profile)"
        )


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
            raise trf.fail(
                trf.scoring_line,
                f"162 scores {code} {value}, the profile {want[code]} (give the right --profile)",
            )
    return True


def _block(player: TrfPlayer, rnd: int) -> Block:
    if rnd <= len(player.rounds):
        return player.rounds[rnd - 1]
    return Block(player.line, 0, " ", " ")


def _check_bye(trf: TrfFile, player: TrfPlayer, rnd: int) -> None:
    b = _block(player, rnd)
    if b.opponent == 0 and b.code.upper() in ("F", "+", "1"):
        raise trf.fail(
            b.line,
            f"round {rnd}: {player.entry.name}'s bye scores a point in the "
            f"file (code {b.code!r}); a round robin's bye scores nothing in "
            "normtui",
        )
    if b.opponent != 0 or b.colour not in ("-", " ") or b.code not in _BYE_CODES:
        raise trf.fail(
            b.line,
            f"round {rnd}: {player.entry.name} has the bye, the file says "
            f"opponent {b.opponent}, colour {b.colour!r}, code {b.code!r}",
        )


def _game(trf: TrfFile, white: TrfPlayer, black: TrfPlayer, rnd: int) -> str | None:
    w, b = _block(white, rnd), _block(black, rnd)
    if w.code in _PENDING and b.code in _PENDING:
        return None
    names = f"{white.entry.name} - {black.entry.name}"
    for p, blk, other in ((white, w, black), (black, b, white)):
        if blk.opponent != other.number:
            raise trf.fail(
                blk.line,
                f"round {rnd}: {p.entry.name} has the code {blk.code!r} "
                f"and no opponent, where the round pairs {names}",
            )
    result = _RESULTS.get((w.code, b.code))
    if result is None:
        line = w.line if (w.code, b.code) != ("", "") else b.line
        raise trf.fail(
            line,
            f"round {rnd}: {names} has the codes {w.code!r} and {b.code!r}, "
            "which are not one result (1/0, =/=, +/-, -/+, -/-)",
        )
    return result


def _adjustments(trf: TrfFile) -> dict[tuple[int, int], list[tuple[int, Decimal]]]:
    out: dict[tuple[int, int], list[tuple[int, Decimal]]] = defaultdict(list)
    for line, points, rnd, ids in trf.adjustments:
        for number in ids:
            out[(rnd, number)].append((line, points))
    return out


def _armageddon(
    trf: TrfFile,
    adjust: dict[tuple[int, int], list[tuple[int, Decimal]]],
    rnd: int,
    white: TrfPlayer,
    black: TrfPlayer,
    bonus: Decimal,
    profile: Profile,
) -> str | None:
    """The Armageddon of a drawn game, from its winner's +0.5; a draw whose Armageddon is due
    has its point held back from both instead (-1.0 each), and stays due."""
    held = -profile.points.draw_armageddon_loss
    found: dict[int, Decimal] = {}
    for p in (white, black):
        items = adjust.pop((rnd, p.number), [])
        if len(items) > 1:
            raise trf.fail(
                items[1][0], f"299: two adjustments for player {p.number} in round {rnd}"
            )
        if items:
            found[p.number] = items[0][1]
    code = trf.forfeited.get((rnd, white.number, black.number))
    if code is not None:
        return _forfeited(trf, code, found, white, black, profile)
    if not found:
        raise trf.fail(
            white.line,
            f"round {rnd}: {white.entry.name} - {black.entry.name} is "
            "drawn, and no 299 record says who won the Armageddon "
            f"(+{bonus} to its winner) or that it is due",
        )
    if found == {white.number: held, black.number: held}:
        return None
    winners = [n for n, v in found.items() if v == bonus]
    if len(found) != 1 or not winners:
        raise trf.fail(
            white.line,
            f"round {rnd}: the 299 records of {white.entry.name} - "
            f"{black.entry.name} ({found}) are neither one Armageddon winner "
            f"(+{bonus}) nor a due Armageddon ({held} each)",
        )
    if winners[0] == black.number and (rnd, white.number, black.number) in trf.drawn:
        return "1/2-1/2"  # Black's win on draw odds (§2), as normtui's TRF26 names it
    return "1-0" if winners[0] == white.number else "0-1"


def _forfeited(
    trf: TrfFile,
    code: str,
    found: dict[int, Decimal],
    white: TrfPlayer,
    black: TrfPlayer,
    profile: Profile,
) -> str:
    """An Armageddon the file names as lost by forfeit: its 299 records must be what the
    profile scores for it beyond the draw's point (none at all when that is nothing)."""
    high, low = profile.points.armageddon_forfeit
    win, loss = (v - profile.points.draw_armageddon_loss for v in (high, low))
    scores = {"+/-": (win, loss), "-/+": (loss, win), "-/-": (loss, loss)}[code]
    want = {n: v for n, v in zip((white.number, black.number), scores, strict=True) if v}
    if found != want:
        raise trf.fail(
            white.line,
            f"{white.entry.name} - {black.entry.name}: the Armageddon "
            f"is named lost by forfeit ({code}), but its 299 records "
            f"({found or 'none'}) are not the {want or 'none'} the "
            "profile scores for it",
        )
    return code


def _points_off(trf: TrfFile, players: list[TrfPlayer]) -> list[tuple[TrfPlayer, Decimal]]:
    """The players whose points column is not what their codes (by 162, else FIDE's default
    1 / ½ / 0) and 299 records add up to, with that sum."""
    s = {"W": Decimal(1), "D": Decimal("0.5"), "L": Decimal(0), "A": Decimal(0), **trf.scoring}
    value = {
        "1": s["W"],
        "+": s["W"],
        "=": s["D"],
        "0": s["L"],
        "-": s["A"],
        "Z": s["A"],
        " ": s["A"],
        "U": s.get("P", s["W"]),
        "?": s.get("X", s["D"]),
    }
    extra: dict[int, Decimal] = defaultdict(Decimal)
    for _, points, _, ids in trf.adjustments:
        for number in ids:
            extra[number] += points
    off = []
    for p in players:
        total = sum((value.get(b.code, Decimal(0)) for b in p.rounds), Decimal(0))
        total += extra[p.number]
        if p.points is not None and p.points != total:
            off.append((p, total))
    return off


def _check_points(trf: TrfFile, players: list[TrfPlayer]) -> None:
    """A TRF26's points column is what its codes by 162 and its 299 records add up to."""
    for p, total in _points_off(trf, players)[:1]:
        raise trf.fail(
            p.line,
            f"{p.entry.name} has {p.points} points, but the results "
            f"and 299 records add up to {total}",
        )


def read_trf(source: Path) -> TrfFile:
    """The file at ``source``, parsed (UTF-8, else Latin-1), and refused unless it is a round
    robin (``trf_kind``)."""
    trf = _read(source)
    check_round_robin(trf)
    if not trf.scoring:
        # A TRF16 names no scoring: its points column is only compared with FIDE's default.
        for p, total in _points_off(trf, trf.players):
            trf.warn(
                p.line,
                f"{p.entry.name} has {p.points} points in the file, but the "
                f"results add up to {total} at 1 / ½ / 0: the results are read",
            )
    return trf


def create_from_trf(
    path: Path, trf: TrfFile | Path, profile_text: str, *, actor: str | None = None
) -> EventStore:
    """Check ``trf`` against the profile, then make the event at ``path`` with its results,
    all of it before the file is at its name: a failure (or a kill) part-way leaves no file
    (``EventStore.create``'s promise)."""
    if isinstance(trf, Path):
        trf = read_trf(trf)
    planned = plan_event(trf, load_profile(profile_text))

    def results(store: EventStore) -> None:
        for rnd, date in sorted(planned.dates.items()):
            if rnd <= store.event.rounds:
                store.rounds.set_schedule(rnd, date=date, start_time=None)
        if planned.details:
            store.set_report_details(planned.details)
        # Games of the past: a round the file gives no date keeps none (check says so).
        for rnd, white, black, result, armageddon in planned.results:
            store.games.enter_result(
                rnd, white, black, result, armageddon=armageddon, played_today=False
            )

    return EventStore.create(
        path, planned.players, profile_text, actor=actor, then=results, schedule=planned.schedule
    )
