"""Checks on the written record, before any chess: text that is no move, tags, the result.

python-chess skips any text it does not recognise as a token without a word ("Nf9", "e:d5",
a stray "Draw!"), so a game can lose a move silently; :func:`unreadable_text` finds such text.
It skips a variation's moves unchecked up to its ")", so a "(" never closed (a "16." become
"16(") would hide every move after it: :func:`unclosed_variation` finds that.

>>> from normtui.pgn.reader import split_text
>>> game = next(split_text('[Result "1-0"]\\n\\n1. e4 e5 2. Nf9 Nc6 1-0\\n'))
>>> [(f.code, f.move) for f in unreadable_text(game)]
[('unreadable_text', '2. Nf9')]
>>> game = next(split_text('[Result "1-0"]\\n\\n1. e4 e5 2. Nf3 Nc6 3( Bb5 a6 1-0\\n'))
>>> [(f.code, f.move) for f in unclosed_variation(game)]
[('unclosed_variation', '2...Nc6')]
>>> read_result({"Result": "½-½"}, None)[0]
'1/2-1/2'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import chess

from normtui.pgn.findings import Finding, Stage, finding
from normtui.pgn.movetext import tokens
from normtui.pgn.reader import RawGame
from normtui.pgn.tags import TAG_LINE
from normtui.rules.model import Colour, MainResult, ResultError, parse_result

__all__ = [
    "header_findings",
    "read_result",
    "same_outcome",
    "unclosed_variation",
    "unreadable_text",
]

_MOVE = (
    r"(?:[NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?|[PNBRQK]?@[a-h][1-8]"
    r"|--|Z0|0000|@@@@|O-O(?:-O)?|0-0(?:-0)?)"
)
# Every token python-chess reads, plus what it may skip harmlessly: move numbers (with their
# dots or, as some programs write them, without), check and mate signs, "e.p." (FIDE Laws
# art. C.9.3) and a result spelt "½-½". The commonest first: Python's re tries the
# alternatives in order at every token.
_TOKENS = (
    r"\s+|\d+(?:\s*\.+|(?=[\s(){]|$))"
    rf"|{_MOVE}[+#]?(?:\s*e\.p\.)?[?!]{{0,2}}"
    r"|\{[^}]*\}|;[^\n]*|^%[^\n]*|\$\d+|[()]|\*|1-0|0-1|1/2-1/2|½-½|[?!]{1,2}"
)
_VALID = re.compile(_TOKENS, re.MULTILINE)
_TOKEN = re.compile(r"\{|[^\s{}()]+|[()}]")
# The fast test. With comments cut out and brackets spaced, a clean record is words that are
# each a move, a move number (with or without its move), a NAG or a result: a sequence the
# exact scan accepts too. Words recur from game to game ("e4", "12.", "Nf3"), so each is judged
# by the regex once and remembered; a word not known good sends the game to the exact scan.
_COMMENTS = re.compile(r"\{[^}]*\}|;[^\n]*|^%[^\n]*", re.MULTILINE)
_WORD = re.compile(
    rf"(?:\d+\.+)?{_MOVE}[+#]?[?!]{{0,2}}|\d+\.*|\$\d+|\*|1-0|0-1|1/2-1/2|½-½"
    r"|[?!]{1,2}"
)
_GOOD_WORDS: set[str] = set()
_GOOD_WORDS_MAX = 100_000
_NUMBER = re.compile(r"\d+")
_MOVE_TOKEN = re.compile(_MOVE)

STANDARD_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
REQUIRED_TAGS = ("Event", "Date", "Round", "White", "Black")
_UNKNOWN = frozenset({"", "?", "-", "??", "????.??.??"})


def _clean(text: str) -> bool:
    if "{" in text or ";" in text or "%" in text:
        text = _COMMENTS.sub(" ", text)
    good = _GOOD_WORDS
    for word in text.replace("(", " ").replace(")", " ").split():
        if word not in good:
            if not _WORD.fullmatch(word):
                return False
            if len(good) >= _GOOD_WORDS_MAX:
                good.clear()
            good.add(word)
    return True


def unreadable_text(game: RawGame) -> list[Finding]:
    """The first piece of movetext python-chess would skip, with the move it stands at."""
    text = game.movetext
    if _clean(text):
        return []
    pos, number, plies_since = 0, "?", 0
    while pos < len(text):
        match = _VALID.match(text, pos)
        if match is None:
            break
        token = match.group()
        if token[0].isdigit() and token.rstrip(". \n\t").isdigit():
            number, plies_since = _NUMBER.match(token).group(), 0  # type: ignore[union-attr]
        elif _MOVE_TOKEN.match(token):
            plies_since += 1
        pos = match.end()
    if pos >= len(text):
        return []  # only a rare form the fast test does not know, such as "exd6 e.p."
    bad = _TOKEN.match(text, pos)
    word = bad.group() if bad else text[pos : pos + 10]
    line = game.line_at(game.moves_at + pos)
    if word == "{":
        return [
            finding(
                "unreadable_text",
                None,
                f"A comment opened on line {line} is never closed; every move after it is lost.",
            )
        ]
    label = f"{number}. {word}" if plies_since == 0 else f"{number}...{word}"
    return [
        finding(
            "unreadable_text",
            label,
            f"'{word}' (line {line}) is not a move; the PGN reader skips it, "
            "so the moves read may not be the moves played.",
        )
    ]


def unclosed_variation(game: RawGame) -> list[Finding]:
    """A variation whose "(" is never closed, named by its line and the move it follows.

    python-chess, like the PGN standard (§8.2.5), reads a "(" after a move as the start of a
    variation to that move, nested variations and comments included, up to its ")"; moves in
    variations are commentary and are not checked. Without the ")", every move after it would
    vanish into the variation and the game would look shorter than it was.
    """
    text = game.movetext
    if "(" not in text:
        return []
    # The "(" still open, each with what the line it interrupts had reached: (offset, last
    # move, move number, half-moves since that number).
    stack: list[tuple[int, str | None, str, int]] = []
    last: str | None = None
    number, plies = "?", 0
    for kind, token, start in tokens(text):
        if kind == "open":
            if stack or last is not None:  # python-chess ignores one before the first move
                stack.append((start, last, number, plies))
        elif kind == "close":
            if stack:
                _, last, number, plies = stack.pop()
        elif kind == "number":
            digits = _NUMBER.match(token).group()  # type: ignore[union-attr]
            number, plies = digits, 1 if token.count(".") >= 3 else 0
        elif kind == "word" and _MOVE_TOKEN.match(token):
            plies += 1
            last = f"{number}. {token}" if plies == 1 else f"{number}...{token}"
    if not stack:
        return []
    pos, after, _, _ = stack[0]
    where = f" after {after}" if after else ""
    return [
        finding(
            "unclosed_variation",
            after,
            f"A variation opened on line {game.line_at(game.moves_at + pos)}{where} "
            "is never closed: the PGN reader skips every move after it unchecked, so "
            "the game cannot be checked.",
        )
    ]


def header_findings(game: RawGame, headers: Mapping[str, str], stage: Stage) -> list[Finding]:
    """Malformed tag lines, missing tags, a variant or set-up start, the wrong stage."""
    out: list[Finding] = []
    header = game.header_text
    tag_lines = header.count("\n[") + header.startswith("[")
    # python-chess read a tag from every tag line unless one was malformed (or repeated).
    pos = 0
    for line in header.split("\n") if tag_lines != len(headers) else ():
        if line.startswith("[") and not TAG_LINE.match(line):
            out.append(
                finding(
                    "malformed_tag",
                    None,
                    f"Line {game.line_at(pos)} is not a valid tag and is ignored: "
                    f"{line.strip()[:60]}",
                )
            )
            break
        pos += len(line) + 1
    missing = [tag for tag in REQUIRED_TAGS if headers.get(tag, "").strip() in _UNKNOWN]
    if missing:
        out.append(
            finding(
                "header_missing",
                None,
                f"Missing or unknown tag{'s' if len(missing) > 1 else ''}: {', '.join(missing)}.",
            )
        )
    variant = headers.get("Variant", "").strip().lower()
    if variant not in ("", "standard", "chess", "normal"):
        out.append(
            finding(
                "not_standard_chess",
                None,
                f"The game is a variant ({headers['Variant']}), not chess.",
            )
        )
    elif headers.get("FEN", chess.STARTING_FEN).split()[:4] != chess.STARTING_FEN.split()[:4]:
        out.append(
            finding(
                "not_standard_chess",
                None,
                "The game starts from a set-up position (FEN tag), not from the initial position.",
            )
        )
    if stage == "main" and "armageddon" in headers.get("Event", "").lower():
        out.append(
            finding(
                "stage_mismatch",
                None,
                f'The Event tag says "{headers["Event"]}"; validate Armageddon '
                "games with --stage armageddon.",
            )
        )
    if game.recoded_line is not None:
        out.append(
            finding(
                "encoding", None, f"Line {game.recoded_line} is not UTF-8; read as Windows-1252."
            )
        )
    return out


def _score(text: str) -> str:
    try:
        result = parse_result(text)
    except ResultError:
        return text
    if result is MainResult.DOUBLE_FORFEIT:
        return result.value
    return {Colour.WHITE: "1-0", Colour.BLACK: "0-1", None: "1/2-1/2"}[result.winner]


def same_outcome(a: str, b: str) -> bool:
    """Whether two result spellings score the game alike ("+/-" scores as "1-0").

    >>> same_outcome("+/-", "1-0"), same_outcome("1-0", "0-1")
    (True, False)
    """
    return a == b or _score(a) == _score(b)


def read_result(headers: Mapping[str, str], token: str | None) -> tuple[str | None, list[Finding]]:
    """The game's result ("1-0", "0-1", "1/2-1/2", "*", or "+/-", "-/+", "-/-"), findings.

    The Result tag decides; the result after the moves stands in when the tag is missing.
    """
    out: list[Finding] = []
    tag = headers.get("Result", "").strip()
    if not tag or tag == "?":
        if token is None:
            return None, [
                finding(
                    "result_missing",
                    None,
                    "The game has no result: no Result tag, none after the moves.",
                )
            ]
        return token, [
            finding(
                "result_tag_missing",
                None,
                f"No Result tag; the result after the moves ({token}) is used.",
            )
        ]
    if tag in STANDARD_RESULTS:
        result = tag
    else:
        try:
            result = parse_result(tag).value
        except ResultError:
            return None, [
                finding(
                    "result_unknown",
                    None,
                    f'Result tag "{tag}" is not a result (1-0, 0-1, 1/2-1/2 or *).',
                )
            ]
        how = (
            "a forfeit, which PGN writes as 1-0 or 0-1 with no moves"
            if result == tag
            else f"read as {result}; PGN writes 1-0, 0-1, 1/2-1/2 or *"
        )
        out.append(finding("result_nonstandard", None, f'Result tag "{tag}" is {how}.'))
    # A forfeit has no moves to end; "*" after none is how many programs write it.
    forfeit_star = token == "*" and result in ("+/-", "-/+", "-/-")
    if token is not None and not forfeit_star and not same_outcome(result, token):
        out.append(
            finding(
                "result_mismatch",
                None,
                f"The Result tag says {tag} but the moves end with {token}.",
            )
        )
    return result, out
