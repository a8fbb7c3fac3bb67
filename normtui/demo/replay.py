"""The real 2022 games of a round, played again into a folder as DGT LiveChess writes them: for
demos, the tests and the benchmark of the live boards.

    python -m normtui.demo --live FOLDER [--round 7] [--speed 60] [--every SECONDS]

Layout and format are LiveChess 2's "Export to local filesystem" with "Combine PGNs per round"
and "Export as e-PGN": ``FOLDER/round-7/game-1.pgn`` … one file per game, and ``games.pgn`` with
all of them, every file rewritten in place after each move. Each game's tags are DGT's
(``ePGN``, ``WhiteClock``/``BlackClock``, ``ReferenceTime``), each move has its clock and the
time it took (``{[%clk 01:59:23]} {[%emt 00:00:37]}``). The moves and results are the real
ones (assets/data/norway-chess-2022); the times are not in the published games and are made
up, plausibly and the same every time (seeded): quick opening moves, a slower middle game, time
getting short before move 40, 120' + 10" from move 41 (§2), White 10' and Black 7' in the
Armageddon (§3). A drawn game's Armageddon starts a few minutes after it (§2: within 20) as the
next game of the round, ``game-6.pgn`` and on, with the same Event tag as the main games.

``--speed 60`` plays an hour of the round in a minute; ``--every 1`` plays a move on each board
every second whatever the clocks say (the benchmark's load).
"""

from __future__ import annotations

import errno
import math
import random
import stat
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path

import chess
import chess.pgn

from normtui.demo.data2022 import DATA_2022, NUMBERS
from normtui.rules.berger import berger_round

__all__ = ["Replay", "ReplayGame", "Step", "game_text", "round_games"]

EPGN = "0.1;DGT LiveChess/2.2.5"
# Game time from the end of a drawn game to the start of its Armageddon (§2: within 20').
_ARMAGEDDON_AFTER = (6 * 60, 14 * 60)


@dataclass(frozen=True)
class ReplayGame:
    """One game of the round: ``plies`` are (SAN, clock after it, seconds it took); ``start``
    and ``times`` are seconds of game time from the start of the round."""

    number: int
    round: int
    tags: dict[str, str]
    plies: tuple[tuple[str, int, int], ...]
    result: str
    start: float
    armageddon: bool

    @property
    def times(self) -> list[float]:
        """When each half-move was made."""
        at, out = self.start, []
        for _san, _clock, used in self.plies:
            at += used
            out.append(at)
        return out

    @property
    def end(self) -> float:
        """When the result was written: half a minute after the last move (hands shaken)."""
        times = self.times
        return (times[-1] if times else self.start) + 30


def _read(path: Path, round_no: int) -> list[chess.pgn.Game]:
    """The games of one round (the others' moves are skipped, not played)."""
    games: list[chess.pgn.Game] = []
    with path.open(encoding="utf-8") as f:
        while True:
            at = f.tell()
            headers = chess.pgn.read_headers(f)
            if headers is None:
                return games
            if headers.get("Round", "").split(".")[0] == str(round_no):
                f.seek(at)
                game = chess.pgn.read_game(f)
                assert game is not None
                games.append(game)


def _think(rng: random.Random, moves: int, budget: float, inc: int) -> list[int]:
    """Seconds each of a player's ``moves`` takes: weights shaped like a real game (quick
    opening, slow middle, hurried before the control), scaled to ``budget`` by move 40, then
    around the increment's worth."""
    raw = []
    for m in range(1, max(moves, 40) + 1):
        shape = 0.15 if m <= 8 else 0.6 if 32 <= m <= 40 else 1.0
        raw.append(shape * math.exp(rng.gauss(0, 0.7)))
    scale = budget / sum(raw[:40])
    out = []
    for m in range(1, moves + 1):
        seconds = raw[m - 1] * scale if m <= 40 else rng.uniform(0.4, 1.6) * inc * 1.5
        out.append(max(1, round(seconds)))
    return out


def _clocked(
    sans: list[str],
    white_base: int,
    black_base: int,
    inc: int,
    inc_from: int,
    rng: random.Random,
    left_at_40: tuple[float, float],
    floor: float,
) -> tuple[tuple[str, int, int], ...]:
    per_side = {True: (len(sans) + 1) // 2, False: len(sans) // 2}
    thinking = {}
    for white, base in ((True, white_base), (False, black_base)):
        budget = base - rng.uniform(*left_at_40)
        thinking[white] = _think(rng, per_side[white], budget, inc)
    clocks = {True: white_base, False: black_base}
    out: list[tuple[str, int, int]] = []
    for i, san in enumerate(sans):
        white = i % 2 == 0
        move = i // 2 + 1
        used = thinking[white][i // 2]
        earned = inc if move >= inc_from else 0
        used = min(used, max(1, int(clocks[white] + earned - floor)))
        clocks[white] = clocks[white] - used + earned
        out.append((san, clocks[white], used))
    return tuple(out)


def _sans(game: chess.pgn.Game) -> list[str]:
    board = game.board()
    out = []
    for move in game.mainline_moves():
        out.append(board.san(move))
        board.push(move)
    return out


@cache
def round_games(round_no: int = 7, seed: int = 2022) -> tuple[ReplayGame, ...]:
    """The games of a 2022 round with their made-up clocks: boards 1-5, then the Armageddons
    in the order they start."""
    rng = random.Random(seed * 100 + round_no)
    classical = _read(DATA_2022 / "classical.pgn", round_no)
    if not classical:
        raise ValueError(f"2022 has no round {round_no}; rounds are 1-9")
    # Board order is the Berger table's with the 2022 pairing numbers (the file's is not).
    pairing_no = {name: i + 1 for i, name in enumerate(NUMBERS)}
    boards = [(p.white, p.black) for p in berger_round(len(NUMBERS), round_no)]
    classical.sort(
        key=lambda g: boards.index((pairing_no[g.headers["White"]], pairing_no[g.headers["Black"]]))
    )
    armageddons = {
        (g.headers["White"], g.headers["Black"]): g
        for g in _read(DATA_2022 / "armageddon.pgn", round_no)
    }
    out = []
    for number, game in enumerate(classical, start=1):
        plies = _clocked(_sans(game), 7200, 7200, 10, 41, rng, (5 * 60, 25 * 60), 40)
        out.append(
            ReplayGame(
                number, round_no, dict(game.headers), plies, game.headers["Result"], 0.0, False
            )
        )
    later = []
    for main in out:
        arm = armageddons.get((main.tags["White"], main.tags["Black"]))
        if arm is None or main.result != "1/2-1/2":
            continue
        plies = _clocked(_sans(arm), 600, 420, 1, 41, rng, (20, 150), 5)
        tags = dict(arm.headers)
        tags["Event"] = main.tags["Event"]  # one LiveChess tournament: one Event tag
        later.append(
            ReplayGame(
                0,
                round_no,
                tags,
                plies,
                arm.headers["Result"],
                main.end + rng.uniform(*_ARMAGEDDON_AFTER),
                True,
            )
        )
    later.sort(key=lambda g: g.start)
    for i, g in enumerate(later, start=len(out) + 1):
        out.append(ReplayGame(i, g.round, g.tags, g.plies, g.result, g.start, True))
    return tuple(out)


def _hms(seconds: float) -> str:
    whole = max(0, int(seconds))
    return f"{whole // 3600:02d}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def game_text(game: ReplayGame, done: int, finished: bool, reference: datetime) -> str:
    """The game's PGN as LiveChess writes it after ``done`` half-moves (and its result once
    ``finished``); ``reference`` is the wall time of its clocks."""
    tc = "600+1" if game.armageddon else "7200+10"
    plies = game.plies[:done]
    white_clock = next(
        (c for i, (_s, c, _u) in reversed(list(enumerate(plies))) if i % 2 == 0),
        600 if game.armageddon else 7200,
    )
    black_clock = next(
        (c for i, (_s, c, _u) in reversed(list(enumerate(plies))) if i % 2 == 1),
        420 if game.armageddon else 7200,
    )
    result = game.result if finished else "*"
    tags = [
        ("ePGN", EPGN),
        ("Event", game.tags.get("Event", "?")),
        ("Site", game.tags.get("Site", "?")),
        ("Date", game.tags.get("Date", "?")),
        ("Round", f"{game.round}.{game.number}"),
        ("White", game.tags["White"]),
        ("Black", game.tags["Black"]),
        ("Result", result),
        ("TimeControl", tc),
        ("WhiteClock", _hms(white_clock)),
        ("BlackClock", _hms(black_clock)),
        (
            "ReferenceTime",
            f"{'W' if done % 2 == 0 else 'B'}/{reference.isoformat(timespec='milliseconds')}",
        ),
    ]
    for side in ("White", "Black"):
        for extra in ("Elo", "FideId"):
            if f"{side}{extra}" in game.tags:
                tags.append((f"{side}{extra}", game.tags[f"{side}{extra}"]))
    head = "\n".join(f'[{k} "{v}"]' for k, v in tags)
    words: list[str] = []
    for i, (san, clock, used) in enumerate(plies):
        if i % 2 == 0:
            words.append(f"{i // 2 + 1}.")
        words += [san, f"{{[%clk {_hms(clock)}]}}", f"{{[%emt {_hms(used)}]}}"]
    words.append(result)
    lines, line = [], ""
    for word in words:  # LiveChess wraps the moves at 80 columns
        if line and len(line) + 1 + len(word) > 79:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return f"{head}\n\n" + "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Step:
    """At ``at`` seconds of wall time from the start, game ``game`` has ``done`` half-moves."""

    at: float
    game: int
    done: int
    finished: bool


class Replay:
    """Writes a round into ``folder`` as it happens (see the module's doc)."""

    def __init__(
        self,
        folder: Path,
        round_no: int = 7,
        *,
        speed: float = 60.0,
        every: float | None = None,
        seed: int = 2022,
        layout: str = "both",
        now: Callable[[], datetime] = lambda: datetime.now().astimezone(),
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if speed <= 0 or (every is not None and every <= 0):
            raise ValueError("--speed and --every must be above 0")
        self.folder = Path(folder) / f"round-{round_no}"
        self.games = round_games(round_no, seed)
        self.speed = speed
        self.every = every
        self.layout = layout
        self._now = now
        self._sleep = sleep
        self._state = {g.number: (0, False) for g in self.games}

    def steps(self) -> list[Step]:
        """Every write of the round, in order of wall time."""
        out = []
        if self.every is not None:
            # One half-move per board per interval; an Armageddon starts when its game ends.
            start: dict[int, float] = {}
            for g in self.games:
                if not g.armageddon:
                    start[g.number] = 0.0
            ends: dict[tuple[str, str], float] = {}
            for g in self.games:
                key = (g.tags["White"], g.tags["Black"])
                begin = start.get(g.number, ends.get(key, 0.0) + self.every)
                for done in range(1, len(g.plies) + 1):
                    out.append(Step(begin + done * self.every, g.number, done, False))
                end = begin + (len(g.plies) + 1) * self.every
                out.append(Step(end, g.number, len(g.plies), True))
                ends[key] = end
        else:
            for g in self.games:
                out.append(Step(g.start / self.speed, g.number, 0, False))
                for done, at in enumerate(g.times, start=1):
                    out.append(Step(at / self.speed, g.number, done, False))
                out.append(Step(g.end / self.speed, g.number, len(g.plies), True))
        return sorted(out, key=lambda s: (s.at, s.game))

    def write(self, step: Step) -> None:
        """Write the files as they are after ``step``."""
        self._state[step.game] = (step.done, step.finished)
        self.folder.mkdir(parents=True, exist_ok=True)
        now = self._now()
        # The texts of the files written only: per game, the one game's (every game's text was
        # made at each step, for one file).
        whole = self.layout in ("both", "games")
        wanted = self.games if whole else [g for g in self.games if g.number == step.game]
        texts = {}
        for g in wanted:
            done, finished = self._state[g.number]
            if done == 0 and not finished and g.armageddon and g.number != step.game:
                continue  # an Armageddon appears in the round when it starts
            texts[g.number] = game_text(g, done, finished, now)
        if self.layout in ("both", "per-game"):
            _rewrite(self.folder / f"game-{step.game}.pgn", texts[step.game])
        if self.layout in ("both", "games"):
            _rewrite(self.folder / "games.pgn", "\n".join(texts[n] for n in sorted(texts)))

    def run(
        self, until: float | None = None, on_step: Callable[[Step], None] | None = None
    ) -> Iterator[Step]:
        """Play the round (to ``until`` seconds of wall time), sleeping between writes."""
        began = time.monotonic()
        for step in self.steps():
            if until is not None and step.at > until:
                return
            wait = step.at - (time.monotonic() - began)
            if wait > 0:
                self._sleep(wait)
            self.write(step)
            if on_step is not None:
                on_step(step)
            yield step


def _rewrite(path: Path, text: str) -> None:
    """In place, as LiveChess does (a reader may find the file half-written): truncated, then
    written. Only ever a regular file of its own name: never through a link or into a device
    (the replay writes where it is told)."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EEXIST, "not a regular file; the replay writes no other", str(path))
    with path.open("wb") as f:
        f.write(text.encode("utf-8"))
