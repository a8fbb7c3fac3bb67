"""The command line: what an arbiter mistypes at the end of a long day (and what a
hostile name holds) is one clear line, changes nothing, and reaches no file unneutralised."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from normtui.cli import cli, load_all
from tests.cli.conftest import Run, snapshot
from tests.cli.test_bad_input import refused


def one_line(run: Run, *args: object, code: int = 2) -> str:
    result = run(*args)
    assert result.exit_code == code, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("normtui: "), result.stderr
    return lines[0]


# -- the forfeits as docs/command-line.md writes them ----------------------------------------


@pytest.mark.parametrize("forfeit", ["+/-", "-/+", "-/-"])
def test_forfeits_need_no_double_dash(run: Run, event_db: Path, forfeit: str) -> None:
    done = run("result", event_db, 1, "So", "Radjabov", forfeit)
    assert done.exit_code == 0, done.output
    assert f"result {forfeit}" in done.stdout
    # Options after it, and the correction of it, read as written too.
    again = run("result", event_db, 1, "So", "Radjabov", "1-0", "--correct", "--json")
    assert again.exit_code == 0 and json.loads(again.stdout)["changed"]
    back = run("result", event_db, "--correct", 1, "So", "Radjabov", forfeit)
    assert back.exit_code == 0, back.output


def test_a_forfeit_where_none_is_allowed_is_the_rules_refusal(run: Run, event_db: Path) -> None:
    assert (
        run("result", event_db, 1, "So", "Radjabov", "1/2-1/2", "--armageddon", "-/+").exit_code
        == 0
    )  # an Armageddon forfeit is a result
    for args in (
        ("playoff", event_db, "--result", "M1", "-/-"),
        ("blitz", "result", event_db, 1, "So", "Radjabov", "-/+"),
    ):
        assert "No such option" not in one_line(run, *args)


def test_a_forfeit_is_still_an_unexpected_argument_where_there_is_no_room(
    run: Run, event_db: Path
) -> None:
    line = one_line(run, "result", event_db, 1, "So", "Radjabov", "1-0", "-/+")
    assert "unexpected extra argument (-/+)" in line and "\ue000" not in line


# -- contradictory flags --------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("arrive", "{db}", 1, "So", "--present", "--absent"),
        ("arrive", "{db}", 1, "So", "--absent", "--present"),
        ("illness", "{db}", 1, "So", "--free-day", "--no-solution"),
        ("illness", "{db}", 1, "So", "--morning", "--free-day"),
    ],
)
def test_contradictory_flags_are_refused(
    run: Run, event_db: Path, args: tuple[object, ...]
) -> None:
    line = refused(run, event_db, *(event_db if a == "{db}" else a for a in args), says="not both")
    assert "give one of --" in line


def test_arrival_needs_present_or_absent(run: Run, event_db: Path) -> None:
    refused(run, event_db, "arrive", event_db, 1, "So", says="give --present, --absent or --late")
    assert run("arrive", event_db, 1, "So", "--present", "--present").exit_code == 0


def _shared_flags() -> list[tuple[str, list[str]]]:
    """Every command's flags that set one destination to different values."""
    load_all(cli)
    found: list[tuple[str, list[str]]] = []

    def walk(group: click.Group, path: list[str]) -> None:
        for name, cmd in group.commands.items():
            if isinstance(cmd, click.Group):
                walk(cmd, [*path, name])
                continue
            by_dest: dict[str, list[str]] = {}
            for p in cmd.params:
                if isinstance(p, click.Option) and p.is_flag and p.name:
                    by_dest.setdefault(p.name, []).extend(p.opts[:1] + p.secondary_opts[:1])
            found.extend(
                (" ".join([*path, name]), opts) for opts in by_dest.values() if len(opts) > 1
            )

    walk(cli, [])
    return found


@pytest.mark.parametrize(("command", "flags"), _shared_flags())
def test_every_pair_of_contradictory_flags_is_refused(
    run: Run, event_db: Path, command: str, flags: list[str]
) -> None:
    """The class: any command (added later too) whose flags share a destination."""
    result = run(*command.split(), event_db, *flags[:2])
    assert result.exit_code == 2
    assert "not both" in result.stderr


# -- usage errors: one line, --help as click writes it --------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("result", "{db}", 1),
        ("result", "{db}", 1, "So", "Radjabov", "1-0", "--nope"),
        ("sign", "{db}", 1, "So", "Radjabov", "umpire"),
        ("no-such-command", "x", "y", "z"),
        ("pairings", "{db}", "--round"),
        ("export", "{db}"),
        ("blitz",),
    ],
)
def test_a_usage_error_is_one_line(run: Run, event_db: Path, args: tuple[object, ...]) -> None:
    line = one_line(run, *(event_db if a == "{db}" else a for a in args))
    assert "(usage: " in line or "No such command" in line or "Usage" not in line


def test_help_is_untouched(run: Run) -> None:
    for args in (("--help",), ("result", "--help"), ("blitz", "--help")):
        shown = run(*args)
        assert shown.exit_code == 0 and shown.stdout.startswith("Usage: ")
        assert len(shown.stdout.splitlines()) > 4


# -- numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("result", "{db}", "²", "So", "Radjabov", "1-0"), "round '²' is not a round number"),
        (("result", "{db}", "1", "²", "Radjabov", "1-0"), "no player matches '²'"),
        (("result", "{db}", "١", "So", "Radjabov", "1-0"), "not a round number"),
        (("pairings", "{db}", "--round", "²"), "'²' is not a whole number"),
        (("sign", "{db}", "9" * 30, "So", "Radjabov", "white"), "out of range"),
        (("log", "{db}", "--limit", 10**23), "out of range: a whole number from 1 to 1000000"),
        (("start", "{db}", 1, "--board", 10**23), "from 1 to 999"),
        (("blitz", "start", "{db}", 2**63), "from 0 to 9223372036854775807"),
        (("playoff", "{db}", "--start", "--seed", 2**63), "from 0 to 9223372036854775807"),
        (("blitz", "choose", "{db}", 1, "10" * 20), "from 1 to 999"),
        (("time-control", "{db}", "classical", 10**20, 7200, 10, 41), "from 1 to 21600 seconds"),
        (("time-control", "{db}", "classical", 7200, 7200, 10, 9 * 10**18), "from 1 to 200"),
        (("time-control", "{db}", "classical", 7200, 7200, 61, 41), "from 0 to 60 seconds"),
        (("time-control", "{db}", "classical", 1, 1, 0, 1), "at least 60'"),
        (("time-control", "{db}", "classical", 3000, 7200, 0, 1), "White has 50'"),
    ],
)
def test_numbers_are_ascii_and_range_checked(
    run: Run, event_db: Path, args: tuple[object, ...], says: str
) -> None:
    refused(run, event_db, *(event_db if a == "{db}" else a for a in args), says=says)


def test_huge_seed_for_a_new_event(run: Run, tmp_path: Path, players_csv: Path) -> None:
    line = one_line(run, "new", tmp_path / "x.db", "--players", players_csv, "--lots", 10**23)
    assert "from 0 to 9223372036854775807" in line
    assert not (tmp_path / "x.db").exists()
    assert (
        run("new", tmp_path / "y.db", "--players", players_csv, "--lots", 2**63 - 1).exit_code == 0
    )


def test_a_rapid_or_a_blitz_clock_is_still_a_clock(run: Run, event_db: Path) -> None:
    assert run("time-control", event_db, "armageddon", 600, 420, 1, 41).exit_code == 0
    assert run("time-control", event_db, "classical", 5400, 5400, 30, 1).exit_code == 0
    assert run("time-control", event_db, "playoff_blitz", 60, 60, 0, 1).exit_code == 0


# -- text typed into the event -------------------------------------------------------------


def test_latin1_bytes_in_argv_are_read_as_windows_1252(run: Run, event_db: Path) -> None:
    done = run("details", event_db, "--city", os.fsdecode(b"Troms\xf8"), "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["details"]["city"] == "Tromsø"


def test_bytes_that_are_no_text_are_one_line(run: Run, event_db: Path) -> None:
    refused(
        run,
        event_db,
        "details",
        event_db,
        "--city",
        os.fsdecode(b"x\x81"),
        says="neither UTF-8 nor Windows-1252",
    )


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("Oslo\r\n001 1 m GM Fake", "'Oslo\\r\\n001 1 m GM Fake'"),
        ("\x1b[31mStavanger\x1b[0m", "'\\x1b[31mStavanger\\x1b[0m'"),
        ("Sta\u202evanger", "'Sta\\u202evanger'"),
    ],
)
def test_details_with_control_characters_are_refused(
    run: Run, event_db: Path, typed: str, shown: str
) -> None:
    """A city or an arbiter holding a terminal's escape sequence, a line break or a bidi
    override is refused, the characters shown as escapes, nothing written."""
    for option in ("--city", "--arbiter", "--deputy"):
        line = refused(
            run, event_db, "details", event_db, option, typed, says="holds control characters"
        )
        assert shown in line
    refused(
        run,
        event_db,
        "player",
        event_db,
        "So",
        "--federation",
        typed,
        says="holds control characters",
    )


def test_incident_texts_are_cleaned(run: Run, event_db: Path) -> None:
    done = run(
        "incident",
        event_db,
        1,
        "So",
        "other",
        "phone\x1b]0;pwned\x07 rang",
        "--decision",
        "warning\r\n#999 fake entry",
        "--json",
    )
    assert done.exit_code == 0, done.output
    (incident,) = json.loads(run("incidents", event_db, "--json").stdout)
    assert incident["description"] == "phone ]0;pwned rang"
    assert incident["decision"] == "warning #999 fake entry"
    assert "\n" not in run("log", event_db, "--limit", 1).stdout.strip()


@pytest.mark.parametrize(
    "name",
    [
        "\x1b[2JWipe",
        "Rtl\u202eesrever",
        "Cr\r\nLf",
        "Tab\tbed",
        "Evil\x1b]52;c;aGVsbG8=\x07Name",
        "C1\x9b2J",
    ],
)
def test_player_names_with_control_characters_are_refused(
    run: Run, tmp_path: Path, name: str
) -> None:
    """A players file whose name holds what a terminal obeys is refused, naming its line and
    showing the characters as escapes; no event file is made."""
    csv_file = tmp_path / "p.csv"
    csv_file.write_text(
        "name,rating,federation,fide_id\n"
        + "".join(f'"{n}",,,\n' for n in ["A", name, *"DEFGHIJ"]),
        encoding="utf-8",
    )
    db = tmp_path / "e.db"
    line = one_line(run, "new", db, "--players", csv_file)
    assert "line 3: the name" in line and "holds control characters" in line, line
    for raw in ("\x1b", "\x07", "\x9b", "\u202e", "\t", "\r"):
        assert raw not in line
    assert not db.exists()


def test_a_hostile_actor_is_refused_visibly(event_db: Path) -> None:
    """The actor's name (one that is not one printable line is refused): the refusal
    quotes it with its escapes shown, and nothing is written."""
    before = snapshot(event_db)
    done = CliRunner().invoke(
        cli,
        ["details", str(event_db), "--city", "Oslo"],
        env={"NORMTUI_ACTOR": "evil\x1b[2J\nname"},
    )
    assert done.exit_code == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "\x1b" not in done.stderr and "\\x1b[2J" in done.stderr
    assert snapshot(event_db) == before


def test_messages_quote_hostile_input_visibly(run: Run, event_db: Path) -> None:
    line = one_line(run, "result", event_db, 1, "\x1b[2J", "Radjabov", "1-0")
    assert "\x1b" not in line and "\\x1b[2J" in line
    line = one_line(run, "sign", event_db, 1, "So", "Radjabov", "\x1b[5m")
    assert "\x1b" not in line


# -- a new event refused leaves no file -----------------------------------------------------


def _deep_toml(folder: Path) -> Path:
    path = folder / "deep.toml"
    path.write_text("a = " + "[" * 500 + "]" * 500 + "\n")
    return path


def _deep_table(folder: Path) -> Path:
    path = folder / "deep-table.toml"
    path.write_text("x = " + "{a = " * 500 + "1" + "}" * 500 + "\n")
    return path


def _bad_trf(folder: Path) -> Path:
    path = folder / "bad.trf"
    path.write_text("001 nonsense\n")
    return path


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (("--profile", _deep_toml), "nested too deeply to read"),
        (("--profile", _deep_table), "nested too deeply to read"),
        (("--prizes", "3,2,1", "--fund", "7"), "add up to"),
        (("--prizes", "1,2,3"), "best first"),
        (("--cycles", "3"), "out of range"),
        (("--name", "a\nb"), "one line"),
        (("--profile", "no-such-edition"), "no profile"),
        (("--lots", "1", "--from-trf", _bad_trf), "not go with"),
        (("--from-trf", _bad_trf), "bad.trf"),
    ],
)
def test_a_refused_new_leaves_no_file(
    run: Run, tmp_path: Path, players_csv: Path, extra: tuple[object, ...], says: str
) -> None:
    """Whatever refuses a new event, nothing is left at its name or beside it, so that the
    same command, corrected, is not told the event "already exists"."""
    args = [a(tmp_path) if callable(a) else a for a in extra]
    if "--from-trf" not in args:
        args += ["--players", players_csv]
    before = sorted(p.name for p in tmp_path.iterdir())
    line = one_line(run, "new", tmp_path / "event.db", *args)
    assert says in line and "Traceback" not in line
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert run("new", tmp_path / "event.db", "--players", players_csv).exit_code == 0


@pytest.mark.parametrize("name", ["Norway [Chess 2022", "Norway ]Chess[ 2022", "A # [x] ' \\\"["])
def test_brackets_in_a_profiles_strings_are_text(
    run: Run, tmp_path: Path, players_csv: Path, name: str
) -> None:
    """The profile editor looks for where a value ends: a bracket inside a string is text,
    not the start of an array that runs on over the next keys."""
    from normtui.assets import DEFAULT_PROFILE, profile_path, read_profile_text

    text = read_profile_text(profile_path(DEFAULT_PROFILE))
    profile = tmp_path / "profile.toml"
    quoted = '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    amounts = "amounts = [750000, 400000, 250000, 200000, 180000, 170000, 160000, 140000, "
    assert amounts in text
    profile.write_text(
        text.replace('name = "Norway Chess 2022"', f"name = {quoted}", 1).replace(
            amounts,
            "amounts = [750000, 400000,  # [first two\n  "
            "250000, 200000, 180000, 170000, 160000, 140000,  # ]]\n  ",
            1,
        )
    )
    db = tmp_path / "event.db"
    done = run(
        "new", db, "--players", players_csv, "--profile", profile, "--prizes", "3,2,1", "--json"
    )
    assert done.exit_code == 0, done.output
    made = json.loads(done.stdout)["event"]
    assert (made["name"], made["prizes"]) == (name, [3, 2, 1])
    with sqlite3.connect(db) as conn:
        (stored,) = conn.execute("SELECT profile_text FROM event").fetchone()
    conn.close()
    assert "[first two" not in stored and "amounts = [3, 2, 1]  # set for this event" in stored


# -- stdout that cannot be written ----------------------------------------------------------


def _closed_pipe_run(*args: object) -> subprocess.CompletedProcess[str]:
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", "normtui", *map(str, args)],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write)


@pytest.mark.parametrize("json_flag", [(), ("--json",)])
def test_a_change_whose_report_is_lost_exits_3(event_db: Path, json_flag: tuple[str, ...]) -> None:
    """Exit 2 promises an unchanged file: a committed change whose report cannot be written
    (the pipe's reader is gone) is exit 3, and says so in one line."""
    done = _closed_pipe_run("result", event_db, 1, "So", "Radjabov", "1-0", *json_flag)
    assert done.returncode == 3, done.stderr
    assert done.stderr.count("\n") == 1 and "the change was made" in done.stderr
    log = CliRunner().invoke(cli, ["log", str(event_db), "--limit", "1"]).stdout
    assert "result 1-0" in log


def test_a_read_whose_reader_went_away_exits_1_quietly(event_db: Path) -> None:
    before = snapshot(event_db)
    done = _closed_pipe_run("pairings", event_db)
    assert (done.returncode, done.stderr) == (1, "")
    assert snapshot(event_db) == before


def test_a_refusal_is_still_2_when_stdout_is_gone(event_db: Path) -> None:
    done = _closed_pipe_run("result", event_db, 1, "So", "Carlsen", "1-0")
    assert done.returncode == 2 and "not paired" in done.stderr


def _closed_stdout_run(*args: object, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``normtui ARGS >&-``: the command starts with no descriptor 1 at all."""
    return subprocess.run(
        [sys.executable, "-m", "normtui", *map(str, args)],
        preexec_fn=lambda: os.close(1),
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        cwd=cwd,
    )


@pytest.mark.parametrize(
    "args",
    [
        ("result", "{db}", 1, "So", "Radjabov", "1-0"),
        ("result", "{db}", 1, "So", "Radjabov", "1-0", "--json"),
        ("arrive", "{db}", 1, "So", "--present"),
        ("details", "{db}", "--city", "Stavanger"),
        ("new", "{folder}/other.db", "--players", "{folder}/players.csv"),
    ],
)
def test_a_change_with_stdout_closed_exits_3(event_db: Path, args: tuple[object, ...]) -> None:
    """Started with stdout closed: the change is made and said to be unreported (exit 3),
    in one line, with no traceback."""
    folder = event_db.parent
    filled = [str(a).format(db=event_db, folder=folder) for a in args]
    done = _closed_stdout_run(*filled)
    assert done.returncode == 3, done.stderr
    assert done.stderr == (
        "normtui: the change was made (`normtui log` shows it), but its "
        "report could not be written to stdout: it is closed\n"
    )


@pytest.mark.parametrize(
    "args",
    [
        ("pairings", "{db}"),
        ("standings", "{db}", "--csv"),
        ("log", "{db}"),
        ("--version",),
        ("check", "{db}"),
        ("export", "{db}", "--format", "trf", "-o", "-"),
        ("pairings", "--help"),
    ],
)
def test_a_read_with_stdout_closed_is_one_line(event_db: Path, args: tuple[object, ...]) -> None:
    before = snapshot(event_db)
    done = _closed_stdout_run(*(str(a).format(db=event_db) for a in args))
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines()[-1] == "normtui: stdout cannot be written: it is closed"
    assert "Traceback" not in done.stderr and snapshot(event_db) == before


def test_a_refusal_or_a_file_output_with_stdout_closed(event_db: Path) -> None:
    """What never writes to stdout is not disturbed; a file written is not descriptor 1."""
    done = _closed_stdout_run("result", event_db, 1, "So", "Carlsen", "1-0")
    assert done.returncode == 2 and "not paired" in done.stderr
    out = event_db.parent / "standings.csv"
    done = _closed_stdout_run("export", event_db, "--format", "csv", "-o", out)
    assert done.returncode == 0, done.stderr
    assert "Carlsen" in out.read_text()


def test_every_standard_descriptor_closed(event_db: Path, tmp_path: Path) -> None:
    """`<&- >&- 2>&-`: the codes stay right, and a file made is not handed descriptor 1 or 2
    (where a stray write would land in it)."""
    before = snapshot(event_db)

    def closed(*args: object) -> int:
        def close_all() -> None:
            for fd in (0, 1, 2):
                os.close(fd)

        return subprocess.run(
            [sys.executable, "-m", "normtui", *map(str, args)], preexec_fn=close_all, timeout=60
        ).returncode

    assert closed("result", event_db, 1, "So", "Carlsen", "1-0") == 2
    assert snapshot(event_db) == before
    out = tmp_path / "standings.csv"
    assert closed("export", event_db, "--format", "csv", "-o", out) == 0
    assert out.read_text().startswith("rank,place,number,player,")
    assert closed("result", event_db, 1, "So", "Radjabov", "1-0") == 3


# -- reads without an end -------------------------------------------------------------------


def test_a_pgn_line_without_an_end_is_refused(run: Run, event_db: Path, tmp_path: Path) -> None:
    """A device or a FIFO may never send a line end: the reader stops at 16 MB a line."""
    endless = tmp_path / "endless.pgn"
    endless.write_bytes(b'[Event "x"]\n' + b"1. e4 " * 3_000_000)
    for args in (("validate", endless), ("import-pgn", event_db, endless)):
        done = run(*args)
        assert done.exit_code == 2, done.output
        assert "line 2 is longer than 16 MB: not a PGN file" in done.stderr


def test_a_fifo_is_refused_unread(run: Run, event_db: Path, tmp_path: Path) -> None:
    """Opening a FIFO waits for a writer, forever if none comes: what is not a regular file
    is refused at once, like an export onto one."""
    fifo = tmp_path / "games.pgn"
    os.mkfifo(fifo)
    before = snapshot(event_db)
    for args, says in (
        (("validate", fifo), f"{fifo}: not a regular file but a FIFO"),
        (("import-pgn", event_db, fifo), f"{fifo}: not a regular file"),
        (
            ("new", tmp_path / "x.db", "--players", fifo),
            f"cannot read players file {fifo}: not a regular file but a FIFO",
        ),
        (("new", tmp_path / "x.db", "--from-trf", fifo), "not a regular file"),
        (("playoff", event_db, "--pgn", "M1", fifo), "not a regular file"),
        (("restore", fifo, event_db), "not a regular file, so no backup"),
        (("restore", event_db, fifo), "not a regular file, so no event"),
    ):
        assert says in one_line(run, *args)
    assert snapshot(event_db) == before and not (tmp_path / "x.db").exists()


def test_a_livechess_cloud_answer_nested_without_end(run: Run, demo: Path, tmp_path: Path) -> None:
    """400 KB of "[" as a game's JSON: one line for that game, the other boards are read;
    as the tournament's JSON, nothing can be read: one line, exit 2."""
    import shutil

    from tests.feed.conftest import DATA
    from tests.feed.test_http import serving

    shutil.copytree(DATA / "lcc", tmp_path / "lcc")
    (tmp_path / "lcc" / "round-7" / "game-5.json").write_text("[" * 400_000)
    with serving(tmp_path) as url:
        done = run("watch", demo, f"{url}/lcc/tournament.json", "--once")
        assert done.exit_code == 1 and "Traceback" not in done.output
        assert (
            f"source: {url}/lcc/round-7/game-5.json answers JSON nested too deeply" in done.stdout
        )
        (tmp_path / "lcc" / "tournament.json").write_text("[" * 400_000)
        line = one_line(run, "watch", demo, f"{url}/lcc/tournament.json", "--once")
    assert line.endswith(
        "tournament.json answers JSON nested too deeply to read: not LiveChess Cloud's"
    )


def test_an_import_is_bounded(
    run: Run, event_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import normtui.importing

    monkeypatch.setattr(normtui.importing, "MAX_IMPORT_BYTES", 4096)
    many = tmp_path / "many.pgn"
    many.write_text(
        '[Event "x"]\n[White "So, Wesley"]\n[Black "Radjabov, Teimour"]\n'
        '[Round "1"]\n[Result "1-0"]\n\n1. e4 1-0\n\n' * 100
    )
    before = snapshot(event_db)
    line = one_line(run, "import-pgn", event_db, many)
    assert "more than 64 MB of PGN" in line and snapshot(event_db) == before


def test_a_binary_or_endless_record_for_the_playoff(
    run: Run, event_db: Path, tmp_path: Path
) -> None:
    binary = tmp_path / "game.pgn"
    binary.write_bytes(bytes(range(256)) * 16)
    assert "holds binary data" in one_line(run, "playoff", event_db, "--pgn", "M1", binary)
    big = tmp_path / "big.pgn"
    with big.open("wb") as f:
        f.truncate(1 << 30)  # a GB of holes: refused at 1 MB, not read
    assert "larger than 1 MB" in one_line(run, "playoff", event_db, "--pgn", "M1", big)


def test_a_trf_to_start_from_is_read_within_a_bound(
    run: Run, event_db: Path, tmp_path: Path
) -> None:
    trf = tmp_path / "event.trf"
    trf.write_bytes(run("export", event_db, "--format", "trf").stdout_bytes)
    lines = trf.read_text().split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[at] = "001    ²" + lines[at][8:]
    trf.write_text("\n".join(lines))
    line = one_line(run, "new", tmp_path / "x.db", "--from-trf", trf)
    assert "pairing number '²' is not a number" in line
    huge = tmp_path / "huge.trf"
    with huge.open("wb") as f:
        f.truncate(1 << 30)
    line = one_line(run, "new", tmp_path / "y.db", "--from-trf", huge)
    assert "larger than 16 MB" in line
    assert not (tmp_path / "x.db").exists() and not (tmp_path / "y.db").exists()
