"""The play-off for a shared first place (``store.playoff``, §5), and the final table it decides.

``store.playoff()`` is where the play-off stands. It stores only its seed, the colour choice and
the results entered: its games are derived by ``normtui.rules.playoff`` on every read. The final
table (``final_standings``) is the main table with the play-off's outcome for a shared first
place; its rows and the play-off's view for a screen are in ``store/final.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from types import EllipsisType
from typing import TYPE_CHECKING

from normtui.rules.model import Colour, PlayerStatus, RuleError
from normtui.store.core import Core
from normtui.store.errors import ConflictError, InputError, StoreError
from normtui.store.games import Games
from normtui.store.values import surname

if TYPE_CHECKING:
    from normtui.rules.model import Game, Player
    from normtui.rules.playoff import PlayoffGame, PlayoffState
    from normtui.rules.profile import Profile
    from normtui.rules.standings import Standing
    from normtui.rules.tiebreaks import Scored
    from normtui.store.final import FinalStandings, PlayoffView
    from normtui.store.log import AuditEntry
    from normtui.store.records import GameRecord

    # What a play-off record must pass before it is kept: (text, game, white name, black
    # name, entered result, profile) -> warnings; raises RuleError to refuse.
    RecordCheck = Callable[[str, PlayoffGame, str, str, str, Profile], tuple[str, ...]]

__all__ = ["Playoff", "drawings_of", "final_of", "state_of", "undecided_blocker"]

_PLAYOFF = "Regulations §5"
# The play-off's rules are imported by the methods that use them: most commands read the
# final table, few of them a play-off.


class Playoff:
    """The play-off and the final table; see the module's doc."""

    def __init__(self, core: Core, games: Games) -> None:
        self._core = core
        self._games = games

    def final_standings(self, through_round: int | None = None) -> FinalStandings:
        """The final table, ranked in one place (``normtui.rules.final``): the main table,
        and once every main game is complete the play-off's outcome for a shared first place
        (§5). A table of an earlier round is the main table of that round."""
        with self._core.read():
            if through_round:  # 0 is the table before the first round
                self._core.check_round(through_round)
            players = self._core.players()
            rows, complete = self._games.main_table(through_round, players=players)
            whole = through_round is None or through_round >= self._core.stage_rounds("main")
            playoff = self._state(rows) if complete and whole else None
            return self._final(rows, players, playoff)

    def final_and_playoff(self) -> tuple[FinalStandings, PlayoffState]:
        """The final table (as :meth:`final_standings` gives it) and the play-off's state,
        from one main table: mid-event the state says who would play if the event ended now
        (an export and the play-off's screen show both; each would otherwise compute the
        main table again)."""
        with self._core.read():
            players = self._core.players()
            rows, complete = self._games.main_table(players=players)
            state = self._state(rows)
            return self._final(rows, players, state if complete else None), state

    def _final(
        self, rows: list[Standing], players: Sequence[Player], playoff: PlayoffState | None
    ) -> FinalStandings:
        return final_of(rows, players, self._core.profile, playoff)

    def view(self) -> PlayoffView:
        """Everything a screen of the play-off shows, read at one moment: the state, the
        players' names, the seed, what keeps it from starting, the records, the prizes."""
        with self._core.read():
            players = self._core.players()
            final, state = self.final_and_playoff()
            stage = self._core.stage("playoff")
            seed = stage["lots_seed"] if stage else None
            assert seed is None or isinstance(seed, int)
            records = frozenset(
                r["game"]
                for r in self._core.rows("SELECT game FROM playoff_results WHERE pgn IS NOT NULL")
            )
            blocker = None if stage else self._undecided_main()
            profile = self._core.profile
        # The final table's module: not needed to read the event (the console's pairings).
        from normtui.store.final import PlayoffView

        return PlayoffView(
            state,
            {p.number: p.name for p in players},
            seed,
            stage is not None,
            blocker,
            records,
            final.rows,
            profile,
            drawings_of(stage),
        )

    def __call__(self) -> PlayoffState:
        """Where the play-off for a shared first place stands (derived on every read)."""
        with self._core.read():
            return self._state(self._games.main_standings())

    def _state(
        self,
        final: list[Standing],
        results: Mapping[str, str] | None = None,
        drawings: Mapping[str, int] | None = None,
    ) -> PlayoffState:
        """``results``, ``drawings``: instead of those stored (to see what a change would
        do)."""
        stage = self._core.stage("playoff")
        seed = stage["lots_seed"] if stage else None
        assert seed is None or isinstance(seed, int)
        choice = stage["armageddon_choice"] if stage else None
        assert choice is None or isinstance(choice, str)
        if drawings is None:
            drawings = drawings_of(stage)
        if results is None:
            results = self._playoff_results()
        return state_of(
            final,
            self._core.profile,
            seed=seed,
            choice=choice,
            results=results,
            classical=lambda: (self._core.players(), self._games.main_games()),
            drawn=drawings,
        )

    def _playoff_results(self) -> dict[str, str]:
        """The results entered, in the order they were entered."""
        return {
            r["game"]: r["result"]
            for r in self._core.rows("SELECT game, result FROM playoff_results ORDER BY id")
        }

    def _stranded(self, final: list[Standing]) -> list[str]:
        """The results that have no game any more after a change: those after the longest
        run of results, in the order entered, that still makes a play-off."""
        results = self._playoff_results()
        order = list(results)
        for cut in range(len(order), -1, -1):
            try:
                self._state(final, {k: results[k] for k in order[:cut]})
            except RuleError:
                continue
            return order[cut:]
        return order

    def _undecided_main(self) -> str | None:
        """Why the play-off cannot start yet: the first main game still without its points."""
        # The first main game without a result, or whose Armageddon is still due (its
        # points are not known): found by SQLite, not by building every game.
        first = self._core.game_records(
            "g.id IN (SELECT g.id FROM games g WHERE g.stage = 'main' AND (g.result IS NULL "
            f"OR (NOT {self._core.complete_sql('g')} AND g.state <> 'forfeit')) "
            "ORDER BY g.round, g.board LIMIT 1)",
            [],
        )
        return undecided_blocker(first[0] if first else None)

    def _started_playoff(self) -> PlayoffState:
        """The state of a play-off that has been started; refused otherwise."""
        from normtui.rules.playoff import not_needed  # the play-off's rules: not for every read

        state = self._state(self._games.main_standings())
        if self._core.stage("playoff") is None:
            if not state.needed:
                raise RuleError(not_needed(self._core.profile), _PLAYOFF)
            raise RuleError("the play-off has not been started", _PLAYOFF)
        return state

    def _playoff_names(self) -> dict[int, str]:
        return {p.number: surname(p.name) for p in self._core.players()}

    def start(
        self,
        seed: int,
        *,
        expected_players: Sequence[int] | None = None,
        white: str | int | None = None,
    ) -> AuditEntry | None:
        """Start the play-off after the last round, its lots drawn from ``seed`` (recorded:
        the colours, the Armageddon's colours and the round robin's numbers and last
        tie-break all follow from it). ``white``: the player the drawing of colours at the
        board gave White in the first game (instead of the seed's lot). ``expected_players``:
        the pairing numbers of the players a console's question named; refused if the
        play-off is now between others (a result corrected elsewhere while the question was
        open)."""
        # The play-off's rules: not for every read.
        from normtui.rules.playoff import format_name, not_needed

        if not 0 <= seed < 2**63:
            raise InputError(f"the seed must be a whole number from 0 to {2**63 - 1}")
        with self._core.write("playoff start") as tx:
            if self._core.stage("playoff") is not None:
                raise StoreError("the play-off has already been started")
            blocker = self._undecided_main()
            if blocker is not None:
                raise RuleError(blocker, _PLAYOFF)
            state = self._state(self._games.main_standings())
            if expected_players is not None and (
                not state.needed or tuple(state.players) != tuple(expected_players)
            ):
                now = (
                    "the play-off is now between "
                    + ", ".join(self._playoff_names()[n] for n in state.players)
                    if state.needed
                    else "first place is no longer shared"
                )
                raise ConflictError(
                    "the standings changed since the question was asked (a "
                    f"result entered elsewhere): {now}; nothing was started, "
                    "look again"
                )
            if not state.needed:
                raise RuleError(not_needed(self._core.profile), _PLAYOFF)
            drawings: dict[str, int] = {}
            if white is not None:
                drawings["M1"] = self._drawn_player(white, state, "M1")
            tx.rec.insert(
                "stages",
                {
                    "kind": "playoff",
                    "rounds": 1,
                    "lots_seed": seed,
                    "time_control": self._core.profile.playoff.match_time_control,
                    "drawings": json.dumps(drawings),
                },
            )
            names = self._playoff_names()
            after = self._state(self._games.main_standings())
            what = format_name(self._core.profile, after.format)
            tx.summary = (
                f"play-off started with seed {seed}: {what} of "
                + " and ".join(names[n] for n in after.players)
                + (f"; White in M1 {names[drawings['M1']]}, drawn at the board" if drawings else "")
                + _next(after, names)
            )
        return tx.entry

    def enter_result(
        self,
        game: str,
        result: str,
        *,
        correction: bool = False,
        expected: str | EllipsisType | None = ...,
    ) -> AuditEntry | None:
        """The result of play-off game ``game`` ("M1", "M2", "A", "R3.2"; any case).

        A different result needs ``correction=True``; a correction that no longer agrees with
        the game's record removes the record (audited, so undo brings it back). ``expected``:
        the result the caller showed (None: none yet); refused if the game has another one
        now, entered elsewhere since (a console's question names what it corrects)."""
        # The play-off's rules: not for every read.
        from normtui.rules.playoff import parse_playoff_result

        game_id = game.strip().upper()
        value = parse_playoff_result(result)
        with self._core.write("playoff result") as tx:
            state = self._started_playoff()
            target = state.game(game_id)
            row = self._core.conn.execute(
                "SELECT id, result, pgn FROM playoff_results WHERE game = ?", [game_id]
            ).fetchone()
            if row is not None and row[1] == value:
                return None
            if not isinstance(expected, EllipsisType) and (row[1] if row else None) != (
                None if expected is None else parse_playoff_result(expected)
            ):
                raise ConflictError(
                    f"play-off game {game_id} was changed by someone else since you read it "
                    f"(now {row[1] if row else 'no result'}, you saw "
                    f"{expected or 'no result'}); nothing was entered, look again"
                )
            if row is not None and not correction:
                raise RuleError(
                    f"play-off game {game_id} already has {row[1]}; enter it as a correction",
                    _PLAYOFF,
                )
            names = self._playoff_names()
            label = f"play-off game {game_id} ({names[target.white]}-{names[target.black]})"
            if row is None:
                tx.rec.insert(
                    "playoff_results",
                    {"game": game_id, "result": value, "entered_at": self._core.now()},
                )
                tx.summary = f"{label}: {value}"
            else:
                tx.action = "playoff correction"
                tx.rec.update(
                    "playoff_results",
                    int(row[0]),
                    {"result": value, "entered_at": self._core.now(), "pgn": None},
                )
                tx.summary = f"{label}: corrected {value} (was {row[1]})"
                if row[2] is not None:
                    tx.summary += "; its PGN, which said otherwise, was removed"
            final = self._games.main_standings()
            try:
                after = self._state(final)
            except RuleError:
                # The correction changes which games follow, and a later one has a result.
                later = self._stranded(final)
                one = len(later) == 1
                raise RuleError(
                    f"{value} in {game_id} would change the games that follow it, and "
                    f"{', '.join(later)} already {'has' if one else 'have'} a result; undo "
                    f"{'it' if one else 'them'} first",
                    _PLAYOFF,
                ) from None
            tx.summary += _next(after, names)
        return tx.entry

    def set_choice(self, colour: Colour | str) -> AuditEntry | None:
        """The colour the higher-ranked player chose for the play-off Armageddon (§5), when
        the profile lets them choose; it may change until the Armageddon has a result."""
        chosen = Colour(colour.strip().lower()) if isinstance(colour, str) else colour
        with self._core.write("playoff choice") as tx:
            state = self._started_playoff()
            stage = self._core.stage("playoff")
            assert stage is not None
            if self._core.profile.playoff.armageddon_colours != "higher_ranked_chooses":
                raise RuleError(
                    "this event draws the play-off Armageddon's colours by lot "
                    "(profile: playoff.armageddon_colours)",
                    _PLAYOFF,
                )
            armageddon = next((g for g in state.games if g.kind == "armageddon"), None)
            if state.waiting_for_choice is None and armageddon is None:
                raise RuleError("the Armageddon is not due: the match is not tied", _PLAYOFF)
            if armageddon is not None and armageddon.result is not None:
                raise RuleError(
                    "the Armageddon has been played; its colours cannot change", _PLAYOFF
                )
            before = stage["armageddon_choice"]
            id_ = stage["id"]
            assert isinstance(id_, int)
            tx.rec.update("stages", id_, {"armageddon_choice": chosen.value})
            names = self._playoff_names()
            chooser = names[state.players[0]]
            tx.summary = (
                f"play-off Armageddon: {chooser} (higher on the tie-breaks) chose "
                f"{chosen.value}" + (f" (was {before})" if before else "")
            )
            tx.summary += _next(self._state(self._games.main_standings()), names)
        return tx.entry

    def _drawn_player(self, player: str | int, state: PlayoffState, what: str) -> int:
        """The pairing number of ``player``, who must be in the two-player play-off ``state``
        (``what``: the drawing, for the refusal)."""
        if state.format != "match":
            raise RuleError(
                "the round robin's colours follow its Berger table and its numbers are "
                "drawn from the seed: there is no drawing of colours to record",
                _PLAYOFF,
            )
        found = self._core.resolve_player(player)
        if found.number not in state.players:
            names = self._playoff_names()
            playing = " and ".join(names[n] for n in state.players)
            raise RuleError(
                f"{found.name} is not in the play-off ({playing} play it); {what} is theirs",
                _PLAYOFF,
            )
        return found.number

    def set_white(self, player: str | int) -> AuditEntry | None:
        """The drawing of colours the arbiter made at the board for the next game whose
        colours are drawn by lot (the first of a match, the first sudden-death game where
        the profile draws it, a drawn Armageddon's): ``player`` has White. It replaces the
        seed's lot for that game, and may change again until the game has a result."""
        with self._core.write("playoff drawing") as tx:
            state = self._started_playoff()
            stage = self._core.stage("playoff")
            assert stage is not None
            game = state.next_game
            if state.winner is not None:
                raise RuleError("the play-off is decided: no colours are drawn now", _PLAYOFF)
            if game is None or not game.drawn:
                why = (
                    f"the colours of {game.id}, the next game, are not drawn: "
                    + _not_drawn(game.id, self._core.profile)
                    if game is not None
                    else "no game is due: the player higher on the tie-breaks chooses the "
                    "Armageddon's colours (--choose)"
                )
                raise RuleError(why, _PLAYOFF)
            number = self._drawn_player(player, state, f"the colours of {game.id}")
            drawings = drawings_of(stage)
            before = drawings.get(game.id)
            if before == number:
                return None
            drawings[game.id] = number
            id_ = stage["id"]
            assert isinstance(id_, int)
            tx.rec.update("stages", id_, {"drawings": json.dumps(drawings)})
            names = self._playoff_names()
            was = (
                f"was {names[before]}, drawn at the board"
                if before is not None
                else f"was {names[game.white]}, the seed's lot"
            )
            tx.summary = (
                f"play-off game {game.id}: {names[number]} White, drawn at the board ({was})"
                + _next(self._state(self._games.main_standings()), names)
            )
        return tx.entry

    def set_lot(self, player: str | int) -> AuditEntry | None:
        """The drawing of lots the arbiter made at the board where lots decide the play-off
        (``playoff.after_match`` or ``after_sudden_death`` = "lots"): ``player`` won it. It
        replaces the seed's lot."""
        from normtui.rules.playoff import LOT_DRAWING  # the play-off's rules: not for every read

        with self._core.write("playoff drawing") as tx:
            state = self._started_playoff()
            stage = self._core.stage("playoff")
            assert stage is not None
            if state.format != "match" or not state.decided_by_lots:
                raise RuleError(
                    "the play-off is not at a drawing of lots: "
                    + (state.status[0].lower() + state.status[1:]),
                    _PLAYOFF,
                )
            number = self._drawn_player(player, state, "the drawing of lots")
            drawings = drawings_of(stage)
            if drawings.get(LOT_DRAWING) == number:
                return None
            was = state.winner
            drawings[LOT_DRAWING] = number
            id_ = stage["id"]
            assert isinstance(id_, int)
            tx.rec.update("stages", id_, {"drawings": json.dumps(drawings)})
            names = self._playoff_names()
            assert was is not None
            tx.summary = (
                f"play-off decided by lot: {names[number]} drew the winning lot at the board "
                f"(was {names[was]}"
                + (
                    ", drawn at the board)"
                    if LOT_DRAWING in drawings_of(stage)
                    else ", the seed's lot)"
                )
            )
        return tx.entry

    def set_format(self, phrase: str) -> AuditEntry | None:
        """The play-off's format for two players, from a phrase (``normtui.rules.
        playoff_format``: "2 blitz 3+2, then sudden death"); only until the play-off starts,
        since its games are derived from it."""
        # Only setting the format needs the phrase's reader and the profile's writer.
        from normtui.rules.playoff_format import format_phrase, parse_format
        from normtui.rules.profile import load_profile
        from normtui.store.profile_text import apply_playoff_format

        with self._core.write("playoff format") as tx:
            if self._core.stage("playoff") is not None:
                raise RuleError(
                    "the play-off has started: its format cannot change while its games are "
                    "played (undo its start first, if it was started by mistake)",
                    _PLAYOFF,
                )
            profile = self._core.profile
            change = parse_format(phrase, profile)
            text = apply_playoff_format(profile.source_text, change)
            new = load_profile(text)
            if new.playoff == profile.playoff and dict(new.time_controls) == dict(
                profile.time_controls
            ):
                return None
            tx.rec.update("event", 1, {"profile_text": text})
            tx.summary = f"play-off format: {format_phrase(new)} (was {format_phrase(profile)})"
        return tx.entry

    def attach_pgn(
        self, game: str, text: str, *, check: RecordCheck, replace_existing: bool = False
    ) -> AuditEntry | None:
        """Keep the record of a play-off game that has its result, once ``check`` passes it
        (``normtui.importing.attach_playoff_record`` passes the PGN checks for the play-off:
        players and colours, this game's time control, the entered result). ``check`` runs
        inside the transaction, on the state it reads; it returns warnings for the audit
        summary or raises to refuse. An existing, different record is only replaced on
        request."""
        # Only keeping a record needs the records' module: the final table does without it.
        from normtui.store.records import refuse_record_controls

        game_id = game.strip().upper()
        if not text.strip():
            raise InputError("the PGN text is empty")
        refuse_record_controls(text)
        with self._core.write("playoff pgn") as tx:
            state = self._started_playoff()
            target = state.game(game_id)
            row = self._core.conn.execute(
                "SELECT id, result, pgn FROM playoff_results WHERE game = ?", [game_id]
            ).fetchone()
            if row is None:
                raise RuleError(
                    f"play-off game {game_id} has no result yet: enter it, then attach its record",
                    _PLAYOFF,
                )
            if row[2] == text:
                return None
            if row[2] is not None and not replace_existing:
                raise ConflictError(
                    f"play-off game {game_id} already has a PGN; replace it explicitly"
                )
            full = {p.number: p.name for p in self._core.players()}
            warnings = check(
                text, target, full[target.white], full[target.black], row[1], self._core.profile
            )
            tx.rec.update("playoff_results", int(row[0]), {"pgn": text})
            names = self._playoff_names()
            tx.summary = (
                f"play-off game {game_id} ({names[target.white]}-"
                f"{names[target.black]}): PGN {'replaced' if row[2] else 'attached'}"
            )
            if warnings:
                tx.summary += (
                    f" with {len(warnings)} warning{'s' * (len(warnings) != 1)}: "
                    + "; ".join(warnings)
                )
        return tx.entry

    def records(self) -> list[tuple[str, str, str]]:
        """(game, result, record) of every play-off game that has its record kept."""
        return [
            (r["game"], r["result"], r["pgn"])
            for r in self._core.rows(
                "SELECT game, result, pgn FROM playoff_results WHERE pgn IS NOT NULL ORDER BY id"
            )
        ]

    def pgn(self, game: str) -> str | None:
        """The record kept for a play-off game, if any."""
        rows = self._core.rows(
            "SELECT pgn FROM playoff_results WHERE game = ?", [game.strip().upper()]
        )
        return rows[0]["pgn"] if rows else None


def drawings_of(stage: Mapping[str, object] | None) -> dict[str, int]:
    """The drawings of lots recorded at the board (game id or "LOT" -> player number)."""
    if stage is None:
        return {}
    text = stage.get("drawings") or "{}"
    assert isinstance(text, str)
    found = json.loads(text)
    return {str(k): int(v) for k, v in found.items()}


def _not_drawn(game_id: str, profile: Profile) -> str:
    """Why a play-off game's colours are not drawn by lot."""
    rules = profile.playoff
    if game_id.startswith("R"):
        return "a round robin's colours follow its Berger table"
    if game_id.startswith("M"):
        return "a match's games after its first alternate the colours"
    if game_id.startswith("S"):
        return (
            "sudden-death colours follow the game before (profile: "
            "playoff.sudden_death_first_white and sudden_death_colours)"
        )
    if rules.armageddon_colours == "higher_ranked_chooses":
        return "the player higher on the tie-breaks chooses them (--choose)"
    return "they follow the profile"


def _next(state: PlayoffState, names: Mapping[int, str]) -> str:
    """What the audit summary adds after a play-off change: what comes next."""
    if state.winner is not None:
        return f"; winner {names[state.winner]}"
    if state.waiting_for_choice is not None:
        return f"; {names[state.waiting_for_choice]} chooses the Armageddon's colours"
    game = state.next_game
    if game is None:
        return ""
    return f"; next {game.id} {names[game.white]}-{names[game.black]}"


def final_of(
    rows: list[Standing],
    players: Sequence[Player],
    profile: Profile,
    playoff: PlayoffState | None,
) -> FinalStandings:
    """The final table of the main table ``rows`` and the play-off's state (``None`` mid-event),
    with each row's prize (``store.playoff.final_standings`` and a screen's snapshot both
    rank it here)."""
    # Only the final table.
    from normtui.rules.final import final_table
    from normtui.rules.first_place import first_place
    from normtui.rules.prizes import empty_places_note
    from normtui.store.final import FinalStandings, StandingRow

    table = final_table(rows, profile, playoff)
    status = {p.number: p.status for p in players}
    # §9 a: a player not counted leaves the last place of the prize table empty.
    empty = empty_places_note(table.award, profile.prizes.amounts, profile.event.currency)
    fraction = f"{(profile.illness.withdrawal_counted_fraction * 100).normalize():f} %"
    cite = profile.articles.cite("withdrawal")
    why = f"withdrawn before completing {fraction} of the games: not counted{cite}"

    def withdrawn_uncounted(r: Standing) -> bool:
        return not r.counted and status.get(r.number) is PlayerStatus.WITHDRAWN

    out = tuple(
        StandingRow.of(
            r,
            status.get(r.number, PlayerStatus.ACTIVE),
            note=why if withdrawn_uncounted(r.standing) else "",
            prize_note=(empty or None) if withdrawn_uncounted(r.standing) else None,
            order=profile.tiebreaks.order,
        )
        for r in table.rows
    )
    first = first_place(rows, profile, final=playoff is not None)
    return FinalStandings(
        out,
        table.decided_by,
        table.playoff_places,
        table.note,
        playoff,
        profile.prizes.awarded,
        first,
        profile.tiebreaks.order,
        profile.articles,
        profile.classical.armageddon_after_draw,
    )


def state_of(
    final: list[Standing],
    profile: Profile,
    *,
    seed: int | None,
    choice: str | None,
    results: Mapping[str, str],
    classical: Callable[[], tuple[Sequence[Player], Sequence[Game]]],
    drawn: Mapping[str, int],
) -> PlayoffState:
    """Where the play-off stands for the main table ``final``, its stage's ``seed`` and
    Armageddon ``choice`` (None: not started, not chosen), the ``results`` entered in order
    and the drawings of lots made at the board (``drawn``). ``classical``: the players and
    main games, asked for only when the profile ranks the play-off's round robin on the
    classical games (2024)."""
    # The play-off's rules: not for every read.
    from normtui.rules.playoff import playoff_state
    from normtui.rules.standings import classical_games

    scored: tuple[Scored, ...] = ()
    if profile.playoff.round_robin_tiebreak_basis == "classical_games":
        scored = tuple(classical_games(*classical(), profile))
    return playoff_state(
        final,
        profile,
        seed=seed,
        results=results,
        armageddon_choice=Colour(choice) if choice else None,
        classical=scored,
        drawn=drawn,
    )


def undecided_blocker(first: GameRecord | None) -> str | None:
    """Why the play-off cannot start yet: ``first``, the first main game still without its
    points (None: there is none)."""
    if first is None:
        return None
    return f"the play-off is played after the last round; {first.label} is not decided"
