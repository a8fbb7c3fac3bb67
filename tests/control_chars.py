"""Texts holding what a terminal obeys, and an event file damaged to hold them.

A name from a feed or from a tampered event file may carry a terminal's escape sequences:
OSC 52 sets the clipboard, OSC 2 the window's title, CSI 5m makes the screen blink, a C1 CSI
(``\\x9b``) does the same in one byte, and a line break starts a fake line. Everything normtui
writes to a terminal or a file shows them as escapes (``normtui.text.visible``).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

OSC52 = "Evil\x1b]52;c;aGVsbG8=\x07Name"
BLINK = "Bl\x1b[5mink\x9b2J"
FAKE_LINE = "Fake\n  1 Carlsen, Magnus 3"
BIDI = "Right\u202eto left"
EVENT_NAME = "Oslo\x1b]2;pwned\x07\x1b[5m\nx"
# Raw in any output, these are obeyed: ESC, BEL, the C1 CSI, a bidirectional override.
RAW = ("\x1b", "\x07", "\x9b", "\u202e")


def damage(path: Path) -> None:
    """Write control characters into the names, details, incidents and audit log of the
    event at ``path`` with SQLite itself, as a damaged disk or a tamperer would (normtui
    refuses them on the way in)."""
    con = sqlite3.connect(path)
    try:
        triggers = con.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit'"
        ).fetchall()
        for name, _sql in triggers:
            con.execute(f"DROP TRIGGER {name}")
        numbers = [n for (n,) in con.execute("SELECT number FROM players ORDER BY number")]
        for number, name in zip(numbers, (OSC52, BLINK, FAKE_LINE, BIDI), strict=False):
            con.execute("UPDATE players SET name = ? WHERE number = ?", (name, number))
        con.execute(
            "UPDATE event SET name = ?, city = ?, chief_arbiter = ?", (EVENT_NAME, BLINK, OSC52)
        )
        con.execute("UPDATE incidents SET description = ?, decision = ?", (OSC52, FAKE_LINE))
        con.execute(
            "UPDATE audit SET actor = ?, summary = summary || ? WHERE id % 3 = 0", (BLINK, OSC52)
        )
        for _name, sql in triggers:
            con.execute(sql)
        con.commit()
    finally:
        con.close()


def assert_shown_not_obeyed(text: str, where: str = "output") -> None:
    """No character a terminal obeys, and no line that a name started."""
    for raw in RAW:
        assert raw not in text, f"{raw!r} reached the {where} raw"
    for line in text.splitlines():
        assert not line.startswith("  1 Carlsen, Magnus 3"), f"a name made a line in the {where}"
