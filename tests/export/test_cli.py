"""``normtui export DB --format ... [-o FILE]``: stdout by default, exit 0; a bad
database, format or output is exit 2 with one line on stderr and no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from normtui.cli import cli
from normtui.export import FORMATS, export_event
from normtui.store import EventStore


def _run(*args: str) -> tuple[int, bytes, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout_bytes, result.stderr


def test_help_lists_every_format() -> None:
    code, out, _ = _run("export", "--help")
    assert code == 0
    for fmt in FORMATS:
        assert fmt.encode() in out


@pytest.mark.parametrize("fmt", ["trf", "trf16", "csv", "json", "md", "html"])
def test_stdout_is_the_export(fmt: str, path_2022: Path) -> None:
    code, out, err = _run("export", str(path_2022), "--format", fmt)
    # A TRF report warns (on stderr only) what FIDE requires and the event lacks.
    assert code == 0 and all(x.startswith("warning: TRF ") for x in err.splitlines())
    assert bool(err) == fmt.startswith("trf")
    store = EventStore.open(path_2022)
    try:
        assert out == export_event(store, fmt).encode("utf-8")
    finally:
        store.close()


def test_output_file_keeps_crlf_and_details(path_2022: Path, tmp_path: Path) -> None:
    target = tmp_path / "report.trf"
    code, out, err = _run(
        "export",
        str(path_2022),
        "-f",
        "trf",
        "-o",
        str(target),
        "--arbiter",
        "Doe, Jane",
        "--deputy",
        "Roe, Richard",
        "--federation",
        "nor",
    )
    assert (code, out) == (0, b"") and "wrote" in err
    data = target.read_bytes()
    assert data.count(b"\r\n") == data.count(b"\n") > 20
    assert b"\r\n102 Doe, Jane\r\n112 Roe, Richard\r\n" in data
    assert b"\r\n032 NOR\r\n" in data
    assert list(tmp_path.iterdir()) == [target]  # no temporary file left behind


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["export", "{missing}", "-f", "trf"], "normtui: "),
        (["export", "{text}", "-f", "trf"], "normtui: "),
        (["export", "{db}", "-f", "trf-playoff"], "no play-off"),
        (["export", "{db}", "-f", "csv", "-o", "{tmp}/no/such/dir/x.csv"], "normtui: "),
    ],
)
def test_errors_are_one_line_exit_2(
    args: list[str], message: str, path_2022: Path, tmp_path: Path
) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not an event\n")
    values = {
        "missing": str(tmp_path / "missing.db"),
        "text": str(text),
        "db": str(path_2022),
        "tmp": str(tmp_path),
    }
    code, out, err = _run(*(a.format(**values) for a in args))
    assert code == 2 and out == b""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_an_unknown_format_is_a_usage_error(path_2022: Path) -> None:
    code, out, err = _run("export", str(path_2022), "-f", "xls")
    assert code == 2 and out == b"" and "Invalid value for '--format'" in err
