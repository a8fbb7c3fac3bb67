"""Ctrl+P: the command palette reaches every action of every pane by name."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider


class ConsoleCommands(Provider):
    def _commands(self) -> list[tuple[str, str, object]]:
        from normtui.tui.screens.console import ConsoleScreen

        screen = self.screen
        if not isinstance(screen, ConsoleScreen):
            return []
        found: list[tuple[str, str, object]] = []
        for _key, pane_id, _module, _cls in _panes():
            found.append((f"Show {pane_id} pane", f"Switch to the {pane_id} pane",
                          partial(screen.action_show_pane, pane_id)))
        found.append(("Undo the last change", "Revert the last audited change", screen.action_undo))
        found.append(("Help", "Keys and the regulation articles of each pane", screen.action_help))
        for pane in screen.all_panes():
            found.extend(pane.palette_commands())
        for fmt, what in _EXPORTS:
            found.append((f"Export {what}", f"Write the {what} beside the database",
                          partial(screen.export, fmt)))
        return found

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            yield DiscoveryHit(title, callback, help=help_text)  # type: ignore[arg-type]

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback,  # type: ignore[arg-type]
                          help=help_text)


# Named here rather than read from normtui.export, which loads python-chess: the palette opens
# often, an export seldom. A test checks that these are the exporter's formats.
_EXPORTS = (
    ("trf", "FIDE rating report (TRF26)"), ("trf16", "FIDE rating report (TRF16)"),
    ("trf-playoff", "play-off blitz report (TRF)"), ("pgn", "PGN of every game"),
    ("csv", "standings as CSV"), ("json", "standings as JSON"),
    ("md", "standings as Markdown"), ("html", "standings as an HTML page"),
)


def _panes() -> tuple[tuple[str, str, str, str], ...]:
    from normtui.tui.panes import PANES

    return PANES
