"""The regulations profile ("Regulations as data"): every number of the rule book is
loaded from TOML, and a broken file is one ProfileError naming the key."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from normtui.assets import read_profile_text
from normtui.rules.profile import Profile, ProfileError, load_profile

TEXT = read_profile_text()


def edited(old: str, new: str) -> str:
    assert TEXT.count(old) == 1, old
    return TEXT.replace(old, new)


def test_shipped_profile_holds_the_2022_rule_book(profile: Profile) -> None:
    """§1-§9 and the prize table, as numbers."""
    assert (profile.event.players, profile.event.rounds, profile.event.cycles) == (10, 9, 1)
    assert profile.points.win == 3 and profile.points.loss == 0
    assert profile.points.draw_armageddon_win == Decimal("1.5")
    assert profile.points.draw_armageddon_loss == 1
    classical = profile.time_controls["classical"]
    assert (
        classical.white_seconds,
        classical.increment_seconds,
        classical.increment_from_move,
    ) == (7200, 10, 41)
    armageddon = profile.time_controls["armageddon"]
    assert (armageddon.white_seconds, armageddon.black_seconds) == (600, 420)
    assert profile.classical.armageddon_start_within_minutes == 20
    assert profile.classical.draw_agreement_after_black_move == 30
    assert profile.classical.armageddon_draw_winner == "black"
    assert profile.time_controls["playoff_blitz"].describe() == "3' + 2\""
    assert profile.tiebreaks.order == ("sonneborn_berger", "wins", "black_wins")
    assert profile.prizes.fund == 2_500_000
    assert profile.prizes.amounts[0] == 750_000 and profile.prizes.amounts[-1] == 120_000
    assert profile.illness.withdrawal_counted_fraction == Decimal("0.5")
    assert profile.illness.forfeit_rounds == (9, 10)
    assert (profile.duties.late_fine, profile.duties.late_fine_currency) == (Decimal(500), "EUR")


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ("[duties]\n", "[duties]\nbonus = 3\n", "duties.bonus"),
        ("[event]\n", '[event]\nsponsor = "x"\n', "event.sponsor"),
        ("rounds = 9 ", 'rounds = "nine" ', "event.rounds"),
        ("has_blitz_opener = true", "has_blitz_opener = 1", "event.has_blitz_opener"),
        ("late_fine = 500", "late_fine = -500", "duties.late_fine"),
        ("white_seconds = 7200", "white_seconds = -7200", "time_controls.classical.white_seconds"),
        ("amounts = [750000,", "amounts = [760000,", "prizes.amounts"),
        (
            'order = ["sonneborn_berger", "wins", "black_wins"]',
            'order = ["sonneborn_berger", "buchholz"]',
            "tiebreaks.order",
        ),
        ("rounds = 9 ", "rounds = 8 ", "event.rounds"),
        ("forfeit_rounds = [9, 10]", 'forfeit_rounds = [9, "10"]', "illness.forfeit_rounds[1]"),
    ],
)
def test_a_broken_profile_is_one_error_naming_the_key(old: str, new: str, key: str) -> None:
    """Unknown key, wrong type, negative time, prizes not summing to the fund,
    unknown tie-break: each one ProfileError naming the key."""
    with pytest.raises(ProfileError, match=re.escape(f"'{key}'")):
        load_profile(edited(old, new))


def test_unknown_table_is_named() -> None:
    """Regulations as data: an unknown table is named."""
    with pytest.raises(ProfileError, match="'bonuses'"):
        load_profile(TEXT + "\n[bonuses]\nx = 1\n")


def test_missing_key_is_named() -> None:
    """Regulations as data: a missing key is named."""
    with pytest.raises(ProfileError, match=r"'duties\.late_fine_currency'"):
        load_profile(edited('late_fine_currency = "EUR"\n', ""))


def test_not_toml_is_a_profile_error() -> None:
    """Regulations as data: a file that is not TOML is one ProfileError."""
    with pytest.raises(ProfileError, match="not valid TOML"):
        load_profile("[event\n")


def test_next_years_rules_are_a_new_file_not_code() -> None:
    """A different event is a different profile: 12 players, double round robin."""
    text = edited("players = 10 ", "players = 12 ").replace("rounds = 9 ", "rounds = 22 ")
    text = text.replace("cycles = 1", "cycles = 2")
    profile = load_profile(text)
    assert (profile.event.players, profile.event.rounds) == (12, 22)
    assert profile.source_text == text


def test_the_loaders_reading_of_annotations_is_typings() -> None:
    """The loader resolves the sections' annotations from a table instead of
    typing.get_type_hints (which compiles each one); the two must agree for every section."""
    import typing

    from normtui.rules import profile as module

    for cls in [*module._HINTS.values(), module.TimeControl]:
        assert module._hints(cls) == typing.get_type_hints(cls), cls


def test_a_profile_says_which_article_covers_what() -> None:
    """[articles] is data: the 2022 rule book's numbers where a Norway profile says none, FIDE's
    for the plain profile (and for a 1 / ½ / 0 event file written before the table existed);
    a blank article cites nothing."""
    from normtui.assets import builtin_profiles
    from normtui.rules.profile import FIDE_ARTICLES, Articles

    norway = load_profile(read_profile_text())
    assert norway.articles == Articles()
    assert norway.articles.cite("tiebreaks") == " (§6)"
    assert norway.articles.full("playoff") == "Regulations §5"
    text = read_profile_text(builtin_profiles()["fide-round-robin"])
    plain = load_profile(text)
    assert plain.articles == FIDE_ARTICLES
    assert plain.articles.cite("tiebreaks") == " (FIDE C.07)"
    assert (plain.articles.cite("playoff"), plain.articles.full("playoff")) == ("", "Regulations")
    before = text[: text.index("[articles]")]
    assert load_profile(before).articles == FIDE_ARTICLES
    with pytest.raises(ProfileError, match=r"articles\.wrong"):
        load_profile(text + "wrong = 'x'\n")
