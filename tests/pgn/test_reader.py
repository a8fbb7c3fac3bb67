"""Reading any file a broadcaster or an arbiter's laptop produces: encodings, line ends,
games without blank lines between them, empty and binary files, ranges for parallel work."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.assets import DATA_2022
from normtui.pgn import PgnReadError, game_ranges, iter_games, split_text, validate_file
from normtui.pgn.reader import decode_line
from normtui.rules.profile import Profile

from .conftest import PGN_DATA, codes


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


@pytest.mark.parametrize(("name", "why"), [("binary.pgn", "binary data"),
                                           ("utf16.pgn", "UTF-16")])
def test_binary_and_utf16_files_are_refused_at_once(profile: Profile, name: str,
                                                    why: str) -> None:
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
    text = ('[White "a"]\n[Result "1-0"]\n\n[White "b"]\n[Result "1-0"]\n\n1. e4 *\n\n'
            "1. d4 d5 *\n")
    games = list(split_text(text))
    assert [(g.line, g.movetext.strip()) for g in games] == [(1, ""), (4, "1. e4 *"),
                                                             (9, "1. d4 d5 *")]


def test_tag_like_lines_inside_comments_stay_in_the_game() -> None:
    text = ('[White "a"]\n\n1. e4 {a long comment\n\n[%clk 1:59:00] still the comment}\n'
            "e5 *\n\n[White \"b\"]\n\n1. d4 *\n")
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
    parts = [(g.line, g.text) for start, end, line in game_ranges(path, 2000)
             for g in iter_games(path, start, end, line)]
    assert parts == whole
    assert len(game_ranges(path, 2000)) > 10


@settings(max_examples=25, deadline=None)
@given(chunk=st.integers(min_value=1, max_value=40_000),
       games=st.lists(st.sampled_from(["1. e4 e5 1-0", "{c\n\n[x]} 1. d4 *", ""]),
                      min_size=1, max_size=12))
def test_ranges_never_lose_or_split_a_game(tmp_path_factory: pytest.TempPathFactory,
                                           chunk: int, games: list[str]) -> None:
    path = tmp_path_factory.mktemp("ranges") / "g.pgn"
    path.write_text("".join(f'[Event "E{i}"]\n[Result "*"]\n\n{moves}\n\n'
                            for i, moves in enumerate(games)), encoding="utf-8")
    whole = [(g.line, g.text) for g in iter_games(path)]
    parts = [(g.line, g.text) for start, end, line in game_ranges(path, chunk)
             for g in iter_games(path, start, end, line)]
    assert parts == whole
    assert len(whole) == len(games)
