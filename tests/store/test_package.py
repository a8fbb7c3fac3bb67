"""``normtui.store`` names its public classes once (the imports under ``TYPE_CHECKING``) and
loads each from its module on first use."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import normtui.store


def _declared() -> dict[str, str]:
    tree = ast.parse(Path(normtui.store.__file__).read_text(encoding="utf-8"))
    return {
        alias.name: node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
        for alias in node.names
        if node.module.startswith("normtui.store.")
    }


def test_every_name_is_its_modules_own() -> None:
    declared = _declared()
    assert {"EventStore", "AuditEntry", "GameRecord", "StoreError"} <= set(declared)
    for name, module in declared.items():
        assert getattr(normtui.store, name) is getattr(importlib.import_module(module), name)
    assert set(declared) <= set(dir(normtui.store))


def test_a_name_is_loaded_with_its_module_only_when_used() -> None:
    script = (
        "import sys, normtui.store.errors\n"
        "assert 'normtui.store.event' not in sys.modules\n"
        "from normtui.store import EventStore\n"
        "assert 'normtui.store.event' in sys.modules\n"
        "try:\n"
        "    from normtui.store import Nothing\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "cannot import name 'Nothing'" in run.stdout
