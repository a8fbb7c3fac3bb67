"""The `normtui` entry point: the console's three spellings go straight to it, the rest to the
command line (so opening the console never loads the command groups)."""

from __future__ import annotations

from pathlib import Path

import pytest

from normtui.commands import COMMANDS, command_args
from normtui.launch import console_target


def test_bare_normtui_opens_demo_db_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    from normtui.launch import main
    from normtui.tui.app import NormtuiApp

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as refused:
        main([])
    assert refused.value.code == 2
    assert "no database given and no ./demo.db here" in capsys.readouterr().err
    shutil.copyfile(Path(__file__).resolve().parents[2] / "demo.db", tmp_path / "demo.db")
    opened: list[tuple[Path, str | None]] = []
    monkeypatch.setattr(
        NormtuiApp, "run", lambda app, *a, **k: opened.append((app.path, app.event_name))
    )
    main([])
    assert opened == [(Path("demo.db"), "Norway Chess 2022")]


def test_open_and_a_database_path_go_to_the_console(tmp_path: Path) -> None:
    def target(args: list[str]) -> Path | bool | None:
        return console_target(command_args(args))

    db = tmp_path / "event"
    db.write_bytes(b"")
    assert target([]) is None
    assert target(["open"]) is None
    assert target(["open", "x.db"]) == Path("x.db")
    assert target([str(db)]) == db
    assert target(["missing.db"]) == Path("missing.db")
    # A lone word that is no command: a database, which the console says is not there.
    assert target(["nosuchcommand"]) == Path("nosuchcommand")


@pytest.mark.parametrize(
    "args",
    [["pairings", "x.db"], ["--help"], ["open", "--help"], ["standings"], ["x.db", "--as", "b"]],
)
def test_everything_else_is_for_the_command_line(args: list[str]) -> None:
    assert console_target(command_args(args)) is False


def test_the_console_starts_before_the_store_click_or_sqlite_utils_load(tmp_path: Path) -> None:
    """What `normtui DB` has loaded when the console starts drawing: not click nor the command
    groups, not sqlite-utils, python-chess or the store itself (they load in a thread once the
    console's screen is mounted), only the file check."""
    import json
    import subprocess
    import sys

    from normtui.demo.build import build_demo

    db = tmp_path / "demo.db"
    build_demo(db)
    script = (
        "import json, sys\n"
        "from normtui.tui.app import NormtuiApp\n"
        "def run(self):\n"
        "    print(json.dumps(sorted(sys.modules)))\n"
        "NormtuiApp.run = run\n"
        "from normtui.launch import main\n"
        f"main([{str(db)!r}])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    loaded = set(json.loads(out))
    assert "normtui.store.connection" in loaded  # the file was checked
    for name in (
        "click",
        "normtui.cli",
        "sqlite_utils",
        "chess",
        "normtui.store.event",
        "normtui.tui.panes.pairings",
    ):
        assert name not in loaded, name
    # The table of commands decides that this is the console; no command group is loaded, nor
    # what they share: the console's start alone (normtui/commands/console.py, no click).
    groups = {f"normtui.commands.{where.split('.')[0]}" for where in COMMANDS.values()}
    assert not groups & loaded
    assert "normtui.commands.common" not in loaded and "normtui.commands.console" in loaded


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["fine", "x.db"], "normtui: no command 'fine'; did you mean fines? (`normtui --help`"),
        (["resutl", "x.db", "7"], "no command 'resutl'; did you mean result?"),
        (["zzz", "x.db"], "normtui: no command 'zzz' (`normtui --help` lists them)"),
    ],
)
@pytest.mark.parametrize("entry", ["normtui.launch", "normtui.cli"])
def test_a_mistyped_command_is_named(
    args: list[str], says: str, entry: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib

    main = importlib.import_module(entry).main

    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1
