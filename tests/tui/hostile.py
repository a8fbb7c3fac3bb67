"""An event whose players, arbiter and records are named like Rich markup: each name
must be shown as the letters it is, never parsed (``a[/]b`` crashed the console,
``[bold red]Mark[/]`` was shown red, ``[@click=app.quit]Q[/]`` became a clickable action).

Built through the store's API, as an event would be: round 1 with results, a draw whose
Armageddon is due, a fine, an incident with a markup description and decision, a record
attached, and a withdrawal; ``a[/]b`` leads, so the play-off pane names it too.
"""

from __future__ import annotations

from pathlib import Path

from normtui.assets import read_profile_text
from normtui.store import EventStore, PlayerInput

HOSTILE = ("a[/]b", "[link=http://x]L", "[bold red]Mark[/]", "[@click=app.quit]Q[/]")
OTHERS = (
    "Carlsen, Magnus",
    "So, Wesley",
    "Giri, Anish",
    "Anand, Viswanathan",
    "Tari, Aryan",
    "Wang, Hao",
)
ACTOR = "[b]deputy[/b]"
DESCRIPTION = "phone [blink]rang[/]"
DECISION = "[red]game lost[/]"


def hostile_event(path: Path, clock: object) -> Path:
    players = [PlayerInput(name, 2800 - 10 * i) for i, name in enumerate(HOSTILE + OTHERS)]
    store = EventStore.create(path, players, read_profile_text(), actor=ACTOR, clock=clock)  # type: ignore[arg-type]
    try:
        # Round 1 (Berger): 1-10, 2-9, 3-8, 4-7, 5-6.
        store.games.enter_result(1, 1, 10, "1-0")  # a[/]b leads
        store.games.enter_result(1, 2, 9, "1/2-1/2")  # its Armageddon is due
        store.games.enter_result(1, 3, 8, "0-1")
        store.desk.record_arrival(1, 3, False)  # fined
        store.desk.record_incident(1, 4, "electronic_device", DESCRIPTION, DECISION)
        store.rounds.start(1)
        game = store.games.find(1, 1, 10)
        store.games.attach_pgn(
            game.id,
            "main",
            f'[White "{HOSTILE[0]}"]\n[Black "Wang, Hao"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n',
        )
        store.desk.withdraw(4)  # [@click=app.quit]Q[/]: every game forfeit
    finally:
        store.close()
    return path


def screen_text(app: object) -> str:
    """What the screen shows, as plain text (from Textual's own screenshot)."""
    import html
    import re

    svg = app.export_screenshot()  # type: ignore[attr-defined]
    text = re.sub(r"<[^>]+>", "", svg)
    return html.unescape(text).replace("\xa0", " ")
