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
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

from normtui.store.errors import EXPECTED_ERRORS
from normtui.tui.panes.base import Pane
from normtui.tui.widgets.live_boards import LiveBoards
from normtui.tui.widgets.live_race import LiveRace
from normtui.tui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from normtui.feed.report import BoardView, Report
    from normtui.feed.watcher import Feed
    from normtui.store import EventStore


class LivePane(Pane):
    PANE_ID = "live"
    TITLE = "Live"
    ARTICLES = ("§2 No draw before Black's move 30; Armageddon within 20' of the game's end",
                "§2, §3 Clocks: 120' each; Armageddon White 10', Black 7'",
                "§4, §5 Who can still finish first (equal first: play-off)",
                "§8 Results from the feed are provisional until signed")
    BINDINGS: ClassVar = [
        Binding("s", "set_source", "Source", id="live.source",
                tooltip="Watch a LiveChess folder, a PGN file or URL, or LiveChess Cloud"),
        Binding("a", "accept", "Accept record", id="live.accept",
                tooltip="Take the feed's conflicting record of the highlighted board (asks)"),
        Binding("r", "read_now", "Read now", id="live.read", tooltip="Read the source now"),
        Binding("x", "stop", "Stop", id="live.stop",
                tooltip="Stop watching the live boards (asks)"),
    ]
    PALETTE = (
        ("Live boards: watch a source", "A LiveChess folder, a PGN file or URL, LiveChess Cloud",
         "set_source"),
        ("Live boards: accept the feed's record", "Of the highlighted board, replacing the one "
         "kept", "accept"),
        ("Live boards: read the source now", "Without waiting for the next read", "read_now"),
        ("Live boards: stop watching", "Forget the source kept with the event", "stop"),
    )

    # Kept to the pane: a message reaching the screen under a dialog has Textual draw the
    # whole dimmed screen behind the dialog again, twice a second.
    class Polled(Message, bubble=False):
        """From the feed's thread: one poll's report, or why it failed."""

        def __init__(self, report: Report | None, error: str = "") -> None:
            super().__init__()
            self.report = report
            self.error = error

    def __init__(self, store: EventStore, **kwargs: object) -> None:
        super().__init__(store, **kwargs)
        self.feed: Feed | None = None
        self.report: Report | None = None
        self.source: tuple[str, int | None] | None = None
        self._busy = False
        self._race_key: tuple[object, ...] | None = None
        self._status = ""

    def compose(self) -> ComposeResult:
        yield Static(self._status, id="live-status", markup=False)
        yield LiveBoards(id="live-boards")
        yield Static("", id="live-detail", markup=False)
        yield Static("If now: every game under way ends drawn, its Armageddon too (Black's "
                     "win, §2)", id="live-race-title")
        yield LiveRace(id="live-race")
        yield StatusLine()

    def on_mount(self) -> None:
        source, round_no = self.store.feed_source()
        if source:
            self.start(source, round_no)
        else:
            self._set_status("Not watching the live boards: s (or the palette) sets a DGT "
                             "LiveChess folder, a PGN file or URL, or LiveChess Cloud.")
        # As often as the console looks at the file for others' writes, twice a second at most;
        # never in the tests' consoles that do not poll (they read with read_now).
        poll = getattr(self.app, "poll_seconds", 1.0)
        seconds = getattr(self.app, "feed_seconds", min(poll, 0.5) if poll > 0 else 0)
        if seconds > 0:
            self.set_interval(seconds, self.poll)

    @property
    def boards(self) -> LiveBoards:
        return self.query_one(LiveBoards)

    def focus_first(self) -> None:
        self.screen.set_focus(self.boards)

    def _now(self) -> datetime:
        return self.app.now()  # type: ignore[attr-defined,no-any-return]

    # -- the source ----------------------------------------------------------------------------

    def start(self, spec: str, round_no: int | None) -> bool:
        """Follow ``spec`` (not yet kept with the event: see :meth:`action_set_source`)."""
        from normtui.feed.sources import SourceError, open_source
        from normtui.feed.watcher import Feed
        from normtui.store.connection import is_event_file

        self.source = (spec, round_no)
        try:
            source = open_source(spec, round_no,
                                 refuse=lambda p: is_event_file(p, self.store.path))
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
        from normtui.tui.screens.feed_source import FeedSourceScreen

        current, round_no = self.source or (None, None)
        self.app.push_screen(FeedSourceScreen(current, round_no), self._source_chosen)

    def _source_chosen(self, answer: tuple[str, int | None] | None) -> None:
        if answer is None:
            return
        spec, round_no = answer
        if round_no is not None and not 1 <= round_no <= self.store.event.rounds:
            self._set_status(f"Live boards: the event has rounds 1-{self.store.event.rounds}")
            return
        if self.start(spec, round_no):
            self.write("feed source", self.store.set_feed_source, spec, round_no, quiet=True)
            self.poll()
        else:
            self.source = None  # a source given by hand that is not there: not kept
            self._set_status(self._status.removesuffix("; tried again"))

    def action_stop(self) -> None:
        from normtui.tui.screens.confirm import ConfirmScreen

        if self.feed is None:
            self._set_status("Not watching the live boards.")
            return

        def done(yes: bool | None) -> None:
            if not yes:
                return
            if self.feed is not None:
                self.feed.stop()
            self.feed = self.source = None
            self.write("feed source", self.store.set_feed_source, None, quiet=True)
            self._set_status("Stopped watching the live boards.")

        spec = self.source[0] if self.source else ""
        self.app.push_screen(ConfirmScreen(f"Stop watching the live boards?\n\n{spec}\n\n"
                                           "Results already entered stay.", confirm="Stop"),
                             done)

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
        except EXPECTED_ERRORS as exc:
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
            self._set_status(f"Live boards: the feed could not be read ({message.error}); "
                             "watching on")
            return
        report = self.report = message.report
        asks = sum(1 for n in report.notices if n.ask)
        status = f"Watching {report.source}{self._round_text()} · read {report.at:%H:%M:%S}"
        if asks:
            status += f" · {asks} for the arbiter"
        if report.problems:
            status += f" · {report.problems[-1]}"
        # Under a dialog the pane is not drawn at every read: Textual would draw the dimmed
        # screen behind it again each time. The first read after the dialog shows it all.
        if self.screen.is_active:
            self.boards.show(list(report.boards), self._now())
            self._detail()
            self._set_status(status)
        for notice in report.new_notices:
            if notice.ask:
                self.notify(notice.line, title=notice.article or "Live boards",
                            severity="warning", timeout=8, markup=False)
        if report.changes:
            self.changed("feed")
            for change in report.changes:
                if change.drawn:
                    self._armageddon(change.game_id)
                elif change.kind == "armageddon":
                    self._armageddon_played(change.game_id)

    def _armageddon_played(self, game_id: int) -> None:
        """The feed entered an Armageddon's result: its screen, if open, has nothing to ask."""
        from normtui.tui.screens.armageddon import ArmageddonScreen

        screen = self.app.screen
        game = self.store.game(game_id)
        if isinstance(screen, ArmageddonScreen) and screen.game.id == game_id \
                and game.armageddon is not None:
            self.app.pop_screen()
            self.say(f"{game.label}: Armageddon {game.armageddon.value} from the feed")

    def _armageddon(self, game_id: int) -> None:
        """A drawn main game from the feed: its Armageddon opens, as `d` opens it (§2)."""
        game = self.store.game(game_id)
        if game.armageddon is not None:
            return  # the feed had its Armageddon too
        pairings = getattr(self.screen, "pane", None)
        if self.app.screen is not self.screen or pairings is None:
            self.notify(f"{game.label} drawn: its Armageddon is due (§2); a on the board in "
                        "the pairings", timeout=8, markup=False)
            return
        pane = pairings("pairings")
        opener = getattr(pane, "open_armageddon", None)
        if opener is not None:
            opener(game)

    def reload(self) -> None:
        if self.report is not None:
            self.boards.show(list(self.report.boards), self._now())
            self._detail()
        games = self.store.games()
        key = tuple((g.id, g.result, g.armageddon, g.state) for g in games)
        if key != self._race_key:
            self._race_key = key
            self.query_one(LiveRace).show(self.store.standings_if_ended_now(),
                                          self.store.standings(), self.store.contenders())

    @on(LiveBoards.Moved)
    def _moved(self, event: LiveBoards.Moved) -> None:
        event.stop()
        self._detail()

    def _detail(self) -> None:
        view = self.boards.view
        width = self.size.width or 80
        text = _detail_text(view, width) if view is not None else "No game on the feed yet."
        detail = self.query_one("#live-detail", Static)
        if getattr(detail, "_shown", None) != text:
            detail._shown = text  # type: ignore[attr-defined]
            detail.update(text)

    def _set_status(self, text: str) -> None:
        if text != self._status:
            self._status = text
            for line in self.query("#live-status").results(Static):  # none before mounting
                line.update(text)

    # -- the arbiter ---------------------------------------------------------------------------

    def action_accept(self) -> None:
        from normtui.tui.screens.confirm import ConfirmScreen

        view = self.boards.view
        if view is None or self.feed is None or not view.conflict or view.game_id is None:
            self.notify("The highlighted board has no conflicting record to accept.",
                        severity="warning", markup=False)
            return
        feed, game_id, kind = self.feed, view.game_id, view.kind
        why = next((n.text for n in view.notices if "changes moves" in n.text), "")
        question = (f"Take the feed's record for {view.label}?\n\n{why}\n\nThe record kept is "
                    "replaced; the change is yours, recorded in the audit log.")

        def done(yes: bool | None) -> None:
            if yes and self.write("feed", feed.accept, game_id, kind):
                self.poll()

        self.app.push_screen(ConfirmScreen(question, confirm="Take it"), done)


def _detail_text(view: BoardView, width: int = 80) -> str:
    """The highlighted board: who, its moves so far (as many of the last as fit two lines),
    the time the last one took, and everything the feed says of it."""
    from normtui.feed.report import clock_text

    head = f"{view.label}: {view.white} - {view.black}"
    lines = [head]
    if view.moves:
        used = f" ({clock_text(view.last_used)} on the last)" if view.last_used is not None \
            else ""
        room = max(20, 2 * width - len(head) - len(used) - 30)
        moves = view.moves
        if len(moves) > room:
            tail = moves[-room:]
            # From a whole move number on: "…33. bxc5 Qc7", not "…3. bxc5".
            number = re.search(r"\s(\d+\.\s)", tail)
            moves = "…" + (tail[number.start(1):] if number else tail.split(" ", 1)[-1])
        lines[0] += f" · {view.plies} half-moves: {moves}{used}"
    lines += [("! " if n.ask else "· ") + n.text + (f" ({n.article})" if n.article and
                                                   n.article not in n.text else "")
              for n in view.notices]
    return "\n".join(lines[:4])
