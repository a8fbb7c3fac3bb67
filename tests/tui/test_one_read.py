"""The console reads the event once per change: a result and the standings after it cost a
dozen SQL statements at most, and no PGN text is read to show them (the console's snapshot,
``normtui.store.picture``; docs/console-snapshot.md)."""

from __future__ import annotations

import re

from normtui.rules.model import MainResult
from tests.tui.conftest import SNAPSHOT_SIZE
from tests.tui.helpers import console, pairings, press, to_board, until

# A statement that hands back a game's PGN text: its column selected as a value (not only
# asked whether it is there), or a whole row of the games table.
_TEXT = re.compile(r"\b(?:armageddon_)?pgn\b(?! IS NOT NULL)|SELECT \* FROM games\b")
# The audit log's image of the row a change writes, before and after (normtui.store.audit):
# the one row of the board written.
_ROW_WRITTEN = re.compile(r"^SELECT \* FROM games WHERE id = (\d+)$")


async def _idle(pilot) -> None:  # type: ignore[no-untyped-def]
    """Until the console has nothing left to do: its workers (the race's search) done and the
    messages they posted handled."""
    app = pilot.app
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


async def test_a_result_and_the_standings_cost_a_dozen_statements(demo_app) -> None:
    """`w` on round 7 board 1 of the demo (White wins), then `3` (the standings): the result
    written with its audit row (11 statements as SQLite traces them, the log's chain and its
    trigger included), the game it changed read again (1), the standings worked out from the
    snapshot (none); counted on the console's own connection until it is idle."""
    app = demo_app
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await until(pilot, lambda: console(app).ready, "the console open")
        await to_board(pilot, 1)
        game = pairings(app).table.game
        assert game is not None and (game.round, game.board, game.result) == (7, 1, None)
        await _idle(pilot)
        said: list[str] = []
        app.store._core.conn.set_trace_callback(said.append)
        try:
            await press(pilot, "w")
            await _idle(pilot)
            after_w = len(said)
            await press(pilot, "3")
            await _idle(pilot)
            await until(
                pilot, lambda: console(app).pane("standings").shown, "the standings in front"
            )
            await _idle(pilot)
        finally:
            app.store._core.conn.set_trace_callback(None)
        assert app.store.games.get(game.id).result is MainResult.WHITE_WIN
        assert len(said) <= 12, "\n".join(said)
        assert len(said) - after_w == 0, said[after_w:]  # the standings: from the snapshot
        reads = [s for s in said if s.lstrip().startswith("SELECT")]
        texts = [s for s in reads if _TEXT.search(s)]
        for statement in texts:
            # Only the audit's image of the one row written, which has no record: nothing
            # of a PGN text is read.
            written = _ROW_WRITTEN.match(" ".join(statement.split()))
            assert written is not None and int(written[1]) == game.id, statement
        assert not game.has_pgn and not game.has_armageddon_pgn
