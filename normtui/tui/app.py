"""The Textual app: it only owns the event store and opens on the console screen."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import App
from textual.content import Content
from textual.filter import LineFilter
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen

from normtui.rules.errors import NormtuiError
from normtui.text import visible
from normtui.tui.collector import IdleCollector
from normtui.tui.commands import ConsoleCommands
from normtui.tui.formatting import ShowControls
from normtui.tui.key_order import KeyOrder
from normtui.tui.outward import Outward, quit_lines
from normtui.tui.panes import PANES
from normtui.tui.screens.console import ConsoleScreen

if TYPE_CHECKING:
    from normtui.store import EventStore
    from normtui.store.outward import OutwardRun
    from normtui.tui.screens.confirm import ConfirmScreen


class DamagedEvent(NormtuiError):
    """The console's event file is damaged: found after a read failed while it ran."""

    def __rich__(self) -> Text:
        # Textual prints an exception with __rich__ as it renders, in place of a traceback.
        return Text(f"normtui: {visible(str(self))}")


def _damage_said(error: Exception, path: Path) -> Exception:
    """``error``, or the damage of the event file that caused it."""
    if isinstance(error, NormtuiError):
        return error
    from normtui.store.check import damage  # the checker: only after a failure

    said = damage(path)
    return error if said is None else DamagedEvent(said)


# Every stylesheet ships in the package beside its module (the wheel's normtui/tui/**.tcss),
# and Textual reads them as files: found from this module's own file, without loading
# importlib.resources' machinery (~4 ms) before the first frame.
_STYLES = Path(__file__).resolve().parent


def _pane_css(module: str) -> Path:
    return _STYLES / "panes" / f"{module.rsplit('.', 1)[1]}.tcss"


class NormtuiApp(App[None]):
    """The arbiter's console, on an open store (tests, benchmarks) or on the path of an event
    file that the launcher has checked: the console then draws its first frame while it opens the
    store in a thread (see ConsoleScreen)."""

    # One stylesheet per pane, beside its module, so each pane's look lives with its code.
    # Only the shell's and the first pane's are read before the first frame; the others are
    # added with their tabs right after it (load_pane_css), as parsing CSS is a good part of
    # the time to the first frame.
    CSS_PATH: ClassVar = [str(_STYLES / "normtui.tcss"), str(_pane_css(PANES[0][2]))]
    TITLE = "normtui"
    COMMANDS: ClassVar = App.COMMANDS | {ConsoleCommands}
    # What the public site and the Lichess broadcast last did (pane 8 shows it).
    outward_line: reactive[str] = reactive("")

    def __init__(
        self,
        store: EventStore | Path,
        *,
        poll_seconds: float = 1.0,
        now: Callable[[], datetime] | None = None,
        show_clock: bool = True,
        preload: bool = True,
        event_name: str | None = None,
        actor: str | None = None,
    ) -> None:
        super().__init__()
        self.store: EventStore | None = None if isinstance(store, Path) else store
        self.path: Path = store if isinstance(store, Path) else store.path
        # Why the store could not be opened after all (the launcher prints it and exits 2).
        self.open_error: str | None = None
        # The header's title while the store is being opened (the launcher read it).
        self.event_name = event_name
        # Who the console's changes are by, for the store it opens (`normtui DB --as NAME`).
        self.actor = actor if isinstance(store, Path) else store.actor
        self.poll_seconds = poll_seconds
        # Tests and snapshots pass a fixed clock: countdowns and the header must not drift.
        self.now: Callable[[], datetime] = now or (lambda: datetime.now().astimezone())
        self.show_clock = show_clock
        # False: a pane is built only when first shown (tests that need one pane run faster).
        self.preload = preload
        # The public site and the Lichess broadcast, once started (normtui.tui.outward).
        self.outward: Outward | None = None
        # What a console sent out until it quit, offered to start again (outward.offer).
        self.outward_offered: dict[str, OutwardRun] = {}
        # What quitting stopped, for the terminal once the console has gone.
        self.outward_stopped: list[str] = []
        self._show_controls = ShowControls()
        # The app's first screen (get_default_screen).
        self.console_screen: ConsoleScreen | None = None
        # The "Quit?" question open, if any: ctrl+q again over it quits.
        self._quit_question: ConfirmScreen | None = None
        self._pane_css_loaded = False
        # Set by exit(): work scheduled before it (a focus after the next frame) is skipped.
        self.exiting = False
        # The oldest generation collected while the arbiter pauses (started with the console).
        self.collector = IdleCollector()
        # Keys typed ahead, each dispatched once the one before it is done.
        self.key_order = KeyOrder(self, self._dispatch_key)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key | events.MouseDown):
            self.collector.typed()
        if isinstance(event, events.Key) and not event.is_forwarded:
            # After the keys before it, to what they opened (normtui.tui.key_order).
            await self.key_order.key(event)
            return
        await super().on_event(event)

    async def _dispatch_key(self, event: events.Key) -> None:
        # A key typed while the console opens waits for its pane; a key that shows a pane
        # not built yet is done here, the pane built before the next key is read
        # (ConsoleScreen.take_key).
        stack = self.screen_stack
        if stack and isinstance(stack[-1], ConsoleScreen) and await stack[-1].take_key(event):
            return
        await super().on_event(event)

    def on_key(self, event: events.Key) -> None:
        # A digit typed right after ":" went to the control focused before the go-to prompt
        # took the focus, and arrives here unread: ":4" typed fast lost the 4 and left the
        # cursor where it was. A digit the prompt read itself never comes this far.
        # Lazy: the prompt's Input, not needed for the first frame.
        from normtui.tui.widgets.go_to import GoToInput

        focused = self.focused
        if (
            isinstance(focused, GoToInput)
            and event.character is not None
            and event.character in "0123456789"
        ):
            event.stop()
            focused.insert_text_at_cursor(event.character)

    def on_unmount(self) -> None:
        # Their threads would keep the process alive after the console has quit.
        if self.outward is not None:
            self.outward.stop_all()

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        # A dialog is what the arbiter reads now: a toast raised before it (a rule warning,
        # which its table still shows) covered the dialog's buttons at 80x24 for seconds.
        if isinstance(screen, ModalScreen):
            self.clear_notifications()
        return super().push_screen(screen, *args, **kwargs)

    async def action_quit(self) -> None:
        """Quit, asking first when something typed would be lost (records pasted and not
        attached, a dialog's text); a second ctrl+q while asked quits."""
        # Lazy: a dialog, not needed for the first frame.
        from normtui.tui.screens.confirm import ConfirmScreen

        if self._quit_question is not None and self.screen is self._quit_question:
            self.exit()
            return
        console = self.console_screen
        lost = console.unsaved() if console is not None and console.ready else []
        stops = quit_lines(self)
        if not lost and not stops:
            self.exit()
            return
        question = "Quit?\n\n"
        if lost:
            question += "\n".join(lost) + "\n\nThey are lost on quitting."
        if stops:
            question += ("\n\n" if lost else "") + "\n".join(
                f"{what}: stops on quitting (offered again when the console is opened next)."
                for what in stops
            )
        self._quit_question = ConfirmScreen(question, confirm="Quit")
        self.push_screen(self._quit_question, lambda yes: self.exit() if yes else None)

    def exit(
        self, result: None = None, return_code: int = 0, message: RenderableType | None = None
    ) -> None:
        self.exiting = True
        self._outward_quits()
        super().exit(result, return_code, message)

    def _outward_quits(self) -> None:
        """Publishing and broadcasting end with the console: kept as stopped by quitting, so
        that the next console offers them again, and said on the terminal."""
        stops = quit_lines(self)
        if not stops or self.store is None:
            return
        self.outward_stopped = stops
        # A file that cannot be written now: said on the terminal all the same.
        with contextlib.suppress(NormtuiError):
            self.store.outward.quitting()

    def _handle_exception(self, error: Exception) -> None:
        # Textual's one place for an exception nothing caught. A damaged event file fails
        # where a record is read (a state, a time no record holds): the console ends with the
        # one line naming the damage, as the command line does, not a traceback.
        # normtui's one use of Textual's private API: Textual 8 has no public hook for it.
        super()._handle_exception(_damage_said(error, self.path))

    def outward_runner(self) -> Outward:
        """The console's publisher and broadcaster, made when first asked for; pane 8 shows
        its line."""
        if self.outward is None:
            runner = Outward(self, self.path, lambda: None)
            runner.changed = lambda: setattr(self, "outward_line", runner.line)
            self.outward = runner
        return self.outward

    def load_pane_css(self) -> None:
        """Add the stylesheets of the other panes (once), then restyle what is mounted."""
        if self._pane_css_loaded:
            return
        self._pane_css_loaded = True
        for _key, _pane_id, module, _cls in PANES[1:]:
            path = _pane_css(module)
            self.stylesheet.add_source(
                path.read_text(encoding="utf-8"), read_from=(str(path), ""), is_default_css=False
            )
        # Restyle what is mounted with the rules added. Not refresh_css(): it parses every
        # stylesheet again from nothing (about a fifth of a start's CPU); the stylesheet keeps
        # what it parsed and parses only the sources just added.
        self.stylesheet.update(self, animate=False)
        for screen in self.screen_stack:
            self.stylesheet.update(screen, animate=False)
            screen.refresh(layout=True)

    def get_line_filters(self) -> Sequence[LineFilter]:
        return [*super().get_line_filters(), self._show_controls]

    def format_title(self, title: str, sub_title: str) -> Content:
        # The header's one way to the terminal for the event's name (its title) and what the
        # screens say under it: escape sequences in a damaged event's name are shown.
        return super().format_title(visible(title), visible(sub_title))

    def get_default_screen(self) -> Screen[None]:
        # The console is the app's first screen, not pushed over an empty default one: that
        # one would be composed and painted for nothing, and repaint the console once more
        # from the background right after its first frame.
        self.console_screen = ConsoleScreen(
            self.store, path=self.path, poll_seconds=self.poll_seconds, preload=self.preload
        )
        return self.console_screen

    def store_to_close(self) -> EventStore | None:
        """The store, or the one the console opened before the arbiter quit (not yet shown)."""
        console = self.console_screen
        return self.store or (console.opened_store if console is not None else None)
