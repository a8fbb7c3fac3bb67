"""The event database: one SQLite file per event, every change audited and undoable.

Use :class:`EventStore` (``EventStore.open(path)`` / ``EventStore.create(...)``). Expected
failures are :class:`StoreError` subclasses, or the rules' ``RuleError`` / ``ProfileError``;
``EXPECTED_ERRORS`` is the tuple to catch for "show this line to the arbiter".
"""

from __future__ import annotations

from normtui.rules.model import RuleError
from normtui.rules.profile import ProfileError
from normtui.store.audit import AuditEntry
from normtui.store.errors import (
    AmbiguousError,
    BusyError,
    ConflictError,
    InputError,
    NewerSchemaError,
    NotANormtuiDatabase,
    NotFoundError,
    StoreError,
)
from normtui.store.event import EventStore, fixed_clock
from normtui.store.players_csv import parse_players_csv, read_players_csv
from normtui.store.records import (
    ArrivalRecord,
    EventInfo,
    FineRecord,
    GameRecord,
    IncidentRecord,
    PlayerInput,
    RoundRecord,
    StandingRow,
)

EXPECTED_ERRORS: tuple[type[Exception], ...] = (StoreError, RuleError, ProfileError)

__all__ = [
    "EXPECTED_ERRORS",
    "AmbiguousError",
    "ArrivalRecord",
    "AuditEntry",
    "BusyError",
    "ConflictError",
    "EventInfo",
    "EventStore",
    "FineRecord",
    "GameRecord",
    "IncidentRecord",
    "InputError",
    "NewerSchemaError",
    "NotANormtuiDatabase",
    "NotFoundError",
    "PlayerInput",
    "RoundRecord",
    "StandingRow",
    "StoreError",
    "fixed_clock",
    "parse_players_csv",
    "read_players_csv",
]
