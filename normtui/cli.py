"""The command line. Each group of commands lives in ``normtui.commands`` and is imported only
when one of its commands runs (:class:`normtui.commands.LazyGroup`); this module wires them.

Exit codes: 0 done; 1 a check found problems (or the output was cut short: a closed pipe);
2 bad input or usage, the event file unchanged; 3 the event was changed but the command's report
could not be written (stdout closed or full: ``normtui log`` shows the change). No traceback
reaches a user: every expected failure is one line of text on stderr
(:mod:`normtui.commands.common`, and :mod:`normtui.commands.parsing` for usage errors).
"""

from __future__ import annotations

import os
import sys

import click

from normtui import __version__
from normtui.commands import COMMANDS, LazyGroup


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    invoke_without_command=False,
)
@click.version_option(__version__, prog_name="normtui")
def cli() -> None:
    """normtui: the arbiter's console for a round robin with Armageddon.

    `normtui DB` (or `normtui open DB`) opens the console on an event database.
    """


def main(argv: list[str] | None = None) -> None:
    """Entry point: `normtui DB` is short for `normtui open DB`; bare `normtui` opens ./demo.db."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        args = ["open"]
    elif args[0] not in COMMANDS and not args[0].startswith("-"):
        if len(args) > 1 and not args[1].startswith("-") and not os.path.exists(args[0]):
            _no_such_command(args[0])
        args = ["open", *args]
    cli.main(args=args, prog_name="normtui")


def _no_such_command(name: str) -> None:
    """`normtui fine ev.db`: a mistyped command, not a database called "fine" opened with an
    extra argument (which click would report as the console's usage)."""
    import difflib

    close = difflib.get_close_matches(name, COMMANDS, n=2, cutoff=0.7)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    sys.stderr.write(f"normtui: no command {name!r}{hint} (`normtui --help` lists them)\n")
    sys.exit(2)
