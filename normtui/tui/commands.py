"""Ctrl+P: the command palette reaches every action of the console by name.

Its entries come from where the actions are declared: the console's bindings (the panes, undo,
help), each pane's palette (the actions of its keys), the export formats (``normtui.export``),
the print-ready sheets (``normtui.export.sheets``), and the public page and the Lichess
broadcast (``normtui.tui.outward``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider

from normtui.tui import outward
from normtui.tui.screens.console import ConsoleScreen

# The palette's words for the console's own keys, by binding id; the panes' keys are there as
# "Show the … pane".
_CONSOLE_KEYS = {
    "undo": ("Undo the last change", "Revert the last audited change"),
    "help": ("Help", "Keys and the regulation articles of each pane"),
}

Command = tuple[str, str, Callable[[], object]]


class ConsoleCommands(Provider):
    def _commands(self) -> list[Command]:
        # Lazy: the export tables load the store's modules, which the console opens after its
        # first frame (this module is imported before it).
        from normtui.export import FORMAT_TITLES
        from normtui.export.sheets import SHEET_TITLES

        screen = self.screen
        if not isinstance(screen, ConsoleScreen):
            return []
        found = _console_keys(screen)
        for pane in screen.all_panes():
            found.extend(pane.palette_commands())
        for fmt, what in FORMAT_TITLES.items():
            found.append(
                (
                    f"Export {what}",
                    f"Write the {what} beside the database",
                    partial(screen.export, fmt),
                )
            )
        found.extend(_outward_commands(screen))
        for sheet, what in SHEET_TITLES.items():
            found.append(
                (
                    f"Print {what}",
                    f"Write the print-ready {what} (HTML, A4) beside the database",
                    partial(screen.print_sheet, sheet),
                )
            )
        return found

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            yield DiscoveryHit(title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)


def _console_keys(screen: ConsoleScreen) -> list[Command]:
    """The console's keys: a pane's key ("pane.<id>", its F-key the same from a text field),
    then undo and help."""
    bindings = {b.id: b for b in screen.BINDINGS if isinstance(b, Binding)}
    found: list[Command] = [
        (
            f"Show the {b.description} pane",
            f"Pane {b.key} (F{b.key} from a text field)",
            partial(screen.call_later, screen.run_action, b.action),
        )
        for b in bindings.values()
        if b.id is not None and b.id.startswith("pane.") and not b.id.endswith(".anywhere")
    ]
    for binding_id, (title, help_text) in _CONSOLE_KEYS.items():
        action = bindings[binding_id].action
        found.append((title, help_text, partial(screen.call_later, screen.run_action, action)))
    return found


def _outward_commands(screen: ConsoleScreen) -> list[Command]:
    # What a console sent out until it quit (or a command line's --watch until it ended),
    # offered again (normtui.tui.outward.offer).
    again: list[Command] = [
        (
            f"Public page: resume publishing into {run.settings['folder']}"
            if kind == "publish"
            else f"Lichess broadcast: resume round {run.settings['round']}"
            + (f" ({run.settings['base_url']})" if run.settings.get("base_url") else ""),
            f"Stopped when {outward.ended_words(run)}: start it again",
            partial(outward.resume, screen, kind),
        )
        for kind, run in screen.normtui.outward_offered.items()
    ]
    return [
        *again,
        (
            "Public page: publish to a folder",
            "A static site rebuilt after every change",
            partial(outward.ask_publish, screen),
        ),
        (
            "Public page: stop publishing",
            "The folder stays as it was last written",
            partial(outward.stop, screen, "publish", "publishing the public page"),
        ),
        (
            "Lichess broadcast: push a round",
            "The round's games after every change, Armageddon games to a round of their own",
            partial(outward.ask_broadcast, screen),
        ),
        (
            "Lichess broadcast: stop",
            "Stop pushing to Lichess",
            partial(outward.stop, screen, "broadcast", "pushing to Lichess"),
        ),
    ]
