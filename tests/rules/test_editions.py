"""Every Norway Chess edition: the double round robin's order against the real
schedules, the built-in profiles, and what the editions' rules need (2019's points and its
Armageddon increment from move 61)."""

from __future__ import annotations

import re
from decimal import Decimal as D

import pytest

from normtui.assets import builtin_profiles, load_profile_file, read_profile_text
from normtui.pgn.clocks import max_clock
from normtui.rules import berger, profile_check
from normtui.rules.berger import berger_schedule
from normtui.rules.profile import Profile, ProfileError, load_profile
from normtui.rules.scoring import pairing_points
from tests.editions import BY_FOLDER, EDITIONS, Edition, real_rounds
from tests.rules.helpers import game

EDITION_NAMES = (
    "norway-chess-2019",
    "norway-chess-2020",
    "norway-chess-2021",
    "norway-chess-2022",
    "norway-chess-2023",
    "norway-chess-2024",
    "norway-chess-2025",
    "norway-chess-2026",
    "norway-chess-women-2024",
    "norway-chess-women-2025",
    "norway-chess-women-2026",
)


def schedule(players: int, order: str) -> dict[int, set[tuple[int, int]]]:
    return {
        r[0].round: {(p.white, p.black) for p in r if p.black is not None}
        for r in berger_schedule(players, 2, second_cycle=order)
    }


def profile_of(name: str) -> Profile:
    return load_profile_file(builtin_profiles()[name])


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.folder)
def test_each_real_double_round_robin_is_its_profiles_order(edition: Edition) -> None:
    """Every round of every real event, colours included, is the Berger table in the order
    its built-in profile names: 2020 "mirror", 2021 and 2025 "fide"."""
    order = profile_of(edition.profile).event.second_cycle
    assert schedule(6, order) == real_rounds(edition)


def test_the_old_default_breaks_the_real_events() -> None:
    """What normtui did before (the last two rounds swapped in both cycles) paired rounds 9
    and 10 of 2021 and 2025 the wrong way round."""
    fide = schedule(6, "fide")
    old = {**fide, 9: fide[10], 10: fide[9]}
    for folder in ("norway-chess-2021", "norway-chess-2025", "norway-chess-women-2025"):
        real = real_rounds(BY_FOLDER[folder])
        assert old[9] != real[9] and old[10] != real[10]
        assert old[9] == real[10]


def test_fide_order_is_2021_and_2025() -> None:
    """FIDE's recommendation: the first cycle swaps its last two rounds, the second plays
    1..n-1 in order, colours reversed."""
    for folder in ("norway-chess-2021", "norway-chess-2025", "norway-chess-women-2025"):
        assert schedule(6, "fide") == real_rounds(BY_FOLDER[folder])


def test_mirror_order_is_2020() -> None:
    """2020: rounds 6-10 are rounds 5..1 with colours reversed; round 6 repeats round 5."""
    real = real_rounds(BY_FOLDER["norway-chess-2020"])
    assert schedule(6, "mirror") == real
    assert real[6] == {(b, w) for w, b in real[5]}


def test_plain_order_is_2020s_first_cycle_then_2021s_second() -> None:
    """No event played the plain order whole; its halves were played: the first cycle in
    table order (2020 rounds 1-5) and the second cycle in table order, colours reversed
    (2021 rounds 6-10)."""
    plain = schedule(6, "plain")
    y2020, y2021 = (
        real_rounds(BY_FOLDER["norway-chess-2020"]),
        real_rounds(BY_FOLDER["norway-chess-2021"]),
    )
    assert {r: plain[r] for r in range(1, 6)} == {r: y2020[r] for r in range(1, 6)}
    assert {r: plain[r] for r in range(6, 11)} == {r: y2021[r] for r in range(6, 11)}
    assert plain != y2020 and plain != y2021


def test_the_two_lists_of_orders_agree() -> None:
    assert berger.SECOND_CYCLE_ORDERS == profile_check.SECOND_CYCLE_ORDERS


# -- the built-in profiles --------------------------------------------------------------------


def test_a_profile_for_every_edition() -> None:
    """Every edition's, and FIDE's classical round robin (tests/rules/test_fide_profile.py)."""
    assert tuple(builtin_profiles()) == ("fide-round-robin", *EDITION_NAMES)


@pytest.mark.parametrize("name", EDITION_NAMES)
def test_each_profile_cites_its_sources_and_says_what_was_not_found(name: str) -> None:
    """Comments name the sources (URLs or the rule book); a profile other than 2022's lists
    the rules it could not source, and each names a key of the profile."""
    text = read_profile_text(builtin_profiles()[name])
    profile = load_profile(text)
    assert re.search(r"https?://|\w+\.(com|no|org|in|net)\b|norway-chess-2022\.txt", text)
    if name == "norway-chess-2022":
        assert profile.sources.not_found == ()
    else:
        assert profile.sources.not_found, name
        assert "2022" in text.split("[sources]", 1)[1]
    assert profile.event.name.startswith("Norway Chess")


@pytest.mark.parametrize(
    ("name", "players", "rounds", "points", "fund", "prizes"),
    [
        ("norway-chess-2019", 10, 9, ("2", "1.5", "0.5", "0"), 2_500_000, 10),
        ("norway-chess-2020", 6, 10, ("3", "1.5", "1", "0"), 1_810_000, 6),
        ("norway-chess-2022", 10, 9, ("3", "1.5", "1", "0"), 2_500_000, 10),
        ("norway-chess-2024", 6, 10, ("3", "1.5", "1", "0"), 1_690_000, 6),
        ("norway-chess-women-2025", 6, 10, ("3", "1.5", "1", "0"), 1_690_000, 6),
    ],
)
def test_the_editions_numbers(
    name: str, players: int, rounds: int, points: tuple[str, ...], fund: int, prizes: int
) -> None:
    p = profile_of(name)
    assert (p.event.players, p.event.rounds) == (players, rounds)
    assert (
        p.points.win,
        p.points.draw_armageddon_win,
        p.points.draw_armageddon_loss,
        p.points.loss,
    ) == tuple(D(x) for x in points)
    assert (p.prizes.fund, len(p.prizes.amounts)) == (fund, prizes)


def test_2020_and_2024_prize_tables() -> None:
    assert profile_of("norway-chess-2020").prizes.amounts == tuple(
        D(a) for a in (700_000, 370_000, 230_000, 180_000, 170_000, 160_000)
    )
    for name in (
        "norway-chess-2024",
        "norway-chess-women-2024",
        "norway-chess-2025",
        "norway-chess-women-2025",
    ):
        assert profile_of(name).prizes.amounts == tuple(
            D(a) for a in (700_000, 350_000, 200_000, 170_000, 150_000, 120_000)
        )


def test_2024s_draw_rule_and_play_off() -> None:
    """2024: no agreed draw until 30 moves by each player, not in the Armageddon; two tied
    play a match, a further match, then an Armageddon; three or more a double round robin
    broken on the classical games by DE, SB, Koya, extended Koya."""
    p = profile_of("norway-chess-2024")
    assert (
        p.classical.draw_agreement_after_black_move,
        p.classical.draw_agreement_rule,
        p.classical.draw_agreement_in_armageddon,
    ) == (30, "moves_by_each", False)
    assert (p.playoff.match_games, p.playoff.matches) == (2, 2)
    assert p.playoff.round_robin_tiebreaks == (
        "direct_encounter",
        "sonneborn_berger",
        "koya",
        "extended_koya",
        "lots",
    )
    assert p.playoff.round_robin_tiebreak_basis == "classical_games"
    assert not p.event.has_blitz_opener


# -- what 2019 needs ----------------------------------------------------------------------------


def test_2019_points() -> None:
    """2019: a won main game 2, a drawn one then Armageddon won 1½ and lost ½."""
    points = profile_of("norway-chess-2019").points
    assert pairing_points(game(1, 1, 1, 2, "1-0"), points) == (2, 0)
    assert pairing_points(game(1, 1, 1, 2, "1/2-1/2", "1-0"), points) == (D("1.5"), D("0.5"))
    assert pairing_points(game(1, 1, 1, 2, "1/2-1/2", "1/2-1/2"), points) == (D("0.5"), D("1.5"))
    assert pairing_points(game(1, 1, 1, 2, "-/+"), points) == (0, 2)


def test_2019_armageddon_increment_from_move_61() -> None:
    """2019's Armageddon: the increment starts at move 61, so a clock can show no more than
    the base time until then (2022: from move 41)."""
    tc2019 = profile_of("norway-chess-2019").time_controls["armageddon"]
    tc2022 = profile_of("norway-chess-2022").time_controls["armageddon"]
    assert tc2019.describe() == "White 10', Black 7', +1\" from move 61"
    assert [max_clock(tc2019, True, n) for n in (41, 60, 61, 70)] == [600, 600, 601, 610]
    assert max_clock(tc2022, True, 60) == 620


# -- every key validated --------------------------------------------------------------------


TEXT = read_profile_text()


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('\nsecond_cycle = "fide"', '\nsecond_cycle = "swiss"', "event.second_cycle"),
        ('currency = "NOK"', 'currency = "kroner"', "event.currency"),
        (
            'draw_agreement_rule = "after_black_move"',
            'draw_agreement_rule = "soon"',
            "classical.draw_agreement_rule",
        ),
        (
            "draw_agreement_in_armageddon = false",
            "draw_agreement_in_armageddon = 0",
            "classical.draw_agreement_in_armageddon",
        ),
        (
            "armageddon_forfeit_win = 1.5",
            "armageddon_forfeit_win = 0.5",
            "points.armageddon_forfeit_win",
        ),
        (
            "armageddon_forfeit_loss = 1",
            "armageddon_forfeit_loss = -1",
            "points.armageddon_forfeit_loss",
        ),
        ("matches = 1 ", "matches = 0 ", "playoff.matches"),
        (
            'round_robin_second_cycle = "fide"',
            'round_robin_second_cycle = "zigzag"',
            "playoff.round_robin_second_cycle",
        ),
        (
            'round_robin_tiebreak_basis = "playoff_games"',
            'round_robin_tiebreak_basis = "rapid"',
            "playoff.round_robin_tiebreak_basis",
        ),
        (
            'round_robin_tiebreaks = ["sonneborn_berger", "wins", "black_wins", "lots"]',
            'round_robin_tiebreaks = ["lots", "koya"]',
            "playoff.round_robin_tiebreaks",
        ),
        (
            'round_robin_tiebreaks = ["sonneborn_berger", "wins", "black_wins", "lots"]',
            'round_robin_tiebreaks = ["buchholz"]',
            "playoff.round_robin_tiebreaks",
        ),
        ("forfeit_win = 3\n", "forfeit_win = -3\n", "points.forfeit_win"),
    ],
)
def test_every_new_key_is_validated_naming_it(old: str, new: str, key: str) -> None:
    assert TEXT.count(old) == 1, old
    with pytest.raises(ProfileError, match=re.escape(f"'{key}'")) as info:
        load_profile(TEXT.replace(old, new))
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("entry", "key"),
    [
        ('"tiebreaks.order"', None),
        ('"time_controls.armageddon.increment_seconds"', None),
        ('"playoff"', None),
        ('"tie_breaks"', "sources.not_found[0]"),
        ('"time_controls.blitz"', "sources.not_found[0]"),
        ('"points.bonus"', "sources.not_found[0]"),
    ],
)
def test_sources_not_found_must_name_a_key(entry: str, key: str | None) -> None:
    text = TEXT + f"\n[sources]\nnot_found = [{entry}]\n"
    if key is None:
        assert load_profile(text).not_found(entry.strip('"'))
        return
    with pytest.raises(ProfileError, match=re.escape(f"'{key}'")):
        load_profile(text)


def test_a_file_without_the_new_keys_still_loads_as_before() -> None:
    """Event files keep the profile they were made with: one written before these keys
    existed loads, every new key at the old behaviour."""
    old = "\n".join(
        line
        for line in TEXT.splitlines()
        if not line.startswith(
            (
                "second_cycle",
                "draw_agreement_rule",
                "draw_agreement_in_armageddon",
                "armageddon_forfeit_",
                "matches",
                "round_robin_second_cycle",
                "round_robin_tiebreak_basis",
            )
        )
    )
    p = load_profile(old)
    assert p.event.second_cycle == "fide" and p.playoff.matches == 1
    assert p.points.armageddon_forfeit == (D("1.5"), D(1))
    assert p.classical.draw_agreement_rule == "after_black_move"
    assert p.playoff.round_robin_tiebreak_basis == "playoff_games"
