"""Every command of the command line, fed what an arbiter mistypes and what a hostile
name holds, in any order: no traceback, exit code 0, 1 or 2 only, a refusal (2) is one or more
lines ``normtui: ...`` on stderr and leaves the event file byte for byte as it was.

The commands are found by walking the click group (``load_all``): a command added later is
fuzzed with no change here. Its arguments are drawn from its own parameters (a path where it
takes one, a choice where it offers them) mixed with hostile values. Bounded for CI (a few
dozen examples per command, ~20 s on two cores) and reproducible (``derandomize``).
``open`` and ``demo`` (the console, a full-screen program) are left out.
"""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from normtui.cli import cli, load_all
from normtui.commands.common import Whole
from tests.cli.conftest import small_event, write_players
from tests.control_chars import (
    BIDI,
    BLINK,
    EVENT_NAME,
    FAKE_LINE,
    OSC52,
    RAW,
    assert_shown_not_obeyed,
    damage,
)

# Full-screen: the console (demo opens it on its copy unless told to copy only).
NOT_FUZZED = {"open", "demo"}
# Options that make a command follow the event until it is interrupted.
ENDLESS = {"--watch"}
INPUTS = (
    "event.db",
    "damaged.db",
    "players.csv",
    "game.pgn",
    "binary.bin",
    "deep.toml",
    "evil.pgn",
    "evil.csv",
    "ev\x1b[5mil\x07.pgn",
)
EVIL_NAME = INPUTS[-1]

HOSTILE = [
    "",
    " ",
    "0",
    "1",
    "3",
    "7",
    "9",
    "10",
    "-1",
    "²",
    "١٢",
    "１",
    "9" * 30,
    str(2**63),
    str(2**63 - 1),
    "1e20",
    "1-0",
    "0-1",
    "1/2-1/2",
    "½-½",
    "=",
    "+/-",
    "-/+",
    "-/-",
    "*",
    "So",
    "so, wesley",
    "Carlsen",
    "a",
    "Wang",
    "2",
    "\x1b[31mred\x1b[0m",
    "a[/]b",
    "[link=http://x]L",
    "=cmd|' /C calc'!A0",
    "@SUM(1)",
    "abc\u202edcba",
    "x\r\n001 fake",
    "Troms\udcf8",
    "M1",
    "M2",
    "A",
    "R3.2",
    "white",
    "black",
    "arbiter",
    "none",
    "GM",
    "m",
    "2022-06-01",
    "16:00",
    "31/05/2022",
    "25:61",
    "classical",
    "armageddon",
    "rapid",
    "electronic_device",
    "other",
    "--",
    "--json",
    "--nope",
    "-x",
    "x" * 3000,
    "NOR",
    # What a terminal obeys: OSC 52 (the clipboard), OSC 2 (the title), a C1 CSI, a bell, a
    # line break that would start a fake line, a bidi override.
    OSC52,
    EVENT_NAME,
    BLINK,
    FAKE_LINE,
    BIDI,
    "\x07",
    "\x9b2J",
    "ev\x1b[5mil.pgn",
]


def _commands() -> Iterator[tuple[str, click.Command]]:
    load_all(cli)

    def walk(group: click.Group, path: list[str]) -> Iterator[tuple[str, click.Command]]:
        for name in sorted(group.list_commands(click.Context(group))):
            command = group.get_command(click.Context(group), name)
            assert command is not None
            if isinstance(command, click.Group):
                yield from walk(command, [*path, name])
            elif name not in NOT_FUZZED:
                yield " ".join([*path, name]), command

    yield from walk(cli, [])


COMMANDS = dict(_commands())


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A small event part-way: round 1 complete (a drawn game with its Armageddon, a forfeit),
    round 2 with a drawn game whose Armageddon is due; a PGN file, a binary file."""
    folder = tmp_path_factory.mktemp("fuzz")
    db = small_event(folder)
    (folder / "game.pgn").write_text(
        '[Event "x"]\n[Round "1"]\n[White "So, Wesley"]\n'
        '[Black "Radjabov, Teimour"]\n[Result "1-0"]\n\n'
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
    )
    (folder / "binary.bin").write_bytes(bytes(range(256)) * 4)
    (folder / "deep.toml").write_text("a = " + "[" * 500 + "]" * 500 + "\n")
    # What comes from outside with control characters in it: a PGN's tags and comments, a
    # players file's names, a file's own name.
    (folder / "evil.pgn").write_text(
        f'[Event "{BLINK}"]\n[Round "1"]\n[White "{OSC52}"]\n'
        f'[Black "{FAKE_LINE}"]\n[Result "1-0"]\n\n'
        f"1. e4 {{{BIDI}}} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
        encoding="utf-8",
    )
    shutil.copyfile(folder / "game.pgn", folder / EVIL_NAME)
    # An event whose names, details, incidents and log were given them with SQLite.
    shutil.copyfile(db, folder / "damaged.db")
    damage(folder / "damaged.db")
    write_players(folder / "evil.csv", [f'"{n}",2700,,' for n in (OSC52, BIDI, *"ABCDEFGH")])
    (folder / "folder").mkdir()
    return folder, db


# What a parameter of that name usually takes, so that a fair share of the examples gets past
# the parsing into the store and the rules; anything else is drawn from HOSTILE.
SENSIBLE = {
    "round_no": ["1", "2", "3", "9"],
    "white": [str(n) for n in range(1, 11)] + ["So", "Carlsen", "Radjabov", "Tari"],
    "result": ["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"],
    "armageddon": ["1-0", "0-1", "1/2-1/2"],
    "name": ["classical", "armageddon", "playoff_blitz"],
    "description": ["phone rang", "\x1b[2Jwipe", "x\r\ny"],
    "date": ["2022-06-01"],
    "start_time": ["16:00"],
}
SENSIBLE["black"] = SENSIBLE["player"] = SENSIBLE["white"]
SENSIBLE["decision"] = SENSIBLE["city"] = SENSIBLE["arbiter"] = SENSIBLE["description"]


def _paths(work: Path) -> list[str]:
    # A FIFO would make a reader wait for a writer forever: every input refuses it at once.
    return [
        str(work / name)
        for name in (
            "event.db",
            "event.db",
            "event.db",
            "event.db-wal",
            "missing.db",
            "new.db",
            "players.csv",
            "game.pgn",
            "binary.bin",
            "folder",
            "out.csv",
            "fifo",
            "deep.toml",
            "evil.pgn",
            "evil.csv",
            EVIL_NAME,
            "damaged.db",
        )
    ] + ["-"]


def _value(rnd: random.Random, param: click.Parameter, paths: list[str]) -> str:
    """Mostly what the parameter takes (a path, one of its choices, a number in its range, a
    usual value for its name), else something hostile."""
    kind = param.type
    if rnd.random() < 0.25:
        # No "/": a drawn name must stay a name inside the example's folder.
        return (
            rnd.choice(HOSTILE)
            if rnd.random() < 0.8
            else "".join(chr(rnd.randrange(1, 0x3000)) for _ in range(rnd.randrange(8))).replace(
                "/", "|"
            )
        )
    if isinstance(kind, click.Path):
        if param.name == "db" and rnd.random() < 0.8:
            return paths[0] if rnd.random() < 0.7 else paths[-2]  # the event, or a damaged one
        return rnd.choice(paths)
    if isinstance(kind, click.Choice):
        return str(rnd.choice(list(kind.choices)))
    if isinstance(kind, Whole):
        return str(
            rnd.choice(
                [
                    kind.low - 1,
                    kind.high,
                    kind.high + 1,
                    rnd.randint(kind.low, min(kind.high, kind.low + 12)),
                ]
            )
        )
    return rnd.choice(SENSIBLE.get(param.name or "", HOSTILE))


def _arguments(rnd: random.Random, command: click.Command, paths: list[str]) -> list[str]:
    """Positional arguments in their order (all of them, mostly), options among them in any
    order; now and then every argument shuffled, or a stray value added."""
    units: list[list[str]] = []  # an argument, or an option with its values
    options: list[list[str]] = []
    for param in command.params:
        if isinstance(param, click.Argument):
            wanted = param.required or rnd.random() < 0.5
            if wanted and rnd.random() < 0.95:
                count = 1 if param.nargs == 1 else rnd.randrange(1, 3)
                units += [[_value(rnd, param, paths)] for _ in range(count)]
        elif isinstance(param, click.Option):
            if rnd.random() > (0.9 if param.required else 0.35) or ENDLESS & set(param.opts):
                continue
            if param.is_flag:
                options.append([rnd.choice(param.opts + param.secondary_opts)])
            else:
                name = rnd.choice(param.opts)
                options.append([name, *(_value(rnd, param, paths) for _ in range(param.nargs))])
    for option in options:
        units.insert(rnd.randrange(len(units) + 1), option)
    args = [token for unit in units for token in unit]
    if rnd.random() < 0.1:
        rnd.shuffle(args)
    if rnd.random() < 0.1:
        args.insert(rnd.randrange(len(args) + 1), rnd.choice(HOSTILE))
    return args


def _check(work: Path, db: Path, before: bytes, args: list[str]) -> None:
    # In the example's own folder: a drawn name (`new rapid`, `export -o m`) is made there.
    cwd = os.getcwd()
    os.chdir(work)
    try:
        # color: click would strip a CSI sequence from what is not a terminal; a terminal
        # gets it as it is.
        result = CliRunner().invoke(cli, args, color=True)
    finally:
        os.chdir(cwd)
    shown = f"normtui {' '.join(map(repr, args))}\n{result.output}"
    assert_shown_not_obeyed(result.output, f"output of {shown!r}")
    for written in work.rglob("*"):
        raw = written.read_bytes() if written.is_file() else b""
        # Texts written: not the inputs, nor an event file or a backup (SQLite's own bytes).
        if (
            written.name not in INPUTS
            and not raw.startswith(b"SQLite format 3\0")
            and not written.name.endswith(("-wal", "-shm", "-journal"))
        ):
            text = raw.decode("utf-8", "replace")
            assert not any(raw in text for raw in RAW), f"{written.name} of {shown}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(
            f"{shown}\n{type(result.exception).__name__}: {result.exception}"
        ) from result.exception
    assert "Traceback" not in result.output, shown
    assert result.exit_code in (0, 1, 2), shown
    if result.exit_code == 2:
        errors = result.stderr.splitlines()
        assert errors and all(e.startswith("normtui: ") for e in errors), shown
        assert db.read_bytes() == before, f"exit 2 changed the event file: {shown}"
        wal = Path(f"{db}-wal")
        assert not wal.exists() or wal.stat().st_size == 0, shown


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_fuzz_command(name: str, template: tuple[Path, Path]) -> None:
    folder, db_template = template
    command = COMMANDS[name]
    before = db_template.read_bytes()

    @settings(
        max_examples=30,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        work = Path(tempfile.mkdtemp(dir=folder))
        try:
            for item in INPUTS:
                shutil.copyfile(folder / item, work / item)
            (work / "folder").mkdir()
            os.mkfifo(work / "fifo")
            # A seed, not hypothesis's own draws: those favour the first, smallest choice.
            rnd = random.Random(data.draw(st.integers(0, 2**32)))
            args = _arguments(rnd, command, _paths(work))
            _check(work, work / "event.db", before, [*name.split(), *args])
        finally:
            shutil.rmtree(work, ignore_errors=True)

    fuzz()


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_with_stdout_closed(
    name: str, template: tuple[Path, Path], tmp_path: Path
) -> None:
    """`normtui ... >&-`, once per command with drawn arguments (a process each, so fewer):
    no traceback; 2 leaves the event as it was; 3 (the change made, its report lost) only
    after a change."""
    import subprocess
    import sys

    folder, _ = template
    for item in ("event.db", "players.csv", "game.pgn", "binary.bin", "deep.toml"):
        shutil.copyfile(folder / item, tmp_path / item)
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "fifo")
    db = tmp_path / "event.db"
    before = db.read_bytes()
    rnd = random.Random(f"closed stdout {name}")
    args = [*name.split(), *_arguments(rnd, COMMANDS[name], _paths(tmp_path))]
    done = subprocess.run(
        [sys.executable, "-m", "normtui", *args],
        cwd=tmp_path,
        preexec_fn=lambda: os.close(1),
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    shown = f"normtui {' '.join(map(repr, args))} >&-\n{done.stderr}"
    assert "Traceback" not in done.stderr and done.returncode in (0, 1, 2, 3), shown
    if done.returncode == 2:
        assert db.read_bytes() == before, shown
    if done.returncode == 3 and db.read_bytes() == before:  # a new event (`new`, `restore`)
        made = {p.name for p in tmp_path.iterdir()} - {
            "event.db",
            "players.csv",
            "game.pgn",
            "binary.bin",
            "deep.toml",
            "folder",
            "fifo",
        }
        assert any(name.endswith(".db") for name in made), shown
