"""A damaged or tampered event whose names, details, incidents and audit rows hold a
terminal's escape sequences (OSC 52 to the clipboard, OSC 2 to the title, blink, a C1 CSI, a
line break, a bidi override): the console shows them as escapes in its title and in every
pane and dialog, and obeys none."""

from __future__ import annotations

import pytest

from tests.control_chars import EVENT_NAME, OSC52, assert_shown_not_obeyed, damage
from tests.tui.helpers import console, drawn, press, settled
from tests.tui.hostile import hostile_event, screen_text


@pytest.fixture
def damaged_app(tmp_path, make_app, clock):  # type: ignore[no-untyped-def]
    path = hostile_event(tmp_path / "damaged.db", clock)
    damage(path)
    return make_app(path, preload=False)


async def test_the_console_shows_control_characters_and_obeys_none(damaged_app) -> None:
    app = damaged_app
    seen = []
    async with app.run_test(size=(160, 50)) as pilot:
        await settled(pilot)
        console(app).pane("pairings").show_round(1)  # type: ignore[attr-defined]
        await drawn(pilot)
        seen.append(screen_text(app))
        assert "Oslo\\x1b]2;pwned\\x07\\x1b[5m\\nx" in seen[-1]  # the header's title
        assert EVENT_NAME not in app.format_title(app.title, app.sub_title).plain
        for key in ("2", "3", "4", "5", "6", "7", "8"):
            await press(pilot, key)
            await drawn(pilot)
            seen.append(screen_text(app))
        await press(pilot, "5", "t")  # the desk's dialog about the first player
        await drawn(pilot)
        seen.append(screen_text(app))
        await press(pilot, "escape", "i")
        await drawn(pilot)
        seen.append(screen_text(app))
        await press(pilot, "escape")
    for text in seen:
        assert_shown_not_obeyed(text, "console")
    assert any("Evil\\x1b]52;c;aGVsbG8=\\x07Name" in text for text in seen)
    assert not any(OSC52 in text for text in seen)


async def test_text_that_took_another_road_is_shown_too(damaged_app) -> None:
    """A label, or any text that no table or title took: what reaches the screen with a
    control character in it is drawn with its escape, the line kept to its width."""
    from textual.widgets import Static

    app = damaged_app
    async with app.run_test(size=(100, 30)) as pilot:
        await settled(pilot)
        await app.screen.mount(Static(f"label {OSC52} end", markup=False, id="raw"))
        await drawn(pilot)
        text = screen_text(app)
        assert_shown_not_obeyed(text, "console")
        assert "label Evil\\x1b]52;c;aGVsbG8=" in text  # (Textual drops the BEL itself)
