from __future__ import annotations

from pathlib import Path

import pytest

from normtui.assets import DATA_2022, default_profile
from normtui.rules.profile import Profile

TESTS = Path(__file__).parent
DATA = TESTS / "data"


@pytest.fixture(scope="session")
def profile() -> Profile:
    return default_profile()


@pytest.fixture(scope="session")
def data_2022() -> Path:
    return DATA_2022
