"""What the pairings say of a board in words: its result, and what a forfeit or a correction
does (§2, §4, §8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from normtui.rules.duties import signers
from normtui.rules.model import ArmageddonResult, MainResult
from normtui.store import GameRecord
from normtui.store.values import surname
from normtui.tui.formatting import points, result_text

if TYPE_CHECKING:
    from normtui.rules.profile import MainPoints

OUTCOMES = {
    "1-0": "White wins",
    "0-1": "Black wins",
    "1/2-1/2": "Draw, then Armageddon",
    "+/-": "White wins by forfeit",
    "-/+": "Black wins by forfeit",
    "-/-": "Double forfeit",
}


def absent_players(game: GameRecord, result: MainResult) -> list[tuple[int, str]]:
    """(number, name) of the players a forfeit result says were absent."""
    white, black = (game.white, game.white_name), (game.black, game.black_name)
    return {
        MainResult.WHITE_FORFEIT_WIN: [black],
        MainResult.BLACK_FORFEIT_WIN: [white],
        MainResult.DOUBLE_FORFEIT: [white, black],
    }.get(result, [])


def outcome(value: str, game: GameRecord) -> str:
    """What a result is, in words: a draw opens an Armageddon only where the event has one."""
    if value == MainResult.DRAW.value and not game.armageddon_after_draw:
        return "Draw"
    return OUTCOMES[value]


def forfeit_meaning(game: GameRecord, result: MainResult, scored: MainPoints) -> str:
    """What a forfeit does, said with the players' names and the event's points (§4)."""
    absent = [surname(n) for _no, n in absent_players(game, result)]
    # "no Armageddon" only where a draw would have had one.
    tail = "; no Armageddon (§4)." if game.armageddon_after_draw else " (§4)."
    win, loss = points(scored.forfeit_win), points(scored.forfeit_loss)
    if result is MainResult.DOUBLE_FORFEIT:
        return f"Both absent: {absent[0]} and {absent[1]} score {loss}{tail}"
    winner = surname(game.white_name if result is MainResult.WHITE_FORFEIT_WIN else game.black_name)
    return f"{absent[0]} absent: {winner} scores {win}, {absent[0]} {loss}{tail}"


def describe(game: GameRecord) -> str:
    if game.result is None:
        return "no result"
    text = result_text(game.result)
    if game.armageddon is not None:
        text += f", Armageddon {result_text(game.armageddon)}"
    return text


def correction_note(
    game: GameRecord, new: MainResult | ArmageddonResult, record: str | None
) -> str:
    """What a correction to ``new`` does beyond the result: the audit row, the signatures
    (§8), and the attached ``record`` (the main game's, or the Armageddon's), which stays and
    may then contradict the result (`normtui check` says so)."""
    # The importer: not loaded for the first pane (a correction comes after it).
    from normtui.importing.agreement import agrees, record_result

    signed = signers(game.signatures)
    note = "The correction is recorded in the audit log."
    if signed:
        note = (
            f"Signed by {', '.join(signed)}: the signatures are cleared, the players sign "
            "the new result, then the arbiter countersigns (§8). Recorded in the audit log."
        )
    said = record_result(record) if record else None
    if said is not None and not agrees(said, new.value):
        note += (
            f"\nIts attached record says {result_text(said)}: it stays, and `normtui "
            "check` reports it until the record is replaced (pane 2)."
        )
    return note
