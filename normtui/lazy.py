"""A package's public names, each named once and loaded with its module on first use (PEP 562).

The package's ``__init__`` imports its public names under ``if TYPE_CHECKING:``, each as a
re-export (``from normtui.store.event import EventStore as EventStore``): that block is the
list, which the type checker reads, and :func:`lazy_names` reads it from the file to load a
name's module when the name is first used (as scientific Python's lazy_loader reads a stub
file). Importing one module of the package then loads that module alone: ``normtui.pgn.tags``
loads no python-chess, ``from normtui.pgn import validate_game`` does; the console checks an
event file with ``normtui.store.connection`` before it loads the store.

The two functions are given to the package outside ``TYPE_CHECKING``, so that the type checker
finds each name in the list and a name that is not there is an error, not ``Any``.
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["lazy_names", "listed"]


def listed(source: str) -> dict[str, str]:
    """Each name the ``if TYPE_CHECKING:`` block of a package's source imports -> its module.

    >>> listed("if TYPE_CHECKING:\\n    from a.b import C as C\\n    from a.d import e as e\\n")
    {'C': 'a.b', 'e': 'a.d'}
    """
    tree = ast.parse(source)
    block = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    return {
        alias.asname or alias.name: node.module
        for node in block.body
        if isinstance(node, ast.ImportFrom) and node.module is not None
        for alias in node.names
    }


def lazy_names(
    package: str,
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The package's ``__getattr__`` and ``__dir__``: ``package`` is its ``__name__``."""
    where: dict[str, str] = {}

    def modules() -> dict[str, str]:
        if not where:
            path = sys.modules[package].__file__
            assert path is not None, package
            with open(path, encoding="utf-8") as file:
                where.update(listed(file.read()))
        return where

    def get(name: str) -> Any:
        module = modules().get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    def names() -> list[str]:
        return sorted({*vars(sys.modules[package]), *modules()})

    return get, names
