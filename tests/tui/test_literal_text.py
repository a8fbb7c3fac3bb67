"""Every name, summary and record text is shown as literal text, everywhere in the
console. Players named like Rich markup (``a[/]b`` ended the console with a MarkupError in the
pairings table, the audit detail and the play-off status; ``[bold red]Mark[/]`` was shown red;
``[@click=app.quit]Q[/]`` became a clickable action), an arbiter named ``[b]deputy[/b]``, an
incident described and decided in markup: each pane and each dialog that names them shows the
letters typed."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from textual.pilot import Pilot

from normtui.tui.screens.armageddon import ArmageddonScreen
from tests.tui.helpers import console, drawn, press, settled
from tests.tui.hostile import ACTOR, DECISION, DESCRIPTION, HOSTILE, hostile_event, screen_text

TUI = Path(__file__).resolve().parents[2] / "normtui" / "tui"


@pytest.fixture
def hostile_app(tmp_path, make_app, clock):  # type: ignore[no-untyped-def]
    return make_app(hostile_event(tmp_path / "hostile.db", clock), preload=False)


async def shows(pilot, *texts: str) -> None:  # type: ignore[no-untyped-def]
    """Each of ``texts`` on the screen as typed, once it has drawn what came before."""
    await drawn(pilot)
    shown = screen_text(pilot.app)
    for text in texts:
        assert text in shown, f"{text!r} not shown literally"


async def test_every_pane_and_dialog_shows_markup_names_as_typed(hostile_app) -> None:
    app = hostile_app
    async with app.run_test(size=(160, 50)) as pilot:
        await settled(pilot)
        console(app).pane("pairings").show_round(1)  # type: ignore[attr-defined]
        await shows(pilot, *HOSTILE, "arbiter: arbiter")  # the header: the acting arbiter
        # The Armageddon of board 2 ([link=http://x]L against Giri): names on its buttons.
        await press(pilot, "g", "down", "a")
        assert isinstance(app.screen, ArmageddonScreen)
        await shows(pilot, "[link=http://x]L")
        await press(pilot, "escape")
        for key in ("f2", "f3", "f4", "f5", "f6", "f7"):  # every pane built with these names
            await press(pilot, key)
        await press(pilot, "6")
        await shows(pilot, ACTOR, HOSTILE[3])  # every audit row names its actor; summaries literal
        await press(pilot, "5")
        await shows(pilot, DESCRIPTION, DECISION, "[bold red]Mark[/]")
        # The desk's dialogs about a player: title and sex, withdrawal, absence.
        await press(pilot, "t")
        await shows(pilot, "a[/]b: for the rating report")
        await press(pilot, "escape")
        await press(pilot, "down", "down", "w")
        await shows(pilot, "Withdraw [bold red]Mark[/] from the event")
        await press(pilot, "n")
        await press(pilot, "a")
        await shows(pilot, "[bold red]Mark[/] was not in the playing area")
        await press(pilot, "escape")
        await press(pilot, "i")
        await shows(pilot, "3 [bold red]Mark[/]")
        await press(pilot, "escape")
        await press(pilot, "7")
        await shows(pilot, "First place is shared now: Anand; a[/]b")
        assert app.is_running  # [@click=app.quit] was never an action


def test_hostile_names_snapshot(hostile_app, snap_compare) -> None:
    """The pairings of round 1 at 80x24 with the markup names as they are typed."""

    async def round_1(pilot: Pilot[None]) -> None:
        await settled(pilot)
        console(pilot.app).pane("pairings").show_round(1)  # type: ignore[attr-defined]

    assert snap_compare(hostile_app, terminal_size=(80, 24), run_before=round_1)


def test_hostile_names_in_the_audit_log_snapshot(hostile_app, snap_compare) -> None:
    assert snap_compare(hostile_app, press=["6"], terminal_size=(80, 24))


def _calls_with_user_text() -> list[str]:
    """Calls in the console's code that hand a widget an f-string (text that may hold a
    name) where Textual would parse it as markup: notify(...) without markup=False, and
    Static(...)/Label(...)/Button(...) with an f-string and no markup=False."""
    found = []
    for path in sorted(TUI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = (
                node.func.attr
                if isinstance(node.func, ast.Attribute)
                else node.func.id
                if isinstance(node.func, ast.Name)
                else ""
            )
            if name not in ("notify", "Static", "Label", "Button"):
                continue
            if not node.args or not isinstance(node.args[0], ast.JoinedStr):
                continue
            literal = any(
                k.arg == "markup" and isinstance(k.value, ast.Constant) and k.value.value is False
                for k in node.keywords
            )
            if not literal:
                found.append(f"{path.relative_to(TUI)}:{node.lineno} {name}")
    return found


def test_no_widget_is_handed_an_f_string_as_markup() -> None:
    """The class of the defect, checked in the source: an f-string reaching a widget is
    literal (markup=False, or rich.text.Text), so a name can never be markup."""
    assert _calls_with_user_text() == []
