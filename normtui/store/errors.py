"""What the store refuses, as one line an arbiter can act on.

Every error here leaves the database exactly as it was: the store checks before it writes, and
anything it could not check beforehand is rolled back with the transaction.
"""

from __future__ import annotations

from normtui.rules.errors import NormtuiError

__all__ = [
    "AmbiguousError",
    "BusyError",
    "ConflictError",
    "DamagedDatabase",
    "InputError",
    "NewerSchemaError",
    "NotANormtuiDatabase",
    "NotFoundError",
    "NotNewestError",
    "NotYoursError",
    "StoreError",
]


class StoreError(NormtuiError):
    """Base of every store refusal. ``str(exc)`` is the one-line message (with the article)."""


class NotANormtuiDatabase(StoreError):
    """The file is missing, not SQLite, or SQLite made by something else."""


class DamagedDatabase(NotANormtuiDatabase):
    """An event file SQLite cannot read whole: damaged (`normtui check` reports it, exit 1),
    or left unfinished by a normtui older than the one that builds a new file beside it."""


class NewerSchemaError(StoreError):
    """The file was written by a newer normtui; this one must not touch it."""


class NotFoundError(StoreError):
    """No such player, game, round or audit entry."""


class AmbiguousError(NotFoundError):
    """A name fragment that matches more than one player."""


class InputError(StoreError):
    """Malformed input: a players CSV, a date, a time control, a PGN kind..."""


class ConflictError(StoreError):
    """Someone else changed the same thing first (another console or a CLI command)."""


class NotNewestError(ConflictError):
    """Undo was asked for a change that is no longer the newest (someone wrote since)."""


class NotYoursError(ConflictError):
    """Undo would take back another arbiter's change, and was not told it may."""

    def __init__(self, message: str, actor: str) -> None:
        super().__init__(message)
        self.actor = actor


class BusyError(StoreError):
    """Another process held the write lock for longer than the busy timeout."""
