"""Records of the main event: which board each game of a PGN text belongs to, checking it
there, and attaching it (text and result).

A result the record gives is entered only where the board has none, in the same audited change
as the record (one undo takes back both). A board that already has a different result is
reported and left for the arbiter (§8: the signed scoresheet decides, not a broadcast file),
and a record with errors is kept but never enters a result.

``normtui check`` reads records with this module and without python-chess: the check of a
game (``normtui.pgn.validate``, python-chess) is imported where it is used, and so are the
clocks' checks and the cutting of a text into games, which `check` does without.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from normtui.pgn.names import names_match, spelled_alike
from normtui.pgn.tags import read_tags
from normtui.rules.errors import NormtuiError
from normtui.rules.model import MainResult
from normtui.rules.scoring import opens_armageddon
from normtui.store import ConflictError
from normtui.store.records import GameRecord
from normtui.store.values import surname
from normtui.text import is_number

if TYPE_CHECKING:
    from normtui.pgn.findings import Finding, GameReport
    from normtui.pgn.reader import RawGame
    from normtui.rules.profile import Profile
    from normtui.store import AuditEntry, EventStore

Kind = Literal["main", "armageddon"]
KindChoice = Literal["auto", "main", "armageddon"]
Status = Literal["entered", "attached", "unchanged", "conflict", "unmatched", "refused"]
# The statuses that leave something for the arbiter to do.
TROUBLE: frozenset[str] = frozenset({"conflict", "unmatched", "refused"})

# A record that is not of the board it was matched or chosen for must not be kept there.
_NOT_THIS_BOARD = frozenset(
    {"players_mismatch", "colours_reversed", "armageddon_without_drawn_main"}
)


@dataclass(frozen=True)
class Target:
    """Where a record goes: a board of the main event, its main game or its Armageddon."""

    game: GameRecord
    kind: Kind
    how: str  # "from the headers" or "chosen"

    @property
    def label(self) -> str:
        if self.kind == "armageddon":
            return f"{self.game.label} Armageddon"
        # "main game" as against its Armageddon: an event without Armageddons has games.
        return (
            f"{self.game.label} main game" if self.game.armageddon_after_draw else self.game.label
        )

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
    file: str = ""
    playoff: str = ""  # the play-off game it names ("M1", "R3.2"), in a play-off import

    @property
    def title(self) -> str:
        r = self.report
        return f"Game {r.index + 1}: {r.white} - {r.black}, round {r.round}, {r.result or '?'}"


@dataclass(frozen=True)
class Outcome:
    """What became of one game. ``board`` names where it went ("" when nowhere); ``text`` says
    what happened there; ``ok`` is the validator's verdict on the record."""

    index: int
    status: Status
    text: str
    board: str = ""
    title: str = ""
    file: str = ""
    white: str = ""
    black: str = ""
    round: str = ""
    result: str | None = None
    stage: str = "main"
    ok: bool = True
    findings: tuple[Finding, ...] = field(default=(), repr=False)
    # A conflict that is only another record attached to the same game: importing again
    # with ``replace`` puts this one in its place (audited; undo brings the old one back).
    replaceable: bool = False
    game_id: int | None = None  # the board's game, where it went to one
    # (the tag's name, the player's registered name) for each player the record spells
    # otherwise ("Fedoseev, Vladimir3"): matched all the same, and said.
    renamed: tuple[tuple[str, str], ...] = ()

    @property
    def message(self) -> str:
        return f"{self.board or self.title}: {self.text}"

    @property
    def other_control(self) -> bool:
        """The record's clocks are not of the event's time control (a warning, not trouble:
        the arbiter decides whether the game counts)."""
        from normtui.pgn.clocks import CONTROL_CODES  # the clocks' checks: not `normtui check`

        return any(f.code in CONTROL_CODES for f in self.findings)

    @property
    def trouble(self) -> bool:
        """Something for the arbiter: a conflict, a refusal, no pairing, or a faulty record."""
        return self.status in TROUBLE or not self.ok

    def to_json(self) -> dict[str, Any]:
        """The shape of ``normtui import-pgn --json`` (documented in its --help: keep it)."""
        return {
            "file": self.file,
            "index": self.index,
            "white": self.white,
            "black": self.black,
            "round": self.round,
            "result": self.result,
            "stage": self.stage,
            "board": self.board or None,
            "status": self.status,
            "message": self.message,
            "ok": self.ok,
            "findings": [f.to_dict() for f in self.findings],
            "renamed": [{"pgn": tag, "player": name} for tag, name in self.renamed],
        }


def outcome(
    item: Checked,
    status: Status,
    text: str,
    board: str = "",
    *,
    replaceable: bool = False,
    players: tuple[str, str] | None = None,
) -> Outcome:
    """``players``: the registered White and Black of a game that is not a board of the main
    event (a play-off game), for the names the record spells otherwise."""
    r = item.report
    game_id = item.target.game.id if item.target is not None else None
    if item.target is not None:
        players = (item.target.game.white_name, item.target.game.black_name)
    names = renamed(r.white, r.black, *players) if players is not None else ()
    if names:
        text += "; " + names_said(names)
    return Outcome(
        r.index,
        status,
        text,
        board,
        item.title,
        item.file,
        r.white,
        r.black,
        r.round,
        r.result,
        r.stage,
        r.ok,
        r.findings,
        replaceable,
        game_id,
        names,
    )


def renamed(
    white: str, black: str, white_name: str, black_name: str
) -> tuple[tuple[str, str], ...]:
    """(tag, registered name) for each of the White and Black tags that names one of the
    game's players (either colour: reversed colours are reported apart) in another spelling
    than the event's: more or other letters, an initial, a title, a digit."""
    straight = names_match(white, white_name) and names_match(black, black_name)
    pairs = (
        ((white, white_name), (black, black_name))
        if straight
        else ((white, black_name), (black, white_name))
    )
    return tuple(
        (tag, name)
        for tag, name in pairs
        if tag and names_match(tag, name) and not spelled_alike(tag, name)
    )


def names_said(names: Sequence[tuple[str, str]]) -> str:
    """ "the record's 'Fedoseev, Vladimir3' taken for Fedoseev, Vladimir" (and the next)."""
    return "; ".join(f"the record's {tag!r} taken for {name}" for tag, name in names)


REPLACEABLE = "a different record is already attached; left as it is (it can be replaced)"


def kind_of_text(header_text: str, choice: KindChoice) -> Kind:
    """The arbiter's choice, or the Event tag: broadcasts name the Armageddon event so."""
    if choice != "auto":
        return choice
    event = read_tags(header_text).get("Event", "")
    return "armageddon" if "armageddon" in event.casefold() else "main"


def round_of(tag: str) -> int | None:
    """The round of a Round tag; Armageddon rounds are written "round.game" ("9.3")."""
    head = tag.strip().split(".")[0]
    return int(head) if is_number(head) and len(head) <= 6 else None


def find_pairing(
    headers: Mapping[str, str], games: Sequence[GameRecord]
) -> tuple[GameRecord | None, str]:
    """The board whose two players the White and Black tags name (in either colour, so that
    the validator can report reversed colours), in the Round tag's round when there is one."""
    white, black = headers.get("White", ""), headers.get("Black", "")
    rnd = round_of(headers.get("Round", ""))
    rounds = sorted({g.round for g in games})
    if rnd is not None and rounds and rnd not in rounds:
        return None, f"round {rnd} is not a round of the event (rounds {rounds[0]}-{rounds[-1]})"
    pool = [g for g in games if rnd is None or g.round == rnd]
    found = [
        g
        for g in pool
        if (names_match(white, g.white_name) and names_match(black, g.black_name))
        or (names_match(white, g.black_name) and names_match(black, g.white_name))
    ]
    where = f"round {rnd}" if rnd is not None else "any round"
    if len(found) == 1:
        return found[0], ""
    if not found:
        return None, f"no board of {where} is {white or '?'} - {black or '?'}"
    return None, f"{white} - {black} is paired in several rounds; give the Round tag"


def expectation(target: Target | None, dates: Mapping[int, str] | None = None) -> object:
    from normtui.pgn import Expectation  # lazy: python-chess

    if target is None:
        return None
    g = target.game
    main = g.result.value if target.kind == "armageddon" and g.result else None
    date = (dates or {}).get(g.round) if g.stage == "main" else None
    return Expectation(g.white_name, g.black_name, g.round, main, date)


def check_games(
    raws: Iterable[RawGame],
    profile: Profile,
    games: Sequence[GameRecord],
    choice: KindChoice = "auto",
    chosen: GameRecord | None = None,
    file: str = "",
    dates: Mapping[int, str] | None = None,
) -> Iterator[Checked]:
    """Validate each game against the pairing it names (or the ``chosen`` board). ``dates``:
    the event's date of each round (a record that has none is dated by it)."""
    from normtui.pgn import validate_game  # lazy: python-chess

    drawn: dict[int, bool] = {}
    for raw in raws:
        kind = kind_of_text(raw.header_text, choice)
        if choice == "auto" and kind == "main" and chosen is None:
            # A LiveChess round file holds each pairing's main game and, after a
            # draw, its Armageddon under the same Event tag: the game after a pairing's drawn
            # game in a file is its Armageddon (after a decisive one, a copy of it).
            tags = read_tags(raw.header_text)
            game, _why = find_pairing(tags, games)
            if game is not None:
                if drawn.get(game.id):
                    kind = "armageddon"
                else:
                    drawn[game.id] = tags.get("Result") == MainResult.DRAW.value and (
                        opens_armageddon(MainResult.DRAW, game.armageddon_after_draw)
                    )
        found: dict[str, tuple[GameRecord | None, str]] = {}

        def expected(
            headers: Mapping[str, str],
            kind: Kind = kind,
            found: dict[str, tuple[GameRecord | None, str]] = found,
        ) -> object:
            found["it"] = (chosen, "") if chosen else find_pairing(headers, games)
            game = found["it"][0]
            return expectation(Target(game, kind, ""), dates) if game else None

        report = validate_game(raw.text, kind, profile, expected, raw.index)  # type: ignore[arg-type]
        game, why = found.get("it", (None, "the record has no readable headers"))
        how = "chosen" if chosen else "from the headers"
        yield Checked(report, Target(game, kind, how) if game else None, why, raw.size, file)


def round_dates(store: EventStore) -> dict[int, str]:
    """The date of each round of the main event that has one."""
    return {r.round: r.date for r in store.rounds() if r.date}


def check_text(
    text: str,
    profile: Profile,
    games: Sequence[GameRecord],
    choice: KindChoice = "auto",
    chosen: GameRecord | None = None,
    dates: Mapping[int, str] | None = None,
) -> list[Checked]:
    from normtui.pgn.reader import split_text  # the cutting: not `normtui check`, a read

    raws = list(split_text(text))
    # A chosen board is for the one game in the text; several games go where their headers say.
    return list(
        check_games(raws, profile, games, choice, chosen if len(raws) == 1 else None, dates=dates)
    )


def attach(store: EventStore, checked: Checked, *, replace: bool = False) -> Outcome:
    """Keep the record on its board and enter its result where the board has none.

    A different record already attached is a conflict, unless ``replace``: then this record
    takes its place in the same audited change (a faulty broadcast record replaced by the
    real one; undo brings the old one back)."""
    report, target = checked.report, checked.target
    if target is None:
        return outcome(checked, "unmatched", f"not attached, {checked.unmatched}")
    game, kind, label = target.game, target.kind, target.label
    wrong = next((f for f in report.findings if f.code in _NOT_THIS_BOARD), None)
    if wrong is not None:
        return outcome(checked, "refused", f"not attached, {wrong.message}", label)
    text = report.pgn_text.strip()
    result = report.result if report.ok and report.result not in (None, "*") else None
    try:
        entry, refusal = _keep(store, game, kind, text, result, replace)
    except ConflictError:
        return outcome(checked, "conflict", REPLACEABLE, label, replaceable=True)
    except NormtuiError as exc:
        return outcome(checked, "refused", _reason(exc, game), label)
    column = "pgn" if kind == "main" else "armageddon_pgn"
    stored = _changed(entry, game.id, column)
    entered = _changed(entry, game.id, "result" if kind == "main" else "armageddon")
    status: Status = "entered" if entered else "attached" if stored else "unchanged"
    replaced = stored and _before(entry, game.id, column) is not None
    done = (
        "record replaced (the one before is in the audit log)"
        if replaced
        else "record attached"
        if stored
        else "record already attached"
    )
    if refusal:
        return outcome(checked, "refused", f"{done}; result not entered: {refusal}", label)
    if report.result in (None, "*"):
        return outcome(checked, status, done, label)
    if not report.ok:
        errors = report.count("error")
        return outcome(
            checked,
            status,
            f"{done}; result not entered, the record has {errors} error{'s' if errors > 1 else ''}",
            label,
        )
    if entered:
        extra = (
            " (a drawn main game: its Armageddon follows)"
            if kind == "main"
            and result == MainResult.DRAW.value
            and opens_armageddon(MainResult.DRAW, game.armageddon_after_draw)
            else ""
        )
        return outcome(checked, status, f"{done}; result {result} entered{extra}", label)
    now = store.games.get(game.id)
    current = now.armageddon if kind == "armageddon" else now.result
    if current is not None and current.value == report.result:
        return outcome(checked, status, f"{done}; result {current.value} as entered", label)
    there = current.value if current is not None else "no result"
    return outcome(
        checked,
        "conflict",
        f"{done}; the record says {report.result} but {there} is entered; left for the arbiter",
        label,
    )


def _keep(
    store: EventStore,
    game: GameRecord,
    kind: Kind,
    text: str,
    result: str | None,
    replace: bool = False,
) -> tuple[AuditEntry | None, str]:
    """The record kept with its result, or alone when the result is refused (a closed round,
    a play-off under way): then also why, for the arbiter."""
    if result is not None:
        try:
            return store.games.attach_pgn(
                game.id, kind, text, result=result, replace_existing=replace
            ), ""
        except ConflictError:
            raise
        except NormtuiError as exc:
            refusal = _reason(exc, game)
    else:
        refusal = ""
    return store.games.attach_pgn(game.id, kind, text, replace_existing=replace), refusal


def _changed(entry: AuditEntry | None, game_id: int, column: str) -> bool:
    """Whether the change wrote ``column`` of the game (the audit entry has both rows)."""
    if entry is None:
        return False
    key = str(game_id)
    before = entry.before.get("games", {}).get(key) or {}
    after = entry.after.get("games", {}).get(key) or {}
    return before.get(column) != after.get(column)


def _before(entry: AuditEntry | None, game_id: int, column: str) -> object:
    if entry is None:
        return None
    return (entry.before.get("games", {}).get(str(game_id)) or {}).get(column)


def _reason(exc: Exception, game: GameRecord) -> str:
    # The store names the board first; the outcome already does.
    return str(exc).removeprefix(f"{game.label}: ")


def import_games(
    store: EventStore,
    checked: Iterable[Checked],
    progress: Callable[[Checked], bool] = lambda _item: True,
    *,
    replace: bool = False,
) -> list[Outcome]:
    """Attach each game, each in its own change; an Armageddon met before its main game's
    draw (in this file, or in a later file of the same import) is tried again last.

    ``progress`` hears of each game once attached, and stops the import by returning False.
    ``replace``: a different record attached to the same game is replaced (see attach).
    """
    outcomes: dict[tuple[str, int], Outcome] = {}
    later: list[Checked] = []
    for item in checked:
        done = attach(store, item, replace=replace)
        if done.status == "refused" and item.target and item.target.kind == "armageddon":
            later.append(item)
        outcomes[(item.file, done.index)] = done
        if not progress(item):
            break
    for item in later:
        done = attach(store, item, replace=replace)
        outcomes[(item.file, done.index)] = done
    return list(outcomes.values())


def import_summary(name: str, outcomes: Sequence[Outcome]) -> str:
    """One line: how many games, and what became of them."""
    counts: dict[str, int] = {}
    for o in outcomes:
        counts[o.status] = counts.get(o.status, 0) + 1
    words = {
        "entered": ("result entered", "results entered"),
        "attached": ("attached",) * 2,
        "unchanged": ("unchanged",) * 2,
        "conflict": ("conflict left for the arbiter", "conflicts left for the arbiter"),
        "unmatched": ("not matched",) * 2,
        "refused": ("refused",) * 2,
    }
    parts = [f"{counts[k]} {w[counts[k] != 1]}" for k, w in words.items() if counts.get(k)]
    faulty = sum(1 for o in outcomes if not o.ok)
    if faulty:
        parts.append(f"{faulty} with errors in the record")
    other = sum(1 for o in outcomes if o.other_control)
    if other:
        parts.append(f"{other} with clocks not of the event's time control (see the warnings)")
    # Each name spelled otherwise once, however many of its games the file holds.
    # Short, for a status line of two: each game's line says it in full.
    names = list(dict.fromkeys(pair for o in outcomes for pair in o.renamed))
    if names:
        parts.append(
            "matched under another spelling: "
            + ", ".join(f"{tag!r} ({surname(name)})" for tag, name in names)
        )
    return f"{name}: {len(outcomes)} game{'s' if len(outcomes) != 1 else ''}; " + ", ".join(parts)
