"""Fixtures of the live feed's tests: the demo event (round 7 under way) and a LiveChess folder
written by the replay of the real round 7, step by step, with a clock the tests move."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from normtui.demo.replay import Replay, Step
from normtui.store import EventStore

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "feed"
STAVANGER = timezone(timedelta(hours=2))
START = datetime(2022, 6, 7, 16, 0, tzinfo=STAVANGER)


class Clock:
    def __init__(self, at: datetime = START) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def demo(tmp_path: Path, clock: Clock) -> Iterator[EventStore]:
    target = tmp_path / "demo.db"
    shutil.copyfile(ROOT / "demo.db", target)
    store = EventStore.open(target, actor="arbiter", clock=clock)
    yield store
    store.close()


class Board:
    """A LiveChess folder played by the replay: ``play(until=...)`` writes every step up to
    that many seconds of its timeline (a move a second on each board), moving the clock."""

    def __init__(self, folder: Path, clock: Clock, layout: str = "per-game") -> None:
        self.clock = clock
        self.replay = Replay(folder, 7, every=1.0, layout=layout, now=clock)
        self.steps = self.replay.steps()
        self.done = 0
        self.folder = self.replay.folder
        self.folder.mkdir(parents=True)

    def play(self, until: float) -> Step | None:
        last = None
        while self.done < len(self.steps) and self.steps[self.done].at <= until:
            step = self.steps[self.done]
            self.clock.at = START + timedelta(seconds=step.at)
            self.replay.write(step)
            last = step
            self.done += 1
        return last

    def to_end(self) -> None:
        self.play(float("inf"))

    def game(self, white: str) -> int:
        return next(
            g.number
            for g in self.replay.games
            if g.tags["White"].startswith(white) and not g.armageddon
        )


@pytest.fixture
def board(tmp_path: Path, clock: Clock) -> Board:
    return Board(tmp_path / "live", clock)
