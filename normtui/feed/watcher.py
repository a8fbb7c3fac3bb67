"""The feed acting on the event: each game read from the boards matched to its pairing, kept,
started, its result entered, and what needs the arbiter put to the arbiter.

- A record goes to the pairing of its round (the folder's or the Round tag's) whose players it
  names, names compared as ``import-pgn`` compares them; the board number of a Round tag
  ("7.3") is not trusted. The first game of a pairing in the feed is its main game, the second
  its Armageddon (§2), whatever their Event tags say.
- The moves of a game going on are its board's live state (``live_boards``), replaced at every
  move and not audited: the audit log is for what changes the event. A record that changes
  moves already seen is a conflict: shown, never applied, until the arbiter accepts it
  (:meth:`Feed.accept`).
- The first move puts the game in progress. A finished game's result, if its record passes
  validation, is entered as the provisional result (§8), marked as the feed's, and dated when the
  game ended so that a drawn game's Armageddon window runs from there (§2).
- Checks are raised at once, with their article: a draw before Black's 30th move (§2), clocks not
  set to the time control (§2, §3), an illegal move, a clock at zero.

Every change to the event (a game started; at its end, its record attached or replaced with its
result) is the store's one transaction and one audit row, by actor "feed", undoable; an undone
one is not done again from the same record. The feed acts on what it reads, never on what is
missing: a file that vanishes or is half-written, a URL that does not answer, changes nothing
and is said in one line.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from normtui.feed.checks import compare, conflict_text, live_checks
from normtui.feed.game import LiveGame, Reading
from normtui.feed.placing import place
from normtui.feed.report import (
    BoardView,
    Change,
    Kind,
    Notice,
    Report,
    board_view,
    ended_at,
    reference_time,
)
from normtui.feed.sources import FeedRecord, Source
from normtui.pgn import Expectation, validate_game
from normtui.pgn.movetext import plain_san, read_movetext
from normtui.pgn.tags import read_tags, split_head
from normtui.rules.errors import NormtuiError
from normtui.rules.live import window_opens
from normtui.rules.model import GameState, MainResult
from normtui.store.errors import ConflictError
from normtui.store.feed import FEED_ACTOR, LiveRecord
from normtui.store.records import same_record

if TYPE_CHECKING:
    from normtui.pgn import GameReport
    from normtui.store import AuditEntry, EventStore, GameRecord

__all__ = ["ACTOR", "BoardView", "Change", "Feed", "Notice", "Report", "reference_time"]

ACTOR = FEED_ACTOR


def _now() -> datetime:
    return datetime.now().astimezone()


@dataclass
class _Pending:
    """A conflicting record held for the arbiter."""

    text: str
    result: str | None
    ended_at: datetime | None
    note: str
    finished: bool = False
    recorded: tuple[tuple[str, ...], str | None] = ((), None)  # Reading.recorded


@dataclass
class _Board:
    """What the feed remembers of one record between polls."""

    live: LiveGame = field(default_factory=LiveGame)
    finished_at: datetime | None = None  # when its result was first seen
    report: tuple[str, GameReport] | None = None


class Feed:
    """Follows one source for one event. ``store`` is the caller's store (the arbiter's): the
    feed writes through a view of it as actor "feed", and an accepted conflict is the
    arbiter's own change."""

    def __init__(
        self, store: EventStore, source: Source, *, now: Callable[[], datetime] = _now
    ) -> None:
        self.arbiter = store
        self.store = store.as_actor(ACTOR)
        self.source = source
        self._now = now
        self._boards: dict[str, _Board] = {}
        self._pending: dict[tuple[int, Kind], _Pending] = {}
        # Per board and kind: the record kept there, its moves and result (one each: memory
        # stays the round's boards, however many moves come); known from the reading the
        # feed kept, else read once.
        self._kept: dict[tuple[int, Kind], tuple[str, tuple[str, ...], str | None]] = {}
        self._said: set[str] = set()
        # Per board and kind: its live state as last written (read from the file once).
        self._live: dict[tuple[int, Kind], LiveRecord | None] = {}
        # The console polls in a thread and accepts from its own: one at a time.
        self._lock = threading.Lock()
        self._profile = self.store.profile
        self.store.feed.limit_wal()

    # -- one poll ------------------------------------------------------------------------------

    def poll(self) -> Report:
        """Read the source once and act on it."""
        with self._lock:
            return self._poll()

    def _poll(self) -> Report:
        at = self._now()
        self._profile = self.store.profile  # read once a poll, not once a game
        polled = self.source.poll()
        problems = list(polled.problems)
        games = {g.id: g for g in self._games(polled.records)}
        readings: list[tuple[FeedRecord, Reading]] = []
        for record in sorted(polled.records, key=lambda r: (r.round or 0, r.order)):
            board = self._boards.setdefault(record.key, _Board())
            reading = board.live.update(record.header, record.movetext, at)
            if not reading.whole:
                if not polled.stale:
                    problems.append(
                        f"{record.origin}: a game is being written (its text is "
                        "cut); read again next time"
                    )
                if board.live.last is None:
                    continue
                reading = board.live.last
            readings.append((record, reading))
        for key in set(self._boards) - {r.key for r in polled.records}:
            if polled.records:
                del self._boards[key]  # gone from a source that still has games
        changes: list[Change] = []
        views: list[BoardView] = []
        notices: list[Notice] = []
        placed = place(readings, list(games.values()), notices)
        changed: set[int] = set()  # games this poll changed, read again if met again
        # Main games first: an Armageddon read in the same poll finds its main game drawn.
        for record, reading, game, kind in sorted(placed, key=lambda p: p[3] != "main"):
            if game is not None:
                if game.id in changed:
                    changed.discard(game.id)
                    games[game.id] = self.store.games.get(game.id)
                game = games[game.id]
                said, change = self._decide(record, reading, game, kind, at)
                if change is not None:
                    changes.append(change)
                    changed.add(game.id)
                notices += said
            conflict = game is not None and (game.id, kind) in self._pending
            views.append(
                board_view(
                    record,
                    reading,
                    game,
                    kind,
                    [n for n in notices if n.where == record.key],
                    conflict,
                )
            )
        # Board notices speak of their board by its label.
        named = [self._name(n, views) for n in notices]
        lines = {n.line for n in named}
        new = tuple(n for n in named if n.line not in self._said)
        self._said = lines
        return Report(
            at,
            self.source.label,
            tuple(changes),
            tuple(views),
            tuple(named),
            tuple(dict.fromkeys(problems)),
            polled.read,
            new,
            polled.stale,
        )

    def _games(self, records: tuple[FeedRecord, ...]) -> list[GameRecord]:
        """The games the records can be of: those of their rounds when the source says the
        round of each (a LiveChess folder, LiveChess Cloud), else all. Read on every poll, so
        only what is needed: a round's five games, not the event's forty-five and their PGNs."""
        rounds = {r.round for r in records}
        if not rounds or None in rounds:
            return self.store.games()
        try:
            return [
                g for n in sorted(r for r in rounds if r is not None) for g in self.store.games(n)
            ]
        except NormtuiError:  # a round the event does not have: let the matching say so
            return self.store.games()

    @staticmethod
    def _name(notice: Notice, views: list[BoardView]) -> Notice:
        view = next((v for v in views if v.key == notice.where), None)
        if view is None:
            return notice
        return Notice(view.label, notice.text, notice.article, notice.ask, notice.short)

    # -- what to do with a game ----------------------------------------------------------------

    def _decide(
        self, record: FeedRecord, reading: Reading, game: GameRecord, kind: Kind, at: datetime
    ) -> tuple[list[Notice], Change | None]:
        said = live_checks(record.key, reading, kind, self._profile)
        where = record.key
        if kind == "armageddon" and game.result is not MainResult.DRAW:
            if game.result is None:
                said.append(
                    Notice(
                        where,
                        "the Armageddon waits for its main game's draw",
                        ask=False,
                        short="waiting",
                    )
                )
            else:
                said.append(
                    Notice(
                        where,
                        f"an Armageddon, but the main game ended {game.result.value}: not kept",
                        "Regulations §2",
                        short="no draw",
                    )
                )
            return said, None
        if not reading.plies and not reading.finished:
            return said, None  # not begun
        text = reading.text
        official = game.pgn if kind == "main" else game.armageddon_pgn
        result_now = game.armageddon if kind == "armageddon" else game.result
        key = (game.id, kind)
        live = self._live_of(key)
        # The moves seen so far are measured against the board's live state, or, before the
        # feed has seen this game, against the record kept with the event.
        reference = live.text if live is not None else official
        if reference is not None and not same_record(reference, text):
            old_sans, old_result = self._moves_of(reference, key)
            step = compare(old_sans, old_result, reading)
            if step == "conflict":
                self._hold(record, reading, game, kind, at, old_sans, said)
                return said, None
            self._pending.pop(key, None)
            if step == "behind":
                mark = game.armageddon_from if kind == "armageddon" else game.result_from
                if mark == "feed" and len(reading.plies) == len(old_sans):
                    # The board gave a result and took it back: the arbiter decides (§8).
                    said.append(
                        Notice(
                            where,
                            f"the board's result was taken back ({old_result} "
                            "was entered from it); left for the arbiter",
                            "Regulations §8",
                            short="result taken back",
                        )
                    )
                else:
                    said.append(
                        Notice(
                            where,
                            f"the feed has {len(reading.plies)} of the "
                            f"{len(old_sans)} half-moves kept: behind, nothing to "
                            "do",
                            ask=False,
                            short="behind",
                        )
                    )
                return said, None
            if step == "same" and result_now is not None:
                return said, None  # the same game, other comments: the kept one stands
        self._pending.pop(key, None)
        if not reading.finished:
            return said, self._follow(game, kind, reading, live, said, where)
        return said, self._finish(record, reading, game, kind, at, live, said)

    def _hold(
        self,
        record: FeedRecord,
        reading: Reading,
        game: GameRecord,
        kind: Kind,
        at: datetime,
        old_sans: tuple[str, ...],
        said: list[Notice],
    ) -> None:
        """A record that changes moves already kept: held for the arbiter, never applied."""
        said.append(Notice(record.key, conflict_text(old_sans, reading), short="conflict"))
        self._pending[(game.id, kind)] = _Pending(
            reading.text,
            *self._result_to_enter(record, reading, game, kind, at, []),
            reading.last_move or "",
            reading.finished,
            reading.recorded,
        )

    def _follow(
        self,
        game: GameRecord,
        kind: Kind,
        reading: Reading,
        live: LiveRecord | None,
        said: list[Notice],
        where: str,
    ) -> Change | None:
        """A game going on: its moves are the board's live state (not audited); the first
        of them starts the game (audited)."""
        if live is None or not same_record(live.text, reading.text):
            try:
                self._set_live((game.id, kind), reading.text, reading.recorded, kept=False)
            except NormtuiError as exc:
                said.append(
                    Notice(where, f"the moves could not be kept: {exc}", ask=False, short="busy")
                )
        if kind == "armageddon":
            # Its first move starts it (§2: its window is over), once.
            if game.armageddon_started_at is not None or game.armageddon is not None:
                return None
            return self._keep(game, kind, None, reading, said, where)[0]
        if game.state is not GameState.SCHEDULED or game.result is not None:
            return None
        return self._keep(game, kind, None, reading, said, where)[0]

    def _finish(
        self,
        record: FeedRecord,
        reading: Reading,
        game: GameRecord,
        kind: Kind,
        at: datetime,
        live: LiveRecord | None,
        said: list[Notice],
    ) -> Change | None:
        """A game the board says is over: its record kept with the event (attached, or in
        place of the one kept before) and its result entered where the board has none, as
        one audited change. Done once: an arbiter's undo of it is not done again."""
        text = reading.text
        result, ended = self._result_to_enter(record, reading, game, kind, at, said)
        if live is not None and live.kept and same_record(live.text, text):
            return None
        key = (game.id, kind)
        official = game.pgn if kind == "main" else game.armageddon_pgn
        replace = official is not None and not same_record(official, text)
        if replace:
            assert official is not None
            old_sans, old_result = self._moves_of(official, key)
            step = compare(old_sans, old_result, reading)
            if step == "conflict":
                self._hold(record, reading, game, kind, at, old_sans, said)
                return None
            result_now = game.armageddon if kind == "armageddon" else game.result
            replace = not (step == "same" and result_now is not None)
        elif official is not None and result is None:
            self._set_live(key, text, reading.recorded, kept=True)  # kept, nothing to enter
            return None
        change, done = self._keep(
            game,
            kind,
            text if replace or official is None else None,
            reading,
            said,
            record.key,
            result,
            ended,
        )
        if done:  # else refused or busy: tried again at the next read
            self._set_live(key, text, reading.recorded, kept=True)
        if change is not None:
            self.store.feed.checkpoint()  # a game's end: the WAL of its moves goes into the file
        return change

    def _keep(
        self,
        game: GameRecord,
        kind: Kind,
        text: str | None,
        reading: Reading,
        said: list[Notice],
        where: str,
        result: str | None = None,
        ended: datetime | None = None,
    ) -> tuple[Change | None, bool]:
        """One audited change by the feed (None: nothing to change), and whether it was
        made; what refuses it is said on the board."""
        try:
            entry = self.store.games.keep_record(
                game.id,
                kind,
                text,
                replace=True,
                result=result,
                ended_at=ended,
                note=reading.last_move or "",
                expected_version=game.version,
            )
        except ConflictError as exc:
            said.append(Notice(where, f"{exc}; tried again next time", ask=False, short="busy"))
            return None, False
        except NormtuiError as exc:
            said.append(Notice(where, f"not kept: {exc}", short="refused"))
            return None, False
        if entry is None:
            return None, True
        drawn = kind == "main" and result == MainResult.DRAW.value
        return Change(entry, game.id, kind, drawn), True

    def _live_of(self, key: tuple[int, Kind]) -> LiveRecord | None:
        """The board's live state, read from the event file once, then remembered."""
        if key not in self._live:
            self._live[key] = self.store.feed.live_record(*key)
        return self._live[key]

    def _set_live(
        self,
        key: tuple[int, Kind],
        text: str,
        recorded: tuple[tuple[str, ...], str | None],
        *,
        kept: bool,
    ) -> None:
        """The board's live state is ``text``, whose moves and result (``recorded``) the feed
        has read already."""
        self._live[key] = self.store.feed.set_live_record(*key, text, kept=kept)
        self._kept[key] = (text, *recorded)

    def _result_to_enter(
        self,
        record: FeedRecord,
        reading: Reading,
        game: GameRecord,
        kind: Kind,
        at: datetime,
        said: list[Notice],
    ) -> tuple[str | None, datetime | None]:
        """(result, when the game ended) to enter with the record, or (None, None)."""
        if not reading.finished or reading.broken:
            return None, None
        board = self._boards[record.key]
        if board.finished_at is None:
            board.finished_at = at
        report = self._validate(record.key, reading.text, kind, game)
        errors = [f for f in report.findings if f.severity == "error"]
        for f in errors:
            said.append(
                Notice(
                    record.key,
                    f"{f.message} The result is not entered.",
                    f.rule,
                    short=f.code.replace("_", " "),
                )
            )
        if errors:
            return None, None
        now = game.armageddon if kind == "armageddon" else game.result
        if now is not None:
            if report.result is not None and now.value != report.result:
                said.append(
                    Notice(
                        record.key,
                        f"the feed says {report.result} but "
                        f"{now.value} is entered; left for the arbiter",
                        "Regulations §8",
                        short="result differs",
                    )
                )
            return None, None
        return report.result, window_opens(ended_at(record, reading), board.finished_at)

    def _validate(self, key: str, text: str, kind: Kind, game: GameRecord) -> GameReport:
        board = self._boards[key]
        if board.report is not None and board.report[0] == text:
            return board.report[1]
        main = game.result.value if kind == "armageddon" and game.result else None
        report = validate_game(
            text,
            kind,
            self._profile,
            Expectation(game.white_name, game.black_name, game.round, main),
        )
        board.report = (text, report)
        return report

    def _moves_of(self, text: str, key: tuple[int, Kind]) -> tuple[tuple[str, ...], str | None]:
        """The moves and result of the record kept on a board: those of the reading the feed
        kept it from, else (a record the arbiter attached, or the feed in an earlier run)
        read once, as the feed reads a record."""
        known = self._kept.get(key)
        if known is not None and known[0] == text:
            return known[1], known[2]
        header, movetext = split_head(text)
        words = read_movetext(movetext)
        tags = read_tags(header)
        found = (tuple(plain_san(p.san) for p in words.plies), tags.get("Result") or words.result)
        self._kept[key] = (text, *found)
        return found

    def stop(self) -> None:
        """The watching ends: the WAL of the moves goes into the event file (a console still
        open on it would keep it otherwise)."""
        # A checkpoint refused leaves the file as SQLite keeps it: nothing is lost.
        with self._lock, contextlib.suppress(NormtuiError):
            self.store.feed.checkpoint()

    # -- the arbiter ---------------------------------------------------------------------------

    def pending(self) -> dict[tuple[int, Kind], str]:
        """The conflicting records held for the arbiter: (game id, kind) -> the record."""
        return {k: v.text for k, v in self._pending.items()}

    def accept(self, game_id: int, kind: Kind) -> AuditEntry | None:
        """The arbiter takes the feed's conflicting record for the game: it replaces the one
        kept (and brings its result where the board has none), as the arbiter's change."""
        with self._lock:
            held = self._pending.pop((game_id, kind), None)
        if held is None:
            return None
        game = self.arbiter.games.get(game_id)
        entry = self.arbiter.games.keep_record(
            game_id,
            kind,
            held.text,
            replace=True,
            result=held.result,
            ended_at=held.ended_at,
            note=f"the feed's record accepted{', ' + held.note if held.note else ''}",
            expected_version=game.version,
        )
        with self._lock:
            # The moves that follow are measured against the record accepted.
            self._set_live((game_id, kind), held.text, held.recorded, kept=held.finished)
        return entry
