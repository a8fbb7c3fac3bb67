"""The command line loads only what the command runs: a data command does not import
python-chess, textual or the exporters, and the lazy table of commands agrees with the modules."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from normtui.cli import cli
from normtui.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[2]


def test_the_table_of_commands_is_what_the_modules_define() -> None:
    """Each name of the table finds its command, and every command a module defines (not a
    subcommand of a group) is in the table."""
    defined: dict[str, str] = {}
    for module in {where.split(".")[0] for where in COMMANDS.values()}:
        found = vars(importlib.import_module(f"normtui.commands.{module}"))
        commands = {k: v for k, v in found.items() if isinstance(v, click.Command)}
        inside = {
            id(sub)
            for v in commands.values()
            if isinstance(v, click.Group)
            for sub in v.commands.values()
        }
        for attr, command in commands.items():
            if id(command) not in inside and command.name is not None:
                defined[command.name] = f"{module}.{attr}"
    assert defined == COMMANDS


def test_the_summaries_are_the_commands_own_help() -> None:
    """`normtui --help` lists the commands with their docstrings read from the sources, so
    that listing them loads none of their modules: each must say what the command's help says
    first (a help given as ``help=`` instead of a docstring would differ)."""
    from normtui.cli import load_all
    from normtui.commands.summaries import SUMMARIES

    load_all(cli)
    real = {
        name: " ".join((cli.commands[name].help or "").split("\n\n")[0].split())
        for name in sorted(cli.commands)
    }
    differ = {name: (SUMMARIES.get(name), text) for name, text in real.items()}
    assert real == SUMMARIES, {k: v for k, v in differ.items() if v[0] != v[1]}


def test_help_loads_no_command_module() -> None:
    script = (
        "import sys\nfrom normtui.cli import main\ntry:\n    main(['--help'])\n"
        "except SystemExit:\n    pass\nprint(sorted(sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    groups = {f"normtui.commands.{m}" for m in COMMANDS.values()}
    assert "Commands:" in out
    assert not [name for name in groups if f"'{name}'" in out]


@pytest.mark.parametrize("name", ["standings", "check", "import-pgn", "watch", "open"])
def test_a_commands_help_loads_its_module_alone(name: str) -> None:
    script = (
        "import sys\nfrom normtui.cli import main\ntry:\n    main(sys.argv[1:])\n"
        "except SystemExit:\n    pass\nprint(sorted(sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, name, "--help"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    loaded = {f"normtui.commands.{w.split('.')[0]}" for w in COMMANDS.values()}
    loaded = {m for m in loaded if f"'{m}'" in out}
    assert loaded == {f"normtui.commands.{COMMANDS[name].split('.')[0]}"}
    assert "Usage: normtui " + name in out


def test_help_lists_every_command() -> None:
    from click.testing import CliRunner

    out = CliRunner().invoke(cli, ["--help"]).output
    for name in COMMANDS:
        assert f"  {name} " in out, name


# Every command that only shows the event, in each of its forms (and a result entered):
# called all day by scripts and a second arbiter's loop, they start like click itself.
_READS = [
    ["standings", "{db}"],
    ["standings", "{db}", "--json"],
    ["standings", "{db}", "--csv"],
    ["pairings", "{db}", "--round", "7"],
    ["pairings", "{db}", "--json"],
    ["log", "{db}"],
    ["log", "{db}", "--json"],
    ["clocks", "{db}"],
    ["fines", "{db}"],
    ["incidents", "{db}"],
    ["details", "{db}"],
    ["player", "{db}", "1"],
    ["contenders", "{db}"],
    ["ratings", "{db}"],
    ["norms", "{db}", "--json"],
    ["playoff", "{db}"],
    ["profiles"],
    ["check", "{db}"],
    ["export", "{db}", "-f", "json"],
    ["export", "{db}", "-f", "trf"],
    ["print", "{db}", "wallchart"],
    ["print", "{db}", "it3"],
    ["result", "{db}", "7", "Topalov", "Wang", "0-1"],
]


# What no command of _READS may load.
_NEVER_LOADED = ("chess", "textual", "normtui.tui")


def _run_reads(folder: Path, reads: list[list[str]]) -> dict[str, tuple[object, list[str]]]:
    """``reads`` through the entry point, as `normtui ARGS` runs them, one after the other in
    one Python, on a copy of the demo in ``folder``: for each, its exit code and which of
    _NEVER_LOADED were loaded once it had run."""
    db = folder / "demo.db"
    shutil.copyfile(ROOT / "demo.db", db)
    said = folder / "said.json"
    code = (
        "import json, sys\nfrom normtui.launch import main\n"
        "runs, said, never = json.loads(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3])\n"
        "out = {}\nfor key, args in runs:\n    code = 0\n    try:\n        main(args)\n"
        "    except SystemExit as e:\n        code = e.code\n"
        "    out[key] = [code, sorted(m for m in never if m in sys.modules)]\n"
        "with open(said, 'w', encoding='utf-8') as f:\n    json.dump(out, f)\n"
    )
    runs = [[" ".join(args), [a.format(db=db) for a in args]] for args in reads]
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(runs), str(said), json.dumps(_NEVER_LOADED)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return {key: (code, loaded) for key, (code, loaded) in json.loads(said.read_text()).items()}


@pytest.fixture(scope="module")
def _reads_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[object, list[str]]]:
    """Every command of _READS, the result entered last, in one process (the start of a
    process is most of such a command's time): a module once loaded stays loaded, so where
    none is loaded at the end, no command loaded one. Where one is, each command again in a
    process of its own on its own copy, so that each test names only its own command."""
    together = _run_reads(tmp_path_factory.mktemp("reads"), _READS)
    if all(code in (0, 1) and not loaded for code, loaded in together.values()):
        return together
    alone: dict[str, tuple[object, list[str]]] = {}
    for args in _READS:
        alone.update(_run_reads(tmp_path_factory.mktemp("read"), [args]))
    return alone


@pytest.mark.parametrize("args", _READS, ids=" ".join)
def test_a_data_command_imports_neither_python_chess_nor_textual(
    args: list[str], _reads_run: dict[str, tuple[object, list[str]]]
) -> None:
    """Through the entry point, as `normtui ARGS` runs: the modules loaded at the end. A read
    may use normtui.pgn's readers of a record's tags and moves, which load no python-chess."""
    code, loaded = _reads_run[" ".join(args)]
    assert code in (0, 1), code
    assert loaded == []


# What each read command must not load: a read writes nothing (no sqlite-utils, no
# audit log but for `log` itself, no login name), and a command defines only the records and
# runs only the rules it shows: the 2022 table names no tie-break of a group (Koya, direct
# encounter), the pairings no final table, the standings no game records.
_READS_DO_NOT_LOAD = (
    "sqlite_utils",
    "getpass",
    "normtui.store.check",
    "normtui.store.files",
    "normtui.importing",
    "normtui.feed",
    "normtui.rules.playoff",
    "normtui.rules.withdrawal",
    "normtui.rules.lots",
    "normtui.rules.berger",
)


@pytest.mark.parametrize(
    ("args", "not_loaded"),
    [
        (
            ["standings", "{db}", "--json"],
            ("normtui.store.audit", "normtui.store.records", "normtui.rules.tiebreaks"),
        ),
        (["standings", "{db}"], ("normtui.store.audit", "normtui.store.records")),
        (
            ["pairings", "{db}", "--round", "7"],
            ("normtui.store.audit", "normtui.store.playoff", "normtui.rules.standings"),
        ),
        (["pairings", "{db}", "--json"], ("normtui.store.audit", "normtui.rules.standings")),
        (
            ["log", "{db}"],
            ("normtui.rules.profile", "normtui.rules.standings", "normtui.store.records"),
        ),
        (["clocks", "{db}"], ("normtui.store.audit", "normtui.rules.standings")),
    ],
)
def test_a_read_command_loads_only_what_it_runs(
    args: list[str], not_loaded: tuple[str, ...], tmp_path: Path
) -> None:
    db = tmp_path / "demo.db"
    shutil.copyfile(ROOT / "demo.db", db)
    names = (*_READS_DO_NOT_LOAD, *not_loaded)
    code = (
        "import sys\nfrom normtui.cli import main\ntry:\n    main(sys.argv[1:])\n"
        "except SystemExit as e:\n    assert not e.code, e.code\n"
        f"names = {names!r}\n"
        "print(sorted(m for m in sys.modules if m in names or m.startswith(tuple(n + '.' "
        "for n in names))), file=sys.stderr)"
    )
    env = {k: v for k, v in os.environ.items() if k != "NORMTUI_ACTOR"}
    done = subprocess.run(
        [sys.executable, "-c", code, *(a.format(db=db) for a in args)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "[]"
