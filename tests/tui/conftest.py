"""Shared fixtures of the console tests: a copy of the demo event and an app that is
deterministic (fixed clock, no polling, no header clock) so pilot and snapshot tests agree.

``demo_copy`` copies the top-level ``demo.db`` when it exists; otherwise it builds an
equivalent event once per session from the real 2022 games: rounds 1–6 complete and signed,
round 7 under way (one board finished and unsigned, one drawn with its Armageddon waiting,
one in progress, two scheduled).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from normtui.assets import DATA_2022, read_profile_text
from normtui.store import EventStore, PlayerInput
from normtui.tui.app import NormtuiApp

ROOT = Path(__file__).resolve().parents[2]
DEMO_DB = ROOT / "demo.db"

# Round 7 of 2022 was played on 7 June; the console is looked at during the round.
OSLO = timezone(timedelta(hours=2))
NOW = datetime(2022, 6, 7, 17, 45, tzinfo=OSLO)
SNAPSHOT_SIZE = (120, 40)

# 2022 pairing numbers (So chose 1 after winning the blitz opener); names as in the PGN files.
NAMES_2022 = ["So, Wesley", "Carlsen, Magnus", "Giri, Anish", "Anand, Viswanathan",
              "Mamedyarov, Shakhriyar", "Tari, Aryan", "Vachier-Lagrave, Maxime",
              "Topalov, Veselin", "Wang, Hao", "Radjabov, Teimour"]


class FakeClock:
    """A clock tests can move forward: the store stamps with it, the app counts down with it."""

    def __init__(self, start: datetime = NOW) -> None:
        self.at = start

    def __call__(self) -> datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)


def _tags(path: Path) -> list[dict[str, str]]:
    """The header tags of each game (a regex is enough, and keeps python-chess out)."""
    games: list[dict[str, str]] = []
    current: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r'\[(\w+) "(.*)"\]', line)
        if m:
            if m.group(1) == "Event" and current:
                games.append(current)
                current = {}
            current[m.group(1)] = m.group(2)
    if current:
        games.append(current)
    return games


def build_demo(path: Path) -> None:
    """An event like demo.db: the real 2022 results of rounds 1-6, round 7 under way."""
    clock = FakeClock(datetime(2022, 5, 31, 16, 0, tzinfo=OSLO))
    store = EventStore.create(path, [PlayerInput(n) for n in NAMES_2022], read_profile_text(),
                              actor="arbiter", clock=clock)
    number = {n: i for i, n in enumerate(NAMES_2022, start=1)}
    armageddons = {(t["White"], t["Black"]): t["Result"]
                   for t in _tags(DATA_2022 / "armageddon.pgn")}
    try:
        for t in _tags(DATA_2022 / "classical.pgn"):
            round_ = int(t["Round"])
            if round_ > 7:
                continue
            clock.at = datetime(2022, 5, 30, 19, 0, tzinfo=OSLO) + timedelta(days=round_)
            white, black = number[t["White"]], number[t["Black"]]
            result = t["Result"].replace("1/2", "½")
            arm = armageddons.get((t["White"], t["Black"])) if result == "½-½" else None
            game = store.find_game(round_, white, black)
            if round_ == 7:
                # Round 7 under way, fixed by board so the fixture never depends on file order.
                if game.board == 1:
                    store.enter_result(7, white, black, result, armageddon=arm)
                elif game.board == 2:
                    clock.at = NOW - timedelta(minutes=5)
                    store.enter_result(7, white, black, "½-½")
                elif game.board == 3:
                    store.set_game_state(game.id, "in_progress")
                continue
            store.enter_result(round_, white, black, result, armageddon=arm)
            for who in ("white", "black", "arbiter"):
                store.sign(game.id, who)  # type: ignore[arg-type]
    finally:
        store.close()


@pytest.fixture(scope="session")
def _demo_source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if DEMO_DB.exists():
        return DEMO_DB
    path = tmp_path_factory.mktemp("demo") / "demo.db"
    build_demo(path)
    return path


@pytest.fixture
def demo_copy(_demo_source: Path, tmp_path: Path) -> Path:
    """A private copy of the demo event: tests may write to it."""
    target = tmp_path / "demo.db"
    shutil.copyfile(_demo_source, target)
    return target


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_app(clock: FakeClock) -> Callable[..., NormtuiApp]:
    """``make_app(path, **kwargs)``: the console on ``path`` with the fixed clock, no polling and
    no clock in the header, so that pilot runs and snapshots are the same every time."""
    stores: list[EventStore] = []

    def make(path: Path, **kwargs: object) -> NormtuiApp:
        store = EventStore.open(path, actor="arbiter", clock=clock)
        stores.append(store)
        options: dict[str, object] = {"poll_seconds": 0, "now": clock, "show_clock": False}
        options.update(kwargs)
        return NormtuiApp(store, **options)  # type: ignore[arg-type]

    yield make  # type: ignore[misc]
    for store in stores:
        store.close()
