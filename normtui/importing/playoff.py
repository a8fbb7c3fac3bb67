"""Records of the play-off (§5) in an import.

A play-off game has no board row: its players and colours follow from the final standings and
the seed. A record is matched to the game whose players have its colours (a match's Armageddon
may repeat a blitz game's colours: then the Event tag, the Round tag and which game still lacks
a record tell them apart) and kept through the store's own check (``attach_playoff_pgn``: this
game's players, colours, time control and entered result).

Results are not entered from play-off records: the store keeps a record only for a game that
has its result, and a play-off result, which decides the title, is entered from the signed
scoresheet (``normtui playoff DB --result ID RESULT``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING

from normtui.importing.boards import (
    REPLACEABLE,
    Checked,
    Outcome,
    kind_of_text,
    outcome,
    round_of,
)
from normtui.importing.playoff_check import check_playoff_record
from normtui.pgn import Expectation, names_match, validate_game
from normtui.rules.errors import NormtuiError
from normtui.rules.playoff import PlayoffGame, PlayoffState
from normtui.store import ConflictError
from normtui.store.records import same_record
from normtui.store.values import surname

if TYPE_CHECKING:
    from normtui.pgn.reader import RawGame
    from normtui.store import AuditEntry, EventStore

_BY_HAND = "attach it with `normtui playoff DB --pgn ID FILE`"


def find_playoff_game(
    headers: Mapping[str, str],
    header_text: str,
    state: PlayoffState,
    names: Mapping[int, str],
    kept: Mapping[str, str | None],
) -> tuple[PlayoffGame | None, str]:
    """The play-off game the record's White and Black tags name, with those colours."""
    white, black = headers.get("White", ""), headers.get("Black", "")
    found = [
        g
        for g in state.games
        if names_match(white, names[g.white]) and names_match(black, names[g.black])
    ]
    if not found:
        swapped = any(
            names_match(white, names[g.black]) and names_match(black, names[g.white])
            for g in state.games
        )
        why = f"no play-off game has {white or '?'} with White against {black or '?'}"
        return None, why + (" (they play it with the other colours)" if swapped else "")
    kind = "armageddon" if kind_of_text(header_text, "auto") == "armageddon" else "blitz"
    rnd = round_of(headers.get("Round", ""))
    result = headers.get("Result")
    # Each hint narrows the choice only where it leaves a game: broadcasts tag play-off
    # games every way, so none of them can be required.
    for hint in (
        lambda g: g.kind == kind,
        lambda g: g.round == rnd,
        lambda g: kept.get(g.id) is None,
        lambda g: g.result == result,
    ):
        narrowed = [g for g in found if hint(g)]
        found = narrowed or found
    if len(found) == 1:
        return found[0], ""
    ids = ", ".join(g.id for g in found)
    return None, f"the record fits play-off games {ids}; {_BY_HAND}"


def check_playoff(raws: Iterable[RawGame], store: EventStore, file: str = "") -> Iterator[Checked]:
    """Validate each record as a play-off game against the game its headers name."""
    state = store.playoff()
    names = {p.number: p.name for p in store.players()}
    kept = {g.id: store.playoff.pgn(g.id) for g in state.games}
    for raw in raws:
        found: list[tuple[PlayoffGame | None, str]] = []
        report = validate_game(
            raw.text,
            "playoff",
            store.profile,
            _matcher(raw.header_text, state, names, kept, found),
            raw.index,
        )
        game, why = found[-1] if found else (None, "the record has no readable headers")
        yield Checked(report, None, why, raw.size, file, playoff=game.id if game else "")


def _matcher(
    header_text: str,
    state: PlayoffState,
    names: Mapping[int, str],
    kept: Mapping[str, str | None],
    found: list[tuple[PlayoffGame | None, str]],
) -> Callable[[Mapping[str, str]], Expectation | None]:
    """The validator's expectation from a record's tags; what was found is left in ``found``
    (the validator parses the tags, so matching happens inside its call)."""

    def expected(headers: Mapping[str, str]) -> Expectation | None:
        found.append(find_playoff_game(headers, header_text, state, names, kept))
        game = found[-1][0]
        # The round is not checked: broadcasts number play-off games every way.
        return Expectation(names[game.white], names[game.black]) if game else None

    return expected


def attach_playoff(store: EventStore, item: Checked, *, replace: bool = False) -> Outcome:
    """Keep the record of a play-off game that has its result (never enter one from it);
    ``replace``: in the place of a different record kept for that game."""
    if not item.playoff:
        return outcome(item, "unmatched", f"not attached, {item.unmatched}")
    state = store.playoff()
    game = state.game(item.playoff)
    players = {p.number: p.name for p in store.players()}
    white, black = players[game.white], players[game.black]
    label = f"play-off game {game.id} ({surname(white)}-{surname(black)})"
    # Each outcome says the names the record spells otherwise than the event.
    told = partial(outcome, item, players=(white, black))
    report, text = item.report, item.report.pgn_text.strip()
    if game.result is None:
        return told(
            "refused",
            "not attached, it has no result yet: enter it from the "
            f"scoresheet (`normtui playoff DB --result {game.id} RESULT`), then "
            "import again",
            label,
        )
    if report.result not in (None, "*", game.result):
        return told(
            "conflict",
            f"not attached, the record says {report.result} but "
            f"{game.result} is entered; left for the arbiter",
            label,
        )
    current = store.playoff.pgn(game.id)
    if current is not None and same_record(current, text):
        return told("unchanged", f"record already attached; result {game.result} as entered", label)
    try:
        attach_playoff_record(store, game.id, text, replace_existing=replace)
    except ConflictError:
        return told("conflict", REPLACEABLE, label, replaceable=True)
    except NormtuiError as exc:
        return told("refused", f"not attached, {exc}", label)
    done = (
        "record replaced (the one before is in the audit log)"
        if current is not None
        else "record attached"
    )
    return told("attached", f"{done}; result {game.result} as entered", label)


def attach_playoff_record(
    store: EventStore, game: str, text: str, *, replace_existing: bool = False
) -> AuditEntry | None:
    """Keep the record of play-off game ``game`` once it passes the play-off PGN checks
    (:func:`normtui.importing.playoff_check.check_playoff_record`), in one audited change."""
    return store.playoff.attach_pgn(
        game, text, check=check_playoff_record, replace_existing=replace_existing
    )


def import_playoff(
    store: EventStore, sources: Sequence[tuple[str, Iterable[RawGame]]], *, replace: bool = False
) -> list[Outcome]:
    return [
        attach_playoff(store, item, replace=replace)
        for file, raws in sources
        for item in check_playoff(raws, store, file)
    ]
