"""`normtui validate`: exit codes 0/1/2, the text and the JSON output."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.assets import DATA_2022
from normtui.cli import cli

from .conftest import PGN_DATA


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["validate", *map(str, args)])
    return result.exit_code, result.stdout, result.stderr


def test_real_games_exit_0() -> None:
    code, out, _ = run(DATA_2022 / "classical.pgn")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("#1    Carlsen, Magnus - Wang, Hao")
    assert "agreement" in lines[0] and "OK" in lines[0]
    assert lines[-1].endswith("45 games, 45 OK, 0 with errors (0 errors, 0 warnings, 6 notes)")
    code, out, _ = run("--stage", "armageddon", DATA_2022 / "armageddon.pgn")
    assert code == 0 and "7 notes" in out


def test_errors_exit_1_with_findings_indented() -> None:
    code, out, _ = run(PGN_DATA / "draw_before_move_30.pgn")
    assert code == 1
    assert "ERRORS" in out.splitlines()[0]
    assert out.splitlines()[1].split()[:3] == ["error", "30.", "Rb1"]
    assert "draw_before_move_30:" in out and "(Regulations §2)" in out


def test_warnings_alone_exit_0() -> None:
    assert run(PGN_DATA / "clock_jump.pgn")[0] == 0


@pytest.mark.parametrize("name", ["binary.pgn", "utf16.pgn", "no-such-file.pgn"])
def test_unreadable_file_exit_2_one_line(name: str) -> None:
    code, out, err = run(PGN_DATA / name)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("normtui: ")
    assert "Traceback" not in err


def test_file_without_games_exit_1() -> None:
    code, _, err = run(PGN_DATA / "empty.pgn")
    assert code == 1 and "no games found" in err


def test_readable_files_are_checked_even_next_to_an_unreadable_one() -> None:
    code, out, err = run(PGN_DATA / "binary.pgn", DATA_2022 / "classical.pgn")
    assert code == 2 and "binary data" in err
    assert "all files: 45 games" in out


def test_json_shape() -> None:
    code, out, _ = run("--json", PGN_DATA / "draw_before_move_30.pgn",
                       DATA_2022 / "classical.pgn")
    assert code == 1
    games = json.loads(out)
    assert len(games) == 48
    first = games[0]
    assert set(first) == {"file", "index", "line", "white", "black", "round", "result", "stage",
                          "ok", "termination", "findings"}
    assert (first["index"], first["round"], first["result"], first["ok"]) == (
        0, "1", "1/2-1/2", False)
    assert first["termination"] == "agreement"
    assert first["findings"] == [{
        "code": "draw_before_move_30", "severity": "error", "move": "30. Rb1",
        "message": first["findings"][0]["message"], "rule": "Regulations §2"}]
    assert games[3]["index"] == 0 and games[3]["file"].endswith("classical.pgn")


def test_json_of_an_empty_run_is_an_empty_list() -> None:
    code, out, _ = run("--json", PGN_DATA / "empty.pgn")
    assert (code, json.loads(out)) == (1, [])


def test_unknown_stage_is_a_usage_error() -> None:
    assert run("--stage", "blitz", DATA_2022 / "classical.pgn")[0] == 2


def test_console_script_never_shows_a_traceback(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.pgn"
    garbage.write_bytes(b"[Event \"x\"\n\xff\xfe{{{ ((( $$$ 1. e4 e5 ?? Qxx9 \x01\x02\n" * 50)
    proc = subprocess.run([sys.executable, "-m", "normtui", "validate", str(garbage)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert "unreadable_text" in proc.stdout


def test_progress_bar_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from normtui.commands.pgn import _progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    path = Path("huge.pgn")
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with _progress(path, 10 << 20) as update:
        assert update is not None
        update(5 << 20)
    assert "huge.pgn" in terminal.getvalue() and "50%" in terminal.getvalue()
    with _progress(path, 1000) as update:
        assert update is None  # a small file needs no bar
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with _progress(path, 10 << 20) as update:
        assert update is None  # a pipe or a log gets no bar
