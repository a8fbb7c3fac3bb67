"""Which pairing a game record belongs to, checking it there, and attaching it (text and result).

Pure logic behind the PGN entry pane, with no widget in it, so that the validation and import
workers can run it off the UI thread. python-chess (through ``normtui.pgn``) is imported inside
the functions: the console must start without it.

A result the record gives is entered only where the board has none. A board that already has
a different result is reported and left for the arbiter (§8: the signed scoresheet decides, not
a broadcast file), and a record with errors never enters a result.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from normtui.rules.model import MainResult
from normtui.store import EXPECTED_ERRORS, ConflictError
from normtui.store.records import GameRecord

if TYPE_CHECKING:
    from normtui.pgn.findings import GameReport
    from normtui.pgn.reader import RawGame
    from normtui.rules.profile import Profile
    from normtui.store import EventStore

Kind = Literal["main", "armageddon"]
KindChoice = Literal["auto", "main", "armageddon"]
Status = Literal["entered", "attached", "unchanged", "conflict", "unmatched", "refused"]

# A record that is not of the board it was matched or chosen for must not be kept there.
_NOT_THIS_BOARD = frozenset({"players_mismatch", "colours_reversed",
                             "armageddon_without_drawn_main"})
_EVENT_TAG = re.compile(r'^\[Event\s+"([^"]*)"\]', re.MULTILINE)


@dataclass(frozen=True)
class Target:
    """Where a record goes: a board of the main event, its main game or its Armageddon."""

    game: GameRecord
    kind: Kind
    how: str  # "from the headers" or "chosen"

    def describe(self) -> str:
        what = "Armageddon" if self.kind == "armageddon" else "main game"
        return f"{self.game.label}, {what} ({self.how})"


@dataclass(frozen=True)
class Checked:
    """One game of a text or a file: its validation report and where it goes (or why not)."""

    report: GameReport
    target: Target | None
    unmatched: str = ""
    size: int = 0  # of the game in its file or text, for a progress bar

    @property
    def title(self) -> str:
        r = self.report
        return f"Game {r.index + 1}: {r.white} - {r.black}, round {r.round}, {r.result or '?'}"


@dataclass(frozen=True)
class Outcome:
    index: int
    status: Status
    message: str


def kind_of_text(header_text: str, choice: KindChoice) -> Kind:
    """The arbiter's choice, or the Event tag: broadcasts name the Armageddon event so."""
    if choice != "auto":
        return choice
    match = _EVENT_TAG.search(header_text)
    return "armageddon" if match and "armageddon" in match.group(1).casefold() else "main"


def round_of(tag: str) -> int | None:
    """The round of a Round tag; Armageddon rounds are written "round.game" ("9.3")."""
    head = tag.strip().split(".")[0]
    return int(head) if head.isdigit() else None


def find_pairing(headers: Mapping[str, str], games: Sequence[GameRecord]
                 ) -> tuple[GameRecord | None, str]:
    """The board whose two players the White and Black tags name (in either colour, so that
    the validator can report reversed colours), in the Round tag's round when there is one."""
    from normtui.pgn import names_match

    white, black = headers.get("White", ""), headers.get("Black", "")
    rnd = round_of(headers.get("Round", ""))
    pool = [g for g in games if rnd is None or g.round == rnd]
    found = [g for g in pool
             if (names_match(white, g.white_name) and names_match(black, g.black_name))
             or (names_match(white, g.black_name) and names_match(black, g.white_name))]
    where = f"round {rnd}" if rnd is not None else "any round"
    if len(found) == 1:
        return found[0], ""
    if not found:
        return None, f"no board of {where} is {white or '?'} - {black or '?'}"
    return None, f"{white} - {black} is paired in several rounds; give the Round tag"


def expectation(target: Target | None) -> object:
    from normtui.pgn import Expectation

    if target is None:
        return None
    g = target.game
    main = g.result.value if target.kind == "armageddon" and g.result else None
    return Expectation(g.white_name, g.black_name, g.round, main)


def check_games(raws: Iterable[RawGame], profile: Profile, games: Sequence[GameRecord],
                choice: KindChoice = "auto", chosen: GameRecord | None = None
                ) -> Iterator[Checked]:
    """Validate each game against the pairing it names (or the ``chosen`` board)."""
    from normtui.pgn import validate_game

    for raw in raws:
        kind = kind_of_text(raw.header_text, choice)
        found: dict[str, tuple[GameRecord | None, str]] = {}

        def expected(headers: Mapping[str, str], kind: Kind = kind,
                     found: dict[str, tuple[GameRecord | None, str]] = found) -> object:
            found["it"] = (chosen, "") if chosen else find_pairing(headers, games)
            game = found["it"][0]
            return expectation(Target(game, kind, "")) if game else None

        report = validate_game(raw.text, kind, profile, expected, raw.index)  # type: ignore[arg-type]
        game, why = found.get("it", (None, "the record has no readable headers"))
        how = "chosen" if chosen else "from the headers"
        yield Checked(report, Target(game, kind, how) if game else None, why, raw.size)


def check_text(text: str, profile: Profile, games: Sequence[GameRecord],
               choice: KindChoice = "auto", chosen: GameRecord | None = None) -> list[Checked]:
    from normtui.pgn import split_text

    raws = list(split_text(text))
    # A chosen board is for the one game in the text; several games go where their headers say.
    return list(check_games(raws, profile, games, choice, chosen if len(raws) == 1 else None))


def attach(store: EventStore, checked: Checked) -> Outcome:
    """Keep the record on its board and enter its result where the board has none."""
    report, target = checked.report, checked.target
    index = report.index
    if target is None:
        return Outcome(index, "unmatched", f"{checked.title}: not attached, {checked.unmatched}")
    game, kind = target.game, target.kind
    label = f"{game.label} {'Armageddon' if kind == 'armageddon' else 'main game'}"
    wrong = next((f for f in report.findings if f.code in _NOT_THIS_BOARD), None)
    if wrong is not None:
        return Outcome(index, "refused", f"{label}: not attached, {wrong.message}")
    text = report.pgn_text.strip()
    try:
        # The same record cut from another file differs only in the blank lines around it.
        now = store.game(game.id)
        attached = now.armageddon_pgn if kind == "armageddon" else now.pgn
        same = attached is not None and attached.strip() == text
        stored = None if same else store.attach_pgn(game.id, kind, text)
    except ConflictError:
        return Outcome(index, "conflict", f"{label}: a different record is already attached; "
                       "left as it is")
    except EXPECTED_ERRORS as exc:
        return Outcome(index, "refused", f"{label}: {_reason(exc, game)}")
    status: Status = "attached" if stored else "unchanged"
    done = "record attached" if stored else "record already attached"
    if report.result in (None, "*"):
        return Outcome(index, status, f"{label}: {done}")
    if not report.ok:
        errors = report.count("error")
        return Outcome(index, status, f"{label}: {done}; result not entered, the record has "
                       f"{errors} error{'s' if errors > 1 else ''}")
    game = store.game(game.id)  # as it is now: the pane's copy may be older than this write
    current = game.armageddon if kind == "armageddon" else game.result
    if current is not None:
        if current.value == report.result:
            return Outcome(index, status, f"{label}: {done}; result {current.value} as entered")
        return Outcome(index, "conflict", f"{label}: the record says {report.result} but "
                       f"{current.value} is entered; left for the arbiter")
    return _enter_result(store, game, kind, report.result, label, done, index)


def _enter_result(store: EventStore, game: GameRecord, kind: Kind, result: str, label: str,
                  done: str, index: int) -> Outcome:
    try:
        if kind == "armageddon":
            store.enter_armageddon(game.round, game.white, game.black, result)
        else:
            store.enter_result(game.round, game.white, game.black, result)
    except EXPECTED_ERRORS as exc:
        return Outcome(index, "refused",
                       f"{label}: {done}; result not entered: {_reason(exc, game)}")
    extra = " (a drawn main game: its Armageddon follows)" \
        if kind == "main" and result == MainResult.DRAW.value else ""
    return Outcome(index, "entered", f"{label}: {done}; result {result} entered{extra}")


def _reason(exc: Exception, game: GameRecord) -> str:
    # The store names the board first; the outcome already does.
    return str(exc).removeprefix(f"{game.label}: ")


def import_games(store: EventStore, checked: Iterable[Checked],
                 progress: Callable[[Checked], bool] = lambda _item: True) -> list[Outcome]:
    """Attach each game; an Armageddon met before its main game's draw is tried again last.

    ``progress`` hears of each game once attached, and stops the import by returning False.
    """
    outcomes: dict[int, Outcome] = {}
    later: list[Checked] = []
    for item in checked:
        outcome = attach(store, item)
        if outcome.status == "refused" and item.target and item.target.kind == "armageddon":
            later.append(item)
        outcomes[outcome.index] = outcome
        if not progress(item):
            break
    for item in later:
        outcome = attach(store, item)
        outcomes[outcome.index] = outcome
    return [outcomes[i] for i in sorted(outcomes)]


def import_summary(name: str, outcomes: list[Outcome]) -> str:
    """One line: how many games, and what became of them."""
    counts: dict[str, int] = {}
    for o in outcomes:
        counts[o.status] = counts.get(o.status, 0) + 1
    words = {"entered": ("result entered", "results entered"), "attached": ("attached",) * 2,
             "unchanged": ("unchanged",) * 2,
             "conflict": ("conflict left for the arbiter", "conflicts left for the arbiter"),
             "unmatched": ("not matched",) * 2, "refused": ("refused",) * 2}
    parts = [f"{counts[k]} {w[counts[k] != 1]}" for k, w in words.items() if counts.get(k)]
    return f"{name}: {len(outcomes)} game{'s' if len(outcomes) != 1 else ''}; " + ", ".join(parts)
