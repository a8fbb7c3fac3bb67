"""The FIDE rating report (TRF26, TRF16) of the real 2022 event and its variants.

The encoding under test (``normtui/export/trf.py``): the 001 lines carry the main games only
(1 / = / 0, + / - for forfeits); record 162 scores a main game W 3.0, D 1.0, L 0.0, A 0.0;
record 299 adds +0.5 per round to each Armageddon winner and, for a player not counted (§9 a),
takes away what their games would score. So a reader that sums the codes by 162 and adds 299
gets exactly the points column, which is the standings' points.

The golden file is ``tests/data/export/norway-2022.trf``; after a deliberate change of format,
regenerate it with ``NORMTUI_REGENERATE_GOLDEN=1 pytest tests/export/test_trf.py`` and review
the diff line by line.
"""

from __future__ import annotations

import os
from decimal import Decimal
from functools import cache
from pathlib import Path

import chess.pgn
import pytest

from normtui.assets import DATA_2022
from normtui.demo.data2022 import NUMBERS
from normtui.export import EventDetails, ExportError, export_event
from normtui.store import EventStore, StandingRow
from tests.export import trf_reader
from tests.export.conftest import GOLDEN

# The published final table (pairing number: points, rank).
PUBLISHED = {
    2: ("16.5", 1),
    5: ("15.5", 2),
    4: ("14.5", 3),
    7: ("14.0", 4),
    1: ("12.5", 5),
    3: ("12.0", 6),
    8: ("9.5", 7),
    6: ("9.5", 8),
    10: ("8.0", 9),
    9: ("7.5", 10),
}
CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "=")}


@cache
def _headers(name: str) -> tuple[chess.pgn.Headers, ...]:
    out = []
    with (DATA_2022 / name).open(encoding="utf-8") as f:
        while (h := chess.pgn.read_headers(f)) is not None:
            out.append(h)
    return tuple(out)


def _real_games() -> tuple[chess.pgn.Headers, ...]:
    return _headers("classical.pgn")


def _report(path: Path) -> tuple[trf_reader.Trf, dict[int, StandingRow]]:
    """The TRF26 of the event at ``path``, read back, and its standings by number."""
    store = EventStore.open(path, actor="test")
    try:
        return (
            trf_reader.parse(export_event(store, "trf")),
            {r.number: r for r in store.standings()},
        )
    finally:
        store.close()


def test_the_2022_report_is_the_golden_file(store_2022: EventStore) -> None:
    text = export_event(store_2022, "trf")
    golden = GOLDEN / "norway-2022.trf"
    if os.environ.get("NORMTUI_REGENERATE_GOLDEN"):
        golden.write_bytes(text.encode("utf-8"))
    assert text.encode("utf-8") == golden.read_bytes()


def test_every_001_line_column_by_column() -> None:
    """Each field sliced at its TRF26 columns (5-8, 10, 11-13, 15-47, 49-52, 54-56, 58-68, 81-84,
    86-89, then 10 columns a round from 92) against the real games and the published table,
    read from the golden file, so the file itself is what is checked."""
    trf = trf_reader.parse((GOLDEN / "norway-2022.trf").read_bytes().decode("utf-8"))
    tags = {
        h[c]: (h[f"{c}Elo"], h.get(f"{c}FideId")) for h in _real_games() for c in ("White", "Black")
    }
    for h in _headers("armageddon.pgn"):
        for c in ("White", "Black"):
            tags[h[c]] = (h[f"{c}Elo"], h[f"{c}FideId"])
    assert sorted(trf.players) == list(range(1, 11))
    for number, name in enumerate(NUMBERS, start=1):
        p = trf.players[number]
        points, rank = PUBLISHED[number]
        assert (p.name, p.rating, p.fide_id) == (name, *tags[name])
        # Titles from the Armageddon records' WhiteTitle/BlackTitle tags; no sex or birth
        # date is published with the games, and the federation is left to the rating office.
        assert (p.sex, p.title, p.federation, p.birth) == ("", "GM", "", "")
        assert (p.points, p.rank) == (Decimal(points), str(rank))
        assert len(p.rounds) == 9
    number = {name: i for i, name in enumerate(NUMBERS, start=1)}
    for h in _real_games():
        rnd, w, b = int(h["Round"]), number[h["White"]], number[h["Black"]]
        code_w, code_b = CODES[h["Result"]]
        white, black = trf.players[w].rounds[rnd - 1], trf.players[b].rounds[rnd - 1]
        assert (white.opponent, white.colour, white.code) == (b, "w", code_w)
        assert (black.opponent, black.colour, black.code) == (w, "b", code_b)


def test_raw_columns_of_one_line() -> None:
    """Carlsen's line, column by column, as a person would read it off the page."""
    text = (GOLDEN / "norway-2022.trf").read_bytes().decode("utf-8")
    line = next(x for x in text.split("\r\n") if x.startswith("001    2"))
    col = trf_reader.col
    assert col(line, 1, 3) == "001" and col(line, 5, 8) == "   2"
    assert col(line, 15, 47) == "Carlsen, Magnus".ljust(33)
    assert (col(line, 49, 52), col(line, 58, 68)) == ("2864", "    1503014")
    assert (col(line, 81, 84), col(line, 86, 89)) == ("16.5", "   1")
    # Round 1: Wang Hao (9) with White, drawn; round 3: Radjabov (10), won.
    assert (col(line, 92, 95), col(line, 97, 97), col(line, 99, 99)) == ("   9", "w", "=")
    assert (col(line, 112, 115), col(line, 117, 117), col(line, 119, 119)) == ("  10", "w", "1")
    assert col(line, 90, 91) == "  " and col(line, 100, 101) == "  "


def test_header_records() -> None:
    trf = trf_reader.parse((GOLDEN / "norway-2022.trf").read_bytes().decode("utf-8"))
    one = {tag: values[0] for tag, values in trf.tags.items()}
    assert one["012"] == "Norway Chess 2022"
    assert (one["022"], one["032"]) == ("Stavanger", "NOR")
    assert (one["042"], one["052"]) == ("2022/05/31", "2022/06/10")
    assert (one["062"], one["072"], one["142"]) == ("10", "10", "9")
    assert "round robin" in one["092"] and "Armageddon" in one["092"]
    assert one["122"] == "120' + 10\" from move 41"
    assert one["192"] == "FIDE_ROUNDROBIN"
    assert (one["202"], one["212"]) == ("SB,WIN,BWG", "PTS,SB,WIN,BWG")
    assert one["222"] == "40/7200:0+10"
    assert trf.scoring == {"W": 3, "D": 1, "L": 0, "A": 0, "X": 0}
    assert "102" not in trf.tags  # the chief arbiter is not recorded: not invented
    # 132: round r's date as YY/MM/DD in columns 92 + 10 (r - 1) onwards, from the games.
    line = "132 " + trf.tags["132"][0]
    dates = {int(h["Round"]): h["Date"][2:].replace(".", "/") for h in _real_games()}
    for rnd, date in dates.items():
        start = 92 + 10 * (rnd - 1)
        assert trf_reader.col(line, start, start + 7) == date


def test_299_gives_each_armageddon_winner_half_a_point(store_2022: EventStore) -> None:
    trf = trf_reader.parse(export_event(store_2022, "trf"))
    winners = {
        (g.round, g.white if g.points[0] > g.points[1] else g.black)
        for g in store_2022.games()
        if g.armageddon is not None and g.points
    }
    assert len(winners) == 31
    assert {
        (rnd, n) for amount, rnd, ids in trf.adjustments for n in ids if amount == Decimal("0.5")
    } == winners
    assert all(amount == Decimal("0.5") for amount, _, _ in trf.adjustments)


@pytest.mark.parametrize(
    "fixture", ["path_2022", "path_withdrawn_early", "path_withdrawn_late", "path_playoff"]
)
def test_a_reader_reproduces_the_standings(fixture: str, request: pytest.FixtureRequest) -> None:
    """Points column == standings; codes by 162 plus 299 == points column."""
    trf, rows = _report(request.getfixturevalue(fixture))
    for row in rows.values():
        assert trf.players[row.number].points == row.points, row.player
        assert trf.computed_points(row.number) == row.points, row.player


def test_withdrawn_under_half_is_unranked_and_counts_for_nobody(path_withdrawn_early: Path) -> None:
    """§9 a: Tari (6) withdrew after 4 games. His played games stay (they are rated); his
    later games are forfeits; nobody's points include any game of his, which 299 says."""
    trf, rows = _report(path_withdrawn_early)
    tari = trf.players[6]
    assert not rows[6].counted and rows[6].rank is None
    assert (tari.points, tari.rank) == (Decimal(0), "10")  # shares the place after the 9th
    assert [r.code for r in tari.rounds[:4]] == ["=", "=", "0", "="]
    assert [r.code for r in tari.rounds[4:]] == ["-"] * 5
    for r in tari.rounds[4:]:
        theirs = trf.players[r.opponent].rounds[tari.rounds.index(r)]
        assert (theirs.opponent, theirs.code) == (6, "+")
    assert sorted(int(x.rank) for n, x in trf.players.items() if n != 6) == list(range(1, 10))
    assert any("Tari" in c and "§9 a" in c for c in trf.comments)
    # Every game against Tari is taken away again: -3 for a forfeit win, -1 for a draw.
    taken = {(rnd, n): amount for amount, rnd, ids in trf.adjustments if amount < 0 for n in ids}
    assert taken[(5, tari.rounds[4].opponent)] == Decimal(-3)
    assert taken[(1, tari.rounds[0].opponent)] == Decimal(-1)
    assert (1, 6) in taken  # his own draw is taken from him too


def test_withdrawn_at_half_counts_with_forfeits(path_withdrawn_late: Path) -> None:
    """§9 b: Tari withdrew after 5 games; his results count and the rest are forfeits."""
    trf, rows = _report(path_withdrawn_late)
    tari = trf.players[6]
    assert rows[6].counted and tari.rank == str(rows[6].rank)
    assert [r.code for r in tari.rounds[5:]] == ["-"] * 4
    assert all(amount > 0 for amount, _, _ in trf.adjustments)
    assert not [c for c in trf.comments if "§9 a" in c]


def test_trf16_is_the_classical_tournament(store_2022: EventStore) -> None:
    """The same games, but TRF16's points are what its own codes add up to
    (1 / ½ / 0) and its ranks rank them, equal points sharing the place."""
    new, old = export_event(store_2022, "trf"), export_event(store_2022, "trf16")
    cut = [x[:80] + x[89:] for x in new.split("\r\n") if x.startswith("001")]
    assert [x[:80] + x[89:] for x in old.split("\r\n") if x.startswith("001")] == cut
    tags = {x[:3] for x in old.split("\r\n") if x}
    assert tags == {
        "###",
        "012",
        "022",
        "032",
        "042",
        "052",
        "062",
        "072",
        "092",
        "122",
        "132",
        "001",
    }
    trf = trf_reader.parse(old)
    wins = {n: sum(r.code in "1+" for r in p.rounds) for n, p in trf.players.items()}
    draws = {n: sum(r.code == "=" for r in p.rounds) for n, p in trf.players.items()}
    for n, p in trf.players.items():
        assert p.points == wins[n] + Decimal(draws[n]) / 2
        assert int(p.rank) == 1 + sum(o.points > p.points for o in trf.players.values())
    # Carlsen 6, Mamedyarov 5.5, Anand and Vachier-Lagrave 5 (both 3rd), ... Radjabov 3.
    assert [(trf.players[n].points, trf.players[n].rank) for n in (2, 5, 4, 7, 10)] == [
        (Decimal(6), "1"),
        (Decimal("5.5"), "2"),
        (Decimal(5), "3"),
        (Decimal(5), "3"),
        (Decimal(3), "10"),
    ]


def test_given_details_fill_the_arbiter_records(store_2022: EventStore) -> None:
    details = EventDetails(
        city="Stavanger",
        federation="NOR",
        chief_arbiter="Doe, Jane",
        deputy_arbiters=("Roe, Richard", "Poe, Edgar"),
    )
    trf = trf_reader.parse(export_event(store_2022, "trf", details))
    assert trf.tags["102"] == ["Doe, Jane"]
    assert trf.tags["112"] == ["Roe, Richard", "Poe, Edgar"]


def test_a_decided_playoff_puts_its_winner_first(store_playoff: EventStore) -> None:
    """§5: Carlsen is ahead of Mamedyarov on Sonneborn-Berger, but Mamedyarov won the
    play-off (its Armageddon drawn, Black wins): rank 1 in the standings and in the report,
    whose 212 ranks by the rank column after the points."""
    rows = store_playoff.standings()
    assert [(r.number, r.rank) for r in rows[:2]] == [(5, 1), (2, 2)]
    trf = trf_reader.parse(export_event(store_playoff, "trf"))
    assert (trf.players[5].rank, trf.players[2].rank) == ("1", "2")
    assert (trf.tags["202"], trf.tags["212"]) == (["SB,WIN,BWG"], ["PTS,RANK"])
    assert trf.players[5].points == trf.players[2].points == Decimal("15.5")


def test_the_playoff_blitz_report(store_playoff: EventStore) -> None:
    """The match games (1-1) are the rated blitz games; the Armageddon is not reported."""
    trf = trf_reader.parse(export_event(store_playoff, "trf-playoff"))
    assert trf.tags["012"] == ["Norway Chess 2022 Play-off"]
    assert (trf.tags["042"], trf.tags["052"], trf.tags["142"]) == (
        ["2022/06/10"],
        ["2022/06/10"],
        ["2"],
    )
    carlsen, mamedyarov = trf.players[1], trf.players[2]
    assert (carlsen.name, carlsen.points, carlsen.rank) == ("Carlsen, Magnus", 1, "2")
    assert (mamedyarov.name, mamedyarov.points, mamedyarov.rank) == (
        "Mamedyarov, Shakhriyar",
        1,
        "1",
    )
    assert [(r.opponent, r.colour, r.code) for r in carlsen.rounds] == [
        (2, "w", "1"),
        (2, "b", "0"),
    ]
    assert trf.computed_points(1) == trf.computed_points(2) == 1


@pytest.mark.parametrize("tied", [3, 4, 5])
def test_a_round_robin_playoff_report_has_one_block_a_round(tied: int, tmp_path: Path) -> None:
    """Every player tied (a double round robin of draws whose Armageddon White won), so the
    play-off is a double round robin of them all. Its report wrote one block per game of the
    play-off, not per round: with two boards a round (4 or 5 tied), twice as many rounds as
    record 142 says and each result in another round's columns; and a bye was a blank block
    where the main report writes 0000 - Z."""
    from normtui.store import PlayerInput
    from tests.rules.helpers import small_profile

    text = small_profile(tied, 2).source_text
    players = [PlayerInput(f"Player {i}") for i in range(1, tied + 1)]
    with EventStore.create(tmp_path / "e.db", players, text) as store:
        for g in store.games():
            store.games.enter_result(g.round, g.white, g.black, "1/2-1/2", armageddon="1-0")
        store.playoff.start(7)
        results = iter(["1-0", "0-1", "1/2-1/2"] * 40)
        while (state := store.playoff()).winner is None:
            assert state.next_game is not None
            store.playoff.enter_result(state.next_game.id, next(results))
        text = export_event(store, "trf-playoff")
    trf = trf_reader.parse(text)
    rounds = int(trf.tags["142"][0])
    # FIDE's reader reads as many rounds as record 142 says, and the lot's ranks as given.
    from tests.export import tiebreakserver

    read = tiebreakserver.assert_reads_and_agrees(text, tmp_path)
    assert read["tiebreakResult"]["round"] == rounds
    assert rounds == 2 * (tied - 1 if tied % 2 == 0 else tied)
    start = {n: i for i, n in enumerate(state.players, start=1)}
    for number, line in trf.players.items():
        assert len(line.rounds) == rounds
        player = state.players[number - 1]
        for rnd, block in enumerate(line.rounds, start=1):
            game = next(
                (g for g in state.games if g.round == rnd and player in (g.white, g.black)), None
            )
            if game is None:  # the bye of an odd number of players
                assert (block.opponent, block.colour, block.code) == (0, "-", "Z")
                continue
            white = game.white == player
            assert block.opponent == start[game.black if white else game.white]
            assert block.colour == ("w" if white else "b")
        assert line.points == trf.computed_points(number)


def test_no_playoff_no_playoff_report(store_2022: EventStore) -> None:
    with pytest.raises(ExportError, match="no play-off"):
        export_event(store_2022, "trf-playoff")


@pytest.mark.parametrize(
    ("players", "cycles", "code"), [(5, 1, "FIDE_ROUNDROBIN"), (4, 2, "FIDE_DOUBLEROUNDROBIN")]
)
def test_other_fields(players: int, cycles: int, code: str, tmp_path: Path) -> None:
    """An odd field's bye is "0000 - Z" (no game, no points); a double round robin in FIDE's
    order (the default: the first cycle's last two rounds swapped) is FIDE_DOUBLEROUNDROBIN."""
    from normtui.store import PlayerInput
    from tests.rules.helpers import small_profile

    text = small_profile(players, cycles).source_text
    store = EventStore.create(
        tmp_path / "e.db", [PlayerInput(f"Player {i}") for i in range(1, players + 1)], text
    )
    try:
        for g in store.games(1):
            store.games.enter_result(1, g.white, g.black, "1/2-1/2", armageddon="1/2-1/2")
        trf = trf_reader.parse(export_event(store, "trf"))
        rows = store.standings()
    finally:
        store.close()
    assert trf.tags["192"] == [code]
    for row in rows:
        assert trf.players[row.number].points == trf.computed_points(row.number) == row.points
    if players % 2:
        (bye,) = [p for p in trf.players.values() if p.rounds[0].opponent == 0]
        assert (bye.rounds[0].colour, bye.rounds[0].code, bye.points) == ("-", "Z", 0)


@pytest.mark.parametrize(("basis", "code"), [("event_points", "SB"), ("main_game", "SBMG")])
def test_sonneborn_berger_of_the_main_games_is_not_called_fides_sb(
    basis: str, code: str, tmp_path: Path
) -> None:
    """FIDE's SB (and TieBreakServer's) multiplies the file's own points (162 + 299: the
    event's 3 / 1.5 / 1 / 0). SB from the main games alone (1 / ½ / 0) is something else:
    it is written as the event's own tie-break SBMG (FIDE C.07 4.1) and defined in a ###
    line."""
    from normtui.store import PlayerInput
    from tests.store.playoff_events import NAMES, small_profile_text

    old = 'sonneborn_berger_basis = "event_points"'
    text = small_profile_text()
    assert old in text
    text = text.replace(old, f'sonneborn_berger_basis = "{basis}"')
    with EventStore.create(tmp_path / "e.db", [PlayerInput(n) for n in NAMES], text) as store:
        for g in store.games(1):
            store.games.enter_result(1, g.white, g.black, "1/2-1/2", armageddon="1-0")
        trf = trf_reader.parse(export_event(store, "trf"))
    assert trf.tags["202"] == [f"{code},WIN,BWG"]
    assert trf.tags["212"] == [f"PTS,{code},WIN,BWG"]
    defined = [c for c in trf.comments if "SBMG is this event's Sonneborn-Berger" in c]
    assert len(defined) == (basis == "main_game")
