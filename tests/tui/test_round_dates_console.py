"""A round's date from the console: `s` (start the round) dates a round that has none, in the
same change, and `D` gives or corrects the date and start time of the round shown; the pairings
show the date at once. The rest of round dating is in tests/cli/test_round_dates.py. One console
run for both (a console's start is most of a test's time)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from normtui.assets import builtin_profiles, read_profile_text
from normtui.rules.model import GameState
from normtui.store import EventStore, PlayerInput
from normtui.store.profile_text import event_profile_text
from normtui.tui.screens.round_date import RoundDateScreen
from normtui.tui.widgets.round_bar import RoundInfo
from tests.tui.conftest import NOW, SNAPSHOT_SIZE
from tests.tui.helpers import pairings, press, until


async def test_s_dates_the_round_it_starts_and_d_corrects_a_date(
    tmp_path: Path,
    make_app,  # type: ignore[no-untyped-def]
    clock,  # type: ignore[no-untyped-def]
) -> None:
    path = tmp_path / "event.db"
    text = event_profile_text(read_profile_text(builtin_profiles()["fide-round-robin"]), 4)
    players = [
        PlayerInput(f"Player, {c}", 2500, "NOR", str(1000 + i)) for i, c in enumerate("ABCD")
    ]
    with EventStore.create(path, players, text, clock=clock) as store:
        store.rounds.set_schedule(2, date="2026-05-26", start_time=None)
    today = NOW.astimezone().date()
    app = make_app(path)

    def shown(text: str) -> bool:
        return text in pairings(app).query_one(RoundInfo).parts

    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await until(pilot, lambda: pairings(app).round == 1, "round 1 shown")
        assert app.store.rounds()[0].date is None
        # s: the round starts, and takes today's date in the same change.
        await press(pilot, "s")
        await press(pilot, "y")
        await until(pilot, lambda: app.store.rounds()[0].date is not None, "round 1 dated")
        assert app.store.rounds()[0].date == today.isoformat()
        assert {g.state for g in app.store.games(1)} == {GameState.IN_PROGRESS}
        assert pairings(app).status.endswith(f"round 1 started (2 boards), dated {today}")
        await until(pilot, lambda: shown(f"{today:%d %b}"), "the date beside round 1")

        # D on round 2: its date in a dialog, prefilled; no 36 May; then corrected.
        await press(pilot, "right_square_bracket")
        await until(pilot, lambda: pairings(app).round == 2, "round 2 shown")
        await press(pilot, "D")
        await until(pilot, lambda: isinstance(app.screen, RoundDateScreen), "the dialog")
        dialog = app.screen
        date, start = (
            dialog.query_one("#round-date", Input),
            dialog.query_one("#round-start", Input),
        )
        assert (date.value, start.value) == ("2026-05-26", "")
        # What the arbiter types, set at once (a key a character costs a loaded machine seconds).
        date.value, start.value = "2026-05-36", "15:00"
        await press(pilot, "ctrl+s")
        assert app.screen is dialog  # refused, the dialog still open
        assert app.store.rounds()[1].date == "2026-05-26"
        date.value = "2026-05-27"
        await press(pilot, "ctrl+s")
        await until(pilot, lambda: app.screen is not dialog, "recorded")
        round_2 = app.store.rounds()[1]
        assert (round_2.date, round_2.start_time) == ("2026-05-27", "15:00")
        [entry] = app.store.audit.log(limit=1)
        assert entry.summary == "round 2: 2026-05-27 15:00"
        await until(pilot, lambda: shown("27 May 15:00"), "the date beside round 2")
