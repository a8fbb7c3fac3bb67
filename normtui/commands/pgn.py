"""PGN commands: ``normtui validate`` checks game records without any database.

(``import-pgn`` is built on :mod:`normtui.pgn` by the importer.)

Exit codes of ``validate``: 0 no errors (warnings and notes allowed); 1 a game has an error, or
a file holds no game; 2 a file cannot be read (missing, binary, UTF-16), a profile or an event
that cannot be used, or output that cannot be written: one line on stderr.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from normtui.assets import DEFAULT_PROFILE, profile_path, read_profile_text
from normtui.commands.common import (
    UserError,
    Whole,
    command,
    echo,
    fail,
    friendly,
    opened,
    to_json,
)
from normtui.pgn import (
    STAGES,
    Expectation,
    Expected,
    GameReport,
    PgnReadError,
    Stage,
    validate_file,
)
from normtui.rules.profile import Profile, ProfileError, load_profile
from normtui.text import visible

# Progress bars only for files that take more than a moment.
PROGRESS_MIN_BYTES = 2 << 20


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@contextmanager
def _progress(path: Path, size: int) -> Iterator[Callable[[int], None] | None]:
    # A bar on a terminal only: in a pipe or a log it would be noise.
    if size < PROGRESS_MIN_BYTES or not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=size, label=visible(path.name), file=sys.stderr) as bar:
        yield bar.update


class _Unwritable(Exception):
    """Standard output refused a write (a full disk): not the input file's fault."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))


def _emit(text: str, nl: bool = True) -> None:
    try:
        echo(text, nl=nl, lines=True)
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise _Unwritable(exc) from None


def _output_name() -> str:
    """Standard output, and the file it goes to when it is one (``> report.txt``)."""
    try:
        target = os.readlink(f"/proc/self/fd/{sys.stdout.fileno()}")
    except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is a ValueError
        return "standard output"
    return f"standard output, {target}" if target.startswith("/") else "standard output"


def _quiet_stdout() -> None:
    # What is left in the buffer would fail again at exit, with a traceback-like message.
    with contextlib.suppress(OSError, ValueError):  # no descriptor: a test's captured output
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class _Tally:
    def __init__(self) -> None:
        self.games = self.bad_games = 0
        self.counts = {"error": 0, "warning": 0, "info": 0}

    def add(self, report: GameReport) -> None:
        self.games += 1
        self.bad_games += not report.ok
        for f in report.findings:
            self.counts[f.severity] += 1

    def line(self, name: str) -> str:
        c = self.counts
        return (
            f"{name}: {self.games} game{'s' * (self.games != 1)}, "
            f"{self.games - self.bad_games} OK, {self.bad_games} with errors "
            f"({c['error']} errors, {c['warning']} warnings, {c['info']} notes)"
        )


def _human(report: GameReport) -> str:
    """A game's lines for a terminal: what the file holds (names, tokens) is shown, never
    obeyed (:func:`normtui.text.visible`)."""
    players = f"{visible(report.white)} - {visible(report.black)}"
    head = (
        f"#{report.index + 1:<4} {players:<44} R{report.round:<5} "
        f"{report.result or '?':<8} {report.termination:<21} "
        f"{'OK' if report.ok else 'ERRORS':<7}(line {report.line})"
    )
    lines = [head]
    for f in report.findings:
        lines.append(
            f"      {f.severity:<7} {visible(f.move or '-'):<11} {f.code}: "
            f"{visible(f.message)} ({f.rule})"
        )
    return "\n".join(lines)


class _JsonList:
    """Writes a JSON list one element at a time, so a huge file never sits in memory."""

    def __init__(self) -> None:
        self.started = False

    def add(self, data: dict[str, Any]) -> None:
        _emit(("[\n" if not self.started else ",\n") + to_json(data), nl=False)
        self.started = True

    def close(self) -> None:
        _emit("\n]" if self.started else "[]")


def _validate_one(
    path: Path,
    stage: Stage,
    profile: Profile,
    jobs: int,
    as_json: bool,
    out: _JsonList,
    total: _Tally,
    expected: Expected = None,
) -> bool:
    """Validate one file; False when it cannot be read at all."""
    try:
        size = path.stat().st_size
        tally = _Tally()
        with _progress(path, size) as on_progress:
            for report in validate_file(
                path, stage, profile, expected, jobs=jobs, keep_text=False, on_progress=on_progress
            ):
                tally.add(report)
                total.add(report)
                if as_json:
                    out.add({"file": str(path), **report.to_dict()})
                else:
                    _emit(_human(report))
    except PgnReadError as exc:
        echo(f"normtui: {visible(str(exc))}", err=True)
        return False
    except OSError as exc:  # reading the file (writes raise _Unwritable)
        if isinstance(exc, BrokenPipeError):
            raise
        echo(f"normtui: {visible(str(path))}: {exc.strerror or exc}", err=True)
        return False
    if tally.games == 0:
        echo(f"normtui: {visible(str(path))}: no games found", err=True)
        total.bad_games += 1
    if not as_json:
        _emit(tally.line(visible(str(path))))
    return True


def _profile(
    spec: str | None, event: Path | None, files: tuple[Path, ...]
) -> tuple[Profile, Expected]:
    """The rules to check against: a built-in profile or a file, the event's own, or Norway
    Chess 2022's; with an event, the date of each game's round (a record without one, as DGT
    LiveChess writes them, is dated by the event)."""
    if spec is not None and event is not None:
        raise UserError("give --profile or --event, not both: the event has its own profile")
    if event is None:
        path = profile_path(spec or DEFAULT_PROFILE)
        try:
            return load_profile(read_profile_text(path)), None
        except ProfileError as exc:
            message = str(exc)
            raise UserError(message if str(path) in message else f"{path}: {message}") from None
    # The store and the importer: only with --event (validate reads no database otherwise).
    from normtui.importing import round_dates, round_of
    from normtui.store.connection import refuse_event_file

    for path in files:
        refuse_event_file(path, event, "read as a PGN file")

    # Through the store, which reads the file through SQLite alone; nothing is written.
    with opened(event) as store:
        profile, dates = store.profile, round_dates(store)

    def dated(headers: Mapping[str, str]) -> Expectation | None:
        date = dates.get(round_of(headers.get("Round", "")) or 0)
        return Expectation(date=date) if date else None

    return profile, dated


@command("validate")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--stage",
    type=click.Choice(STAGES),
    default="main",
    show_default=True,
    help="Which games these are: main (classical), armageddon or playoff.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print a JSON list of games and findings instead of text.",
)
@click.option(
    "--jobs",
    "-j",
    type=Whole(1, 256),
    default=None,
    help="Processes for large files (default: every core; 1 = no pool). The "
    "answer is the same on any number.",
)
@click.option(
    "--profile",
    "profile_spec",
    metavar="NAME|FILE",
    help="The regulations to check against: a built-in profile or a TOML "
    "file; default: norway-chess-2022.",
)
@click.option(
    "--event",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Check against the profile of this event file (EVENT.db), with its "
    "edits; the event is only read.",
)
@friendly
def validate(
    files: tuple[Path, ...],
    stage: Stage,
    as_json: bool,
    jobs: int | None,
    profile_spec: str | None,
    event: Path | None,
) -> None:
    """Check PGN FILES game by game against the laws and the regulations.

    Needs no database: the rules are Norway Chess 2022's, another edition's or event's
    profile (--profile NAME|FILE) or an event's own (--event EVENT.db). Per game one line
    (number, first line in the file, round, players, result, how the game ended, OK or
    ERRORS), then its findings: errors, warnings and notes, each with the move where it
    shows and the article it rests on. Moves inside variations are commentary and are
    not checked; a variation never closed is an error.

    Exit code 0: no errors; 1: errors found (or a file without games); 2: a file
    cannot be read, a profile or event cannot be used, or the output cannot be written.
    """
    profile, expected = _profile(profile_spec, event, files)
    out, total = _JsonList(), _Tally()
    unreadable = False
    try:
        for path in files:
            unreadable |= not _validate_one(
                path, stage, profile, jobs or _cpus(), as_json, out, total, expected
            )
        if as_json:
            out.close()
        elif len(files) > 1:
            _emit(total.line("all files"))
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, as other command line tools do.
        _quiet_stdout()
        sys.exit(1)
    except _Unwritable as exc:
        name = _output_name()
        _quiet_stdout()
        fail(f"cannot write the output ({name}): {exc}")
    sys.exit(2 if unreadable else 1 if total.bad_games else 0)
