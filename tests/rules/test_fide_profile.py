"""The built-in ``fide-round-robin``: a classical round robin as FIDE rates it. 1 / ½ / 0, a
draw complete as it is (no Armageddon anywhere: scoring, the store, the round's closing, the
exports, the play-off), C.07's round-robin tie-breaks, its reports read by FIDE's reader."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from normtui.assets import builtin_profiles, load_profile_file, read_profile_text
from normtui.cli import cli
from normtui.export import export_event
from normtui.rules.model import ArmageddonResult, Game, GameState, MainResult, RuleError
from normtui.rules.profile import load_profile
from normtui.rules.results import apply_result
from normtui.rules.scoring import armageddon_due, is_complete, pairing_points
from normtui.store import EventStore, PlayerInput
from normtui.store.profile_text import event_profile_text, set_keys
from tests.export import tiebreakserver
from tests.export.trf_reader import parse as parse_trf_text

DATA = Path(__file__).parent.parent / "data" / "trf"
D = Decimal


# FIDE C.07's round-robin order as FIDE's reader names it (tiebreakchecker.py -t).
C07 = ("-t", "PTS", "DE", "WIN", "BWG", "SB", "KS")


def _text(players: int, prizes: list[Decimal] | None = None) -> str:
    return event_profile_text(
        read_profile_text(builtin_profiles()["fide-round-robin"]), players, prizes=prizes
    )


def _run(*args: object) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_the_profile_is_fides_classical_round_robin() -> None:
    p = load_profile_file(builtin_profiles()["fide-round-robin"])
    assert (p.points.win, p.points.draw_armageddon_loss, p.points.loss) == (D(1), D("0.5"), D(0))
    assert not p.classical.armageddon_after_draw and not p.playoff.for_shared_first
    assert p.tiebreaks.order == (
        "direct_encounter",
        "wins",
        "black_wins",
        "sonneborn_berger",
        "koya",
    )
    assert p.time_controls["classical"].describe() == "90' + 30\""
    assert p.prizes.amounts == () and not p.event.has_blitz_opener


def test_a_draw_is_complete_and_half_a_point_each() -> None:
    p = load_profile(_text(4))
    draw = apply_result(Game(1, 1, 1, 4, armageddon_after_draw=False), MainResult.DRAW, None)
    assert draw.state is GameState.FINISHED
    assert not armageddon_due(draw) and is_complete(draw)
    assert pairing_points(draw, p.points) == (D("0.5"), D("0.5"))
    with pytest.raises(RuleError, match="plays no Armageddon"):
        apply_result(
            Game(1, 1, 1, 4, armageddon_after_draw=False),
            MainResult.DRAW,
            ArmageddonResult.WHITE_WIN,
        )


def test_a_profile_without_armageddon_needs_one_draw_score() -> None:
    text = set_keys(_text(4), "points", {"draw_armageddon_win": Decimal("0.75")})
    with pytest.raises(Exception, match="a draw scores the same for both"):
        load_profile(text)


def _event(path: Path, players: int = 4, prizes: list[Decimal] | None = None) -> EventStore:
    return EventStore.create(
        path,
        [PlayerInput(f"Player {i}", fide_id=str(1000 + i)) for i in range(1, players + 1)],
        _text(players, prizes),
    )


def test_an_event_of_draws_needs_no_armageddon_and_no_play_off(tmp_path: Path) -> None:
    with _event(tmp_path / "e.db", prizes=[D(300), D(200), D(100)]) as store:
        for g in store.games():
            store.games.enter_result(g.round, g.white, g.black, "1/2-1/2")
        assert store.games.armageddons_due() == [] and store.games.incomplete() == []
        assert all(
            g.armageddon_deadline is None and g.points == (D("0.5"), D("0.5"))
            for g in store.games()
        )
        assert [r.complete for r in store.rounds()] == [2, 2, 2]
        store.rounds.close(1)
        rows = store.standings()
        assert [r.points for r in rows] == [D("1.5")] * 4
        assert not any(r.prize_pending for r in rows)
        assert sum(r.prize or 0 for r in rows) == 600
        playoff = store.playoff()
        # The one answer (normtui.rules.first_place): the tie-breaks, which leave four equal.
        assert not playoff.needed and playoff.status == (
            "Equal first on points: Player 1; Player 2; Player 3; Player 4. The tie-breaks "
            "decide it (FIDE C.07), and leave it shared."
        )
        with pytest.raises(RuleError, match="plays no Armageddon"):
            store.games.enter_result(1, 1, 4, "1/2-1/2", armageddon="1-0", correction=True)


def test_its_reports_are_read_by_fides_reader(tmp_path: Path) -> None:
    """TRF26 (162 of 1 / ½ / 0, 202/212 naming C.07's tie-breaks, no 299) and TRF16: FIDE's
    reader reads them and ranks the players as the file does."""
    with _event(tmp_path / "e.db", 6) as store:
        for i, g in enumerate(store.games()):
            store.games.enter_result(g.round, g.white, g.black, ("1-0", "1/2-1/2", "0-1")[i % 3])
        trf26, trf16 = export_event(store, "trf"), export_event(store, "trf16")
        points = {r.number: r.points for r in store.standings()}
    lines = trf26.split("\r\n")
    assert "162  W 1.0    D 0.5    L 0.0    A 0.0    X 0.0" in lines
    assert "212 PTS,DE,WIN,BWG,SBMG,KS" in lines
    assert not [x for x in lines if x.startswith("299")]
    # The TRF26 names its tie-breaks (212); the TRF16, which cannot, ranks as C.07's order
    # does (its rank column is the final table's), so the reader is given that order.
    for text, extra in ((trf26, ()), (trf16, C07)):
        tiebreakserver.assert_reads_and_agrees(text, tmp_path, extra=extra)
        assert {n: p.points for n, p in parse_trf_text(text).players.items()} == points


def test_listed_and_usable_by_name(tmp_path: Path) -> None:
    assert "fide-round-robin" in _run("profiles").stdout
    csv = tmp_path / "players.csv"
    csv.write_text(
        "name,rating,federation,fide_id\n"
        + "".join(f"Player {i},2000,NOR,{1000 + i}\n" for i in range(1, 6)),
        encoding="utf-8",
    )
    done = _run("new", tmp_path / "e.db", "--players", csv, "--profile", "fide-round-robin")
    assert done.exit_code == 0, done.output
    assert "5 players, 5 rounds" in done.stdout


@pytest.mark.parametrize("name", ["c07-shape-rr.trf", "c07-shape-rr-swiss-manager.trf"])
def test_the_c07_shaped_round_robin_comes_in_with_the_files_points(
    tmp_path: Path, name: str
) -> None:
    """As written and as Swiss-Manager writes it: the file's points, its draws complete, the
    rounds to come paired, no prize table (said so)."""
    done = _run(
        "new", tmp_path / "e.db", "--from-trf", DATA / name, "--profile", "fide-round-robin"
    )
    assert done.exit_code == 0, done.output
    assert "has no prize table: no prizes" in done.stdout
    with EventStore.open(tmp_path / "e.db") as store:
        rows = {r.number: r.points for r in store.standings()}
        assert rows == {1: D("2.5"), 2: D(2), 3: D(0), 4: D(2), 5: D("0.5"), 6: D(2)}
        assert store.games.armageddons_due() == []
        assert [r.complete for r in store.rounds()] == [3, 3, 3, 0, 0]
        assert store.rounds.current() == 4


def test_a_renumbered_round_robin_goes_out_and_comes_back(tmp_path: Path) -> None:
    """Its TRF26 names its own order (CUSTOM_ROUNDROBIN: not the tables under its numbers),
    FIDE's reader reads both reports, and the TRF26 starts the same event again."""
    from normtui.importing.trf_in import create_from_trf

    done = _run(
        "new",
        tmp_path / "e.db",
        "--from-trf",
        DATA / "c07-shape-rr.trf",
        "--profile",
        "fide-round-robin",
    )
    assert done.exit_code == 0, done.output
    with EventStore.open(tmp_path / "e.db") as store:
        trf26, trf16 = export_event(store, "trf"), export_event(store, "trf16")
        games = [(g.round, g.white, g.black, g.result) for g in store.games()]
        text = store.profile.source_text
    assert "\r\n192 CUSTOM_ROUNDROBIN\r\n" in trf26
    for report, extra in ((trf26, ()), (trf16, C07)):
        tiebreakserver.assert_reads_and_agrees(report, tmp_path, extra=extra)
    source = tmp_path / "back.trf"
    source.write_bytes(trf26.encode("utf-8"))
    with create_from_trf(tmp_path / "back.db", source, text) as back:
        assert [(g.round, g.white, g.black, g.result) for g in back.games()] == games


def test_no_play_off_starts(tmp_path: Path) -> None:
    with _event(tmp_path / "e.db") as store:
        for g in store.games():
            store.games.enter_result(g.round, g.white, g.black, "1/2-1/2")
        with pytest.raises(
            RuleError,
            match="this event has no play-off: the tie-breaks decide a shared first place",
        ):
            store.playoff.start(7)


def test_clocks_say_which_controls_are_not_played(tmp_path: Path) -> None:
    _event(tmp_path / "e.db").close()
    lines = _run("clocks", tmp_path / "e.db").stdout.splitlines()
    assert lines[0] == "classical            90' + 30\""
    # No Armageddon is played: the profile format's controls for one are not shown.
    assert not [x for x in lines if "armageddon" in x.lower()]
    assert lines[1].endswith("its profile has no play-off)")
