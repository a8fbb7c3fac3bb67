"""§7 player duties and §8 scoresheets."""

from __future__ import annotations

from decimal import Decimal

import pytest

from normtui.rules.duties import (
    Fine,
    Incident,
    Signatures,
    arrival_fine,
    check_incident,
    provisional_games,
    sign,
)
from normtui.rules.model import RuleError
from normtui.rules.profile import Profile
from tests.rules.helpers import game


def test_section_7_absent_at_the_start_is_fined_500_eur(profile: Profile) -> None:
    """§7: "If the participant is not present in the playing area at the start of the game he
    will be fined with 500 Euros"; amount and currency from the profile."""
    assert arrival_fine(True, profile) is None
    fine = arrival_fine(False, profile)
    assert fine == Fine(
        Decimal(500),
        "EUR",
        "not present in the playing area at the start of the game",
        "Regulations §7",
    )


def test_section_8_players_sign_then_the_arbiter_countersigns() -> None:
    """§8: after the players have signed, an arbiter countersigns to confirm the result."""
    sig = Signatures()
    assert not sig.is_final
    sig = sign(sig, "black")
    sig = sign(sig, "white")
    assert not sig.is_final
    assert sign(sig, "arbiter").is_final


def test_section_8_no_countersignature_before_both_players() -> None:
    with pytest.raises(RuleError, match="black has not signed yet") as err:
        sign(sign(Signatures(), "white"), "arbiter")
    assert err.value.article == "Regulations §8"
    with pytest.raises(RuleError, match="white and black have not signed yet"):
        sign(Signatures(), "arbiter")


def test_section_8_a_party_signs_once() -> None:
    with pytest.raises(RuleError, match="white has already signed"):
        sign(sign(Signatures(), "white"), "white")


def test_section_8_results_are_provisional_until_countersigned() -> None:
    games = [game(1, 1, 1, 10, "1-0"), game(1, 2, 2, 9, "0-1"), game(1, 3, 3, 8)]
    final = Signatures(True, True, True)
    assert provisional_games(games, {(1, 1): final}) == {(1, 2)}
    assert provisional_games(games, {(1, 1): final, (1, 2): Signatures(True, True)}) == {(1, 2)}


def test_section_7_an_incident_needs_the_chief_arbiters_decision(profile: Profile) -> None:
    """§7: the Chief Arbiter decides what is extraneous equipment."""
    phone = Incident(4, 6, "electronic_device", "telephone in jacket pocket", "")
    with pytest.raises(RuleError, match="Chief Arbiter's decision"):
        check_incident(phone)
    check_incident(
        Incident(4, 6, "electronic_device", "telephone in jacket pocket", "game lost"), profile
    )


@pytest.mark.parametrize(
    ("incident", "why"),
    [
        (Incident(4, 6, "telepathy", "x", "warning"), "not one of"),
        (Incident(4, 6, "other", "  ", "warning"), "description"),
        (Incident(0, 6, "other", "x", "warning"), "round 0"),
        (Incident(10, 6, "other", "x", "warning"), "round 10"),
        (Incident(4, 11, "late_arrival", "x", "fine"), "player 11"),
    ],
)
def test_an_incident_the_record_cannot_hold_is_refused(
    profile: Profile, incident: Incident, why: str
) -> None:
    """§7: an incident names a known kind, a round and a player of the event."""
    with pytest.raises(RuleError, match=why) as err:
        check_incident(incident, profile)
    assert err.value.article == "Regulations §7"
