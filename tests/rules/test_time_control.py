"""Time controls of several periods: read from a profile, said, written in the PGN standard's
syntax, counted over 60 moves (FIDE's measure of a standard game), and checked against clocks."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from normtui.assets import builtin_profiles, profile_path, read_profile_text
from normtui.pgn.clocks import ClockReading, check_clocks, max_clock
from normtui.rules.errors import ProfileError
from normtui.rules.profile import Period, TimeControl, load_profile
from normtui.rules.time_control import minutes_for_60_moves, norm_control, with_periods
from normtui.store.profile_text import replace_time_control

FIDE = with_periods(TimeControl(5400, 5400, 30, 1), 40, [(0, 1800, 1800)])
CANDIDATES = with_periods(TimeControl(7200, 7200, 30, 61), 40, [(20, 3600, 3600), (0, 900, 900)])
NORWAY = TimeControl(7200, 7200, 10, 41)
TATA = with_periods(TimeControl(6000, 6000, 30, 1), 40, [(0, 3000, 3000)])


def _with_classical(lines: str) -> str:
    """The FIDE profile with ``[time_controls.classical]`` written as ``lines``."""
    text = read_profile_text(profile_path("fide-round-robin"))
    start = text.index("[time_controls.classical]")
    end = text.index("[time_controls.armageddon]")
    return text[:start] + "[time_controls.classical]\n" + lines + "\n\n" + text[end:]


def test_the_three_usual_controls_are_said_and_written_as_the_regulations_write_them():
    assert FIDE.describe() == "90'/40 + 30' + 30\" from move 1"
    assert CANDIDATES.describe() == "120'/40 + 60'/20 + 15' + 30\" from move 61"
    assert NORWAY.describe() == "120' + 10\" from move 41"
    # The PGN standard's TimeControl (9.6.1), which TRF26 record 222 shares.
    assert FIDE.pgn_standard() == "40/5400+30:1800+30"
    assert CANDIDATES.pgn_standard() == "40/7200:20/3600:900+30"
    assert NORWAY.pgn_standard() == "40/7200:0+10"


def test_a_profile_writes_later_periods_under_then():
    profile = load_profile(
        _with_classical(
            "white_seconds = 7200\nblack_seconds = 7200\nmoves = 40\nincrement_seconds = 30\n"
            "increment_from_move = 61\nthen = [{ moves = 20, seconds = 3600 }, { seconds = 900 }]"
        )
    )
    tc = profile.time_controls["classical"]
    assert tc == CANDIDATES
    assert [p.moves for p in tc.periods] == [40, 20, 0]
    assert tc.first_moves() == (1, 41, 61)
    assert [tc.increment_at(m) for m in (1, 40, 41, 60, 61, 100)] == [0, 0, 0, 0, 30, 30]


def test_every_built_in_profile_keeps_one_period():
    """Old profiles (the four keys) read as they always did: one period, the whole game."""
    for name in builtin_profiles():
        profile = load_profile(read_profile_text(profile_path(name)))
        for tc in profile.time_controls.values():
            assert tc.later == () and tc.moves == 0
            assert tc.periods == (
                Period(
                    0,
                    tc.white_seconds,
                    tc.black_seconds,
                    tc.increment_seconds,
                    tc.increment_from_move,
                ),
            )


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ("then = [{ seconds = 1800 }]", "classical.moves': a period followed by another covers"),
        ("moves = 40", "time_controls.classical.moves': the last period covers the rest"),
        ("moves = 40\nthen = [{ moves = 20, seconds = 1800 }]", "then[0].moves': the last"),
        ("moves = 40\nthen = [{ moves = 20 }]", "then[0].seconds': missing"),
        ("moves = 40\nthen = [{ seconds = 0 }]", "then[0].white_seconds': a later period adds"),
        (
            "moves = 40\nthen = [{ seconds = 60, white_seconds = 60 }]",
            "then[0].seconds': give seconds, or white_seconds and black_seconds",
        ),
        ("moves = 40\nthen = [{ secs = 60 }]", "then[0].secs': unknown key"),
        ("moves = 40\nthen = 1800", "then': expected a list of periods"),
        ("moves = 40\nthen = [{ seconds = 90000 }]", "more than a clock is set to"),
    ],
)
def test_a_wrong_period_is_named(lines, message):
    first = "white_seconds = 5400\nblack_seconds = 5400\nincrement_seconds = 30\n"
    first += "increment_from_move = 1\n"
    with pytest.raises(ProfileError, match=re.escape(message)):
        load_profile(_with_classical(first + lines))


def test_the_standard_game_check_counts_the_whole_control():
    """FIDE Laws Appendix A.1: 60' or more per player for 60 moves, whatever period gives it."""
    base = "black_seconds = {s}\nwhite_seconds = {s}\nincrement_seconds = 0\n"
    base += "increment_from_move = 1\nmoves = 40\nthen = [{{ seconds = 1800 }}]"
    # 30'/40 + 30': 60' by move 60, a standard game even though its first period is 30'.
    assert load_profile(_with_classical(base.format(s=1800)))
    with pytest.raises(ProfileError, match="White has 55' for 60 moves"):
        load_profile(_with_classical(base.format(s=1500)))


def test_minutes_for_60_moves_and_one_control_for_every_game():
    assert minutes_for_60_moves(FIDE) == 150  # 90 + 30 + 60 x 30"
    assert minutes_for_60_moves(CANDIDATES) == 180  # 120 + 60; the third period starts at 61
    assert minutes_for_60_moves(NORWAY) == Decimal(7400) / 60  # 120 + 20 x 10"
    assert minutes_for_60_moves(TATA) == 180  # 100 + 50 + 60 x 30"
    armageddon = TimeControl(600, 420, 1, 41)
    assert minutes_for_60_moves(armageddon) == Decimal(440) / 60  # Black's, the lesser
    same = norm_control([FIDE, FIDE, FIDE])
    assert (same.minutes_for_60_moves, same.identical, same.controls) == (150, True, (FIDE,))
    mixed = norm_control([FIDE, NORWAY])
    assert not mixed.identical and mixed.minutes_for_60_moves == Decimal(7400) / 60
    with pytest.raises(ValueError, match="no time control"):
        norm_control([])


def _parse_standard(tag: str) -> list[tuple[int | None, int, int]]:
    """The PGN standard's fields, (moves or None, seconds, increment), read independently."""
    out = []
    for field in tag.split(":"):
        moves, _, rest = field.rpartition("/")
        seconds, _, inc = rest.partition("+")
        out.append((int(moves) if moves else None, int(seconds), int(inc or 0)))
    return out


def _given_by_tag(tag: str, moves: int) -> int:
    """A clock's time for its first ``moves`` moves, as the PGN standard's fields say."""
    total, start = 0, 1
    for count, seconds, inc in _parse_standard(tag):
        if start > moves:
            break
        total += seconds
        end = moves if count is None else min(moves, start + count - 1)
        total += inc * (end - start + 1)
        start += count or 0
    return total


@st.composite
def controls(draw: st.DrawFn) -> TimeControl:
    first = TimeControl(
        draw(st.integers(60, 7200)),
        draw(st.integers(60, 7200)),
        draw(st.integers(0, 60)),
        draw(st.integers(1, 80)),
    )
    periods = draw(st.integers(0, 3))
    then = [
        (draw(st.integers(1, 30)) if i < periods - 1 else 0, s, s)
        for i in range(periods)
        for s in [draw(st.integers(60, 3600))]
    ]
    return with_periods(first, draw(st.integers(1, 50)) if then else 0, then)


@given(controls(), st.integers(1, 150))
def test_the_pgn_form_gives_each_clock_what_the_control_gives(tc, moves):
    """The PGN standard's string, read on its own, gives every clock the time the control
    does over any number of moves; and what a clock may show never goes down move by move."""
    for white in (True, False):
        assert _given_by_tag(tc.pgn_standard(white), moves) == tc.given_by(white, moves)
        assert max_clock(tc, white, moves) <= max_clock(tc, white, moves + 1)


def test_profile_text_keeps_several_periods_and_goes_back_to_one():
    text = read_profile_text(profile_path("fide-round-robin"))
    several = replace_time_control(text, "classical", CANDIDATES)
    assert load_profile(several).time_controls["classical"] == CANDIDATES
    assert "moves = 40\nthen = [{moves = 20, seconds = 3600}, {seconds = 900}]" in several
    assert replace_time_control(several, "classical", TimeControl(5400, 5400, 30, 1)) == text


def _reading(white: bool, move: int, clock: str) -> ClockReading:
    h, m, s = (int(x) for x in clock.split(":"))
    label = f"{move}. x" if white else f"{move}...x"
    return ClockReading(white, move, label, h * 3600 + m * 60 + s)


def _game(white_clocks: dict[int, str]) -> list[ClockReading]:
    return [_reading(True, n, c) for n, c in sorted(white_clocks.items())]


def test_a_second_period_added_by_a_move_counter_or_at_the_flag_is_no_jump():
    """90'/40 + 30' + 30": a clock with a move counter adds 30' with move 40; one without,
    when the flag falls (Tata Steel's clocks: "the move counter will not be used")."""
    counter = _game({38: "0:05:00", 39: "0:05:10", 40: "0:35:20", 41: "0:35:30"})
    assert check_clocks(counter, FIDE, "§2") == []
    at_the_flag = _game({40: "0:00:20", 44: "0:00:10", 45: "0:30:15", 46: "0:30:25"})
    assert check_clocks(at_the_flag, FIDE, "§2") == []
    # The second period comes once: another 30' later is time no rule adds by itself.
    twice = _game({39: "0:05:10", 40: "0:35:20", 50: "0:10:00", 51: "0:40:00"})
    assert [f.code for f in check_clocks(twice, FIDE, "§2")] == ["clock_jump"]
    # Before move 40 no period has begun: 30' more at move 20 is wrong.
    early = _game({19: "1:00:00", 20: "1:30:00"})
    assert [f.code for f in check_clocks(early, FIDE, "§2")] == ["clock_jump"]
