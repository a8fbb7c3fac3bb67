"""``normtui new DB --from-trf FILE``: an event started from a TRF16 or TRF26, and
normtui's own reports coming back as the same event."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from normtui.export import export_event
from normtui.importing.trf_in import TrfError, create_from_trf
from normtui.store import EventStore, PlayerInput
from tests.rules.helpers import small_profile


def _facts(store: EventStore) -> tuple[object, ...]:
    games = [
        (
            g.round,
            g.white,
            g.black,
            g.result,
            g.armageddon,
            g.points,
            g.armageddon_deadline is not None,
        )
        for g in store.games()
    ]
    rows = [
        (r.number, r.rank, r.points, r.sonneborn_berger, r.wins, r.black_wins, r.prize)
        for r in store.standings()
    ]
    players = [
        (p.number, p.name, p.rating, p.fide_id, p.title, p.sex, p.federation)
        for p in store.players()
    ]
    return games, rows, players, [(r.round, r.date) for r in store.rounds()]


def _round_trip(store: EventStore, tmp_path: Path, fmt: str = "trf") -> EventStore:
    source = tmp_path / f"{fmt}.trf"
    source.write_bytes(export_event(store, fmt).encode("utf-8"))
    return create_from_trf(tmp_path / f"from-{fmt}.db", source, store.profile.source_text)


def test_the_2022_report_comes_back_as_the_same_event(
    store_2022: EventStore, tmp_path: Path
) -> None:
    """The same players, games, Armageddons (from the 299 records), dates and standings."""
    with _round_trip(store_2022, tmp_path) as back:
        assert _facts(back) == _facts(store_2022)
        assert sum(g.armageddon is not None for g in back.games()) == 31
        assert (back.event.details.city, back.event.details.federation) == ("Stavanger", "NOR")


def test_the_trf16_brings_the_classical_games_and_leaves_the_armageddons_due(
    store_2022: EventStore, tmp_path: Path
) -> None:
    with _round_trip(store_2022, tmp_path, "trf16") as back:
        old = {(g.round, g.white): g.result for g in store_2022.games()}
        assert {(g.round, g.white): g.result for g in back.games()} == old
        assert all(g.armageddon is None for g in back.games())
        assert sum(g.armageddon_deadline is not None for g in back.games()) == 31


def test_a_playoff_event_comes_back_with_its_main_table(
    store_playoff: EventStore, tmp_path: Path
) -> None:
    with _round_trip(store_playoff, tmp_path) as back:
        assert _facts(back)[0] == _facts(store_playoff)[0]
        assert [r.points for r in back.standings()] == [r.points for r in store_playoff.standings()]


_RESULTS = ["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"]


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(n=st.integers(3, 6), cycles=st.integers(1, 2), data=st.data())
def test_any_part_played_event_comes_back(
    tmp_path_factory: pytest.TempPathFactory, n: int, cycles: int, data: st.DataObject
) -> None:
    """Random results (forfeits, draws with their Armageddon won, drawn, forfeited or still
    due, games not played) in a random number of rounds: the TRF26 brings back the same
    event."""
    tmp = tmp_path_factory.mktemp("rt")
    names = [
        PlayerInput(f"Plâyer {i}", rating=2000 + i, fide_id=str(i * 7)) for i in range(1, n + 1)
    ]
    with EventStore.create(tmp / "e.db", names, small_profile(n, cycles).source_text) as store:
        last = data.draw(st.integers(0, store.event.rounds), label="rounds played")
        for g in store.games():
            if g.round > last or data.draw(st.booleans(), label="left out"):
                continue
            result = data.draw(st.sampled_from(_RESULTS), label="result")
            armageddon = None
            if result == "1/2-1/2":
                armageddon = data.draw(st.sampled_from([None, *_RESULTS]), label="armageddon")
            store.games.enter_result(g.round, g.white, g.black, result, armageddon=armageddon)
        with _round_trip(store, tmp) as back:
            assert _facts(back) == _facts(store)


@pytest.mark.parametrize("profile", ["norway-chess-2022", "norway-chess-2019"])
def test_a_forfeited_armageddon_comes_back_a_forfeit(tmp_path: Path, profile: str) -> None:
    """A player absent for the Armageddon scores as the Armageddon lost, which a
    299 record cannot tell from an Armageddon played and lost: the TRF26 names it, so that
    it comes back a forfeit, not a played game (and a double absence, which moves no points
    beyond the draw's, comes back at all). Each kind of forfeit in a round of its own, beside
    an Armageddon played, in one event."""
    from normtui.assets import builtin_profiles, read_profile_text
    from normtui.store.profile_text import event_profile_text

    text = event_profile_text(
        read_profile_text(builtin_profiles()[profile]),
        4,
        prizes=[Decimal(3), Decimal(2), Decimal(1)],
    )
    names = [PlayerInput(f"P{i}") for i in range(1, 5)]
    with EventStore.create(tmp_path / "e.db", names, text) as store:
        forfeited = {}
        for rnd, armageddon in enumerate(("+/-", "-/+", "-/-"), start=1):
            forfeit, played = store.games(rnd)
            store.games.enter_result(
                rnd, forfeit.white, forfeit.black, "1/2-1/2", armageddon=armageddon
            )
            store.games.enter_result(rnd, played.white, played.black, "1/2-1/2", armageddon="0-1")
            forfeited[(rnd, forfeit.white, forfeit.black)] = armageddon
        with _round_trip(store, tmp_path) as back:
            assert _facts(back) == _facts(store)
            for (rnd, white, black), armageddon in forfeited.items():
                assert back.games.find(rnd, white, black).armageddon.value == armageddon


# A small TRF26 as normtui writes it: 4 players, round 1 played (Carlsen drew Müller and won
# the Armageddon), round 2 half played. Columns as TRF26 numbers them.
GOOD = """\
### Encoding: UTF-8
012 Test Open
022 Stavanger
032 NOR
102 Doe, Jane
132                                                                                        26/01/02  26/01/03
142 3
162  W 3.0    D 1.0    L 0.0    A 0.0    X 0.0
192 FIDE_ROUNDROBIN
001    1 m GM Carlsen, Magnus                   2864 NOR     1503014             4.5    1     4 w =     2 w 1
001    2 m  g So, Wesley                        2776 USA     5202213             3.0    2     3 w 1     1 b 0
001    3 w    Ølberg, Åse                       1900 NOR                         0.0    3     2 b 0     4 b ?
001    4 m    Müller, Jürgen                                                     1.0    4     1 b =     3 w ?
299           0.5  001    1
"""


def _write(tmp_path: Path, text: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / "in.trf"
    path.write_bytes(text.replace("\n", "\r\n").encode(encoding))
    return path


def test_a_hand_made_trf26(tmp_path: Path) -> None:
    profile = small_profile(4).source_text
    with create_from_trf(tmp_path / "e.db", _write(tmp_path, GOOD), profile) as store:
        players = store.players()
        assert [
            (p.name, p.title, p.sex, p.rating, p.federation, p.fide_id) for p in players[:3]
        ] == [
            ("Carlsen, Magnus", "GM", "m", 2864, "NOR", "1503014"),
            ("So, Wesley", "GM", "m", 2776, "USA", "5202213"),
            ("Ølberg, Åse", None, "w", 1900, "NOR", None),
        ]
        games = {
            (g.round, g.white, g.black): (g.result, g.armageddon) for g in store.games() if g.result
        }
        assert {k: (r.value, a.value if a else None) for k, (r, a) in games.items()} == {
            (1, 1, 4): ("1/2-1/2", "1-0"),
            (1, 2, 3): ("1-0", None),
            (2, 1, 2): ("1-0", None),
        }
        assert [(r.round, r.date) for r in store.rounds()] == [
            (1, "2026-01-02"),
            (2, "2026-01-03"),
            (3, None),
        ]
        assert store.event.details.chief_arbiter == "Doe, Jane"
        assert {r.number: r.points for r in store.standings()} == {
            1: Decimal("4.5"),
            2: Decimal(3),
            3: Decimal(0),
            4: Decimal(1),
        }


def test_a_latin_1_trf16(tmp_path: Path) -> None:
    """A TRF16 in Latin-1 (FIDE's reader's default), FIDE's default scoring: its draw waits
    for its Armageddon. Without record 132 its rounds have no date: games of the past are not
    dated by the day they are read."""
    text = "\n".join(x for x in GOOD.splitlines() if x[:3] not in ("###", "132", "162", "299"))
    with create_from_trf(
        tmp_path / "e.db",
        _write(tmp_path, text.replace(" 4.5 ", " 1.5 "), "latin-1"),
        small_profile(4).source_text,
    ) as store:
        assert store.players()[2].name == "Ølberg, Åse"
        drawn = next(g for g in store.games(1) if g.white == 1)
        assert drawn.armageddon is None and drawn.armageddon_deadline is not None
        assert [r.date for r in store.rounds()] == [None, None, None]


def _line(n: int, old: str, new: str) -> str:
    """GOOD with line ``n`` (1-based) edited."""
    lines = GOOD.splitlines()
    assert old in lines[n - 1], (old, lines[n - 1])
    lines[n - 1] = lines[n - 1].replace(old, new, 1)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            _line(10, "    4 w =", "    3 w ="),
            "line 10: round 1: Carlsen, Magnus plays Ølberg, Åse "
            "with White, but Ølberg, Åse's line (line 12) says "
            "opponent 2",
        ),
        (
            _line(11, "    3 w 1", "    3 w ="),
            "line 11: round 1: So, Wesley - Ølberg, Åse has the codes '=' and '0'",
        ),
        (
            _line(11, "    1 b 0", "    1 b ?"),
            "line 10: round 2: Carlsen, Magnus - So, Wesley has the codes '1' and '?'",
        ),
        (_line(12, "001    3", "001    2"), "line 12: pairing number 2 is listed twice"),
        (
            _line(10, "4.5    1", "5.5    1"),
            "line 10: Carlsen, Magnus has 5.5 points, but the "
            "results and 299 records add up to 4.5",
        ),
        (_line(8, "W 3.0", "W 2.0"), "line 8: 162 scores W 2.0, the profile 3"),
        (
            _line(11, "    3 w 1", "   3 w 1 "),
            "line 11: round 1 of So, Wesley is not where TRF puts it",
        ),
        (
            _line(14, "  0.5  001    1", "  1.5  001    1"),
            "line 10: round 1: the 299 records of Carlsen, Magnus - Müller, Jürgen",
        ),
        (
            _line(14, "  0.5  001    1", "  0.5  001    1    2"),
            "line 14: 299: 0.5 for player 2 in round 1 is not an Armageddon's",
        ),
        (
            _line(14, "  0.5  001    1", "  0.5  001    4"),
            "line 10: Carlsen, Magnus has 4.5 points, "
            "but the results and 299 records add up "
            "to 4.0",
        ),
        (
            _line(14, "  0.5  001    1", "  0.5  001    1    4"),
            "line 10: round 1: the 299 records of Carlsen",
        ),
        (_line(7, "142 3", "142 5"), "record 142 says 5 rounds, the profile 3"),
        (_line(9, "FIDE_ROUNDROBIN", "FIDE_DUTCH_2025"), "record 192 is FIDE_DUTCH_2025"),
        # Each defect names its line, not what the database then refuses: a rating beyond any
        # (the store keeps 0-4000), a player listed twice.
        (_line(11, " 2776 ", " 4500 "), "line 11: rating of So, Wesley 4500 is not a rating"),
        (
            _line(11, "So, Wesley     ", "CARLSEN, Magnus"),
            "line 11: CARLSEN, Magnus is listed twice (also line 10)",
        ),
        ("012 Nothing\n022 here\n", "no player (001) records"),
        (
            "\n".join(x for x in GOOD.splitlines() if not x.startswith("299")),
            "line 10: round 1: Carlsen, Magnus - Müller, Jürgen is drawn, and no 299",
        ),
    ],
)
def test_a_defective_trf_is_refused_and_nothing_made(tmp_path: Path, text: str, says: str) -> None:
    target = tmp_path / "e.db"
    with pytest.raises(TrfError) as caught:
        create_from_trf(target, _write(tmp_path, text), small_profile(4).source_text)
    assert says in str(caught.value)
    assert str(caught.value).startswith(str(tmp_path / "in.trf"))
    assert not list(tmp_path.glob("e.db*"))


def test_the_wrong_profile_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TrfError, match="4 players in the file, but the profile's event is for 10"):
        create_from_trf(tmp_path / "e.db", _write(tmp_path, GOOD), small_profile(10).source_text)


def test_new_from_trf_by_command(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from normtui.cli import cli

    def run(*args: object) -> Result:
        return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)

    profile = tmp_path / "p.toml"
    profile.write_text(small_profile(4).source_text, encoding="utf-8")
    source = _write(tmp_path, GOOD)
    done = run("new", tmp_path / "e.db", "--from-trf", source, "--profile", profile, "--json")
    assert done.exit_code == 0, done.output
    assert "1/2-1/2 A 1-0" in run("pairings", tmp_path / "e.db", "--round", 1).stdout
    bad = _write(tmp_path, _line(11, "    3 w 1", "    3 w ="))
    refused_run = run("new", tmp_path / "f.db", "--from-trf", bad, "--profile", profile)
    assert refused_run.exit_code == 2 and "line 11" in refused_run.stderr
    assert not (tmp_path / "f.db").exists()
    both = run("new", tmp_path / "g.db", "--from-trf", source, "--players", source)
    assert both.exit_code == 2 and "one of them" in both.stderr


def test_the_reader_knows_the_writers_armageddon_comments() -> None:
    from normtui.export import trf
    from normtui.importing import trf_in

    assert trf.DRAWN_ARMAGEDDON == trf_in.DRAWN_ARMAGEDDON
    assert trf.FORFEITED_ARMAGEDDON == trf_in.FORFEITED_ARMAGEDDON
    for order in ("fide", "plain", "mirror"):
        for cycles in (1, 2):
            code = trf.type_code(cycles, order)
            assert trf_in.ROUND_ROBIN_CODES.get(code, (cycles, order))[0] == cycles
            if cycles == 2 and code != trf_in.CUSTOM_ROUND_ROBIN:
                assert trf_in.ROUND_ROBIN_CODES[code][1] == order


@pytest.mark.parametrize(
    ("order", "code"),
    [
        ("fide", "FIDE_DOUBLEROUNDROBIN"),
        ("plain", "BERGER_DOUBLEROUNDROBIN"),
        ("mirror", "CUSTOM_ROUNDROBIN"),
    ],
)
def test_a_double_round_robin_is_named_by_its_order_and_comes_back(
    tmp_path: Path, order: str, code: str
) -> None:
    """Record 192 names how the rounds were ordered (FIDE's Tournament Type Code Table):
    FIDE_DOUBLEROUNDROBIN is FIDE's swap of the first cycle's last two rounds, then the
    cycle again; BERGER_DOUBLEROUNDROBIN is the table twice; 2020's mirror has no code of
    its own. Every 2020 report said FIDE_DOUBLEROUNDROBIN. Read back without --cycles, the
    file says it is a double round robin, and a 192 of another order is refused."""
    from click.testing import CliRunner

    from normtui.cli import cli
    from normtui.store.profile_text import set_keys

    text = set_keys(small_profile(4, 2).source_text, "event", {"second_cycle": order})
    with EventStore.create(
        tmp_path / "e.db", [PlayerInput(f"P{i}") for i in range(1, 5)], text
    ) as store:
        for g in store.games():
            if g.round <= 5:
                store.games.enter_result(g.round, g.white, g.black, "1-0")
        report = export_event(store, "trf")
        facts = _facts(store)
    assert f"\r\n192 {code}\r\n" in report
    source = _write(tmp_path, report.replace("\r\n", "\n"))
    profile = tmp_path / "p.toml"
    profile.write_text(text, encoding="utf-8")
    done = CliRunner().invoke(
        cli,
        ["new", str(tmp_path / "back.db"), "--from-trf", str(source), "--profile", str(profile)],
    )
    assert done.exit_code == 0, done.output
    with EventStore.open(tmp_path / "back.db") as back:
        assert _facts(back) == facts
    other = "plain" if order != "plain" else "fide"
    wrong = set_keys(text, "event", {"second_cycle": other})
    if code != "CUSTOM_ROUNDROBIN":
        with pytest.raises(TrfError, match=f"record 192 is {code}"):
            create_from_trf(tmp_path / "wrong.db", source, wrong)
