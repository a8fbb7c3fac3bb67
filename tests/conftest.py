from __future__ import annotations

import gc
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

from normtui.assets import DATA_2022, default_profile
from normtui.rules.profile import Profile

TESTS = Path(__file__).parent
DATA = TESTS / "data"

# A worker's full collections walk everything it has imported and every test's leftovers (two
# thirds of its collector's time, a tenth of its CPU in the console's tests): the oldest
# generation is collected after 100 collections of the middle one, not 10, as a console does it
# while it runs (normtui.tui.collector). What a test collects itself it still collects.
OLDEST_EVERY = 100


# Hypothesis keeps the examples it found, and a cache of constants, in ./.hypothesis: the
# suite writes only in its temp folders (a failing example is printed with its failure).
settings.register_profile("normtui", database=None)
settings.load_profile("normtui")
_HYPOTHESIS_HOME = tempfile.TemporaryDirectory(prefix="normtui-hypothesis-")


def pytest_configure(config: pytest.Config) -> None:
    set_hypothesis_home_dir(_HYPOTHESIS_HOME.name)
    young, middle, _oldest = gc.get_threshold()
    gc.set_threshold(young, middle, OLDEST_EVERY)


@pytest.fixture(scope="session")
def profile() -> Profile:
    return default_profile()


@pytest.fixture(scope="session")
def data_2022() -> Path:
    return DATA_2022
