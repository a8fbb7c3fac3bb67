"""FIDE's reference tie-break calculator (OttoMilvang/TieBreakServer, MIT) run on the TRF
files the tests write.

It is not in the repository: it is looked for beside the clone, as ``../shared/tools/
TieBreakServer`` (where CI lays ``shared/``), or at ``$NORMTUI_TIEBREAKSERVER``; a test that
needs it is skipped when neither is there. Its tie-break checker needs nothing but the
standard library (only its pairing checker imports networkx), so it runs in the test's own
interpreter, with ``-B`` so that nothing is written into its folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def location() -> Path | None:
    """The TieBreakServer folder, or ``None`` when it is not on this machine."""
    candidates = [
        os.environ.get("NORMTUI_TIEBREAKSERVER"),
        ROOT.parent / "shared" / "tools" / "TieBreakServer",
        "/work/shared/tools/TieBreakServer",
    ]
    for place in candidates:
        if place and (Path(place) / "tiebreakchecker.py").is_file():
            return Path(place)
    return None


def check(
    text: str, tmp_path: Path, *, encoding: str = "utf-8", extra: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Write ``text`` (a TRF) in ``encoding``, run ``tiebreakchecker.py -c`` on it and return
    its JSON. Skips the test when TieBreakServer is not here."""
    where = location()
    if where is None:
        pytest.skip("FIDE's TieBreakServer is not beside the clone (../shared/tools)")
    path = tmp_path / f"tbs-{len(list(tmp_path.glob('tbs-*')))}.trf"
    path.write_bytes(text.encode(encoding))
    args = [sys.executable, "-B", str(where / "tiebreakchecker.py"), "-i", str(path), "-c"]
    if encoding != "latin-1":  # its default
        args += ["-b", encoding]
    done = subprocess.run(
        [*args, *extra],
        capture_output=True,
        text=True,
        cwd=where,
        timeout=60,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    try:
        out: dict[str, Any] = json.loads(done.stdout)
    except json.JSONDecodeError:
        raise AssertionError(
            f"TieBreakServer did not answer JSON: {done.stdout[-500:]}{done.stderr[-500:]}"
        ) from None
    return out


def assert_reads_and_agrees(
    text: str, tmp_path: Path, *, encoding: str = "utf-8", extra: tuple[str, ...] = ()
) -> dict[str, Any]:
    """TieBreakServer reads the file without an error, and its ranks are the file's."""
    out = check(text, tmp_path, encoding=encoding, extra=extra)
    assert out["status"]["error"] == [], out["status"]
    assert out["status"]["code"] == 0, out["status"]
    result = out["tiebreakResult"]
    assert result["check"] is True, [(c["cid"], c["rank"]) for c in result["competitors"]]
    return out
