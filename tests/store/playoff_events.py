"""Small tied events for the play-off tests (store, command line, console): four players, three
rounds, and a first place shared by two or by three players (§5).

Every game is won by White except where a tie needs otherwise, so each event is a line to read:
in the two-way tie Carlsen and So both win twice (6 points), Giri and Anand once (3 points, places
3-4 shared); in the three-way tie Carlsen, So and Giri win twice and Anand never; with ``tied=1``
Carlsen wins all three and nobody shares first.
"""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

from normtui.assets import read_profile_text
from normtui.store import EventStore, PlayerInput

NAMES = ("Carlsen, Magnus", "So, Wesley", "Giri, Anish", "Anand, Viswanathan")
PRIZES = (750000, 400000, 250000, 100000)
CLOCK = datetime(2022, 6, 10, 18, 0, tzinfo=UTC)


def small_profile_text(*, armageddon_colours: str = "lots") -> str:
    """The 2022 profile for four players and three rounds, the prizes still summing to the fund."""
    text = read_profile_text()
    for old, new in (
        ("players = 10 ", "players = 4 "),
        ("rounds = 9 ", "rounds = 3 "),
        ("fund = 2500000", f"fund = {sum(PRIZES)}"),
        (
            "amounts = [750000, 400000, 250000, 200000, 180000, 170000, 160000, 140000, 130000, "
            "120000]",
            f"amounts = [{', '.join(map(str, PRIZES))}]",
        ),
        ('armageddon_colours = "lots"', f'armageddon_colours = "{armageddon_colours}"'),
    ):
        assert old in text, old
        text = text.replace(old, new)
    return text


def tied_event(
    path: Path, tied: int = 2, *, armageddon_colours: str = "lots", complete: bool = True
) -> Path:
    """An event file with first place shared by ``tied`` (1, 2 or 3) players; with ``complete``
    false the last game is left without a result."""
    store = EventStore.create(
        path,
        [PlayerInput(n, 2800 - 10 * i) for i, n in enumerate(NAMES)],
        small_profile_text(armageddon_colours=armageddon_colours),
        actor="test",
        clock=lambda: CLOCK,
    )
    try:
        games = store.games()
        for g in games[:-1] if not complete else games:
            # Three-way: Giri (3) beats Anand (4) with Black; one leader: Carlsen (1) beats Giri.
            result = "0-1" if (tied, g.white, g.black) in ((3, 4, 3), (1, 3, 1)) else "1-0"
            store.games.enter_result(g.round, g.white, g.black, result)
    finally:
        store.close()
    return path


KINDS: dict[str, dict[str, object]] = {
    "two": {"tied": 2},
    "three": {"tied": 3},
    "one": {"tied": 1},
    "unfinished": {"tied": 2, "complete": False},
    "choose": {"tied": 2, "armageddon_colours": "higher_ranked_chooses"},
}


def make_events(folder: Path, *kinds: str) -> dict[str, Path]:
    """The events of ``KINDS`` named (all by default), made once in ``folder``: a session
    fixture copies them for each test (making one costs a few dozen transactions)."""
    return {
        kind: tied_event(folder / f"{kind}.db", **KINDS[kind])  # type: ignore[arg-type]
        for kind in kinds or KINDS
    }


def copy_event(events: dict[str, Path], kind: str, folder: Path) -> Path:
    """A private copy of one of ``events``, for a test that writes to it."""
    target = folder / f"{kind}-{len(list(folder.glob(f'{kind}-*.db')))}.db"
    shutil.copyfile(events[kind], target)
    return target
