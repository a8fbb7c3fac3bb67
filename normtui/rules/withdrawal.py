"""§9: illness, postponed games and withdrawal.

Two decisions the arbiter has to take, each returned as a value the console shows before it
is confirmed, and each computed from the profile (``profile.illness``):

* :func:`decide_illness`: a player is too ill to play the next round. Postpone the game to a
  free day or to the morning of the next round, or forfeit it.
* :func:`withdrawal_effect`: a player cannot continue. Do their games count (§9 b) or not
  (§9 a), and what becomes of the games they will not play?
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Literal

from normtui.rules.model import Colour, Game, GameState, MainResult, Postponement, RuleError
from normtui.rules.profile import Profile
from normtui.rules.standings import games_completed, scheduled_games

__all__ = [
    "IllnessDecision",
    "WithdrawalEffect",
    "apply_illness",
    "decide_illness",
    "forfeit_by",
    "withdrawal_effect",
]

ARTICLE = "Regulations §9"


@dataclass(frozen=True)
class WithdrawalEffect:
    """What withdrawing player ``number`` does to the event.

    ``forfeits`` are the player's games without a result, rewritten as forfeit losses for the
    withdrawn player. When ``counted`` they score for the opponents (§9 b); when not, the
    standings leave out the player and every game of theirs (§9 a), so they count for nobody
    and are kept only so the crosstable shows why the games were never played.
    """

    number: int
    completed: int
    scheduled: int
    counted: bool
    forfeits: tuple[Game, ...]
    message: str


def forfeit_by(game: Game, absent: int) -> Game:
    """``game`` lost by forfeit by player ``absent``: 3 points to the opponent, no Armageddon
    (§4, §9)."""
    result = (
        MainResult.BLACK_FORFEIT_WIN
        if game.colour_of(absent) is Colour.WHITE
        else MainResult.WHITE_FORFEIT_WIN
    )
    return replace(game, result=result, armageddon=None, state=GameState.FORFEIT)


def _percent(fraction: Decimal) -> str:
    return f"{(fraction * 100).normalize():f} %"


def withdrawal_effect(
    number: int, games: Sequence[Game], profile: Profile, *, name: str | None = None
) -> WithdrawalEffect:
    """The effect of withdrawing player ``number`` now, given every game of the event so far.

    Counted iff the games completed over the board (forfeits are not completed games) reach
    ``withdrawal_counted_fraction`` of the games scheduled: with 9 rounds and 50 %, 5 games
    completed keeps the player in the standings and 4 does not, because 4.5 games cannot be
    played and "at least 50 %" of 9 is therefore 5.

    ``name`` only makes the message read as the arbiter would say it.
    """
    own = [g for g in games if number in (g.white, g.black)]
    completed = games_completed(number, own)
    scheduled = scheduled_games(profile)
    fraction = profile.illness.withdrawal_counted_fraction
    counted = Decimal(completed) >= fraction * scheduled
    forfeits = tuple(forfeit_by(g, number) for g in own if g.result is None)
    who = name or f"player {number}"
    opening = f"Withdrawing {who} after {completed} of {scheduled} games: "
    remaining = len(forfeits)
    games_word = "game" if remaining == 1 else "games"
    if counted:
        message = (
            f"{opening}at least {_percent(fraction)}, so their games count in the final "
            f"standings and the {remaining} remaining {games_word} are lost by forfeit "
            f"(§9 b)"
        )
    else:
        message = (
            f"{opening}fewer than {_percent(fraction)}, so none of their games count in "
            f"the final standings (§9 a); the {remaining} remaining {games_word} are not "
            "played and count for nobody"
        )
    return WithdrawalEffect(number, completed, scheduled, counted, forfeits, message)


@dataclass(frozen=True)
class IllnessDecision:
    """The outcome of §9 for a game a player is too ill to play: when it is played, or why it
    is forfeited, and the article that says so."""

    outcome: Literal["postpone", "forfeit"]
    when: Postponement | None
    reason: str
    article: str


def decide_illness(
    round_no: int,
    profile: Profile,
    *,
    proposed: Postponement | None,
    opponent_refuses: bool = False,
) -> IllnessDecision:
    """Decide a game the ill player cannot play in round ``round_no`` (§9).

    * In a round of ``profile.illness.forfeit_rounds`` (2022: 9 and 10) there is no time left
      to play it later: forfeit, whatever was proposed.
    * ``proposed`` is the slot the organiser, the player and the opponent settled on; ``None``
      means no solution was found, and the ill player forfeits.
    * A free day cannot be refused (``opponent_may_refuse_free_day``): a refusal is a
      :class:`RuleError` and the game stays proposed for the free day.
    * The morning of the next round can be refused. A refusal does not make a forfeit by
      itself, because a free day may still be open: it is a :class:`RuleError` telling the
      arbiter to propose a free day, or to record that no solution exists (``proposed=None``).
      That is what an arbiter expects from the rule: the opponent refuses a slot, not the game.
    * There is no morning of the next round after the last round.
    """
    rules = profile.illness
    if round_no in rules.forfeit_rounds:
        return IllnessDecision(
            "forfeit",
            None,
            f"illness in round {round_no}: the game cannot be moved this late in the event, "
            "so the player who fell ill forfeits it",
            ARTICLE,
        )
    if proposed is None:
        return IllnessDecision(
            "forfeit",
            None,
            "no free day or morning slot was agreed, so the player who fell ill forfeits the game",
            ARTICLE,
        )
    if proposed is Postponement.MORNING and round_no >= profile.event.rounds:
        raise RuleError(
            f"round {round_no} is the last round: there is no next round to play "
            "the game in the morning of",
            ARTICLE,
        )
    may_refuse = (
        rules.opponent_may_refuse_morning
        if proposed is Postponement.MORNING
        else rules.opponent_may_refuse_free_day
    )
    slot = "the morning of the next round" if proposed is Postponement.MORNING else "a free day"
    if opponent_refuses:
        if not may_refuse:
            raise RuleError(f"the opponent cannot refuse to play on {slot}", ARTICLE)
        raise RuleError(
            f"the opponent refuses to play on {slot}, as they may: propose another "
            "slot, or record that no solution was found (a forfeit)",
            ARTICLE,
        )
    return IllnessDecision(
        "postpone", proposed, f"the game of round {round_no} is played on {slot}", ARTICLE
    )


def apply_illness(game: Game, ill: int, decision: IllnessDecision) -> Game:
    """The game after ``decision`` about player ``ill``: postponed (a state, not a comment), or
    lost by forfeit by the player who fell ill."""
    if game.result is not None:
        raise RuleError(
            f"round {game.round} board {game.board} already has a result "
            f"({game.result.value}): there is nothing left to postpone",
            ARTICLE,
        )
    if decision.outcome == "forfeit":
        return forfeit_by(game, ill)
    game.colour_of(ill)  # raises for a player who is not in this game
    return replace(game, state=GameState.POSTPONED)
