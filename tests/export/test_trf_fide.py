"""The TRF reports (a large event's too) as FIDE's tools read them.

FIDE's reference reader (TieBreakServer, see ``tiebreakserver.py``) is run on every report
written here. As published it reads TRF16 and every TRF26 without record 299; it cannot read a
299 that lists pairing numbers (``trf2json.parse_trf_abnormal``: ``teams.append[team]`` on
the first number), nor can its score system, four values W / D / L / Z, express 3 / 1.5 / 1 /
0: the TRF26 of an event with an Armageddon is checked here column by column instead
(``test_trf.py``), and by FIDE's reader only when no 299 is needed.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from normtui.export import ExportError, export_event, export_report
from normtui.export.trf import points_field
from normtui.store import EventStore, PlayerInput
from tests.export import tiebreakserver, trf_reader
from tests.fide_events import norm_event
from tests.rules.helpers import small_profile


@pytest.mark.parametrize(
    "fixture", ["path_2022", "path_withdrawn_early", "path_withdrawn_late", "path_playoff"]
)
def test_fides_reader_reads_trf16_and_agrees_with_its_ranks(
    fixture: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    with EventStore.open(request.getfixturevalue(fixture)) as store:
        text = export_event(store, "trf16")
    out = tiebreakserver.assert_reads_and_agrees(text, tmp_path)
    trf = trf_reader.parse(text)
    scores = {
        c["cid"]: Decimal(str(c["tiebreakScore"][0])) for c in out["tiebreakResult"]["competitors"]
    }
    assert scores == {n: p.points for n, p in trf.players.items()}


def test_fides_reader_reads_the_playoff_report(path_playoff: Path, tmp_path: Path) -> None:
    with EventStore.open(path_playoff) as store:
        text = export_event(store, "trf-playoff")
    out = tiebreakserver.check(text, tmp_path)
    # Read without an error. Its ranks (the play-off's winner first on equal blitz points)
    # are decided by the Armageddon, which the file leaves out: how 202/212 describe that is
    # the play-off report's own issue, so code 1 (ranks differ) is not asserted away here.
    assert out["status"]["error"] == [] and out["status"]["code"] in (0, 1), out["status"]


def _decisive_event(path: Path, n: int, cycles: int) -> EventStore:
    """Every game won by the lower pairing number: no draw, no Armageddon, no 299."""
    store = EventStore.create(
        path,
        [PlayerInput(f"Player {i:02d}", fide_id=str(1000 + i)) for i in range(1, n + 1)],
        small_profile(n, cycles).source_text,
    )
    for g in store.games():
        store.games.enter_result(g.round, g.white, g.black, "1-0" if g.white < g.black else "0-1")
    return store


def test_a_large_event_gets_its_report_and_fides_reader_agrees(tmp_path: Path) -> None:
    """20 players, double round robin, 3 a win: player 1 has 114 points, more than
    "11.5" holds; the whole number is written without decimals, FIDE's reader reads it and
    its ranks (PTS, SB, WIN, BWG) are the file's, in TRF26 and TRF16."""
    with _decisive_event(tmp_path / "big.db", 20, 2) as store:
        new, old = export_event(store, "trf"), export_event(store, "trf16")
    line = next(x for x in new.split("\r\n") if x.startswith("001    1"))
    assert trf_reader.col(line, 81, 84) == " 114" and trf_reader.col(line, 86, 89) == "   1"
    assert not [x for x in new.split("\r\n") if x.startswith("299")]
    tiebreakserver.assert_reads_and_agrees(new, tmp_path)
    tiebreakserver.assert_reads_and_agrees(old, tmp_path)
    assert trf_reader.parse(old).players[1].points == 38


def test_points_that_do_not_fit_are_never_refused() -> None:
    assert [
        points_field(Decimal(x)) for x in ("0", "9.5", "99.5", "100", "294", "138.5", "-3")
    ] == [" 0.0", " 9.5", "99.5", " 100", " 294", "    ", "-3.0"]


def test_a_half_above_99_5_is_blank_and_named(tmp_path: Path) -> None:
    """Points of 101.5 (a profile with 10 points a win, to get there in 11 rounds): no 4
    columns hold them, so 81-84 is blank, a comment gives them, and a TRF26 reader still gets
    them from the codes and 299."""
    profile = small_profile(12).source_text.replace("\nwin = 3\n", "\nwin = 10\n", 1)
    profile = profile.replace("forfeit_win = 3", "forfeit_win = 10", 1)
    with EventStore.create(
        tmp_path / "e.db", [PlayerInput(f"P{i}") for i in range(1, 13)], profile
    ) as store:
        for g in store.games():
            if 1 in (g.white, g.black) and g.round == 11:
                store.games.enter_result(
                    g.round,
                    g.white,
                    g.black,
                    "1/2-1/2",
                    armageddon="1-0" if g.white == 1 else "0-1",
                )
            elif 1 in (g.white, g.black):
                store.games.enter_result(
                    g.round, g.white, g.black, "1-0" if g.white == 1 else "0-1"
                )
        points = next(r.points for r in store.standings() if r.number == 1)
        text = export_event(store, "trf")
    assert points == Decimal("101.5")
    line = next(x for x in text.split("\r\n") if x.startswith("001    1"))
    assert trf_reader.col(line, 81, 84) == "    " and trf_reader.col(line, 86, 89) == "   1"
    assert "### 1 P1: 101.5 points (more than columns 81-84 can hold)" in text.split("\r\n")
    assert trf_reader.parse(text).computed_points(1) == points


def test_a_part_way_report(tmp_path: Path) -> None:
    """Five players (a bye each round): round 1 complete but for one game not yet played and
    one draw whose Armageddon is due; nothing after round 1 is listed, byes included."""
    with EventStore.create(
        tmp_path / "e.db", [PlayerInput(f"P{i}") for i in range(1, 6)], small_profile(5).source_text
    ) as store:
        first, second = store.games(1)
        store.games.enter_result(1, first.white, first.black, "1/2-1/2")  # Armageddon due
        new, old = export_event(store, "trf"), export_event(store, "trf16")
        rows = {r.number: r for r in store.standings()}
        bye = ({1, 2, 3, 4, 5} - {first.white, first.black, second.white, second.black}).pop()
    trf, trf16 = trf_reader.parse(new), trf_reader.parse(old)
    for n, p in trf.players.items():
        assert len(p.rounds) == 1, n
        assert trf.computed_points(n) == p.points == rows[n].points == 0
    assert (trf.players[bye].rounds[0].opponent, trf.players[bye].rounds[0].code) == (0, "Z")
    line = next(x for x in new.split("\r\n") if x.startswith(f"001 {bye:>4}"))
    assert trf_reader.col(line, 92, 99) == "0000 - Z"
    assert [
        r.code for r in (trf.players[second.white].rounds[0], trf.players[first.white].rounds[0])
    ] == ["?", "="]
    # TRF16 has no "?": a game not played yet is a blank block (at a line's end, nothing).
    assert [r.code for r in trf16.players[second.white].rounds] in ([], [" "])
    assert trf16.players[first.white].points == Decimal("0.5")
    assert sorted((a, n) for a, _, ids in trf.adjustments for n in ids) == sorted(
        (Decimal(-1), n) for n in (first.white, first.black)
    )


def _names(tmp_path: Path, *names: str) -> EventStore:
    return EventStore.create(
        tmp_path / "e.db",
        [PlayerInput(n, fide_id=str(100 + i), federation="NOR") for i, n in enumerate(names)],
        small_profile(len(names)).source_text,
    )


def test_latin_1_where_every_name_fits(tmp_path: Path) -> None:
    with _names(tmp_path, "Ølberg, Åse", "Müller, Jürgen", "Café, Noël", "Dupré, Zoë") as store:
        for g in store.games(1):
            store.games.enter_result(1, g.white, g.black, "1-0")
        text = export_event(store, "trf16", encoding="latin-1")
    assert text.startswith("### Encoding: Latin-1")
    # FIDE's reader assumes Latin-1: read so, with no option, every column is where it is.
    tiebreakserver.assert_reads_and_agrees(text, tmp_path, encoding="latin-1")


def test_latin_1_refuses_a_name_it_cannot_write(tmp_path: Path) -> None:
    with _names(tmp_path, "Ølberg, Åse", "Đukić, Nikola", "Wang, Hao", "Oh, Ann") as store:
        with pytest.raises(
            ExportError,
            match=r"Latin-1 cannot write 'Đ' in player 2 "
            r"'Đukić, Nikola'",
        ):
            export_event(store, "trf", encoding="latin-1")
        assert export_event(store, "trf").startswith("### Encoding: UTF-8")
        with pytest.raises(ExportError, match="for the TRF reports"):
            export_event(store, "csv", encoding="latin-1")


def test_what_fide_requires_is_listed(tmp_path: Path) -> None:
    with _names(tmp_path, "A, A", "B, B", "C, C", "D, D") as store:
        _, gaps = export_report(store, "trf")
        assert [g[:12] for g in gaps] == [
            "TRF 022: the",
            "TRF 032: the",
            "TRF 042/052:",
            "TRF 102: no ",
        ]
        store.set_report_details(
            {"city": "Oslo", "federation": "NOR", "chief_arbiter": "Doe, Jane"}
        )
        store.rounds.set_schedule(1, date="2026-01-02", start_time=None)
        store.set_player_details("B, B", {"fide_id": None, "federation": None})
        _, gaps = export_report(store, "trf16")
    assert gaps == [
        "TRF 132: no date for rounds 2, 3 (normtui round DB ROUND --date YYYY-MM-DD)",
        "TRF 001: no FIDE id for 1 of 4 players: 2 B (normtui player DB PLAYER --fide-id N)",
        "TRF 001: no federation for 1 of 4 players: 2 B (normtui player DB PLAYER "
        "--federation FED)",
    ]


def test_the_players_fide_fields_in_001_and_back(tmp_path: Path) -> None:
    """Sex, title, federation, FIDE id and the year of birth (``1990/00/00``: FIDE's list gives
    the year alone) in the columns TRF16 gives them; FIDE's reader reads the file, and
    ``new --from-trf`` reads the year of birth back."""
    from normtui.importing.trf_in import create_from_trf, read_trf

    players = [
        PlayerInput(
            f"Player {i:02d}",
            2400 + i,
            "NOR" if i % 2 else "SWE",
            str(1000 + i),
            "GM" if i < 3 else None,
            "w" if i == 4 else "m",
            birth_year=1990 + i if i != 5 else None,
        )
        for i in range(1, 7)
    ]
    with EventStore.create(tmp_path / "e.db", players, small_profile(6).source_text) as store:
        for g in store.games():
            store.games.enter_result(
                g.round, g.white, g.black, "1-0" if g.white < g.black else "0-1"
            )
        text = export_event(store, "trf16")
    line = next(x for x in text.split("\r\n") if x.startswith("001    1"))
    assert trf_reader.col(line, 10, 13) == "m GM"
    assert trf_reader.col(line, 54, 56) == "NOR" and trf_reader.col(line, 58, 68).strip() == "1001"
    assert trf_reader.col(line, 70, 79) == "1991/00/00"
    fifth = next(x for x in text.split("\r\n") if x.startswith("001    5"))
    assert trf_reader.col(fifth, 70, 79) == " " * 10
    tiebreakserver.assert_reads_and_agrees(text, tmp_path)
    path = tmp_path / "e.trf"
    path.write_text(text, encoding="utf-8")
    trf = read_trf(path)
    assert trf.warnings == []
    assert [p.entry.birth_year for p in trf.players] == [1991, 1992, 1993, 1994, None, 1996]
    with create_from_trf(tmp_path / "back.db", trf, small_profile(6).source_text) as back:
        assert [p.birth_year for p in back.players()][:2] == [1991, 1992]


@pytest.mark.parametrize("kind", ["trf", "trf16"])
def test_a_game_in_which_a_player_made_no_move_is_reported_played_and_not_rated(
    kind: str, tmp_path: Path
) -> None:
    """B.02 §5.1: the record shows Black made no move, so the draw is written D (played, not
    rated), as `normtui ratings` leaves it out; the points and FIDE's reader's ranks stay."""
    with norm_event(tmp_path / "nomove.db") as store:
        before = trf_reader.parse(export_event(store, kind))
        g = next(g for g in store.games() if g.result == "1/2-1/2" and 1 not in (g.white, g.black))
        store.games.attach_pgn(g.id, "main", "1. e4 1/2-1/2")
        text = export_event(store, kind)
    lines = {int(x[4:8]): x for x in text.split("\r\n") if x.startswith("001")}
    block = 92 + 10 * (g.round - 1)
    assert trf_reader.col(lines[g.white], block, block + 7) == f"{g.black:>4} w D"
    assert trf_reader.col(lines[g.black], block, block + 7) == f"{g.white:>4} b D"
    after = trf_reader.parse(text)
    assert {n: p.points for n, p in after.players.items()} == {
        n: p.points for n, p in before.players.items()
    }
    tiebreakserver.assert_reads_and_agrees(text, tmp_path)
