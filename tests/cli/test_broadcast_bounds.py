"""`normtui broadcast` against a Lichess that misbehaves, and with what a hurried arbiter may
type: bounded in time and size, polite when asked to wait, one line and never a traceback,
never a secret in what it prints."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path

import pytest

from normtui.export.lichess import Lichess, LichessUnreachable, RateLimited
from normtui.export.lichess_input import MAX_WAIT, check_base_url, retry_after
from normtui.export.snapshot import ExportError
from tests.cli.conftest import Run
from tests.cli.lichess_server import TOKEN, Server
from tests.cli.test_publish import _spawn, _wait


@pytest.fixture
def lichess() -> Iterator[Server]:
    server = Server().start()
    yield server
    server.stop()


def _broadcast(
    run: Run, demo: Path, *args: object, token: str | None = TOKEN, url: str | None = None
) -> tuple[int, str]:
    """`broadcast --round 6 --to classic1 ARGS`, the token in LICHESS_TOKEN; (exit, output)."""
    saved = os.environ.pop("LICHESS_TOKEN", None)
    if token is not None:
        os.environ["LICHESS_TOKEN"] = token
    try:
        base = () if url is None else ("--base-url", url)
        result = run("broadcast", demo, "--round", "6", "--to", "classic1", *base, *args)
    finally:
        os.environ.pop("LICHESS_TOKEN", None)
        if saved is not None:
            os.environ["LICHESS_TOKEN"] = saved
    assert "Traceback" not in result.output
    return result.exit_code, result.output


# -- what Lichess answers ----------------------------------------------------------------------


def test_a_game_answer_of_an_odd_shape_is_shown_as_unknown(
    run: Run, demo: Path, lichess: Server
) -> None:
    lichess.state.push_answer = {"games": [{"tags": None}, 7, {"tags": {"White": 5}, "moves": "x"}]}
    code, out = _broadcast(run, demo, "--no-scoring", url=lichess.url)
    assert code == 1, out  # the game with no answer counts as refused
    assert "5 games pushed" in out  # the games sent, whatever the answer names
    assert "? ? - ?: accepted (Lichess did not say how many moves)" in out
    assert "? ? - ?: error: no answer for this game" in out and "? 5 - ?: accepted" in out


@pytest.mark.parametrize("answer", [{"games": None}, {"games": 5}, {}, [1, 2], "games"])
def test_an_answer_that_is_not_lichesss_is_a_failed_push(
    run: Run,
    demo: Path,
    lichess: Server,
    monkeypatch: pytest.MonkeyPatch,
    answer: object,
) -> None:
    """A portal page of the venue's Wi-Fi says 200 too: only Lichess's answer is a push."""
    monkeypatch.setattr("normtui.commands.publish._ONCE_WAITS", ())  # one try, no pause
    lichess.state.push_answer = answer
    code, out = _broadcast(run, demo, "--no-scoring", url=lichess.url)
    assert code == 1, out
    assert "not Lichess's answer" in out and "the round was not pushed" in out


def test_odd_answers_under_watch_are_said_and_tried_again(demo: Path, lichess: Server) -> None:
    lichess.state.push_answer = {"games": None}
    caster = _spawn(
        "broadcast", demo, "--round", "6", "--to", "classic1", "--no-scoring", "--watch",
        "--base-url", lichess.url, env={"LICHESS_TOKEN": TOKEN},
    )  # fmt: skip
    try:
        _wait(lambda: len(lichess.state.pushes("classic1")) >= 2, "a second try after the first")
        lichess.state.push_answer = {"games": [{"tags": None}]}
        _wait(lambda: len(lichess.state.pushes("classic1")) >= 3, "a third try")
    finally:
        caster.send_signal(signal.SIGINT)
        out, err = caster.communicate(timeout=30)
    assert caster.returncode == 0, err
    assert "not Lichess's answer" in err and "trying again in" in err
    assert "Traceback" not in out + err and "stopped broadcasting" in err


# -- the address and the token -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("http://[::1", "is not an http(s) address"),
        ("http://127.0.0.1:99999", "is not an http(s) address"),
        ("ftp://lichess.org", "is not an http(s) address"),
        ("lichess.org", "is not an http(s) address"),
        ("http://lichess .org", "holds a space"),
        ("http://lichess\x1b[31m.org", "holds a space, a control character"),
        ("https://lichéss.org", "outside ASCII"),
        ("https://lichess.org/?x=1", "a query or a fragment"),
        ("https://lichess.org#top", "a query or a fragment"),
        ("https://arbiter:s3cret-PW@lichess.org", "user name or password"),
        ("https://s3cret-PW@lichess.org", "user name or password"),
    ],
)
def test_a_base_url_that_cannot_be_used_is_one_line(
    run: Run, demo: Path, url: str, said: str
) -> None:
    code, out = _broadcast(run, demo, url=url)
    assert code == 2 and said in out, out
    assert out.count("\n") == 1 and "\x1b" not in out
    assert "s3cret" not in out and TOKEN not in out


def test_the_base_url_keeps_a_path_and_loses_its_trailing_slash() -> None:
    assert check_base_url("http://127.0.0.1:8080/lichess/") == "http://127.0.0.1:8080/lichess"


@pytest.mark.parametrize(
    ("token", "said"),
    [
        ("lip_abc€def", "outside ASCII"),  # not Latin-1: no HTTP header can carry it
        ("lip_abcødef", "outside ASCII"),  # Latin-1, but no token has it
        ("lip_abc def", "a space"),
        ("lip_abc\x1bdef", "a control character"),
    ],
)
def test_a_token_no_token_has_is_refused_at_once(
    run: Run, demo: Path, lichess: Server, token: str, said: str
) -> None:
    code, out = _broadcast(run, demo, url=lichess.url, token=token)
    assert code == 2 and said in out and "token" in out, out
    assert token not in out and not lichess.state.requests  # refused before any request


def test_a_token_file_that_gives_no_token_is_an_error_not_a_fallback(
    run: Run, demo: Path, lichess: Server, tmp_path: Path
) -> None:
    blank = tmp_path / "token"
    blank.write_text("  \n\t\n")
    blank.chmod(0o600)
    # LICHESS_TOKEN is set and good: the file given must not fall back to it.
    code, out = _broadcast(run, demo, "--token-file", blank, url=lichess.url)
    assert code == 2 and "holds no token" in out
    code, out = _broadcast(run, demo, "--token-file", " ", url=lichess.url)
    assert code == 2 and "names no file" in out
    assert not lichess.state.requests


def test_a_token_file_others_may_read_is_warned_of(
    run: Run, demo: Path, lichess: Server, tmp_path: Path
) -> None:
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN + "\n")
    token_file.chmod(0o644)
    code, out = _broadcast(run, demo, "--token-file", token_file, url=lichess.url, token=None)
    assert code == 0, out
    assert "may be read by others (permissions 0644)" in out and f"chmod 600 {token_file}" in out
    token_file.chmod(0o600)
    code, out = _broadcast(run, demo, "--token-file", token_file, url=lichess.url, token=None)
    assert code == 0 and "read by others" not in out
    assert TOKEN not in out


def test_the_round_update_sends_patch_as_lichess_describes_it(
    run: Run, demo: Path, lichess: Server
) -> None:
    code, out = _broadcast(run, demo, url=lichess.url)
    assert code == 0, out
    (edit,) = [r for r in lichess.state.requests if "/edit" in r.path]
    assert edit.path.endswith("/edit?patch=true")


# -- bounded in time ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "wait", "said"),
    [
        ("30", 30, "waiting 30 s as asked"),
        ("1000000000", MAX_WAIT, "it asked for 1000000000 s"),
        ("9" * 5000, MAX_WAIT, "it asked for ever"),
        ("inf", 60, "is not a time"),
        ("nan", 60, "is not a time"),
        ("-5", 60, "is not a time"),
        ("", 60, "waiting 60 s"),
        (None, 60, "waiting 60 s"),
    ],
)
def test_retry_after_is_read_and_bounded(header: str | None, wait: float, said: str) -> None:
    got, words = retry_after(header)
    assert got == wait and said in words


def test_retry_after_as_a_date() -> None:
    now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
    soon, _ = retry_after(format_datetime(now + timedelta(seconds=90), usegmt=True), now)
    assert soon == 90
    far, words = retry_after(format_datetime(now + timedelta(days=400), usegmt=True), now)
    assert far == MAX_WAIT and "the longest normtui waits" in words
    past, _ = retry_after(format_datetime(now - timedelta(hours=1), usegmt=True), now)
    assert past == 0


def test_a_huge_retry_after_is_bounded_and_said(lichess: Server) -> None:
    lichess.state.rate_limit = 1
    lichess.state.retry_after = "1000000000"
    client = Lichess(TOKEN, lichess.url)
    with pytest.raises(RateLimited) as caught:
        client.push("classic1", ['[White "A"]\n[Black "B"]\n\n*'])
    assert caught.value.wait == MAX_WAIT
    assert "the longest normtui waits" in str(caught.value)


def test_a_trickling_server_is_cut_at_the_timeout(lichess: Server) -> None:
    """A byte every 0.2 s: each read is quick, the answer never whole in time."""
    lichess.state.trickle = 0.2
    client = Lichess(TOKEN, lichess.url, timeout=1.0)
    started = time.monotonic()
    with pytest.raises(LichessUnreachable, match=r"no whole answer within 1 s"):
        client.push("classic1", ['[White "A"]\n[Black "B"]\n\n*'])
    assert time.monotonic() - started < 10  # not the 20 s and more the answer would take


def test_broadcast_once_against_a_trickling_server_ends(
    run: Run, demo: Path, lichess: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("normtui.commands.publish._ONCE_WAITS", ())
    lichess.state.trickle = 0.2
    started = time.monotonic()
    code, out = _broadcast(run, demo, "--no-scoring", "--timeout", "1", url=lichess.url)
    assert code == 1 and "no whole answer within 1 s" in out
    assert time.monotonic() - started < 20


def test_the_timeout_has_bounds(run: Run, demo: Path) -> None:
    for value in ("inf", "1e300", "0", "-1", "nan"):
        code, out = _broadcast(run, demo, "--timeout", value)
        assert code == 2 and "--timeout" in out and "seconds from 1 to 300" in out, (value, out)


def test_a_pause_asked_for_is_kept_whatever_changes_meanwhile(
    run: Run, demo: Path, lichess: Server
) -> None:
    """A 429 with Retry-After: 3, then results entered every few tenths of a second: no
    request reaches the server before the 3 s are over; then one push sends them all."""
    lichess.state.rate_limit = 1
    lichess.state.retry_after = "3"
    caster = _spawn(
        "broadcast", demo, "--round", "7", "--to", "round007", "--watch", "--interval", "0.1",
        "--base-url", lichess.url, env={"LICHESS_TOKEN": TOKEN},
    )  # fmt: skip
    try:
        _wait(lambda: len(lichess.state.requests) >= 1, "the first request, answered 429")
        limited = lichess.state.requests[0].at
        for white, black in (("Anand", "Radjabov"), ("Topalov", "Wang")):
            assert run("result", demo, "7", white, black, "1-0").exit_code == 0
            time.sleep(0.3)
        _wait(lambda: "round007" in lichess.state.games, "the push after the pause")
    finally:
        caster.send_signal(signal.SIGINT)
        _, err = caster.communicate(timeout=30)
    later = [r.at for r in lichess.state.requests[1:]]
    assert later and min(later) - limited >= 2.9, [t - limited for t in later]
    games = lichess.state.games["round007"]
    assert sum('[Result "1-0"]' in g for g in games) >= 3  # both results in the push
    assert "HTTP 429" in err and "waiting 3 s as asked" in err and "Traceback" not in err


def test_the_token_is_checked_before_the_client_exists() -> None:
    with pytest.raises(ExportError, match="outside ASCII"):
        Lichess("lip_€", "https://lichess.org")
