"""``store.audit``: the log of every change (:mod:`normtui.store.log`), ``normtui check``
(:mod:`normtui.store.check`), and undo.
"""

from __future__ import annotations

from collections.abc import Sequence

from normtui.store.chain import head, noted_problems
from normtui.store.core import Core
from normtui.store.errors import (
    InputError,
    NotFoundError,
    NotNewestError,
    NotYoursError,
    StoreError,
)
from normtui.store.log import (
    AuditEntry,
    find_entry,
    find_undoable,
    keeps_records_only,
    log_ids,
    read_log,
    undo_rows,
)

__all__ = ["Audit"]


class Audit:
    """The log of every change, and undo; see the module's doc."""

    def __init__(self, core: Core) -> None:
        self._core = core

    def check(self, noted: Sequence[tuple[int, str]] = ()) -> list[str]:
        """``normtui check``: every problem found in the file, one line each (see
        :mod:`normtui.store.check`); an empty list when all is well. ``noted``: hashes of
        entries the arbiter noted before (entry id, the hash's first digits), each of which
        must still be that entry's (see :func:`normtui.store.chain.noted_problems`)."""
        from normtui.store.check import check_event  # the checker: only `check`

        problems = check_event(self._core)
        if noted:
            with self._core.read():
                problems += noted_problems(self._core.conn, noted)
        return problems

    def head(self) -> tuple[int, str | None] | None:
        """(id, hash) of the newest entry, the head of the log's hash chain: what an arbiter
        notes to prove later that the log up to there was not rewritten."""
        with self._core.read():
            return head(self._core.conn)

    def log(
        self, limit: int | None = None, *, rows: bool = True, upto: int | None = None
    ) -> list[AuditEntry]:
        """The audit log, newest first (``upto``: from that entry down); ``rows=False``
        leaves out each entry's rows before and after (its ``before`` and ``after`` are
        empty): a listing shows the summaries."""
        with self._core.read():
            return read_log(self._core.conn, limit, rows=rows, upto=upto)

    def ids(self) -> list[int]:
        """The id of every entry of the audit log, oldest first."""
        with self._core.read():
            return log_ids(self._core.conn)

    # -- undo --------------------------------------------------------------------------------

    def undo(self, entry_id: int | None = None, *, anyone: bool = False) -> AuditEntry:
        """Revert the newest change not yet undone, exactly; the undo is itself audited.

        Undo only ever takes back the newest change of the event (an older one may be what a
        newer one built on), the board feed's keeping of other games' records aside (a change
        a move: see :func:`keeps_records_only`). ``entry_id``: the change the caller showed,
        refused when it is no longer the newest (someone wrote since). That change must be
        this store's actor's, unless ``anyone``: another arbiter's change is refused by name.
        The two combine: the id says which change, ``anyone`` that it may be someone else's.

        Refused, with nothing changed, when a row it would restore has been changed since by
        something that is not undone (cannot happen through this API, which undoes in order).
        """
        with self._core.write("undo") as tx:
            entry = self._next_undo(entry_id, anyone=anyone)
            if entry_id is not None and entry.id != entry_id:
                raise self._not_newest(entry_id, entry)
            if entry.actor != self._core.actor and not anyone:
                raise NotYoursError(
                    f"the newest change is #{entry.id} by {entry.actor} ({entry.summary}), "
                    f"not yours ({self._core.actor})",
                    entry.actor,
                )
            undo_rows(tx.rec, entry)
            tx.undoes = entry.id
            by = "" if entry.actor == self._core.actor else f" (by {entry.actor})"
            tx.summary = f"undo #{entry.id}{by}: {entry.summary}"
        if tx.entry is None:  # the undone action changed nothing: cannot be, it was audited
            raise InputError(f"undo #{entry.id} found nothing to change")
        return tx.entry

    def next_undo(self) -> AuditEntry | None:
        """The change :meth:`undo` would take back for this store's actor (what a console
        shows before it asks): the newest, the feed's keeping of other games' records passed
        over; ``None`` when there is nothing to undo."""
        with self._core.read():
            try:
                return self._next_undo(None, anyone=False)
            except NotFoundError:
                return None

    def _next_undo(self, entry_id: int | None, *, anyone: bool) -> AuditEntry:
        from normtui.store.feed import FEED_ACTOR  # the feed's part: only undo

        entry = find_undoable(self._core.conn)
        # A change a move by the feed (another board's record) since the change meant: passed
        # over, unless the caller means the newest whoever made it (anyone, no id).
        if entry_id is None and anyone:
            return entry
        while (
            entry.id != entry_id
            and entry.actor != self._core.actor
            and keeps_records_only(entry, FEED_ACTOR)
        ):
            try:
                entry = find_undoable(self._core.conn, older_than=entry.id)
            except NotFoundError:
                break
        return entry

    def _not_newest(self, entry_id: int, newest: AuditEntry) -> StoreError:
        shown = find_entry(self._core.conn, entry_id)
        if shown is None:
            return NotFoundError(f"there is no change #{entry_id} in the audit log")
        if shown.undone_by is not None:
            return NotNewestError(
                f"#{entry_id} ({shown.summary}) was undone already, by #{shown.undone_by}"
            )
        if not shown.undoable:
            what = (
                "an undo"
                if shown.undoes is not None
                else {"create": "the creation of the event"}.get(shown.action, f"a {shown.action}")
            )
            return InputError(f"#{entry_id} is {what}, which undo does not take back")
        return NotNewestError(
            f"#{entry_id} ({shown.summary}) is no longer the newest change: #{newest.id} by "
            f"{newest.actor} ({newest.summary}) came after it; nothing was undone"
        )
