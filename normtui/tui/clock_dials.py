""" "Dial now": the clock setting each board needs at this moment, worked out from the
console's picture of the event.

* a board of the current round not yet started, or in progress: the classical setting (§2);
* a drawn main game waiting for its Armageddon: the Armageddon setting, same colours, and the
  time by which it must start (§2: within 20 minutes of the draw; §3: the setting);
* the blitz opener's games under way (§1), and the play-off game that is due (§5).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from normtui.rules.model import GameState
from normtui.store.values import surname
from normtui.tui.formatting import clock_time, countdown

if TYPE_CHECKING:
    from collections.abc import Sequence

    from normtui.rules.profile import TimeControl
    from normtui.store.picture import EventPicture
    from normtui.store.records import GameRecord


@dataclass(frozen=True)
class Dial:
    key: str
    board: str
    players: str
    control: str  # the profile's name of the time control
    setting: str  # as an arbiter says it, with the colours named when they differ
    when: str


def _setting(tc: TimeControl, white: str, black: str) -> str:
    """Two lines, so that the table fits 80 columns: the times, then the increment (where the
    periods earn different increments, each with its moves, a line each, as the sheets say
    them). Where the times differ the players are named, because who gets the longer time
    matters most."""
    if tc.same_for_both:
        times = f"{tc.side_text(True)} each"
    else:
        times = f"{white} {tc.side_text(True)}, {black} {tc.side_text(False)}"
    uniform = tc.uniform_increment()
    if uniform is None:
        increment = ",\nthen ".join(tc.increment_phrases())
    elif uniform[0] == 0:
        increment = "no increment"
    elif uniform[1] <= 1:
        increment = f'+{uniform[0]}" per move'
    else:
        increment = f'+{uniform[0]}" from move {uniform[1]}'
    return f"{times}\n{increment}"


def _left(deadline: datetime, now: datetime) -> str:
    seconds = int((deadline - now).total_seconds())
    # With its date when it is not today's (formatting.clock_time).
    by = clock_time(deadline, now)
    if seconds <= -86400:
        return f"by {by}\nOVERDUE"
    span = countdown(timedelta(seconds=abs(seconds)))
    if seconds < 0:
        return f"by {by}\nOVERDUE {span}"
    return f"by {by}\n{span} left"


def _main_dials(
    games: Sequence[GameRecord], round_no: int, tcs: dict[str, TimeControl], now: datetime
) -> list[Dial]:
    out = []
    for g in games:
        w, b = surname(g.white_name), surname(g.black_name)
        board = f"{g.round}.{g.board}"
        players = f"{w}-{b}"
        if g.armageddon_started_at is not None and g.armageddon is None:
            continue  # under way: its clocks are set
        if g.armageddon_due:
            when = _left(g.armageddon_deadline, now) if g.armageddon_deadline else "now"
            out.append(
                Dial(
                    f"arm-{g.id}",
                    board,
                    players,
                    "armageddon",
                    _setting(tcs["armageddon"], w, b),
                    f"Armageddon {when}",
                )
            )
        elif g.result is None and (
            g.state is GameState.IN_PROGRESS
            or (g.state is GameState.SCHEDULED and g.round == round_no)
        ):
            when = "in progress" if g.state is GameState.IN_PROGRESS else "before the start"
            out.append(
                Dial(
                    f"main-{g.id}",
                    board,
                    players,
                    "classical",
                    _setting(tcs["classical"], w, b),
                    when,
                )
            )
    return out


def dials(event: EventPicture, now: datetime) -> list[Dial]:
    """Every board that needs a clock set now, in board order, main event first."""
    tcs = dict(event.profile.time_controls)
    # Every dial is for a game not complete yet.
    out = _main_dials(event.incomplete, event.current_round, tcs, now)
    stages = event.stages
    if "blitz" in stages and "blitz_opener" in tcs:
        for g in event.games_of(stage="blitz"):
            if g.result is None and g.state is GameState.IN_PROGRESS:
                w, b = surname(g.white_name), surname(g.black_name)
                out.append(
                    Dial(
                        f"blitz-{g.id}",
                        f"B{g.round}.{g.board}",
                        f"{w}-{b}",
                        "blitz_opener",
                        _setting(tcs["blitz_opener"], w, b),
                        "blitz opener",
                    )
                )
    if "playoff" in stages:
        out += _playoff_dial(event, tcs)
    return out


def _playoff_dial(event: EventPicture, tcs: dict[str, TimeControl]) -> list[Dial]:
    from normtui.rules.playoff import time_control_of  # the play-off's rules: only in a play-off

    game = event.playoff.next_game
    if game is None:
        return []
    names = {p.number: surname(p.name) for p in event.players}
    w, b = names.get(game.white, "?"), names.get(game.black, "?")
    tc = time_control_of(game, event.profile)
    name = next((n for n, t in tcs.items() if t == tc), game.time_control)
    return [
        Dial(
            f"playoff-{game.id}",
            f"PO {game.id}",
            f"{w}-{b}",
            name,
            _setting(tc, w, b),
            "play-off, due now",
        )
    ]


def games_under(event: EventPicture, name: str) -> list[str]:
    """What a change of time control ``name`` applies to now, one line each: a game in
    progress first (its clocks were set with the old setting), then what is still to come.
    Shown before a change is saved: a mid-event change must not pass unnoticed."""
    lines: list[str] = []
    stages = event.stages
    if name == "classical":
        games = [g for g in event.main_games if g.result is None]
        lines += [
            f"{g.label}: IN PROGRESS, its clocks were set with the old setting"
            for g in games
            if g.state is GameState.IN_PROGRESS
        ]
        later = [g for g in games if g.state is not GameState.IN_PROGRESS]
        if later:
            rounds = sorted({g.round for g in later})
            lines.append(
                f"{len(later)} game{'s' if len(later) != 1 else ''} still to start "
                f"(round{'s' if len(rounds) > 1 else ''} "
                f"{rounds[0]}{f'-{rounds[-1]}' if len(rounds) > 1 else ''})"
            )
    elif name == "armageddon":
        lines += [
            f"{g.label}: its Armageddon is due now" for g in event.main_games if g.armageddon_due
        ]
        lines.append("every Armageddon after a drawn game from now on")
    elif name == "blitz_opener":
        if "blitz" in stages:
            lines += [
                f"blitz {g.label}: IN PROGRESS"
                for g in event.games_of(stage="blitz")
                if g.result is None and g.state is GameState.IN_PROGRESS
            ]
        lines.append(
            "the blitz opener's games still to play"
            if "blitz" in stages
            else "the blitz opener, when it starts"
        )
    elif "playoff" in stages:
        due = [g for g in event.playoff.games if g.result is None and g.time_control == name]
        lines += [f"play-off game {g.id}: still to play" for g in due]
        if not due:
            lines.append("no play-off game still to play")
    else:
        lines.append("the play-off, if first place is shared after the last round")
    return lines
