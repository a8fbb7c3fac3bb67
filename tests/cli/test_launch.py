"""The `normtui` entry point: the console's three spellings go straight to it, the rest to the
command line (so opening the console never loads the command groups)."""

from __future__ import annotations

from pathlib import Path

import pytest

from normtui.launch import _NOT_THE_CONSOLE, _console_target


def test_bare_normtui_opens_demo_db_in_the_current_folder() -> None:
    assert _console_target([]) is None


def test_open_and_a_database_path_go_to_the_console(tmp_path: Path) -> None:
    db = tmp_path / "event"
    db.write_bytes(b"")
    assert _console_target(["open"]) is None
    assert _console_target(["open", "x.db"]) == Path("x.db")
    assert _console_target([str(db)]) == db
    assert _console_target(["missing.db"]) == Path("missing.db")


@pytest.mark.parametrize("args", [["pairings", "x.db"], ["--help"], ["open", "--help"],
                                  ["standings"], ["nosuchcommand"]])
def test_everything_else_is_for_the_command_line(args: list[str]) -> None:
    assert _console_target(args) is _NOT_THE_CONSOLE


def test_console_launch_loads_no_command_group() -> None:
    import subprocess
    import sys

    script = ("import sys, normtui.launch, normtui.commands.open; "
              "print(sorted(m for m in sys.modules if m.startswith('normtui.commands.')))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "['normtui.commands.common', 'normtui.commands.open']"
