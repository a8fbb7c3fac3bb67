"""The start of an Armageddon (§2: within 20 minutes of the draw): recorded by the arbiter (the
console's p, `normtui start ROUND --board N --armageddon`) as the feed's first move of it does;
its countdown stops, and a result or a correction away from the draw ends it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from click.testing import CliRunner

from normtui.cli import cli
from normtui.rules.model import RuleError
from normtui.store import EventStore
from tests.store.test_games import refused


class Clock:
    def __init__(self) -> None:
        self.at = datetime(2022, 6, 1, 16, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at


def _drawn(event_path: Path, clock: Clock) -> tuple[EventStore, int]:
    store = EventStore.open(event_path, actor="test", clock=clock)
    store.games.enter_result(1, "So", "Radjabov", "1/2-1/2")
    game = store.games.find(1, "So", "Radjabov")
    return store, game.id


def test_started_within_the_window_stops_its_countdown(event_path: Path) -> None:
    clock = Clock()
    store, game_id = _drawn(event_path, clock)
    with store:
        clock.at += timedelta(minutes=12)
        entry = store.games.start_armageddon(game_id)
        assert entry is not None and (entry.action, entry.summary) == (
            "armageddon start",
            "round 1 board 1 (So-Radjabov): Armageddon under way (within the 20 minutes "
            "after the draw, §2)",
        )
        game = store.games.get(game_id)
        assert game.armageddon_under_way and game.armageddon_started_at == clock.at
        assert game.to_json()["armageddon_started_at"] is not None
        assert store.games.start_armageddon(game_id) is None  # already: nothing written
        store.games.enter_armageddon(1, "So", "Radjabov", "0-1")
        assert not store.games.get(game_id).armageddon_under_way
        refused(
            store,
            lambda: store.games.start_armageddon(game_id),
            RuleError,
            "the Armageddon has its result (0-1)",
        )


def test_a_late_start_is_said_and_taken_back_or_undone(event_path: Path) -> None:
    clock = Clock()
    store, game_id = _drawn(event_path, clock)
    with store:
        clock.at += timedelta(minutes=27)
        entry = store.games.start_armageddon(game_id)
        assert entry is not None and entry.summary.endswith(
            "(started 7 min late: more than 20 minutes after the draw, §2)"
        )
        back = store.games.start_armageddon(game_id, started=False)
        assert back is not None and back.summary.endswith("Armageddon waiting again (not started)")
        store.games.start_armageddon(game_id)
        store.audit.undo()
        assert store.games.get(game_id).armageddon_started_at is None
        # A correction away from the draw leaves no Armageddon, started or not.
        store.games.start_armageddon(game_id)
        store.games.enter_result(1, "So", "Radjabov", "1-0", correction=True)
        assert store.games.get(game_id).armageddon_started_at is None


def test_only_a_drawn_game_s_armageddon_starts(event_path: Path) -> None:
    with EventStore.open(event_path, actor="test", clock=Clock()) as store:
        game = store.games.find(1, "So", "Radjabov")
        refused(
            store,
            lambda: store.games.start_armageddon(game.id),
            RuleError,
            "an Armageddon follows a drawn game; this one has no result yet",
        )


def test_the_command_line_starts_a_board_s_armageddon(event_path: Path) -> None:
    with EventStore.open(event_path, actor="test", clock=Clock()) as store:
        store.games.enter_result(1, "So", "Radjabov", "1/2-1/2")
    run = CliRunner()
    result = run.invoke(cli, ["start", str(event_path), "1", "--board", "1", "--armageddon"])
    assert result.exit_code == 0, result.output
    assert "Armageddon under way" in result.output
    again = run.invoke(cli, ["start", str(event_path), "1", "--board", "1", "--armageddon"])
    assert again.exit_code == 0 and "already under way" in again.output
    alone = run.invoke(cli, ["start", str(event_path), "1", "--armageddon"])
    assert alone.exit_code == 2 and "--armageddon goes with --board" in alone.stderr
    plain = run.invoke(cli, ["start", str(event_path), "1", "--board", "2", "--armageddon"])
    assert plain.exit_code == 2 and "follows a drawn game" in plain.stderr
