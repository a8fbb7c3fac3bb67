"""The import bar: attaches every game of a file (or of the text area) in a worker thread, with a
progress bar, and tells its pane the outcome of each game when it is done.

The console stays usable meanwhile: the worker only talks to the UI through messages, and the
store serialises its calls, so the arbiter can enter a result on another pane during an import.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, get_current_worker

from normtui.importing import check_games, import_games, import_summary, round_dates
from normtui.pgn.reader import iter_games, split_text
from normtui.rules.errors import NormtuiError
from normtui.store.connection import refuse_event_file

if TYPE_CHECKING:
    from normtui.importing import Checked, KindChoice, Outcome
    from normtui.pgn.reader import RawGame
    from normtui.store import EventStore
    from normtui.store.records import GameRecord


class _Step(Message):
    """From the worker; ``worker`` lets a newer import silence an older one it cancelled."""

    def __init__(self, worker: Worker[None]) -> None:
        super().__init__()
        self.worker = worker


class _Started(_Step):
    def __init__(self, worker: Worker[None], name: str, total: int) -> None:
        super().__init__(worker)
        self.name = name
        self.total = total


class _Progress(_Step):
    def __init__(self, worker: Worker[None], done: int, games: int) -> None:
        super().__init__(worker)
        self.done = done
        self.games = games


class PgnImportBar(Horizontal):
    """Hidden until an import starts (class ``-running``)."""

    class Finished(Message):
        """Every game's outcome (``error`` set when the file could not be read at all);
        ``source``, ``kind`` and ``chosen`` say what was imported, to import it again."""

        def __init__(
            self,
            name: str,
            outcomes: list[Outcome],
            summary: str,
            error: str | None = None,
            source: Path | str = "",
            kind: KindChoice = "auto",
            chosen: GameRecord | None = None,
        ) -> None:
            super().__init__()
            self.name = name
            self.outcomes = outcomes
            self.summary = summary
            self.error = error
            self.source = source
            self.kind = kind
            self.chosen = chosen

    def compose(self) -> ComposeResult:
        yield ProgressBar(id="pgn-progress", show_eta=False)
        yield Static("", id="pgn-import-label", markup=False)

    def start(
        self,
        store: EventStore,
        source: Path | str,
        name: str,
        kind: KindChoice,
        chosen: GameRecord | None,
        *,
        replace: bool = False,
    ) -> None:
        """``replace``: a different record already attached is replaced (the arbiter was
        asked; see normtui.importing.attach)."""
        self._run(store, source, name, kind, chosen, replace)

    @work(thread=True, exclusive=True, group="pgn-import")
    def _run(
        self,
        store: EventStore,
        source: Path | str,
        name: str,
        kind: KindChoice,
        chosen: GameRecord | None,
        replace: bool,
    ) -> None:
        worker = get_current_worker()
        done = games = 0

        def progress(item: Checked) -> bool:
            nonlocal done, games
            done, games = done + item.size, games + 1
            self.post_message(_Progress(worker, done, games))
            return not worker.is_cancelled

        def failed(error: str) -> None:
            self.post_message(self.Finished(name, [], "", error))

        raws: Iterable[RawGame]
        try:
            if isinstance(source, Path):
                refuse_event_file(source, store.path, "read as a PGN file")
                total, raws = source.stat().st_size, iter_games(source)
            else:
                pasted = list(split_text(source))
                total, raws = len(source), pasted
                if len(pasted) > 1:
                    chosen = None  # each game of several goes to the board its headers name
            self.post_message(_Started(worker, name, total))
            checked = check_games(
                raws, store.profile, store.games(), kind, chosen, dates=round_dates(store)
            )
            outcomes = import_games(store, checked, progress, replace=replace)
        except (OSError, NormtuiError) as exc:  # the file, the record, the store: one line
            failed(str(exc))
            return
        except Exception as exc:  # a worker's exception would end the console: say it instead
            failed(f"The import stopped: {exc}")
            return
        if not worker.is_cancelled:
            self.post_message(
                self.Finished(
                    name,
                    outcomes,
                    import_summary(name, outcomes),
                    source=source,
                    kind=kind,
                    chosen=chosen,
                )
            )

    @on(_Started)
    def _started(self, message: _Started) -> None:
        if message.worker.is_cancelled:
            return
        self.add_class("-running")
        self.query_one(ProgressBar).update(total=max(message.total, 1), progress=0)
        self.query_one("#pgn-import-label", Static).update(f"Importing {message.name}…")

    @on(_Progress)
    def _progress(self, message: _Progress) -> None:
        if message.worker.is_cancelled:
            return
        self.query_one(ProgressBar).update(progress=message.done)
        self.query_one("#pgn-import-label", Static).update(f"{message.games} games")

    @on(Finished)
    def _finished(self, message: Finished) -> None:
        # Shown here, then on to the pane (the message bubbles).
        bar = self.query_one(ProgressBar)
        bar.update(progress=bar.total or 0)
        # Short: the summary is said on the pane's status line and over the findings.
        done = len(message.outcomes)
        self.query_one("#pgn-import-label", Static).update(
            "Import failed"
            if message.error is not None
            else f"{done} game{'s' if done != 1 else ''} done"
        )
