"""The event database: one SQLite file per event, every change audited and undoable.

Use :class:`EventStore` (``EventStore.open(path)`` / ``EventStore.create(...)``). Expected
failures are :class:`StoreError` subclasses, or the rules' ``RuleError`` / ``ProfileError``:
all of them :class:`normtui.rules.errors.NormtuiError`, the one class to catch for "show this
line to the arbiter".

The names below are loaded on first use (PEP 562): the console imports the errors and checks
the file before its first frame, and loads the store itself only after it.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # The store's public names, each named once, here: mypy reads these imports, and
    # __getattr__ reads them from this file to load a name's module when it is first used
    # (as scientific Python's lazy_loader reads a stub file).
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


class Commits:
    """Changes this process has committed to event files. Here, not in the store's modules:
    the command line reads it (a change made, its report lost: exit 3) without loading them."""

    def __init__(self) -> None:
        self.count = 0


COMMITS = Commits()

_where: dict[str, str] = {}


def _modules() -> dict[str, str]:
    """Each name the ``TYPE_CHECKING`` block above imports -> the module it comes from."""
    if not _where:
        tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
        block = next(
            node
            for node in tree.body
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        )
        for node in block.body:
            if isinstance(node, ast.ImportFrom) and node.module is not None:
                _where.update(dict.fromkeys((a.name for a in node.names), node.module))
    return _where


def __getattr__(name: str) -> Any:
    module = _modules().get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_modules()})
