"""PGN commands: ``normtui validate`` checks game records without any database.

(``import-pgn`` is built on :mod:`normtui.pgn` by the importer.)

Exit codes of ``validate``: 0 no errors (warnings and notes allowed); 1 a game has an error, or
a file holds no game; 2 a file cannot be read (missing, binary, UTF-16), one line on stderr.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from normtui.commands.common import friendly, to_json
from normtui.pgn import STAGES, GameReport, PgnReadError, Stage, validate_file
from normtui.rules.profile import Profile

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
    with click.progressbar(length=size, label=path.name, file=sys.stderr) as bar:
        yield bar.update


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
        return (f"{name}: {self.games} game{'s' * (self.games != 1)}, "
                f"{self.games - self.bad_games} OK, {self.bad_games} with errors "
                f"({c['error']} errors, {c['warning']} warnings, {c['info']} notes)")


def _human(report: GameReport) -> str:
    players = f"{report.white} - {report.black}"
    head = (f"#{report.index + 1:<4} {players:<44} R{report.round:<5} "
            f"{report.result or '?':<8} {report.termination:<21} "
            f"{'OK' if report.ok else 'ERRORS':<7}(line {report.line})")
    lines = [head]
    for f in report.findings:
        lines.append(f"      {f.severity:<7} {f.move or '-':<11} {f.code}: {f.message} "
                     f"({f.rule})")
    return "\n".join(lines)


class _JsonList:
    """Writes a JSON list one element at a time, so a huge file never sits in memory."""

    def __init__(self) -> None:
        self.started = False

    def add(self, data: dict[str, Any]) -> None:
        click.echo(("[\n" if not self.started else ",\n") + to_json(data), nl=False)
        self.started = True

    def close(self) -> None:
        click.echo("\n]" if self.started else "[]")


def _validate_one(path: Path, stage: Stage, profile: Profile, jobs: int, as_json: bool,
                  out: _JsonList, total: _Tally) -> bool:
    """Validate one file; False when it cannot be read at all."""
    try:
        size = path.stat().st_size
        tally = _Tally()
        with _progress(path, size) as on_progress:
            for report in validate_file(path, stage, profile, jobs=jobs, keep_text=False,
                                        on_progress=on_progress):
                tally.add(report)
                total.add(report)
                if as_json:
                    out.add({"file": str(path), **report.to_dict()})
                else:
                    click.echo(_human(report))
    except PgnReadError as exc:
        click.echo(f"normtui: {exc}", err=True)
        return False
    except BrokenPipeError:
        raise
    except OSError as exc:
        click.echo(f"normtui: {path}: {exc.strerror or exc}", err=True)
        return False
    if tally.games == 0:
        click.echo(f"normtui: {path}: no games found", err=True)
        total.bad_games += 1
    if not as_json:
        click.echo(tally.line(str(path)))
    return True


def register(cli: click.Group) -> None:
    @cli.command("validate")
    @click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
    @click.option("--stage", type=click.Choice(STAGES), default="main", show_default=True,
                  help="Which games these are: main (classical), armageddon or playoff.")
    @click.option("--json", "as_json", is_flag=True,
                  help="Print a JSON list of games and findings instead of text.")
    @click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
                  help="Processes for large files (default: every core; 1 = no pool).")
    @click.option("--profile", "profile_spec", metavar="NAME|FILE",
                  help="The regulations to check against: a built-in profile or a TOML "
                       "file; default: norway-chess-2022.")
    @friendly
    def validate(files: tuple[Path, ...], stage: Stage, as_json: bool, jobs: int | None,
                 profile_spec: str | None) -> None:
        """Check PGN FILES game by game against the laws and the regulations.

        Needs no database. Per game one line (number, first line in the file, round,
        players, result, how the game ended, OK or ERRORS), then its findings: errors,
        warnings and notes, each with the move where it shows and the article it rests on.

        Exit code 0: no errors; 1: errors found (or a file without games); 2: a file
        cannot be read.
        """
        from normtui.assets import DEFAULT_PROFILE, load_profile_file, profile_path

        profile = load_profile_file(profile_path(profile_spec or DEFAULT_PROFILE))
        out, total = _JsonList(), _Tally()
        unreadable = False
        try:
            for path in files:
                unreadable |= not _validate_one(path, stage, profile, jobs or _cpus(), as_json,
                                                out, total)
        except BrokenPipeError:
            # The reader went away (`| head`): stop quietly, as other command line tools do.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(1)
        if as_json:
            out.close()
        elif len(files) > 1:
            click.echo(total.line("all files"))
        sys.exit(2 if unreadable else 1 if total.bad_games else 0)
