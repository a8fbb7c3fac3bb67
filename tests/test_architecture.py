"""The rules are pure (issue 2): importing normtui.rules, and every module in it, loads no
UI, no database and no PGN reader, so the rule book can be tested and reused on its own."""

from __future__ import annotations

import subprocess
import sys
import textwrap

FORBIDDEN = ("textual", "sqlite3", "sqlite_utils", "chess")


def test_rules_import_no_ui_database_or_pgn() -> None:
    """Issue 2: a fresh interpreter imports every normtui.rules module and nothing else."""
    script = textwrap.dedent(f"""
        import importlib, pkgutil, sys
        import normtui.rules
        names = [m.name for m in pkgutil.iter_modules(normtui.rules.__path__)]
        assert names, "no rules modules found"
        for name in names:
            importlib.import_module("normtui.rules." + name)
        loaded = sorted(m for m in {FORBIDDEN!r}
                        if m in sys.modules or any(k.startswith(m + ".") for k in sys.modules))
        print(len(names), ",".join(loaded))
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=False)
    assert run.returncode == 0, run.stderr
    count, _, loaded = run.stdout.strip().partition(" ")
    assert loaded == "", f"normtui.rules imported {loaded}"
    assert int(count) >= 10, "every module of normtui.rules is imported"
