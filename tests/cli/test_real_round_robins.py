"""Real round robins scored 1 / ½ / 0 (tests/data/events): each made as an arbiter makes it,
from its players file and its PGN, gives the published points, wins, draws and losses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Run
from tests.real_events import REAL_EVENTS, RealEvent, as_fraction, make_event


@pytest.mark.parametrize("event", REAL_EVENTS, ids=lambda e: e.folder)
def test_the_games_give_the_published_points(run: Run, tmp_path: Path, event: RealEvent) -> None:
    db = tmp_path / "event.db"
    said = make_event(event, db)
    # Every draw is complete as it is: the import speaks of no Armageddon to follow.
    assert "Armageddon" not in said and "games; " in said
    rows = json.loads(run("standings", db, "--json").stdout)
    got = {r["player"]: (as_fraction(r["points"]), r["wins"], r["games"]) for r in rows}
    assert got == {
        name: (points, wins, wins + draws + losses)
        for name, (points, wins, draws, losses) in event.published.items()
    }
