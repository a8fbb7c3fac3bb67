"""Clock comments against the stage's time control, losses on time and FIDE Laws 6.9."""

from __future__ import annotations

from normtui.pgn.clocks import max_clock
from normtui.pgn.movetext import parse_clock
from normtui.rules.profile import Profile

from .conftest import Check, codes, only


def test_limits_of_the_three_controls(profile: Profile) -> None:
    classical = profile.time_controls["classical"]
    armageddon = profile.time_controls["armageddon"]
    blitz = profile.time_controls["playoff_blitz"]
    assert [max_clock(classical, True, n) for n in (1, 40, 41, 60)] == [7200, 7200, 7210, 7400]
    assert (max_clock(armageddon, True, 40), max_clock(armageddon, False, 40)) == (600, 420)
    assert max_clock(armageddon, False, 45) == 425
    # DGT clocks add the increment before move 1 when it runs from move 1: 3' + 2" shows 3:02
    # before the first move, 3:04 at most after it.
    assert [max_clock(blitz, True, n) for n in (1, 10)] == [184, 202]
    assert parse_clock("{[%clk 1:59:58]}") == 7198 and parse_clock("[%emt 0:00:10]") is None


def test_clock_above_control_main(check: Check) -> None:
    [report] = check("clock_above_control.pgn")
    f = only(report, "clock_above_control")
    assert (f.severity, f.move, f.rule) == ("warning", "1. e4", "Regulations §2")
    assert "2:00:30" in f.message and "at most 2:00:00" in f.message


def test_clock_above_control_armageddon(check: Check) -> None:
    [report] = check("clock_above_control_armageddon.pgn", "armageddon")
    f = only(report, "clock_above_control")
    assert (f.move, f.rule) == ("1...e5", "Regulations §3")
    assert "Black's clock shows 0:07:30" in f.message


def test_clock_above_control_playoff(check: Check) -> None:
    blitz, armageddon = check("clock_playoff.pgn", "playoff")
    f = only(blitz, "clock_above_control")
    assert (f.move, f.rule) == ("2. Qh5", "Regulations §5")
    assert "3' + 2\"" in f.message
    # The play-off Armageddon is recognised by its clocks: 10' is no blitz clock.
    assert codes(armageddon) == ["armageddon_draw"]
    assert armageddon.findings[0].rule == "Regulations §5"


def test_clock_jump(check: Check) -> None:
    [report] = check("clock_jump.pgn")
    f = only(report, "clock_jump")
    assert (f.severity, f.move) == ("warning", "3. Bc4")
    assert "from 1:50:00 after 2. Qh5 to 1:55:00 after 3. Bc4" in f.message
    # Worded for what it may be: wrong data as much as time the arbiter added.
    assert "the clock data may be wrong, unless the arbiter added time" in f.message


def test_broadcast_glitches_are_not_jumps(check: Check) -> None:
    """0:00:00 and then 1:57:06 is a board that sent no time; seconds gained before move 41
    are no time any rule gives. Notes that the data is wrong, not warnings of added time."""
    zero, seconds = check("clock_glitch.pgn")
    f = only(zero, "clock_glitch")
    assert (f.severity, f.move, f.rule) == ("info", "2. Nf3", "FIDE Laws art. 6.10.1")
    assert "reads 0:00:00, yet White played on (1:57:06 after 3. Bb5)" in f.message
    assert "clock data is wrong" in f.message
    assert codes(zero) == ["clock_glitch"] and zero.termination == "resignation"
    g = only(seconds, "clock_glitch")
    assert "from 1:59:30 after 2. c4 to 1:59:34 after 3. Nc3" in g.message
    assert "clock data may be wrong" in g.message
    assert codes(seconds) == ["clock_glitch"] and seconds.ok


def test_two_minutes_added_is_a_jump_and_a_final_zero_a_flag(profile: Profile) -> None:
    from normtui.pgn import validate_text

    def findings(clocks: list[str], result: str = "1-0") -> list[str]:
        moves = " ".join(
            f"{move} {{[%clk {clock}]}}"
            for move, clock in zip(
                ["1. e4", "e5", "2. Nf3", "Nc6", "3. Bb5", "a6"], clocks, strict=False
            )
        )
        [report] = validate_text(f'[Result "{result}"]\n\n{moves} {result}\n', "main", profile)
        return [f.code for f in report.findings if f.code != "header_missing"]

    # Black's illegal move gave White two minutes (FIDE Laws art. 7.5.5).
    assert findings(["1:59:00", "1:59:00", "1:58:00", "1:58:30", "1:59:50"]) == ["clock_jump"]
    # White's last reading is zero: the flag fell, no glitch.
    by_clock = findings(["1:59:00", "1:59:00", "1:58:00", "1:58:30", "0:00:00", "1:58:00"], "0-1")
    assert by_clock == []


def test_loss_on_time_from_the_clock_or_the_tag(check: Check) -> None:
    by_clock, by_tag = check("time_forfeit.pgn")
    assert (by_clock.termination, by_clock.findings) == ("time_forfeit", ())
    assert (by_tag.termination, by_tag.findings) == ("time_forfeit", ())


def test_time_forfeit_draw(check: Check) -> None:
    [report] = check("time_forfeit_draw.pgn")
    f = only(report, "time_forfeit_draw")
    assert (f.severity, f.rule) == ("error", "FIDE Laws art. 6.9")
    assert "White has no material to mate" in f.message


def test_result_vs_clock(check: Check) -> None:
    winner_flagged, drawn_flag = check("result_vs_clock.pgn")
    assert "Black is scored the winner" in only(winner_flagged, "result_vs_clock").message
    assert drawn_flag.termination == "time_forfeit"
    assert "White's clock shows 0:00:00" in only(drawn_flag, "result_vs_clock").message


def test_record_may_be_incomplete(check: Check) -> None:
    [report] = check("record_may_be_incomplete.pgn")
    f = only(report, "record_may_be_incomplete")
    assert (f.severity, f.move) == ("info", "56...Kc6")
    assert "0:02:50" in f.message
    assert report.termination == "resignation" and report.ok


def test_playoff_armageddon_known_by_its_time_control_tag(profile: Profile) -> None:
    from normtui.pgn import validate_text

    def notes(tag: str) -> list[str]:
        text = f'[TimeControl "{tag}"]\n[Result "1/2-1/2"]\n\n1. e4 e5 1/2-1/2\n'
        return [
            f.code
            for f in validate_text(text, "playoff", profile)[0].findings
            if f.severity == "info"
        ]

    # Broadcasts write the short form, exports the PGN standard's periods.
    assert notes("600+1") == notes("40/600:0+1") == ["armageddon_draw"]
    assert notes("180+2") == []
