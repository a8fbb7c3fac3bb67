"""Keys typed while the console opens: kept, and replayed in order once every pane exists.

"3 x" typed while the store opens means the standings, then the crosstable; keeping only the
last pane key lost the x. The app asks :meth:`HeldKeys.hold`
before it dispatches a key; the console replays them when its panes are built.

Held: every key until the first pane is there (the store is still opening); after that only
a key to a pane not built yet, and every key after one (the order is the point). A key for
the pairings on screen goes to them at once, as it always did. Later, a pane shown for the
first time is built when its key comes, replayed at once by the app's handling of the key
(``ConsoleScreen.build_pane_for``): the keys typed while it is built wait in the app's queue.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from textual import events
from textual.keys import key_to_character

from normtui.tui.widgets.go_to import GoToInput

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from textual.app import App
    from textual.message_pump import MessagePump
    from textual.screen import Screen
    from textual.widget import AwaitMount

# Quitting is never held: the arbiter may leave while the file opens.
NEVER_HELD = frozenset({"ctrl+q", "ctrl+c"})
# Passes after a replayed key while the focus is still moving (as normtui.tui.key_order).
_MOST_PASSES = 8
# A bound, never reached: a callback lost with its control would otherwise hold every key.
_MOST_SECONDS = 1.0


class HeldKeys:
    def __init__(self) -> None:
        # What a replayed key does (a test records the keys instead).
        self.dispatch: Callable[[App[object], str], Awaitable[None]] = dispatch_key
        self.keys: list[events.Key] = []
        self.settled = False
        # The panes being mounted: a key waits for them (a pane key, then a key of that pane).
        self.mounting: list[AwaitMount] = []

    def hold(self, event: events.Key, *, ready: bool, later: frozenset[str]) -> bool:
        """Keep ``event`` if the console is not ready for it (True: the app drops it).
        ``ready``: the first pane is there; ``later``: the keys of the panes still to come."""
        if self.settled or event.key in NEVER_HELD:
            return False
        if ready and not self.keys and event.key not in later:
            return False
        self.keys.append(event)
        return True

    async def replay(self, screen: Screen[None], focus: Callable[[], None]) -> str:
        """Each held key through the bindings, as the app dispatches a key (priority bindings,
        then the focused control's chain), each finished before the next: run it in a worker
        of its own, so that the console runs between them (switching panes moves the focus
        a moment later). Returns the keys dropped, "" for none.

        Keys typed blind are keys, not text: none goes into a text field ("2 1" is the PGN
        pane, then the pairings, not a "1" in the record). A key that opens a question ends
        the replay: the keys after it must not answer a question the arbiter has not seen;
        they are dropped, for the caller to say so. Keys typed meanwhile join the queue.
        ``focus`` puts the focus in the pane in front when nothing has it (the pane's keys
        are bound on the pane, reached from the focused control)."""
        app = screen.app
        try:
            while True:
                await self._mounted()  # the panes mounting, the one the last key showed too
                # No await between this test and `settled` below: a key typed while the
                # panes mounted joined the queue and is replayed, never left in it.
                if not self.keys:
                    break
                if app.screen is not screen:
                    dropped = " ".join(e.key for e in self.keys)
                    self.keys.clear()
                    return dropped
                key = self.keys.pop(0).key
                await self._mounted()  # a pane key just replayed may have started one
                if app.focused is None:
                    focus()
                    await _ran(app)
                focused = app.focused
                character = key_to_character(key)
                if isinstance(focused, GoToInput) and character and character.isdigit():
                    # ":4": the 4 is the go-to prompt's number, not pane 4's key.
                    focused.insert_text_at_cursor(character)
                    await _ran(app)
                    continue
                if focused is not None and focused.check_consume_key(key, character):
                    # A text field would take it as text: the console's keys instead.
                    screen.set_focus(None)
                await self.dispatch(app, key)
        finally:
            self.settled = True
        return ""

    async def _mounted(self) -> None:
        """Wait for the panes being mounted."""
        while self.mounting:
            await self.mounting.pop(0)


async def dispatch_key(app: App[object], key: str) -> None:
    """``key`` through the bindings as Textual dispatches a key (a priority binding first,
    then from the focused control up), its action awaited, then what that set going."""
    bound = app.screen.active_bindings.get(key)
    if bound is not None:
        await app.run_action(bound.binding.action, bound.node)
    await _ran(app)


async def _ran(app: App[object]) -> None:
    """Until what the last key set going has run: a pass is a callback behind the messages
    of the focused control, then of each of its parents up to the screen, then after the
    screen's next refresh; passes again until one starts and ends with the same screen and
    focus (a pane shown takes the focus a moment later), from the second on. Never behind the
    app's own messages: a replay can run inside the app's handling of a key
    (ConsoleScreen.build_pane_for), and those wait for it."""
    for passes in range(1, _MOST_PASSES + 1):
        before = (app.screen, app.focused)
        done = asyncio.get_running_loop().create_future()
        _step(app, app.focused or app.screen, done)
        try:
            await asyncio.wait_for(done, _MOST_SECONDS)
        except TimeoutError:
            return
        if passes >= 2 and (app.screen, app.focused) == before:
            return


def _step(app: App[object], node: MessagePump, done: asyncio.Future[None]) -> None:
    """A callback behind what ``node`` has to handle, then its parent's, up to the screen."""
    while node is not app:
        if node.call_later(_stepped, app, node, done):
            return
        node = _parent(app, node)  # closed: what it had to do will not be done
    if not app.screen.call_after_refresh(_resolve, done):
        _resolve(done)


def _stepped(app: App[object], node: MessagePump, done: asyncio.Future[None]) -> None:
    _step(app, _parent(app, node), done)


def _parent(app: App[object], node: MessagePump) -> MessagePump:
    # A control removed meanwhile has no parent: the app, where a pass ends.
    parent: MessagePump | None = getattr(node, "parent", None)
    return parent if parent is not None else app


def _resolve(done: asyncio.Future[None]) -> None:
    if not done.done():
        done.set_result(None)
