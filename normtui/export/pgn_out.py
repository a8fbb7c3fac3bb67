r"""Every game of the event in one PGN file, written by python-chess: the main games, their
Armageddon games and the play-off.

Header choices (the PGN standard's Seven Tag Roster first, in its order, then every other tag
in ASCII order by name, as the standard's export format has them, 8.1.1):

* ``Event``: the event's name for a main game; ``"<name> Armageddon"`` for the Armageddon
  after a drawn main game (as the 2022 broadcast named them); ``"<name> Play-off"`` and
  ``"<name> Play-off Armageddon"`` for the play-off.
* ``Round``: ``"round.board"`` for main and Armageddon games alike (the Armageddon is played
  on the same board by the same players), so ``Event`` is what tells them apart. Play-off
  games are ``"game.board"`` of the play-off (match game 1 is "1.1").
* ``Date``: the round's date; the play-off is played after the last round (§5), on its date.
* ``Site``: the venue (``EventDetails.place``), else "?".
* ``WhiteElo`` / ``BlackElo`` (``"-"`` for an unrated player, per the standard),
  ``WhiteFideId`` / ``BlackFideId`` when known.
* ``TimeControl`` in the standard's syntax (9.6.1). The classical "120 minutes, 10 seconds
  from move 41" is ``40/7200:0+10``: 40 moves in 7200 s, then no added time and 10 s a move.
  The standard has one field for both players, so a clock that differs by colour (the
  Armageddon's 10' against 7') has no ``TimeControl``; ``WhiteTimeControl`` and
  ``BlackTimeControl`` give each player's in the same syntax instead.
* ``Termination``: from the stored PGN when it has one; ``"abandoned"`` for a forfeit, which
  is written with its result and no moves (a double forfeit, having no winner and no game, is
  left out).

The moves are those of the stored PGN text (other tags it carries, such as ``ECO``, are kept);
a game with no stored text gets the headers and its result only. The result is always the
store's, which the arbiter confirmed, not whatever the stored text says.

Every tag value is one line with ``"`` and ``\`` escaped (PGN standard 8.1.1: a Site typed with
a line break and ``[Result "0-1"]`` in it stays inside its tag), and comments hold no control
characters (:func:`normtui.text.pgn_string`, :func:`normtui.text.clean_text`).

The file is UTF-8, not the standard's Latin-1 (4.1): the names are the players' as FIDE and the
event spell them (Øystein, Đukić), which Latin-1 cannot all hold, and every reader a broadcast
or a federation uses reads UTF-8. The comments normtui writes itself are ASCII (the standard
discourages even Latin-1's § for its varying glyphs: "Regulations, article 2"); see
docs/pgn-export.md.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator

import chess.pgn

from normtui.export.snapshot import Snapshot, pgn_time_control
from normtui.rules.model import ArmageddonResult, MainResult, Player
from normtui.rules.playoff import PlayoffGame
from normtui.rules.profile import TimeControl
from normtui.store import GameRecord
from normtui.text import clean_text, pgn_string

__all__ = [
    "board_games",
    "export_order",
    "game_text",
    "pgn",
    "pgn_games",
    "playoff_games",
    "round_games",
]

_OURS = frozenset(
    {
        "Event",
        "Site",
        "Date",
        "Round",
        "White",
        "Black",
        "Result",
        "WhiteElo",
        "BlackElo",
        "WhiteFideId",
        "BlackFideId",
        "TimeControl",
        "WhiteTimeControl",
        "BlackTimeControl",
    }
)
# PGN has no forfeit: a game won by forfeit is written as won.
_AS_WON = {
    MainResult.WHITE_FORFEIT_WIN: MainResult.WHITE_WIN,
    MainResult.BLACK_FORFEIT_WIN: MainResult.BLACK_WIN,
}


# python-chess reads a tag value as written, escapes and all.
_ESCAPED = re.compile(r'\\(["\\])')


class _Exporter(chess.pgn.StringExporter):
    """python-chess's exporter, with tag values and comments made safe for a PGN file."""

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        super().visit_header(tagname, pgn_string(tagvalue))

    def visit_comment(self, comment: str) -> None:
        super().visit_comment(clean_text(comment))


def _moves(text: str | None) -> chess.pgn.Game:
    game = chess.pgn.read_game(io.StringIO(text)) if text else None
    return game if game is not None else chess.pgn.Game()


def _build(
    snap: Snapshot,
    text: str | None,
    event: str,
    round_: str,
    date: str | None,
    white: Player,
    black: Player,
    result: str,
    tc: TimeControl,
) -> chess.pgn.Game:
    game = _moves(text)
    kept = {k: _ESCAPED.sub(r"\1", v) for k, v in game.headers.items() if k not in _OURS}
    headers = chess.pgn.Headers(
        Event=event,
        Site=snap.details.place or "?",
        Date=date.replace("-", ".") if date else "????.??.??",
        Round=round_,
        White=white.name,
        Black=black.name,
        Result=result,
    )
    for colour, p in (("White", white), ("Black", black)):
        headers[f"{colour}Elo"] = str(p.rating) if p.rating else "-"
    for colour, p in (("White", white), ("Black", black)):
        if p.fide_id:
            headers[f"{colour}FideId"] = p.fide_id
    if tc.same_for_both:
        headers["TimeControl"] = pgn_time_control(tc)
    else:
        headers["WhiteTimeControl"] = pgn_time_control(tc, white=True)
        headers["BlackTimeControl"] = pgn_time_control(tc, white=False)
    headers.update(kept)
    game.headers = headers
    return game


def _main(snap: Snapshot, g: GameRecord) -> chess.pgn.Game | None:
    if g.result is MainResult.DOUBLE_FORFEIT:
        return None
    result = _AS_WON.get(g.result, g.result).value if g.result is not None else "*"
    game = _build(
        snap,
        g.pgn,
        snap.name,
        f"{g.round}.{g.board}",
        snap.round_dates.get(g.round),
        snap.by_number[g.white],
        snap.by_number[g.black],
        result,
        snap.profile.time_controls["classical"],
    )
    if g.result is not None and g.result.is_forfeit:
        game.headers["Termination"] = "abandoned"
        winner = "White" if g.result is MainResult.WHITE_FORFEIT_WIN else "Black"
        game.comment = f"{winner} won by forfeit: the game was not played."
    return game


def _armageddon(snap: Snapshot, g: GameRecord) -> chess.pgn.Game | None:
    arm = g.armageddon
    if arm is ArmageddonResult.DOUBLE_FORFEIT:
        return None
    forfeit = arm is not None and arm.is_forfeit
    result = (
        "*" if arm is None else ({"+/-": "1-0", "-/+": "0-1"}[arm.value] if forfeit else arm.value)
    )
    game = _build(
        snap,
        g.armageddon_pgn,
        f"{snap.name} Armageddon",
        f"{g.round}.{g.board}",
        snap.round_dates.get(g.round),
        snap.by_number[g.white],
        snap.by_number[g.black],
        result,
        snap.profile.time_controls["armageddon"],
    )
    if forfeit:
        game.headers["Termination"] = "abandoned"
        winner = "White" if arm is ArmageddonResult.WHITE_FORFEIT_WIN else "Black"
        game.comment = f"{winner} won the Armageddon by forfeit: the game was not played."
    elif result == "1/2-1/2":
        winner = snap.profile.classical.armageddon_draw_winner.capitalize()
        game.comment = f"Drawn Armageddon: {winner} wins the pairing (Regulations, article 2)."
    return game


def _playoff(snap: Snapshot, g: PlayoffGame) -> chess.pgn.Game:
    event = f"{snap.name} Play-off" + {
        "armageddon": " Armageddon",
        "sudden_death": " sudden death",
    }.get(g.kind, "")
    game = _build(
        snap,
        None,
        event,
        f"{g.round}.{g.board}",
        snap.end_date,
        snap.by_number[g.white],
        snap.by_number[g.black],
        g.result or "*",
        snap.profile.time_controls[g.time_control],
    )
    if g.kind == "armageddon" and g.result == "1/2-1/2":
        winner = snap.profile.playoff.armageddon_draw_winner.capitalize()
        game.comment = f"Drawn Armageddon: {winner} wins the play-off (Regulations, article 5)."
    return game


def board_games(snap: Snapshot, g: GameRecord) -> Iterator[chess.pgn.Game]:
    """A board's main game and its Armageddon, as far as they have begun."""
    if g.result is None and g.pgn is None:
        return
    main = _main(snap, g)
    if main is not None:
        yield main
    if g.result is MainResult.DRAW and (g.armageddon or g.armageddon_pgn):
        armageddon = _armageddon(snap, g)
        if armageddon is not None:
            yield armageddon


def playoff_games(snap: Snapshot) -> Iterator[chess.pgn.Game]:
    """The play-off's games that have a result."""
    for pg in snap.playoff.games:
        if pg.result is not None:
            yield _playoff(snap, pg)


def pgn_games(snap: Snapshot) -> Iterator[chess.pgn.Game]:
    """The games in the order they were played: round by round and board by board, each
    Armageddon after its main game, then the play-off. Games not begun are left out."""
    for g in snap.games:
        yield from board_games(snap, g)
    yield from playoff_games(snap)


def round_games(
    snap: Snapshot, round_no: int, *, armageddon: bool = False, pairings: bool = False
) -> list[chess.pgn.Game]:
    """One round's main games (or, ``armageddon``, its Armageddon games), board by board.

    ``pairings``: a board not begun is there too, as its players and ``*``, so that a
    broadcast shows who plays whom before the first move; an Armageddon only once its main
    game is drawn."""
    out = []
    for g in snap.games:
        if g.round != round_no:
            continue
        if armageddon:
            if g.result is MainResult.DRAW and (pairings or g.armageddon or g.armageddon_pgn):
                game = _armageddon(snap, g)
            else:
                continue
        elif pairings or g.result is not None or g.pgn is not None:
            game = _main(snap, g)
        else:
            continue
        if game is not None:
            out.append(game)
    return out


def export_order(headers: chess.pgn.Headers) -> chess.pgn.Headers:
    """The Seven Tag Roster in its order, then every other tag in ASCII order by name: the
    PGN standard's export format (8.1.1). python-chess writes the others as they came."""
    ordered = chess.pgn.Headers({k: headers[k] for k in chess.pgn.TAG_ROSTER if k in headers})
    for name in sorted(k for k in headers if k not in chess.pgn.TAG_ROSTER):
        ordered[name] = headers[name]
    return ordered


def game_text(game: chess.pgn.Game) -> str:
    """One game as PGN text in export format: tags in the standard's order, movetext wrapped
    at 79 columns."""
    game.headers = export_order(game.headers)
    return game.accept(_Exporter(columns=79, headers=True, variations=True, comments=True))


def pgn(snap: Snapshot, games: Iterable[chess.pgn.Game] | None = None) -> str:
    """The PGN file: games separated by a blank line, movetext wrapped at 79 columns;
    every game of the event, or ``games``."""
    out = [game_text(game) for game in (pgn_games(snap) if games is None else games)]
    return "\n\n".join(out) + "\n" if out else ""
