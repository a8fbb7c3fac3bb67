"""Nothing from outside reaches the terminal raw: a feed (a PGN file, a URL, LiveChess Cloud
JSON) naming a player ``Evil\\x1b]52;c;...\\x07Name`` (OSC 52 sets the terminal's clipboard), a
PGN file whose name holds an escape sequence, and an event file damaged to hold them in its
names, details, incidents and audit log: every command shows them as escapes, in its text, its
JSON, its CSV and every export and print sheet, and a line break in a name starts no line."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from normtui.export import FORMATS
from normtui.export.sheets import SHEETS
from tests.cli.conftest import Run
from tests.control_chars import BLINK, EVENT_NAME, FAKE_LINE, OSC52, assert_shown_not_obeyed, damage
from tests.feed.conftest import DATA
from tests.feed.test_http import serving


def _evil_feed(tmp_path: Path) -> Path:
    """The recorded feed of round 7, its first White and an event name made hostile."""
    folder = tmp_path / "feed"
    shutil.copytree(DATA, folder)
    pgn = folder / "broadcast" / "round-7.pgn"
    text = pgn.read_text(encoding="utf-8")
    text = text.replace('[White "Anand, Viswanathan"]', f'[White "{OSC52}"]', 1)
    pgn.write_text(
        text.replace('[Event "10th Norway Chess 2022"]', f'[Event "{BLINK}"]', 1), encoding="utf-8"
    )
    index = folder / "lcc" / "round-7" / "index.json"
    data = json.loads(index.read_text(encoding="utf-8"))
    data["pairings"][0]["white"]["fname"] = OSC52
    data["pairings"][1]["black"]["lname"] = FAKE_LINE
    index.write_text(json.dumps(data), encoding="utf-8")
    tournament = folder / "lcc" / "tournament.json"
    data = json.loads(tournament.read_text(encoding="utf-8"))
    data["name"] = EVENT_NAME
    tournament.write_text(json.dumps(data), encoding="utf-8")
    return folder


@pytest.mark.parametrize("how", ["file", "url", "lcc"])
def test_a_feed_s_names_are_shown_not_obeyed(
    run: Run, demo: Path, tmp_path: Path, how: str
) -> None:
    folder = _evil_feed(tmp_path)
    with serving(folder) as url:
        source = {
            "file": folder / "broadcast" / "round-7.pgn",
            "url": f"{url}/broadcast/round-7.pgn",
            "lcc": f"{url}/lcc/tournament.json",
        }[how]
        text = run("watch", demo, source, "--once", "--round", 7)
        as_json = run("watch", demo, source, "--once", "--round", 7, "--json")
    for done in (text, as_json):
        assert "Traceback" not in done.output
        assert_shown_not_obeyed(done.stdout + done.stderr, f"watch {how}")
    if how != "lcc":  # LiveChess Cloud's names go through the PGN writer, which cleans them
        assert "Evil\\x1b]52;c;aGVsbG8=\\x07Name" in text.stdout, text.stdout
    json.loads(as_json.stdout)  # still JSON


def test_a_real_terminal_gets_no_escape_from_watch(demo: Path, tmp_path: Path) -> None:
    """The same through a process of its own, as a terminal would read it (click writes
    escape sequences to a terminal as they are)."""
    folder = _evil_feed(tmp_path)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "normtui",
            "watch",
            str(demo),
            str(folder / "broadcast" / "round-7.pgn"),
            "--once",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr
    assert_shown_not_obeyed(done.stdout + done.stderr, "watch")


@pytest.mark.parametrize("command", ["validate", "import-pgn"])
def test_a_file_name_and_tags_with_escapes_are_shown(
    run: Run, demo: Path, tmp_path: Path, command: str
) -> None:
    folder = _evil_feed(tmp_path)
    named = tmp_path / "ev\x1b[5mil\x07.pgn"
    shutil.copyfile(folder / "broadcast" / "round-7.pgn", named)
    missing = tmp_path / "no\x1b]2;title\x07such.pgn"
    head = [command] if command == "validate" else [command, demo]
    for args in ([named], [named, "--json"], [missing]):
        done = run(*head, *args)
        assert "Traceback" not in done.output
        assert_shown_not_obeyed(done.stdout + done.stderr, f"{command} {args}")
    assert "ev\\x1b[5mil\\x07.pgn" in run(*head, named).stdout
    assert "no\\x1b]2;title\\x07such.pgn" in run(*head, missing).stderr


@pytest.fixture
def damaged(demo: Path) -> Path:
    damage(demo)
    return demo


COMMANDS = [
    ["pairings"],
    ["pairings", "--json"],
    ["standings"],
    ["standings", "--csv"],
    ["standings", "--json"],
    ["contenders"],
    ["contenders", "--json"],
    ["player", "1"],
    ["player", "3", "--json"],
    ["details"],
    ["details", "--json"],
    ["withdraw", "3", "--dry-run"],
    ["withdraw", "1", "--dry-run", "--json"],
    ["check"],
    ["check", "--json"],
    ["log"],
    ["log", "--json"],
    ["incidents"],
    ["incidents", "--json"],
    ["fines"],
    ["clocks"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_damaged_event_is_shown_not_obeyed(run: Run, damaged: Path, args: list[str]) -> None:
    done = run(args[0], damaged, *args[1:])
    assert done.exit_code in (0, 1), done.output
    assert "Traceback" not in done.output
    assert_shown_not_obeyed(done.stdout + done.stderr, " ".join(args))
    if "--json" in args:
        json.loads(done.stdout)


def test_the_damaged_names_are_there_to_see(run: Run, damaged: Path) -> None:
    standings = run("standings", damaged).stdout
    assert "Evil\\x1b]52;c;aGVsbG8=\\x07Name" in standings
    assert "Fake\\n  1 Carlsen, Magnus 3" in standings
    csv = run("standings", damaged, "--csv").stdout
    assert "Bl\\x1b[5mink\\x9b2J" in csv and len(csv.splitlines()) == 11
    assert "Oslo\\x1b]2;pwned" in run("export", damaged, "--format", "html").stdout


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_export_of_a_damaged_event_is_clean(
    run: Run, damaged: Path, tmp_path: Path, fmt: str
) -> None:
    out = tmp_path / f"export.{fmt}"
    done = run("export", damaged, "--format", fmt, "--output", out)
    assert "Traceback" not in done.output
    assert_shown_not_obeyed(done.stdout + done.stderr, f"export {fmt} messages")
    if out.exists():
        assert_shown_not_obeyed(out.read_text(encoding="utf-8", errors="replace"), f"{fmt} export")
    to_stdout = run("export", damaged, "--format", fmt)
    assert_shown_not_obeyed(to_stdout.stdout + to_stdout.stderr, f"{fmt} export on stdout")


@pytest.mark.parametrize("sheet", SHEETS)
def test_every_print_sheet_of_a_damaged_event_is_clean(
    run: Run, damaged: Path, tmp_path: Path, sheet: str
) -> None:
    out = tmp_path / f"{sheet}.html"
    done = run("print", damaged, sheet, "--output", out)
    assert "Traceback" not in done.output
    assert_shown_not_obeyed(done.stdout + done.stderr, f"print {sheet}")
    if out.exists():
        assert_shown_not_obeyed(out.read_text(encoding="utf-8"), f"{sheet} sheet")


def test_a_trf_whose_name_holds_an_escape_is_refused(run: Run, demo: Path, tmp_path: Path) -> None:
    trf = tmp_path / "event.trf"
    assert run("export", demo, "--format", "trf", "--output", trf).exit_code == 0
    text = trf.read_text(encoding="utf-8")
    hostile = "Ca\x1b]5\x07n, Magnus"  # as wide as the name it replaces: the columns hold
    trf.write_text(text.replace("Carlsen, Magnus", hostile, 1), encoding="utf-8")
    done = run("new", tmp_path / "new.db", "--from-trf", trf)
    assert done.exit_code == 2
    assert "line 20: the name of player 2 'Ca\\x1b]5\\x07n, Magnus" in done.stderr, done.stderr
    assert_shown_not_obeyed(done.stderr)
    assert not (tmp_path / "new.db").exists()


def test_a_pgn_record_with_escapes_is_not_kept(run: Run, demo: Path, tmp_path: Path) -> None:
    """Its players match, but a tag (the Event) and a comment hold escape sequences: the
    record is refused with its line, nothing written."""
    record = tmp_path / "game.pgn"
    record.write_text(
        f'[Event "{BLINK}"]\n[Round "7"]\n[White "Anand, Viswanathan"]\n'
        '[Black "Radjabov, Teimour"]\n[Result "*"]\n\n'
        f"1. e4 {{{OSC52}}} e5 *\n",
        encoding="utf-8",
    )
    done = run("import-pgn", demo, record)
    assert "holds control characters" in done.output, done.output
    assert_shown_not_obeyed(done.stdout + done.stderr)
    with sqlite3.connect(f"file:{demo}?mode=ro", uri=True) as conn:
        assert not conn.execute(
            "SELECT count(*) FROM games WHERE pgn LIKE ?", (f"%{chr(27)}%",)
        ).fetchone()[0]
    conn.close()


def test_every_command_writes_through_the_one_echo() -> None:
    """The class of the defect, checked in the source: a command's text reaches stdout or
    stderr only through ``normtui.commands.common.echo`` (or ``fail``), which shows control
    characters as escapes. The exception is a TRF in Latin-1, written as bytes, whose texts
    the TRF writer has made printable."""
    import ast

    commands = Path(__file__).resolve().parents[2] / "normtui" / "commands"
    found = []
    for path in sorted(commands.glob("*.py")):
        if path.name == "common.py":  # echo and fail themselves
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            call = ast.unparse(node.func)
            if call in ("click.echo", "print", "click.secho") or (
                call.endswith(".write") and call != "sys.stdout.buffer.write"
            ):
                # The launcher refuses without click: its one print shows its text through
                # normtui.text.visible, as echo does.
                if (
                    path.name == "console.py"
                    and call == "print"
                    and "visible(" in ast.unparse(node)
                ):
                    continue
                found.append(f"{path.name}:{node.lineno} {call}")
    # `watch` writes a report whole (a Ctrl+C waits for its end): a text its echo calls made
    # into a buffer first, so already shown as escapes.
    whole = [
        f
        for f in found
        if f.startswith("feed.py:") and f.endswith((" sys.stdout.write", " os.write"))
    ]
    assert len(whole) <= 2
    assert [f for f in found if f not in whole] == []
