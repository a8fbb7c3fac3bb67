"""The examples in the docstrings of normtui.pgn are true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import normtui.pgn

MODULES = sorted(f"normtui.pgn.{m.name}" for m in pkgutil.iter_modules(normtui.pgn.__path__))


@pytest.mark.parametrize("name", ["normtui.pgn", *MODULES])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
