"""Whether a TRF is a round robin at all: normtui runs round robins, and a Swiss or a team
event is refused as what it is, before any Berger table is asked about it.

Read as the file says it: a team record (013, 310) or a record 092 naming a team event; a
record 192 or 092 naming a Swiss system; and, where the file names nothing, its shape: fewer
rounds than every player meeting every other, more than twice that, a bye worth points (a
Swiss's half-point or pairing-allocated bye), a bye in an even field or two in one round, a
pair meeting more often than the cycles allow, or a finished event in which two players never
met.
"""

from __future__ import annotations

from collections import Counter

from normtui.importing.trf_read import (
    CUSTOM_ROUND_ROBIN,
    ROUND_ROBIN_CODES,
    TrfError,
    TrfFile,
)

__all__ = ["check_round_robin"]

# Record 192's Swiss systems (FIDE's Tournament Type Code Table) and 092's words for one.
_SWISS_WORDS = ("SWISS", "DUTCH", "BURSTEIN", "DUBOV", "LIM", "MONRAD", "ACCELERATED")
# A half-point bye (H, or = against no one) is a Swiss's: a round robin's bye is the one player
# of an odd field without a game each round (Z, -, U; a full point, F or +, where an event
# gave one, is refused when the bye is read).
_SCORING_BYES = {"H", "="}
_PENDING = {"", " ", "?"}


def check_round_robin(trf: TrfFile) -> None:
    """Refuse a file that is not a round robin, saying what it is."""
    what = _not_round_robin(trf)
    if what is not None:
        raise TrfError(
            f"{trf.source}: {what}; normtui runs round robins (every player meets "
            "every other, paired by the Berger tables), so it starts no event from "
            "this file"
        )


def _not_round_robin(trf: TrfFile) -> str | None:
    kind = (trf.kind or "").upper()
    if trf.teams or "TEAM" in kind:
        said = (
            f"record 092 says {trf.kind!r}"
            if "TEAM" in kind
            else f"team records from line {trf.teams}"
        )
        return f"a team event ({said})"
    code = trf.type_code or ""
    if code and code not in ROUND_ROBIN_CODES and code != CUSTOM_ROUND_ROBIN:
        if any(word in code for word in _SWISS_WORDS):
            return f"a Swiss (record 192 is {code})"
        return f"not a round robin (record 192 is {code})"
    if not code and any(word in kind for word in _SWISS_WORDS):
        return f"a Swiss (record 092 says {trf.kind!r})"
    return _shape(trf)


def _shape(trf: TrfFile) -> str | None:
    n = len(trf.players)
    if n < 3:
        return None  # the profile refuses a field too small for a round robin
    per_cycle = n - 1 if n % 2 == 0 else n
    longest = max(len(p.rounds) for p in trf.players)
    rounds = trf.rounds or longest
    if rounds < per_cycle and trf.rounds is not None:
        return (
            f"a Swiss: {n} players over {rounds} rounds (record 142), where a round robin "
            f"of {n} plays {per_cycle}, so not every player meets every other"
        )
    if max(rounds, longest) > 2 * per_cycle:
        return (
            f"not a round robin: {max(rounds, longest)} rounds for {n} players, more than "
            f"a double round robin's {2 * per_cycle}"
        )
    byes: Counter[int] = Counter()
    for p in trf.players:
        for rnd, b in enumerate(p.rounds, start=1):
            if b.opponent != 0 or b.code in _PENDING:
                continue
            if b.code.upper() in _SCORING_BYES:
                return (
                    f"a Swiss: {p.entry.name} has a half-point bye in round {rnd} "
                    f"(line {p.line}, code {b.code!r})"
                )
            if n % 2 == 0:
                # A Swiss's unpaired player, or a withdrawal written without its opponents.
                return (
                    f"not a round robin as the Berger tables pair it: {p.entry.name} has "
                    f"no opponent in round {rnd} (line {p.line}, code {b.code!r}) though "
                    f"the field of {n} is even (a withdrawal's games are forfeits against "
                    "their scheduled opponents)"
                )
            byes[rnd] += 1
            if byes[rnd] > 1:
                return f"a Swiss: two players without an opponent in round {rnd}"
    return _meetings(trf, n, per_cycle, rounds)


def _meetings(trf: TrfFile, n: int, per_cycle: int, rounds: int) -> str | None:
    names = {p.number: p.entry.name for p in trf.players}
    games = {
        (rnd, min(p.number, b.opponent), max(p.number, b.opponent))
        for p in trf.players
        for rnd, b in enumerate(p.rounds, start=1)
        if b.opponent in names and b.opponent != p.number
    }
    met = Counter((a, b) for _, a, b in games)
    cycles = 2 if rounds > per_cycle else 1
    for (a, b), times in sorted(met.items()):
        if times > cycles:
            return (
                f"not a round robin: {names[a]} and {names[b]} meet {times} times in "
                f"{rounds} rounds"
            )
    finished = (
        n % 2 == 0
        and rounds >= per_cycle
        and all(
            len(p.rounds) >= rounds and all(b.code not in _PENDING for b in p.rounds)
            for p in trf.players
        )
    )
    if finished:
        never = [(a, b) for a in names for b in names if a < b and (a, b) not in met]
        if never:
            a, b = never[0]
            return f"a Swiss: every round is played and {names[a]} and {names[b]} never met"
    return None
