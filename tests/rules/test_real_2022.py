"""The real Norway Chess 2022 main event, rebuilt from its published games ("Done
means"): Berger pairings with the 2022 pairing numbers (§1), scoring (§2, §4), tie-breaks
(§6) and prize money (§5) against the published final table."""

from __future__ import annotations

from decimal import Decimal as D

from normtui.rules.berger import berger_schedule
from normtui.rules.prizes import prizes_for_standings
from normtui.rules.profile import Profile
from normtui.rules.results import check_round_closable
from normtui.rules.standings import compute_standings
from tests.rules.helpers import NUMBERS_2022, event_2022, real_pairings_2022

# The published final table: rank, name, points, Sonneborn-Berger; prizes in NOK.
PUBLISHED = [
    ("1", "Carlsen", "16.5", None, 750_000),
    ("2", "Mamedyarov", "15.5", None, 400_000),
    ("3", "Anand", "14.5", None, 250_000),
    ("4", "Vachier-Lagrave", "14", None, 200_000),
    ("5", "So", "12.5", None, 180_000),
    ("6", "Giri", "12", None, 170_000),
    ("7", "Topalov", "9.5", "110.5", 150_000),
    ("8", "Tari", "9.5", "107.25", 150_000),
    ("9", "Radjabov", "8", None, 130_000),
    ("10", "Wang Hao", "7.5", None, 120_000),
]


def test_section_1_every_berger_pairing_matches_the_real_colours() -> None:
    """§1: with 1 So … 10 Radjabov the FIDE table gives exactly the 45 games played, each
    with the colours it was played with."""
    real = {(round_, white, black) for round_, white, black, *_ in real_pairings_2022()}
    table = {(p.round, p.white, p.black) for r in berger_schedule(10) for p in r}
    assert len(real) == 45
    assert real == table


def test_the_event_is_complete_round_by_round() -> None:
    """§2: every drawn classical game (31) has its Armageddon, so every round closes."""
    _, games = event_2022()
    assert sum(1 for g in games if g.result and g.result.is_draw) == 31
    for round_ in range(1, 10):
        check_round_closable([g for g in games if g.round == round_])


def test_the_final_table_is_the_published_one(profile: Profile) -> None:
    """§4 and §6: points, ranks and Sonneborn-Berger (event points) as published."""
    players, games = event_2022()
    rows = compute_standings(players, games, profile)
    assert [(r.shared_rank, r.name, r.points) for r in rows] == [
        (rank, name, D(points)) for rank, name, points, _, _ in PUBLISHED
    ]
    sb = {r.name: r.sonneborn_berger for r in rows}
    assert sb["Topalov"] == D("110.5") and sb["Tari"] == D("107.25")
    assert not any(r.provisional for r in rows)
    assert all(r.games == 9 for r in rows)


def test_the_prize_money_is_the_published_one(profile: Profile) -> None:
    """§5: Topalov and Tari share 7th and 8th prizes (160,000 + 140,000) equally although SB
    ranks Topalov ahead: tie-breaks do not move money."""
    players, games = event_2022()
    award = prizes_for_standings(compute_standings(players, games, profile), profile)
    by_name = {NUMBERS_2022[n - 1]: amount for n, amount in award.amounts.items()}
    assert by_name == {name: D(prize) for _, name, _, _, prize in PUBLISHED}
    assert (award.paid, award.pending, award.unawarded) == (D(2_500_000), 0, 0)
