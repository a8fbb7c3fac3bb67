"""What every pane of the console shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial, wraps
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from textual.binding import Binding
from textual.containers import Vertical
from textual.notifications import SeverityLevel
from textual.reactive import reactive
from textual.widget import Widget

from normtui.rules.errors import NormtuiError, RuleError
from normtui.tui.widgets.go_to import GoToInput, GoToPrompt
from normtui.tui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from normtui.store import AuditEntry, EventStore
    from normtui.store.picture import EventPicture
    from normtui.tui.app import NormtuiApp
    from normtui.tui.screens.console import ConsoleScreen

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class PaletteBinding(Binding):
    """A pane's key that the command palette (Ctrl+P) offers too, under ``palette``, with the
    key's tooltip as its help: one declaration for both."""

    palette: str = ""


def _quitting(pane: Widget) -> bool:
    """The console quits (or the pane was taken out) while the pane mounts: its controls may
    never have been mounted, and a query for them would end the console with a traceback
    (ctrl+q while the pairings mounted: NoMatches 'PairingsTable'). Quitting is said by
    exit() (no longer attached), or the app's shutdown has begun (no longer running)."""
    return not pane.is_attached or not pane.app.is_running


def _unless_quitting(mount: Callable[..., R]) -> Callable[..., R | None]:
    @wraps(mount)
    def on_mount(pane: Widget, *args: object) -> R | None:
        return None if _quitting(pane) else mount(pane, *args)

    return on_mount


class Pane(Vertical):
    r"""A pane shows the console's picture of the event (:attr:`picture`) in :meth:`redraw`,
    and writes through the store (:meth:`write`), after which the console reads the event
    again and every pane takes the new picture (the one in front redraws at once, the others
    when next shown). A pane never reads the store to show something: what it shows comes
    from the picture (a PGN text, read when a pane shows it, aside).

    The regulation articles it applies are the help's, worded from the event's profile
    (``normtui.tui.pane_articles``). Its keys that the command palette offers too are
    :class:`PaletteBinding`\ s.
    """

    PANE_ID: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    # What ":N" goes to in this pane ("board"); "" for none (see go_to_numbers, go_to).
    GO_TO: ClassVar[str] = ""
    # For a pane of one round: the key that shows the round being played (round_to_show).
    ROUND_KEY: ClassVar[str] = ""
    # The round being played, as the pane last read it (a pane of one round). Data, not
    # drawn: the pane is not repainted whole when it is set (its widgets repaint themselves).
    playing: reactive[int] = reactive(0, init=False, repaint=False)
    BINDINGS: ClassVar = [
        Binding("colon", "go_to", "Go to N", show=False, key_display=":", id="pane.go_to"),
    ]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Every pane's own on_mount sets up its controls: never in a console quitting.
        mount = cls.__dict__.get("on_mount")
        if mount is not None:
            cls.on_mount = _unless_quitting(mount)  # type: ignore[method-assign]

    def __init__(self, store: EventStore, picture: EventPicture, **kwargs: object) -> None:
        super().__init__(id=self.PANE_ID, **kwargs)  # type: ignore[arg-type]
        # For the pane's writes; what it shows comes from the picture.
        self.store = store
        # The event as the console last read it (the console hands each pane every new one).
        self.picture = picture
        # Whether the picture changed since the pane last showed it; on_mount shows it anyway.
        self.stale = False
        # Set by the console when the pane is built because its key was pressed.
        self.focus_when_mounted = False
        # True while the pane re-reads because the arbiter has just come to it.
        self.arriving = False
        # True while the console reads the event again after this pane's own write, and the
        # summaries of its writes said so far (see _say_playing).
        self.writing = False
        self.summaries = 0

    @property
    def console(self) -> ConsoleScreen:
        """The screen every pane is on (typed: a pane asks it for another pane, says a line
        on the pane in front)."""
        return cast("ConsoleScreen", self.screen)

    @property
    def normtui(self) -> NormtuiApp:
        """The app, typed (its clock, its settings)."""
        return cast("NormtuiApp", self.app)

    def redraw(self) -> None:
        """Show :attr:`picture` (again)."""

    def take_picture(self, picture: EventPicture, *, show: bool) -> None:
        """The console read the event again: ``show`` it now (the pane in front), or when
        the pane is next shown."""
        self.picture = picture
        if show:
            self.redraw()
            self.stale = False
        else:
            self.stale = True

    def reload(self) -> None:
        """Read the event again (another terminal may have written) and show it."""
        self.console.read_event()

    def unsaved(self) -> str:
        """What quitting now would lose on this pane, in a line ("" for nothing)."""
        return ""

    def shown_round(self) -> int | None:
        """The round a pane of one round shows while it follows the round being played."""
        return None

    def arrived(self) -> None:
        """The arbiter has just come to the pane (its key, its tab): a pane that follows the
        round being played catches up with it now."""
        shown = self.shown_round()
        if shown is not None and self.picture.current_round != shown:
            self.arriving = True
            try:
                self.redraw()
            finally:
                self.arriving = False

    def round_to_show(self, shown: int, following: bool) -> int:
        """For a pane of one round (the pairings, the desk): the round to show after a change.
        ``following``: the arbiter had not chosen another round than the one being played;
        then the pane follows it, switching when the arbiter arrives on it, never under the
        cursor (a key on its way was meant for the round shown): in front, the status line
        says it (see watch_playing)."""
        current = self.picture.current_round
        self.playing = current
        if not following or not current or current == shown:
            return shown
        if self.stale or not self.shown or self.arriving:
            return current
        return shown

    def watch_playing(self, current: int) -> None:
        """The round being played has moved on: a pane of one round in front that follows it
        stays on the round shown and says so, once, with ROUND_KEY, the key that shows it."""
        shown = self.shown_round()
        if shown is None or not current or current == shown:
            return
        if self.stale or not self.shown or self.arriving:
            return  # it switches (round_to_show)
        text = (
            f"Round {current} is the round being played now (round {shown} shown): "
            f"{self.ROUND_KEY} shows it"
        )
        # After the frame after next: said after "Loaded from another terminal", which the
        # console says after the next frame.
        # The write under way, if one moved the round on (its last result), says its summary
        # first; a write of the pane's after that has the last word.
        said = self.summaries + self.writing
        self.call_after_refresh(self.call_after_refresh, self._say_playing, text, said)

    def _say_playing(self, text: str, said: int) -> None:
        # Not when the pane has said a change of its own since the round moved on (a round
        # closed here after another terminal's last result: "round 7 closed" stays).
        if self.summaries <= said:
            self.say(text, warning=True)

    def on_mount(self) -> None:
        # Textual calls the on_mount of every class in the MRO, the pane's own first, then
        # this one: a pane sets up its tables in its on_mount and never calls super() here
        # (that would show the picture twice).
        if _quitting(self):
            return
        self.redraw()
        self.stale = False
        if self.focus_when_mounted:
            self.call_after_refresh(self._focus_when_mounted)

    def _focus_when_mounted(self) -> None:
        # Once: a key that came meanwhile may have put the focus in the pane already (the PGN
        # pane's i, into the record), where it stays.
        if self.console.closing:
            return  # its controls may be gone already
        focused = self.screen.focused
        if self.focus_when_mounted and (focused is None or self not in focused.ancestors):
            self.focus_first()
        self.focus_when_mounted = False

    def changed(self, entry: AuditEntry | None = None) -> None:
        """Call after this pane wrote to the store (``entry``: the change, when known): the
        console reads the event again now, and every pane takes the new picture, so that
        what follows the write in the same handler sees it."""
        self.console.read_event(entry)

    def attempt(
        self, call: Callable[..., T], *args: object, **kwargs: object
    ) -> tuple[bool, T | None]:
        """(done, value) of a store call. A refusal (a broken rule, a conflict, bad input) is
        shown to the arbiter as an error notification naming the article; the store has
        changed nothing then."""
        try:
            return True, call(*args, **kwargs)
        except NormtuiError as exc:
            report_refusal(self, exc)
            return False, None

    def write(
        self,
        call: Callable[..., object],
        *args: object,
        quiet: bool = False,
        **kwargs: object,
    ) -> bool:
        """A store mutation from this pane: on success every pane re-reads and the pane's
        status line says the audit summary (unless ``quiet``: what follows says it); on a
        refusal the error is shown and this pane re-reads, since the refusal may be that
        someone else changed the record meanwhile."""
        # The store's audit log: loaded with the store, after the first frame.
        from normtui.store.log import AuditEntry

        ok, entry = self.attempt(call, *args, **kwargs)
        if not ok:
            self.reload()
            return False
        if entry is None:
            self.say("Nothing changed: already recorded so.")
            return True
        self.writing = True
        try:
            self.changed(entry if isinstance(entry, AuditEntry) else None)
        finally:
            self.writing = False
        self.summaries += 1
        summary = getattr(entry, "summary", None)
        if summary and not quiet:
            # In the frame with the new tables: a frame of its own came a frame later.
            self.say(summary)
        return True

    def say(
        self, text: str, *, warning: bool = False, true_while: Callable[[], bool] | None = None
    ) -> None:
        """A routine confirmation, on the pane's status line (a toast would cover the table);
        on the pane in front when this one is not (a change made from a dialog another pane
        opened is said where the arbiter is). ``true_while``: what the line says of the event
        holds only while that says True; the line goes after the change that ends it."""
        text = self.picture.profile.articles.reword(text)  # the event's articles, not 2022's
        if not self.shown:
            self.console.say(text, warning=warning, true_while=true_while)
            return
        lines = self.query(StatusLine)
        if lines:
            lines.first().say(text, self.normtui.now(), warning=warning, true_while=true_while)
        else:
            self.notify(text, timeout=4, markup=False)

    def _reword(self, text: str) -> str:
        """The text citing the event's articles (the 2022 numbers in a Norway event)."""
        return self.picture.profile.articles.reword(text)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast, citing the event's own articles (``Articles.reword``): a refusal titled
        "Regulations §2" in a Norway event is the FIDE Laws' in a FIDE round robin."""
        articles = self.picture.profile.articles
        super().notify(
            articles.reword(message),
            title=articles.reword(title),
            severity=severity,
            timeout=timeout,
            markup=markup,
        )

    @property
    def status(self) -> str:
        """What the status line says now (for tests)."""
        lines = self.query(StatusLine)
        return lines.first().text if lines else ""

    @classmethod
    def palette(cls) -> list[PaletteBinding]:
        """The pane's keys that the command palette offers, in the order of its bindings."""
        return [b for b in cls.BINDINGS if isinstance(b, PaletteBinding)]

    def palette_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        """The palette's entries: a key's title there, its tooltip, and its action, run as the
        key runs it, so that the palette and the keys run the very same code."""
        return [
            (b.palette, b.tooltip, partial(self.call_later, self.run_action, b.action))
            for b in self.palette()
        ]

    def focus_first(self) -> None:
        """Keyboard first: switching to a pane puts the focus on its first control."""
        for widget in self.query("*"):
            if widget.focusable:
                self.screen.set_focus(widget)
                return

    @property
    def shown(self) -> bool:
        """The pane's tab is the one in front."""
        return self.parent is not None and self.parent.display

    @property
    def in_front(self) -> bool:
        """The pane is shown with no dialog over it. What a worker finishes later may open a
        dialog only then: elsewhere the dialog would take keys typed for something else."""
        return self.shown and self.app.screen is self.screen

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A hidden pane acts on no key. A key typed right after switching panes can reach
        the control that had the focus in the pane left behind; "3" then "x" must not enter
        a double forfeit on the pairings."""
        if action == "go_to" and not self.GO_TO:
            return False
        return self.shown

    # -- ":N", go to board (player, change) N ------------------------------------------------

    def go_to_numbers(self) -> list[int]:
        """The numbers ":" can go to here."""
        return []

    def go_to(self, number: int) -> None:
        """Put the cursor on ``number`` (one of go_to_numbers)."""

    async def action_go_to(self) -> None:
        """Awaited to the prompt's focus: a key typed right after ":" was on its way to the
        control that had the focus, and reaches the app's bindings only after this; the app
        gives a digit to the prompt then (NormtuiApp.on_key)."""

        # A prompt closing (its number taken, being removed) is no prompt: ":4:2" sent in one go
        # opened none for the 2, which then went nowhere.
        if any(not p.has_class("-closed") for p in self.query(GoToPrompt)):
            return
        back = self.screen.focused

        def done(number: int | None) -> None:
            if number is not None:
                self.go_to(number)
            if number is not None or self.screen.focused is None:
                if back is not None and back.is_attached:
                    self.screen.set_focus(back)
                else:
                    self.focus_first()

        prompt = GoToPrompt(self.GO_TO, self.go_to_numbers(), done)
        status = self.query(StatusLine)
        await self.mount(prompt, before=status.first() if status else None)
        if prompt.is_attached:
            self.screen.set_focus(prompt.query_one(GoToInput))


def report_refusal(widget: Widget, exc: Exception) -> None:
    """One line for the arbiter, never a traceback; a broken rule is titled by its article."""
    if isinstance(exc, RuleError):
        title, message = exc.article or "Refused", exc.message
        store = getattr(widget, "_store", None)  # a console's, which is no pane
        if store is not None:
            title, message = (
                store.profile.articles.reword(title),
                store.profile.articles.reword(message),
            )
        widget.notify(message, title=title, severity="error", timeout=6, markup=False)
    else:
        widget.notify(str(exc), title="Refused", severity="error", timeout=6, markup=False)
