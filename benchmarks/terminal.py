"""A program run in a pseudo-terminal, as a person runs it: keys typed in, its output read.

The benchmarks of the console (key_to_standings.py, tui_startup.py) time what the arbiter
waits for: from a key typed to the moment the screen stops changing. "Stops changing" is the
last byte written before ``quiet`` seconds of silence: the time of that byte, not the end of
the silence, so the silence waited for is not counted.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Sequence
from pathlib import Path

SIZE = (120, 40)
ROOT = Path(__file__).resolve().parent.parent


def _controlling_terminal() -> None:
    # The child's own session with the pseudo-terminal as its terminal, as a shell gives it.
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """``argv`` started on a new pseudo-terminal of ``size`` (columns, lines), with this
    process's environment and ``env``."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        size: tuple[int, int] = SIZE,
        cwd: Path | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.master, slave = os.openpty()
        columns, lines = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | (env or {})
        env.update(TERM="xterm-256color", COLUMNS=str(columns), LINES=str(lines))
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            list(argv),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env=env,
            close_fds=True,
            preexec_fn=_controlling_terminal,
        )
        os.close(slave)
        self.output = bytearray()
        self.last_output = self.started  # perf_counter() of the last byte read

    def _read(self, timeout: float) -> bool:
        """Read what the program wrote within ``timeout`` seconds; False if nothing came."""
        ready, _, _ = select.select([self.master], [], [], max(timeout, 0))
        if not ready:
            return False
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:  # the program ended: its side of the terminal is closed
            data = b""
        if not data:
            raise EOFError(self.output[-2000:].decode(errors="replace"))
        self.last_output = time.perf_counter()
        self.output += data
        return True

    def type(self, keys: str) -> float:
        """Type ``keys`` at once; the perf_counter() time they were written."""
        sent = time.perf_counter()
        os.write(self.master, keys.encode())
        return sent

    def idle(self, quiet: float, *, limit: float = 30.0) -> float:
        """Wait until nothing has been written for ``quiet`` seconds; the time of the last
        byte written before that silence."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            silent = not self._read(self.last_output + quiet - time.perf_counter())
            if silent and time.perf_counter() - self.last_output >= quiet:
                return self.last_output
        raise TimeoutError(f"still writing after {limit} s")

    def drain(self, seconds: float) -> None:
        """Read whatever the program writes for ``seconds``."""
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            self._read(end - time.perf_counter())

    def settled_after(self, sent: float, quiet: float, *, limit: float = 30.0) -> float:
        """Seconds from ``sent`` to the last byte before ``quiet`` seconds of silence; the
        program must write something after ``sent``."""
        deadline = time.perf_counter() + limit
        while self.last_output <= sent:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"nothing written within {limit} s")
            self._read(deadline - time.perf_counter())
        return self.idle(quiet, limit=limit) - sent

    def shows(self, text: bytes | re.Pattern[bytes], *, since: int = 0) -> bool:
        """Whether ``text`` (or a match of the pattern) is in the output from byte ``since``."""
        if isinstance(text, bytes):
            return text in self.output[since:]
        return text.search(self.output, since) is not None

    def wait_for(
        self, text: bytes | re.Pattern[bytes], *, since: int = 0, limit: float = 30.0
    ) -> float:
        """Read until ``text`` (or a match of the pattern) is in the output from byte
        ``since``; the time it came."""
        deadline = time.perf_counter() + limit
        while not self.shows(text, since=since):
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{text!r} not shown within {limit} s")
            self._read(deadline - time.perf_counter())
        return self.last_output

    def cpu(self) -> float:
        """CPU seconds the program has used so far, every thread's (ended ones too), as the
        kernel gives it: in ticks of 1/CLK_TCK s (10 ms), so a mean over runs, not one run,
        is the figure to read."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def main_cpu(self) -> float:
        """CPU seconds the program's main thread has run so far, to the nanosecond (the
        scheduler's own count, /proc/PID/task/PID/schedstat): the thread where Textual handles
        a key, lays out and renders, and where a collection the key meets runs. Time spent
        waiting for a processor is not in it, so on a busy machine it is the steadier figure
        of what the program itself does."""
        pid = self.process.pid
        return int(Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()[0]) / 1e9

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                # Drain: a program blocked on a full terminal never sees its signal.
                end = time.perf_counter() + 5
                while self.process.poll() is None and time.perf_counter() < end:
                    try:
                        self._read(0.05)
                    except EOFError:
                        break
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        os.close(self.master)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def python(*args: str) -> list[str]:
    """This interpreter running ``args`` (a script or ``-m module``)."""
    return [sys.executable, *args]
