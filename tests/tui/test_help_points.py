"""The help's points (`?`, pane 1's articles): written in the order the profiles list them,
each named, so that no reader takes "3 / 0 / 1½ / 1" for a draw scoring 1½."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from normtui.assets import builtin_profiles, load_profile_file
from normtui.tui.pane_articles import pane_articles


def _points_line(name: str) -> str:
    profile = load_profile_file(builtin_profiles()[name])
    return next(a for a in pane_articles("pairings", profile) if "Points:" in a)


def test_norway_and_the_plain_profile_name_each_score_in_their_order() -> None:
    assert _points_line("norway-chess-2022") == (
        "§4 Points: win 3, draw and Armageddon won 1½, draw and Armageddon lost 1, loss 0"
    )
    assert _points_line("fide-round-robin") == "FIDE Laws 10.1 Points: win 1, draw ½, loss 0"


@pytest.mark.parametrize("name", sorted(builtin_profiles()))
def test_every_profile_lists_its_points_from_the_win_down(name: str) -> None:
    said = _points_line(name).split("Points: ", 1)[1]
    named = [part.rsplit(" ", 1) for part in said.split(", ")]
    assert named[0][0] == "win" and named[-1][0] == "loss"
    values = [Fraction(re.sub("½", "", v) or 0) + Fraction(v.count("½"), 2) for _n, v in named]
    assert values == sorted(values, reverse=True)
