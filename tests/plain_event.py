"""A plain 1 / ½ / 0 round robin as a national championship has it: `fide-round-robin`, no
prize table, a play-off for a shared first place. Four players; after three rounds Aune and
Berg share first on 2½. The command line and the console tests read the same event."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from normtui.assets import profile_path, read_profile_text
from normtui.cli import cli

PLAYERS = ("Aune, Anna", "Berg, Bo", "Dahl, Dag", "Eik, Eli")
RESULTS = (
    (1, 1, 4, "1-0"),
    (1, 2, 3, "1-0"),
    (2, 4, 3, "1/2-1/2"),
    (2, 1, 2, "1/2-1/2"),
    (3, 2, 4, "1-0"),
    (3, 3, 1, "0-1"),
)


def cli_text(*args: object) -> str:
    done = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return done.stdout


def plain_profile(folder: Path, *, playoff: bool = True) -> Path:
    """`fide-round-robin`, with a play-off for a shared first place if ``playoff``."""
    text = read_profile_text(profile_path("fide-round-robin"))
    if playoff:
        # Two blitz games, then sudden death until one is won (as Tata Steel's): no
        # Armageddon anywhere in the event.
        text = text.replace("for_shared_first = false", "for_shared_first = true")
        text = text.replace("matches = 1\n", 'matches = 1\nafter_match = "sudden_death"\n')
    path = folder / "championship.toml"
    path.write_text(text, encoding="utf-8")
    return path


def play_off(db: Path) -> None:
    """Start the play-off and play it to its winner, White winning every game: whatever the
    format, its games alternate colours, so the first two leave it tied and a later one
    decides it."""
    cli_text("playoff", db, "--start", "--seed", "7")
    for _ in range(10):
        state = json.loads(cli_text("playoff", db, "--json"))
        if state["next_game"] is None:
            break
        cli_text("playoff", db, "--result", state["next_game"], "1-0")
    assert state["winner"] is not None


def plain_event(
    folder: Path, results: int = len(RESULTS), *, playoff: bool = False, rule: bool = True
) -> Path:
    """The championship with its first ``results`` results entered, and its play-off played
    to the winner if ``playoff``; without the ``rule`` of a play-off, the tie-breaks decide a
    shared first place (fide-round-robin as it is)."""
    folder.mkdir(parents=True, exist_ok=True)
    players = folder / "players.csv"
    players.write_text(
        "name,rating,federation,fide_id\n" + "".join(f'"{n}",,,\n' for n in PLAYERS),
        encoding="utf-8",
    )
    db = folder / "championship.db"
    cli_text(
        "new",
        db,
        "--players",
        players,
        "--profile",
        plain_profile(folder, playoff=rule),
        "--name",
        "Club Championship",
    )
    for args in RESULTS[:results]:
        cli_text("result", db, *args)
    if playoff:
        play_off(db)
    return db
