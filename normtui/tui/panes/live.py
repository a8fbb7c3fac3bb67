"""Pane 8, Live: the boards as the DGT feed has them, what the feed asks of the arbiter, and the
race (the standings if the games ended now, who can still finish first).

The feed itself is :class:`normtui.feed.watcher.Feed`, the same as ``normtui watch``; this pane
only reads it in a thread every half second and shows the report. The source is kept with the
event (``s``, or the palette), so the console watches it again when it opens. A main game the
feed enters as drawn opens its Armageddon in the pairings, its 20 minutes counted from the end
of the game (§2).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from normtui.feed.report import clock_text
from normtui.importing.agreement import agrees
from normtui.rules.duties import signers
from normtui.rules.errors import NormtuiError
from normtui.rules.model import ResultError, parse_result
from normtui.store.connection import is_event_file
from normtui.store.values import surname
from normtui.tui.formatting import clock_time, result_text
from normtui.tui.panes.base import PaletteBinding, Pane
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.screens.feed_source import FeedSourceScreen
from normtui.tui.widgets.live_boards import LiveBoards
from normtui.tui.widgets.live_race import LiveRace, RaceWorked, work_out
from normtui.tui.widgets.status_line import StatusLine
from normtui.tui.widgets.whole_text import WholeText

if TYPE_CHECKING:
    from normtui.feed.report import BoardView, Report
    from normtui.feed.watcher import Feed
    from normtui.store import EventStore, StandingRow
    from normtui.store.picture import EventPicture


# From this height the highlighted board's moves get two lines; from this width, full names.
_TALL = 30
_WIDE = 100


class LivePane(Pane):
    PANE_ID = "live"
    TITLE = "Live"
    BINDINGS: ClassVar = [
        PaletteBinding(
            "s",
            "set_source",
            "Source",
            id="live.source",
            tooltip="Watch a LiveChess folder, a PGN file or URL, or LiveChess Cloud",
            palette="Live boards: watch a source",
        ),
        PaletteBinding(
            "a",
            "accept",
            "Accept record",
            id="live.accept",
            tooltip="Take the feed's conflicting record of the highlighted board (asks)",
            palette="Live boards: accept the feed's record",
        ),
        PaletteBinding(
            "r",
            "read_now",
            "Read now",
            id="live.read",
            tooltip="Read the source now",
            palette="Live boards: read the source now",
        ),
        PaletteBinding(
            "x",
            "stop",
            "Stop",
            id="live.stop",
            tooltip="Stop watching the live boards (asks)",
            palette="Live boards: stop watching",
        ),
    ]

    # Kept to the pane: a message reaching the screen under a dialog has Textual draw the
    # whole dimmed screen behind the dialog again, twice a second.
    class Polled(Message, bubble=False):
        """From the feed's thread: one poll's report, or why it failed."""

        def __init__(self, report: Report | None, error: str = "") -> None:
            super().__init__()
            self.report = report
            self.error = error

    def __init__(self, store: EventStore, picture: EventPicture, **kwargs: object) -> None:
        super().__init__(store, picture, **kwargs)
        self.feed: Feed | None = None
        self.report: Report | None = None
        self.source: tuple[str, int | None] | None = None
        self._busy = False
        self._race_key: tuple[object, ...] | None = None
        self._tables: tuple[list[StandingRow], list[StandingRow]] = ([], [])
        self._status = ""
        # A source of one round follows the round being played unless the arbiter chose
        # another; the last source given is offered again (after a stop too).
        self._following = True
        self._last_spec = ""
        # "round.board" of the drawn games whose Armageddon waits (said on the status line).
        self._waiting: list[str] = []

    def _show_outward(self, line: str) -> None:
        outward = self.query_one("#live-outward", Static)
        outward.update(line)
        outward.display = bool(line)

    def compose(self) -> ComposeResult:
        yield WholeText(self._status, id="live-status")
        yield LiveBoards(id="live-boards")
        # Scrolls in the rare state of more notices than a third of the pane holds (the
        # boards and the race keep their lines); tab reaches it only then.
        with VerticalScroll(id="live-detail-box", can_focus=False):
            yield WholeText(id="live-detail")
        yield Static("", id="live-outward", markup=False)
        classical = self.picture.profile.classical
        yield Static(
            # An Armageddon's draw is its Black's (or White's) win, where the event has one.
            f"If now: every game under way ends drawn, its Armageddon too "
            f"({classical.armageddon_draw_winner.capitalize()}'s win, §2)"
            if classical.armageddon_after_draw
            else "If now: every game under way ends drawn",
            id="live-race-title",
        )
        yield LiveRace(id="live-race")
        yield StatusLine()

    def on_mount(self) -> None:
        # The public site and the Lichess broadcast (palette), when the console runs them.
        self.watch(self.app, "outward_line", self._show_outward)
        source, round_no = self.picture.feed_source
        if source:
            self._last_spec = source
            # Kept from an earlier round: the round being played now is watched.
            current = self.picture.current_round
            if round_no is not None and current and round_no < current:
                round_no = current
            # A later round than the one being played was chosen by the arbiter: it stays.
            self._following = round_no is None or round_no == current
            self.start(source, round_no)
        else:
            self._set_status(
                "Not watching the live boards: s (or the palette) sets a DGT "
                "LiveChess folder, a PGN file or URL, or LiveChess Cloud."
            )
        # As often as the console looks at the file for others' writes, twice a second at most;
        # never in the tests' consoles that do not poll (they read with read_now).
        poll = self.normtui.poll_seconds
        seconds = min(poll, 0.5) if poll > 0 else 0
        if seconds > 0:
            self.set_interval(seconds, self.poll)

    @property
    def boards(self) -> LiveBoards:
        return self.query_one(LiveBoards)

    def focus_first(self) -> None:
        self.screen.set_focus(self.boards)

    def _now(self) -> datetime:
        return self.normtui.now()

    # -- the source ----------------------------------------------------------------------------

    def start(self, spec: str, round_no: int | None) -> bool:
        """Follow ``spec`` (not yet kept with the event: see :meth:`action_set_source`)."""
        # The feed: only when the boards are watched.
        from normtui.feed.sources import SourceError, open_source
        from normtui.feed.watcher import Feed

        self.source = (spec, round_no)
        try:
            source = open_source(spec, round_no, refuse=lambda p: is_event_file(p, self.store.path))
        except SourceError as exc:
            # Tried again at every read: the board computer's folder may appear later.
            self._set_status(f"Live boards: {exc}; tried again")
            return False
        self.feed = Feed(self.store, source, now=self._now)
        self._set_status(f"Watching {source.label}{self._round_text()}: reading…")
        return True

    def _round_text(self) -> str:
        return f" (round {self.source[1]})" if self.source and self.source[1] else ""

    def action_set_source(self) -> None:

        spec, round_no = self.source or (self._last_spec, None)
        if round_no is None and self.source is None:
            round_no = self.picture.current_round or None
        self.app.push_screen(FeedSourceScreen(spec, round_no), self._source_chosen)

    def _source_chosen(self, answer: tuple[str, int | None] | None) -> None:
        if answer is None:
            return
        spec, round_no = answer
        rounds = self.picture.rounds
        if round_no is not None and not 1 <= round_no <= rounds:
            self._set_status(f"Live boards: the event has rounds 1-{rounds}")
            return
        self._last_spec = spec
        self._following = round_no is None or round_no == self.picture.current_round
        if self.start(spec, round_no):
            self.write(self.store.feed.set_source, spec, round_no, quiet=True)
            self.poll()
        else:
            self.source = None  # a source given by hand that is not there: not kept
            self._set_status(self._status.removesuffix("; tried again"))

    def action_stop(self) -> None:

        if self.feed is None:
            self._set_status("Not watching the live boards.")
            return

        def done(yes: bool | None) -> None:
            if not yes:
                return
            if self.feed is not None:
                self.feed.stop()
            self.feed = self.source = None
            self.write(self.store.feed.set_source, None, quiet=True)
            self._set_status("Stopped watching the live boards.")

        spec = self.source[0] if self.source else ""
        self.app.push_screen(
            ConfirmScreen(
                f"Stop watching the live boards?\n\n{spec}\n\nResults already entered stay.",
                confirm="Stop",
            ),
            done,
        )

    # -- reading -------------------------------------------------------------------------------

    def poll(self) -> None:
        """Read the source in a thread (one read at a time)."""
        if self.feed is None and self.source is not None and self.is_mounted:
            self.start(*self.source)  # a source not there yet (or gone): looked for again
        if self.feed is None or self._busy or not self.is_mounted:
            return
        self._busy = True
        self._read(self.feed)

    def action_read_now(self) -> None:
        if self.feed is None:
            self._set_status("Not watching the live boards: s sets the source.")
            return
        self.poll()

    @work(thread=True, group="feed")
    def _read(self, feed: Feed) -> None:
        try:
            report = feed.poll()
        except NormtuiError as exc:
            self.post_message(self.Polled(None, str(exc)))
            return
        except Exception as exc:  # the console never ends on a broadcast's file: say it
            self.post_message(self.Polled(None, f"{type(exc).__name__}: {exc}"))
            return
        self.post_message(self.Polled(report))

    def read_now(self) -> Report | None:
        """One read in this thread, shown at once (the tests' and the benchmark's)."""
        if self.feed is None:
            return None
        report = self.feed.poll()
        self._shown(self.Polled(report))
        return report

    @on(Polled)
    def _shown(self, message: Polled) -> None:
        self._busy = False
        if message.report is None:
            self._set_status(
                f"Live boards: the feed could not be read ({message.error}); watching on"
            )
            return
        report = self.report = message.report
        # What the poll wrote (results, records, an Armageddon's start: through this console's
        # own connection, in the feed's thread) is read now, and the Armageddons waiting are
        # counted after it, not before.
        self.console.catch_up()
        self._waiting = [f"{g.round}.{g.board}" for g in self.picture.armageddons_waiting]
        asks = sum(1 for n in report.notices if n.ask)
        tail = f"{self._round_text()} · read {report.at:%H:%M:%S}"
        if asks:
            tail += f" · {asks} for the arbiter"
        if self._waiting:
            # The boards drawn whose Armageddon nobody has entered: opened by the arbiter.
            tail += f" · Armageddon waiting: {', '.join(self._waiting)} (ctrl+a)"
        if report.problems:
            tail += f" · {report.problems[-1]}"
        # Under a dialog the pane is not drawn at every read: Textual would draw the dimmed
        # screen behind it again each time. The first read after the dialog shows it all.
        if self.screen.is_active:
            self.boards.show(list(report.boards), self._now())
            self._detail()
            room = (self.size.width or 80) - len("Watching ") - len(tail)
            self._set_status(f"Watching {_shorter(report.source, room)}{tail}")
        for notice in report.new_notices:
            if notice.ask:
                self.notify(
                    notice.line,
                    title=notice.article or "Live boards",
                    severity="warning",
                    timeout=5,
                    markup=False,
                )
        if report.changes:
            for change in report.changes:
                if change.drawn:
                    self._armageddon(change.game_id)
                elif change.kind == "armageddon":
                    self._armageddon_played(change.game_id)

    def _armageddon_played(self, game_id: int) -> None:
        """The feed entered an Armageddon's result: said where the arbiter is (a dialog open
        on it says so itself: see ConsoleScreen.store_changed)."""
        game = self.picture.game(game_id)
        if game is not None and game.armageddon is not None:
            self.say(
                f"{game.label}: Armageddon {result_text(game.armageddon)} from the live boards"
            )

    def _armageddon(self, game_id: int) -> None:
        """A drawn main game from the feed: its Armageddon waits for the arbiter, who opens it
        (ctrl+a, or a on the board in the pairings); the 20' count from the game's end (§2).
        Nothing opens by itself: a dialog raised from the background takes the key the
        arbiter typed for another board as this board's result."""

        game = self.picture.game(game_id)
        if game is None or game.armageddon is not None or not game.armageddon_after_draw:
            return  # the feed had its Armageddon too, or the event plays none
        by = ""
        if game.armageddon_deadline is not None:
            by = f", to start by {clock_time(game.armageddon_deadline, self._now())}"
        self.say(
            f"{game.label} drawn on the live boards: its Armageddon is waiting{by} (§2);"
            " ctrl+a opens it",
            warning=True,
            true_while=lambda: self.picture.armageddon_waits(game_id),
        )

    def _follow_round(self) -> None:
        """Once the round watched is complete, the next one is watched (kept with the event)."""
        spec, watched = self.source or ("", None)
        if watched is None or not self._following:
            return
        current = self.picture.current_round
        if not current or current <= watched:
            return  # a round corrected or undone back to open: the round watched stays
        self.start(spec, current)  # a folder not there yet is looked for at every read
        self.write(self.store.feed.set_source, spec, current, quiet=True)
        self.say(f"Live boards: round {watched} is complete; round {current} is watched now.")

    def redraw(self) -> None:
        self.call_later(self._follow_round)
        if self.report is not None:
            self.boards.show(list(self.report.boards), self._now())
            self._detail()

        event = self.picture
        self._waiting = [f"{g.round}.{g.board}" for g in event.armageddons_waiting]
        key = tuple((g.id, g.result, g.armageddon, g.state) for g in event.main_games)
        if key != self._race_key:
            self._race_key = key
            self._tables = (event.standings_if_ended_now, event.standings)
            # The race's columns stay empty until its search, in a thread, has answered.
            self.query_one(LiveRace).show(*self._tables, [])
            self._fit()
            work_out(self, event.race_question(), key)

    def on_race_worked(self, message: RaceWorked) -> None:
        message.stop()
        if message.key != self._race_key:
            return  # the results changed since: a newer answer is on its way
        if message.race is None:
            self._set_status(message.error)
            return
        self.query_one(LiveRace).show(*self._tables, message.race)
        self._fit()

    @on(LiveBoards.Moved)
    def _moved(self, event: LiveBoards.Moved) -> None:
        event.stop()
        self._detail()

    def _detail(self) -> None:
        view = self.boards.view
        detail = self.query_one("#live-detail", WholeText)
        width = detail.size.width or max(self.size.width - 2, 0) or 78
        text = (
            _detail_text(view, width, 2 if self.size.height >= _TALL else 1)
            if view is not None
            else "No game on the feed yet."
        )
        detail.show(text, width)
        self._fit()

    def _set_status(self, text: str) -> None:
        if text != self._status:
            self._status = text
            for line in self.query("#live-status").results(WholeText):  # none before mounting
                line.show(text, self.size.width)
            self._fit()

    def _fit(self) -> None:
        """The race's title only when the boards and the whole field fit under it: at 80x24
        the field of ten comes first (the help says what "If now" means)."""
        if not self.is_mounted or not self.size.height:
            return
        height = self.size.height
        # The heights just set, not the last layout's.
        status, detail = (
            w.styles.height.value if w.styles.height else 1
            for w in (self.query_one("#live-status"), self.query_one("#live-detail"))
        )
        used = status + min(detail, height // 3)  # the detail's box holds a third at most
        self.query_one("#live-detail-box").can_focus = detail > height // 3
        boards = min(len(self.boards.views) + 1, height // 2)
        race = len(self.query_one(LiveRace).keys) + 1
        title = self.query_one("#live-race-title")
        show = used + boards + 1 + race + 1 <= height
        if title.display != show:
            title.display = show

    def on_resize(self) -> None:
        if self.report is not None:
            self._detail()
        self.query_one("#live-status", WholeText).show(self._status)
        self._fit()

    # -- the arbiter ---------------------------------------------------------------------------

    def action_accept(self) -> None:

        view = self.boards.view
        if view is None or self.feed is None or not view.conflict or view.game_id is None:
            self.notify(
                "The highlighted board has no conflicting record to accept.",
                severity="warning",
                markup=False,
            )
            return
        feed, game_id, kind = self.feed, view.game_id, view.kind
        why = next((n.text for n in view.notices if "changes moves" in n.text), "")
        question = (
            f"Take the feed's record for {view.label}?\n\n{why}\n\nThe record kept is "
            f"replaced; the change is yours, recorded in the audit log."
            f"{self._result_after_accept(view)}"
        )

        def done(yes: bool | None) -> None:
            if yes and self.write(feed.accept, game_id, kind):
                self.poll()

        self.app.push_screen(ConfirmScreen(self._reword(question), confirm="Take it"), done)

    def _result_after_accept(self, view: BoardView) -> str:
        """What taking the feed's record does to the result: entered where the board has
        none; a result entered already stays, and a record that says otherwise then disagrees
        with it (§8: the scoresheet decides)."""

        assert view.game_id is not None
        # As it is now: a result entered elsewhere since the last look is what stays.
        self.console.catch_up()
        game = self.picture.game(view.game_id)
        assert game is not None
        entered = game.armageddon if view.kind == "armageddon" else game.result
        try:
            said = parse_result(view.result) if view.result and view.result != "*" else None
        except ResultError:
            said = None
        if said is None:
            return ""
        if entered is None:
            return f"\n\nIts result {result_text(said)} is entered (provisional, §8)."
        if agrees(said, entered.value):
            return ""
        signed = signers(game.signatures)
        how = f"signed by {', '.join(signed)}" if signed else "not signed"
        return (
            f"\n\nThe result entered, {result_text(entered)} ({how}), stays: the record, "
            f"which ends {result_text(said)}, then disagrees with it, and `normtui check` "
            "reports it until one of them is corrected (the result: its key on the board "
            "in the pairings, asked first)."
        )


def _shorter(source: str, room: int) -> str:
    """A source's path on one line with the rest: its last folders, "…/round-8/live", when
    the whole path does not fit (the source dialog, s, shows it whole)."""
    if len(source) <= room or "/" not in source.rstrip("/"):
        return source
    parts = source.rstrip("/").split("/")
    kept = parts[-1]
    for part in reversed(parts[:-1]):
        if len(f"…/{part}/{kept}") > room:
            break
        kept = f"{part}/{kept}"
    return f"…/{kept}"


def _detail_text(view: BoardView, width: int = 80, lines: int = 2) -> str:
    """The highlighted board: who, its moves so far (as many of the last as fit ``lines``
    lines), the time the last one took, and everything the feed says of it, each notice
    whole on its own line(s)."""

    narrow = width < _WIDE
    white, black = (
        (surname(view.white), surname(view.black)) if narrow else (view.white, view.black)
    )
    head = f"{view.label}: {white} - {black}"
    text = head
    if view.moves:
        used = "" if view.last_used is None else f" ({clock_text(view.last_used)} on the last)"
        count = "" if narrow else f"{view.plies} half-moves: "
        # The words wrap, not the characters: a few cells a line are lost to that.
        room = max(12, lines * width - len(head) - len(used) - len(count) - 4 - 8 * (lines - 1))
        moves = view.moves
        if len(moves) > room:
            tail = moves[-room:]
            # From a whole move number on: "…33. bxc5 Qc7", not "…3. bxc5".
            number = re.search(r"\s(\d+\.\s)", tail)
            moves = "…" + (tail[number.start(1) :] if number else tail.split(" ", 1)[-1])
        text += f" · {count}{moves}{used}"
    notices = [
        ("! " if n.ask else "· ")
        + n.text
        + (f" ({n.article})" if n.article and n.article not in n.text else "")
        for n in view.notices
    ]
    return "\n".join([text, *notices])
