"""The real round robins of tests/data/events (their SOURCE.md says where each came from), and
an event made from each one the way an arbiter makes it: `normtui new` with the players file,
then `normtui import-pgn` with the games."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from fractions import Fraction as F
from pathlib import Path

from click.testing import CliRunner

from normtui.cli import cli

EVENTS = Path(__file__).resolve().parent / "data" / "events"


@dataclass(frozen=True)
class RealEvent:
    folder: str
    name: str
    profile: str
    cycles: int
    # Results with no record in the PGN, entered by hand: (round, white, black, result).
    results: tuple[tuple[int, str, str, str], ...]
    # The published table: name -> (points, wins, draws, losses).
    published: dict[str, tuple[Fraction, int, int, int]]

    @property
    def path(self) -> Path:
        return EVENTS / self.folder

    def profile_arg(self) -> str:
        local = self.path / "regulations.toml"
        return str(local) if local.exists() else self.profile


def _table(rows: str) -> dict[str, tuple[Fraction, int, int, int]]:
    out = {}
    for line in rows.strip().splitlines():
        name, points, wins, draws, losses = (c.strip() for c in line.split("|"))
        out[name] = (Fraction(points), int(wins), int(draws), int(losses))
    return out


TATA_STEEL_2025 = RealEvent(
    "tata-steel-2025",
    "87th Tata Steel Masters",
    "fide-round-robin",
    1,
    (),
    _table(
        """
        Praggnanandhaa, R | 17/2 | 6 | 5 | 2
        Gukesh, D | 17/2 | 5 | 7 | 1
        Abdusattorov, Nodirbek | 8 | 4 | 8 | 1
        Fedoseev, Vladimir | 15/2 | 5 | 5 | 3
        Giri, Anish | 7 | 2 | 10 | 1
        Wei, Yi | 7 | 1 | 12 | 0
        Harikrishna, Pentala | 13/2 | 3 | 7 | 3
        Keymer, Vincent | 6 | 2 | 8 | 3
        Caruana, Fabiano | 6 | 2 | 8 | 3
        Erigaisi, Arjun | 11/2 | 2 | 7 | 4
        Van Foreest, Jorden | 11/2 | 0 | 11 | 2
        Sarana, Alexey | 11/2 | 1 | 9 | 3
        Mendonca, Leon Luke | 5 | 1 | 8 | 4
        Warmerdam, Max | 9/2 | 2 | 5 | 6
        """
    ),
)

CANDIDATES_2022 = RealEvent(
    "candidates-2022",
    "FIDE Candidates 2022",
    "fide-round-robin",
    2,
    ((12, "Nepomniachtchi", "Nakamura", "1/2-1/2"),),
    _table(
        """
        Nepomniachtchi, Ian | 19/2 | 5 | 9 | 0
        Ding, Liren | 8 | 4 | 8 | 2
        Radjabov, Teimour | 15/2 | 3 | 9 | 2
        Nakamura, Hikaru | 15/2 | 4 | 7 | 3
        Caruana, Fabiano | 13/2 | 3 | 7 | 4
        Firouzja, Alireza | 6 | 2 | 8 | 4
        Duda, Jan-Krzysztof | 11/2 | 1 | 9 | 4
        Rapport, Richard | 11/2 | 1 | 9 | 4
        """
    ),
)

REAL_EVENTS = (TATA_STEEL_2025, CANDIDATES_2022)


def make_event(event: RealEvent, db: Path) -> str:
    """The event in ``db`` with every game of its PGN imported and its other results entered;
    what the import said."""
    runner = CliRunner()

    def run(*args: object) -> str:
        done = runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)
        assert done.exit_code == 0, done.output
        return done.stdout

    run(
        "new",
        db,
        "--players",
        event.path / "players.csv",
        "--profile",
        event.profile_arg(),
        "--name",
        event.name,
        "--cycles",
        event.cycles,
    )
    said = run("import-pgn", db, event.path / "games.pgn")
    for round_no, white, black, result in event.results:
        run("result", db, round_no, white, black, result)
    return said


def as_fraction(value: Decimal | float | str) -> Fraction:
    return Fraction(str(value))


# -- An independent computation, from the PGN's tags alone --------------------------------------
# What FIDE's C.07 defines, written again here without normtui's code: the points, the wins
# (WIN), the wins with Black (BWG), Sonneborn-Berger (SB), Koya (KS: points against those who
# scored 50 % or more) and the direct encounter (DE: the points among the players tied when it
# applies, its loops again among those it leaves tied), then the order they give.

_TAG = re.compile(r'\[(\w+) "([^"]*)"\]')
_SCORES = {"1-0": (F(1), F(0)), "0-1": (F(0), F(1)), "1/2-1/2": (F(1, 2), F(1, 2))}


def _key(name: str) -> str:
    return re.findall(r"[A-Za-z]+", name)[0].lower()


def played(event: RealEvent) -> list[tuple[str, str, str]]:
    """Every game as (White, Black, result), names as the players file has them."""
    registered = {
        _key(line.split('"')[1]): line.split('"')[1]
        for line in (event.path / "players.csv").read_text(encoding="utf-8").splitlines()[1:]
    }
    text = (event.path / "games.pgn").read_text(encoding="utf-8")
    games = []
    for block in re.split(r"\n(?=\[Event )", text.strip()):
        tags = dict(_TAG.findall(block))
        games.append(
            (registered[_key(tags["White"])], registered[_key(tags["Black"])], tags["Result"])
        )
    for _round, white, black, result in event.results:
        games.append((registered[_key(white)], registered[_key(black)], result))
    return games


@dataclass(frozen=True)
class Computed:
    """One player's numbers, each tie-break a tuple compared in order."""

    points: F
    values: dict[str, tuple[F, ...]]


def computed_table(event: RealEvent, order: tuple[str, ...]) -> dict[str, Computed]:
    """Every player's points and tie-breaks of ``order``, computed from the games."""
    games = played(event)
    names = sorted({n for w, b, _ in games for n in (w, b)})
    pts = dict.fromkeys(names, F(0))
    wins = dict.fromkeys(names, 0)
    black_wins = dict.fromkeys(names, 0)
    count = dict.fromkeys(names, 0)
    for white, black, result in games:
        ws, bs = _SCORES[result]
        pts[white] += ws
        pts[black] += bs
        count[white] += 1
        count[black] += 1
        wins[white] += ws == 1
        wins[black] += bs == 1
        black_wins[black] += bs == 1
    sb = dict.fromkeys(names, F(0))
    koya = dict.fromkeys(names, F(0))
    for white, black, result in games:
        ws, bs = _SCORES[result]
        sb[white] += ws * pts[black]
        sb[black] += bs * pts[white]
        if pts[black] * 2 >= count[black]:
            koya[white] += ws
        if pts[white] * 2 >= count[white]:
            koya[black] += bs

    def among(group: list[str]) -> dict[str, tuple[F, ...]]:
        inside = set(group)
        score = dict.fromkeys(group, F(0))
        for white, black, result in games:
            if white in inside and black in inside:
                score[white] += _SCORES[result][0]
                score[black] += _SCORES[result][1]
        out = {n: (score[n],) for n in group}
        levels = sorted(set(score.values()))
        if len(levels) > 1:
            for level in levels:
                tied = [n for n in group if score[n] == level]
                if len(tied) > 1:
                    for n, deeper in among(tied).items():
                        out[n] += deeper
        return out

    fixed = {
        "wins": {n: (F(wins[n]),) for n in names},
        "black_wins": {n: (F(black_wins[n]),) for n in names},
        "sonneborn_berger": {n: (sb[n],) for n in names},
        "koya": {n: (koya[n],) for n in names},
    }
    values: dict[str, dict[str, tuple[F, ...]]] = {}
    for i, name in enumerate(order):
        if name == "direct_encounter":
            # Among the players equal on points and on every tie-break before it.
            def before(n: str, upto: int = i) -> tuple[object, ...]:
                return (pts[n], *(values[o][n] for o in order[:upto]))

            groups: dict[tuple[object, ...], list[str]] = {}
            for n in names:
                groups.setdefault(before(n), []).append(n)
            values[name] = {}
            for group in groups.values():
                values[name].update(among(group) if len(group) > 1 else {group[0]: ()})
        elif name != "lots":
            values[name] = fixed[name]
    return {n: Computed(pts[n], {o: values[o][n] for o in values}) for n in names}


def computed_order(table: dict[str, Computed], order: tuple[str, ...]) -> list[list[str]]:
    """The players best first, those equal on everything sharing a group."""

    def key(n: str) -> tuple[object, ...]:
        return (table[n].points, *(table[n].values[o] for o in order if o != "lots"))

    groups: dict[tuple[object, ...], list[str]] = {}
    for n in sorted(table, key=key, reverse=True):
        groups.setdefault(key(n), []).append(n)
    return list(groups.values())
