"""The time controls the main games were played at (``EventStore.classical_controls``).

The profile holds the control as it stands now; a control changed mid-event (``normtui
time-control``, the clocks pane) leaves the games played before at the old one. The audit log
keeps the profile's text as each change left it, so the control in force when a game ended is
the text of the last change made before then. What the title regulations ask of an event (the
minutes per player for 60 moves, and one control for every game) is answered from that list by
``normtui.rules.time_control.norm_control``.
"""

from __future__ import annotations

import bisect
from functools import cache

from normtui.rules.profile import TimeControl, load_profile
from normtui.rules.time_control import NormControl, norm_control
from normtui.store.core import Core
from normtui.store.values import stored_time

__all__ = ["classical_controls"]


@cache
def _control(text: str, name: str) -> TimeControl:
    return load_profile(text).time_controls[name]


def classical_controls(core: Core) -> NormControl:
    """The classical control of every main game played over the board (forfeits aside), as
    the profile stood when it ended; the profile's own when no game has been played."""
    with core.read():
        changes = [
            (stored_time(r["at"]), r["text"])
            for r in core.rows(
                "SELECT at, json_extract(after, '$.event.\"1\".profile_text') AS text FROM audit "
                "WHERE text IS NOT NULL ORDER BY id"
            )
        ]
        ended = [
            stored_time(r["result_at"])
            for r in core.rows(
                "SELECT result_at FROM games WHERE stage = 'main' AND result IN "
                "('1-0', '0-1', '1/2-1/2') AND result_at IS NOT NULL"
            )
        ]
        current = core.profile.source_text
    times = [at for at, _text in changes]
    texts = [
        changes[max(0, bisect.bisect_right(times, at) - 1)][1] if changes else current
        for at in ended
    ]
    return norm_control(_control(text, "classical") for text in texts or [current])
