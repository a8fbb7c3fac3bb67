"""The console's Footer: Textual's, rebuilt only when the keys it shows change.

Textual signals "bindings changed" on every focus move, screen resume and binding refresh, and
its Footer then rebuilds every key widget, a frame of its own (~15 ms here). Most of those
signals change nothing the Footer shows (the focus moved within a pane; a modal closed and the
same pane is back), and at startup they come three times in a row.

Each key widget Textual's Footer makes is bound to the Footer's ``compact`` (``data_bind``): a
watcher kept on the Footer, which Textual drops only when ``compact`` changes, and it never
does here. So every rebuild kept the keys it replaced alive (with their styles and rendered
lines), about 20 keys for each pane shown in turn: the console's memory grew without end with
the panes the arbiter visited (benchmarks/console_memory.py). After each rebuild the binding
is touched (``mutate_reactive``), which makes Textual drop the watchers of removed keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen

Shown = tuple[tuple[object, ...], ...]


class ConsoleFooter(Footer):
    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._shown: Shown | None = None
        self._rebuild_pending = False
        # The screen has said its bindings once (Textual's Footer draws no key before that).
        self._bindings_said = False

    def _keys_to_show(self) -> Shown:
        """What compose would draw from the screen's bindings now."""
        return tuple(
            (
                binding.key,
                binding.key_display,
                binding.description,
                binding.action,
                enabled,
                tooltip,
                (binding.group.description, binding.group.compact) if binding.group else None,
            )
            for (_node, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show or binding.key == self.app.COMMAND_PALETTE_BINDING
        )

    def compose(self) -> ComposeResult:
        self._rebuild_pending = False
        self._shown = self._keys_to_show() if self._bindings_said else None
        yield from super().compose()

    async def recompose(self) -> None:
        self._rebuild_pending = False
        if self._shown is not None and self._keys_to_show() == self._shown:
            # The focus passed through a control with other keys and came back (a pane key
            # clears the focus before the pane takes it): nothing to draw again.
            return
        await super().recompose()
        if self.is_attached:
            # The removed keys are closed now: touching `compact` drops their watchers.
            self.mutate_reactive(Footer.compact)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not self.display:
            return  # another pane's: its keys are looked at when it is in front again
        if self._bindings_said and (self._rebuild_pending or self._keys_to_show() == self._shown):
            return
        self._bindings_said = True
        super().bindings_changed(screen)  # schedules the rebuild when it can be seen
        self._rebuild_pending = self.is_attached and screen is self.screen and screen.app.app_focus
