"""What the console sends out (``store.outward``): the public page it publishes and the round
it pushes to Lichess, kept with the event so that a console opened after one that quit says
what stopped and offers to start it again.

The console's state, not the event's (as the live boards): no audit row, nothing to undo. The
broadcast's token is never kept: only where it was read from (a file, else ``LICHESS_TOKEN``).
"""

from __future__ import annotations

import json
import os
import socket
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from normtui.store.values import stored_time

if TYPE_CHECKING:
    from normtui.store.core import Core

__all__ = ["OutwardRun", "OutwardRuns"]

Kind = Literal["publish", "broadcast"]


@dataclass(frozen=True)
class OutwardRun:
    """One loop a console or a command line's ``--watch`` started: ``settings`` are what it
    was started with (publish: ``folder``; broadcast: ``round``, ``to``, ``armageddon_to``,
    ``token_file``, and ``base_url`` and ``scoring`` where they are not the default; ``by``:
    the command that ran it, where it was not a console)."""

    kind: Kind
    settings: dict[str, Any]
    started_at: datetime
    # When the console running it quit (None: running, or its console ended unsaid).
    stopped_at: datetime | None
    # The console that ran it is gone without quitting (ended by the terminal, a crash).
    gone: bool = False

    @property
    def what(self) -> str:
        """The loop in words, as the console says it."""
        s = self.settings
        if self.kind == "publish":
            return f"publishing the public page into {s['folder']}"
        server = f" ({s['base_url']})" if s.get("base_url") else ""
        return f"pushing round {s['round']} to Lichess{server}"

    @property
    def by(self) -> str:
        """What ran it: "the console", or the command (``normtui publish --watch``)."""
        return str(self.settings.get("by") or "the console")


def _alive(host: str, pid: int) -> bool:
    """Whether the console that started a loop may still run it: a process of another
    machine (a deputy's console over ssh is on the arbiter's) is taken to."""
    if host != socket.gethostname():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class OutwardRuns:
    """See the module's doc."""

    def __init__(self, core: Core) -> None:
        self._core = core

    def started(self, kind: Kind, settings: dict[str, Any]) -> None:
        """This process runs ``kind`` with ``settings`` now (in place of what was kept)."""
        with self._core.transaction(write=True), self._core.sqlite_errors():
            self._core.conn.execute(
                "INSERT OR REPLACE INTO outward (kind, settings, started_at, host, pid, "
                "stopped_at) VALUES (?, ?, ?, ?, ?, NULL)",
                [kind, json.dumps(settings), self._core.now(), socket.gethostname(), os.getpid()],
            )

    def forget(self, kind: Kind) -> bool:
        """The arbiter stopped ``kind`` (or declined to start it again); False when none was
        kept."""
        with self._core.transaction(write=True), self._core.sqlite_errors():
            gone = self._core.conn.execute("DELETE FROM outward WHERE kind = ?", [kind])
        return gone.rowcount > 0

    def quitting(self) -> list[OutwardRun]:
        """This process's console quits (or its ``--watch`` ends): what it ran is kept as
        stopped then, to be offered again when a console opens; returned."""
        with self._core.transaction(write=True), self._core.sqlite_errors():
            self._core.conn.execute(
                "UPDATE outward SET stopped_at = ? WHERE host = ? AND pid = ? "
                "AND stopped_at IS NULL",
                [self._core.now(), socket.gethostname(), os.getpid()],
            )
        return [r for r in self.runs() if r.stopped_at is not None]

    def runs(self) -> list[OutwardRun]:
        rows = self._core.rows("SELECT * FROM outward ORDER BY kind DESC")
        return [
            OutwardRun(
                r["kind"],
                json.loads(r["settings"]),
                stored_time(r["started_at"]),
                stored_time(r["stopped_at"]) if r["stopped_at"] is not None else None,
                r["stopped_at"] is None and not _alive(r["host"], r["pid"]),
            )
            for r in rows
        ]

    def to_resume(self) -> list[OutwardRun]:
        """What a console stopped by quitting (or ended without quitting: its process is gone)
        and nobody has started again or stopped since: publish first."""
        return [r for r in self.runs() if r.stopped_at is not None or r.gone]
