"""Pane 7, Play-off (§5): whether first place is shared, and if so the play-off from its start to
its winner: the games and results, where the flow stands, the clocks to dial for the next game,
the double round robin's ranking, and the prize money once it is decided.

w / b / d enter the result of the highlighted game (the next one, unless the arbiter moved the
cursor); on a game that has a result they correct it, after asking.
"""

from __future__ import annotations

import os
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from normtui.rules.playoff import PlayoffGame, format_name, not_needed
from normtui.store.final import PlayoffView
from normtui.store.values import surname
from normtui.tui.formatting import money
from normtui.tui.panes.base import PaletteBinding, Pane
from normtui.tui.screens.choice import ChoiceScreen
from normtui.tui.screens.confirm import ConfirmScreen
from normtui.tui.screens.playoff_format import PlayoffFormatScreen
from normtui.tui.widgets.playoff_tables import PlayoffGamesTable, PlayoffRankingTable
from normtui.tui.widgets.status_line import StatusLine

_SAY = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½"}


def new_seed() -> int:
    """A seed for the play-off's lots, from the operating system: nobody picks it, and it is
    recorded, so every lot it draws can be replayed."""
    return int.from_bytes(os.urandom(4), "big")


class PlayoffPane(Pane):
    PANE_ID = "playoff"
    TITLE = "Play-off"
    # One key, two meanings: w / b are results, or the colour choice while the higher-ranked
    # player chooses the Armageddon's colours (check_action shows the one that applies).
    BINDINGS: ClassVar = [
        PaletteBinding(
            "s",
            "start",
            "Start play-off",
            id="playoff.start",
            tooltip="Start the play-off (asks first): a seed is drawn, shown and recorded",
            palette="Play-off: start",
        ),
        PaletteBinding(
            "w",
            "result('1-0')",
            "White won",
            id="playoff.white",
            tooltip="White won the highlighted game; on a game with a result: correct it "
            "(asks first)",
            palette="Play-off: White won",
        ),
        PaletteBinding(
            "b",
            "result('0-1')",
            "Black won",
            id="playoff.black",
            tooltip="Black won the highlighted game; on a game with a result: correct it",
            palette="Play-off: Black won",
        ),
        PaletteBinding(
            "d",
            "result('1/2-1/2')",
            "Draw",
            id="playoff.draw",
            tooltip="The highlighted game was drawn (an Armageddon draw is Black's win); "
            "on a game with a result: correct it",
            palette="Play-off: draw",
        ),
        PaletteBinding(
            "f",
            "format",
            "Format",
            id="playoff.format",
            tooltip="Set the play-off of two players as the regulations write it (until it "
            "starts; audited)",
            palette="Play-off: set the format",
        ),
        PaletteBinding(
            "l",
            "lot",
            "Drawn at board",
            id="playoff.lot",
            tooltip="Record the drawing of lots made at the board: who has White in the next "
            "game whose colours are drawn, or who won the lots that decide the play-off",
            palette="Play-off: record the drawing of lots made at the board",
        ),
        PaletteBinding(
            "w",
            "choose('white')",
            "Chooses White",
            id="playoff.choose_white",
            tooltip="The player higher on the tie-breaks takes White in the Armageddon",
            palette="Play-off: Armageddon, chooses White",
        ),
        PaletteBinding(
            "b",
            "choose('black')",
            "Chooses Black",
            id="playoff.choose_black",
            tooltip="The player higher on the tie-breaks takes Black in the Armageddon",
            palette="Play-off: Armageddon, chooses Black",
        ),
    ]

    view: PlayoffView | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="playoff-scroll"):
            yield Static("", id="playoff-status", markup=False)
            yield Static("", id="playoff-info", markup=False)
            yield PlayoffGamesTable(id="playoff-games")
            yield Static("", id="playoff-next", markup=False)
            yield Static(
                "Double round robin", id="playoff-ranking-heading", classes="playoff-heading"
            )
            yield PlayoffRankingTable(id="playoff-ranking")
            yield Static("", id="playoff-outcome", markup=False)
        yield StatusLine()

    def focus_first(self) -> None:
        self.query_one(PlayoffGamesTable).focus()

    # -- showing -----------------------------------------------------------------------------

    def redraw(self, *, to_next: bool = False) -> None:
        """``to_next``: put the cursor on the game due now (after a result entered here)."""
        view = self.picture.playoff_view
        self.view = view
        state = view.state
        keep = state.next_game.id if to_next and state.next_game else None
        games = self.query_one(PlayoffGamesTable)
        games.display = bool(state.games)
        games.show(view, keep)
        ranking = self.query_one(PlayoffRankingTable)
        ranking.display = bool(state.table)
        self.query_one("#playoff-ranking-heading").display = bool(state.table)
        if state.table:
            ranking.show(view)
        self._text("#playoff-status", self._status(view))
        self._text("#playoff-info", self._info(view))
        self._text("#playoff-next", self._next(view))
        self._text("#playoff-outcome", self._outcome(view))
        self.refresh_bindings()

    def _text(self, selector: str, text: str | Text) -> None:
        static = self.query_one(selector, Static)
        static.display = bool(text)
        static.update(text)

    def _status(self, view: PlayoffView) -> str:
        state = view.state
        if state.needed and not view.started and view.blocker:
            # The one answer of normtui.rules.first_place, as the standings say it.
            return view.first.says({n: surname(name) for n, name in view.names.items()})
        return view.headline

    def _info(self, view: PlayoffView) -> str:
        state = view.state
        if not state.needed:
            return ""  # the status line says who is first, and what decides a share
        what = format_name(view.profile, state.format)
        players = " – ".join(surname(view.names[n]) for n in state.players)
        said = f"\nFormat: {view.phrase}" if state.format == "match" else ""
        if not view.started:
            if view.blocker:
                return f"{view.blocker[0].upper()}{view.blocker[1:]}.{said}"
            between = " and ".join(surname(view.names[n]) for n in state.players)
            return f"Play-off needed between {between}: {what}. Press s to start it.{said}"
        return f"{what[0].upper()}{what[1:]}: {players} · seed {view.seed} (recorded)"

    def _next(self, view: PlayoffView) -> str:
        state = view.state
        if state.waiting_for_choice is not None:
            chooser = surname(view.names[state.waiting_for_choice])
            return (
                f"Next: {chooser} (higher on the tie-breaks) chooses the Armageddon's "
                "colour: w White, b Black"
            )
        game = state.next_game
        if game is None:
            return ""
        more = len(state.due) - 1
        others = f" (and {more} more of this round)" if more else ""
        white, black = surname(view.names[game.white]), surname(view.names[game.black])
        drawn = ""
        if game.drawn and game.result is None:
            drawn = (
                " (colours drawn at the board)"
                if game.id in view.drawings
                else " (colours: the seed's lot; l records a drawing at the board)"
            )
        return (
            f"Next: {game.id} {white} (White) – {black} (Black){others}{drawn}\n"
            f"Dial: {view.clock(game)}"
        )

    def _outcome(self, view: PlayoffView) -> Text:
        """The winner, how it was decided, and the prize money (pending until then)."""
        state = view.state
        if not state.needed:
            return Text("")
        rows = view.prizes()  # none in an event without prizes
        if state.winner is None:
            if not rows:
                return Text("")
            return Text(
                f"Prize money of places 1-{len(rows)}: pending until the play-off is decided",
                style="dim",
            )
        lots = ""
        if state.decided_by_lots:
            lots = self._reword(
                " (drawn by lot)" if state.format == "match" else " (drawn by lot, §5 D)"
            )
        out = Text(f"Winner: {view.names[state.winner]}{lots}", style="bold green")
        for note in state.notes:
            out.append(f"\n{note}")
        money_line = " · ".join(
            f"{surname(r.player)} {money(r.prize, view.currency)}"
            for r in rows
            if r.prize is not None
        )
        if money_line:
            out.append(f"\nPrize money: {money_line}")
        return out

    # -- keys --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.view
        if view is None:
            return super().check_action(action, parameters)
        choosing = view.state.waiting_for_choice is not None
        if action == "start":
            return view.can_start
        if action == "format":
            return not view.started
        if action == "lot":
            nxt = view.state.next_game
            at_lots = view.state.format == "match" and view.state.decided_by_lots
            return view.started and (at_lots or (nxt is not None and nxt.drawn))
        if action == "choose":
            return choosing
        if action == "result":
            return (
                view.started
                and not choosing
                and self.query_one(PlayoffGamesTable).highlighted_game() is not None
            )
        return super().check_action(action, parameters)

    def action_start(self) -> None:
        # As it is now: a result entered elsewhere since the last look changes who plays.
        self.console.catch_up()
        view = self.picture.playoff_view
        if not view.can_start:
            why = (
                "the play-off has already been started"
                if view.started
                else view.blocker or not_needed(self.picture.profile)
            )
            self.notify(
                why[0].upper() + why[1:],
                title="Regulations §5",
                severity="error",
                timeout=6,
                markup=False,
            )
            return
        seed = new_seed()
        what = "a " + format_name(view.profile, view.state.format)
        players = " – ".join(view.names[n] for n in view.state.players)
        # §8: a result is provisional until countersigned; the play-off is drawn from the
        # standings those results make, so starting on them is a decision to say out loud.
        unsigned = [g for g in self.picture.main_games if g.provisional]
        warning = ""
        if unsigned:
            # One run of text, not a line each: the question must fit an 80x24 screen.
            shown = ", ".join(
                f"R{g.round}.{g.board} {surname(g.white_name)}-"
                f"{surname(g.black_name)} {g.result.value if g.result else ''}"
                for g in unsigned
            )
            are = "results are" if len(unsigned) > 1 else "result is"
            warning = (
                f"\n\nWARNING: {len(unsigned)} {are} still provisional, not "
                f"countersigned (§8): {shown}. A correction of one of them after the "
                "start may change who plays."
            )

        def start(confirmed: bool | None) -> None:
            # Exactly the players named: refused if a correction elsewhere changed them.
            if confirmed and self.write(
                self.store.playoff.start,
                seed,
                expected_players=tuple(view.state.players),
            ):
                self.redraw(to_next=True)
                self.focus_first()

        self.app.push_screen(
            ConfirmScreen(
                self._reword(
                    f"Start the play-off (§5)?\n\n{what.capitalize()}: {players}\n\n"
                    f"Seed {seed}, drawn now: the colours and every later lot follow from it, "
                    f"and it is recorded in the audit log.{warning}"
                ),
                confirm="Start anyway" if unsigned else "Start",
            ),
            start,
        )

    def action_result(self, result: str) -> None:
        game = self.query_one(PlayoffGamesTable).highlighted_game()
        if game is None:
            return
        if game.result is None:
            self._enter(game, result, correction=False)
            return
        if game.result == result:
            self.say(f"{game.id} already has {_SAY[result]}.")
            return
        assert self.view is not None
        names = self.view.names
        removed = (
            "\n\nIts PGN says otherwise and will be removed."
            if game.id in self.view.records
            else ""
        )

        def correct(confirmed: bool | None) -> None:
            if confirmed:
                self._enter(game, result, correction=True)

        self.app.push_screen(
            ConfirmScreen(
                f"Correct play-off game {game.id}, {surname(names[game.white])} – "
                f"{surname(names[game.black])}, from {_SAY[game.result]} to {_SAY[result]}?"
                f"{removed}",
                confirm="Correct",
            ),
            correct,
        )

    def _enter(self, game: PlayoffGame, result: str, *, correction: bool) -> None:
        # What the arbiter saw on the game: refused if another terminal changed it since.
        if self.write(
            self.store.playoff.enter_result,
            game.id,
            result,
            correction=correction,
            expected=game.result,
        ):
            # The cursor goes to the game that is due now, where the next key press belongs.
            self.redraw(to_next=True)

    def action_choose(self, colour: str) -> None:
        self.write(self.store.playoff.set_choice, colour)

    def action_format(self) -> None:
        self.console.catch_up()
        if self.picture.playoff_view.started:  # started elsewhere since
            self.notify(
                "The play-off has started: its format cannot change while its games are played",
                severity="error",
                markup=False,
            )
            return

        def done(recorded: bool | None) -> None:
            if recorded:
                self.reload()
                self.say("Play-off format recorded (audited; Ctrl+Z undoes it).")

        self.app.push_screen(PlayoffFormatScreen(self.store), done)

    def action_lot(self) -> None:
        """The drawing of lots made at the board: asked which player it gave White (or the
        winning lot), named, and recorded through the store (audited)."""
        self.console.catch_up()
        view = self.picture.playoff_view
        state = view.state
        names = view.names
        a, b = state.players[:2]
        at_lots = state.format == "match" and state.decided_by_lots
        game = state.next_game
        if at_lots:
            question = "Who won the drawing of lots made at the board?"
            record = self.store.playoff.set_lot
        elif game is not None and game.drawn:
            question = f"Who has White in {game.id}, as drawn at the board?"
            record = self.store.playoff.set_white
        else:
            self.say("No drawing of lots is due now.")
            return

        def answered(number: int | None) -> None:
            if number is not None and self.write(record, number):
                self.redraw(to_next=True)

        self.app.push_screen(
            ChoiceScreen(
                question,
                [("1", names[a], a), ("2", names[b], b)],
            ),
            answered,
        )
