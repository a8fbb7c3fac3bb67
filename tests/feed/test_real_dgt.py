"""The feed on records other programs wrote (tests/data/dgt and tests/data/lcc, see their
SOURCES.md): a real DGT LiveChess 2.2.5 round folder and a real LiveChess Cloud game raise no
false clock alarm at their own time control; every board's two clocks are checked; broken
copies are flagged with the article."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
from datetime import timedelta
from pathlib import Path

import pytest

from normtui.demo.replay import game_text, round_games
from normtui.feed.checks import live_checks
from normtui.feed.game import LiveGame, Reading
from normtui.feed.lcc import game_pgn
from normtui.feed.sources import FolderSource, open_source
from normtui.feed.watcher import Feed
from normtui.pgn import split_text, validate_game
from normtui.rules.model import MainResult
from normtui.rules.profile import Profile, TimeControl
from normtui.store import EventStore
from tests.feed.conftest import Clock

DATA = Path(__file__).resolve().parents[1] / "data"
INVITATIONAL = DATA / "dgt" / "sample-invitational-2023"
RAPID = TimeControl(900, 900, 10, 1)  # "15 min/game + 10 sec/move", the folder's TimeControl
LCC_CONTROL = TimeControl(1800, 1800, 30, 1)  # read from the clocks: 0:30:52 after 1. d4


def _at(profile: Profile, control: TimeControl) -> Profile:
    return dataclasses.replace(
        profile, time_controls={**profile.time_controls, "classical": control}
    )


def _read(text: str) -> Reading:
    raw = next(split_text(text))
    return LiveGame().update(raw.header_text, raw.movetext)


def _set(profile: Profile, reading: Reading) -> list[str]:
    return [
        n.text for n in live_checks("board", reading, "main", profile) if n.short == "clocks set"
    ]


def _folder(tmp_path: Path) -> list[Reading]:
    folder = tmp_path / "live"
    shutil.copytree(INVITATIONAL, folder)
    poll = open_source(str(folder)).poll()
    assert not poll.problems and len(poll.records) == 12
    assert {r.round for r in poll.records} == {1}
    return [LiveGame().update(r.header, r.movetext) for r in poll.records]


def test_a_real_livechess_folder_raises_no_clock_alarm_at_its_control(
    tmp_path: Path, profile: Profile
) -> None:
    rapid = _at(profile, RAPID)
    for reading in _folder(tmp_path):
        assert _set(rapid, reading) == [], reading.tags["Round"]
        kept = validate_game(reading.text, "main", rapid)
        assert not [
            f for f in kept.findings if f.code.startswith("clock") and f.severity != "info"
        ], reading.tags["Round"]


def test_every_board_s_two_clocks_are_checked(tmp_path: Path, profile: Profile) -> None:
    """Read against 120': each board's White and Black clock, whether the first move has its
    time or not, and whatever the result (board 9 is recorded as drawn)."""
    for reading in _folder(tmp_path):
        said = _set(profile, reading)
        assert [s.split("'")[0] for s in said] == ["White", "Black"], (reading.tags, said)
        assert all("2:00:00" in s and "Regulations §2" in s for s in said)


def test_the_first_move_s_time_holds_the_wait_before_the_clocks_started(profile: Profile) -> None:
    """``1. c4 {[%clk 00:15:20]} {[%emt 00:53:26]}``: 53 minutes are not White's clock."""
    text = (INVITATIONAL / "round-1" / "game-2.pgn").read_text()
    assert "{[%emt 00:53:26]}" in text
    assert _set(_at(profile, RAPID), _read(text)) == []


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        # White's first move has no time: a clock above the setting is still caught.
        (
            "1. e4 {[%clk 00:15:19]}",
            "1. e4 {[%clk 00:16:19]}",
            "White's clock shows 0:16:19 after move 1, more than the 0:15:10 it starts with",
        ),
        # Black's clock set to 10' (with the move's time: it started at 0:10:10).
        (
            "e5 {[%clk 00:15:18]} {[%emt 00:00:02]}",
            "e5 {[%clk 00:10:18]} {[%emt 00:00:02]}",
            "Black's clock started at 0:10:10, not 0:15:10",
        ),
        # Black's clock set to 5': far below the control, time or not.
        (
            "e5 {[%clk 00:15:18]} {[%emt 00:00:02]}",
            "e5 {[%clk 00:05:18]}",
            "Black's clock shows 0:05:18 after move 1, far below the 0:15:00",
        ),
    ],
)
def test_a_clock_set_wrong_on_a_real_board_is_flagged(
    profile: Profile, old: str, new: str, said: str
) -> None:
    text = (INVITATIONAL / "round-1" / "game-1.pgn").read_text()
    assert old in text
    [wrong] = _set(_at(profile, RAPID), _read(text.replace(old, new, 1)))
    assert said in wrong and "Regulations §2" in wrong


def test_a_real_livechess_folder_not_begun_reads_each_board_once(
    tmp_path: Path, profile: Profile
) -> None:
    folder = tmp_path / "tournament-1"
    shutil.copytree(DATA / "dgt" / "tournament-1", folder)
    poll = FolderSource(folder).poll()
    assert [r.origin for r in poll.records] == ["round-1/game-1.pgn", "round-1/game-2.pgn"]
    for record in poll.records:
        reading = LiveGame().update(record.header, record.movetext)
        assert not reading.plies and live_checks("b", reading, "main", profile) == []


def _lcc_text() -> str:
    game = json.loads((DATA / "lcc" / "lila-game-json-test.json").read_text())
    pairing = {"white": {"fname": "A", "lname": "White"}, "black": {"fname": "B", "lname": "Black"}}
    return game_pgn({"name": "LiveChess Cloud game"}, {"date": "2024-01-01"}, pairing, game, 1, 1)


def test_a_real_livechess_cloud_game_raises_no_clock_alarm_at_its_control(profile: Profile) -> None:
    own = _at(profile, LCC_CONTROL)
    text = _lcc_text()
    assert _set(own, _read(text)) == []
    report = validate_game(text, "main", own)
    assert (report.result, report.termination) == ("1-0", "checkmate")
    assert [f.code for f in report.findings if f.code.startswith("clock")] == []


def test_a_real_livechess_cloud_game_against_120_minutes_is_warned(profile: Profile) -> None:
    text = _lcc_text()
    said = _set(profile, _read(text))
    assert [s.split("'")[0] for s in said] == ["White", "Black"]
    codes = {f.code: f for f in validate_game(text, "main", profile).findings}
    assert codes["clock_below_control"].severity == "warning"
    assert "increment of about 3" in codes["clock_increment"].message
    assert "clock_glitch" not in codes


def test_a_livechess_file_without_reference_time_dates_the_end_by_its_writing(
    demo: EventStore, tmp_path: Path, clock: Clock
) -> None:
    """DGT's folders carry no ReferenceTime: §2's 20 minutes run from when the file was last
    written (the result set on the board), not from when the feed first read it."""
    real = next(g for g in round_games(7) if g.tags["White"].startswith("Anand"))
    text = game_text(real, len(real.plies), True, clock.at)
    text = "\n".join(line for line in text.splitlines() if not line.startswith("[ReferenceTime"))
    path = tmp_path / "round-7" / "game-1.pgn"
    path.parent.mkdir()
    path.write_text(text + "\n")
    written = clock.at - timedelta(minutes=4)
    os.utime(path, (written.timestamp(), written.timestamp()))
    Feed(demo, open_source(str(tmp_path)), now=clock).poll()
    game = next(g for g in demo.games(7) if g.board == 1)
    assert game.result is MainResult.DRAW
    assert game.result_at is not None
    assert game.result_at == written  # not clock.at, when it was read


@pytest.mark.parametrize(
    ("name", "control"),
    [
        ("juegos-nacionales-2019-classical.pgn", TimeControl(5400, 5400, 30, 1)),
        ("juegos-nacionales-2019-rapid.pgn", RAPID),
        ("juegos-nacionales-2019-blitz.pgn", TimeControl(240, 240, 2, 1)),
        ("czech-open-2019.pgn", RAPID),
    ],
)
def test_real_dgt_boards_at_their_own_control_raise_no_clock_alarm(
    profile: Profile, name: str, control: TimeControl
) -> None:
    """A DGT clock adds the increment before move 1: 90' + 30" starts at 1:30:30, which is
    right (not "started at 1:30:29, not 1:30:00")."""
    for raw in split_text((DATA / "dgt" / name).read_text()):
        reading = LiveGame().update(raw.header_text, raw.movetext)
        assert _set(_at(profile, control), reading) == [], raw.header_text[:200]
