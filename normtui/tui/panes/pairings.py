"""Pane 1, Pairings: the boards of a round, one key per outcome (§2, §4, §8).

A drawn main game opens its Armageddon at once (same colours, its clock, the countdown of the
20 minutes in which it must start); a board that already has a result is only changed as a
confirmed, audited correction.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widgets import Static

from normtui.rules.errors import NormtuiError
from normtui.rules.model import ArmageddonResult, GameState, MainResult
from normtui.rules.results import check_round_closable
from normtui.store import GameRecord
from normtui.store.core import checked
from normtui.store.games import result_change
from normtui.store.values import surname
from normtui.tui.formatting import clock_time, result_text
from normtui.tui.panes.base import PaletteBinding, Pane, report_refusal
from normtui.tui.panes.board_text import (
    absent_players,
    correction_note,
    describe,
    forfeit_meaning,
    outcome,
)
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.widgets.pairings_table import PairingsTable
from normtui.tui.widgets.round_bar import RoundBar, RoundInfo
from normtui.tui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from normtui.store import EventStore
    from normtui.store.picture import EventPicture


_RESULT = Binding.Group("Result")
_SIGN = Binding.Group("Sign")
_ROUND = Binding.Group("Round")


class PairingsPane(Pane):
    PANE_ID = "pairings"
    TITLE = "Pairings"
    GO_TO = "board"
    ROUND_KEY = "c"
    BINDINGS: ClassVar = [
        PaletteBinding(
            "w",
            "result('1-0')",
            "1-0",
            id="pairings.white_wins",
            group=_RESULT,
            tooltip="White wins the main game",
            palette="Result: White wins (1-0)",
        ),
        PaletteBinding(
            "b",
            "result('0-1')",
            "0-1",
            id="pairings.black_wins",
            group=_RESULT,
            tooltip="Black wins the main game",
            palette="Result: Black wins (0-1)",
        ),
        PaletteBinding(
            "d",
            "result('1/2-1/2')",
            "½-½",
            id="pairings.draw",
            group=_RESULT,
            tooltip="Main game drawn: its Armageddon opens at once",
            palette="Result: draw, then Armageddon (½-½)",
        ),
        PaletteBinding(
            "f",
            "result('+/-')",
            "+/-",
            id="pairings.white_forfeit",
            group=_RESULT,
            show=False,
            tooltip="White wins by forfeit, Black absent (asks first)",
            palette="Result: White wins by forfeit (+/-)",
        ),
        PaletteBinding(
            "F",
            "result('-/+')",
            "-/+",
            id="pairings.black_forfeit",
            group=_RESULT,
            show=False,
            key_display="F",
            tooltip="Black wins by forfeit, White absent (asks first)",
            palette="Result: Black wins by forfeit (-/+)",
        ),
        PaletteBinding(
            "x",
            "result('-/-')",
            "-/-",
            id="pairings.double_forfeit",
            group=_RESULT,
            show=False,
            tooltip="Double forfeit, both absent (asks first)",
            palette="Result: double forfeit (-/-)",
        ),
        PaletteBinding(
            "a",
            "armageddon",
            "Armageddon",
            id="pairings.armageddon",
            tooltip="The Armageddon of a drawn board: result, clock, start window",
            palette="Armageddon of the highlighted board",
        ),
        PaletteBinding(
            "p",
            "started",
            "Started",
            id="pairings.started",
            tooltip="Mark the game in progress (again: back to scheduled); on a drawn game "
            "whose Armageddon waits: the Armageddon has started (its countdown stops)",
            palette="Game started (in progress)",
        ),
        PaletteBinding(
            "s",
            "start_round",
            "Start round",
            id="pairings.start_round",
            show=False,
            tooltip="Start the round: every scheduled board in progress (asks first)",
            palette="Start the round",
        ),
        PaletteBinding(
            "W",
            "sign('white')",
            "White",
            id="pairings.sign_white",
            key_display="W",
            group=_SIGN,
            tooltip="White has signed the scoresheet",
            palette="Sign: White's scoresheet",
        ),
        PaletteBinding(
            "B",
            "sign('black')",
            "Black",
            id="pairings.sign_black",
            key_display="B",
            group=_SIGN,
            tooltip="Black has signed the scoresheet",
            palette="Sign: Black's scoresheet",
        ),
        PaletteBinding(
            "A",
            "sign('arbiter')",
            "Arbiter",
            id="pairings.sign_arbiter",
            key_display="A",
            group=_SIGN,
            tooltip="The arbiter countersigns: the result is final",
            palette="Sign: arbiter countersigns",
        ),
        PaletteBinding(
            "left_square_bracket",
            "round(-1)",
            "Previous",
            id="pairings.prev_round",
            show=False,
            key_display="[",
            group=_ROUND,
            tooltip="Previous round",
            palette="Previous round",
        ),
        PaletteBinding(
            "right_square_bracket",
            "round(1)",
            "Next",
            id="pairings.next_round",
            show=False,
            key_display="]",
            group=_ROUND,
            tooltip="Next round",
            palette="Next round",
        ),
        PaletteBinding(
            "c",
            "current_round",
            "Current round",
            id="pairings.current_round",
            show=False,
            tooltip="The round being played",
            palette="Current round",
        ),
        PaletteBinding(
            "D",
            "date_round",
            "Date round",
            id="pairings.date_round",
            show=False,
            key_display="D",
            group=_ROUND,
            tooltip="Give or correct the date and start time of the round shown",
            palette="Date the round shown (its date and start time)",
        ),
        PaletteBinding(
            "C",
            "close_round",
            "Close round",
            id="pairings.close_round",
            show=False,
            key_display="C",
            group=_ROUND,
            tooltip="Close the round shown once every board has its result; on a closed "
            "round: reopen it (asks first)",
            palette="Close the round shown (or reopen it)",
        ),
    ]

    # The round shown: set, the pane shows it (again; watch_round), its widgets repainting what
    # changed in them; not the whole pane again (repaint=False), as it is set after every change.
    round: reactive[int] = reactive(0, init=False, always_update=True, repaint=False)

    def __init__(self, store: EventStore, picture: EventPicture, **kwargs: object) -> None:
        super().__init__(store, picture, **kwargs)
        self.set_reactive(PairingsPane.round, picture.current_round)
        # The round being played is shown until the arbiter chooses another.
        self._following = True
        self._rounds = picture.rounds
        self._warned: set[int] = set()
        # The legend under the table as last shown.
        self._legend = ""

    def compose(self) -> ComposeResult:
        with Horizontal(id="pairings-bar"):
            yield RoundBar(self._rounds, id="round-bar").data_bind(current=PairingsPane.round)
            yield RoundInfo(id="round-info")
        yield PairingsTable(id="pairings-table")
        yield Static("", id="pairings-legend", markup=False)
        yield StatusLine()

    def on_mount(self) -> None:
        self.set_interval(1.0, self._tick)

    @property
    def table(self) -> PairingsTable:
        return self.query_one(PairingsTable)

    def focus_first(self) -> None:
        self.screen.set_focus(self.table)

    def go_to_numbers(self) -> list[int]:
        return [g.board for g in self.table.games]

    def go_to(self, number: int) -> None:
        game = next((g for g in self.table.games if g.board == number), None)
        if game is not None:
            self.table.go_to_key(str(game.id))

    def _now(self) -> datetime:
        return self.normtui.now()

    # -- reading ---------------------------------------------------------------------------

    def shown_round(self) -> int | None:
        return self.round if self._following else None

    def redraw(self) -> None:
        self.round = self.round_to_show(self.round, self._following)

    def watch_round(self) -> None:
        event = self.picture
        profile = event.profile
        mine = event.games_of(self.round)
        self.table.show(mine, self._now(), profile.classical.armageddon_draw_winner)
        done = sum(1 for g in mine if g.points is not None)
        info = event.round_record(self.round)
        when = ""
        if info and info.date:
            when = f"{datetime.fromisoformat(info.date):%d %b} {info.start_time or ''}".rstrip()
        closed = ["closed"] if info and info.status == "closed" else []
        # An odd field: the player without a board this round (§1), said beside the boards.
        bye = [f"bye: {b.number} {surname(b.name)}" for b in event.byes(self.round)]
        self.query_one(RoundInfo).show(
            [
                *([when] if when else []),
                f"{done}/{len(mine)} complete",
                *closed,
                *bye,
                "[ ] round",
                "c current",
            ]
        )
        tc = profile.time_controls["armageddon"].describe()
        minutes = profile.classical.armageddon_start_within_minutes
        feed = any("feed" in (g.result_from, g.armageddon_from) for g in mine)
        rule = (
            f"Armageddon: {tc}, same colours, start within {minutes}' of the draw (§2)."
            if profile.classical.armageddon_after_draw
            else "A draw is complete: ½ each."
        )
        legend = profile.articles.reword(
            f"* provisional until both players sign and the arbiter countersigns (§8)"
            f"{'; f from the live boards' if feed else ''}.  {rule}"
        )
        if legend != self._legend:  # seldom changes: no layout pass after every result
            self._legend = legend
            self.query_one("#pairings-legend", Static).update(legend)

    def _tick(self) -> None:
        now = self._now()
        waiting = self.picture.armageddons_waiting
        if any(g.round == self.round for g in waiting):
            self.table.tick(now)
        for game in waiting:
            if game.id in self._warned or game.armageddon_deadline is None:
                continue
            if game.armageddon_deadline < now:
                self._warned.add(game.id)
                self.notify(
                    f"{game.label}: the Armageddon should have started by "
                    f"{clock_time(game.armageddon_deadline, now)}",
                    title="Regulations §2",
                    severity="warning",
                    timeout=5,
                    markup=False,
                )

    # -- round selection -------------------------------------------------------------------

    @on(RoundBar.Chosen)
    def _round_chosen(self, event: RoundBar.Chosen) -> None:
        event.stop()
        self.show_round(event.round)

    def action_round(self, step: int) -> None:
        self.show_round(self.round + step)

    def action_current_round(self) -> None:
        self.show_round(self.picture.current_round)

    def show_round(self, round_no: int) -> None:
        if not 1 <= round_no <= self._rounds:
            self.notify(f"The event has rounds 1-{self._rounds}.", severity="warning", markup=False)
            return
        self._following = round_no == self.picture.current_round
        self.round = round_no

    # -- results ---------------------------------------------------------------------------

    def _board(self) -> GameRecord | None:
        game = self.table.game
        if game is None:
            self.notify("No board highlighted.", severity="warning")
        return game

    def action_result(self, value: str) -> None:
        game = self._board()
        if game is None:
            return
        result = MainResult(value)
        if game.result is result:
            if result is MainResult.DRAW and self._armageddons():
                self.action_armageddon()
            else:
                self.say(f"{game.label} is already {result_text(result)}.")
            return
        if game.result is None and not result.is_forfeit:
            self._enter(game, result, correction=False)
            return

        correction = game.result is not None
        if self._refused(game, result, None, correction):
            return
        # A forfeit is never one key: it takes a game off the board (3-0, no Armageddon), and
        # x is the crosstable one pane away. What the desk knows is said with it.
        if correction:
            question = (
                f"Correct {game.label}?\n\nNow: {describe(game)}\n"
                f"New: {result_text(result)} ({outcome(value, game)})"
            )
        else:
            meaning = forfeit_meaning(game, result, self.picture.profile.points)
            question = f"{outcome(value, game)} on {game.label}?\n\n{meaning}"
        warnings = self._forfeit_warnings(game, result) if result.is_forfeit else []
        if warnings:
            question += "\n\n" + "\n".join(f"Note: {w}" for w in warnings)
        # A correction of a signed result also clears the signatures (§8): said as it does.
        question += (
            f"\n\n{correction_note(game, result, self._record_of(game, result))}"
            if correction
            else "\n\nRecorded in the audit log; ctrl+z undoes it."
        )
        self.app.push_screen(
            ConfirmScreen(self._reword(question), confirm="Correct" if correction else "Forfeit"),
            lambda yes: self._enter(game, result, correction) if yes else None,
        )

    def _forfeit_warnings(self, game: GameRecord, result: MainResult) -> list[str]:
        """What the desk recorded that a forfeit contradicts: the game under way, a player
        said to be absent whom the desk saw at the start."""
        out = []
        if game.state is GameState.IN_PROGRESS:
            out.append("the game is in progress (its clocks were started).")
        present = {a.player.number for a in self.picture.arrivals_of(game.round) if a.present}
        for number, name in absent_players(game, result):
            if number in present:
                out.append(
                    f"the desk recorded {surname(name)} present at the start of round {game.round}."
                )
        return out

    def _enter(self, game: GameRecord, result: MainResult, correction: bool) -> None:
        # A draw opens its Armageddon at once, which says the draw is in: a toast would only
        # cover the Armageddon's answers on a small terminal.
        opens = result is MainResult.DRAW and self._armageddons()
        done = self.write(
            self.store.games.enter_result_of,
            game.id,
            result,
            correction=correction,
            expected_version=game.version,
            quiet=opens,
        )
        entered = self.picture.game(game.id)
        if done and opens and entered is not None:
            self.open_armageddon(entered)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # An event without Armageddons has no key for one (nor a Footer entry).
        if action == "armageddon" and not self._armageddons():
            return False
        return super().check_action(action, parameters)

    def _armageddons(self) -> bool:
        """Whether a drawn main game has an Armageddon in this event (its profile)."""
        return self.picture.profile.classical.armageddon_after_draw

    def _record_of(self, game: GameRecord, new: MainResult | ArmageddonResult) -> str | None:
        """The record a correction to ``new`` may contradict (the main game's, or the
        Armageddon's), read now: the question shows what it says."""
        armageddon = isinstance(new, ArmageddonResult)
        if not (game.has_armageddon_pgn if armageddon else game.has_pgn):
            return None
        kept = self.store.games.get(game.id)
        return kept.armageddon_pgn if armageddon else kept.pgn

    def action_armageddon(self) -> None:
        game = self._board()
        if game is None:
            return
        if game.result is not MainResult.DRAW:
            self.notify(
                f"{game.label}: an Armageddon follows a drawn main game only "
                f"(this one: {describe(game)})",
                title="Regulations §2",
                severity="error",
                markup=False,
            )
            return
        self.open_armageddon(game)

    def open_armageddon(self, game: GameRecord) -> None:
        # Loaded at the first draw, not at the start.
        from normtui.tui.screens.armageddon import ArmageddonScreen

        if not self._armageddons():
            self.say(f"{game.label}: this event plays no Armageddon; a draw is ½-½.")
            return
        self.app.push_screen(
            ArmageddonScreen(game, self.picture.profile, self._now),
            lambda result: self._armageddon_answered(game, result),
        )

    def _armageddon_answered(self, game: GameRecord, result: ArmageddonResult | None) -> None:
        # As it is now: the feed or another terminal may have entered it while the dialog was
        # open (the dialog said so), and then the answer is a correction, asked first.
        game = self.picture.game(game.id) or game
        if result is None:
            if game.armageddon is None:
                self.say(
                    f"{game.label}: the Armageddon waits; a on the board (or ctrl+a) enters it.",
                    true_while=lambda: self.picture.armageddon_waits(game.id),
                )
            return
        if game.armageddon is result:
            self.say(
                f"{game.label}: the Armageddon is {result_text(result)} already; nothing changed."
            )
            return

        if (game.armageddon is not None or result.is_forfeit) and self._refused(
            game, None, result, game.armageddon is not None
        ):
            return
        if game.armageddon is None and result.is_forfeit:
            # A forfeit decides the pairing without a game: asked first.
            absent = (
                game.black_name if result is ArmageddonResult.WHITE_FORFEIT_WIN else game.white_name
            )
            question = (
                f"Armageddon of {game.label}: {absent} is absent, and loses it by "
                f"forfeit ({result.value})?\n\nThe forfeit is recorded in the audit "
                "log."
            )
            self.app.push_screen(
                ConfirmScreen(self._reword(question), confirm="Forfeit"),
                lambda yes: self._enter_armageddon(game, result, False) if yes else None,
            )
            return
        if game.armageddon is None:
            self._enter_armageddon(game, result, correction=False)
            return

        question = (
            f"Correct the Armageddon of {game.label}?\n\nNow: "
            f"{result_text(game.armageddon)}\nNew: {result_text(result)}\n\n"
            f"{correction_note(game, result, self._record_of(game, result))}"
        )
        self.app.push_screen(
            ConfirmScreen(self._reword(question), confirm="Correct"),
            lambda yes: self._enter_armageddon(game, result, True) if yes else None,
        )

    def _refused(
        self,
        game: GameRecord,
        result: MainResult | None,
        armageddon: ArmageddonResult | None,
        correction: bool,
    ) -> bool:
        """Whether the change is refused (said, as a refusal is): found before the arbiter is
        asked to confirm it, not after, by the check the write makes (``result_change``) on
        the event as it is now, without writing."""
        return self._refusal(lambda event: _change(event, game, result, armageddon, correction))

    def _refusal(self, check: Callable[[EventPicture], object]) -> bool:
        """Whether ``check`` refuses the change on the event as it is now (a change another
        terminal made since the console last looked is read first); the refusal is said."""
        self.console.catch_up()
        try:
            check(self.picture)
        except NormtuiError as exc:
            report_refusal(self, exc)
            return True
        return False

    def _enter_armageddon(
        self, game: GameRecord, result: ArmageddonResult, correction: bool
    ) -> None:
        self.write(
            self.store.games.enter_armageddon_of,
            game.id,
            result,
            correction=correction,
            expected_version=game.version,
        )

    # -- state and signatures --------------------------------------------------------------

    def action_started(self) -> None:
        game = self._board()
        if game is None:
            return
        if (
            game.result is MainResult.DRAW
            and game.armageddon is None
            and game.armageddon_after_draw
        ):
            # The Armageddon waiting has started (again: it has not): its window is over.
            started = game.armageddon_started_at is None
            self.write(
                self.store.games.start_armageddon,
                game.id,
                started=started,
                expected_version=game.version,
            )
            return
        state = (
            GameState.SCHEDULED if game.state is GameState.IN_PROGRESS else GameState.IN_PROGRESS
        )
        self.write(self.store.games.set_state, game.id, state, expected_version=game.version)

    def action_start_round(self) -> None:
        """The clocks of the round are started: every board still scheduled is in progress
        (normtui start). Asked first: it is one key for the whole round."""

        waiting = [
            g for g in self.table.games if g.state is GameState.SCHEDULED and g.result is None
        ]
        if not waiting:
            self.say(f"Round {self.round}: no board is waiting to start.")
            return
        boards = ", ".join(str(g.board) for g in waiting)
        question = (
            f"Start round {self.round}?\n\nBoards {boards} "
            f"({len(waiting)} of {len(self.table.games)}) go in progress."
        )
        round_no = self.round

        def start(yes: bool | None) -> None:
            if yes:
                self.write(self.store.rounds.start, round_no)

        self.app.push_screen(ConfirmScreen(self._reword(question), confirm="Start"), start)

    def action_date_round(self) -> None:
        """The round shown's date and start time, given or corrected in a small dialog: one
        change, audited (normtui round --date --start)."""
        from normtui.tui.screens.round_date import RoundDateScreen  # only when asked

        round_no = self.round
        info = self.picture.round_record(round_no)

        def recorded(done: bool | None) -> None:
            if done:
                self.changed()
                if self.picture.head is not None:
                    self.say(self.picture.head.summary)

        self.app.push_screen(
            RoundDateScreen(
                self.store,
                round_no,
                info.date if info else None,
                info.start_time if info else None,
            ),
            recorded,
        )

    def action_close_round(self) -> None:
        """Close the round shown (the report then lists it closed); a change to a closed round
        is a correction. On a closed round: reopen it. Asked first; refused before asking when
        a board still lacks its result."""

        round_no = self.round
        info = self.picture.round_record(round_no)
        if info is not None and info.status == "closed":
            question = (
                f"Reopen round {round_no}?\n\nResults can then be entered in it "
                "without a correction. Recorded in the audit log; ctrl+z undoes it."
            )
            self.app.push_screen(
                ConfirmScreen(self._reword(question), confirm="Reopen"),
                self._if_yes(self.store.rounds.reopen, round_no),
            )
            return
        if self._refusal(
            lambda event: check_round_closable([g.game() for g in event.games_of(round_no)])
        ):
            return
        unsigned = [g for g in self.table.games if g.result is not None and g.provisional]
        note = (
            f"\n\nNot countersigned yet (§8): boards {', '.join(str(g.board) for g in unsigned)}."
            if unsigned
            else ""
        )
        question = (
            f"Close round {round_no}?\n\nEvery board has its result.{note} A change "
            "to a closed round is then entered as a correction (asked first), and the "
            "Chief Arbiter's report lists the round closed. Recorded in the audit log; "
            "ctrl+z undoes it."
        )
        self.app.push_screen(
            ConfirmScreen(self._reword(question), confirm="Close"),
            self._if_yes(self.store.rounds.close, round_no),
        )

    def _if_yes(self, call: Callable[..., object], round_no: int) -> Callable[[bool | None], None]:
        def answered(yes: bool | None) -> None:
            if yes:
                self.write(call, round_no)

        return answered

    def action_sign(self, who: str) -> None:
        game = self._board()
        if game is None:
            return
        self.write(self.store.games.sign, game.id, who, expected_version=game.version)


def _change(
    event: EventPicture,
    game: GameRecord,
    result: MainResult | None,
    armageddon: ArmageddonResult | None,
    correction: bool,
) -> None:
    """Refuse (raise) the change of ``game`` as its write would, on ``event``."""
    now = event.game(game.id)
    assert now is not None
    # The version the arbiter saw: refused as the write refuses it when it changed since.
    checked(now, game.version)
    result_change(
        now,
        result,
        armageddon,
        correction=correction,
        round_closed=event.round_closed(now.round, now.stage),
        playoff=event.playoff_field,
    )
