"""The package as a user gets it: the sdist and the wheel built from this tree (the wheel from
the sdist, as ``python -m build`` makes a release), the wheel installed into a fresh virtual
environment (not editable: no file of the clone is reachable from it), and there ``normtui
profiles``, ``normtui new`` on a built-in profile, ``normtui demo`` and the console, headless,
up to its first pane and a second pane's stylesheet.

The installation is offline: pip resolves the wheel's requirements (with ``--no-index``)
against wheels made from this environment's own installed copies of them, the versions the
suite runs with. A dependency the wheel does not declare is missing there, and one it declares
that cannot be had fails the installation."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import textwrap
import venv
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
# Building and installing take seconds to a minute on a loaded machine: a bound, not a target.
BOUND = 600

# Run by the installed package's interpreter: the console on the demo copy, headless, until its
# first pane is drawn with the demo's players, then the standings (their stylesheet is read
# after the first frame); it prints what the screens showed.
CONSOLE = textwrap.dedent("""
    import asyncio, sys, time
    from pathlib import Path
    from normtui.tui.app import NormtuiApp

    async def main() -> None:
        app = NormtuiApp(Path(sys.argv[1]), poll_seconds=0, show_clock=False)
        app.animation_level = "none"
        async with app.run_test(size=(120, 40)) as pilot:
            async def until(condition) -> None:
                deadline = time.monotonic() + 120
                while not condition():
                    assert time.monotonic() < deadline, "the console never got there"
                    await pilot.pause(0.05)

            screen = app.console_screen
            await until(lambda: screen is not None and screen.settled)
            first = app.export_screenshot()
            await pilot.press("3")
            await until(lambda: app.focused is not None and "standings" in {
                a.id for a in app.focused.ancestors})
            print(type(app.focused).__name__, "Carlsen" in first, flush=True)

    asyncio.run(main())
""")


def _closure(name: str) -> list[metadata.Distribution]:
    """The distributions ``name`` needs, its requirements' extras included (none of its
    own: the test extra is not the package's)."""
    found: dict[str, metadata.Distribution] = {}
    todo, seen = [(name, "")], set()
    while todo:
        item = todo.pop()
        if item in seen:
            continue
        seen.add(item)
        dist = metadata.distribution(item[0])
        found[canonicalize_name(dist.metadata["Name"])] = dist
        for text in dist.requires or []:
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({"extra": item[1]}):
                todo += [(req.name, ""), *((req.name, extra) for extra in req.extras)]
    found.pop(canonicalize_name(name))
    return list(found.values())


def _as_wheel(dist: metadata.Distribution, folder: Path) -> Path:
    """An installed distribution as the wheel it came from: its files as its RECORD lists
    them (but its scripts, which the installer writes anew, and compiled bytecode)."""
    tags = [
        line.split(":", 1)[1].strip()
        for line in (dist.read_text("WHEEL") or "").splitlines()
        if line.startswith("Tag:")
    ]
    tag = next((t for t in tags if t.startswith(("py3", "cp3"))), "py3-none-any")
    name = canonicalize_name(dist.metadata["Name"]).replace("-", "_")
    path = folder / f"{name}-{dist.version}-{tag}.whl"
    assert dist.files, f"{name} lists no files: not installed from a wheel"
    with zipfile.ZipFile(path, "w") as wheel:
        for file in dist.files:
            if file.parts[0] == ".." or "__pycache__" in file.parts:
                continue
            where = Path(str(dist.locate_file(file)))
            if where.is_file():
                wheel.write(where, file.as_posix())
    return path


def _run(args: list[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, timeout=BOUND, **kwargs
    )
    assert done.returncode == 0, f"{args}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel of this tree."""
    out = tmp_path_factory.mktemp("dist")
    # No build environment of its own: the test extra has the backend (and no index is asked).
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out, ROOT])
    [sdist] = out.glob("normtui-*.tar.gz")
    [wheel] = out.glob("normtui-*.whl")
    return {"sdist": sdist, "wheel": wheel}


def test_the_sdist_holds_what_the_wheel_maps_and_the_licence(built: dict[str, Path]) -> None:
    with tarfile.open(built["sdist"]) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assert {"LICENSE", "demo.db", "assets/regulations/norway-chess-2022.toml"} <= names
    assert not any(n.startswith(".import_linter_cache") for n in names)


def test_the_wheel_ships_every_file_read_at_run_time(built: dict[str, Path]) -> None:
    with zipfile.ZipFile(built["wheel"]) as wheel:
        names = set(wheel.namelist())
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = wheel.read(metadata).decode()
    stylesheets = {str(p.relative_to(ROOT)) for p in (ROOT / "normtui").rglob("*.tcss")}
    assert stylesheets and stylesheets <= names
    shipped = {
        f"normtui/_shipped/{p.relative_to(ROOT)}"
        for p in [ROOT / "demo.db", *(ROOT / "assets").rglob("*")]
        if p.is_file()
    }
    assert shipped <= names
    assert "License-Expression: GPL-3.0-or-later" in meta
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_the_installed_wheel_runs(built: dict[str, Path], tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    for dist in _closure("normtui"):
        _as_wheel(dist, wheels)
    # This interpreter's pip installs into the new environment (no pip of its own to set up);
    # no bytecode compiled (a quarter of the time, on a loaded disk).
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            python,
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-compile",
            "--no-index",
            "--find-links",
            wheels,
            built["wheel"],
        ]
    )
    normtui = env_dir / "bin" / "normtui"
    work = tmp_path / "work"
    work.mkdir()
    # Nothing of the clone may be read: another folder, and no PYTHONPATH.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}

    def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
        return _run([normtui, *args], cwd=work, env=env)

    where = _run([python, "-c", "import normtui; print(normtui.__file__)"], cwd=work, env=env)
    assert str(env_dir) in where.stdout and str(ROOT) not in where.stdout

    profiles = json.loads(run("profiles", "--json").stdout)
    assert {"norway-chess-2022", "fide-round-robin"} <= {p["name"] for p in profiles}

    players = work / "players.csv"
    players.write_text(
        "name,rating,federation,fide_id\n"
        + "".join(f'"Player, {c}",{2500 + i},NOR,\n' for i, c in enumerate("ABCDEF")),
        encoding="utf-8",
    )
    new = run("new", "event.db", "--players", players, "--profile", "fide-round-robin")
    assert "event.db" in new.stdout + new.stderr
    standings = json.loads(run("standings", "event.db", "--json").stdout)
    assert len(standings["rows"] if isinstance(standings, dict) else standings) == 6

    demo = json.loads(run("demo", "--json").stdout)
    example = work / "players-example.csv"
    assert demo == {
        "path": str((work / "demo.db").resolve()),
        "replaced": False,
        "players_example": str(example.resolve()),
    }
    # The example `normtui new --help` names, where an installed normtui's user finds it.
    assert example.read_text(encoding="utf-8").startswith("name,rating,federation,fide_id")

    console = _run([python, "-c", CONSOLE, work / "demo.db"], cwd=work, env=env)
    assert console.stdout.split() == ["StandingsTable", "True"], console.stderr[-3000:]
