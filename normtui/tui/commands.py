"""Ctrl+P: the command palette reaches every action of every pane by name."""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen


class ConsoleCommands(Provider):
    def _commands(self) -> list[tuple[str, str, object]]:
        from normtui.tui.screens.console import ConsoleScreen

        screen = self.screen
        if not isinstance(screen, ConsoleScreen):
            return []
        found: list[tuple[str, str, object]] = []
        for key, pane_id, _module, _cls in _panes():
            title = _titles()[pane_id]
            found.append(
                (
                    f"Show the {title} pane",
                    f"Pane {key} (F{key} from a text field)",
                    partial(screen.action_show_pane, pane_id),
                )
            )
        found.append(("Undo the last change", "Revert the last audited change", screen.action_undo))
        found.append(("Help", "Keys and the regulation articles of each pane", screen.action_help))
        for pane in screen.all_panes():
            found.extend(pane.palette_commands())
        for fmt, what in _EXPORTS:
            found.append(
                (
                    f"Export {what}",
                    f"Write the {what} beside the database",
                    partial(screen.export, fmt),
                )
            )
        found.extend(_outward_commands(screen))
        for sheet, what in _SHEETS:
            found.append(
                (
                    f"Print {what}",
                    f"Write the print-ready {what} (HTML, A4) beside the database",
                    partial(print_sheet, screen, sheet),
                )
            )
        return found

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            yield DiscoveryHit(title, callback, help=help_text)  # type: ignore[arg-type]

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(title),
                    callback,  # type: ignore[arg-type]
                    help=help_text,
                )


# Named here rather than read from normtui.export, which loads python-chess: the palette opens
# often, an export seldom. A test checks that these are the exporter's formats.
_EXPORTS = (
    ("trf", "FIDE rating report (TRF26)"),
    ("trf16", "FIDE rating report (TRF16)"),
    ("trf-playoff", "play-off blitz report (TRF)"),
    ("pgn", "PGN of every game"),
    ("csv", "standings as CSV"),
    ("json", "standings as JSON"),
    ("md", "standings as Markdown"),
    ("html", "standings as an HTML page"),
)


# As ``normtui print`` names them (a test checks these are its sheets); round sheets are of
# the current round, results of the last round with a result.
_SHEETS = (
    ("pairings", "pairings of the current round"),
    ("results", "results of the last round"),
    ("wallchart", "wallchart"),
    ("scoresheets", "scoresheets of the current round"),
    ("report", "Chief Arbiter's report"),
)


def _outward_commands(screen: Screen[Any]) -> list[tuple[str, str, object]]:
    from normtui.tui import outward

    return [
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


def print_sheet(screen: Screen[Any], sheet: str) -> None:
    """Write a sheet beside the database in a thread with its own connection, as the exports
    are written (ConsoleScreen.export)."""
    from normtui.tui.screens.console import ConsoleScreen

    assert isinstance(screen, ConsoleScreen)
    source = screen.path
    target = source.with_name(f"{source.stem}-{sheet}.html")

    def write() -> None:
        from normtui.export.output import write_output
        from normtui.export.sheets import sheet_html
        from normtui.rules.errors import NormtuiError
        from normtui.store import EventStore

        failures: tuple[type[Exception], ...] = (OSError, NormtuiError)
        try:
            with EventStore.open(source) as store:
                text = sheet_html(store, sheet)
            # As the exports are written: replaced whole, a link followed, a
            # device written through, a FIFO nobody reads refused rather than waited for.
            write_output(target, text, wait_for_reader=False)
        except failures as exc:
            screen.app.call_from_thread(
                screen.notify, f"Print {sheet} failed: {exc}", severity="error", markup=False
            )
            return
        # A routine confirmation: the status line, not a toast over the table.
        screen.app.call_from_thread(screen.say, f"Wrote {sheet} to {target}")

    screen.run_worker(write, thread=True, group="export", exclusive=True)


def _panes() -> tuple[tuple[str, str, str, str], ...]:
    from normtui.tui.panes import PANES

    return PANES


def _titles() -> dict[str, str]:
    from normtui.tui.panes import TITLES

    return TITLES
