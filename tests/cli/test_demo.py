"""`normtui demo [FOLDER]`: a fresh copy of the shipped demo event in a folder, the console
opened on it; an existing copy kept unless replacing it is asked, and never while it is open."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from normtui.assets import DEMO_DB, PLAYERS_EXAMPLE
from normtui.store import EventStore
from tests.cli.conftest import Run


@pytest.fixture
def consoles(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Path, str | None]]:
    """The consoles `normtui demo` opened (path, actor), instead of opening them."""
    opened: list[tuple[Path, str | None]] = []
    monkeypatch.setattr(
        "normtui.commands.demo.run_console",
        lambda path, actor=None: opened.append((path, actor)),
    )
    return opened


def test_demo_copies_the_event_and_opens_the_console_on_it(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, consoles: list
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("demo", "--as", "Chief Arbiter")
    assert result.exit_code == 0, result.output
    copy = tmp_path / "demo.db"
    assert copy.read_bytes() == DEMO_DB.read_bytes()
    assert consoles == [(Path("demo.db"), "Chief Arbiter")]
    assert result.output == (
        f"the demo event is {copy}: `normtui demo.db` opens it again\n"
        "a players file to start from: players-example.csv "
        "(`normtui new EVENT.db --players players-example.csv`)\n"
    )
    with EventStore.open(copy) as store:
        assert store.event.name == "Norway Chess 2022"


def test_a_folder_named_is_made_and_copy_only_opens_nothing(
    run: Run, tmp_path: Path, consoles: list
) -> None:
    folder = tmp_path / "club" / "demo"
    result = run("demo", folder, "--copy-only")
    assert result.exit_code == 0, result.output
    assert (folder / "demo.db").read_bytes() == DEMO_DB.read_bytes()
    assert consoles == []


def test_an_existing_demo_is_kept_unless_replacing_it_is_asked(
    run: Run, tmp_path: Path, consoles: list
) -> None:
    assert run("demo", tmp_path, "--copy-only").exit_code == 0
    copy = tmp_path / "demo.db"
    with EventStore.open(copy, actor="arbiter") as store:
        store.games.enter_result(7, "Anand", "Radjabov", "1-0")
    changed = copy.read_bytes()
    refused = run("demo", tmp_path)
    assert refused.exit_code == 2 and consoles == []
    assert refused.output == (
        f"normtui: {copy} exists (with whatever was changed in it); "
        f"`normtui demo {tmp_path} --force` replaces it with a fresh copy, "
        f"`normtui {copy}` opens it\n"
    )
    assert copy.read_bytes() == changed
    replaced = run("demo", tmp_path, "--force", "--json")
    assert replaced.exit_code == 0, replaced.output
    assert json.loads(replaced.output) == {
        "path": str(copy.resolve()),
        "replaced": True,
        "players_example": None,  # written by the first copy, kept
    }
    assert copy.read_bytes() == DEMO_DB.read_bytes() and consoles == []


def test_a_demo_open_elsewhere_or_not_a_file_is_not_replaced(run: Run, tmp_path: Path) -> None:
    assert run("demo", tmp_path, "--copy-only").exit_code == 0
    copy = tmp_path / "demo.db"
    with EventStore.open(copy):
        refused = run("demo", tmp_path, "--force", "--copy-only")
    assert refused.exit_code == 2
    assert "is open elsewhere (a console, a command): close it there" in refused.output
    assert copy.read_bytes() == DEMO_DB.read_bytes()
    other = tmp_path / "other"
    (other / "demo.db").mkdir(parents=True)
    refused = run("demo", other, "--force", "--copy-only")
    assert refused.exit_code == 2
    assert "is not an ordinary file; the demo replaces no other" in refused.output
    assert (other / "demo.db").is_dir()


def test_the_demo_leaves_a_players_file_to_start_from(run: Run, tmp_path: Path) -> None:
    """`normtui new --help`'s example, for a user without a clone: written beside demo.db,
    never over a file of that name (the arbiter's own, perhaps edited), and `new` takes it."""
    folder = tmp_path / "venue"
    done = run("demo", folder, "--copy-only")
    assert done.exit_code == 0, done.output
    example = folder / "players-example.csv"
    assert example.read_bytes() == PLAYERS_EXAMPLE.read_bytes()
    assert f"a players file to start from: {example}" in done.output
    made = run("new", tmp_path / "mine.db", "--players", example)
    assert made.exit_code == 0, made.output
    example.write_text('name,rating,federation,fide_id\n"Mine, Only",,,\n', encoding="utf-8")
    again = run("demo", folder, "--force", "--copy-only")
    assert again.exit_code == 0, again.output
    assert example.read_text(encoding="utf-8").endswith('"Mine, Only",,,\n')
    assert "players file to start from" not in again.output
