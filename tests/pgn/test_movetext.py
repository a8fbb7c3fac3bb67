"""The one tokenizer reads a whole record's moves, clocks and tags as python-chess reads them:
the live feed (which must read files cut anywhere) and the checks (python-chess) never disagree
on what a record says."""

from __future__ import annotations

import io
from pathlib import Path

import chess.pgn
import pytest

from normtui.assets import DATA
from normtui.pgn import split_text
from normtui.pgn.movetext import parse_clock, parse_emt, plain_san, read_movetext
from normtui.pgn.reader import RawGame
from normtui.pgn.record import unclosed_variation
from normtui.pgn.tags import read_tags, split_head
from normtui.pgn.visitor import FactsVisitor

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(DATA.rglob("*.pgn")) + sorted((ROOT / "tests" / "data" / "dgt").rglob("*.pgn"))


def _python_chess(raw: RawGame) -> tuple[list[str], list[float | None], dict[str, str]]:
    game = chess.pgn.read_game(io.StringIO(raw.text))
    assert game is not None
    sans, clocks = [], []
    board = game.board()
    for node in game.mainline():
        sans.append(plain_san(board.san(node.move)))
        clocks.append(node.clock())
        board.push(node.move)
    return sans, clocks, dict(game.headers)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_real_record_reads_as_python_chess_reads_it(path: Path) -> None:
    """The moves (as written, SAN python-chess would write but for check signs), each move's
    clock, and the tags, of every real game the project keeps: 2020-2025 and DGT boards'."""
    games = list(split_text(path.read_text(encoding="utf-8", errors="replace")))
    assert games
    for raw in games:
        sans, clocks, headers = _python_chess(raw)
        words = read_movetext(raw.movetext)
        assert [plain_san(p.san) for p in words.plies][: len(sans)] == sans, raw.line
        assert [p.clock for p in words.plies][: len(sans)] == clocks, raw.line
        tags = read_tags(raw.header_text)
        assert {k: v for k, v in headers.items() if k in tags} == tags, raw.line
        # A stored record is cut into its head and moves where the cutting of the file cut it.
        assert split_head(raw.text) == (raw.header_text, raw.movetext), raw.line


def test_what_python_chess_skips_is_no_move() -> None:
    """An escape line, move numbers without dots, annotations and "e.p." standing alone."""
    text = "1 e4 ! e5 2 Nf3 !? Nc6\n% a line for the software\n3. Bb5 a6 4 exd6 e.p. *"
    words = read_movetext(text)
    assert words.sans == ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "exd6") and words.whole
    facts = chess.pgn.read_game(io.StringIO(text), Visitor=FactsVisitor)
    assert facts is not None and facts.error is not None  # exd6 is illegal here, as expected
    assert len(facts.occupancy) - 1 == 6  # python-chess read the same six moves before it


def test_one_parser_of_the_clock_comments() -> None:
    assert parse_clock("[%clk 1:59:58]") == 7198 and parse_emt("[%emt 0:00:10]") == 10
    assert parse_clock("[%clk 1:05]") == 3900  # hours and minutes, as some boards write it
    assert parse_clock("[%emt 0:00:10]") is None and parse_emt("[%clk 1:59:58]") is None


def test_a_variation_never_closed_is_named_after_castling_written_with_zeros() -> None:
    [game] = split_text('[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 ( 4... d6 *\n')
    [found] = unclosed_variation(game)
    assert found.move == "4...Nf6"


@pytest.mark.parametrize(
    "text",
    [
        '[Event "E"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 1-0\n',
        '[Event "E"]\n[Result "1-0"]\n1. e4 1-0\n',  # no blank line before the moves
        '[Event "E"]\n\n% an escape line\n\n1. e4 *\n',
        '[Event "E"]\n[Bad tag]\n\n{A comment first}\n1. d4 *\n',
        "1. e4 e5 *\n",
        '[Event "E"]\n[Result "*"]\n',
    ],
)
def test_a_records_head_ends_where_the_cutting_ends_it(text: str) -> None:
    [raw] = split_text(text)
    assert split_head(raw.text) == (raw.header_text, raw.movetext)
