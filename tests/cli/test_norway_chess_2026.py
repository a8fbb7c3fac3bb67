"""Norway Chess 2026 (Oslo) as built-in profiles, the open section and the women's: six players,
a double round robin in FIDE's order, 3 / 1½ / 1 / 0 with an Armageddon of W 10' / B 7' in the
classical game's colours, a drawn one Black's win; no prize table (none was found). No game
of 2026 was found, so the proof is 2025's real games (the same format, by the 2026 sources)
played again on the 2026 profiles: `new`, `import-pgn` of both files, and the published points
and order of 2025, round by round as the Berger tables pair them."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.assets import builtin_profiles, load_profile_file
from normtui.cli import cli
from normtui.export import export_event
from normtui.rules.berger import berger_schedule
from normtui.store import EventStore
from tests.editions import BY_FOLDER, Edition, players_csv, real_rounds
from tests.export import tiebreakserver, trf_reader

SECTIONS = {
    "norway-chess-2026": "norway-chess-2025",
    "norway-chess-women-2026": "norway-chess-women-2025",
}


def _run(*args: object) -> object:
    done = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return done


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, list[dict]]]:
    """Each 2026 section's event, made from its profile with 2025's field and games."""
    out = {}
    for name, folder in SECTIONS.items():
        edition = BY_FOLDER[folder]
        tmp = tmp_path_factory.mktemp(name)
        db = tmp / "event.db"
        _run("new", db, "--players", players_csv(edition, tmp / "players.csv"), "--profile", name)
        done = _run(
            "import-pgn", db, edition.path / "classical.pgn", edition.path / "armageddon.pgn"
        )
        games = edition.classical + edition.armageddon
        assert done.output.splitlines()[-1] == f"all files: {games} games; {games} results entered"
        out[name] = (db, json.loads(_run("standings", db, "--json").stdout))
    return out


def test_both_sections_are_listed_with_what_they_set() -> None:
    rows = {r["name"]: r for r in json.loads(_run("profiles", "--json").stdout)}
    for name in SECTIONS:
        row = rows[name]
        assert (row["players"], row["rounds"], row["cycles"], row["second_cycle"]) == (
            6,
            10,
            2,
            "fide",
        )
        assert [Decimal(str(p)) for p in row["points"]] == [3, Decimal("1.5"), 1, 0]
        assert (row["fund"], row["prizes"], row["currency"]) == (0, 0, "NOK")
        assert "prizes" in row["not_found"] and "tiebreaks" in row["not_found"]
        assert row["line"].startswith("6 players, double round robin (10 rounds); points 3 / 1½")
    assert rows["norway-chess-women-2026"]["event"] == "Norway Chess Women 2026"


def test_the_two_sections_differ_in_their_name_only() -> None:
    """The organiser: both share "the same format, prize fund, and playing venue"."""
    open_, women = (load_profile_file(builtin_profiles()[n]) for n in SECTIONS)
    assert women.event.name == "Norway Chess Women 2026"
    assert women == type(open_)(**{**vars(open_), "event": women.event})
    assert open_.event == type(women.event)(**{**vars(women.event), "name": "Norway Chess 2026"})


def test_the_armageddon_is_10_against_7_in_the_same_colours_black_wins_a_draw() -> None:
    for name in SECTIONS:
        p = load_profile_file(builtin_profiles()[name])
        arm = p.time_controls["armageddon"]
        assert (arm.white_seconds, arm.black_seconds) == (600, 420)
        assert p.classical.armageddon_after_draw and p.classical.armageddon_same_colours
        assert p.classical.armageddon_draw_winner == "black"
        assert p.time_controls["classical"].describe() == "120' + 10\" from move 41"


@pytest.mark.parametrize("name", SECTIONS)
def test_its_rounds_are_the_berger_tables_in_fides_order(
    played: dict[str, tuple[Path, list[dict]]], name: str
) -> None:
    """The event's pairings are the tables, first cycle 1, 2, 3, 5, 4, the second reversed:
    the rounds 2025 played, so every one of its games found its board."""
    db, _ = played[name]
    pairings = json.loads(_run("pairings", db, "--json").stdout)
    made: dict[int, set[tuple[int, int]]] = {}
    for g in pairings:
        made.setdefault(g["round"], set()).add((g["white_number"], g["black_number"]))
    tables = {
        r[0].round: {(p.white, p.black) for p in r if p.black is not None}
        for r in berger_schedule(6, 2, second_cycle="fide")
    }
    assert made == tables == real_rounds(BY_FOLDER[SECTIONS[name]])


@pytest.mark.parametrize("name", SECTIONS)
def test_2025s_games_score_2025s_published_table(
    played: dict[str, tuple[Path, list[dict]]], name: str
) -> None:
    edition: Edition = BY_FOLDER[SECTIONS[name]]
    _, table = played[name]
    assert [(r["rank"], r["player"], Decimal(str(r["points"]))) for r in table] == [
        (p.rank, p.name, p.points) for p in edition.table
    ]
    # Each round gives 3 for a decisive pairing and 2½ for a drawn one: 10 rounds of 3 boards.
    pairings = json.loads(_run("pairings", played[name][0], "--json").stdout)
    assert sum(Decimal(str(r["points"])) for r in table) == sum(
        Decimal(3) if g["result"] in ("1-0", "0-1") else Decimal("2.5") for g in pairings
    )
    # No prize table: the table has no prize column at all (not "NOK 0").
    assert all("prize" not in r and "prize_pending" not in r for r in table)


@pytest.mark.parametrize("name", SECTIONS)
def test_its_reports_give_the_tables_points(
    played: dict[str, tuple[Path, list[dict]]], name: str, tmp_path: Path
) -> None:
    """FIDE's reader reads the TRF16 (the classical games, 1 / ½ / 0, what FIDE rates) and ranks
    as it does; the TRF26, whose 299 records (the Armageddons) that reader cannot read
    (tests/export/test_trf_fide.py), is read by ours and gives the table's points."""
    db, table = played[name]
    classical: dict[int, Decimal] = {}
    for g in json.loads(_run("pairings", db, "--json").stdout):
        white = {"1-0": Decimal(1), "0-1": Decimal(0)}.get(g["result"], Decimal("0.5"))
        classical[g["white_number"]] = classical.get(g["white_number"], Decimal(0)) + white
        classical[g["black_number"]] = classical.get(g["black_number"], Decimal(0)) + 1 - white
    with EventStore.open(db) as store:
        trf16, trf26 = export_event(store, "trf16"), export_event(store, "trf")
    tiebreakserver.assert_reads_and_agrees(trf16, tmp_path)
    for text, points in (
        (trf16, classical),
        (trf26, {r["number"]: Decimal(str(r["points"])) for r in table}),
    ):
        assert {n: p.points for n, p in trf_reader.parse(text).players.items()} == points
