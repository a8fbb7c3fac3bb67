"""After a decided play-off its winner is first, everywhere.

The repro: Carlsen and Mamedyarov tied on 16 (Carlsen ahead on Sonneborn-Berger), `playoff
--start --seed 7`, M1 1-0, M2 1-0, A ½-½: the Armageddon drawn, Black (Mamedyarov) wins. The
console's pane 3 and `normtui standings` (text, --json, --csv) ranked Carlsen 1st with NOK
400,000 and Mamedyarov 2nd with 750,000, while the exports ranked Mamedyarov 1st; the JSON
export's shared_rank contradicted its rank; the TRF said `212 PTS,SB,WIN,BWG` while its rank
column followed the play-off. Every output now reads one final table
(``normtui.rules.final``), and these tests read each output back as its user would.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from normtui.cli import cli
from normtui.export import export_event
from normtui.store import EventStore
from tests.export import trf_reader
from tests.export.conftest import GOLDEN
from tests.export.final_outputs import Row, all_outputs, export
from tests.store.playoff_events import PRIZES, copy_event, make_events

CARLSEN, MAMEDYAROV = "Carlsen, Magnus", "Mamedyarov, Shakhriyar"
REPRO = (
    ("--start", "--seed", "7"),
    ("--result", "M1", "1-0"),
    ("--result", "M2", "1-0"),
    ("--result", "A", "½-½"),
)


def playoff(db: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, ["playoff", str(db), *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def tied(path_tied_16: Path, tmp_path: Path) -> Path:
    return copy_event({"tied": path_tied_16}, "tied", tmp_path)


def without_prizes(rows: list[Row]) -> list[Row]:
    return [(name, place, "") for name, place, _ in rows]


def assert_agree(outputs: dict[str, list[Row]]) -> list[Row]:
    """Every table-shaped output lists the same rows; the TRFs the same order and places;
    the play-off's outputs the same rows for its players. Returns the table."""
    first = outputs["standings --json"]
    for name, rows in outputs.items():
        if name.startswith("export trf"):
            assert rows == without_prizes(first), name
        elif name.startswith("playoff"):
            assert rows == first[: len(rows)], name
        else:
            assert rows == first, name
    return first


def test_the_repro_every_output_puts_the_play_off_winner_first(tied: Path) -> None:
    before = assert_agree(all_outputs(tied))
    # Not started: first place shared, 1-2 in every output, both prizes pending.
    assert before[:3] == [
        (CARLSEN, "1-2", None),
        (MAMEDYAROV, "1-2", None),
        ("Anand, Viswanathan", "3", Decimal("250000.00")),
    ]
    for args in REPRO:
        playoff(tied, *args)
    table = assert_agree(all_outputs(tied))
    assert table[:3] == [
        (MAMEDYAROV, "1", Decimal("750000.00")),
        (CARLSEN, "2", Decimal("400000.00")),
        ("Anand, Viswanathan", "3", Decimal("250000.00")),
    ]
    assert table[3:] == before[3:]  # below the play-off nothing moved
    assert sum(p for _, _, p in table if isinstance(p, Decimal)) == Decimal(2500000)


def test_the_repro_notes_say_the_play_off_decided(tied: Path) -> None:
    for args in REPRO:
        playoff(tied, *args)
    note = "Places 1-2 decided by the play-off (§5): Mamedyarov, Shakhriyar won it"
    runner = CliRunner()
    text = runner.invoke(cli, ["standings", str(tied)]).stdout
    assert text.startswith(note + ".\n")
    assert "won the play-off (§5)" in text.splitlines()[2]
    assert note in export(tied, "md") and note in export(tied, "html")
    data = json.loads(export(tied, "json"))
    assert data["event"]["ranking"] == {
        "decided_by": "playoff",
        "playoff_places": 2,
        "note": note,
        "first_place": f"{note}.",
    }
    assert [r["note"] for r in data["standings"][:3]] == [
        "won the play-off (§5)",
        "lost the play-off (§5)",
        "",
    ]


def test_the_repro_trf_says_how_its_ranks_were_decided(tied: Path) -> None:
    """202 keeps the event's tie-breaks (§6); 212 ranks by PTS then RANK (the rank column,
    FIDE's reference reader's "original rank"), since no FIDE code names a play-off; a ###
    line says which places the play-off decided. The golden files are the whole reports."""
    for args in REPRO:
        playoff(tied, *args)
    text = export(tied, "trf")
    trf = trf_reader.parse(text)
    assert trf.tags["202"] == ["SB,WIN,BWG"] and trf.tags["212"] == ["PTS,RANK"]
    assert any("places 1-2 were decided by the play-off" in c for c in trf.comments)
    assert (trf.players[5].rank, trf.players[2].rank) == ("1", "2")
    report = export(tied, "trf-playoff")
    po = trf_reader.parse(report)
    assert po.tags["202"] == ["RANK"] and po.tags["212"] == ["PTS,RANK"]
    assert [(p.name, p.points, p.rank) for p in po.players.values()] == [
        (CARLSEN, 1, "2"),
        (MAMEDYAROV, 1, "1"),
    ]
    for name, got in (("tied-16-playoff.trf", text), ("tied-16-playoff-games.trf", report)):
        golden = GOLDEN / name
        if os.environ.get("NORMTUI_REGENERATE_GOLDEN"):
            golden.write_bytes(got.encode("utf-8"))
        assert got.encode("utf-8") == golden.read_bytes(), name


def test_while_undecided_the_trf_shares_first_place(tied: Path) -> None:
    playoff(tied, "--start", "--seed", "7")
    playoff(tied, "--result", "M1", "1-0")
    trf = trf_reader.parse(export(tied, "trf"))
    assert (trf.players[2].rank, trf.players[5].rank, trf.players[4].rank) == ("1", "1", "3")
    assert trf.tags["212"] == ["PTS,RANK"]
    assert any("places 1-2 are shared" in c for c in trf.comments)


def test_a_table_of_an_earlier_round_is_the_main_table(tied: Path) -> None:
    """The play-off concerns the table after the last round only: `standings --round 8` is
    round 8's main table; `--round 9` (the last) is the final table."""
    for args in REPRO:
        playoff(tied, *args)
    with EventStore.open(tied) as store:
        assert store.playoff.final_standings(8).decided_by == "tiebreaks"
        assert store.playoff.final_standings(9) == store.playoff.final_standings()
        assert store.playoff.final_standings().rows[0].player == MAMEDYAROV


def test_without_a_play_off_the_trf_ranks_by_the_tie_breaks(store_2022: EventStore) -> None:
    trf = trf_reader.parse(export_event(store_2022, "trf"))
    assert trf.tags["202"] == ["SB,WIN,BWG"] and trf.tags["212"] == ["PTS,SB,WIN,BWG"]


@pytest.fixture(scope="module")
def small_events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return make_events(tmp_path_factory.mktemp("final-table"), "two", "three")


def test_three_way_double_round_robin_everywhere(
    small_events: dict[str, Path], tmp_path: Path
) -> None:
    """§5, three tied: the double round robin's ranking gives places 1-3 (here SB decides
    between the two on 2.5) in every output; the two behind the winner share the prizes
    of places 2 and 3 (§5); its TRF ranks by its own tie-breaks, the lot as RANK."""
    db = copy_event(small_events, "three", tmp_path)
    playoff(db, "--start", "--seed", "11")
    for game, result in (
        ("R1.1", "1-0"),
        ("R2.1", "1-0"),
        ("R3.1", "1-0"),
        ("R4.1", "1-0"),
        ("R5.1", "1/2-1/2"),
        ("R6.1", "0-1"),
    ):
        playoff(db, "--result", game, result)
    with EventStore.open(db) as store:
        state = store.playoff()
        order = [r.number for r in state.table]
        names = {p.number: p.name for p in store.players()}
    assert state.winner == order[0] and not state.decided_by_lots
    table = assert_agree(all_outputs(db))
    share = Decimal(sum(PRIZES[1:3])) / 2
    assert table[:3] == [
        (names[order[0]], "1", Decimal(PRIZES[0])),
        (names[order[1]], "2", share),
        (names[order[2]], "3", share),
    ]
    po = trf_reader.parse(export(db, "trf-playoff"))
    assert po.tags["212"] == ["PTS,SB,WIN,BWG,RANK"]
    assert sorted((p.rank, p.name) for p in po.players.values()) == [
        ("1", names[order[0]]),
        ("2", names[order[1]]),
        ("3", names[order[2]]),
    ]


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    kind=st.sampled_from(["two", "three"]),
    seed=st.integers(0, 2**32),
    results=st.lists(st.sampled_from(["1-0", "0-1", "1/2-1/2"]), min_size=8, max_size=8),
)
def test_over_random_decided_play_offs_every_output_agrees(
    small_events: dict[str, Path], kind: str, seed: int, results: list[str]
) -> None:
    """Whatever the seed and results: every output lists the same order, places and prizes;
    the play-off's winner is first with first prize; the prizes sum to the fund."""
    folder = Path(tempfile.mkdtemp(prefix="final17-"))
    try:
        db = folder / "e.db"
        shutil.copyfile(small_events[kind], db)
        with EventStore.open(db) as store:
            store.playoff.start(seed)
            played = iter(results * 2)
            while (state := store.playoff()).winner is None:
                for g in state.due:
                    store.playoff.enter_result(g.id, next(played))
            winner = {p.number: p.name for p in store.players()}[state.winner]
        table = assert_agree(all_outputs(db))
        assert table[0] == (winner, "1", Decimal(PRIZES[0]))
        assert sum(p for _, _, p in table if isinstance(p, Decimal)) == sum(PRIZES)
    finally:
        shutil.rmtree(folder)
