"""normtui.text: what text may enter the event, and how it leaves it for
spreadsheets, PGN files and terminals."""

from __future__ import annotations

import doctest
import os
import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import normtui.text
from normtui.text import (
    TextFileError,
    clean_text,
    csv_cell,
    csv_line,
    from_argv,
    has_controls,
    is_number,
    pgn_string,
    read_bytes,
    read_text_file,
    visible,
)

HOSTILE = [
    "\x1b[31mMark\x1b[0m",
    "a\r\n001    1 m GM Fake",
    "abc\u202edcba\u2066x\u2069",
    "tab\there",
    "\x00nul\x7f",
    "zero\u200bwidth\ufeff",
    "line\u2028sep",
    "  \t ",
]


def test_docstring_examples() -> None:
    result = doctest.testmod(normtui.text)
    assert result.failed == 0 and result.attempted > 5


@pytest.mark.parametrize("text", HOSTILE)
def test_cleaned_text_is_one_printable_line(text: str) -> None:
    cleaned = clean_text(text)
    assert cleaned == clean_text(cleaned)
    assert all(unicodedata.category(c) not in ("Cc", "Cf", "Zl", "Zp") for c in cleaned)
    assert cleaned == cleaned.strip() and "  " not in cleaned


@settings(max_examples=200, derandomize=True, database=None)
@given(st.text())
def test_clean_text_leaves_nothing_a_terminal_or_a_fixed_format_obeys(text: str) -> None:
    cleaned = clean_text(text)
    assert clean_text(cleaned) == cleaned
    assert not re.search(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]", cleaned)
    cleaned.encode("utf-8")  # storable: no lone surrogates


def test_names_keep_their_letters_and_joiners() -> None:
    assert clean_text("Mamedyarov, Shakhriyar") == "Mamedyarov, Shakhriyar"
    assert clean_text("Firouzja, Alireza \u200cx") == "Firouzja, Alireza \u200cx"
    assert clean_text("Øystein Hø\u0301") == unicodedata.normalize("NFC", "Øystein Hø\u0301")


def test_ascii_digits_only() -> None:
    assert [is_number(t) for t in ("0", "12", "²", "١٢", "１２", "-1", "1 ", "")] == [
        True,
        True,
        False,
        False,
        False,
        False,
        False,
        False,
    ]


def test_visible_shows_escapes_instead_of_obeying_them() -> None:
    shown = visible("a\x1b[2Jb\u202ec\udcf8")
    assert shown == "a\\x1b[2Jb\\u202ec\\udcf8"
    assert visible("Tromsø, Ålesund") == "Tromsø, Ålesund"


def test_latin1_argv_is_read_as_windows_1252() -> None:
    typed = os.fsdecode("Troms\xf8 \x80".encode("latin-1"))  # what Python gives for those bytes
    assert from_argv(typed) == "Tromsø €"
    with pytest.raises(ValueError, match="neither UTF-8 nor Windows-1252"):
        from_argv(os.fsdecode(b"\x81"))


@pytest.mark.parametrize(
    "cell", ["=1+1", "+1+1", "-2+3+cmd|' /C calc'!A0", "@SUM(A1)", '=HYPERLINK("http://x")']
)
def test_csv_formulas_are_neutralised(cell: str) -> None:
    assert csv_cell(cell) == "'" + cell


def test_csv_cells_show_control_characters_as_escapes() -> None:
    # A tab or CR before a formula is shown as text, so it starts no formula and no line.
    assert [csv_cell(c) for c in ("\t=1", "\r=1", "Evil\x1b]52;c;x\x07\nName")] == [
        "\\t=1",
        "\\r=1",
        "Evil\\x1b]52;c;x\\x07\\nName",
    ]


@pytest.mark.parametrize("cell", ["-5", "+3", "1.5", "-0.5", "Carlsen, Magnus", "7-8", ""])
def test_csv_numbers_and_names_stay(cell: str) -> None:
    assert csv_cell(cell) == cell


@settings(max_examples=200, derandomize=True, database=None)
@given(st.lists(st.text(), min_size=1, max_size=5))
def test_csv_line_reads_back_and_no_cell_is_a_formula(cells: list[str]) -> None:
    import csv
    import io

    line = csv_line(cells)
    (read,) = list(csv.reader(io.StringIO(line + "\n"))) if line else [[""]]
    for original, got in zip(cells, read, strict=True):
        assert got in (visible(original), "'" + visible(original))
        assert not has_controls(got)
        assert not got.startswith(("=", "+", "@")) or got == original == csv_cell(original)
    # A spreadsheet splitting at ";" or tabs cannot start a cell inside a field either.
    for field in re.split(r"(?<=,)", line):
        assert not re.match(r"^[^\"]*[;\t][=+@-]", field)


@settings(max_examples=200, derandomize=True, database=None)
@given(st.text())
def test_pgn_strings_stay_inside_their_tag(value: str) -> None:
    import chess.pgn

    tag = f'[Site "{pgn_string(value)}"]'
    assert "\n" not in tag and "\r" not in tag
    game = chess.pgn.read_game(__import__("io").StringIO(tag + "\n\n*\n"))
    assert game is not None and list(game.headers) == list(chess.pgn.Headers())
    unescaped = re.sub(r'\\(["\\])', r"\1", game.headers["Site"])
    assert unescaped == clean_text(value)


def _node(path: Path, numbers: tuple[int, int]) -> Path:
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    os.mknod(path, 0o666 | 0o020000, os.makedev(*numbers))
    return path


def test_a_device_is_refused_unread(tmp_path: Path) -> None:
    """/dev/zero's numbers on a node of our own: not a file, so not read at all."""
    zero = _node(tmp_path / "zero", (1, 5))
    with pytest.raises(TextFileError, match="zero: not a regular file but a device"):
        read_text_file(zero, limit=1 << 20, what="players file")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    """Opening a FIFO for reading waits until something opens it for writing: forever."""
    fifo = tmp_path / "players.csv"
    os.mkfifo(fifo)
    with pytest.raises(TextFileError, match=r"players\.csv: not a regular file but a FIFO"):
        read_text_file(fifo, limit=1 << 20, what="players file")
    with pytest.raises(TextFileError, match="not a regular file but a folder"):
        read_bytes(tmp_path, limit=1 << 20, what="TRF file")


def test_a_big_sparse_file_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.csv"
    with big.open("wb") as f:
        f.truncate(8 << 30)  # 8 GB of holes: nothing on the disk
    with pytest.raises(TextFileError, match="larger than 64 KB"):
        read_text_file(big, limit=64 << 10, what="file")


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        ("Søren".encode(), "Søren"),
        (b"\xef\xbb\xbfS\xc3\xb8ren", "Søren"),
        ("Søren".encode("cp1252"), "Søren"),
        ("Søren".encode("utf-16"), "Søren"),
    ],
)
def test_encodings_a_spreadsheet_saves(tmp_path: Path, raw: bytes, text: str) -> None:
    path = tmp_path / "f.csv"
    path.write_bytes(raw)
    assert read_text_file(path, limit=100, what="file") == text


def test_binary_and_unknown_bytes_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"PK\x03\x04\x00\x00")
    with pytest.raises(TextFileError, match="binary data"):
        read_text_file(path, limit=100, what="file")
    path.write_bytes(b"\x81\x8d")
    with pytest.raises(TextFileError, match="neither UTF-8 nor Windows-1252"):
        read_text_file(path, limit=100, what="file")
    with pytest.raises(TextFileError, match="not UTF-8"):
        read_text_file(path, limit=100, what="profile", utf8_only=True)
