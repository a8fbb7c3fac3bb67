"""Player names as PGN files spell them."""

from __future__ import annotations

import pytest

from normtui.pgn import names_match, normalise_name


def test_comma_and_order_do_not_matter() -> None:
    assert normalise_name("Carlsen, Magnus") == normalise_name("Magnus Carlsen")
    assert normalise_name("Wang, Hao") == normalise_name("Wang Hao") == normalise_name("Hao Wang")


def test_accents_titles_and_spacing_are_ignored() -> None:
    assert normalise_name("  GM Østenstad,   Berge ") == normalise_name("Berge Ostenstad")
    assert normalise_name("Vachier-Lagrave, Maxime") == "lagrave maxime vachier"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Carlsen,M", "Carlsen, Magnus"),
        ("Carlsen, M.", "Magnus Carlsen"),
        ("Mamedyarov, Sh", "Mamedyarov, Shakhriyar"),
        ("Vachier-Lagrave,M", "Maxime Vachier-Lagrave"),
        ("Vachier Lagrave", "Vachier-Lagrave, Maxime"),
        ("Wang Hao", "Wang, Hao"),
        ("Carlsen", "Carlsen, Magnus"),
    ],
)
def test_spellings_of_one_player_match(a: str, b: str) -> None:
    assert names_match(a, b)
    assert names_match(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Carlsen, Magnus", "Carlsen, Henrik"),
        ("Wang, Hao", "Wang, Yue"),
        ("So, Wesley", "Giri, Anish"),
        ("Carlsen, M", "Caruana, Fabiano"),
        ("", "Carlsen, Magnus"),
        ("?", "?"),
    ],
)
def test_different_players_do_not_match(a: str, b: str) -> None:
    assert not names_match(a, b)
