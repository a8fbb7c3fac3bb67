"""The rules are pure: importing normtui.rules, and every module in it, loads no UI, no
database and no PGN reader, so the rule book can be tested and reused on its own. The layers of
the README's table hold, checked here from the source and by import-linter's contracts
(pyproject.toml)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import textwrap
from pathlib import Path

FORBIDDEN = ("textual", "sqlite3", "sqlite_utils", "chess")


def test_rules_import_no_ui_database_or_pgn() -> None:
    """A fresh interpreter imports every normtui.rules module and nothing else."""
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
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    count, _, loaded = run.stdout.strip().partition(" ")
    assert loaded == "", f"normtui.rules imported {loaded}"
    assert int(count) >= 10, "every module of normtui.rules is imported"


# The README's layout: tui and cli use store and pgn; store and pgn use rules; rules use
# nothing of ours. normtui.text (how text enters and leaves the event) uses nothing of ours
# either, and everything but the rules may use it. Read from the source, so an import hidden
# inside a function counts too.
LAYERS = {
    "rules": {
        "forbidden": ("normtui", "textual", "sqlite3", "sqlite_utils", "chess", "click"),
        "allowed": ("normtui.rules",),
    },
    "text.py": {
        "forbidden": ("normtui", "textual", "sqlite3", "sqlite_utils", "chess", "click"),
        "allowed": ("normtui.text",),
    },
    "pgn": {
        "forbidden": ("normtui", "textual", "sqlite3", "sqlite_utils", "click"),
        "allowed": ("normtui.rules", "normtui.pgn", "normtui.text"),
    },
    "store": {
        "forbidden": ("normtui", "textual", "chess", "click"),
        "allowed": ("normtui.rules", "normtui.store", "normtui.text"),
    },
    "importing": {
        "forbidden": ("normtui", "textual", "click"),
        "allowed": (
            "normtui.rules",
            "normtui.store",
            "normtui.pgn",
            "normtui.importing",
            "normtui.text",
        ),
    },
    "feed": {
        "forbidden": ("normtui", "textual", "click"),
        "allowed": (
            "normtui.rules",
            "normtui.store",
            "normtui.pgn",
            "normtui.importing",
            "normtui.feed",
            "normtui.assets",
            "normtui.demo",
            "normtui.text",
        ),
    },
    "export": {
        "forbidden": ("normtui", "textual", "click"),
        "allowed": (
            "normtui.rules",
            "normtui.store",
            "normtui.pgn",
            "normtui.export",
            "normtui.assets",
            "normtui.text",
        ),
    },
}


def _imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module


def test_arrows_point_one_way() -> None:
    """Every package imports only the layers below it (the README's layout table)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "normtui"
    wrong = []
    for layer, rule in LAYERS.items():
        where = root / layer
        for path in sorted(where.rglob("*.py") if where.is_dir() else [where]):
            for line, name in _imports(path):
                hit = any(name == f or name.startswith(f + ".") for f in rule["forbidden"])
                ok = any(name == a or name.startswith(a + ".") for a in rule["allowed"])
                if hit and not ok:
                    wrong.append(f"{path.relative_to(root.parent)}:{line} imports {name}")
    assert wrong == []


def test_import_linter_contracts_hold() -> None:
    """pyproject.toml's contracts, as `lint-imports` checks them in a developer's shell."""
    script = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout


def _inner_imports_without_a_reason(path: Path) -> list[str]:
    """The imports inside a function of ``path`` that say nothing of why they are there: a
    comment on the line, or above the block of imports it belongs to."""
    lines = path.read_text(encoding="utf-8").splitlines()
    tree = ast.parse("\n".join(lines))
    out = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            first = node.lineno - 1
            while first > 0 and _IMPORT_LINE.match(lines[first - 1]):
                first -= 1
            said = "#" in lines[node.end_lineno - 1] if node.end_lineno else False
            if not said and not lines[first - 1].strip().startswith("#"):
                out.append(f"{path}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    return out


_IMPORT_LINE = re.compile(r"\s*(from \S+ )?import \S")


def test_an_import_inside_a_function_says_why() -> None:
    """Most imports stand at the top of their module; one inside a function is there for a
    reason (a command that must start quickly, a cycle, a heavy library needed by one path),
    and says it in a word, so that the next engineer knows whether it may move."""
    root = Path(__file__).resolve().parents[1] / "normtui"
    silent = [
        line for p in sorted(root.rglob("*.py")) for line in _inner_imports_without_a_reason(p)
    ]
    assert silent == []
