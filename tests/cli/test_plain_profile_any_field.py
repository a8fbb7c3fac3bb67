"""`fide-round-robin` says what it fits: any field (not the "10 players, 9 rounds" its TOML
holds as an example), one cycle or, with `--cycles 2`, a double round robin in FIDE's order
(Handbook C.05, Annex 1: the Berger tables, the first cycle's last two rounds swapped, the
second cycle the same pairings with colours reversed)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from normtui.assets import builtin_profiles, load_profile_file
from normtui.cli import cli
from normtui.rules.berger import berger_round, berger_schedule
from normtui.store import EventStore

Rounds = dict[int, set[tuple[int, int]]]


def _run(*args: object) -> Result:
    done = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return done


@pytest.fixture(scope="module")
def double(tmp_path_factory: pytest.TempPathFactory) -> dict[int, tuple[Path, Rounds]]:
    """An even and an odd field made double round robins from the plain profile: the file and
    its rounds as `pairings --json` gives them (White's number, Black's)."""
    out = {}
    for players in (6, 5):
        tmp = tmp_path_factory.mktemp(f"field{players}")
        csv = tmp / "players.csv"
        csv.write_text(
            "name,rating,federation,fide_id\n"
            + "".join(f'"Player, {i}",{2400 + i},NOR,{1000 + i}\n' for i in range(1, players + 1)),
            encoding="utf-8",
        )
        db = tmp / "event.db"
        made = _run("new", db, "--players", csv, "--profile", "fide-round-robin", "--cycles", 2)
        assert f"{players} players, {2 * (players - 1 + players % 2)} rounds" in made.stdout
        rounds: Rounds = {}
        for g in json.loads(_run("pairings", db, "--json").stdout):
            if not g["bye"]:
                rounds.setdefault(g["round"], set()).add((g["white_number"], g["black_number"]))
        out[players] = (db, rounds)
    return out


def test_profiles_describes_it_by_its_format_not_by_its_example_field() -> None:
    line = next(x for x in _run("profiles").stdout.splitlines() if x.startswith("fide-round"))
    assert "any field (3 players or more), single round robin" in line
    assert "--cycles 2: double; a later cycle's colours reversed, in FIDE's order" in line
    assert "10 players" not in line and "9 rounds" not in line
    rows = {r["name"]: r for r in json.loads(_run("profiles", "--json").stdout)}
    plain = rows["fide-round-robin"]
    assert (plain["any_field"], plain["players"], plain["rounds"], plain["cycles"]) == (
        True,
        None,
        None,
        1,
    )
    # An edition's profile is its event's field.
    y2026 = rows["norway-chess-2026"]
    assert (y2026["any_field"], y2026["players"], y2026["rounds"]) == (False, 6, 10)
    assert load_profile_file(builtin_profiles()["fide-round-robin"]).event.any_field


def _cycle(rounds: Rounds, first: int, per_cycle: int) -> list[set[tuple[int, int]]]:
    return [rounds[r] for r in range(first, first + per_cycle)]


@pytest.mark.parametrize("players", [6, 5])
def test_cycles_2_is_fides_double_round_robin(
    double: dict[int, tuple[Path, Rounds]], players: int
) -> None:
    _, rounds = double[players]
    per_cycle = players - 1 + players % 2
    table = [
        {(p.white, p.black) for p in berger_round(players, r) if p.black is not None}
        for r in range(1, per_cycle + 1)
    ]
    # The first cycle: the tables, their last two rounds swapped (C.05 Annex 1).
    assert _cycle(rounds, 1, per_cycle) == [*table[:-2], table[-1], table[-2]]
    # The second: the tables in order, each pairing with colours reversed.
    assert _cycle(rounds, per_cycle + 1, per_cycle) == [{(b, w) for w, b in r} for r in table]
    # Each pair meets twice, once with each colour.
    games = [g for r in rounds.values() for g in r]
    assert len(games) == len(set(games)) == players * (players - 1)
    assert {(b, w) for w, b in games} == set(games)
    with EventStore.open(double[players][0]) as store:
        ev = store.profile.event
    assert (ev.players, ev.cycles, ev.rounds, ev.second_cycle) == (
        players,
        2,
        2 * per_cycle,
        "fide",
    )


@pytest.mark.parametrize("players", range(3, 17))
def test_no_colour_three_times_running_where_the_cycles_meet(players: int) -> None:
    """FIDE's order is why the first cycle's last two rounds are swapped: no player has one
    colour three games running, the seam included (the tables' order gives an even field
    three at the seam)."""

    def longest(order: str) -> int:
        runs = 0
        for p in range(1, players + 1):
            colours = "".join(
                "W" if g.white == p else "B"
                for r in berger_schedule(players, 2, second_cycle=order)
                for g in r
                if g.black is not None and p in (g.white, g.black)
            )
            runs = max(runs, *(len(m) for m in re.findall(r"W+|B+", colours)))
        return runs

    assert longest("fide") == 2
    assert longest("plain") == (3 if players % 2 == 0 else 2)
