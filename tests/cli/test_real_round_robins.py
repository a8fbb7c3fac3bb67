"""Real round robins scored 1 / ½ / 0 (tests/data/events): each made as an arbiter makes it,
from its players file and its PGN, gives the published points, wins, draws and losses."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from tests.cli.conftest import Run
from tests.every_output import visible_text
from tests.export.tiebreakserver import assert_reads_and_agrees
from tests.real_events import (
    REAL_EVENTS,
    RealEvent,
    as_fraction,
    computed_order,
    computed_table,
    make_event,
)

Made = Callable[[RealEvent, Path], str]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Made:
    """``made(event, db)``: the event as ``make_event`` makes it, made once for this module's
    tests and copied into ``db`` (they read it and write nothing to it); what the import said."""
    done: dict[str, tuple[Path, str]] = {}

    def copy(event: RealEvent, db: Path) -> str:
        if event.folder not in done:
            source = tmp_path_factory.mktemp(event.folder) / "event.db"
            done[event.folder] = (source, make_event(event, source))
        source, said = done[event.folder]
        shutil.copyfile(source, db)
        return said

    return copy


@pytest.mark.parametrize("event", REAL_EVENTS, ids=lambda e: e.folder)
def test_the_games_give_the_published_points(
    run: Run, tmp_path: Path, event: RealEvent, made: Made
) -> None:
    db = tmp_path / "event.db"
    said = made(event, db)
    # Every draw is complete as it is: the import speaks of no Armageddon to follow.
    assert "Armageddon" not in said and "games; " in said
    rows = json.loads(run("standings", db, "--json").stdout)
    got = {r["player"]: (as_fraction(r["points"]), r["wins"], r["games"]) for r in rows}
    assert got == {
        name: (points, wins, wins + draws + losses)
        for name, (points, wins, draws, losses) in event.published.items()
    }


# The order each event's profile ranks by: C.07's for Tata Steel (fide-round-robin), the
# Candidates' own (its regulations.toml).
ORDERS = {
    "tata-steel-2025": ("direct_encounter", "wins", "black_wins", "sonneborn_berger", "koya"),
    "candidates-2022": ("sonneborn_berger", "wins", "direct_encounter", "lots"),
}
CODES = {
    "direct_encounter": "DE",
    "wins": "W",
    "black_wins": "BW",
    "sonneborn_berger": "SB",
    "koya": "KS",
}


def as_value(value: object) -> tuple[Fraction, ...]:
    """A tie-break from --json (a number, a list, or null) as the computation's tuple."""
    if value is None:
        return ()
    if isinstance(value, list):
        return tuple(as_fraction(v) for v in value)
    return (as_fraction(value),)  # type: ignore[arg-type]


@pytest.mark.parametrize("event", REAL_EVENTS, ids=lambda e: e.folder)
def test_the_tie_breaks_shown_are_the_ones_that_ranked(
    run: Run, tmp_path: Path, event: RealEvent, made: Made
) -> None:
    """The event's tie-breaks, computed here from the PGN's tags alone, are the columns of
    its table in its order (the text, the CSV, the JSON, the sheet, the public page), with
    the same values, and they give normtui's order and shared places."""
    order = ORDERS[event.folder]
    db = tmp_path / "event.db"
    made(event, db)
    mine = computed_table(event, order)
    rows = json.loads(run("standings", db, "--json").stdout)
    shown = [name for name in order if name != "lots"]
    for r in rows:
        keys = list(r)
        assert keys[keys.index("points") + 1 : keys.index("points") + 1 + len(shown)] == shown
        assert as_fraction(r["points"]) == mine[r["player"]].points
        assert {t: as_value(r[t]) for t in shown} == mine[r["player"]].values, r["player"]
    groups = computed_order(mine, order)
    assert [r["player"] for r in rows] == [n for g in groups for n in g]
    places, start = {}, 1
    for g in groups:
        for n in g:
            places[n] = str(start) if len(g) == 1 else f"{start}-{start + len(g) - 1}"
        start += len(g)
    assert {r["player"]: r["shared_rank"] for r in rows} == places

    codes = [CODES[t] for t in shown]
    text = run("standings", db).stdout.splitlines()
    head = next(line for line in text if line.lstrip().startswith("Rk"))
    assert head.split()[4 : 4 + len(codes)] == codes
    csv_head = run("standings", db, "--csv").stdout.splitlines()[0].split(",")
    assert csv_head[csv_head.index("points") + 1 :][: len(shown)] == shown
    sheet = visible_text(run("print", db, "results", "--round", 1).stdout)
    assert " ".join(["Pts", *codes]) in sheet
    site = tmp_path / "site"
    assert run("publish", db, site).exit_code == 0
    assert " ".join(codes) in visible_text((site / "index.html").read_text("utf-8"))


# The event's tie-breaks as FIDE's reader names them (tiebreakchecker.py -t).
FIDE_CODES = {
    "tata-steel-2025": ("PTS", "DE", "WIN", "BWG", "SB", "KS"),
    "candidates-2022": ("PTS", "SB", "WIN", "DE"),
}


@pytest.mark.parametrize("event", REAL_EVENTS, ids=lambda e: e.folder)
@pytest.mark.parametrize("version", ("trf16", "trf"))
def test_fides_reader_agrees_with_the_ranks(
    run: Run, tmp_path: Path, event: RealEvent, version: str, made: Made
) -> None:
    """The TRF16 and the TRF26 rank each player at the final place, each place once (the
    TRF16 shared the places of equal points), and FIDE's reader, given the event's own
    tie-breaks, computes the same ranks from either file."""
    db = tmp_path / "event.db"
    made(event, db)
    text = run("export", db, "-f", version).stdout
    ranks = sorted(int(line[85:89]) for line in text.splitlines() if line.startswith("001"))
    assert ranks == list(range(1, len(event.published) + 1))
    assert_reads_and_agrees(text, tmp_path, extra=("-t", *FIDE_CODES[event.folder]))
