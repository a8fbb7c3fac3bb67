"""The event database: one SQLite file per event, every change audited and undoable.

Use :class:`EventStore` (``EventStore.open(path)`` / ``EventStore.create(...)``). Expected
failures are :class:`StoreError` subclasses, or the rules' ``RuleError`` / ``ProfileError``:
all of them :class:`normtui.rules.errors.NormtuiError`, the one class to catch for "show this
line to the arbiter".

The names below are loaded on first use (PEP 562): the console imports the errors and checks
the file before its first frame, and loads the store itself only after it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from normtui.store.audit import AuditEntry
    from normtui.store.desk import ArrivalRecord, FineRecord, IncidentRecord
    from normtui.store.errors import (
        AmbiguousError,
        BusyError,
        ConflictError,
        DamagedDatabase,
        InputError,
        NewerSchemaError,
        NotANormtuiDatabase,
        NotFoundError,
        NotNewestError,
        NotYoursError,
        StoreError,
    )
    from normtui.store.event import EventInfo, EventStore, PlayerInput, ReportDetails, fixed_clock
    from normtui.store.final import FinalStandings, StandingRow
    from normtui.store.records import ByeRecord, GameRecord, RoundRecord

_WHERE = {
    "AuditEntry": "audit",
    **dict.fromkeys(
        (
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
        ),
        "errors",
    ),
    "EventStore": "event",
    "fixed_clock": "event",
    **dict.fromkeys(("ArrivalRecord", "FineRecord", "IncidentRecord"), "desk"),
    **dict.fromkeys(("EventInfo", "PlayerInput", "ReportDetails"), "event"),
    **dict.fromkeys(("FinalStandings", "StandingRow"), "final"),
    **dict.fromkeys(("ByeRecord", "GameRecord", "RoundRecord"), "records"),
}

__all__ = [
    "COMMITS",
    "AmbiguousError",
    "ArrivalRecord",
    "AuditEntry",
    "BusyError",
    "ByeRecord",
    "ConflictError",
    "DamagedDatabase",
    "EventInfo",
    "EventStore",
    "FinalStandings",
    "FineRecord",
    "GameRecord",
    "IncidentRecord",
    "InputError",
    "NewerSchemaError",
    "NotANormtuiDatabase",
    "NotFoundError",
    "NotNewestError",
    "NotYoursError",
    "PlayerInput",
    "ReportDetails",
    "RoundRecord",
    "StandingRow",
    "StoreError",
    "fixed_clock",
]


class Commits:
    """Changes this process has committed to event files. Here, not in the store's modules:
    the command line reads it (a change made, its report lost: exit 3) without loading them."""

    def __init__(self) -> None:
        self.count = 0


COMMITS = Commits()


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
