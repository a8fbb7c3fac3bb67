"""The command line. Each group of commands lives in ``normtui.commands`` and is imported only
when one of its commands runs (:class:`LazyGroup`, from the table ``normtui.commands.COMMANDS``);
this module wires them.

Exit codes: 0 done; 1 a check found problems (or the output was cut short: a closed pipe);
2 bad input or usage, the event file unchanged; 3 the event was changed but the command's report
could not be written (stdout closed or full: ``normtui log`` shows the change). No traceback
reaches a user: every expected failure is one line of text on stderr
(:mod:`normtui.commands.common`; a usage error is the problem and the command's usage, on one
line, and ``--help`` is as click writes it).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

import click

from normtui import __version__
from normtui.commands import COMMANDS, NoSuchCommand, command_args
from normtui.commands.common import Group, fail, lost_output


class LazyGroup(Group):
    """The command line's group: each command is imported on first use, from the module and
    function that ``lazy_subcommands`` names (click's documented lazy group; here
    :data:`normtui.commands.COMMANDS`). Its commands read their arguments as
    :class:`normtui.commands.common.Command` says, and its usage errors are one line (in
    standalone mode, as the ``normtui`` entry point runs it)."""

    def __init__(self, *args: Any, lazy_subcommands: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_subcommands = lazy_subcommands

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy_subcommands})

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``normtui --help``, as click writes it, from the summaries'
        table: listing the commands loads none of their modules."""
        from normtui.commands.summaries import SUMMARIES  # lazy: read from the sources

        names = [n for n in self.list_commands(ctx) if n in SUMMARIES or n in self.commands]
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            # Not loaded: a stand-in with the command's help, shortened as click shortens it.
            command = self.commands.get(name) or click.Command(name, help=SUMMARIES[name])
            if not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy_subcommands:
            self.add_command(self._lazy_load(cmd_name), cmd_name)
        return self.commands.get(cmd_name)

    def _lazy_load(self, cmd_name: str) -> click.Command:
        module, name = self.lazy_subcommands[cmd_name].rsplit(".", 1)
        command = getattr(importlib.import_module(f"normtui.commands.{module}"), name)
        if not isinstance(command, click.Command):
            raise TypeError(f"normtui.commands.{module}.{name} is not a click command")
        return command

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as exc:
            fail(usage_line(exc), exc.exit_code)
        except click.ClickException as exc:
            fail(exc.format_message(), exc.exit_code)
        except click.Abort:
            fail("interrupted", 130)
        except OSError as exc:  # --help or --version to a stdout that is closed or full
            lost_output(exc)
            raise
        sys.exit(code if isinstance(code, int) else 0)


def usage_line(exc: click.UsageError) -> str:
    """``Missing argument 'WHITE' (usage: normtui result [OPTIONS] DB ROUND WHITE BLACK
    [RESULT])``: the problem and the usage of the command, on one line."""
    message = exc.format_message().rstrip(".")
    ctx = exc.ctx
    if ctx is None:
        return message
    pieces = " ".join(ctx.command.collect_usage_pieces(ctx))
    return f"{message} (usage: {ctx.command_path} {pieces}; --help for more)"


def load_all(group: LazyGroup) -> None:
    """Every command at once (for tests and tools that walk the whole command line)."""
    for name in group.lazy_subcommands:
        group.get_command(click.Context(group), name)


@click.group(
    cls=LazyGroup,
    lazy_subcommands=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
    invoke_without_command=False,
)
@click.version_option(__version__, prog_name="normtui")
def cli() -> None:
    """normtui: the arbiter's console for a round robin with Armageddon.

    `normtui DB` (or `normtui open DB`) opens the console on an event database.
    """


def main(argv: list[str] | None = None) -> None:
    """``normtui ARGS`` as :func:`command_args` reads them, all through click (the console
    too, by ``open``): for scripts and tests. The ``normtui`` program is
    :func:`normtui.launch.main`, which opens the console without click."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        args = command_args(args)
    except NoSuchCommand as exc:
        fail(str(exc))
    cli.main(args=args, prog_name="normtui")
