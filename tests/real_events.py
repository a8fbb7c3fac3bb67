"""The real round robins of tests/data/events (their SOURCE.md says where each came from), and
an event made from each one the way an arbiter makes it: `normtui new` with the players file,
then `normtui import-pgn` with the games."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
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
