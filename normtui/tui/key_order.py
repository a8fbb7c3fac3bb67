"""Keys typed ahead reach what the keys before them opened: each key the terminal delivers is
dispatched once the one before it is done, and the dialog it opened has its field focused.

Textual posts a key to the focused control, and a pane's bindings (the pairings' ``D``) run when
the key comes back up to the app; the keys read in the same burst behind it were meanwhile all
posted to the control focused before, and reached the dialog ``D`` opens as keys for nothing:
"D 2026-12-04 Enter 16:00 Enter" typed at once left the round's date as it was. So the app
holds a key while the one before is on its way, and dispatches it once that one is done:

- a pass is a callback posted behind the key, from where the key went up to the app, each
  control's queue in turn: when it reaches the app, the key has been handled, stopped or bound;
- a pass is made again from the control focused then, until one (the second at the earliest)
  starts and ends with the same screen and focus: the dialog the key pushed has mounted and
  focused its field, a field's Enter has moved the focus on (its Submitted was handled);
- with nothing focused then, again after the next frame (a few at most, or while the screen
  says a control will take the focus: ``focus_coming``): a pane shown for the first time
  focuses its first control after its first frame.

Quitting (:data:`NEVER_HELD`) is never held behind a key.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from normtui.tui.held_keys import NEVER_HELD

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from textual import events
    from textual.app import App
    from textual.dom import DOMNode
    from textual.message_pump import MessagePump
    from textual.screen import Screen
    from textual.widget import Widget

# Passes after a key before the next is dispatched even if the focus is still moving.
_MOST_PASSES = 8
# Frames after a key while the screen says a control will take the focus (a pane mounting).
_MOST_FRAMES = 200


class KeyOrder:
    def __init__(self, app: App[None], dispatch: Callable[[events.Key], Awaitable[None]]) -> None:
        self.app = app
        # The app's own dispatch of a key (what it does with a key not held here).
        self._dispatch = dispatch
        self.waiting: deque[events.Key] = deque()
        # A key is on its way: the keys typed behind it wait.
        self.busy = False
        # How many keys have been done so far (what the tests wait for after typing).
        self.done = 0
        self._passes = 0
        self._seen: tuple[Screen[object], Widget | None] | None = None
        # Where the pass's callback waits.
        self._at: MessagePump | None = None

    async def key(self, event: events.Key) -> None:
        """A key the terminal delivered: dispatched now, or after the keys before it."""
        if event.key in NEVER_HELD:
            await self._dispatch(event)
            self.done += 1
            return
        if self.busy and self._at is not None and not self._at.is_running:
            # The control the pass waited on was removed with the callback in its queue.
            self._step(self.app)
        if self.busy or self.waiting:
            self.waiting.append(event)
            return
        await self._send(event)

    async def _send(self, event: events.Key) -> None:
        app = self.app
        self.busy = True
        self._passes = 0
        # Where Textual's App.on_event forwards a key it does not bind with priority.
        target: MessagePump = app.focused or app.screen
        await self._dispatch(event)
        self._start_pass(target)

    def _start_pass(self, first: MessagePump) -> None:
        self._passes += 1
        self._seen = (self.app.screen, self.app.focused)
        self._step(first)

    def _step(self, node: MessagePump) -> None:
        """A callback behind what ``node`` has to handle, then its parent's, up to the app."""
        while True:
            self._at = node
            if node.call_later(self._stepped, node):
                return
            # Closed: what it had to do will not be done.
            if node is self.app:
                self._pass_ended()
                return
            node = self._up(node)

    def _up(self, node: MessagePump) -> MessagePump:
        parent: DOMNode | None = getattr(node, "parent", None)
        # A control removed meanwhile has no parent: the app is what is left to wait for.
        return parent if parent is not None else self.app

    def _stepped(self, node: MessagePump) -> None:
        if node is self.app:
            self._pass_ended()
        else:
            self._step(self._up(node))

    def _pass_ended(self) -> None:
        app = self.app
        moved = (app.screen, app.focused) != self._seen
        # Bounded: a control that moved the focus on every pass would hold the keys for ever.
        if self._passes < 2 or (moved and self._passes < _MOST_PASSES):
            self._start_pass(app.focused or app.screen)
            return
        # Nothing focused: a pane just built focuses its first control after its first
        # frame (Pane.on_mount, then the control's focus); the next key is for it. Frames
        # as long as the screen says a control will take the focus, a few otherwise.
        coming = bool(getattr(app.screen, "focus_coming", False))
        if app.focused is None and self._passes < (_MOST_FRAMES if coming else _MOST_PASSES):
            app.screen.call_after_refresh(self._start_pass, app.screen)
            return
        self.busy = False
        self._at = None
        self.done += 1
        if self.waiting:
            self.app.call_later(self._next)

    async def _next(self) -> None:
        """The keys that waited, in order, until one is on its way again."""
        while self.waiting and not self.busy:
            await self._send(self.waiting.popleft())
