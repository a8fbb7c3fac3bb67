"""The feed acting on the event, on the demo (round 7 under way) with the real round
7 played into a LiveChess folder: the moves the boards' live state, each change to the event
(a game started, its record and result at its end) one audited, undoable change by "feed"."""

from __future__ import annotations

import os
import shutil
from datetime import timedelta
from pathlib import Path

from normtui.demo.replay import game_text, round_games
from normtui.feed.sources import FolderSource, open_source
from normtui.feed.watcher import Feed
from normtui.rules.model import GameState, MainResult
from normtui.store import EventStore
from tests.feed.conftest import START, Board, Clock
from tests.store.conftest import dump


def feed_for(store: EventStore, folder: Path, clock: Clock) -> Feed:
    return Feed(store, open_source(str(folder)), now=clock)


def board_game(store: EventStore, board: int) -> object:
    return next(g for g in store.games(7) if g.board == board)


def test_moves_are_the_boards_live_state_not_changes_to_the_event(
    demo: EventStore, board: Board, clock: Clock
) -> None:
    feed = feed_for(demo, board.folder.parent, clock)
    log = len(demo.audit.log(rows=False))
    board.play(until=3)
    first = feed.poll()
    # Boards 1 and 5 are under way in the demo: their moves are kept as the boards' live
    # state, which is not the event's data: no change, no audit row.
    assert first.changes == () and len(demo.audit.log(rows=False)) == log
    board.play(until=4)
    second = feed.poll()
    assert second.changes == () and len(demo.audit.log(rows=False)) == log
    view = next(b for b in second.boards if b.board == 1)
    assert (view.plies, view.last_move, view.last_move_at) == (4, "2...Nc6", clock.at)
    assert view.white_clock is not None and view.black_clock is not None
    live = demo.feed.live_record(board_game(demo, 5).id, "main")  # type: ignore[attr-defined]
    assert live is not None and live.text.count("{[%clk") == 4 and not live.kept
    assert board_game(demo, 5).pgn is None  # type: ignore[attr-defined]
    # A console opened later (a feed of its own) reads on from the same live state.
    again = feed_for(demo, board.folder.parent, clock).poll()
    assert again.changes == () and not any(n.ask for n in again.notices)


def test_the_first_move_starts_a_scheduled_game(tmp_path: Path, clock: Clock) -> None:
    """Round 8 is not begun in the demo: the first move marks the game in progress."""
    shutil.copyfile(Path(__file__).resolve().parents[2] / "demo.db", tmp_path / "d.db")
    with EventStore.open(tmp_path / "d.db", clock=clock) as store:
        g = store.games(8)[0]
        folder = tmp_path / "live" / "round-8"
        folder.mkdir(parents=True)
        (folder / "game-1.pgn").write_text(
            f'[Round "8.1"]\n[White "{g.white_name}"]\n[Black "{g.black_name}"]\n'
            '[Result "*"]\n\n1. e4 {[%clk 01:59:50]} {[%emt 00:00:10]} *\n'
        )
        report = Feed(store, open_source(str(tmp_path / "live")), now=clock).poll()
        [change] = report.changes
        assert change.entry.summary.endswith(": in progress (1. e4)")
        assert store.games.get(g.id).state is GameState.IN_PROGRESS
        assert store.games.get(g.id).pgn is None  # the moves are the board's live state
        live = store.feed.live_record(g.id, "main")
        assert live is not None and "1. e4" in live.text
        store.audit.undo(anyone=True)  # the start, undone: the game is scheduled again
        assert store.games.get(g.id).state is GameState.SCHEDULED


def test_a_finished_game_enters_its_provisional_result_and_a_draw_opens_its_window_at_its_end(
    demo: EventStore, board: Board, clock: Clock
) -> None:
    feed = feed_for(demo, board.folder.parent, clock)
    board.to_end()
    clock.at += timedelta(minutes=3)  # read three minutes after the last write
    report = feed.poll()
    game = board_game(demo, 1)  # Anand-Radjabov: drawn, then 1-0 in the Armageddon
    assert game.result is MainResult.DRAW and game.result_from == "feed"  # type: ignore[attr-defined]
    assert game.provisional  # type: ignore[attr-defined]
    drawn = [c for c in report.changes if c.drawn]
    assert {c.game_id for c in drawn} == {game.id, board_game(demo, 5).id}  # type: ignore[attr-defined]
    # The window runs from the end of the game by the feed's clock (its ReferenceTime), not
    # from when the file was read.
    written = START + timedelta(
        seconds=max(s.at for s in board.steps if s.game == 1 and s.finished)
    )
    assert game.result_at == written.replace(microsecond=0)  # type: ignore[attr-defined]
    assert game.armageddon is not None and game.armageddon.value == "1-0"  # type: ignore[attr-defined]
    assert game.armageddon_from == "feed"  # type: ignore[attr-defined]
    # The whole round now stands as it was played in 2022.
    real = {(g.tags["White"], g.tags["Black"], g.armageddon): g.result for g in board.replay.games}
    for g in demo.games(7):
        assert g.result is not None and g.result.value == real[(g.white_name, g.black_name, False)]
        if g.result is MainResult.DRAW:
            assert g.armageddon is not None
            assert g.armageddon.value == real[(g.white_name, g.black_name, True)]
    # Read again: nothing more to do.
    assert feed.poll().changes == ()


def test_a_record_that_changes_moves_already_kept_waits_for_the_arbiter(
    demo: EventStore, board: Board, clock: Clock
) -> None:
    feed = feed_for(demo, board.folder.parent, clock)
    board.play(until=6)
    feed.poll()
    path = board.folder / "game-1.pgn"
    text = path.read_text()
    assert "Bc5 {" in text  # 3. Bc4 Bc5, as in 2022
    path.write_text(text.replace("Bc5 {", "Nf6 {", 1))
    before = dump(demo)
    report = feed.poll()
    [notice] = [n for n in report.notices if n.where == "round 7 board 1" and n.ask]
    assert "changes moves already kept (from 3...: Bc5 kept, Nf6 on the feed)" in notice.text
    assert report.changes == () and dump(demo) == before
    assert next(b for b in report.boards if b.board == 1).conflict
    game = board_game(demo, 1)
    entry = feed.accept(game.id, "main")  # type: ignore[attr-defined]
    assert entry is not None and entry.actor == "arbiter"
    assert "the feed's record accepted" in entry.summary
    assert "Nf6 {" in (board_game(demo, 1).pgn or "")  # type: ignore[attr-defined]
    assert feed.poll().changes == ()


def test_a_half_written_file_and_a_vanished_folder_change_nothing(
    demo: EventStore, board: Board, clock: Clock
) -> None:
    feed = feed_for(demo, board.folder.parent, clock)
    board.play(until=5)
    feed.poll()
    before = dump(demo)
    path = board.folder / "game-1.pgn"
    whole = game_text(board.replay.games[0], 12, False, clock.at)
    for cut in (len(whole) - 2, whole.index("6."), whole.index("[%clk") + 3, 40):
        path.write_text(whole[:cut])
        report = feed.poll()
        assert any("being written" in p for p in report.problems), cut
        assert dump(demo) == before, cut
    shutil.rmtree(board.folder.parent)
    report = feed.poll()
    assert report.problems == (
        f"the folder {board.folder.parent} is not there (any more); watching on",
    )
    assert dump(demo) == before and len(report.boards) == 5


def test_a_file_rewritten_while_read_is_read_again_next_time(
    demo: EventStore, board: Board, clock: Clock, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    source = FolderSource(board.folder.parent)
    board.play(until=3)
    source.poll()
    board.play(until=4)
    import io

    import normtui.feed.sources

    opened = normtui.feed.sources.open_regular_file

    def racing(path: Path) -> io.BytesIO:
        with opened(path) as f:
            data = f.read()
        path.write_bytes(data + b" ")  # the writer again, in the middle of our read
        return io.BytesIO(data)

    monkeypatch.setattr(normtui.feed.sources, "open_regular_file", racing)
    poll = source.poll()
    assert any("is being written" in p for p in poll.problems)
    monkeypatch.undo()
    assert source.poll().problems == ()


def test_a_fifo_in_the_folder_is_not_waited_on(demo: EventStore, board: Board, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A FIFO where a game's file should be, there at the look or swapped in after it: the
    watch says so and reads the other games; it never waits for a writer."""
    import normtui.feed.sources

    board.play(until=3)
    source = FolderSource(board.folder.parent)
    fifo = board.folder / "game-9.pgn"
    os.mkfifo(fifo)
    poll = source.poll()
    assert any("game-9.pgn is not a regular file" in p for p in poll.problems), poll.problems
    assert poll.records
    real = os.stat

    def swapped(path: object, *args: object, **kwargs: object) -> os.stat_result:
        # What the look saw: a regular file, replaced by a FIFO before the open.
        return real(
            board.folder / "game-1.pgn" if path == fifo else path,  # type: ignore[arg-type]
            *args,
            **kwargs,
        )

    monkeypatch.setattr(normtui.feed.sources.os, "stat", swapped)
    poll = source.poll()
    assert any(
        "game-9.pgn: cannot be read (not a regular file but a FIFO)" in p for p in poll.problems
    ), poll.problems


def write(folder: Path, name: str, tags: dict[str, str], moves: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    head = "\n".join(f'[{k} "{v}"]' for k, v in tags.items())
    (folder / name).write_text(f"{head}\n\n{moves}\n")


def tags(white: str, black: str, result: str = "*", **more: str) -> dict[str, str]:
    return {
        "Event": "Norway Chess",
        "Round": "7",
        "White": white,
        "Black": black,
        "Result": result,
        **more,
    }


ANAND, RADJABOV = "Anand, Viswanathan", "Radjabov, Teimour"


def test_a_draw_before_black_s_30th_move_is_raised_and_not_entered(
    demo: EventStore, tmp_path: Path, clock: Clock
) -> None:
    write(
        tmp_path / "round-7",
        "game-1.pgn",
        tags(ANAND, RADJABOV, "1/2-1/2"),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2",
    )
    report = Feed(demo, open_source(str(tmp_path)), now=clock).poll()
    [notice] = [n for n in report.notices if n.ask]
    assert notice.article == "Regulations §2" and "before Black's move 30" in notice.text
    game = board_game(demo, 1)
    assert game.result is None and game.pgn is not None  # type: ignore[attr-defined]


def test_clocks_not_set_to_the_time_control_are_raised_at_once(
    demo: EventStore, tmp_path: Path, clock: Clock
) -> None:
    # The classical game started at 90': raised with White's first move.
    write(
        tmp_path / "round-7",
        "game-1.pgn",
        tags(ANAND, RADJABOV),
        "1. e4 {[%clk 01:29:50]} {[%emt 00:00:10]} *",
    )
    # Tari-Carlsen's Armageddon (the pairing's second game) with both clocks at 10'.
    write(tmp_path / "round-7", "game-3.pgn", tags("Tari, Aryan", "Carlsen, Magnus"), "1. e4 e5 *")
    write(
        tmp_path / "round-7",
        "game-6.pgn",
        tags("Tari, Aryan", "Carlsen, Magnus"),
        "1. e4 {[%clk 00:09:58]} {[%emt 00:00:02]} e5 {[%clk 00:09:57]} {[%emt 00:00:03]} *",
    )
    report = Feed(demo, open_source(str(tmp_path)), now=clock).poll()
    lines = [n.line for n in report.notices if n.ask]
    assert (
        "round 7 board 1: White's clock started at 1:30:00, not 2:00:00 (120' + 10\" "
        "from move 41, Regulations §2)"
    ) in lines
    assert any(
        line.startswith("round 7 board 3 Armageddon: Black's clock started at 0:10:00, not 0:07:00")
        and "Regulations §3" in line
        for line in lines
    )


def test_a_glitch_at_zero_is_not_a_flag_fall_but_a_last_zero_is_asked(
    demo: EventStore, tmp_path: Path, clock: Clock
) -> None:
    write(
        tmp_path / "round-7",
        "game-1.pgn",
        tags(ANAND, RADJABOV),
        "1. e4 {[%clk 01:59:50]} e5 {[%clk 01:59:40]} 2. Nf3 {[%clk 00:00:00]} "
        "Nc6 {[%clk 01:59:30]} 3. Bb5 {[%clk 01:59:10]} a6 {[%clk 00:00:00]} *",
    )
    report = Feed(demo, open_source(str(tmp_path)), now=clock).poll()
    info = [n.text for n in report.notices if not n.ask]
    asks = [n for n in report.notices if n.ask]
    assert any("White's clock read 0:00:00 after 2. Nf3, then 1:59:10: a glitch" in t for t in info)
    assert [n.text for n in asks] == [
        "Black's clock reads 0:00:00 after 3...a6: has the flag fallen?"
    ]
    assert asks[0].article == "FIDE Laws art. 6.9"


def test_an_illegal_move_keeps_the_game_and_says_where_it_broke(
    demo: EventStore, tmp_path: Path, clock: Clock
) -> None:
    write(
        tmp_path / "round-7",
        "game-1.pgn",
        tags(ANAND, RADJABOV),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. Qxe8 *",
    )
    report = Feed(demo, open_source(str(tmp_path)), now=clock).poll()
    assert any(
        n.text == "4. Qxe8 is not a legal move; the game is kept up to 3...Nf6"
        for n in report.notices
    )
    live = demo.feed.live_record(board_game(demo, 1).id, "main")  # type: ignore[attr-defined]
    assert live is not None and live.text.rstrip().endswith("3. Bb5 Nf6 *")


def test_the_kings_in_the_centre_are_the_result_not_moves(
    demo: EventStore, tmp_path: Path, clock: Clock
) -> None:
    """A long game ending drawn by the kings (one on a light square, one on a dark one)."""
    real = next(g for g in round_games(7) if g.tags["White"] == ANAND)
    text = game_text(real, len(real.plies), False, clock.at)
    folder = tmp_path / "round-7"
    folder.mkdir()
    # After 84 half-moves White is to move: White's king to e4 (light), Black's to e5 (dark).
    (folder / "game-1.pgn").write_text(text.replace(" *\n", " 43. Ke4 Ke5 *\n"))
    report = Feed(demo, open_source(str(tmp_path)), now=clock).poll()
    assert any("the kings in the centre signal 1/2-1/2" in n.text for n in report.notices)
    game = board_game(demo, 1)
    assert game.result is MainResult.DRAW  # type: ignore[attr-defined]
    assert "Ke4" not in (game.pgn or "")  # type: ignore[attr-defined]


def test_a_game_of_no_pairing_and_reversed_colours_are_raised_not_kept(
    demo: EventStore, tmp_path: Path, clock: Clock
) -> None:
    write(tmp_path / "round-7", "game-1.pgn", tags("Nakamura, Hikaru", RADJABOV), "1. e4 *")
    write(tmp_path / "round-7", "game-2.pgn", tags(RADJABOV, ANAND), "1. e4 *")
    before = dump(demo)
    report = Feed(demo, open_source(str(tmp_path)), now=clock).poll()
    lines = [n.line for n in report.notices]
    assert any(
        "Nakamura, Hikaru - Radjabov, Teimour: not placed, no board of round 7" in line
        for line in lines
    )
    assert any(
        "Radjabov, Teimour has White, but Anand, Viswanathan has White" in line for line in lines
    )
    assert dump(demo) == before and report.needs_arbiter


def test_only_what_changed_is_read_again(demo: EventStore, board: Board, clock: Clock) -> None:
    feed = feed_for(demo, board.folder.parent, clock)
    board.play(until=10)
    assert feed.poll().read == 5
    assert feed.poll().read == 0
    board.play(until=11)  # a move on each board: each board's file
    assert feed.poll().read == 5


def test_the_feed_s_clock_skew_is_not_believed(
    demo: EventStore, tmp_path: Path, clock: Clock
) -> None:
    """A ReferenceTime in the future (the board computer's clock ahead) is not believed."""
    ahead = (clock.at + timedelta(minutes=30)).isoformat()
    write(tmp_path / "round-7", "game-3.pgn", tags("Tari, Aryan", "Carlsen, Magnus"), "1. e4 e5 *")
    write(
        tmp_path / "round-7",
        "game-6.pgn",
        tags("Tari, Aryan", "Carlsen, Magnus", "1-0", ReferenceTime=f"W/{ahead}"),
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
    )
    Feed(demo, open_source(str(tmp_path)), now=clock).poll()
    game = board_game(demo, 3)
    assert game.armageddon is not None and game.armageddon.value == "1-0"  # type: ignore[attr-defined]


def test_a_feed_catching_up_on_a_finished_record_is_behind_not_a_conflict(
    demo: EventStore, tmp_path: Path, clock: Clock
) -> None:
    """Mamedyarov-Giri is finished in the demo (1-0): the feed's record with all its moves but
    still "*" (the result not yet set on the board) is the same game, behind."""
    real = next(g for g in round_games(7) if g.tags["White"].startswith("Mamedyarov"))
    folder = tmp_path / "round-7"
    folder.mkdir()
    (folder / "game-2.pgn").write_text(game_text(real, len(real.plies), False, clock.at))
    report = Feed(demo, open_source(str(tmp_path)), now=clock).poll()
    [notice] = report.notices
    assert not notice.ask and notice.short == "behind"


def test_a_result_the_board_takes_back_is_put_to_the_arbiter(
    demo: EventStore, tmp_path: Path, clock: Clock
) -> None:
    real = next(g for g in round_games(7) if g.tags["White"].startswith("Anand"))
    folder = tmp_path / "round-7"
    folder.mkdir()
    path = folder / "game-1.pgn"
    path.write_text(game_text(real, len(real.plies), True, clock.at))
    feed = Feed(demo, open_source(str(tmp_path)), now=clock)
    feed.poll()
    assert board_game(demo, 1).result is MainResult.DRAW  # type: ignore[attr-defined]
    path.write_text(game_text(real, len(real.plies), False, clock.at))
    report = feed.poll()
    [ask] = [n for n in report.notices if n.ask]
    assert ask.short == "result taken back" and ask.article == "Regulations §8"
    assert board_game(demo, 1).result is MainResult.DRAW  # type: ignore[attr-defined]


def test_the_armageddon_s_first_move_starts_it(
    demo: EventStore, tmp_path: Path, clock: Clock
) -> None:
    """Tari-Carlsen is drawn in the demo, its Armageddon waiting: the feed's record of the
    Armageddon with a first move starts it (one audited change; its countdown of §2 stops),
    once; its end enters its result."""
    write(tmp_path / "round-7", "game-3.pgn", tags("Tari, Aryan", "Carlsen, Magnus"), "1. e4 e5 *")
    write(tmp_path / "round-7", "game-6.pgn", tags("Tari, Aryan", "Carlsen, Magnus"), "1. d4 *")
    feed = Feed(demo, open_source(str(tmp_path)), now=clock)
    started = [c for c in feed.poll().changes if c.kind == "armageddon"]
    assert [c.entry.summary for c in started] == [
        "round 7 board 3 (Tari-Carlsen): Armageddon under way (1. d4)"
    ]
    game = board_game(demo, 3)
    assert game.armageddon_under_way and game.armageddon_started_at == clock.at  # type: ignore[attr-defined]
    write(tmp_path / "round-7", "game-6.pgn", tags("Tari, Aryan", "Carlsen, Magnus"), "1. d4 d5 *")
    assert [c for c in feed.poll().changes if c.kind == "armageddon"] == []  # once
