"""§2 and §4: what a pairing is worth once its main game (and any Armageddon) is known.

>>> from normtui.rules.model import Game, MainResult, ArmageddonResult
>>> from normtui.rules.profile import MainPoints
>>> points = MainPoints(Decimal(3), Decimal(0), Decimal("1.5"), Decimal(1), Decimal(3),
...                     Decimal(0))  # 2022's; real callers pass profile.points
>>> game = Game(1, 1, 2, 9, MainResult.DRAW, ArmageddonResult.DRAW)
>>> pairing_points(game, points)
(Decimal('1'), Decimal('1.5'))
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from normtui.rules.model import (
    ArmageddonResult,
    Colour,
    Game,
    MainResult,
    RuleError,
)

if TYPE_CHECKING:
    from normtui.rules.profile import BlitzPoints, MainPoints

__all__ = [
    "armageddon_due",
    "blitz_points",
    "check_game",
    "is_complete",
    "opens_armageddon",
    "pairing_points",
    "points_of",
]


def __getattr__(name: str) -> object:
    # POINTS, the 2022 numbers for tests and examples (real callers pass profile.points),
    # made on first use: `normtui log` loads this module but not the profile's.
    if name == "POINTS":
        from normtui.rules.profile import MainPoints  # lazy: `normtui log` loads no profile

        points = MainPoints(
            Decimal(3), Decimal(0), Decimal("1.5"), Decimal(1), Decimal(3), Decimal(0)
        )
        globals()["POINTS"] = points
        return points
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def check_game(game: Game) -> None:
    """Refuse the states the regulations make impossible, naming the article."""
    if game.armageddon is not None and not game.armageddon_after_draw:
        raise RuleError(
            f"round {game.round} board {game.board}: this event plays no "
            "Armageddon after a drawn game",
            "profile: classical.armageddon_after_draw",
        )
    if game.armageddon is not None:
        if game.result is None:
            raise RuleError(
                f"round {game.round} board {game.board}: an Armageddon is played only after "
                "the main game is drawn, and this main game has no result yet",
                "Regulations §2",
            )
        if not game.result.is_draw:
            kind = "forfeited" if game.result.is_forfeit else "decisive"
            raise RuleError(
                f"round {game.round} board {game.board}: no Armageddon after a {kind} main game "
                f"({game.result.value})",
                "Regulations §2",
            )


def opens_armageddon(result: MainResult | None, armageddon_after_draw: bool) -> bool:
    """Whether a main game ending in ``result`` opens an Armageddon under the event's rules:
    a draw does where the profile has one (Norway's §2, ``classical.armageddon_after_draw``);
    in a 1 / ½ / 0 event a draw is complete as it is. Every screen, command and export that
    speaks of an Armageddon to come asks this, never the result alone.

    >>> opens_armageddon(MainResult.DRAW, True), opens_armageddon(MainResult.DRAW, False)
    (True, False)
    """
    return armageddon_after_draw and result is MainResult.DRAW


def armageddon_due(game: Game) -> bool:
    """A drawn main game waits for its Armageddon (§2), where the rules have one."""
    return opens_armageddon(game.result, game.armageddon_after_draw) and game.armageddon is None


def is_complete(game: Game) -> bool:
    return game.result is not None and not armageddon_due(game)


def pairing_points(
    game: Game, points: MainPoints, armageddon_draw_winner: str = "black"
) -> tuple[Decimal, Decimal] | None:
    """Points of (White, Black) for the pairing, or ``None`` while it is not complete (§4).

    A forfeit gives the present player ``forfeit_win`` and the absent one ``forfeit_loss``
    with no Armageddon; a double forfeit gives both ``forfeit_loss``.
    """
    check_game(game)
    result = game.result
    if result is None:
        return None
    if result is MainResult.DOUBLE_FORFEIT:
        return points.forfeit_loss, points.forfeit_loss
    if result is MainResult.WHITE_FORFEIT_WIN:
        return points.forfeit_win, points.forfeit_loss
    if result is MainResult.BLACK_FORFEIT_WIN:
        return points.forfeit_loss, points.forfeit_win
    if result is MainResult.WHITE_WIN:
        return points.win, points.loss
    if result is MainResult.BLACK_WIN:
        return points.loss, points.win
    if game.armageddon is None:
        if game.armageddon_after_draw:
            return None
        # No Armageddon (1 / ½ / 0): the profile gives a draw's points as both keys.
        return points.draw_armageddon_loss, points.draw_armageddon_loss
    winner = game.armageddon.winner(armageddon_draw_winner)
    if game.armageddon.is_forfeit:
        # A player absent for the Armageddon: the drawn main game stands, the Armageddon is
        # lost by forfeit (the profile's points, by default those of a lost Armageddon).
        high, low = points.armageddon_forfeit
        if winner is None:
            return low, low
    else:
        high, low = points.draw_armageddon_win, points.draw_armageddon_loss
    return (high, low) if winner is Colour.WHITE else (low, high)


def points_of(
    game: Game, number: int, points: MainPoints, armageddon_draw_winner: str = "black"
) -> Decimal | None:
    scored = pairing_points(game, points, armageddon_draw_winner)
    if scored is None:
        return None
    return scored[0] if game.colour_of(number) is Colour.WHITE else scored[1]


def blitz_points(
    result: MainResult | ArmageddonResult, points: BlitzPoints
) -> tuple[Decimal, Decimal]:
    """1 / ½ / 0 scoring of the blitz opener and the play-off games (forfeits as wins)."""
    value = result.value
    if value in ("1-0", "+/-"):
        return points.win, points.loss
    if value in ("0-1", "-/+"):
        return points.loss, points.win
    if value == "-/-":
        return points.loss, points.loss
    return points.draw, points.draw
