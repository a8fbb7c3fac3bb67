"""Several arbiters on one event: every change names who made it; undo takes
back the caller's own newest change, refuses another arbiter's unless told, and undoes exactly
the change it was shown (by id) or nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.cli import cli, load_all
from normtui.commands import COMMANDS
from normtui.rules.model import MainResult
from normtui.store import (
    EventStore,
    InputError,
    NotFoundError,
    NotNewestError,
    NotYoursError,
)
from tests.store.conftest import dump
from tests.store.test_games import refused

# The commands that only read the event (or write no event at all): every other one changes
# it and takes --as. A new command must be put on one side or the other.
READ_ONLY = {
    "validate",
    "pairings",
    "standings",
    "log",
    "fines",
    "incidents",
    "clocks",
    "check",
    "export",
    "backup",
    "profiles",
    "print",
    "blitz pairings",
    "blitz standings",
    "contenders",
    "ratings",
    "norms",
    "publish",
    "broadcast",
}


def test_every_changing_command_takes_as() -> None:
    import click

    load_all(cli)
    commands: dict[str, click.Command] = {}
    for name in COMMANDS:
        command = cli.commands[name]
        if isinstance(command, click.Group):
            commands.update({f"{name} {sub}": c for sub, c in command.commands.items()})
        else:
            commands[name] = command
    without = {
        name
        for name, c in commands.items()
        if not any("--as" in getattr(p, "opts", ()) for p in c.params)
    }
    assert without == READ_ONLY


@pytest.fixture
def chief(event_path: Path) -> EventStore:
    s = EventStore.open(event_path, actor="chief")
    yield s  # type: ignore[misc]
    s.close()


@pytest.fixture
def deputy(event_path: Path) -> EventStore:
    s = EventStore.open(event_path, actor="deputy")
    yield s  # type: ignore[misc]
    s.close()


def test_undo_takes_back_the_callers_own_newest_change(chief: EventStore) -> None:
    chief.games.enter_result(1, "So", "Radjabov", "1-0")
    entry = chief.audit.undo()
    assert entry.actor == "chief" and entry.summary.startswith("undo #2: ")
    assert chief.games.find(1, 1, 10).result is None


def test_another_arbiters_newest_change_is_refused_by_name(
    chief: EventStore, deputy: EventStore
) -> None:
    chief.games.enter_result(1, "So", "Radjabov", "1-0")
    deputy.games.enter_result(1, "Carlsen", "Wang", "0-1")
    message = refused(
        chief,
        chief.audit.undo,
        NotYoursError,
        "#3 by deputy",
        "round 1 board 2 (Carlsen-Wang): result 0-1",
        "not yours (chief)",
    )
    assert "nothing" not in message
    # Nor does it reach past the deputy's change to the chief's own older one.
    assert chief.games.find(1, 1, 10).result is MainResult.WHITE_WIN
    entry = chief.audit.undo(anyone=True)
    assert entry.summary == "undo #3 (by deputy): round 1 board 2 (Carlsen-Wang): result 0-1"
    assert entry.actor == "chief"
    # Now the newest change not undone is the chief's own again.
    assert chief.audit.undo().undoes == 2


def test_an_undo_by_id_takes_back_that_change_or_nothing(
    chief: EventStore, deputy: EventStore
) -> None:
    """The console showed #2; the deputy wrote #3 while the dialog was open: "y" is refused
    and #3 stays."""
    shown = chief.games.enter_result(1, "So", "Radjabov", "1-0")
    assert shown is not None
    deputy.games.enter_result(1, "Carlsen", "Wang", "0-1")
    refused(
        chief,
        lambda: chief.audit.undo(shown.id),
        NotNewestError,
        f"#{shown.id} ({shown.summary}) is no longer the newest",
        "#3 by deputy (round 1 board 2 (Carlsen-Wang): result 0-1) came after it",
    )
    refused(
        chief,
        lambda: chief.audit.undo(shown.id, anyone=True),
        NotNewestError,
        "no longer the newest",
    )
    # --entry names the change, --anyone allows it to be someone else's: both are needed.
    refused(chief, lambda: chief.audit.undo(3), NotYoursError, "by deputy")
    assert chief.audit.undo(3, anyone=True).undoes == 3
    assert chief.audit.undo(shown.id).undoes == shown.id


def test_an_undo_by_id_of_what_cannot_be_undone(chief: EventStore) -> None:
    entry = chief.games.enter_result(1, "So", "Radjabov", "1-0")
    assert entry is not None
    undo = chief.audit.undo(entry.id)
    refused(chief, lambda: chief.audit.undo(entry.id), NotFoundError, "nothing to undo")
    chief.games.enter_result(1, "So", "Radjabov", "0-1")
    refused(
        chief,
        lambda: chief.audit.undo(entry.id),
        NotNewestError,
        f"#{entry.id}",
        f"undone already, by #{undo.id}",
    )
    refused(
        chief,
        lambda: chief.audit.undo(undo.id),
        InputError,
        f"#{undo.id} is an undo, which undo does not take back",
    )
    refused(chief, lambda: chief.audit.undo(1), InputError, "#1 is the creation of the event")
    refused(chief, lambda: chief.audit.undo(99), NotFoundError, "there is no change #99")


@pytest.mark.parametrize("name", ["", "   ", "two\nlines", "x" * 41, "tab\there"])
def test_a_name_the_log_cannot_show_is_refused(event_path: Path, name: str) -> None:
    before = dump(event_path)
    with pytest.raises(InputError, match="the arbiter's name"):
        EventStore.open(event_path, actor=name)
    assert dump(event_path) == before


def test_normtui_actor_names_whoever_sets_it(
    event_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NORMTUI_ACTOR", "Deputy Arbiter")
    with EventStore.open(event_path) as store:
        assert store.actor == "Deputy Arbiter"
    monkeypatch.setenv("NORMTUI_ACTOR", " ")
    with pytest.raises(InputError, match=r"the arbiter's name \(NORMTUI_ACTOR\) is empty"):
        EventStore.open(event_path)


def test_the_login_name_is_looked_up_by_the_first_write_not_by_a_read(
    event_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nobody named: the log names the login; a store that only reads never asks for it
    (a read command's start), and a login the log cannot show is refused at that
    write, with nothing written."""
    import getpass

    asked: list[int] = []
    login = ["linda"]

    def getuser() -> str:
        asked.append(1)
        return login[0]

    monkeypatch.delenv("NORMTUI_ACTOR", raising=False)
    monkeypatch.setattr(getpass, "getuser", getuser)
    with EventStore.open(event_path) as store:
        store.playoff.final_standings()
        store.games()
        assert asked == []
        store.games.enter_result(1, "So", "Radjabov", "1-0")
        assert asked == [1] and store.audit.log()[0].actor == "linda"
    login[0] = "x" * 41
    before = dump(event_path)
    with EventStore.open(event_path) as store:
        refused(
            store,
            lambda: store.games.enter_result(1, "Carlsen", "Wang", "1-0"),
            InputError,
            "the arbiter's name (the login name)",
        )
    assert dump(event_path) == before


# -- the command line ---------------------------------------------------------------------


def invoke(*args: object, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    done = CliRunner().invoke(cli, [str(a) for a in args], env=env)
    return done.exit_code, done.stdout, done.stderr


def test_as_names_the_actor_in_every_row_of_the_log(event_path: Path) -> None:
    assert invoke("result", event_path, 1, "So", "Radjabov", "1-0", "--as", "chief")[0] == 0
    assert (
        invoke("sign", event_path, 1, "So", "Radjabov", "white", "--as", "deputy", "--json")[0] == 0
    )
    assert (
        invoke("result", event_path, 1, "Carlsen", "Wang", "0-1", env={"NORMTUI_ACTOR": "feed"})[0]
        == 0
    )
    code, out, _ = invoke("log", event_path, "--json")
    assert code == 0
    assert [e["actor"] for e in json.loads(out)] == ["feed", "deputy", "chief", "test"]
    text = invoke("log", event_path)[1].splitlines()
    assert [line.split()[2] for line in text] == ["feed", "deputy", "chief", "test"]
    code, _, err = invoke("result", event_path, 1, "Giri", "Anand", "1-0", "--as", "")
    assert code == 2 and err.strip() == "normtui: the arbiter's name (--as) is empty"


def test_cli_undo_refuses_another_arbiters_change_until_told(event_path: Path) -> None:
    invoke("result", event_path, 1, "So", "Radjabov", "1-0", "--as", "deputy")
    with EventStore.open(event_path) as store:
        day = store.rounds()[0].date  # the round's first result dated it
    before = dump(event_path)
    code, out, err = invoke("undo", event_path, "--as", "chief")
    assert (code, out) == (2, "")
    assert err.strip() == (
        "normtui: the newest change is #2 by deputy (round 1 board 1 (So-Radjabov): result "
        f"1-0; round 1 dated {day}), not yours (chief); `normtui undo {event_path} --anyone` "
        "undoes it"
    )
    assert dump(event_path) == before
    code, out, _ = invoke("undo", event_path, "--as", "chief", "--anyone", "--json")
    assert code == 0
    assert json.loads(out)["entries"][0]["summary"].startswith("undo #2 (by deputy): ")


def test_cli_undo_entry(event_path: Path) -> None:
    invoke("result", event_path, 1, "So", "Radjabov", "1-0", "--as", "chief")
    invoke("result", event_path, 1, "Carlsen", "Wang", "1-0", "--as", "chief")
    before = dump(event_path)
    code, _, err = invoke("undo", event_path, "--entry", 2, "--as", "chief")
    assert (
        code == 2
        and "#2 (round 1 board 1 (So-Radjabov): result 1-0; round 1 dated " in err
        and ") is no longer the newest change: #3 by chief" in err
    )
    assert dump(event_path) == before
    code, out, _ = invoke("undo", event_path, "--entry", 3, "--as", "chief")
    assert code == 0 and out.startswith("#4 undo #3: ")
