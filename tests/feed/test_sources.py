"""Where the boards come from: LiveChess's export folder with per-board files and/or
``games.pgn``, one round's folder, a single PGN file; what names each."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from normtui.demo.replay import Replay
from normtui.feed.sources import FolderSource, SourceError, open_source

NOW = datetime(2022, 6, 7, 16, 30).astimezone()


def played(folder: Path, layout: str, until: float = 6) -> Replay:
    replay = Replay(folder, 7, every=1.0, layout=layout, now=lambda: NOW)
    for step in replay.steps():
        if step.at > until:
            break
        replay.write(step)
    return replay


@pytest.mark.parametrize("layout", ["per-game", "games", "both"])
def test_every_layout_of_livechess_gives_each_board_once(tmp_path: Path, layout: str) -> None:
    played(tmp_path, layout)
    poll = FolderSource(tmp_path).poll()
    assert poll.problems == ()
    assert len(poll.records) == 5 and {r.round for r in poll.records} == {7}
    origins = {r.origin for r in poll.records}
    if layout == "games":
        assert origins == {"round-7/games.pgn"}
    else:  # the per-board files, even beside games.pgn: each changes alone
        assert origins == {f"round-7/game-{n}.pgn" for n in range(1, 6)}
    # Board order: the board files by number, the games of games.pgn as the file has them.
    assert sorted(r.order for r in poll.records)[0] in ((0, 0), (1, 0))


def test_one_round_s_folder_and_a_single_file(tmp_path: Path) -> None:
    played(tmp_path, "both")
    by_round = FolderSource(tmp_path / "round-7").poll()
    assert len(by_round.records) == 5 and by_round.records[0].round == 7
    single = open_source(str(tmp_path / "round-7" / "games.pgn"))
    assert isinstance(single, FolderSource)
    poll = single.poll()
    assert len(poll.records) == 5 and poll.records[0].round is None  # from the Round tags


def test_a_round_filter_reads_only_that_round(tmp_path: Path) -> None:
    played(tmp_path, "per-game")
    (tmp_path / "round-6").mkdir()
    (tmp_path / "round-6" / "game-1.pgn").write_text('[Round "6.1"]\n\n1. e4 *\n')
    assert {r.round for r in FolderSource(tmp_path).poll().records} == {6, 7}
    assert {r.round for r in FolderSource(tmp_path, 7).poll().records} == {7}


def test_what_cannot_be_watched_is_one_line(tmp_path: Path) -> None:
    event = tmp_path / "event.db"
    event.write_bytes(b"SQLite format 3\x00")
    with pytest.raises(SourceError, match="no such folder or file"):
        open_source(str(tmp_path / "missing"))
    with pytest.raises(SourceError, match="is the event file itself"):
        open_source(str(event), refuse=lambda p: p == event)
    with pytest.raises(SourceError, match="only http"):
        open_source("ftp://venue/round-7")
    with pytest.raises(SourceError, match="no source given"):
        open_source("  ")


def test_a_binary_file_in_the_folder_is_said_not_read(tmp_path: Path) -> None:
    folder = tmp_path / "round-7"
    folder.mkdir()
    (folder / "game-1.pgn").write_bytes(b"\xff\xfeU\x00T\x00F\x00")
    poll = FolderSource(tmp_path).poll()
    assert poll.records == () and "not PGN text" in poll.problems[0]
