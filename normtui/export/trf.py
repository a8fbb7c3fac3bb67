"""FIDE Tournament Report File (TRF) of the main event: TRF26 by default, TRF16 on request,
and a separate blitz report for the play-off. How the event's 3 / 1.5 / 1 / 0 is written in a
format of 1 / ½ / 0, and what FIDE's reader makes of it: docs/trf.md.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from decimal import Decimal

from normtui.export.snapshot import ExportError, Snapshot, pgn_time_control
from normtui.export.trf_ranking import main_records, playoff_records
from normtui.rules.berger import berger_schedule
from normtui.rules.model import ArmageddonResult, MainResult, Player
from normtui.rules.playoff import PlayoffGame, format_name
from normtui.store import GameRecord
from normtui.store.ratings import unmoved
from normtui.text import clean_text

__all__ = [
    "DRAWN_ARMAGEDDON",
    "ENCODINGS",
    "FORFEITED_ARMAGEDDON",
    "playoff_trf",
    "points_field",
    "trf",
    "trf16",
    "type_code",
]

EOL = "\r\n"
# The result code of (White, Black) for each main result.
_CODES: dict[MainResult, tuple[str, str]] = {
    MainResult.WHITE_WIN: ("1", "0"),
    MainResult.BLACK_WIN: ("0", "1"),
    MainResult.DRAW: ("=", "="),
    MainResult.WHITE_FORFEIT_WIN: ("+", "-"),
    MainResult.BLACK_FORFEIT_WIN: ("-", "+"),
    MainResult.DOUBLE_FORFEIT: ("-", "-"),
}
# A game in which a player made no move is not rated (B.02 §5.1): TRF16's codes of a game
# played and not rated.
_NOT_RATED = {"1": "W", "=": "D", "0": "L"}
# What a code is worth in FIDE's default scoring (TRF16 has no record 162).
_CLASSICAL = {
    "1": Decimal(1),
    "W": Decimal(1),
    "+": Decimal(1),
    "=": Decimal("0.5"),
    "D": Decimal("0.5"),
}
ENCODINGS = {"utf-8": "UTF-8", "latin-1": "Latin-1 (ISO 8859-1)"}
DRAWN_ARMAGEDDON = "### Armageddon drawn (Black wins, §2): "
FORFEITED_ARMAGEDDON = "### Armageddon lost by forfeit (a player absent): "
BYE = "0000 - Z"  # TRF16/TRF26: opponent 0000, colour "-", a zero-point bye (no game)


def _date(iso: str | None, short: bool = False) -> str:
    """``2022-05-31`` as TRF writes it: 2022/05/31, or 22/05/31 in record 132."""
    if not iso:
        return ""
    text = iso.replace("-", "/")
    return text[2:] if short else text


def _fit(value: Decimal, where: str) -> str:
    text = f"{value:4.1f}"
    if len(text) > 4:
        raise ExportError(f"{where}: {value} does not fit the 4 columns TRF gives it")
    return text


def points_field(value: Decimal) -> str:
    """Points for columns 81-84: ``11.5`` while they fit, a whole number without its
    decimals above 99.5, and blank for a half that 4 columns cannot hold (see the module).

    >>> points_field(Decimal("16.5")), points_field(Decimal(294)), points_field(Decimal("138.5"))
    ('16.5', ' 294', '    ')
    """
    text = f"{value:4.1f}"
    if len(text) <= 4:
        return text
    if value == value.to_integral_value() and len(whole := f"{int(value):>4}") <= 4:
        return whole
    return " " * 4


def player_line(p: Player, points: Decimal, rank: int | None, blocks: Sequence[str]) -> str:
    """A ``001`` line; ``blocks`` are the 8-character round entries from column 92.

    >>> line = player_line(Player(2, "Carlsen, Magnus", 2864, "NOR", "1503014"),
    ...                    Decimal("16.5"), 1, ["   9 w =", "   1 b 1"])
    >>> line[4:8], line[14:47].rstrip(), line[48:52], line[80:84], line[85:89]
    ('   2', 'Carlsen, Magnus', '2864', '16.5', '   1')
    >>> line[91:95], line[96], line[98], line[101:105]
    ('   9', 'w', '=', '   1')
    >>> player_line(Player(1, "A", birth_year=1990), Decimal(0), 1, [])[69:79]
    '1990/00/00'
    """
    name = clean_text(p.name)[:33]
    rating = str(p.rating) if p.rating else ""
    # Columns 70-79, the birth date: the year with its month and day unknown (FIDE's list
    # publishes the year alone, B.02 7.1.2).
    born = f"{p.birth_year:04d}/00/00" if p.birth_year else ""
    head = (
        f"001 {p.number:>4} {p.sex or '':1}{p.title or '':>3} {name:<33} {rating:>4} "
        f"{p.federation or '':<3} "
        f"{p.fide_id or '':>11} {born:<10} {points_field(points)} "
        f"{'' if rank is None else rank:>4}"
    )
    return (head + "  " + "  ".join(blocks)).rstrip()


def _block(opponent: int, colour: str, code: str) -> str:
    return BYE if opponent == 0 else f"{opponent:>4} {colour} {code}"


def _value(snap: Snapshot, code: str) -> Decimal:
    """What record 162 makes a code worth."""
    pts = snap.profile.points
    return {
        "1": pts.win,
        "W": pts.win,
        "+": pts.win,
        "=": pts.draw_armageddon_loss,
        "D": pts.draw_armageddon_loss,
        "0": pts.loss,
        "L": pts.loss,
        "-": pts.forfeit_loss,
        "Z": pts.forfeit_loss,
        "?": Decimal(0),
    }[code]


def last_reported_round(snap: Snapshot) -> int:
    """The last round with a result: later rounds are not in the report, byes included."""
    return max((g.round for g in snap.games if g.result is not None), default=0)


def _round_entries(
    snap: Snapshot, version: int = 26
) -> tuple[dict[int, list[str]], dict[tuple[int, Decimal], list[int]]]:
    """Each player's round blocks, and the 299 adjustments by (round, amount)."""
    counted = {r.number for r in snap.standings if r.counted}
    by_round: dict[tuple[int, int], GameRecord] = {}
    for game in snap.games:
        by_round[(game.round, game.white)] = by_round[(game.round, game.black)] = game
    blocks: dict[int, list[str]] = {p.number: [] for p in snap.players}
    adjust: dict[tuple[int, Decimal], list[int]] = defaultdict(list)
    # Once: asked for each player, it read every game once per player.
    reported = last_reported_round(snap)
    no_move = unmoved(g for g in snap.games if g.stage == "main")
    for p in snap.players:
        for rnd in range(1, reported + 1):
            g = by_round.get((rnd, p.number))
            if g is None:  # the bye of an odd field: no game, no points
                blocks[p.number].append(BYE)
                continue
            white = g.white == p.number
            opponent = g.black if white else g.white
            colour = "w" if white else "b"
            if g.result is None:  # not played yet, or postponed (§9)
                blocks[p.number].append(_block(opponent, colour, "?") if version == 26 else " " * 8)
                continue
            code = _CODES[g.result][0 if white else 1]
            if (g.round, g.board) in no_move:
                code = _NOT_RATED.get(code, code)
            blocks[p.number].append(_block(opponent, colour, code))
            # A drawn game waiting for its Armageddon counts for nobody yet.
            scored = g.points[0 if white else 1] if g.points is not None else Decimal(0)
            if not {g.white, g.black} <= counted:
                scored = Decimal(0)
            diff = scored - _value(snap, code)
            if diff:
                adjust[(rnd, diff)].append(p.number)
    return blocks, adjust


def classical_points(blocks: Sequence[str]) -> Decimal:
    """What a player's codes add up to in FIDE's default scoring (1 / ½ / 0)."""
    return sum((_CLASSICAL.get(b[7:8], Decimal(0)) for b in blocks), Decimal(0))


def _shared_ranks(points: dict[int, Decimal]) -> dict[int, int]:
    """1 + the number of players with more points: equal points share the place."""
    return {
        n: 1 + sum(1 for other in points.values() if other > mine) for n, mine in points.items()
    }


def _header(
    snap: Snapshot,
    name: str,
    kind: str,
    players: Sequence[Player],
    dates: Sequence[str | None],
    time_control: str,
    encoding: str,
) -> list[str]:
    d = snap.details
    known = sorted(x for x in dates if x)
    lines = [
        f"### Encoding: {ENCODINGS[encoding]}",
        f"012 {clean_text(name)}",
        f"022 {clean_text(d.city or '')}",
        f"032 {clean_text(d.federation or '')}",
        f"042 {_date(known[0] if known else None)}",
        f"052 {_date(known[-1] if known else None)}",
        f"062 {len(players)}",
        f"072 {sum(1 for p in players if p.rating)}",
        f"092 {kind}",
    ]
    if d.chief_arbiter:
        lines.append(f"102 {clean_text(d.chief_arbiter)}")
    lines += [f"112 {clean_text(deputy)}" for deputy in d.deputy_arbiters]
    lines.append(f"122 {time_control}")
    # Record 132: round r's date (YY/MM/DD) in columns 92 + 10 (r - 1) onwards.
    round_dates = "".join(f"{_date(x, short=True):<8}  " for x in dates)
    lines.append(f"132 {'':<87}{round_dates}")
    return [line.rstrip() for line in lines]


def _kind(snap: Snapshot) -> str:
    cycles = snap.profile.event.cycles
    system = {1: "single", 2: "double"}.get(cycles, f"{cycles}-cycle")
    p = snap.profile.points
    if not snap.armageddons:  # 1 / ½ / 0: a draw is complete
        return (
            f"Individual: {system} round robin (Berger tables); points {p.win.normalize():f} / "
            f"{p.draw_armageddon_loss.normalize():f} / {p.loss.normalize():f}"
        )
    return (
        f"Individual: {system} round robin (Berger tables), Armageddon after each drawn "
        f"game; points {p.win.normalize():f} / {p.draw_armageddon_win.normalize():f} / "
        f"{p.draw_armageddon_loss.normalize():f} / {p.loss.normalize():f}"
    )


def type_code(cycles: int, second_cycle: str) -> str:
    """Record 192 (FIDE's Tournament Type Code Table): a double round robin by the order of
    its rounds (``event.second_cycle``). FIDE_DOUBLEROUNDROBIN is FIDE's swap of the first
    cycle's last two rounds, then the cycle again; BERGER_DOUBLEROUNDROBIN the table twice;
    2020's mirror, or more cycles, have no code but the event's own."""
    if cycles == 1:
        return "FIDE_ROUNDROBIN"
    if cycles == 2:
        return {"fide": "FIDE_DOUBLEROUNDROBIN", "plain": "BERGER_DOUBLEROUNDROBIN"}.get(
            second_cycle, "CUSTOM_ROUNDROBIN"
        )
    return "CUSTOM_ROUNDROBIN"


CUSTOM_ROUND_ROBIN = "CUSTOM_ROUNDROBIN"


def _berger_order(snap: Snapshot) -> bool:
    """Whether the games are the Berger tables under the players' numbers: an event read from
    a TRF whose rounds were paired under other numbers is a round robin of its own order."""
    ev = snap.profile.event
    tables = {
        (p.round, frozenset((p.white, p.black)))
        for rnd in berger_schedule(len(snap.players), ev.cycles, second_cycle=ev.second_cycle)
        for p in rnd
        if p.black is not None
    }
    return all(
        (g.round, frozenset((g.white, g.black))) in tables for g in snap.games if g.stage == "main"
    )


def _encoded_time_control(snap: Snapshot, name: str) -> str:
    tc = snap.profile.time_controls[name]
    if tc.same_for_both:
        return pgn_time_control(tc)
    return f"W{pgn_time_control(tc)}-B{pgn_time_control(tc, white=False)}"


def _line_299(rnd: int, amount: Decimal, numbers: Sequence[int]) -> str:
    # 1-3 "299", 5 type (blank: bonus or penalty), 8-11 match points (teams only),
    # 14-17 points, 20-22 round, then pairing numbers at 24-27, 29-32, ...
    ids = " ".join(f"{n:>4}" for n in sorted(numbers))
    return f"299 {'':1}  {'':4}  {_fit(amount, f'round {rnd}')}  {rnd:03d} {ids}"


def trf(snap: Snapshot, version: int = 26, encoding: str = "utf-8") -> str:
    """The rating report of the main event; ``version`` 26 (TRF26) or 16 (TRF16)."""
    if version not in (16, 26):
        raise ExportError(f"TRF version {version} is not known; use 26 or 16")
    classical = snap.profile.time_controls["classical"]
    lines = _header(
        snap,
        snap.name,
        _kind(snap),
        snap.players,
        [snap.round_dates.get(r) for r in range(1, snap.rounds + 1)],
        classical.describe(),
        encoding,
    )
    blocks, adjust = _round_entries(snap, version)
    unranked = [r for r in snap.standings if snap.ranks.get(r.number) is None]
    last_place = sum(1 for r in snap.standings if snap.ranks.get(r.number) is not None) + 1
    if version == 26:
        p = snap.profile.points
        # Record 162: a result code in column 6 and its points in 7-10, the next code 9
        # columns on (15, 24, ...). X scores "?", a game not played yet: nothing.
        scoring = "    ".join(
            f"{code}{_fit(value, '162')}"
            for code, value in (
                ("W", p.win),
                ("D", p.draw_armageddon_loss),
                ("L", p.loss),
                ("A", p.forfeit_loss),
                ("X", Decimal(0)),
            )
        )
        code = (
            type_code(snap.profile.event.cycles, snap.profile.event.second_cycle)
            if _berger_order(snap)
            else CUSTOM_ROUND_ROBIN
        )
        scored = (
            "162 scores a main game, 299 adds "
            f"{(p.draw_armageddon_win - p.draw_armageddon_loss).normalize():f} to each "
            "Armageddon winner"
            if snap.profile.classical.armageddon_after_draw
            else "162 scores each game"
        )
        lines += [
            f"142 {snap.rounds}",
            f"162  {scoring}",
            f"192 {code}",
            *main_records(snap),
            f"222 {_encoded_time_control(snap, 'classical')}",
            (
                f"### normtui: main games only (the rated games); {scored}"
                if snap.armageddons
                else f"### normtui: the rated games; {scored}"
            ),
            *(
                f"### {clean_text(r.player)}: withdrew, not counted "
                f"({snap.articles.full('withdrawal')}); "
                f"rank {last_place} means unranked, 299 takes away the points of their games"
                for r in unranked
            ),
            *(
                f"### {r.number} {clean_text(r.player)}: {r.points.normalize():f} points "
                "(more than columns 81-84 can hold)"
                for r in snap.standings
                if not points_field(r.points).strip()
            ),
        ]
        for row in sorted(snap.standings, key=lambda r: r.number):
            rank = snap.ranks.get(row.number)
            lines.append(
                player_line(
                    snap.by_number[row.number],
                    row.points,
                    last_place if rank is None else rank,
                    blocks[row.number],
                )
            )
        lines += [
            _line_299(rnd, amount, numbers) for (rnd, amount), numbers in sorted(adjust.items())
        ]
        # 299 says who won an Armageddon, not how: a drawn one (Black's win) and a forfeited
        # one (a player absent: it scores as one lost, or moves nothing when both were
        # absent) are named, so that normtui reads the same event back.
        lines += [
            f"{DRAWN_ARMAGEDDON}round {g.round}, {g.white}-{g.black}"
            for g in snap.games
            if g.armageddon is ArmageddonResult.DRAW
        ]
        lines += [
            f"{FORFEITED_ARMAGEDDON}round {g.round}, {g.white}-{g.black} {g.armageddon.value}"
            for g in snap.games
            if g.armageddon is not None and g.armageddon.is_forfeit
        ]
    else:
        points = {p.number: classical_points(blocks[p.number]) for p in snap.players}
        ranks = _shared_ranks(points)
        if not snap.profile.classical.armageddon_after_draw:
            # No Armageddon: the file's points are the standings' points, so its ranks are
            # the final table's, each place once (the tie-breaks, or the play-off, decided
            # them); only an event with Armageddons ranks its classical points apart.
            placed = {n: snap.ranks.get(n) for n in points}
            ranks = {n: last_place if r is None else r for n, r in placed.items()}
        lines += [
            player_line(p, points[p.number], ranks[p.number], blocks[p.number])
            for p in sorted(snap.players, key=lambda p: p.number)
        ]
    return EOL.join(lines) + EOL


def trf16(snap: Snapshot, encoding: str = "utf-8") -> str:
    """The rating officer's report in TRF16: the classical games and their own points."""
    return trf(snap, 16, encoding)


def _playoff_blocks(
    games: Sequence[PlayoffGame], rounds: int, start_rank: dict[int, int], player: int
) -> list[str]:
    """One block a round (a round robin has several boards a round): the player's game, or
    the bye of an odd number of players as the main report writes it."""
    out = []
    for rnd in range(1, rounds + 1):
        g = next((g for g in games if g.round == rnd and player in (g.white, g.black)), None)
        if g is None:
            out.append(BYE)
            continue
        if g.result is None:
            out.append(" " * 8)
            continue
        white = g.white == player
        code = _CODES[MainResult(g.result)]
        out.append(
            _block(
                start_rank[g.black if white else g.white],
                "w" if white else "b",
                code[0 if white else 1],
            )
        )
    return out


def playoff_trf(snap: Snapshot, encoding: str = "utf-8") -> str:
    """A TRF26 blitz report of the play-off's rated games: the blitz games of the match or
    of the double round robin, 1 / ½ / 0, and sudden-death games where both clocks get the
    same time. The Armageddon that may end a match is left out: with draw odds it is not a
    rated blitz game; so is a sudden-death game with a clock for each colour. Start ranks
    follow the main table."""
    state = snap.playoff
    if not state.games:
        raise ExportError("there is no play-off to report: it has not been started")
    controls = snap.profile.time_controls
    rated = [
        g
        for g in state.games
        if g.kind == "blitz"
        or (g.kind == "sudden_death" and controls[g.time_control].same_for_both)
    ]
    rounds = max(g.round for g in rated)
    start_rank = {number: i for i, number in enumerate(state.players, start=1)}
    blitz = {n: Decimal(0) for n in state.players}
    for g in rated:
        if g.result is not None:
            w, b = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5)}[g.result]
            blitz[g.white] += Decimal(str(w))
            blitz[g.black] += Decimal(str(b))
    ranks = _playoff_ranks(snap, blitz)
    tc = snap.profile.time_controls[snap.profile.playoff.match_time_control]
    system = format_name(snap.profile, state.format)
    unequal = any(g.kind == "sudden_death" and g not in rated for g in state.games)
    po = snap.profile.playoff
    armageddon = state.format == "match" and (
        po.after_match == "armageddon"
        or (po.after_match == "sudden_death" and po.sudden_death_games > 0
            and po.after_sudden_death == "armageddon")
    )  # fmt: skip
    unrated = [
        said
        for said, applies in (
            ("a deciding Armageddon is not rated", armageddon),
            ("a sudden-death game with a clock for each colour is not rated", unequal),
        )
        if applies
    ]
    # §5: the play-off is played at the end of the last round, so on its date.
    header = _header(
        snap,
        f"{snap.name} Play-off",
        f"Individual: blitz play-off ({system}) for first place ({snap.articles.full('playoff')})",
        [snap.by_number[n] for n in state.players],
        [snap.end_date] * rounds,
        tc.describe(),
        encoding,
    )
    lines = [
        *header,
        f"142 {rounds}",
        "192 CUSTOM_ROUNDROBIN",
        *playoff_records(snap),
        f"222 {pgn_time_control(tc)}",
        "; ".join(["### normtui: play-off blitz games only", *unrated]),
    ]
    for number in state.players:
        p = snap.by_number[number]
        renumbered = Player(
            start_rank[number], p.name, p.rating, p.federation, p.fide_id, title=p.title, sex=p.sex
        )
        lines.append(
            player_line(
                renumbered,
                blitz[number],
                ranks.get(number),
                _playoff_blocks(rated, rounds, start_rank, number),
            )
        )
    return EOL.join(lines) + EOL


def _playoff_ranks(snap: Snapshot, points: dict[int, Decimal]) -> dict[int, int | None]:
    """The play-off's own ranks: once it is decided, the places the final table gives its
    players (the one ranking, ``normtui.rules.final``); before that the round robin's table
    so far, or the match score so far (equal scores share a place)."""
    state = snap.playoff
    if state.winner is not None and snap.final.decided_by == "playoff":
        return {n: snap.final.ranks.get(n) for n in state.players}
    if state.table:
        return {r.number: r.rank for r in state.table}
    return {n: 1 + sum(1 for o in state.players if points[o] > points[n]) for n in state.players}
