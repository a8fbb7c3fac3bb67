"""What the feed says after each poll: every board as it stands, the changes it made, and what
needs the arbiter (:class:`Notice`). Plain values, for ``normtui watch`` and the console."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from normtui.feed.game import Reading

if TYPE_CHECKING:
    from normtui.feed.sources import FeedRecord
    from normtui.store import AuditEntry, GameRecord

__all__ = [
    "BoardView",
    "Change",
    "Kind",
    "Notice",
    "Report",
    "board_view",
    "clock_readings",
    "clock_text",
    "ended_at",
    "last_clocks",
    "reference_time",
]

Kind = Literal["main", "armageddon"]


def clock_text(seconds: float) -> str:
    """
    >>> clock_text(7199.6), clock_text(59)
    ('1:59:59', '0:00:59')
    """
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def reference_time(tags: dict[str, str] | Any) -> datetime | None:
    """When the record's clocks stood as written: DGT's ``ReferenceTime`` tag
    ("W/2024-05-15T14:21:57.339+02:00", the side to move first), else None.

    >>> reference_time({"ReferenceTime": "B/2022-06-07T19:21:04.120+02:00"}).isoformat()
    '2022-06-07T19:21:04.120000+02:00'
    """
    value = str(tags.get("ReferenceTime", "")).strip()
    if "/" in value[:2]:
        value = value.split("/", 1)[1]
    try:
        at = datetime.fromisoformat(value)
    except ValueError:
        return None
    return at if at.tzinfo is not None else at.astimezone()


def ended_at(record: FeedRecord, reading: Reading) -> datetime | None:
    """When a finished game ended, by the best time its source gives (§2's 20 minutes run from
    it): the record's ``ReferenceTime`` (DGT's e-PGN; LiveChess Cloud's ``clock.time``, or its
    ``firstMove`` plus the moves' times, as :mod:`normtui.feed.lcc` writes it), else when the
    source last wrote the record (a LiveChess folder's file: DGT writes no ``ReferenceTime``
    there), else None: the feed then counts from when it first saw the result."""
    return reference_time(reading.tags) or record.written


@dataclass(frozen=True)
class Notice:
    """Something the feed says about a board. ``ask``: it needs the arbiter (a conflict, a
    check, a record it cannot place); otherwise it is for information."""

    where: str
    text: str
    article: str | None = None
    ask: bool = True
    short: str = ""  # a word or two, for a narrow screen

    @property
    def line(self) -> str:
        tail = f" ({self.article})" if self.article and self.article not in self.text else ""
        return f"{self.where}: {self.text}{tail}"

    def to_json(self) -> dict[str, Any]:
        return {
            "where": self.where,
            "message": self.text,
            "article": self.article,
            "needs_arbiter": self.ask,
            "kind": self.short,
        }


@dataclass(frozen=True)
class BoardView:
    """What the console shows of one game on the feed."""

    key: str
    origin: str
    kind: Kind
    white: str
    black: str
    round: int | None = None
    board: int | None = None
    game_id: int | None = None
    plies: int = 0
    moves: str = ""  # the moves so far, as a scoresheet line: "1. e4 e5 2. Nf3 Nc6"
    last_move: str | None = None
    last_move_at: datetime | None = None
    last_used: float | None = None
    white_clock: float | None = None
    black_clock: float | None = None
    result: str | None = None
    notices: tuple[Notice, ...] = ()
    conflict: bool = False

    @property
    def label(self) -> str:
        if self.board is None:
            return self.origin
        what = " Armageddon" if self.kind == "armageddon" else ""
        return f"round {self.round} board {self.board}{what}"

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "board": self.board,
            "kind": self.kind,
            "white": self.white,
            "black": self.black,
            "origin": self.origin,
            "plies": self.plies,
            "last_move": self.last_move,
            "last_move_at": self.last_move_at.isoformat(timespec="seconds")
            if self.last_move_at
            else None,
            "white_clock": self.white_clock,
            "black_clock": self.black_clock,
            "result": self.result,
            "conflict": self.conflict,
            "notices": [n.to_json() for n in self.notices],
        }


@dataclass(frozen=True)
class Change:
    """A change the feed made; ``drawn``: a main game it entered as drawn (its Armageddon is
    next, §2)."""

    entry: AuditEntry
    game_id: int
    kind: Kind
    drawn: bool = False


@dataclass(frozen=True)
class Report:
    """One poll: what changed, every board as it stands, and what to say."""

    at: datetime
    source: str
    changes: tuple[Change, ...]
    boards: tuple[BoardView, ...]
    notices: tuple[Notice, ...]
    problems: tuple[str, ...]
    read: int
    new_notices: tuple[Notice, ...] = ()
    stale: bool = False  # the source could not be read at all this time

    @property
    def needs_arbiter(self) -> bool:
        return bool(self.problems) or any(n.ask for n in self.notices)

    def to_json(self) -> dict[str, Any]:
        return {
            "at": self.at.isoformat(timespec="seconds"),
            "source": self.source,
            "changed": bool(self.changes),
            "entries": [c.entry.to_json() for c in self.changes],
            "boards": [b.to_json() for b in self.boards],
            "notices": [n.to_json() for n in self.notices],
            "problems": list(self.problems),
            "needs_arbiter": self.needs_arbiter,
        }


def clock_readings(reading: Reading) -> Iterable[tuple[bool, list[tuple[float, str]]]]:
    """Each side's clock readings, with the move each followed."""
    for white in (True, False):
        yield (
            white,
            [
                (p.clock, reading.labels[i])
                for i, p in enumerate(reading.plies)
                if p.clock is not None and (i % 2 == 0) == white
            ],
        )


def last_clocks(reading: Reading) -> list[tuple[bool, float | None, str]]:
    """Each side's last clock reading and the move it followed."""
    out: list[tuple[bool, float | None, str]] = []
    for white, readings in clock_readings(reading):
        if not readings:
            out.append((white, None, ""))
            continue
        seconds, label = readings[-1]
        out.append((white, seconds, label))
    return out


def _short(labels: Iterable[str]) -> list[str]:
    """ "24. Rfe1 24...Qd7 25. Nf3" written as a scoresheet line: "24. Rfe1 Qd7 25. Nf3"."""
    out = []
    for i, label in enumerate(labels):
        if "..." in label and i > 0:
            out.append(label.split("...", 1)[1])
        else:
            out.append(label)
    return out


def board_view(
    record: FeedRecord,
    reading: Reading,
    game: GameRecord | None,
    kind: Kind,
    notices: list[Notice],
    conflict: bool,
) -> BoardView:
    """The board as the console shows it: the pairing's names, its moves so far, both
    clocks, the last move and when it was seen."""
    tags = reading.tags
    white = game.white_name if game else tags.get("White", "?")
    black = game.black_name if game else tags.get("Black", "?")
    clocks = {w: s for w, s, _label in last_clocks(reading)}
    last = reading.plies[-1] if reading.plies else None
    seen = reading.seen[-1] if reading.seen else None
    moves = " ".join(_short(reading.labels))
    return BoardView(
        record.key,
        record.origin,
        kind,
        white,
        black,
        game.round if game else record.round,
        game.board if game else None,
        game.id if game else None,
        len(reading.plies),
        moves,
        reading.last_move,
        seen,
        last.used if last else None,
        clocks.get(True),
        clocks.get(False),
        reading.result,
        tuple(notices),
        conflict,
    )
