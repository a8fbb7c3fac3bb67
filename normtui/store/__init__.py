"""The event database: one SQLite file per event, every change audited and undoable.

Use :class:`EventStore` (``EventStore.open(path)`` / ``EventStore.create(...)``). Expected
failures are :class:`StoreError` subclasses, or the rules' ``RuleError`` / ``ProfileError``:
all of them :class:`normtui.rules.errors.NormtuiError`, the one class to catch for "show this
line to the arbiter".

The names below are loaded on first use (PEP 562): the console imports the errors and checks
the file before its first frame, and loads the store itself only after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from normtui.lazy import lazy_names

if TYPE_CHECKING:
    # The store's public names, each named once, here: mypy reads these imports, and
    # normtui.lazy reads them from this file to load a name's module when it is first used.
    from normtui.store.desk import ArrivalRecord as ArrivalRecord
    from normtui.store.desk import FineRecord as FineRecord
    from normtui.store.desk import IncidentRecord as IncidentRecord
    from normtui.store.errors import AmbiguousError as AmbiguousError
    from normtui.store.errors import BusyError as BusyError
    from normtui.store.errors import ConflictError as ConflictError
    from normtui.store.errors import DamagedDatabase as DamagedDatabase
    from normtui.store.errors import InputError as InputError
    from normtui.store.errors import NewerSchemaError as NewerSchemaError
    from normtui.store.errors import NotANormtuiDatabase as NotANormtuiDatabase
    from normtui.store.errors import NotFoundError as NotFoundError
    from normtui.store.errors import NotNewestError as NotNewestError
    from normtui.store.errors import NotYoursError as NotYoursError
    from normtui.store.errors import StoreError as StoreError
    from normtui.store.event import EventInfo as EventInfo
    from normtui.store.event import EventStore as EventStore
    from normtui.store.event import PlayerInput as PlayerInput
    from normtui.store.event import ReportDetails as ReportDetails
    from normtui.store.event import fixed_clock as fixed_clock
    from normtui.store.final import FinalStandings as FinalStandings
    from normtui.store.final import StandingRow as StandingRow
    from normtui.store.log import AuditEntry as AuditEntry
    from normtui.store.records import ByeRecord as ByeRecord
    from normtui.store.records import GameRecord as GameRecord
    from normtui.store.records import RoundRecord as RoundRecord


if not TYPE_CHECKING:
    __getattr__, __dir__ = lazy_names(__name__)
