"""Opening the console: ``normtui``, ``normtui DB`` (the launcher's road, without click),
``normtui open DB`` and ``normtui demo`` (the command line's) all come here.

The event file is checked (and an older schema upgraded) before the screen is taken over, so
that a wrong file gets one line in the shell; Textual is loaded only then, and the store itself
by the console in a thread while it draws its first frame. No click here: the launcher opens
the console without it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

from normtui.rules.errors import NormtuiError
from normtui.text import visible

__all__ = ["refuse", "run_console"]


def refuse(message: str) -> NoReturn:
    """One line on stderr, exit code 2: as the command line refuses, without click."""
    # A file name given on the command line may hold a terminal's escape sequences.
    print(f"normtui: {visible(' '.join(message.split()))}", file=sys.stderr)
    sys.exit(2)


def run_console(db: Path | None, *, actor: str | None = None) -> None:
    """Open the console on ``db`` (default ./demo.db); one line and exit code 2 if it cannot
    be opened."""
    if db is None:
        db = Path("demo.db")
        if not db.exists():
            refuse(
                "no database given and no ./demo.db here; create an event with "
                "`normtui new EVENT.db --players players.csv`"
            )
    if not db.exists():
        refuse(f"{db}: no such database; create it with `normtui new {db} --players players.csv`")
    # The store's file check: not loaded by `--help` and the commands that open no event.
    from normtui.store.connection import check_database
    from normtui.store.core import resolve_actor

    try:
        actor = resolve_actor(actor)
        name = check_database(db)
    except NormtuiError as exc:
        refuse(str(exc))
    # The console's collector (no Textual in it): only for the console.
    from normtui.tui.collector import hold_until_opened, release_hold

    # Nothing collected until the console has opened (normtui.tui.collector).
    hold_until_opened()
    from normtui.tui.app import NormtuiApp  # Textual: only for the console

    app = NormtuiApp(db, event_name=name, actor=actor)
    try:
        app.run()
    finally:
        release_hold()
        store = app.store_to_close()
        if store is not None:
            store.close()
    for what in app.outward_stopped:  # said in the "Quit?" question too
        print(
            f"normtui: stopped: {visible(what)} (offered again when the console is opened)",
            file=sys.stderr,
        )
    if app.open_error is not None:
        refuse(app.open_error)
    if app.return_code not in (0, None):  # the console ended on an error it has shown
        sys.exit(app.return_code)
