"""``normtui.store`` and ``normtui.pgn`` name their public names once (the imports under
``TYPE_CHECKING``) and load each from its module on first use (:mod:`normtui.lazy`): one module
of a package loads that module alone, so that the store's file check runs before the store is
loaded, and a record's tags and movetext are read without python-chess."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from normtui.lazy import listed

PACKAGES = {
    "normtui.store": {"EventStore", "AuditEntry", "GameRecord", "StoreError"},
    "normtui.pgn": {"validate_game", "split_text", "Expectation", "GameReport", "names_match"},
}


def _declared(package: str) -> dict[str, str]:
    path = Path(importlib.import_module(package).__file__ or "")
    return listed(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_name_is_its_modules_own(package: str) -> None:
    declared = _declared(package)
    assert PACKAGES[package] <= set(declared)
    loaded = importlib.import_module(package)
    for name, module in declared.items():
        assert module.startswith(package + "."), (name, module)
        assert getattr(loaded, name) is getattr(importlib.import_module(module), name)
    assert set(declared) <= set(dir(loaded))


def _run(script: str) -> str:
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_a_name_is_loaded_with_its_module_only_when_used() -> None:
    out = _run(
        "import sys, normtui.store.errors\n"
        "assert 'normtui.store.event' not in sys.modules\n"
        "from normtui.store import EventStore\n"
        "assert 'normtui.store.event' in sys.modules\n"
        "try:\n"
        "    from normtui.store import Nothing\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    assert "cannot import name 'Nothing'" in out


def test_a_records_words_are_read_without_python_chess() -> None:
    """The tags, the movetext and the cutting of files into games load no python-chess; the
    check of a game does."""
    out = _run(
        "import sys\n"
        "import normtui.pgn, normtui.pgn.tags, normtui.pgn.movetext, normtui.pgn.reader\n"
        "from normtui.pgn import split_text, names_match, CONTROL_CODES\n"
        "print('chess' in sys.modules)\n"
        "from normtui.pgn import validate_game\n"
        "print('chess' in sys.modules)\n"
    )
    assert out.split() == ["False", "True"]
