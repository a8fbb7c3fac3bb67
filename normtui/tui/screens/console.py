"""The console screen: one tab per pane, each one key away, and the watch on the database.

Only the first pane is built before the first frame; the others are mounted right after it
(or at once when their key is pressed first), so that a heavy pane costs nothing at startup.
Opened on a path (``normtui DB``), the first frame is the console's frame (header, first tab,
keys) with "Opening…" where the pairings go: the store, the rules and sqlite access load in a
thread started with the screen, while that frame is drawn, and the pairings pane is mounted when
they are there.

The screen holds the console's one picture of the event (:attr:`ConsoleScreen.picture`, a
:class:`~normtui.store.picture.EventPicture`), read again when another connection has written
(``PRAGMA data_version``, polled) and after the console's own writes; the header and every pane
derive what they show from it (``docs/console-snapshot.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, cast

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import MountError
from textual.widgets import Header, Input, Static, TabbedContent, TabPane

from normtui.rules.errors import NormtuiError
from normtui.tui.held_keys import HeldKeys
from normtui.tui.messages import StoreChanged
from normtui.tui.outward import offer
from normtui.tui.panes import PANES, TITLES, pane_class
from normtui.tui.panes.base import Pane, report_refusal
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.undo_text import undo_effect, undo_question
from normtui.tui.widgets.console_footer import ConsoleFooter
from normtui.tui.widgets.console_tabs import ConsoleTabs
from normtui.tui.widgets.go_to import GoToPrompt
from normtui.tui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from normtui.store import AuditEntry, EventStore
    from normtui.store.picture import EventPicture
    from normtui.tui.app import NormtuiApp


def _pane_bindings() -> list[Binding]:
    # Not in the Footer: the tab labels already say "1 Pairings", "2 PGN entry", …, and the
    # Footer's width is better spent on the keys of the pane in front of the arbiter.
    # F1-F8 do the same with priority, so that they work from a text field too, where 1-8
    # are typed as text (a PGN has digits).
    return [
        Binding(key, f"show_pane('{pane_id}')", TITLES[pane_id], id=f"pane.{pane_id}", show=False)
        for key, pane_id, _module, _cls in PANES
    ] + [
        Binding(
            f"f{key}",
            f"show_pane('{pane_id}')",
            TITLES[pane_id],
            id=f"pane.{pane_id}.anywhere",
            show=False,
            priority=True,
        )
        for key, pane_id, _module, _cls in PANES
    ]


# The keys of the panes built after the first frame.
_LATER_PANE_KEYS = frozenset(k for key, _id, _m, _c in PANES[1:] for k in (key, f"f{key}"))
_PANE_OF_KEY = {k: pane_id for key, pane_id, _m, _c in PANES for k in (key, f"f{key}")}


class ConsoleScreen(Screen[None]):
    class Opened(Message):
        """From the opening thread: the store is open, the event read and the first pane
        built."""

        def __init__(self, store: EventStore, picture: EventPicture, pane: Pane) -> None:
            super().__init__()
            self.store = store
            self.picture = picture
            self.pane = pane

    class CannotOpen(Message):
        """From the opening thread: the file was refused after all (removed, locked)."""

        def __init__(self, why: str) -> None:
            super().__init__()
            self.why = why

    # The screen's class by width (Textual's breakpoints): the panes' stylesheets give their
    # controls less room at 80 columns, where nothing the arbiter reads may be cut.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    BINDINGS = [
        *_pane_bindings(),
        Binding("question_mark", "help", "Help", id="help", key_display="?"),
        # Priority: the console's undo from every control, the PGN text area too, whose own
        # undo (Textual 8.2.8) can end the console with a traceback after a long paste
        # (textual#6686), and would make ctrl+z mean two things under time pressure.
        Binding("ctrl+z", "undo", "Undo", id="undo", priority=True),
        Binding("ctrl+q", "app.quit", "Quit", id="quit", show=False),
        # A drawn game from the feed or another terminal opens nothing by itself: the header
        # counts the Armageddons waiting, the status line names this key, which opens them.
        # Priority: from the PGN text area too (where ctrl+a was the line's start; Home is).
        Binding(
            "ctrl+a",
            "next_armageddon",
            "Armageddon waiting",
            id="armageddon.next",
            show=False,
            priority=True,
            tooltip="Open the Armageddon waiting (again: the next one)",
        ),
    ]

    # The event as the console last read it: the header and the panes show it. None only while
    # the store is being opened. Not repainted itself (repaint=False): a screen's repaint is
    # the whole terminal's, every line written again after each result; the widgets that show
    # the picture repaint what changed in them.
    picture: reactive[EventPicture | None] = reactive(None, init=False, repaint=False)

    def __init__(
        self,
        store: EventStore | None,
        *,
        path: Path | None = None,
        poll_seconds: float = 1.0,
        preload: bool = True,
    ) -> None:
        super().__init__()
        self._store = store
        if store is not None:
            path = store.path
            self.set_reactive(ConsoleScreen.picture, store.picture())
        assert path is not None, "a store or the path of one"
        self.path = path
        self.poll_seconds = poll_seconds
        self.preload = preload
        self._panes: dict[str, Pane] = {}
        self._tabs_ready = False
        # A pane shown (from the palette, a test) before the other tabs exist: shown as soon
        # as they do.
        self._pending_pane: str | None = None
        # Keys typed before every pane exists, replayed in order once they do.
        self._held = HeldKeys()
        # The last key went on to the app's dispatch and was ":" (see take_key).
        self._colon_let_through = False
        # The store this screen opened itself (see _open_store), whether shown yet or not.
        self.opened_store: EventStore | None = None
        # The Armageddon ctrl+a opened last: pressed again, it opens the next one.
        self._offered: int | None = None
        # Each pane's Footer (compose, _show_footer).
        self._footers: dict[str, ConsoleFooter] = {}

    @property
    def normtui(self) -> NormtuiApp:
        """The app, typed (its settings, the store it holds)."""
        return cast("NormtuiApp", self.app)

    @property
    def store(self) -> EventStore:
        assert self._store is not None, "the store is still being opened"
        return self._store

    @property
    def ready(self) -> bool:
        """Whether the store is open and the first pane built."""
        return self._store is not None and bool(self._panes)

    @property
    def event(self) -> EventPicture:
        """The picture of the event (typed: the store is open)."""
        assert self.picture is not None, "the store is still being opened"
        return self.picture

    def compose(self) -> ComposeResult:
        yield Header(show_clock=self.normtui.show_clock)
        # Only the first tab before the first frame; the others follow right after it.
        key, pane_id, module, cls_name = PANES[0]
        with ConsoleTabs(id="panes"), TabPane(f"{key} {TITLES[pane_id]}", id=f"tab-{pane_id}"):
            if self._store is not None:
                yield pane_class(module, cls_name)(self._store, self.event)
            else:
                yield Static(f"Opening {self.path}…", id="opening", markup=False)
        # A Footer for each pane, empty until its pane first comes to the front (_show_footer).
        for _key, footer_of, _module, _cls in PANES:
            footer = self._footers[footer_of] = ConsoleFooter(
                compact=True, id=f"footer-{footer_of}"
            )
            footer.display = footer_of == pane_id
            yield footer

    @property
    def footer(self) -> ConsoleFooter:
        """The Footer shown: the one of the pane in front."""
        return next(f for f in self._footers.values() if f.display)

    def _show_footer(self, pane_id: str) -> None:
        """Each pane keeps a Footer of its own while another is in front: back at a pane, its
        keys are there as they were, not rebuilt (Textual's Footer mounts a widget per key,
        two frames of their own after the pane's on every pane key)."""
        footer = self._footers[pane_id]
        for other in self._footers.values():
            other.display = other is footer
        # Its keys checked: a tab clicked leaves the focus where it was, and no change of
        # bindings would come to tell the Footer just shown (from its own queue, as a change
        # of bindings comes: what it rebuilds is bound to it).
        footer.call_next(footer.bindings_changed, self)

    def on_mount(self) -> None:
        if self._store is not None:
            self._start()
            return
        self.title = self.normtui.event_name or self.app.title
        self.sub_title = f"Opening {self.path.name}…"
        # Now, not after the first frame: the thread reads while the main thread waits between
        # Textual's frames (the pairings came 0.85x as late as when it started after the frame).
        self._open_store()

    @work(thread=True, exclusive=True, group="open")
    def _open_store(self) -> None:
        # Anything but a refusal is a bug: the worker's error ends the app and is shown.
        from normtui.store import EventStore

        try:
            store = EventStore.open(self.path, actor=self.normtui.actor)
        except NormtuiError as exc:
            self.post_message(self.CannotOpen(str(exc)))
            return
        # Kept where the launcher finds it to close it, even if the arbiter quits before the
        # pairings are shown (the app waits for this thread before it ends).
        self.opened_store = store
        try:
            picture = store.picture()
            pane = pane_class(*PANES[0][2:])(store, picture)
        except NormtuiError as exc:
            self.post_message(self.CannotOpen(str(exc)))
            return
        self.post_message(self.Opened(store, picture, pane))

    @on(CannotOpen)
    def _cannot_open(self, message: CannotOpen) -> None:
        self.normtui.open_error = message.why
        self.app.exit(return_code=2)

    @on(Opened)
    async def _opened(self, message: Opened) -> None:
        store, pane = message.store, message.pane
        tab = self.query_one(f"#tab-{PANES[0][1]}", TabPane)
        pane.focus_when_mounted = True
        opening = self.query_one("#opening")
        try:
            # The placeholder hidden, not yet removed, while the pane mounts: the tab holds one
            # of them at every moment, and no frame shows both.
            opening.display = False
            await tab.mount(pane)
            await opening.remove()
        except MountError:  # the arbiter quit meanwhile; the launcher closes the store
            return
        self._store = store
        self.normtui.store = store
        self.set_reactive(ConsoleScreen.picture, message.picture)
        self._start()

    def _start(self) -> None:
        self.title = self.event.name
        self.ensure_pane(PANES[0][1])
        self._update_titles()
        first = PANES[0][1]
        self.call_after_refresh(self._focus_pane, first)
        self.call_after_refresh(self._add_the_rest)
        # What a console sent out until it quit: said, with how to start it again.
        self.call_after_refresh(self._offer_outward)
        if self.poll_seconds > 0:
            self.set_interval(self.poll_seconds, self._poll)
        # Once, the console open: what is alive now (Textual, the store, the first pane) is
        # frozen, and the oldest generation is collected when the arbiter pauses, not in a
        # key (normtui.tui.collector).
        self.normtui.collector.start(self.app)

    def _offer_outward(self) -> None:
        if not self.normtui.exiting:
            offer(self)

    def on_unmount(self) -> None:
        # The collector as it was, what was frozen collectable again, once the console is
        # gone (a process that runs one console after another: tests, benchmarks).
        self.normtui.collector.stop()

    async def _add_the_rest(self) -> None:
        """The other tabs, and (``preload``) their panes, after the first frame."""
        self.normtui.load_pane_css()
        tabbed = self.query_one(TabbedContent)
        try:
            for key, pane_id, _module, _cls in PANES[1:]:
                await tabbed.add_pane(TabPane(f"{key} {TITLES[pane_id]}", id=f"tab-{pane_id}"))
        except MountError:  # the arbiter quit meanwhile
            return
        self._tabs_ready = True
        if self.preload:
            for _key, pane_id, _module, _cls in PANES[1:]:
                self.ensure_pane(pane_id)
        # Once the panes just mounted have settled.
        self.call_after_refresh(self._settle)

    def _settle(self) -> None:
        # Every pane built: frozen for the collector at the next pause (normtui.tui.collector).
        self.normtui.collector.settled()
        pending, self._pending_pane = self._pending_pane, None
        if pending is not None:
            self.action_show_pane(pending)
        if self._held.keys:
            self.run_worker(self._replay_held(), group="held-keys", exclusive=True)
        else:
            self._held.settled = True

    async def take_key(self, event: events.Key) -> bool:
        """Whether the console takes ``event`` before the app dispatches it (True: the app
        drops it): held while the console opens (hold_key), or done at once when it shows a
        pane not built yet (build_pane_for)."""
        # ":4" typed at once: the colon went on to the pairings, and the digits behind it are
        # the go-to prompt's number (NormtuiApp.on_key gives them to the prompt), never keys
        # to hold or pane 4's key, although the prompt is not there yet.
        if self._colon_let_through and event.character and event.character.isdigit():
            return False
        if self.hold_key(event) or await self.build_pane_for(event):
            self._colon_let_through = False
            return True
        self._colon_let_through = event.key == "colon"
        return False

    def hold_key(self, event: events.Key) -> bool:
        """Keep a key typed before every pane exists (normtui.tui.held_keys)."""
        # Ready for a key: the first pane is there and has the focus (its keys are bound on
        # it, reached from the focused control; the focus comes a frame after the pane, and
        # until then Textual gives it to the tabs).
        first = self._panes.get(PANES[0][1])
        focused = self.app.focused
        ready = first is not None and focused is not None and first in focused.ancestors
        return self._held.hold(event, ready=ready, later=_LATER_PANE_KEYS)

    async def build_pane_for(self, event: events.Key) -> bool:
        """A key that shows a pane not built yet, once the console has settled: the key's
        action and the pane's mounting are awaited here, in the app's handling of the key
        (True: done, the app drops the key). The keys typed after it ("3 x" on a pane never
        shown: the x is the crosstable's) wait in the app's queue, in order, until the pane
        is there: let through, the key raced a replay of those that followed it."""
        if not (self._held.settled and self._builds_a_pane(event)):
            return False
        self._held.settled = False
        self._held.keys.append(event)
        await self._replay_held()
        return True

    def _builds_a_pane(self, event: events.Key) -> bool:
        """``event`` will switch to a pane not mounted yet (a key the focused control takes
        as text switches nothing)."""
        pane_id = _PANE_OF_KEY.get(event.key)
        if pane_id is None or not self._tabs_ready:
            return False
        pane = self._panes.get(pane_id)
        if pane is not None and pane.is_mounted:
            return False

        if any(not p.has_class("-closed") for p in self.query(GoToPrompt)):
            return False  # the digit of ":4" before the prompt has the focus: the prompt's
        focused = self.app.focused
        return (
            focused is None
            or event.key.startswith("f")
            or not focused.check_consume_key(event.key, event.character)
        )

    @property
    def settled(self) -> bool:
        """Every pane is there, and the keys typed meanwhile have been replayed."""
        return self._held.settled

    async def _replay_held(self) -> None:
        dropped = await self._held.replay(self, self._focus_front)
        if dropped:
            self.say(f"Keys typed while opening, not used: {dropped}", warning=True)
        elif self.app.screen is self and self.app.focused is None:
            self._focus_front()

    def _focus_front(self) -> None:
        if self.closing:
            return
        self._focus_pane(self.query_one(TabbedContent).active.removeprefix("tab-"))

    def all_panes(self) -> list[Pane]:
        """Every pane, mounting those not built yet (the command palette lists them all)."""
        if not self._tabs_ready:
            return self.panes
        return [self.ensure_pane(pane_id) for _key, pane_id, _module, _cls in PANES]

    def ensure_pane(self, pane_id: str) -> Pane:
        """The pane, mounted into its tab now if it was not yet."""
        pane = self._panes.get(pane_id)
        if pane is None:
            pane = self.query_one(f"#{pane_id}", Pane) if pane_id == PANES[0][1] else None
        if pane is None:
            _key, _id, module, cls_name = next(p for p in PANES if p[1] == pane_id)
            pane = pane_class(module, cls_name)(self.store, self.event)
            self._held.mounting.append(self.query_one(f"#tab-{pane_id}", TabPane).mount(pane))
        self._panes[pane_id] = pane
        return pane

    @property
    def panes(self) -> list[Pane]:
        """The panes built so far (a dict, not a DOM query: this runs after every change)."""
        return list(self._panes.values())

    def pane(self, pane_id: str) -> Pane:
        return self.ensure_pane(pane_id)

    @property
    def focus_coming(self) -> bool:
        """A pane shown before it was mounted takes the focus after its first frame: the keys
        typed meanwhile wait for it (normtui.tui.key_order)."""
        return any(p.focus_when_mounted for p in self._panes.values())

    @property
    def closing(self) -> bool:
        """The console is ending: quit by the arbiter, or the app shut down without a quit
        (its controls are being removed, and a query for one finds nothing)."""
        return self.normtui.exiting or not self.app.is_running

    def _focus_pane(self, pane_id: str) -> None:
        if not self.is_mounted or self.closing:
            return
        pane = self.pane(pane_id)
        if pane.is_mounted:
            pane.focus_when_mounted = False  # focused now, not again a frame later
            pane.focus_first()
        else:
            # Still being built (shown by a key replayed as the console opens): it has no
            # control to focus yet, and takes the focus itself once mounted (Pane.on_mount).
            pane.focus_when_mounted = True

    def action_show_pane(self, pane_id: str) -> None:
        if not self._tabs_ready:
            # The other tabs come right after the first frame (or once the store is open);
            # the last key pressed until then wins. The first pane is in front already.
            self._pending_pane = pane_id if pane_id != PANES[0][1] else None
            return
        self._pending_pane = None
        self.query_one(TabbedContent).active = f"tab-{pane_id}"
        self._show_footer(pane_id)
        # Nothing keeps the focus in the pane left behind, even for the moment before the
        # new pane has focused its first control (a pane may focus asynchronously).
        self.set_focus(None)
        pane = self.pane(pane_id)
        if not pane.is_mounted:
            pane.focus_when_mounted = True  # it has no children to focus yet
            return
        if pane.stale:
            pane.redraw()
            pane.stale = False
        pane.arrived()
        pane.focus_first()

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        if not self.ready:
            return
        pane_id = (event.pane.id or "").removeprefix("tab-")
        self._show_footer(pane_id)
        pane = self.pane(pane_id)
        if pane.is_mounted and pane.stale:
            pane.redraw()
            pane.stale = False
        if pane.is_mounted:
            pane.arrived()  # a tab clicked: as its key

    def export(self, fmt: str) -> None:
        """Write the export ``fmt`` beside the database (from the palette), as ``normtui
        export`` writes it."""
        # Lazy: the export modules, when the arbiter first exports.
        from normtui.export import export_event, suffix

        self.write_beside(
            f"{fmt}{suffix(fmt)}",
            partial(export_event, fmt=fmt),
            failed=f"Export {fmt} failed",
            wrote=f"Exported {fmt} to",
        )

    def print_sheet(self, sheet: str) -> None:
        """Write a print-ready sheet beside the database (from the palette), as ``normtui
        print`` writes it."""
        # Lazy: the sheets' module, when the arbiter first prints.
        from normtui.export.sheets import sheet_html

        self.write_beside(
            f"{sheet}.html",
            partial(sheet_html, what=sheet),
            failed=f"Print {sheet} failed",
            wrote=f"Wrote {sheet} to",
        )

    @work(thread=True, exclusive=True, group="export")
    def write_beside(
        self, name: str, text_of: Callable[[EventStore], str], *, failed: str, wrote: str
    ) -> None:
        """Write ``text_of`` the event to ``<event>-<name>`` beside the database, in a thread
        of its own with a connection of its own: a PGN export replays every game (1-2 s). A
        routine confirmation goes on the status line (``wrote``), a failure is a toast."""
        # Lazy: loaded in this thread, not on the console's.
        from normtui.export.output import write_output
        from normtui.store import EventStore

        failures: tuple[type[Exception], ...] = (OSError, NormtuiError)
        source = self.path
        target = source.with_name(f"{source.stem}-{name}")
        try:
            with EventStore.open(source) as store:
                text = text_of(store)
            # Replaced whole, its permissions kept; a link's target written. A
            # FIFO nobody reads is refused: the app waits for this thread when it quits.
            write_output(target, text, wait_for_reader=False)
        except failures as exc:
            self.app.call_from_thread(
                self.notify, f"{failed}: {exc}", severity="error", markup=False
            )
            return
        self.app.call_from_thread(self.say, f"{wrote} {target}")

    def action_help(self) -> None:
        # Lazy: the help (every pane's keys and articles), not needed before the pairings.
        from normtui.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))

    def action_undo(self) -> None:
        if not self.ready:
            self.notify(f"Still opening {self.path.name}.", severity="warning", markup=False)
            return
        # What undo takes: the newest change, the feed's move-by-move records passed over.
        last = self.store.audit.next_undo()
        if last is None:
            self.notify("Nothing to undo.", severity="warning")
            return

        theirs = last.actor != self.store.actor

        def done(confirmed: bool | None) -> None:
            if not confirmed:
                return
            try:
                # Exactly the change shown: refused if another terminal wrote since.
                entry = self.store.audit.undo(last.id, anyone=theirs)
            except NormtuiError as exc:
                report_refusal(self, exc)
                # The refusal says what came since; the panes show it (no second toast).
                self.read_event()
                return
            # A confirmation: the status line.
            self.say(f"Undone: {undo_effect(last) or last.summary}")
            self.read_event(entry)

        self.app.push_screen(
            ConfirmScreen(
                undo_question(last, self.store.actor),
                confirm=f"Undo {last.actor}'s" if theirs else "Undo",
            ),
            done,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # An event without Armageddons (its profile) has none to wait for: no key for them.
        if action == "next_armageddon" and self.picture is not None:
            return self.picture.profile.classical.armageddon_after_draw
        return True

    def action_next_armageddon(self) -> None:
        """The Armageddon waiting that must start first, then (pressed again) the next: the
        pairings show its round with the cursor on its board, and its dialog opens."""
        # The panes load after the first frame.
        from normtui.tui.panes.pairings import PairingsPane

        if not self.ready:
            return
        waiting = self.event.armageddons_waiting
        if not waiting:
            self.say("No Armageddon is waiting.")
            return
        ids = [g.id for g in waiting]
        at = (ids.index(self._offered) + 1) % len(ids) if self._offered in ids else 0
        game = waiting[at]
        self._offered = game.id
        self.action_show_pane("pairings")
        pane = self.pane("pairings")
        assert isinstance(pane, PairingsPane)
        pane.show_round(game.round)
        pane.go_to(game.board)
        pane.open_armageddon(game)

    def _poll(self) -> None:
        """Another process (the CLI, a second console) may have written to the file."""
        if self.store.data_version() != self.event.data_version:
            self.store_changed(StoreChanged(local=False))

    def catch_up(self) -> None:
        """Before a question that a change elsewhere could make wrong: what was written since
        the picture was read is read now. The poll would see another terminal's change a
        moment later; this also sees one made through this console's own connection past its
        panes (the feed's thread), by the audit log's newest entry."""
        version, head = self.store.mark()
        picture = self.event
        if (version, head) != (picture.data_version, picture.head.id if picture.head else None):
            self.store_changed(StoreChanged(local=version == picture.data_version))

    @on(StoreChanged)
    def _store_changed(self, event: StoreChanged) -> None:
        self.store_changed(event)

    def store_changed(self, event: StoreChanged) -> None:
        """The event file changed (here or elsewhere): the event is read again, and the pane
        in front shows it now, the others when next shown."""
        self.read_event(event.entry)
        if not event.local:
            self.call_after_refresh(self._say_loaded)

    def read_event(self, after: AuditEntry | None = None) -> None:
        """Read the event again: after this console's own change ``after`` only what it
        changed, when nothing else has (``EventStore.picture``)."""
        self.picture = self.store.picture(self.picture, after=after)

    def watch_picture(self, picture: EventPicture | None) -> None:
        if picture is None:
            return
        active = self.query_one(TabbedContent).active.removeprefix("tab-")
        for pane in self.panes:
            pane.take_picture(picture, show=pane.id == active and pane.is_mounted)
        self._update_titles()
        self._tell_dialogs()
        for line in self.query(StatusLine):
            line.drop_if_stale()

    def unsaved(self) -> list[str]:
        """What quitting now would lose, one line each: records not attached in pane 2, the
        text typed in the dialogs open over the console."""
        # Lazy: the desk's dialogs, not needed before the pairings (loaded with pane 5).
        from normtui.tui.screens.desk_modal import RecordingModal

        lost = [line for pane in self.panes if pane.is_mounted for line in [pane.unsaved()] if line]
        for screen in self.app.screen_stack:
            if isinstance(screen, RecordingModal) and any(
                i.value.strip() for i in screen.query(Input)
            ):
                lost.append("The dialog open: what is typed in it is not recorded yet.")
        return lost

    def _tell_dialogs(self) -> None:
        """An Armageddon dialog the arbiter has open says it when the feed or another
        terminal has entered that Armageddon meanwhile (it stays open: see
        ArmageddonScreen.entered_elsewhere)."""
        # Lazy: the dialog's module reads the store's records, loaded after the first frame.
        from normtui.tui.screens.armageddon import ArmageddonScreen

        for screen in self.app.screen_stack:
            if isinstance(screen, ArmageddonScreen):
                game = self.event.game(screen.game.id)
                if game is not None:
                    screen.entered_elsewhere(game)

    def _say_loaded(self) -> None:
        """What another terminal wrote, said on the status line: the newest change and who
        made it."""
        head = self.event.head
        what = f": #{head.id} {head.summary} ({head.actor})" if head else ""
        self.say(f"Loaded from another terminal{what}")

    def say(
        self, text: str, *, warning: bool = False, true_while: Callable[[], bool] | None = None
    ) -> None:
        """On the status line of the pane in front."""
        active = self.query_one(TabbedContent).active.removeprefix("tab-")
        pane = self._panes.get(active)
        if pane is not None and pane.is_mounted and pane.shown:
            pane.say(text, warning=warning, true_while=true_while)
        else:
            self.notify(text, timeout=4, markup=False)

    def _update_titles(self) -> None:
        current = self.event.current_round
        where = f"Round {current}" if current else "All rounds complete"
        waiting = self.event.armageddons_waiting
        if waiting:
            where += f" · Armageddon waiting: {len(waiting)}"
        # The acting arbiter: every change made here is audited under this name.
        self.sub_title = f"{where} · arbiter: {self.store.actor}"
