"""Reading any file a broadcaster or an arbiter's laptop produces: encodings, line ends,
games without blank lines between them, empty and binary files, ranges for parallel work."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.assets import DATA_2022
from normtui.pgn import (
    PgnReadError,
    game_ranges,
    iter_games,
    split_text,
    validate_file,
    validate_text,
)
from normtui.pgn.reader import decode_line
from normtui.rules.profile import Profile

from .conftest import PGN_DATA, codes, only


def test_utf8_with_bom_and_crlf(profile: Profile) -> None:
    [report] = validate_file(PGN_DATA / "utf8_bom_crlf.pgn", "main", profile)
    assert report.white == "Østenstad, Berge"
    assert report.headers["Event"] == "Fixture Open"  # the BOM is not part of the first tag
    assert report.ok and report.findings == ()
    assert "\r" not in report.pgn_text


def test_windows_1252_is_read_and_noted(profile: Profile) -> None:
    [report] = validate_file(PGN_DATA / "encoding_cp1252.pgn", "main", profile)
    assert report.white == "Østenstad, Berge"
    assert codes(report) == ["encoding"]
    assert report.findings[0].severity == "info"
    assert "Line 5" in report.findings[0].message


def test_one_latin1_line_in_a_utf8_file_costs_that_line_only() -> None:
    assert decode_line("Tari, Aryan – ok".encode()) == ("Tari, Aryan – ok", False)
    assert decode_line(b"Hammer, J\xf8rn\n") == ("Hammer, Jørn\n", True)
    assert decode_line(b"\x81\x8d") == ("\x81\x8d", True)  # holes of Windows-1252: Latin-1


def test_empty_file_has_no_games(profile: Profile) -> None:
    # The CLI turns a file without games into exit code 1 (test_cli).
    assert list(validate_file(PGN_DATA / "empty.pgn", "main", profile)) == []


@pytest.mark.parametrize(("name", "why"), [("binary.pgn", "binary data"), ("utf16.pgn", "UTF-16")])
def test_binary_and_utf16_files_are_refused_at_once(profile: Profile, name: str, why: str) -> None:
    with pytest.raises(PgnReadError, match=why):
        validate_file(PGN_DATA / name, "main", profile)


def test_missing_file_is_a_read_error(tmp_path: Path, profile: Profile) -> None:
    with pytest.raises(PgnReadError, match="No such file"):
        validate_file(tmp_path / "nope.pgn", "main", profile)
    with pytest.raises(PgnReadError):
        validate_file(tmp_path, "main", profile)  # a directory


def test_games_without_blank_line_between_them_are_two_games() -> None:
    text = '[White "a"]\n[Result "1-0"]\n1. e4 1-0\n[White "b"]\n[Result "0-1"]\n1. d4 0-1\n'
    games = list(split_text(text))
    assert [g.line for g in games] == [1, 4]
    assert games[1].header_text.startswith('[White "b"]')


def test_headers_only_games_and_headerless_games() -> None:
    text = '[White "a"]\n[Result "1-0"]\n\n[White "b"]\n[Result "1-0"]\n\n1. e4 *\n\n1. d4 d5 *\n'
    games = list(split_text(text))
    assert [(g.line, g.movetext.strip()) for g in games] == [
        (1, ""),
        (4, "1. e4 *"),
        (9, "1. d4 d5 *"),
    ]


def test_tag_like_lines_inside_comments_stay_in_the_game() -> None:
    text = (
        '[White "a"]\n\n1. e4 {a long comment\n\n[%clk 1:59:00] still the comment}\n'
        'e5 *\n\n[White "b"]\n\n1. d4 *\n'
    )
    games = list(split_text(text))
    assert len(games) == 2
    assert "e5 *" in games[0].movetext


def test_old_mac_line_ends() -> None:
    text = '[White "a"]\r[Result "*"]\r\r1. e4 *\r'
    [game] = split_text(text)
    assert game.movetext == "1. e4 *\n"


def test_ranges_give_the_same_games_as_one_pass() -> None:
    path = DATA_2022 / "classical.pgn"
    whole = [(g.line, g.text) for g in iter_games(path)]
    parts = [
        (g.line, g.text)
        for start, end, line in game_ranges(path, 2000)
        for g in iter_games(path, start, end, line)
    ]
    assert parts == whole
    assert len(game_ranges(path, 2000)) > 10


def test_chessbase_empty_line_in_the_tags(profile: Profile) -> None:
    """ChessBase writes a blank line after the Event tag (python-chess's own test file
    chessbase-empty-line.pgn): one game, with its Event, not a phantom game before it."""
    first, second = validate_file(PGN_DATA / "chessbase_empty_line.pgn", "main", profile)
    assert (first.line, second.line) == (1, 21)
    assert first.headers["Event"] == second.headers["Event"] == "Fixture Open"
    assert first.findings == second.findings == ()
    assert (first.termination, second.termination) == ("resignation", "checkmate")
    game = next(iter_games(PGN_DATA / "chessbase_empty_line.pgn"))
    assert game.dropped == (2,) and game.text.startswith('[Event "Fixture Open"]\n[Site')


def test_tags_only_exports_stay_one_game_each() -> None:
    """Results without moves, a blank line between games: a tag the game already has (the
    next Event) starts the next game; the tags ChessBase writes after its blank line do not."""
    games = list(iter_games(PGN_DATA / "no_moves.pgn"))
    assert [g.line for g in games] == [1, 9, 17, 27]
    assert all(g.header_text.startswith('[Event "Fixture Open"]') for g in games)
    text = '[Event "A"]\n[Result "1-0"]\n\n[Event "B"]\n[Result "0-1"]\n\n[Site "S"]\n'
    assert [g.line for g in split_text(text)] == [1, 4]  # B had no Site yet: still B
    # The first game without Event: the next game's block still names White again.
    text = '[White "a"]\n[Result "1-0"]\n\n[Event "B"]\n[White "b"]\n[Result "0-1"]\n'
    assert [g.line for g in split_text(text)] == [1, 4]


def test_bom_at_the_start_of_any_line(profile: Profile) -> None:
    """Two UTF-8 files with a BOM joined with cat: the second BOM is no text."""
    first, second = validate_file(PGN_DATA / "bom_joined.pgn", "main", profile)
    assert (first.line, second.line) == (1, 10)
    assert second.headers["Event"] == "Fixture Open" and second.white == "Giri, Anish"
    assert first.findings == second.findings == ()
    assert "\ufeff" not in second.pgn_text


def test_game_comment_blank_line_then_the_moves(profile: Profile) -> None:
    """A game comment, a blank line, the moves: one game (not a "forfeit" and a game without
    tags); two blank lines between the tags and the moves, too."""
    first, second = validate_file(PGN_DATA / "comment_blank_moves.pgn", "main", profile)
    assert (first.line, second.line) == (1, 13)
    assert (first.termination, second.termination) == ("checkmate", "checkmate")
    assert first.findings == second.findings == ()
    assert first.headers["Round"] == "1" and second.headers["Round"] == "2"


def test_a_tag_line_inside_a_comment(profile: Profile) -> None:
    """Inside a comment that is closed later, a tag line is the comment's text; inside one
    never closed, the next game's tags end it."""
    first, second, third = validate_file(PGN_DATA / "comment_tag_line.pgn", "main", profile)
    assert (first.line, second.line, third.line) == (1, 14, 24)
    assert (first.termination, first.findings) == ("checkmate", ())
    assert '[See "Smith"]' in first.pgn_text
    assert "never closed" in only(second, "unreadable_text").message
    assert third.ok and third.termination == "checkmate"


def test_line_numbers_count_the_blank_lines_left_out(profile: Profile) -> None:
    text = '[Event "E"]\n\n[Site "S"]\n[Date x]\n\n\n{Notes}\n\n1. e4 e5 2. Nf9 *\n'
    [report] = validate_text(text, "main", profile)
    assert "Line 4 is not a valid tag" in only(report, "malformed_tag").message
    assert "'Nf9' (line 9)" in only(report, "unreadable_text").message


def test_lone_cr_is_a_line_end_in_every_mode(tmp_path: Path, profile: Profile) -> None:
    """Old Mac line ends beside Unix ones: the same line numbers read whole, in ranges and
    pasted as text."""
    mac = b'[Event "E"]\r[Result "*"]\r\r1. e4 Nf9 *\r\r'
    unix = b'[Event "F"]\n[Result "*"]\n\n1. d4 Nf9 *\n\n'
    path = tmp_path / "mixed.pgn"
    path.write_bytes((mac + unix) * 3)
    whole = [(r.line, r.findings) for r in validate_file(path, "main", profile)]
    assert [line for line, _ in whole] == [1, 6, 11, 16, 21, 26]
    assert "'Nf9' (line 14)" in whole[2][1][0].message
    for chunk in (1, 30, 50, 100):
        parts = [
            (g.line, g.text)
            for start, end, line in game_ranges(path, chunk)
            for g in iter_games(path, start, end, line)
        ]
        assert parts == [(g.line, g.text) for g in iter_games(path)]
    pasted = (mac + unix).decode() * 3
    assert [(r.line, r.findings) for r in validate_text(pasted, "main", profile)] == whole


_TRICKY = [
    "1. e4 e5 1-0",
    "{c\n\n[x]} 1. d4 *",
    '{c\n\n[See "Smith"] p. 4} 1. d4 *',
    '{c\n\n[See "Smith"]\n} 1. d4 *',
    "{Annotated}\n\n1. e4 *",
    "\n1. e4 (1. d4\n",
    "",
]


@settings(max_examples=40, deadline=None)
@given(
    chunk=st.integers(min_value=1, max_value=4_000),
    games=st.lists(
        st.tuples(
            st.sampled_from(_TRICKY),
            st.sampled_from(["\n", "\r\n", "\r"]),
            st.booleans(),
            st.booleans(),
        ),
        min_size=1,
        max_size=12,
    ),
)
def test_ranges_never_lose_or_split_a_game(
    tmp_path_factory: pytest.TempPathFactory, chunk: int, games: list[tuple[str, str, bool, bool]]
) -> None:
    """Whatever the range size, reading the ranges gives the games, texts and line numbers of
    one pass, and so does the same text pasted; the games are the ones written."""
    path = tmp_path_factory.mktemp("ranges") / "g.pgn"
    parts = []
    for i, (moves, end, bom, chessbase) in enumerate(games):
        blank = "\n\n" if chessbase else "\n"
        text = f'[Event "E{i}"]{blank}[Result "*"]\n\n{moves}\n\n'.replace("\n", end)
        parts.append(("\ufeff" if bom else "") + text)
    path.write_text("".join(parts), encoding="utf-8", newline="")
    whole = [(g.line, g.text, g.dropped) for g in iter_games(path)]
    ranges = game_ranges(path, chunk)
    read = [
        (g.line, g.text, g.dropped)
        for start, end, line in ranges
        for g in iter_games(path, start, end, line)
    ]
    assert read == whole
    assert [(g.line, g.text, g.dropped) for g in split_text("".join(parts))] == whole
    assert len(whole) == len(games)
    assert [g.header_text.split("\n")[0] for g in iter_games(path)] == [
        f'[Event "E{i}"]' for i in range(len(games))
    ]
