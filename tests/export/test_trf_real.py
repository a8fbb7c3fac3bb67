"""TRF files other programs wrote (tests/data/trf, SOURCES.md there): what normtui starts an
event from, and what it refuses as what it is (a Swiss, a team event)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from normtui.cli import cli
from normtui.importing.trf_in import TrfError, create_from_trf, parse_trf, read_trf
from normtui.rules.berger_fit import first_unfit_round, fit_berger
from normtui.store import EventStore
from tests.rules.helpers import small_profile

DATA = Path(__file__).parent.parent / "data" / "trf"


def _run(*args: object) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("icu-valid.tab", "a Swiss (record 092 says 'Swiss')"),
        ("icu-bunratty_masters_2011.tab", "a Swiss (record 092 says 'Swiss')"),
        ("icu-irish_junior_champs_2011.tab", "a Swiss (record 092 says 'Individual: swiss"),
        ("icu-irish_intermediate_champs_2011.tab", "a Swiss (record 092"),
        ("icu-armstrong_2011.tab", "a team event (record 092 says 'Team League')"),
        ("bbp-dutch_2025_C5.input", "a Swiss: 6 players over 3 rounds"),
        ("bbp-issue_7.input", "a Swiss: 60 players over 15 rounds"),  # lines end in CR alone
    ],
)
def test_a_swiss_or_team_file_is_refused_as_what_it_is(
    tmp_path: Path, name: str, says: str
) -> None:
    with pytest.raises(TrfError) as caught:
        read_trf(DATA / name)
    assert says in str(caught.value)
    assert "normtui runs round robins" in str(caught.value)
    done = _run("new", tmp_path / "e.db", "--from-trf", DATA / name)
    assert done.exit_code == 2 and says in done.stderr
    assert not list(tmp_path.glob("e.db*"))


def test_a_swiss_without_a_name_is_known_by_its_byes() -> None:
    """Without 092, a half-point bye (0000 - =) is a Swiss's."""
    text = (DATA / "icu-valid.tab").read_text(encoding="utf-8").replace("092 Swiss\n", "")
    trf = parse_trf(text, "valid")
    from normtui.importing.trf_kind import check_round_robin

    with pytest.raises(
        TrfError, match="a Swiss: Griffiths,Ryan Rhys has a half-point bye in round 1"
    ):
        check_round_robin(trf)


def test_a_team_league_file_of_two_players_is_refused_for_its_size(tmp_path: Path) -> None:
    """The 2012 Armstrong Cup file (a BOM, ruler lines, dd.mm.yy dates) reads; two players
    make no round robin."""
    trf = read_trf(DATA / "icu-armstrong_2012_with_bom.tab")
    assert [p.entry.name for p in trf.players] == ["Griffiths, Ryan-Rhys", "Cafolla, Peter"]
    done = _run("new", tmp_path / "e.db", "--from-trf", DATA / "icu-armstrong_2012_with_bom.tab")
    assert done.exit_code == 2 and "a round robin needs at least 3" in done.stderr


@pytest.mark.parametrize("name", ["icu-utf-8.tab", "icu-latin-1.tab"])
def test_a_three_player_round_robin_in_its_own_order(tmp_path: Path, name: str) -> None:
    """icu_tournament's three-player files: UTF-8 and Latin-1, sex w, one-letter titles, an
    ISO date, a finished round robin played in an order the Berger tables give under another
    numbering; the profile's ten prizes cut to the field's three places."""
    done = _run("new", tmp_path / "e.db", "--from-trf", DATA / name)
    assert done.exit_code == 0, done.output
    assert "the profile's 10 prizes cut to the 3 places of the field" in done.stdout
    with EventStore.open(tmp_path / "e.db") as store:
        players = store.players()
        assert [(p.name[:3], p.sex, p.title) for p in players] == [
            ("Uì ", "w", None),
            ("Örr", "m", "IM"),
            ("Bol", "m", "GM"),
        ]
        games = sorted(
            (g.round, g.white, g.black, g.result.value if g.result else None) for g in store.games()
        )
        assert games == [(1, 2, 1, "1-0"), (2, 1, 3, "1-0"), (3, 3, 2, "0-1")]
        assert store.rounds()[0].date == "2008-06-07"
        assert len(store.profile.prizes.amounts) == 3


@pytest.mark.parametrize("name", ["c07-shape-rr.trf", "c07-shape-rr-swiss-manager.trf"])
def test_a_round_robin_paired_under_other_numbers(tmp_path: Path, name: str) -> None:
    """Round 1 paired 1-5, 2-6, 3-4 as FIDE's C.07 exercise pairs it: imported as played, the
    rounds to come from the Berger tables with 5 and 6 swapped. The same file as Swiss-Manager
    writes it (ruler lines, sex f, dd.mm.yyyy, CRLF) reads the same."""
    raw = (DATA / name).read_bytes()
    if name.endswith("swiss-manager.trf"):  # as written: CRLF, rulers, f, dd.mm.yyyy
        assert raw.count(b"\r\n") == raw.count(b"\n") and b"\nDDD SSSS" in raw
        assert b" f" in raw and b"04.03.1995" in raw
    trf = read_trf(DATA / name)
    assert trf.warnings == []
    assert [p.entry.sex for p in trf.players] == ["m", "w", "m", "w", "m", "w"]
    assert trf.dates[1] == "2026-05-01"
    with create_from_trf(tmp_path / "e.db", trf, small_profile(6).source_text) as store:
        pairs = [[(g.white, g.black) for g in store.games(rnd)] for rnd in range(1, 6)]
        assert pairs == [
            [(1, 5), (2, 6), (3, 4)],
            [(5, 4), (6, 3), (1, 2)],
            [(2, 5), (3, 1), (4, 6)],
            [(5, 6), (1, 4), (2, 3)],
            [(3, 5), (4, 2), (6, 1)],
        ]
        results = {(g.round, g.white): g.result.value for g in store.games() if g.result}
        assert results == {
            (1, 1): "1-0",
            (1, 2): "1/2-1/2",
            (1, 3): "0-1",
            (2, 5): "1/2-1/2",
            (2, 6): "1-0",
            (2, 1): "1/2-1/2",
            (3, 2): "1-0",
            (3, 3): "0-1",
            (3, 4): "1/2-1/2",
        }
        assert [p.sex for p in store.players()] == ["m", "w", "m", "w", "m", "w"]


def test_the_first_round_no_berger_schedule_has_is_named() -> None:
    """Round 3 repeats round 1's 1-5: no numbering of the tables does that."""
    played = {
        1: {(1, 5, True), (2, 6, True), (3, 4, True)},
        2: {(1, 2, True), (5, 4, True), (6, 3, True)},
        3: {(1, 5, True), (2, 3, True), (4, 6, True)},
    }
    assert fit_berger(6, 1, "fide", {r: played[r] for r in (1, 2)}) is not None
    assert fit_berger(6, 1, "fide", played) is None
    assert first_unfit_round(6, 1, "fide", played) == 3


def test_a_file_nowhere_a_berger_schedule_is_refused_naming_the_round(tmp_path: Path) -> None:
    """Six players whose three rounds no renumbering of the tables pairs (a one-factorisation
    of another kind): refused at the round, nothing made."""
    rows = {1: [(1, 2), (3, 4), (5, 6)], 2: [(1, 3), (2, 5), (4, 6)], 3: [(1, 6), (2, 4), (3, 5)]}
    blocks: dict[int, list[str]] = {n: [] for n in range(1, 7)}
    for _rnd, games in rows.items():
        for w, b in games:
            blocks[w].append(f"{b:4d} w 1")
            blocks[b].append(f"{w:4d} b 0")
    text = "012 Not Berger\n" + "".join(
        f"001 {n:4d} m    {'P' + str(n):<33} 2000 NOR {'':>11} {'':<10} {0:4.1f} {0:4d}".ljust(89)
        + "".join("  " + x for x in blocks[n])
        + "\n"
        for n in range(1, 7)
    )
    source = tmp_path / "in.trf"
    source.write_text(text, encoding="utf-8")
    with pytest.raises(
        TrfError,
        match=r"round 3: no Berger schedule \(C.05 Annex 1\), under "
        "any numbering of the players, pairs rounds 1-3",
    ):
        create_from_trf(tmp_path / "e.db", source, small_profile(6).source_text)
    assert not list(tmp_path.glob("e.db*"))


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("2026/05/01", "2026-05-01"),
        ("2026-05-01", "2026-05-01"),
        ("01.05.2026", "2026-05-01"),
        ("01/05/2026", "2026-05-01"),
        ("26/05/01", "2026-05-01"),
        ("", None),
        ("0000/00/00", None),
    ],
)
def test_every_date_form_real_files_carry(written: str, read: str | None) -> None:
    trf = parse_trf(f"042 {written}\n" + _ONE_PLAYER, "t")
    assert trf.dates.get(1) == read
    assert trf.warnings == []


@pytest.mark.parametrize("written", ["11.25.02", "2026/02/30", "first of May"])
def test_a_date_that_is_none_is_a_warning_not_a_refusal(written: str) -> None:
    trf = parse_trf(f"042 {written}\n" + _ONE_PLAYER, "t")
    assert 1 not in trf.dates
    assert trf.warnings == [
        f"t line 1: date {written!r} is not a day normtui reads "
        "(yyyy/mm/dd, dd.mm.yyyy, yyyy-mm-dd, dd/mm/yyyy, yy/mm/dd): left out"
    ]


@pytest.mark.parametrize(
    ("line", "skipped"),
    [
        ("         1         2         3", True),
        ("1234567890123456789012345", True),
        ("0123456789012345678901234", True),
        ("DDD SSSS sTTT NNNNNNNNN RRRR", True),
        ("### a comment", True),
        ("", True),
        ("XXC white1", True),
        ("0011   1 m", False),
    ],
)
def test_ruler_and_comment_lines_are_skipped(line: str, skipped: bool) -> None:
    text = f"{line}\n{_ONE_PLAYER}"
    if skipped:
        assert [p.entry.name for p in parse_trf(text, "t").players] == ["One, Player"]
    else:
        with pytest.raises(TrfError, match="is not a TRF record"):
            parse_trf(text, "t")


@pytest.mark.parametrize(
    ("sex", "read"), [("f", "w"), ("F", "w"), ("w", "w"), ("M", "m"), (" ", None)]
)
def test_sex_f_is_read_as_w(sex: str, read: str | None) -> None:
    trf = parse_trf(_ONE_PLAYER.replace("001    1 m", f"001    1 {sex}"), "t")
    assert trf.players[0].entry.sex == read


def test_crlf_cr_and_lf_read_alike() -> None:
    text = "012 Name\n" + _ONE_PLAYER
    for eol in ("\r\n", "\r", "\n"):
        assert parse_trf(text.replace("\n", eol), "t").players[0].entry.name == "One, Player"


_ONE_PLAYER = (
    "001    1 m    One, Player                       2000 NOR     1000001 2000/01/01  0.0    1\n"
)


def test_a_classical_file_under_an_armageddon_profile_is_told_the_profile(tmp_path: Path) -> None:
    done = _run(
        "new", tmp_path / "e.db", "--from-trf", DATA / "c07-shape-rr.trf", "--prizes", "3,2,1"
    )
    assert done.exit_code == 0, done.output
    assert (
        "4 drawn games wait for their Armageddon under the profile norway-chess-2022: a "
        "file scored 1 / ½ / 0 (a classical round robin) is read with --profile "
        "fide-round-robin"
    ) in done.stdout


def test_the_command_says_each_warning(tmp_path: Path) -> None:
    text = (DATA / "c07-shape-rr.trf").read_text(encoding="utf-8")
    source = tmp_path / "in.trf"
    source.write_text(
        text.replace("042 2026/05/01", "042 2026/13/01").replace(
            "001    3 m    Carlsen", "001    3 x    Carlsen"
        ),
        encoding="utf-8",
    )
    done = _run("new", tmp_path / "e.db", "--from-trf", source, "--profile", "fide-round-robin")
    assert done.exit_code == 0, done.output
    assert f"warning: {source} line 4: date '2026/13/01' is not a day normtui reads" in done.stdout
    assert f"warning: {source} line 11: sex 'x' of Carlsen, Carl is not m, w or f" in done.stdout


def test_a_bye_worth_a_point_is_refused_as_normtui_scores_none(tmp_path: Path) -> None:
    """An odd field's bye: one player a round is a round robin's; a full point for it (+) is
    not what normtui scores, and is said so (not called a Swiss)."""

    def line(n: int, block: str) -> str:
        return (
            (
                f"001 {n:4d} m    {'P' + str(n):<33} 2000 NOR {'':>11} {'':<10} {0:4.1f} {0:4d}"
            ).ljust(89)
            + "  "
            + block
            + "\n"
        )

    source = tmp_path / "in.trf"
    source.write_text(
        line(1, "   2 w 1") + line(2, "   1 b 0") + line(3, "0000 - +"), encoding="utf-8"
    )
    with pytest.raises(
        TrfError,
        match="round 1: P3's bye scores a point in the file "
        r"\(code '\+'\)",
    ):
        create_from_trf(tmp_path / "e.db", source, small_profile(3).source_text)
    source.write_text(
        line(1, "   2 w 1") + line(2, "   1 b 0") + line(3, "0000 - -"), encoding="utf-8"
    )
    with create_from_trf(tmp_path / "f.db", source, small_profile(3).source_text) as store:
        assert [(g.round, g.white, g.black) for g in store.games(1)] == [(1, 1, 2)]
        assert [b.number for b in store.games.byes(1)] == [3]


def test_normtuis_own_reports_read_without_a_warning(tmp_path: Path) -> None:
    """A TRF16 and TRF26 of an odd field with draws, Armageddons, forfeits and a bye: their
    points columns are what their codes add up to."""
    from normtui.export import export_event
    from normtui.store import PlayerInput

    results = ["1-0", "1/2-1/2", "+/-", "0-1", "-/-", "1/2-1/2"]
    with EventStore.create(
        tmp_path / "e.db", [PlayerInput(f"P{i}") for i in range(1, 6)], small_profile(5).source_text
    ) as store:
        for i, g in enumerate(store.games()):
            if g.round <= 3:
                result = results[i % len(results)]
                store.games.enter_result(
                    g.round,
                    g.white,
                    g.black,
                    result,
                    armageddon="0-1" if result == "1/2-1/2" else None,
                )
        reports = {fmt: export_event(store, fmt) for fmt in ("trf", "trf16")}
    for fmt, text in reports.items():
        source = tmp_path / f"{fmt}.trf"
        source.write_bytes(text.encode("utf-8"))
        assert read_trf(source).warnings == [], fmt


def test_a_trf16_whose_points_are_not_its_results_is_a_warning(tmp_path: Path) -> None:
    text = (DATA / "c07-shape-rr.trf").read_text(encoding="utf-8")
    source = tmp_path / "in.trf"
    source.write_text(
        text.replace("1000001 1990/01/02  2.5", "1000001 1990/01/02  3.5"), encoding="utf-8"
    )
    assert read_trf(source).warnings == [
        f"{source} line 9: Alpha, Anders has 3.5 points in the file, but the results add up "
        "to 2.5 at 1 / ½ / 0: the results are read"
    ]


def test_an_even_field_player_without_an_opponent_is_no_round_robin() -> None:
    text = "".join(
        (f"001 {n:4d} m    {'P' + str(n):<33} 2000 NOR {'':>11} {'':<10} {0:4.1f} {0:4d}").ljust(89)
        + "  "
        + block
        + "\n"
        for n, block in ((1, "   2 w 1"), (2, "   1 b 0"), (3, "0000 - Z"), (4, "0000 - Z"))
    )
    from normtui.importing.trf_kind import check_round_robin

    with pytest.raises(
        TrfError,
        match=r"not a round robin as the Berger tables pair it: P3 "
        r"has no opponent in round 1 \(line 3, code 'Z'\) "
        "though the field of 4 is even",
    ):
        check_round_robin(parse_trf(text, "t"))
