"""§2 and §4: entering results, the state transitions of a game, and closing a round.

A game moves SCHEDULED (or POSTPONED) → IN_PROGRESS while a drawn main game waits for its
Armageddon → FINISHED; a forfeit goes straight to FORFEIT. A result already entered is
changed only as a correction, so a slip on the keyboard cannot silently overwrite a
confirmed result.

>>> from normtui.rules.model import Game, MainResult, ArmageddonResult
>>> game = apply_result(Game(4, 3, 2, 7), MainResult.DRAW, None)
>>> game.state
<GameState.IN_PROGRESS: 'in_progress'>
>>> apply_armageddon(game, ArmageddonResult.DRAW).state
<GameState.FINISHED: 'finished'>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from normtui.rules.model import ArmageddonResult, Game, GameState, MainResult, RuleError
from normtui.rules.scoring import armageddon_due, check_game

if TYPE_CHECKING:
    from normtui.rules.model import Player
    from normtui.rules.profile import Profile

__all__ = [
    "apply_armageddon",
    "apply_result",
    "check_armageddon_record",
    "check_playoff_kept",
    "check_round_closable",
    "check_round_open",
    "state_for",
]


def _where(game: Game) -> str:
    return f"board {game.board} of round {game.round}"


def state_for(
    result: MainResult | None,
    armageddon: ArmageddonResult | None,
    armageddon_after_draw: bool = True,
) -> GameState:
    """The state a game with these results is in."""
    if result is None:
        return GameState.SCHEDULED
    if result.is_forfeit:
        return GameState.FORFEIT
    if result.is_draw and armageddon is None and armageddon_after_draw:
        return GameState.IN_PROGRESS
    return GameState.FINISHED


def _refuse_overwrite(game: Game, what: str, old: str) -> None:
    raise RuleError(
        f"{_where(game)} already has {what}{old}; enter it as a correction", "Regulations §8"
    )


def apply_result(
    game: Game, result: MainResult, armageddon: ArmageddonResult | None, *, correction: bool = False
) -> Game:
    """The game with its main result (and, after a draw, its Armageddon) entered.

    Entering exactly what is already there is not an overwrite and returns the game as it is,
    so retrying an entry is harmless. A correction replaces both results: a main game
    corrected to a decisive result loses its Armageddon unless one is given again, which is
    then refused (§2).
    """
    if game.result is not None and not correction:
        if (game.result, game.armageddon) == (result, armageddon):
            return game
        if game.result is not result:
            _refuse_overwrite(game, "", game.result.value)
        if game.armageddon is not None:
            _refuse_overwrite(game, "the Armageddon ", game.armageddon.value)
    entered = replace(
        game,
        result=result,
        armageddon=armageddon,
        state=state_for(result, armageddon, game.armageddon_after_draw),
    )
    check_game(entered)
    return entered


def apply_armageddon(game: Game, armageddon: ArmageddonResult, *, correction: bool = False) -> Game:
    """The game with its Armageddon entered: only after a drawn main game (§2)."""
    if game.armageddon is not None and not correction:
        if game.armageddon is armageddon:
            return game
        _refuse_overwrite(game, "the Armageddon ", game.armageddon.value)
    entered = replace(
        game,
        armageddon=armageddon,
        state=state_for(game.result, armageddon, game.armageddon_after_draw),
    )
    check_game(entered)
    return entered


def check_round_open(round_no: int, closed: bool, correction: bool) -> None:
    """§8: a closed round takes a change only as a correction."""
    if closed and not correction:
        raise RuleError(
            f"round {round_no} is closed; enter a change to it as a correction", "Regulations §8"
        )


def check_armageddon_record(label: str, new: Game, recorded: bool) -> None:
    """§2: an Armageddon that has its record was played; it is not lost by forfeit."""
    if new.armageddon is not None and new.armageddon.is_forfeit and recorded:
        raise RuleError(
            f"{label}: the Armageddon has a record, so it was played; "
            "enter its board result (or replace the record first)",
            "Regulations §2",
        )


def check_playoff_kept(
    label: str, players: Sequence[Player], games: Sequence[Game], profile: Profile, new: Game
) -> None:
    """§5: once the play-off has started, a change to a main game may not change who plays it
    or their order on the tie-breaks: the play-off is derived from the final standings, so it
    would silently give its results to other players or colours. ``games``: every main game
    as it is, ``new`` one of them changed."""
    # The table and the play-off's rules: only once a play-off has started.
    from normtui.rules.playoff import playoff_players
    from normtui.rules.standings import compute_standings

    after = [new if (g.round, g.board) == (new.round, new.board) else g for g in games]
    if playoff_players(compute_standings(players, games, profile)) != playoff_players(
        compute_standings(players, after, profile)
    ):
        raise RuleError(
            f"{label}: the play-off has started, and this change would change who plays it "
            "or their order on the tie-breaks; undo the play-off first",
            "Regulations §5",
        )


def check_round_closable(games: Sequence[Game]) -> None:
    """Refuse to close a round while a board has no result or waits for its Armageddon.

    A POSTPONED game (§9) does not hold the round open: postponing is how the event goes on
    without it, and it is entered when it is played.
    """
    check = [g for g in games if g.state is not GameState.POSTPONED]
    for g in check:
        check_game(g)
    no_result = [g for g in check if g.result is None]
    no_armageddon = [g for g in check if armageddon_due(g)]
    if not no_result and not no_armageddon:
        return
    rounds = sorted({g.round for g in no_result + no_armageddon})
    parts = []
    if no_result:
        parts.append(_boards(no_result, "no result"))
    if no_armageddon:
        parts.append(_boards(no_armageddon, "a drawn main game whose Armageddon is missing"))
    label = "round" if len(rounds) == 1 else "rounds"
    raise RuleError(
        f"{label} {', '.join(map(str, rounds))} cannot be closed: {'; '.join(parts)}",
        "Regulations §2, §4",
    )


def _boards(games: Sequence[Game], what: str) -> str:
    rounds = {g.round for g in games}
    names = [
        f"{g.board}" if len(rounds) == 1 else f"{g.board} (round {g.round})"
        for g in sorted(games, key=lambda g: (g.round, g.board))
    ]
    noun = "board" if len(names) == 1 else "boards"
    return f"{noun} {', '.join(names)} {'has' if len(names) == 1 else 'have'} {what}"
