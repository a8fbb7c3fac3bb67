"""Every real edition in assets/data (2020, 2021, 2022, 2025, women 2025), checked against its
own profile: no error, no warning, and the very games and moves bare python-chess reads."""

from __future__ import annotations

import io
from collections import Counter

import chess.pgn
import pytest

from normtui.assets import DATA, load_profile_file, profile_path
from normtui.pgn import Stage, iter_games, validate_file

EDITIONS = (
    "norway-chess-2020",
    "norway-chess-2021",
    "norway-chess-2022",
    "norway-chess-2025",
    "norway-chess-women-2025",
)
FILES: list[tuple[str, str, Stage]] = [
    (e, kind, stage)
    for e in EDITIONS
    for kind, stage in (("classical", "main"), ("armageddon", "armageddon"))
]


@pytest.mark.parametrize(("edition", "kind", "stage"), FILES)
def test_real_games_validate_without_a_false_alarm(edition: str, kind: str, stage: Stage) -> None:
    path = DATA / edition / f"{kind}.pgn"
    reports = list(validate_file(path, stage, load_profile_file(profile_path(edition))))
    assert reports and all(r.ok for r in reports)
    codes = Counter(f.code for r in reports for f in r.findings)
    # Notes only: early draws by repetition, drawn Armageddons that Black wins.
    assert set(codes) <= {"draw_before_move_30_allowed", "armageddon_draw"}, codes
    assert not {r.termination for r in reports} & {"forfeit", "unknown"}


@pytest.mark.parametrize(("edition", "kind", "stage"), FILES)
def test_the_games_and_moves_are_those_bare_python_chess_reads(
    edition: str, kind: str, stage: Stage
) -> None:
    path = DATA / edition / f"{kind}.pgn"
    bare = []
    with path.open(encoding="utf-8-sig") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            assert not game.errors
            bare.append((dict(game.headers), [m.uci() for m in game.mainline_moves()]))
    ours = []
    for raw in iter_games(path):
        game = chess.pgn.read_game(io.StringIO(raw.text))
        assert game is not None and not game.errors
        ours.append((dict(game.headers), [m.uci() for m in game.mainline_moves()]))
    assert ours == bare
