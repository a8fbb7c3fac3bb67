"""Where the shipped data lives: the regulation profiles of every edition, the real games and
the demo event.

The repository keeps them at its top level (``assets/``, ``demo.db``); the wheel maps them into
the package as ``normtui/_shipped/`` (pyproject.toml's force-include). Both are found through
``importlib.resources``: inside the installed package, else beside it (a clone, an editable
install).

A profile is named by a file, or by the name of a built-in one: the file name in
``assets/regulations`` without ``.toml`` (``norway-chess-2024``).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from normtui.rules.profile import Profile, ProfileError, load_profile
from normtui.text import TextFileError, read_text_file


def _shipped() -> Path:
    """The folder holding ``assets/`` and ``demo.db``.

    >>> (_shipped() / "assets" / "regulations").is_dir() and (_shipped() / "demo.db").is_file()
    True
    """
    package = resources.files("normtui")
    # The event files are SQLite databases and the profiles are read within a size bound from
    # a real file: normtui runs from an unpacked package (a wheel, a clone), never a zip.
    if not isinstance(package, Path):
        raise RuntimeError(f"normtui must be installed as files, not in an archive ({package})")
    inside = package / "_shipped"
    return inside if inside.is_dir() else package.parent


SHIPPED = _shipped()
ASSETS = SHIPPED / "assets"
DEMO_DB = SHIPPED / "demo.db"
REGULATIONS = ASSETS / "regulations"
DEFAULT_PROFILE = "norway-chess-2022"
DEFAULT_PROFILE_PATH = REGULATIONS / f"{DEFAULT_PROFILE}.toml"
DATA = ASSETS / "data"
DATA_2022 = DATA / "norway-chess-2022"
PLAYERS_EXAMPLE = ASSETS / "players-example.csv"
PROFILE_MAX_BYTES = 1 << 20


def builtin_profiles() -> dict[str, Path]:
    """Every built-in profile by name, in name order."""
    return {p.stem: p for p in sorted(REGULATIONS.glob("*.toml"))}


def profile_path(spec: str | Path) -> Path:
    """The file ``--profile`` names: a file that exists, else a built-in profile's name."""
    path = Path(spec)
    if path.is_file():
        return path
    found = builtin_profiles().get(str(spec).removesuffix(".toml"))
    if found is not None:
        return found
    names = ", ".join(builtin_profiles())
    raise ProfileError(
        f"no profile {str(spec)!r}: give a TOML file or a built-in profile "
        f"({names}; `normtui profiles` lists them)"
    )


def read_profile_text(path: str | Path = DEFAULT_PROFILE_PATH) -> str:
    """A profile's text; a file larger than 1 MB is refused without being read to the end,
    a device or a FIFO without being read at all (TOML is UTF-8: no other encoding is
    guessed)."""
    try:
        return read_text_file(path, limit=PROFILE_MAX_BYTES, what="profile", utf8_only=True)
    except TextFileError as exc:
        raise ProfileError(str(exc)) from None


def load_profile_file(path: str | Path = DEFAULT_PROFILE_PATH) -> Profile:
    """Read and validate a profile file; any failure is one :class:`ProfileError`."""
    return load_profile(read_profile_text(path))


def default_profile() -> Profile:
    return load_profile_file(DEFAULT_PROFILE_PATH)
