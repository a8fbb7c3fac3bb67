"""The `normtui` entry point. What `normtui ARGS` asks for is decided by
:func:`normtui.commands.command_args` (the console, or a command). Opening the console is the
common case and must start fast, so `normtui`, `normtui DB` and `normtui open DB` go straight to
it (:func:`normtui.commands.console.run_console`) without loading click or the command line's
group; everything else, ``normtui DB --as NAME`` included, goes to the command line in
:mod:`normtui.cli`."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Literal

from normtui.commands import NoSuchCommand, command_args
from normtui.commands.console import refuse, run_console


def console_target(args: list[str]) -> Path | Literal[False] | None:
    """For the command line's arguments (what ``command_args`` made of ``normtui ARGS``): the
    database the console opens at once (``None``: ./demo.db), or False when click has
    something to read: another command, or an option of ``open`` such as ``--as``."""
    if args[0] != "open" or len(args) > 2 or any(a.startswith("-") for a in args[1:]):
        return False
    return Path(args[1]) if len(args) == 2 else None


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
    try:
        args = command_args(list(sys.argv[1:] if argv is None else argv))
    except NoSuchCommand as exc:
        refuse(str(exc))
    target = console_target(args)
    if target is False:
        from normtui.cli import cli  # click and the command line's group: only now

        cli.main(args=args, prog_name="normtui")
        return
    run_console(target)
