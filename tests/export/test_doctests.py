"""The examples in the export modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["normtui.export", "normtui.export.snapshot", "normtui.export.trf",
           "normtui.export.tables", "normtui.export.html"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
