"""Where the shipped data lives: the regulation profiles and the real 2022 games."""

from __future__ import annotations

from pathlib import Path

from normtui.rules.profile import Profile, ProfileError, load_profile

ASSETS = Path(__file__).resolve().parent.parent / "assets"
REGULATIONS = ASSETS / "regulations"
DEFAULT_PROFILE_PATH = REGULATIONS / "norway-chess-2022.toml"
DATA_2022 = ASSETS / "data" / "norway-chess-2022"


def read_profile_text(path: str | Path = DEFAULT_PROFILE_PATH) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ProfileError(f"cannot read profile {path}: {exc}") from None


def load_profile_file(path: str | Path = DEFAULT_PROFILE_PATH) -> Profile:
    """Read and validate a profile file; any failure is one :class:`ProfileError`."""
    return load_profile(read_profile_text(path))


def default_profile() -> Profile:
    return load_profile_file(DEFAULT_PROFILE_PATH)
