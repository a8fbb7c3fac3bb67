"""Child processes of the tests: every read of their output is bounded, and every child ends.

A suite started in the background (``pytest &``, ``nohup``, a CI runner) has SIGINT ignored,
and a child inherits that: Ctrl+C would never reach it. ``spawn`` gives the child the default
handling back in that case, as a terminal's Ctrl+C would find it, so that the tests of what
Ctrl+C does keep testing it. ``interrupt`` then sends SIGINT and, if the child has not ended
within its bound, SIGTERM and SIGKILL, and fails the test naming what happened.
"""

from __future__ import annotations

import signal
import subprocess
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

# A bound for a loaded machine (two cores, several suites): never a measure of speed.
BOUND = 60.0


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def sigint_kept() -> dict[str, Any]:
    """Popen's keyword arguments that give a child the default SIGINT handling where this
    process ignores SIGINT (the child would inherit that); none where it does not."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        return {"preexec_fn": _default_sigint}
    return {}


def spawn(
    args: Sequence[str | Path],
    *,
    cwd: str | Path | None = None,
    stdin: int | None = None,
    stdout: int | IO[Any] | None = subprocess.PIPE,
    stderr: int | IO[Any] | None = subprocess.PIPE,
    env: dict[str, str] | None = None,
) -> subprocess.Popen[str]:
    """A child with text pipes that Ctrl+C (``interrupt``) reaches."""
    return subprocess.Popen(
        [str(a) for a in args],
        stdin=stdin,
        stdout=stdout,
        stderr=stderr,
        text=True,
        cwd=cwd,
        env=env,
        **sigint_kept(),
    )


def read_line(stream: IO[str] | IO[bytes] | None, what: str, bound: float = BOUND) -> Any:
    """The next line of a child's ``stream``, or the test fails after ``bound`` seconds (a
    child that hangs or never says it is ready does not hang the suite)."""
    assert stream is not None
    got: list[Any] = []
    reader = threading.Thread(target=lambda: got.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(bound)
    assert got, f"no line from the child within {bound:.0f} s: {what}"
    return got[0]


def _end(process: subprocess.Popen[Any], bound: float) -> str | None:
    """Wait up to ``bound`` for ``process``; then SIGTERM, then SIGKILL. The signal that was
    needed beyond the first, or None."""
    try:
        process.wait(bound)
        return None
    except subprocess.TimeoutExpired:
        pass
    for sig in (signal.SIGTERM, signal.SIGKILL):
        process.send_signal(sig)
        try:
            process.wait(10)
            return sig.name
        except subprocess.TimeoutExpired:
            continue
    return "nothing"  # pragma: no cover - SIGKILL is not refused


def interrupt(process: subprocess.Popen[str], bound: float = BOUND) -> tuple[str, str]:
    """Ctrl+C to ``process``, then its output (stdout, stderr: those that are pipes and not
    read elsewhere) once it has ended. A child still running ``bound`` seconds later is
    terminated and the test fails."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
    return finished(process, bound)


def finished(process: subprocess.Popen[str], bound: float = BOUND) -> tuple[str, str]:
    """The output of ``process`` (as ``interrupt``) once it has ended on its own; one still
    running ``bound`` seconds later is terminated and the test fails."""
    try:
        out, err = process.communicate(timeout=bound)
    except subprocess.TimeoutExpired:
        needed = _end(process, 0)
        out, err = process.communicate(timeout=10)
        raise AssertionError(
            f"the child did not end within {bound:.0f} s ({needed} ended it)\n"
            f"stdout: {out[-2000:] if out else ''}\nstderr: {err[-2000:] if err else ''}"
        ) from None
    return out or "", err or ""


def ended(process: subprocess.Popen[Any], bound: float = BOUND) -> int:
    """Ctrl+C to ``process`` if it runs, its exit code once ended; its pipes are left to the
    caller's readers. A child still running ``bound`` seconds later is terminated and the test
    fails."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
    needed = _end(process, bound)
    assert needed is None, f"the child did not end within {bound:.0f} s of Ctrl+C ({needed})"
    return process.returncode


def kill(process: subprocess.Popen[Any]) -> None:
    """End ``process`` at once if it still runs (a test's ``finally``), and reap it."""
    if process.poll() is None:
        process.kill()
    process.wait(10)
