"""§9: health, illness and withdrawal."""

from __future__ import annotations

import dataclasses

import pytest

from normtui.rules.berger import berger_schedule
from normtui.rules.model import Game, GameState, MainResult, Postponement, RuleError
from normtui.rules.profile import Profile
from normtui.rules.withdrawal import (
    IllnessDecision,
    apply_illness,
    decide_illness,
    forfeit_by,
    withdrawal_effect,
)
from tests.rules.helpers import small_profile

TARI = 6


def schedule_played_through(last_round: int) -> list[Game]:
    """The 10-player schedule with every game up to ``last_round`` won by White."""
    return [
        Game(
            p.round,
            p.board,
            p.white,
            p.black,
            MainResult.WHITE_WIN if p.round <= last_round else None,
            state=GameState.FINISHED if p.round <= last_round else GameState.SCHEDULED,
        )
        for r in berger_schedule(10)
        for p in r
        if p.black is not None
    ]


def test_section_9a_four_of_nine_games_do_not_count(profile: Profile) -> None:
    """§9 a: fewer than 50 % of the games completed: the results stay in the table but are
    not counted; the remaining games are not played and count for nobody."""
    effect = withdrawal_effect(TARI, schedule_played_through(4), profile, name="Tari")
    assert (effect.completed, effect.scheduled, effect.counted) == (4, 9, False)
    assert effect.message == (
        "Withdrawing Tari after 4 of 9 games: fewer than 50 %, so none of their games count "
        "in the final standings (§9 a); the 5 remaining games are not played and count for "
        "nobody"
    )
    assert len(effect.forfeits) == 5


def test_section_9b_five_of_nine_games_count(profile: Profile) -> None:
    """§9 b: at least 50 % completed (5 of 9; 4.5 games cannot be played): the results count
    and the remaining games are forfeit losses for the withdrawn player."""
    effect = withdrawal_effect(TARI, schedule_played_through(5), profile)
    assert (effect.completed, effect.counted) == (5, True)
    assert effect.message.startswith("Withdrawing player 6 after 5 of 9 games: at least 50 %")
    assert "4 remaining games are lost by forfeit (§9 b)" in effect.message
    assert len(effect.forfeits) == 4
    for g in effect.forfeits:
        assert g.state is GameState.FORFEIT and g.armageddon is None
        assert g.result is (
            MainResult.BLACK_FORFEIT_WIN if g.white == TARI else MainResult.WHITE_FORFEIT_WIN
        )
        assert g.round > 5


def test_forfeits_are_not_completed_games(profile: Profile) -> None:
    """§9: "completed" means played; a game already lost by forfeit does not count."""
    games = schedule_played_through(5)
    games = [
        forfeit_by(g, TARI) if g.round == 1 and TARI in (g.white, g.black) else g for g in games
    ]
    assert withdrawal_effect(TARI, games, profile).completed == 4


def test_an_odd_field_counts_games_not_rounds() -> None:
    """§9 with an odd field: the bye is not a game. 9 players: 8 games each, 4 keep."""
    profile = small_profile(9)
    games = [
        Game(p.round, p.board, p.white, p.black, MainResult.DRAW if p.round <= 4 else None)
        for r in berger_schedule(9)
        for p in r
        if p.black is not None
    ]
    player = next(
        n
        for n in range(1, 10)
        if sum(1 for g in games if g.result and n in (g.white, g.black)) == 4
    )
    effect = withdrawal_effect(player, games, profile)
    assert (effect.completed, effect.scheduled, effect.counted) == (4, 8, True)


def test_section_9_illness_in_round_9_or_10_is_a_forfeit(profile: Profile) -> None:
    """§9: "If this occurs in round 9 or 10, the player who has fallen ill has to forfeit"."""
    for round_no in (9, 10):
        decision = decide_illness(round_no, profile, proposed=Postponement.FREE_DAY)
        assert (decision.outcome, decision.when) == ("forfeit", None)
        assert decision.article == "Regulations §9"


def test_section_9_postponed_to_a_free_day_or_the_morning(profile: Profile) -> None:
    """§9: the game may be played on a free day or in the morning of the next round."""
    assert decide_illness(3, profile, proposed=Postponement.FREE_DAY) == IllnessDecision(
        "postpone",
        Postponement.FREE_DAY,
        "the game of round 3 is played on a free day",
        "Regulations §9",
    )
    assert decide_illness(3, profile, proposed=Postponement.MORNING).when is Postponement.MORNING


def test_section_9_the_opponent_cannot_refuse_a_free_day(profile: Profile) -> None:
    with pytest.raises(RuleError, match="cannot refuse to play on a free day") as err:
        decide_illness(3, profile, proposed=Postponement.FREE_DAY, opponent_refuses=True)
    assert err.value.article == "Regulations §9"


def test_section_9_the_opponent_may_refuse_the_morning(profile: Profile) -> None:
    """§9: refusing the morning rejects that slot, not the game: the arbiter proposes a free
    day, or records that no solution was found, which is a forfeit."""
    with pytest.raises(RuleError, match="refuses to play on the morning of the next round"):
        decide_illness(3, profile, proposed=Postponement.MORNING, opponent_refuses=True)
    assert decide_illness(3, profile, proposed=None).outcome == "forfeit"


def test_no_morning_after_the_last_round(profile: Profile) -> None:
    """§9: the morning of the next round does not exist after the last round."""
    late = dataclasses.replace(
        profile, illness=dataclasses.replace(profile.illness, forfeit_rounds=())
    )
    with pytest.raises(RuleError, match="last round"):
        decide_illness(9, late, proposed=Postponement.MORNING)


def test_postponed_and_forfeited_are_states_of_the_game(profile: Profile) -> None:
    """§9: postponement is a state of the game, not a comment."""
    game = Game(3, 2, 4, 9)
    postponed = apply_illness(game, 9, decide_illness(3, profile, proposed=Postponement.MORNING))
    assert postponed.state is GameState.POSTPONED and postponed.result is None
    lost = apply_illness(game, 9, decide_illness(9, profile, proposed=None))
    assert (lost.state, lost.result) == (GameState.FORFEIT, MainResult.WHITE_FORFEIT_WIN)
    with pytest.raises(RuleError, match="already has a result"):
        apply_illness(lost, 9, decide_illness(3, profile, proposed=Postponement.FREE_DAY))
    with pytest.raises(ValueError, match="does not play"):
        apply_illness(game, 5, decide_illness(3, profile, proposed=Postponement.FREE_DAY))
