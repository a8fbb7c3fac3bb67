"""Keys typed while the console opens are replayed, every one: normtui.tui.held_keys.

The replay awaits the panes a key started mounting; a key the terminal delivered during that
wait joined the queue after the loop had looked at it, and was then never replayed ("3 x"
showed the table, not the crosstable; "6 3" left the pairings in front)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from textual import events

from normtui.tui.held_keys import HeldKeys

LATER = frozenset("234567")  # the keys of the panes built after the first


class _Console:
    """The screen and app the replay talks to: a focused control that takes no text, and a
    dispatch that records each key; ``builds``: a key that starts mounting a pane, and the
    keys the terminal delivers while it mounts."""

    def __init__(self, held: HeldKeys, builds: dict[str, list[str]] | None = None) -> None:
        self.held = held
        self.builds = builds or {}
        self.dispatched: list[str] = []
        self.app = SimpleNamespace(
            screen=self,
            focused=SimpleNamespace(check_consume_key=lambda key, character: False),
        )
        held.dispatch = self._dispatch

    async def _dispatch(self, app: object, key: str) -> None:
        self.dispatched.append(key)
        if key in self.builds:
            self.held.mounting.append(_mounting(self.builds[key], self.held))


def _mounting(typed_meanwhile: list[str], held: HeldKeys) -> Any:
    async def mount() -> None:
        # The terminal delivers keys while the pane mounts: the app asks hold() for each.
        for key in typed_meanwhile:
            assert held.hold(events.Key(key, key), ready=True, later=LATER)

    return mount()


async def test_a_key_typed_while_the_last_pane_mounts_is_replayed() -> None:
    held = HeldKeys()
    # "3" builds the standings; "6" arrives while they mount, once the queue is empty.
    screen = _Console(held, builds={"3": ["6"]})
    assert held.hold(events.Key("3", "3"), ready=False, later=LATER)
    await held.replay(screen, focus=lambda: None)  # type: ignore[arg-type]
    assert screen.dispatched == ["3", "6"]
    assert held.settled and held.keys == []


async def test_keys_typed_during_the_first_wait_are_replayed_in_order() -> None:
    held = HeldKeys()
    screen = _Console(held)
    held.mounting.append(_mounting(["6", "3"], held))
    assert await held.replay(screen, focus=lambda: None) == ""  # type: ignore[arg-type]
    assert screen.dispatched == ["6", "3"]
    assert held.settled and held.keys == []
    # Settled: a key now goes straight to the app.
    assert not held.hold(events.Key("4", "4"), ready=True, later=LATER)
