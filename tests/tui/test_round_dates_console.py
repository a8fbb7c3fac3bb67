"""The console's `s` (start the round) dates a round that has no date, in the same change, and
the pairings pane shows the date at once; the rest of round dating is in
tests/cli/test_round_dates.py."""

from __future__ import annotations

from pathlib import Path

from normtui.assets import builtin_profiles, read_profile_text
from normtui.rules.model import GameState
from normtui.store import EventStore, PlayerInput
from normtui.store.profile_text import event_profile_text
from normtui.tui.widgets.round_bar import RoundInfo
from tests.tui.conftest import NOW, SNAPSHOT_SIZE
from tests.tui.helpers import pairings, until


async def test_s_dates_the_round_it_starts(tmp_path: Path, make_app, clock) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "event.db"
    text = event_profile_text(read_profile_text(builtin_profiles()["fide-round-robin"]), 4)
    players = [
        PlayerInput(f"Player, {c}", 2500, "NOR", str(1000 + i)) for i, c in enumerate("ABCD")
    ]
    EventStore.create(path, players, text, clock=clock).close()
    today = NOW.astimezone().date()
    app = make_app(path)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await until(pilot, lambda: pairings(app).round == 1, "round 1 shown")
        assert app.store.rounds()[0].date is None
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("y")
        await until(pilot, lambda: app.store.rounds()[0].date is not None, "round 1 dated")
        assert app.store.rounds()[0].date == today.isoformat()
        assert {g.state for g in app.store.games(1)} == {GameState.IN_PROGRESS}
        assert pairings(app).status.endswith(f"round 1 started (2 boards), dated {today}")
        await until(
            pilot,
            lambda: f"{today:%d %b}" in pairings(app).query_one(RoundInfo).parts,
            "the date beside the round",
        )
