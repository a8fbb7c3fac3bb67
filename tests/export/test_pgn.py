"""Every game of the event in one PGN file, re-read by python-chess."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import chess.pgn
import pytest

from normtui.assets import DATA_2022
from normtui.export import export_event
from normtui.store import EventStore


@pytest.fixture(scope="module")
def games_2022(pgn_2022: str) -> list[chess.pgn.Game]:
    return _read(pgn_2022)


def _read(text: str) -> list[chess.pgn.Game]:
    games = []
    stream = io.StringIO(text)
    while (g := chess.pgn.read_game(stream)) is not None:
        assert not g.errors, g.errors
        games.append(g)
    return games


def _source(name: str) -> dict[tuple[str, str, str], chess.pgn.Game]:
    """The published games by (round, White, Black)."""
    out = {}
    with (DATA_2022 / name).open(encoding="utf-8") as f:
        while (g := chess.pgn.read_game(f)) is not None:
            h = g.headers
            out[(h["Round"].split(".")[0], h["White"], h["Black"])] = g
    return out


def test_the_2022_event_is_76_games_with_standard_headers(games_2022: list[chess.pgn.Game]) -> None:
    games = games_2022
    assert len(games) == 76
    main = [g for g in games if g.headers["Event"] == "Norway Chess 2022"]
    arm = [g for g in games if g.headers["Event"] == "Norway Chess 2022 Armageddon"]
    assert (len(main), len(arm)) == (45, 31)
    rounds = {g.headers["Round"] for g in main}
    assert rounds == {f"{r}.{b}" for r in range(1, 10) for b in range(1, 6)}
    for g in games:
        h = g.headers
        assert h["Site"] == "Stavanger NOR"  # from the stored games' Site tags
        assert h["Date"].startswith("2022.0") and "?" not in h["Date"]
        assert h["WhiteElo"].isdigit() and h["BlackElo"].isdigit()
        assert h["WhiteFideId"].isdigit() and h["BlackFideId"].isdigit()
    assert {g.headers["TimeControl"] for g in main} == {"40/7200:0+10"}
    assert all("TimeControl" not in g.headers for g in arm)  # 10' v 7': one field can't say
    assert {(g.headers["WhiteTimeControl"], g.headers["BlackTimeControl"]) for g in arm} == {
        ("40/600:0+1", "40/420:0+1")
    }
    first = main[0].headers
    assert (first["Round"], first["White"], first["Black"], first["Result"], first["Date"]) == (
        "1.1",
        "So, Wesley",
        "Radjabov, Teimour",
        "1-0",
        "2022.05.31",
    )


def test_moves_and_results_are_the_published_ones(games_2022: list[chess.pgn.Game]) -> None:
    games = games_2022
    sources = {
        "Norway Chess 2022": _source("classical.pgn"),
        "Norway Chess 2022 Armageddon": _source("armageddon.pgn"),
    }
    for g in games:
        h = g.headers
        real = sources[h["Event"]][(h["Round"].split(".")[0], h["White"], h["Black"])]
        assert h["Result"] == real.headers["Result"]
        assert list(g.mainline_moves()) == list(real.mainline_moves())
    drawn = [
        g for g in games if "Armageddon" in g.headers["Event"] and g.headers["Result"] == "1/2-1/2"
    ]
    assert len(drawn) == 7
    assert all("Black wins the pairing" in g.comment for g in drawn)


def test_each_armageddon_follows_its_drawn_main_game(games_2022: list[chess.pgn.Game]) -> None:
    games = games_2022
    for before, g in itertools.pairwise(games):
        if "Armageddon" in g.headers["Event"]:
            same = ("Round", "White", "Black")
            assert [before.headers[k] for k in same] == [g.headers[k] for k in same]
            assert before.headers["Result"] == "1/2-1/2"


def test_playoff_games_follow_the_main_event(store_playoff: EventStore) -> None:
    games = _read(export_event(store_playoff, "pgn"))
    assert len(games) == 76 + 3  # the fixture has no move texts: headers and results
    playoff = games[-3:]
    assert [g.headers["Event"] for g in playoff] == ["Norway Chess 2022 Play-off"] * 2 + [
        "Norway Chess 2022 Play-off Armageddon"
    ]
    assert [g.headers["Round"] for g in playoff] == ["1.1", "2.1", "3.1"]
    assert [g.headers["Result"] for g in playoff] == ["1-0", "1-0", "1/2-1/2"]
    assert {g.headers["Date"] for g in playoff} == {"2022.06.10"}  # after the last round
    assert [g.headers.get("TimeControl") for g in playoff] == ["180+2", "180+2", None]
    assert "Black wins the play-off" in playoff[-1].comment
    assert not list(playoff[0].mainline_moves())  # the store keeps no play-off moves


def test_forfeits_have_a_result_and_no_moves(path_withdrawn_late: Path) -> None:
    store = EventStore.open(path_withdrawn_late)
    try:
        games = _read(export_event(store, "pgn"))
    finally:
        store.close()
    forfeits = [g for g in games if g.headers.get("Termination") == "abandoned"]
    assert len(forfeits) == 4  # Tari's rounds 6-9
    for g in forfeits:
        assert "Tari, Aryan" in (g.headers["White"], g.headers["Black"])
        assert g.headers["Result"] in ("1-0", "0-1") and not list(g.mainline_moves())
        assert "won by forfeit" in g.comment


def test_a_game_without_a_stored_pgn_has_headers_and_result(tmp_path: Path) -> None:
    from normtui.assets import read_profile_text
    from normtui.store import PlayerInput

    store = EventStore.create(
        tmp_path / "e.db", [PlayerInput(f"P{i}") for i in range(10)], read_profile_text()
    )
    try:
        store.games.enter_result(1, "P0", "P9", "1/2-1/2", armageddon="1-0")
        (main, arm) = _read(export_event(store, "pgn"))
        day = store.rounds()[0].date  # the result dated its round
        store.audit.undo()
        store.games.enter_result(1, "P0", "P9", "1/2-1/2", played_today=False)
        (undated,) = _read(export_event(store, "pgn"))
    finally:
        store.close()
    assert (main.headers["Result"], arm.headers["Result"]) == ("1/2-1/2", "1-0")
    assert day and (main.headers["Site"], main.headers["Date"]) == ("?", day.replace("-", "."))
    assert undated.headers["Date"] == "????.??.??"
    assert main.headers["WhiteElo"] == "-"  # unrated, as the PGN standard writes it


def test_a_control_of_several_periods_is_written_in_the_pgn_standard_form(tmp_path: Path) -> None:
    """FIDE's 90'/40 + 30' + 30" from move 1: ``40/5400+30:1800+30`` in the PGN's
    TimeControl, TRF26 record 222, and said whole in TRF record 122."""
    from normtui.assets import profile_path, read_profile_text
    from normtui.rules.profile import TimeControl
    from normtui.rules.time_control import with_periods
    from normtui.store import PlayerInput

    store = EventStore.create(
        tmp_path / "e.db",
        [PlayerInput(f"P{i}") for i in range(4)],
        read_profile_text(profile_path("fide-round-robin"))
        .replace("players = 10 ", "players = 4 ")
        .replace("rounds = 9", "rounds = 3"),
    )
    try:
        fide = with_periods(TimeControl(5400, 5400, 30, 1), 40, [(0, 1800, 1800)])
        store.set_time_control("classical", fide)
        store.games.enter_result(1, "P0", "P3", "1/2-1/2")
        (game,) = _read(export_event(store, "pgn"))
        trf = export_event(store, "trf")
    finally:
        store.close()
    assert game.headers["TimeControl"] == "40/5400+30:1800+30"
    assert "222 40/5400+30:1800+30" in trf.splitlines()
    assert "122 90'/40 + 30' + 30\" from move 1" in trf.splitlines()


def _tag_names(text: str) -> list[list[str]]:
    """Each game's tag names in the order the file writes them."""
    return [re.findall(r"^\[(\w+) ", game, re.MULTILINE) for game in re.split(r"\n\n(?=\[)", text)]


def test_tags_are_in_the_standards_export_order(pgn_2022: str, store_playoff: EventStore) -> None:
    """The Seven Tag Roster in its order, then every other tag in ASCII order by name (PGN
    standard 8.1.1): WhiteElo used to come before BlackElo, and the record's own tags (ECO,
    Annotator) after normtui's."""
    roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    for text in (pgn_2022, export_event(store_playoff, "pgn")):
        names = _tag_names(text)
        assert len(names) >= 76
        for tags in names:
            assert tags[:7] == roster, tags
            assert tags[7:] == sorted(tags[7:]), tags
    assert any("ECO" in tags for tags in _tag_names(pgn_2022))  # the record's own, sorted in


def test_the_comments_normtui_writes_are_ascii(
    pgn_2022: str, store_playoff: EventStore, path_withdrawn_late: Path
) -> None:
    """The file is UTF-8 (the players' names); what normtui says in a comment is ASCII: the
    standard discourages even Latin-1's § (4.1)."""
    with EventStore.open(path_withdrawn_late) as store:
        forfeits = export_event(store, "pgn")
    said = [
        g.comment
        for text in (pgn_2022, export_event(store_playoff, "pgn"), forfeits)
        for g in _read(text)
        if g.comment.startswith(("Drawn Armageddon", "White won", "Black won"))
    ]
    assert len(said) >= 8 and all(c.isascii() for c in said), [c for c in said if not c.isascii()]
    assert any("(Regulations, article 2)" in c for c in said)
    assert any("forfeit" in c for c in said)
