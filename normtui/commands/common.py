"""What every command shares: how the command line reads what was typed, one-line errors with
exit code 2, opening the store, and the output (lines, or JSON).

Exit codes (docs/command-line.md): 0 done; 1 a check found problems, or the output was cut
short (the reader of a pipe went away); 2 bad input or usage, one line on stderr, the event
file as it was; 3 the event was changed, but what the command had to say about it could not
be written (stdout closed or on a full disk): ``normtui log`` shows the change. 130
interrupted.

Reading what was typed (:class:`Command`, for every command, those added later included):

* the forfeits ``-/+`` and ``-/-`` are results, not options (click would take them for the
  short options ``-/``): they reach the command as typed, with no ``--`` needed;
* flags that contradict each other (``--present --absent``, ``--free-day --no-solution``) are
  refused instead of the last one silently winning;
* a text argument typed in a Latin-1 terminal is read as Windows-1252
  (:func:`normtui.text.from_argv`); paths are left as the system gave them;
* numbers are read by :class:`Whole`: ASCII digits only, within a range the message names.

A command that changes the event is decorated with :func:`reports`: it gains ``--json`` and
``--as NAME`` (:func:`actor_option`), and what it says through :func:`report`, :func:`say` and
:func:`data` comes out either as lines or, with ``--json``, as one object: ``{"changed": bool,
"entries": [audit entries], "notes": [lines], ...data}``. A changing command with a JSON shape
of its own takes :func:`actor_option` alone.

One module, past 400 lines: each command module imports from it alone, and it is loaded by
every command anyway.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from enum import Enum
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar, cast

import click

from normtui.rules.errors import NormtuiError
from normtui.store.commits import COMMITS
from normtui.store.errors import sqlite_failure
from normtui.text import from_argv, is_number, json_visible, visible

if TYPE_CHECKING:
    from normtui.store import EventStore
    from normtui.store.log import AuditEntry  # loaded by the first write or log

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


class UserError(NormtuiError):
    """Bad input or usage: one line on stderr, exit code 2, nothing changed."""


# The event was changed, but the command's report could not be written.
CHANGED_BUT_UNREPORTED = 3

# What writing to stdout fails with when the pipe is gone, the disk under a redirection is
# full, the terminal went away, or stdout was closed (``>&-``).
_OUTPUT_ERRNOS = frozenset(
    {errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF}
)


def fail(message: str, code: int = 2) -> NoReturn:
    # One line, and nothing in it that a terminal would obey (a name quoted from a damaged
    # file or from the command line may hold escape sequences).
    click.echo(f"normtui: {visible(' '.join(message.split()))}", err=True)
    sys.exit(code)


def _output_lost(exc: OSError, changed: bool) -> NoReturn:
    """stdout cannot be written: say so (unless the reader just went away before a change),
    send the rest of the output nowhere, and exit 3 if the event was changed, else 1."""
    # Nothing more for stdout, not even at exit (Python would complain about it there).
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    why = "it is closed" if exc.errno == errno.EBADF else exc.strerror or str(exc)
    if changed:
        fail(
            f"the change was made (`normtui log` shows it), but its report could not be "
            f"written to stdout: {why}",
            CHANGED_BUT_UNREPORTED,
        )
    if not isinstance(exc, BrokenPipeError):
        fail(f"stdout cannot be written: {why}", 1)
    sys.exit(1)


def lost_output(exc: OSError) -> None:
    """If ``exc`` is stdout failing, say so and exit 1 (nothing was changed)."""
    if _is_output_error(exc):
        _output_lost(exc, changed=False)


@contextmanager
def output_guard(changed: bool) -> Iterator[None]:
    """Around output written after the command's own work (``--json``'s object): stdout that
    cannot be written is one line and exit 3 if the event was ``changed``, else 1."""
    try:
        yield
        sys.stdout.flush()
    except OSError as exc:
        if _is_output_error(exc):
            _output_lost(exc, changed)
        raise


def _is_output_error(exc: BaseException) -> bool:
    # A file normtui writes (an export) fails with its name; stdout and stderr without one.
    return isinstance(exc, OSError) and exc.filename is None and exc.errno in _OUTPUT_ERRNOS


def _os_failure(exc: OSError) -> str:
    name = exc.filename or "file"
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"{name}: the disk is full (nothing was written to it); free some space"
    return f"{name}: {exc.strerror or exc}"


def _damage(db: object) -> str | None:
    """After an unexpected failure on an event file: if SQLite finds the file damaged (a
    value the schema forbids, a broken page), that is the line to show, not a traceback."""
    if not isinstance(db, Path):
        return None
    if not db.is_file():  # SQLite would create it (`new`'s target, a mistyped name)
        return None
    from normtui.store.check import damage  # the checker: only after a failure

    return damage(db)


def friendly(func: F) -> F:
    """Turn expected failures into one line on stderr instead of a traceback: the rules' and
    the store's refusals, SQLite and OS errors, a damaged event file. Exit 2, or 3 when the
    event was changed but stdout could not be written, or 130 when interrupted."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        before = COMMITS.count
        try:
            try:
                result = func(*args, **kwargs)
            finally:
                # What click.echo left in a buffer fails here, not after we have exited.
                sys.stdout.flush()
            return result
        except KeyboardInterrupt:
            fail("interrupted", 130)
        except OSError as exc:
            if _is_output_error(exc):
                _output_lost(exc, COMMITS.count > before)
            fail(_os_failure(exc))
        except sqlite3.Error as exc:
            db = kwargs.get("db")
            fail(str(sqlite_failure(exc, db if isinstance(db, Path) else Path("event file"))))
        except Exception as exc:
            if isinstance(exc, NormtuiError):
                fail(str(exc))
            damaged = _damage(kwargs.get("db"))
            if damaged is not None:
                fail(damaged)
            raise

    return wrapper  # type: ignore[return-value]


def _default(value: object) -> object:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, Enum):
        return value.value
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def to_json(data: object, indent: int | None = 2) -> str:
    """``data`` as JSON, letters as they are, but every character a terminal would obey (see
    :func:`normtui.text.visible`) as a ``\\u`` escape, which JSON's own rules leave raw for
    C1 controls, DEL and the bidirectional overrides."""
    text = json.dumps(data, default=_default, ensure_ascii=False, indent=indent)
    return json_visible(text)


def echo_json(data: object) -> None:
    echo(to_json(data), lines=True)


def echo(message: object = "", *, err: bool = False, nl: bool = True, lines: bool = False) -> None:
    """Everything a command writes to stdout or stderr: one line, in which every control or
    format character (a line break included) is shown as an escape
    (:func:`normtui.text.visible`), so that a name from a feed or a damaged event can neither
    set the terminal's title, its clipboard or blink nor start a fake line; ``lines`` for a
    block this program joined (a JSON object, an export), whose texts were made safe in it."""
    click.echo(visible(str(message), lines=lines), err=err, nl=nl)


db_argument = click.argument("db", type=click.Path(dir_okay=False, path_type=Path))
json_option = click.option("--json", "as_json", is_flag=True, help="Write JSON to stdout.")


# Who the running command writes as (its --as NAME); None: $NORMTUI_ACTOR, else the login.
_ACTOR: ContextVar[str | None] = ContextVar("normtui_actor", default=None)


def actor() -> str | None:
    """The running command's ``--as NAME``, if it was given one."""
    return _ACTOR.get()


def actor_option(func: F) -> F:
    """``--as NAME`` on a command that changes the event: the name its audit entries carry."""

    @click.option(
        "--as",
        "as_actor",
        metavar="NAME",
        help="Who makes the change, as the audit log shows it (default: "
        "$NORMTUI_ACTOR, else the login name).",
    )
    @functools.wraps(func)
    def command(*args: Any, as_actor: str | None, **kwargs: Any) -> Any:
        token = _ACTOR.set(as_actor)
        try:
            return func(*args, **kwargs)
        finally:
            _ACTOR.reset(token)

    return cast(F, command)


@contextmanager
def opened(db: Path) -> Iterator[EventStore]:
    from normtui.store import EventStore  # the store: only for a command that opens one

    store = EventStore.open(db, actor=_ACTOR.get())
    try:
        yield store
    except NormtuiError as exc:
        # A refusal cites the event's own articles (a FIDE round robin's, not "§5").
        reword = store.profile.articles.reword
        exc.message = reword(exc.message)
        exc.article = reword(exc.article) if exc.article else exc.article
        exc.args = (f"{exc.message} ({exc.article})" if exc.article else exc.message,)
        raise
    finally:
        store.close()


# The JSON object of the running command, when it was given --json.
_OUTPUT: ContextVar[dict[str, Any] | None] = ContextVar("normtui_json_output", default=None)


def reports(func: F) -> F:
    """Give a command that changes the event ``--json`` and ``--as`` (see the module's doc)."""

    @json_option
    @actor_option
    @functools.wraps(func)
    def command(*args: Any, as_json: bool, **kwargs: Any) -> Any:
        if not as_json:
            return func(*args, **kwargs)
        output: dict[str, Any] = {"changed": False, "entries": [], "notes": []}
        token = _OUTPUT.set(output)
        try:
            result = func(*args, **kwargs)
        except SystemExit:
            # Refused after something was already written: say what was (the error itself
            # is on stderr), so that a script is not told nothing changed.
            if output["changed"]:
                with output_guard(changed=True):
                    echo_json(output)
            raise
        finally:
            _OUTPUT.reset(token)
        with output_guard(output["changed"]):
            echo_json(output)
        return result

    return cast(F, command)


def report(entry: AuditEntry | None, unchanged: str = "nothing to change") -> None:
    """What a mutation did (the audit summary), or that it changed nothing."""
    output = _OUTPUT.get()
    if output is not None:
        if entry is None:
            output["notes"].append(f"unchanged: {unchanged}")
        else:
            output["changed"] = True
            output["entries"].append(entry.to_json())
        return
    if entry is None:
        echo(f"unchanged: {unchanged}")
    else:
        echo(f"#{entry.id} {entry.summary}")


def say(line: str) -> None:
    """A line for the arbiter beside the report (a note in the JSON)."""
    output = _OUTPUT.get()
    if output is None:
        echo(line)
    else:
        output["notes"].append(line)


def data(key: str, value: object, line: str | Sequence[str] | None = None) -> None:
    """A value the JSON carries under ``key``; as text, ``line`` (if any) is printed, or each
    of several lines (one line each: a line break inside a name is shown, not obeyed)."""
    output = _OUTPUT.get()
    if output is None:
        for text in [line] if isinstance(line, str) else line or ():
            echo(text)
    else:
        output[key] = value


def emit(
    items: Sequence[T],
    as_json: bool,
    line: Callable[[T], str],
    *,
    to_json: Callable[[T], object] | None = None,
    empty: str | None = None,
) -> None:
    """A listing: JSON (each item's ``to_json()``) or one line per item."""
    if as_json:
        echo_json([to_json(i) if to_json else i.to_json() for i in items])  # type: ignore[attr-defined]
        return
    for item in items:
        echo(line(item))
    if not items and empty:
        echo(empty)


def parse_round(value: str) -> int:
    """ROUND as typed: ASCII digits (``"²"`` passes ``str.isdigit`` but is no round); a number
    longer than any event is refused here, before it reaches SQLite."""
    text = value.strip()
    if not is_number(text):
        raise UserError(f"round {value!r} is not a round number")
    if len(text) > 6:
        raise UserError(f"round {text} is out of range (no event has that many rounds)")
    return int(text)


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
    """A group whose commands are :class:`Command` (the blitz opener; the command line's own
    group, in normtui.cli, is one too)."""

    command_class = Command
    group_class = type  # subgroups are of the same class


def command(name: str, **attrs: Any) -> Callable[[Callable[..., Any]], Command]:
    """``@command("standings")`` on a module-level function: a command of normtui's command
    line (``normtui.commands.COMMANDS`` tells the command line's group where to find it)."""
    return click.command(name, cls=Command, **attrs)


def group(name: str, **attrs: Any) -> Callable[[Callable[..., Any]], Group]:
    """``@group("blitz")``: a command with subcommands of its own."""
    return click.group(name, cls=Group, **attrs)


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


class Seconds(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.2 only
    """A number of seconds typed in ASCII digits with an optional decimal part ("0.5", "20"),
    from ``low`` to ``high``: "inf", "nan", "1e300" or "-1" is refused, naming the range (a
    wait of forever, or of no time at all, is no setting)."""

    name = "seconds"

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high

    def _range(self) -> str:
        return f"a number of seconds from {self.low:g} to {self.high:g}"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            number = float(value)  # a default
        else:
            text = str(value).strip()
            whole, _, part = text.partition(".")
            digits = [t for t in (whole, part) if t]
            if not digits or not all(is_number(t) and len(t) <= 9 for t in digits):
                self.fail(f"{text!r} is not {self._range()} (digits 0-9 and a point)", param, ctx)
            number = float(text)
        if not self.low <= number <= self.high:
            self.fail(f"{value} is out of range: {self._range()}", param, ctx)
        return number

    def __repr__(self) -> str:
        return f"Seconds({self.low}, {self.high})"


# The numbers the commands take. The store then checks a round or a board against the event
# ("the event has rounds 1-9"); these bounds keep what reaches it a number SQLite can hold.
ROUND_NUMBER = Whole(0, 999)
BOARD_NUMBER = Whole(1, 999)
PAIRING_NUMBER = Whole(1, 999)
# A seed is stored as an SQLite integer (signed, 64 bits).
SEED = Whole(0, 2**63 - 1)


def list_month_option(func: F) -> F:
    """``--list-month``: the month of FIDE's rating list, where its file does not say it (the
    commands that read the list: ``new``, ``player``)."""
    return click.option(
        "--list-month",
        metavar="YYYY-MM",
        help="The month of --fide-list, where the file does not say it (the combined list).",
    )(func)
