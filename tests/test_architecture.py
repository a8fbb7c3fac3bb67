"""The rules are pure: importing normtui.rules, and every module in it, loads no UI, no
database and no PGN reader, so the rule book can be tested and reused on its own. The layers of
the README's table hold, checked here from the source and by import-linter's contracts
(pyproject.toml)."""

from __future__ import annotations

import ast
import functools
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


# The README's layout: tui and cli use store and pgn; the store uses the rules and pgn's readers
# of a record's words (python-chess it does not load: pyproject.toml's contract); pgn uses the
# rules; rules use nothing of ours. normtui.text (how text enters and leaves the event) uses
# nothing of ours either, and everything but the rules may use it; normtui.http (a request
# bounded in time and size) uses nothing of ours, and serves the feed and the exports;
# normtui.lazy (a package's names loaded on first use) uses nothing of ours, and serves the
# store and the PGN reader. Read from the source, so an import hidden inside a function counts
# too.
LAYERS = {
    "rules": {
        "forbidden": ("normtui", "textual", "sqlite3", "sqlite_utils", "chess", "click"),
        "allowed": ("normtui.rules",),
    },
    "text.py": {
        "forbidden": ("normtui", "textual", "sqlite3", "sqlite_utils", "chess", "click"),
        "allowed": ("normtui.text",),
    },
    "http.py": {
        "forbidden": ("normtui", "textual", "sqlite3", "sqlite_utils", "chess", "click"),
        "allowed": ("normtui.http",),
    },
    "lazy.py": {
        "forbidden": ("normtui", "textual", "sqlite3", "sqlite_utils", "chess", "click"),
        "allowed": ("normtui.lazy",),
    },
    "pgn": {
        "forbidden": ("normtui", "textual", "sqlite3", "sqlite_utils", "click"),
        "allowed": ("normtui.rules", "normtui.pgn", "normtui.text", "normtui.lazy"),
    },
    "store": {
        "forbidden": ("normtui", "textual", "chess", "click"),
        "allowed": (
            "normtui.rules",
            "normtui.store",
            "normtui.pgn",
            "normtui.text",
            "normtui.lazy",
        ),
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
            "normtui.text",
            "normtui.http",
        ),
    },
    "demo": {
        "forbidden": ("normtui", "textual", "click"),
        "allowed": (
            "normtui.rules",
            "normtui.store",
            "normtui.pgn",
            "normtui.importing",
            "normtui.export",
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
            "normtui.http",
        ),
    },
}


@functools.cache
def _parsed(path: Path) -> ast.Module:
    """A module's tree, parsed once for the tests of this file (none of them changes it)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _imports(path):
    tree = _parsed(path)
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
    tree = _parsed(path)
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


# Every import from Textual: the module, and the names after `import` (in brackets or not).
_TEXTUAL_IMPORT = re.compile(
    r"^\s*(?:from\s+(textual[\w.]*)\s+import\s+(\([^)]*\)|[^\n]*)|import\s+(textual[\w.]*))",
    re.MULTILINE,
)


def _textual_private(text: str) -> list[str]:
    """What ``text`` imports of Textual's private modules and names (``textual._wait``,
    ``textual.widgets._footer``, ``_character_to_key``)."""
    found = []
    for module, names, imported in _TEXTUAL_IMPORT.findall(text):
        private = [part for part in (module or imported).split(".") if part.startswith("_")]
        private += [n for n in re.findall(r"\w+", names.split("#")[0]) if n.startswith("_")]
        found += private
    return found


def test_no_import_of_textuals_private_api() -> None:
    """Textual's private modules and names change without notice between its releases: what
    normtui, its tests and its benchmarks take from Textual is its public API."""
    top = Path(__file__).resolve().parents[1]
    found = {
        str(path.relative_to(top)): private
        for folder in ("normtui", "tests", "benchmarks")
        for path in sorted((top / folder).rglob("*.py"))
        if (private := _textual_private(path.read_text(encoding="utf-8")))
    }
    assert found == {}
    assert _textual_private("from textual._wait import wait_for_idle\n") == ["_wait"]
    assert _textual_private("from textual.keys import (\n    _character_to_key,\n)\n") == [
        "_character_to_key"
    ]


# The import cycles still there, each with who is removing it. The test below fails on a cycle
# not listed here, and on an entry that is no longer a cycle of its own: whoever breaks one
# removes its entry in the same commit.
CYCLES_LEFT: dict[frozenset[str], str] = {}


def _modules(root: Path) -> dict[str, Path]:
    """Every module of the package under ``root``, by its dotted name."""
    out = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """The imports under ``if TYPE_CHECKING:``: read by the type checker, never run."""
    out: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            for statement in node.body:
                out.update(ast.walk(statement))
    return out


ROOT = Path(__file__).resolve().parents[1] / "normtui"


def _assigned(path: Path, name: str) -> Any:
    """The literal value a module assigns to ``name`` at its top level."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return ast.literal_eval(node.value)
    raise AssertionError(f"{path} assigns no {name}")


def _commands() -> set[str]:
    table = _assigned(ROOT / "commands" / "__init__.py", "COMMANDS")
    return {f"normtui.commands.{where.split('.')[0]}" for where in table.values()}


# The modules that load others by a name computed at run time, each with the names it loads,
# read from its table as the module reads it: an edge each, as an import would be. A module of
# a package that loads its names on first use (normtui.lazy) is an edge of the package, read
# from its list under TYPE_CHECKING as normtui.lazy reads it.
COMPUTED: dict[str, Callable[[], set[str]]] = {
    # The command line's group loads a command's module when it runs (COMMANDS).
    "normtui.cli": _commands,
    # --help reads each command's docstring from its source, else from its module.
    "normtui.commands.summaries": _commands,
    # The console's panes, built after its first frame (PANES).
    "normtui.tui.panes": lambda: {
        module for _key, _id, module, _class in _assigned(ROOT / "tui/panes/__init__.py", "PANES")
    },
    # Each export's writer, loaded when that format is written (_WRITERS).
    "normtui.export": lambda: {
        f"normtui.export.{module}"
        for module, _function, _what in _assigned(
            ROOT / "export" / "__init__.py", "_WRITERS"
        ).values()
    },
}


def _loads_by_name(tree: ast.Module) -> bool:
    """Whether the module calls importlib's import_module (or __import__)."""
    return any(
        isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
            or (isinstance(node.func, ast.Name) and node.func.id in ("import_module", "__import__"))
        )
        for node in ast.walk(tree)
    )


@functools.cache  # the same files for both tests that read it
def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of normtui it imports, wherever the import stands (at the top, in
    a function, in a class), but not under ``if TYPE_CHECKING:``. ``from a import b`` is an
    import of the module ``a.b`` when there is one, else of ``a``. A package's
    ``__init__`` that Python runs before one of its modules is not counted: it is no import
    the module asks for. Modules loaded by a name computed at run time are edges too:
    :data:`COMPUTED`'s tables, and the names of a package that loads them on first use (its
    imports under ``TYPE_CHECKING``, which then run)."""
    modules = _modules(ROOT)
    graph: dict[str, set[str]] = {}
    unlisted = []
    for name, path in modules.items():
        tree = _parsed(path)
        lazy = any(
            isinstance(node, ast.ImportFrom) and node.module == "normtui.lazy" for node in tree.body
        )
        unrun = set() if lazy else _type_checking_only(tree)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(tree):
            if node in unrun:
                continue
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                for alias in node.names:
                    inner = f"{base}.{alias.name}"
                    if inner in modules:
                        found.add(inner)
                    elif base in modules:
                        found.add(base)
        if name in COMPUTED:
            named = COMPUTED[name]()
            assert named <= set(modules), (name, named - set(modules))
            found |= named
        elif _loads_by_name(tree) and name != "normtui.lazy":
            unlisted.append(name)
        found.discard(name)
        graph[name] = found
    assert unlisted == [], f"modules loaded by a computed name: say which in COMPUTED: {unlisted}"
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The groups of modules that import one another, round and round (the strongly connected
    components of more than one module, by Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = set()
            while True:
                other = stack.pop()
                on_stack.discard(other)
                group.add(other)
                if other == node:
                    break
            if len(group) > 1:
                groups.append(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_import_cycles_are_none_but_those_being_removed() -> None:
    """No module of normtui imports itself through others, not even through an import inside
    a function; the cycles still being removed are listed in :data:`CYCLES_LEFT`."""
    graph = import_graph()
    found = import_cycles(graph)

    def said(group: frozenset[str]) -> str:
        arrows = sorted(f"{a} -> {b}" for a in group for b in graph[a] if b in group)
        return "; ".join(arrows)

    new = [said(g) for g in found if g not in CYCLES_LEFT]
    assert new == [], "import cycles: " + " | ".join(new)
    gone = [CYCLES_LEFT[g] for g in CYCLES_LEFT if g not in found]
    assert gone == [], f"no longer cycles, remove them from CYCLES_LEFT: {gone}"


def test_the_cycle_finder_counts_what_runs() -> None:
    """A cycle is found however long; an import inside a function counts (the launcher loads
    the command line only in ``main``), one under ``if TYPE_CHECKING:`` does not (the feed's
    watcher names the store's classes there), unless the package loads those names on first
    use; a module loaded by a computed name counts (a command's module, a pane's, a writer's)."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e", "a"}}
    assert import_cycles(graph) == [frozenset({"a", "b", "c"})]
    real = import_graph()
    assert "normtui.cli" in real["normtui.launch"]
    assert "normtui.store" not in real["normtui.feed.watcher"]
    assert {"normtui.store.event", "normtui.store.records"} <= real["normtui.store"]
    assert {"normtui.pgn.validate", "normtui.pgn.reader"} <= real["normtui.pgn"]
    assert {"normtui.commands.open", "normtui.commands.demo"} <= real["normtui.cli"]
    assert "normtui.tui.panes.standings" in real["normtui.tui.panes"]
    assert "normtui.export.pgn_out" in real["normtui.export"]
