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
    code, out, _ = run("--json", PGN_DATA / "draw_before_move_30.pgn", DATA_2022 / "classical.pgn")
    assert code == 1
    games = json.loads(out)
    assert len(games) == 48
    first = games[0]
    assert set(first) == {
        "file",
        "index",
        "line",
        "white",
        "black",
        "round",
        "result",
        "stage",
        "ok",
        "termination",
        "findings",
    }
    assert (first["index"], first["round"], first["result"], first["ok"]) == (
        0,
        "1",
        "1/2-1/2",
        False,
    )
    assert first["termination"] == "agreement"
    assert first["findings"] == [
        {
            "code": "draw_before_move_30",
            "severity": "error",
            "move": "30. Rb1",
            "message": first["findings"][0]["message"],
            "rule": "Regulations §2",
        }
    ]
    assert games[3]["index"] == 0 and games[3]["file"].endswith("classical.pgn")


def test_json_of_an_empty_run_is_an_empty_list() -> None:
    code, out, _ = run("--json", PGN_DATA / "empty.pgn")
    assert (code, json.loads(out)) == (1, [])


def test_unknown_stage_is_a_usage_error() -> None:
    assert run("--stage", "blitz", DATA_2022 / "classical.pgn")[0] == 2


def test_console_script_never_shows_a_traceback(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.pgn"
    garbage.write_bytes(b'[Event "x"\n\xff\xfe{{{ ((( $$$ 1. e4 e5 ?? Qxx9 \x01\x02\n' * 50)
    proc = subprocess.run(
        [sys.executable, "-m", "normtui", "validate", str(garbage)],
        capture_output=True,
        text=True,
        check=False,
    )
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


# Another event's rules: 90' + 30" from move 1 and no move-30 rule, as the World Cup plays.
_WORLD_CUP_GAME = (
    '[Event "World Cup"]\n[Site "Goa"]\n[Date "2025.11.01"]\n[Round "1.1"]\n[White "A, B"]\n'
    '[Black "C, D"]\n[Result "1/2-1/2"]\n\n'
    "1. e4 {[%clk 1:30:25]} e5 {[%clk 1:30:27]} 2. Nf3 {[%clk 1:30:50]} Nc6 {[%clk 1:30:55]} "
    "3. Bb5 {[%clk 1:31:10]} a6 {[%clk 1:31:20]} 1/2-1/2\n"
)


def _world_cup_profile(tmp_path: Path) -> Path:
    from normtui.assets import read_profile_text
    from normtui.rules.profile import TimeControl
    from normtui.store.profile_text import replace_time_control

    text = replace_time_control(read_profile_text(), "classical", TimeControl(5400, 5400, 30, 1))
    text = text.replace(
        "draw_agreement_after_black_move = 30", "draw_agreement_after_black_move = 0"
    )
    path = tmp_path / "world-cup.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _codes(out: str) -> list[str]:
    return [f["code"] for game in json.loads(out) for f in game["findings"]]


def test_profile_applies_the_events_own_rules(tmp_path: Path) -> None:
    pgn = tmp_path / "world-cup.pgn"
    pgn.write_text(_WORLD_CUP_GAME, encoding="utf-8")
    code, out, _ = run("--json", pgn)
    assert code == 1  # Norway 2022's rules: an agreed draw before move 30, clocks that gain
    assert _codes(out) == ["draw_before_move_30", "clock_glitch"]
    code, out, _ = run("--json", "--profile", _world_cup_profile(tmp_path), pgn)
    assert (code, _codes(out)) == (0, [])


def test_profile_that_cannot_be_used_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[event]\nplayers = 'ten'\n", encoding="utf-8")
    for profile in (bad, tmp_path / "missing.toml"):
        code, out, err = run("--profile", profile, DATA_2022 / "classical.pgn")
        assert code == 2 and out == "" and len(err.splitlines()) == 1
        assert f"{profile}" in err


def test_event_applies_its_stored_profile_and_is_only_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import builtins

    from normtui.store import EventStore, PlayerInput

    db = tmp_path / "world-cup.db"
    profile = _world_cup_profile(tmp_path).read_text(encoding="utf-8")
    EventStore.create(db, [PlayerInput(f"Player {i}") for i in range(10)], profile).close()
    before = db.read_bytes()
    pgn = tmp_path / "world-cup.pgn"
    pgn.write_text(_WORLD_CUP_GAME, encoding="utf-8")
    opened: list[str] = []
    real_open = builtins.open

    def spy(file: object, *args: object, **kwargs: object) -> object:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(builtins, "open", spy)
    code, out, err = run("--json", "--event", db, pgn)
    monkeypatch.undo()
    assert (code, _codes(out)) == (0, []), err
    assert str(db) not in opened and str(pgn) in opened  # SQLite alone opened the event
    assert db.read_bytes() == before
    assert not (tmp_path / "world-cup.db-wal").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["--event", "{db}", "{db}"],
        ["--event", "{db}", "--profile", "{toml}", "{pgn}"],
        ["--event", "{missing}", "{pgn}"],
    ],
)
def test_event_refusals_are_one_line(tmp_path: Path, args: list[str]) -> None:
    from normtui.store import EventStore, PlayerInput

    db = tmp_path / "e.db"
    profile = _world_cup_profile(tmp_path)
    EventStore.create(
        db, [PlayerInput(f"Player {i}") for i in range(10)], profile.read_text(encoding="utf-8")
    ).close()
    pgn = tmp_path / "g.pgn"
    pgn.write_text(_WORLD_CUP_GAME, encoding="utf-8")
    names = {"db": db, "toml": profile, "pgn": pgn, "missing": tmp_path / "none.db"}
    code, out, err = run(*(a.format(**names) for a in args))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("as_json", [False, True])
def test_a_full_disk_names_the_output_not_the_input(tmp_path: Path, as_json: bool) -> None:
    """Standard output on a full disk: a device node like /dev/full, made here."""
    import os
    import stat

    full = tmp_path / "full"
    try:
        os.mknod(full, stat.S_IFCHR | 0o600, os.makedev(1, 7))
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot make a device node here: {exc}")
    source = DATA_2022 / "classical.pgn"
    with open(full, "w") as stdout:
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "normtui",
                "validate",
                *(["--json"] if as_json else []),
                str(source),
            ],
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert proc.returncode == 2
    assert proc.stderr == (
        f"normtui: cannot write the output (standard output, {full}): No space left on device\n"
    )


def test_an_output_error_is_reported_once_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    import click

    echo = click.echo

    def full(message: str = "", **kwargs: bool) -> None:
        if not kwargs.get("err"):
            raise OSError(errno.ENOSPC, "No space left on device")
        echo(message, **kwargs)

    monkeypatch.setattr(click, "echo", full)
    code, _, err = run(DATA_2022 / "classical.pgn")
    assert code == 2
    assert "cannot write the output (standard output): No space left on device" in err
    assert "classical.pgn" not in err


DGT_GAME = PGN_DATA.parent / "dgt" / "sample-invitational-2023" / "round-1" / "game-3.pgn"


def test_clocks_far_below_the_control_are_a_warning_naming_it() -> None:
    """A real 15' + 10" DGT record checked as Norway Chess 2022 (120'): warned, not OK-and-quiet
    (at its own control it raises no clock finding: tests/pgn/test_real_clocks.py)."""
    code, out, _ = run("--profile", "norway-chess-2022", DGT_GAME)
    assert code == 0
    assert (
        "warning 1. e4       clock_below_control: White's clock shows 0:15:15 after 1. e4, "
        "far below the 2:00:00 of 120' + 10\" from move 41" in out
    )
    assert "clock_increment" in out and "clock_glitch" not in out


def test_dgt_s_unknown_date_is_no_warning_within_an_event_that_dates_the_round(
    tmp_path: Path,
) -> None:
    """DGT LiveChess always writes Date "????.??.??": checked against an event whose round 8
    has its date (the demo), that is no warning; without the event it is."""
    import shutil

    db = tmp_path / "demo.db"
    shutil.copyfile(Path(__file__).resolve().parents[2] / "demo.db", db)
    pgn = tmp_path / "dgt.pgn"
    pgn.write_text(DGT_GAME.read_text().replace('[Round "1.3"]', '[Round "8.3"]'))
    assert '[Date "????.??.??"]' in pgn.read_text()
    _code, out, err = run("--json", "--event", db, pgn)
    assert "header_missing" not in _codes(out), err
    _code, out, _err = run("--json", pgn)
    assert "header_missing" in _codes(out)
