"""The examples in the rules' docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import normtui.rules

MODULES = sorted(m.name for m in pkgutil.iter_modules(normtui.rules.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    """Every article module: its docstring examples hold."""
    module = importlib.import_module(f"normtui.rules.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in normtui.rules.{name}"
