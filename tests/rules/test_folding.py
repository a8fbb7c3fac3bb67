"""Names folded for matching: "oystein" finds "Øystein", and the store's player
lookup and the PGN name matching fold alike, through one function."""

from __future__ import annotations

import pytest

import normtui.pgn.names
from normtui.pgn import names_match
from normtui.rules.folding import fold


@pytest.mark.parametrize(
    ("typed", "spelt"),
    [
        ("oystein", "Øystein"),
        ("aero", "Ærø"),
        ("strasse", "Straße"),
        ("lukasz", "Łukasz"),
        ("jarmula", "Jarmuła"),
        ("asa", "Åsa"),
        ("muller", "Müller"),
        ("dominguez", "Domínguez"),
        ("nguyen", "Nguyễn"),
        ("tari", "TARI"),
    ],
)
def test_typed_without_accents_folds_like_the_name(typed: str, spelt: str) -> None:
    assert fold(typed) == fold(spelt)


def test_folding_keeps_letters_apart() -> None:
    assert fold("Øystein") != fold("Eystein") and fold("Ård") != fold("Ord")


def test_pgn_matching_uses_the_same_folding() -> None:
    assert normtui.pgn.names.fold is fold
    assert names_match("Oystein Hammer", "Hammer, Øystein")
    assert names_match("Lukasz Jarmula", "Jarmuła, Łukasz")
