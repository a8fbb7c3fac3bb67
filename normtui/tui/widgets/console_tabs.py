"""The console's tabs: Textual's TabbedContent, deaf to a focus that has moved on.

Textual brings a pane to the front when a control in it takes the focus, by a message that
arrives a moment later. "6 3" typed at once focused the audit log, then the standings; the
audit log's late message then took the console back to it, and the 3 was as good as lost.
Textual calls a message's handlers class by class from the subclass down; ``prevent_default``
keeps TabbedContent's own from running.
"""

from __future__ import annotations

from textual.widgets import TabbedContent, TabPane

__all__ = ["ConsoleTabs"]


class ConsoleTabs(TabbedContent):
    def on_tab_pane_focused(self, event: TabPane.Focused) -> None:
        focused = self.app.focused
        if focused is None or event.tab_pane not in focused.ancestors:
            # The focus has left that pane since: the arbiter's last pane key stands.
            event.prevent_default()
            event.stop()
