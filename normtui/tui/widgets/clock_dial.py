""""Dial now": the clock setting each board needs at this moment, worked out from the store.

* a board of the current round not yet started, or in progress: the classical setting (§2);
* a drawn main game waiting for its Armageddon: the Armageddon setting, same colours, and the
  time by which it must start (§2: within 20 minutes of the draw; §3: the setting);
* the blitz opener's games under way (§1), and the play-off game that is due (§5).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from normtui.rules.model import GameState, MainResult
from normtui.store.records import surname

if TYPE_CHECKING:
    from normtui.rules.profile import TimeControl
    from normtui.store import EventStore
    from normtui.store.records import GameRecord


@dataclass(frozen=True)
class Dial:
    key: str
    board: str
    players: str
    control: str  # the profile's name of the time control
    setting: str  # as an arbiter says it, with the colours named when they differ
    when: str


def _clock(seconds: int) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"{minutes}'" if rest == 0 else f"{minutes}'{rest:02d}\""


def _setting(tc: TimeControl, white: str, black: str) -> str:
    """Two lines, so that the table fits 80 columns: the times, then the increment. Where the
    times differ the players are named, because who gets the longer time matters most."""
    if tc.white_seconds == tc.black_seconds:
        times = f"{_clock(tc.white_seconds)} each"
    else:
        times = f"{white} {_clock(tc.white_seconds)}, {black} {_clock(tc.black_seconds)}"
    if tc.increment_seconds == 0:
        increment = "no increment"
    elif tc.increment_from_move <= 1:
        increment = f'+{tc.increment_seconds}" per move'
    else:
        increment = f'+{tc.increment_seconds}" from move {tc.increment_from_move}'
    return f"{times}\n{increment}"


def _left(deadline: str, now: datetime) -> str:
    at = datetime.fromisoformat(deadline)
    if at.tzinfo is not None and now.tzinfo is not None:
        at = at.astimezone(now.tzinfo)
    seconds = int((at - now).total_seconds())
    if seconds <= -86400:
        return f"by {at:%Y-%m-%d %H:%M}\nOVERDUE"
    minutes, secs = divmod(abs(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    span = f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"
    if seconds < 0:
        return f"by {at:%H:%M}\nOVERDUE {span}"
    return f"by {at:%H:%M}\n{span} left"


def _main_dials(games: list[GameRecord], round_no: int, tcs: dict[str, TimeControl],
                now: datetime) -> list[Dial]:
    out = []
    for g in games:
        w, b = surname(g.white_name), surname(g.black_name)
        board = f"{g.round}.{g.board}"
        players = f"{w}-{b}"
        if g.result is MainResult.DRAW and g.armageddon is None:
            when = _left(g.armageddon_deadline, now) if g.armageddon_deadline else "now"
            out.append(Dial(f"arm-{g.id}", board, players, "armageddon",
                            _setting(tcs["armageddon"], w, b), f"Armageddon {when}"))
        elif g.result is None and g.state is GameState.IN_PROGRESS:
            out.append(Dial(f"main-{g.id}", board, players, "classical",
                            _setting(tcs["classical"], w, b), "in progress"))
        elif g.result is None and g.state is GameState.SCHEDULED and g.round == round_no:
            out.append(Dial(f"main-{g.id}", board, players, "classical",
                            _setting(tcs["classical"], w, b), "before the start"))
    return out


def dials(store: EventStore, now: datetime) -> list[Dial]:
    """Every board that needs a clock set now, in board order, main event first."""
    profile = store.profile
    tcs = dict(profile.time_controls)
    out = _main_dials(store.games(), store.current_round(), tcs, now)
    stages = store.event.stages
    if "blitz" in stages and "blitz_opener" in tcs:
        for g in store.games(stage="blitz"):
            if g.result is None and g.state is GameState.IN_PROGRESS:
                w, b = surname(g.white_name), surname(g.black_name)
                out.append(Dial(f"blitz-{g.id}", f"B{g.round}.{g.board}", f"{w}-{b}",
                                "blitz_opener", _setting(tcs["blitz_opener"], w, b),
                                "blitz opener"))
    if "playoff" in stages:
        out += _playoff_dial(store, tcs)
    return out


def _playoff_dial(store: EventStore, tcs: dict[str, TimeControl]) -> list[Dial]:
    from normtui.rules.playoff import time_control_of

    state = store.playoff()
    game = state.next_game
    if game is None:
        return []
    names = {p.number: surname(p.name) for p in store.players()}
    w, b = names.get(game.white, "?"), names.get(game.black, "?")
    tc = time_control_of(game, store.profile)
    name = next((n for n, t in tcs.items() if t == tc), game.time_control)
    return [Dial(f"playoff-{game.id}", f"PO {game.id}", f"{w}-{b}", name,
                 _setting(tc, w, b), "play-off, due now")]
