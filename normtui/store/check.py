"""``normtui check``: is the file sound, and does every stored game obey the rules?

The schema already refuses most bad states; this looks for what only a damaged file, a hand
edit or a bug could leave behind.
"""

from __future__ import annotations

from normtui.rules.model import RuleError
from normtui.rules.scoring import check_game
from normtui.store.base import StoreBase

__all__ = ["check_event"]


def check_event(store: StoreBase) -> list[str]:
    """Every problem found, one line each; an empty list when all is well."""
    conn = store._conn
    problems: list[str] = []
    with store._read():
        integrity = [row[0] for row in conn.execute("PRAGMA integrity_check").fetchall()]
        if integrity != ["ok"]:
            problems.extend(f"integrity: {line}" for line in integrity)
        for row in conn.execute("PRAGMA foreign_key_check").fetchall():
            problems.append(f"foreign key: {row[0]} row {row[1]} points to a missing "
                            f"{row[2]} row")
        games = store.games()
    for g in games:
        try:
            check_game(g.game())
        except RuleError as exc:
            problems.append(f"{g.label}: {exc}")
    return problems
