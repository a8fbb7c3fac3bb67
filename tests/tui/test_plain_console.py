"""The console of a plain 1 / ½ / 0 round robin (`fide-round-robin` with a play-off for a shared
first place, no prize table), at 80x24 and 120x40: every pane, in the middle of a round and
after the play-off, shows nothing of money, of an Armageddon or of Norway's rule book."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from normtui.tui.panes import PANES
from normtui.tui.screens.help import HelpScreen, help_text
from tests.plain_event import RESULTS, plain_event
from tests.tui.helpers import console, drawn, press, settled
from tests.tui.hostile import screen_text

SIZES = ((80, 24), (120, 40))


async def every_pane(app, size: tuple[int, int]) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The screen of each pane, as text, and the help (`?`): the screen and its whole text."""
    shown = {}
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        for key, pane_id, _module, _cls in PANES:
            await press(pilot, key)
            await app.workers.wait_for_complete()
            await drawn(pilot)
            shown[pane_id] = screen_text(app)
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await drawn(pilot)
        shown["help"] = screen_text(app) + help_text(console(app))
    return shown


# Money; an Armageddon; Norway; an article of its rule book ("§5", "§9 a"; FIDE's handbook
# numbers its own, "B.01 §1.4.2c").
NOT_HERE = re.compile(r"prize|\bEUR\b|armageddon|norway|(?<!B\.0\d )§\d(?![.\d])", re.I)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("results", (3, len(RESULTS)), ids=("mid-event", "after the play-off"))
async def test_no_pane_speaks_of_money_an_armageddon_or_norway(  # type: ignore[no-untyped-def]
    tmp_path: Path, make_app, size, results
) -> None:
    """Every pane and the help, in the middle of round 2 and after the play-off (two blitz
    games, then sudden death): no prize, no Armageddon, no Norway article."""
    db = plain_event(tmp_path, results, playoff=results == len(RESULTS))
    shown = await every_pane(make_app(db, preload=False), size)
    found = {
        pane: sorted({m.lower() for m in NOT_HERE.findall(text)}) for pane, text in shown.items()
    }
    assert {pane: words for pane, words in found.items() if words} == {}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_draw_is_no_armageddon_due(tmp_path: Path, make_app, size) -> None:  # type: ignore[no-untyped-def]
    """Round 2's two draws are complete: the boards say neither "due" nor "Armageddon", the
    header counts no Armageddon waiting, and ctrl+a opens none."""
    db = plain_event(tmp_path, 4)
    app = make_app(db, preload=False)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        pane = console(app).pane("pairings")
        pane.show_round(2)  # type: ignore[attr-defined]
        await drawn(pilot)
        table = pane.table  # type: ignore[attr-defined]
        assert [g.result.value for g in table.games] == ["1/2-1/2", "1/2-1/2"]
        assert not any(g.armageddon_due for g in table.games)
        shown = screen_text(app)
        assert "Armageddon" not in shown and "Armag." not in shown
        assert not re.search(r"\bdue\b", shown)
        await press(pilot, "ctrl+a")
        assert app.screen is console(app)


async def test_the_console_gives_the_one_answer(tmp_path: Path, make_app) -> None:  # type: ignore[no-untyped-def]
    """No play-off in the event: the standings and the play-off pane say, as every command
    does, that the tie-breaks decide the shared first place."""
    db = plain_event(tmp_path, rule=False)
    said = "Equal first on points: Aune, Anna; Berg, Bo. The tie-breaks decide it (FIDE C.07)"
    shown = await every_pane(make_app(db, preload=False), (120, 40))
    assert said in shown["standings"] and said in shown["playoff"]
    assert "play-off decides" not in shown["standings"] + shown["playoff"]
