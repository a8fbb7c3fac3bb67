"""How the command line reads what was typed, for every command of the group,
those added later included (``normtui.cli.LazyGroup`` makes its commands with these classes):

* the forfeits ``-/+`` and ``-/-`` are results, not options (click would take them for the
  short options ``-/``): they reach the command as typed, with no ``--`` needed;
* flags that contradict each other (``--present --absent``, ``--free-day --no-solution``) are
  refused instead of the last one silently winning;
* a text argument typed in a Latin-1 terminal is read as Windows-1252
  (:func:`normtui.text.from_argv`); paths are left as the system gave them;
* a usage error is one line on stderr, exit code 2: the problem and the command's usage
  (``--help`` is as click writes it).

Numbers are read by :class:`Whole`: ASCII digits only, within a range that the message names.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import click

from normtui.text import from_argv, is_number, visible

__all__ = [
    "BOARD_NUMBER",
    "FORFEITS",
    "PAIRING_NUMBER",
    "ROUND_NUMBER",
    "SEED",
    "Command",
    "Group",
    "Whole",
    "usage_line",
]

# "+/-" does not start with "-": click passes it through already.
FORFEITS = frozenset({"-/+", "-/-"})
# A forfeit is carried through click's parser under this prefix (a private-use character: no
# option starts with it, and a path may hold it), and restored before the command sees it.
_SHIELD = "\ue000"


def _unshield(value: Any) -> Any:
    if isinstance(value, str):
        for forfeit in FORFEITS:  # as typed, and as a message quotes it (repr)
            value = value.replace(_SHIELD + forfeit, forfeit)
            value = value.replace(repr(_SHIELD)[1:-1] + forfeit, forfeit)
        return value
    if isinstance(value, tuple):
        return tuple(_unshield(v) for v in value)
    if isinstance(value, list):
        return [_unshield(v) for v in value]
    return value


def _flag_values(
    command: click.Command, ctx: click.Context, args: Sequence[str]
) -> dict[str, dict[str, object]]:
    """For each destination set by flags, the flags given and the value each one sets."""
    flags: dict[str, tuple[click.Option, object]] = {}
    takes_values: dict[str, int] = {}
    for param in command.get_params(ctx):
        if not isinstance(param, click.Option):
            continue
        if param.is_flag:
            for opt in param.opts:
                flags[opt] = (param, True if param.is_bool_flag else param.flag_value)
            for opt in param.secondary_opts:
                flags[opt] = (param, False)
        else:
            for opt in param.opts + param.secondary_opts:
                takes_values[opt] = param.nargs
    given: dict[str, dict[str, object]] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            break
        if arg in flags:
            param, value = flags[arg]
            given.setdefault(param.name or arg, {})[arg] = value
        elif arg in takes_values:
            i += takes_values[arg]  # its values are not options, whatever they look like
        i += 1
    return given


class Command(click.Command):
    """A command of normtui's command line (see the module's doc)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        for flags in _flag_values(self, ctx, args).values():
            if len(set(map(repr, flags.values()))) > 1:
                raise click.UsageError(f"give one of {' and '.join(flags)}, not both", ctx)
        shielded = [_SHIELD + a if a in FORFEITS else a for a in args]
        try:
            rest = super().parse_args(ctx, shielded)
        except click.UsageError as exc:
            if _unshield(exc.message) == exc.message:
                raise
            raise click.UsageError(_unshield(exc.message), exc.ctx) from None
        for param in self.get_params(ctx):
            name = param.name
            if name is None or name not in ctx.params:
                continue
            value = _unshield(ctx.params[name])
            if isinstance(param.type, click.types.StringParamType | click.Choice):
                value = _typed_text(value, param, ctx)
            ctx.params[name] = value
        return [_unshield(a) for a in rest]


def _typed_text(value: Any, param: click.Parameter, ctx: click.Context) -> Any:
    if isinstance(value, tuple):
        return tuple(_typed_text(v, param, ctx) for v in value)
    if not isinstance(value, str):
        return value
    try:
        return from_argv(value)
    except ValueError as exc:
        raise click.BadParameter(f"{exc}; type it again in a UTF-8 terminal", ctx, param) from None


class Group(click.Group):
    """A group whose commands and subgroups are made with these classes, and whose usage
    errors are one line (in standalone mode, as the ``normtui`` entry point runs it)."""

    command_class = Command
    group_class = type  # subgroups are of the same class

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
            _fail(usage_line(exc), exc.exit_code)
        except click.ClickException as exc:
            _fail(exc.format_message(), exc.exit_code)
        except click.Abort:
            _fail("interrupted", 130)
        except OSError as exc:  # --help or --version to a stdout that is closed or full
            from normtui.commands.common import lost_output

            lost_output(exc)
            raise
        sys.exit(code if isinstance(code, int) else 0)


def _fail(message: str, code: int) -> NoReturn:
    click.echo(f"normtui: {visible(' '.join(message.split()))}", err=True)
    sys.exit(code)


def usage_line(exc: click.UsageError) -> str:
    """``Missing argument 'WHITE' (usage: normtui result [OPTIONS] DB ROUND WHITE BLACK
    [RESULT])``: the problem and the usage of the command, on one line."""
    message = exc.format_message().rstrip(".")
    ctx = exc.ctx
    if ctx is None:
        return message
    pieces = " ".join(ctx.command.collect_usage_pieces(ctx))
    return f"{message} (usage: {ctx.command_path} {pieces}; --help for more)"


class Whole(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.2 only
    """A whole number typed in ASCII digits, from ``low`` to ``high``; ``unit`` names what
    is counted in the message ("seconds")."""

    name = "integer"

    def __init__(self, low: int, high: int, unit: str = "") -> None:
        self.low, self.high, self.unit = low, high, unit

    def _range(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        return f"a whole number from {self.low} to {self.high}{unit}"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            if not is_number(text):
                self.fail(f"{text!r} is not {self._range()} (digits 0-9)", param, ctx)
            # Longer than any bound: no need to make (or refuse to make) a huge int.
            number = int(text) if len(text) <= 20 else self.high + 1
        if not self.low <= number <= self.high:
            self.fail(f"{value} is out of range: {self._range()}", param, ctx)
        return number

    def __repr__(self) -> str:
        return f"Whole({self.low}, {self.high})"


# The numbers the commands take. The store then checks a round or a board against the event
# ("the event has rounds 1-9"); these bounds keep what reaches it a number SQLite can hold.
ROUND_NUMBER = Whole(0, 999)
BOARD_NUMBER = Whole(1, 999)
PAIRING_NUMBER = Whole(1, 999)
# A seed is stored as an SQLite integer (signed, 64 bits).
SEED = Whole(0, 2**63 - 1)
