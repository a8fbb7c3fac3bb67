"""The `normtui` entry point. Opening the console is the common case and must start fast, so
`normtui`, `normtui DB` and `normtui open DB` go straight to it without loading click or the
command groups (they pull in the store's helpers, python-chess and the exporters); everything
else goes to the full command line in :mod:`normtui.cli`."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Literal, NoReturn

from normtui.commands import NoSuchCommand, command_args
from normtui.rules.errors import NormtuiError
from normtui.text import visible


def console_target(args: list[str]) -> Path | Literal[False] | None:
    """The database the console opens for ``normtui ARGS`` (``None``: ./demo.db), or False
    when they are for the command line: ``command_args`` decides, and the console is started
    here only when nothing is left for click to read (an option such as ``--as`` is)."""
    try:
        opened = command_args(args)
    except NoSuchCommand as exc:
        _fail(str(exc))
    if opened[0] != "open" or len(opened) > 2 or any(a.startswith("-") for a in opened[1:]):
        return False
    return Path(opened[1]) if len(opened) == 2 else None


def _fail(message: str) -> NoReturn:
    # A file name given on the command line may hold a terminal's escape sequences.
    print(f"normtui: {visible(' '.join(message.split()))}", file=sys.stderr)
    sys.exit(2)


def run_console(db: Path | None, *, actor: str | None = None) -> None:
    """Open the console on ``db`` (default ./demo.db); one line and exit code 2 if it cannot
    be opened.

    The file is checked (and an older schema upgraded) here, before the screen is taken over,
    so that a wrong file gets one line in the shell. The store itself is loaded by the console
    after its first frame."""
    if db is None:
        db = Path("demo.db")
        if not db.exists():
            _fail(
                "no database given and no ./demo.db here; create an event with "
                "`normtui new EVENT.db --players players.csv`"
            )
    if not db.exists():
        _fail(f"{db}: no such database; create it with `normtui new {db} --players players.csv`")
    # The store's file check: not loaded by `--help` and the commands that open no event.
    from normtui.store.connection import check_database
    from normtui.store.core import resolve_actor

    try:
        actor = resolve_actor(actor)
        name = check_database(db)
    except NormtuiError as exc:
        _fail(str(exc))
    from normtui.tui.app import NormtuiApp  # Textual: only for the console

    app = NormtuiApp(db, event_name=name, actor=actor)
    try:
        app.run()
    finally:
        store = app.store_to_close()
        if store is not None:
            store.close()
    if app.open_error is not None:
        _fail(app.open_error)
    if app.return_code not in (0, None):  # the console ended on an error it has shown
        sys.exit(app.return_code)


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _hold_standard_descriptors() -> None:
    """Started with stdin, stdout or stderr closed (`normtui result ... >&-`): hold each
    closed descriptor on /dev/null, so that no file opened later (an export, a backup) takes
    its number and receives what was meant for the terminal. A closed stdout is held
    read-only: writing to it still fails, as to a closed descriptor, and the command says
    the output was lost (exit 3 after a change) instead of Python having no stdout at all."""
    for fd, mode, name in (
        (0, os.O_RDONLY, "stdin"),
        (1, os.O_RDONLY, "stdout"),
        (2, os.O_WRONLY, "stderr"),
    ):
        if _is_open(fd):
            continue
        # The lowest free number: this one, as the lower ones are open (or held) by now.
        held = os.open(os.devnull, mode)
        assert held == fd, (held, fd)
        if getattr(sys, name) is None:
            text = "r" if fd == 0 else "w"
            # For the rest of the process: no context manager closes it.
            stream = open(fd, text, encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
            setattr(sys, name, stream)


def main(argv: list[str] | None = None) -> None:
    _hold_standard_descriptors()
    args = list(sys.argv[1:] if argv is None else argv)
    target = console_target(args)
    if target is False:
        from normtui.cli import main as cli_main  # click and the command groups: only now

        cli_main(args)
        return
    run_console(target)
