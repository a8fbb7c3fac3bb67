"""The plain 1 / ½ / 0 round robin as most events in the world are (tests/plain_event.py): no
prize table, and (as a national championship has it) a play-off for a shared first place.
Every output of such an event works to the end of its play-off and says nothing of money."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli.conftest import Run
from tests.every_output import every_output, visible_text
from tests.export.tiebreakserver import assert_reads_and_agrees
from tests.plain_event import RESULTS, plain_event, play_off
from tests.plain_event import cli_text as run_cli


def test_a_play_off_without_prizes_ends_with_its_winner(run: Run, tmp_path: Path) -> None:
    """The play-off's last result decides first place, and the table reads it (an empty
    prize table once ended every command in an IndexError here; test_no_output_speaks_of_money
    runs every one after it)."""
    db = plain_event(tmp_path)
    play_off(db)
    state = json.loads(run("playoff", db, "--json").stdout)
    assert state["winner"] in ("Aune, Anna", "Berg, Bo")
    table = json.loads(run("standings", db, "--json").stdout)
    assert table[0]["player"] == state["winner"]
    assert [r["shared_rank"] for r in table] == ["1", "2", "3-4", "3-4"]


def test_no_output_speaks_of_money(tmp_path: Path) -> None:
    """No prize column, no "EUR 0.00", no "Prize fund 0", no prize pending, in any output,
    before the play-off and after it."""
    db = plain_event(tmp_path)
    before = every_output(db, tmp_path / "site-before")
    play_off(db)
    after = every_output(db, tmp_path / "site-after")
    # (Not "0.00" alone: a Sonneborn-Berger of 0 is written so; "playoff_pending" is how
    # the JSON says the play-off has not decided first place yet.)
    money = re.compile(r"prize|\bEUR\b|(?<!_)pending|fund", re.I)
    found = {
        f"{when}: {what}": sorted({m.group(0) for m in money.finditer(text)})
        for when, outputs in (("before", before), ("after", after))
        for what, text in outputs.items()
        if money.search(text)
    }
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


def test_one_answer_about_a_shared_first_place(run: Run, tmp_path: Path) -> None:
    """Without a play-off the tie-breaks decide a shared first place (C.07): the standings,
    the race for first, the play-off's page and the report all say so in one sentence; with
    one, they all say the play-off decides it."""
    plain = plain_event(tmp_path / "plain", rule=False)
    said = "Equal first on points: Aune, Anna; Berg, Bo. The tie-breaks decide it (FIDE C.07)"
    assert f"{said}: Aune, Anna first." in run("standings", plain).stdout.splitlines()
    assert f"{said}: Aune, Anna first." in run("contenders", plain).stdout.splitlines()
    assert run("playoff", plain).stdout.splitlines() == [f"{said}: Aune, Anna first."]
    report = visible_text(run("print", plain, "report").stdout)
    assert f"First place {said}: Aune, Anna first." in report
    assert "Not needed" not in report and "play-off" not in report.lower()
    refused = run("playoff", plain, "--start")
    assert refused.exit_code == 2 and "the tie-breaks decide a shared first place" in refused.output

    ruled = plain_event(tmp_path / "playoff")
    said = "Equal first on points: Aune, Anna; Berg, Bo. The play-off decides it."
    assert said in run("contenders", ruled).stdout.splitlines()
    assert run("standings", ruled).stdout.startswith("Places 1-2 shared: the play-off decides")
    assert "Play-off needed" in run("playoff", ruled).stdout


@pytest.mark.parametrize("version", ("trf16", "trf"))
def test_fides_reader_agrees_with_both_reports(run: Run, tmp_path: Path, version: str) -> None:
    """The tie-breaks decide the shared first place (C.07): the TRF16's rank column is the
    final table's (it shared the places of equal points), and FIDE's reader, given C.07's
    round-robin order, ranks each file as it says."""
    db = plain_event(tmp_path, rule=False)
    text = run("export", db, "-f", version).stdout
    ranks = [int(line[85:89]) for line in text.splitlines() if line.startswith("001")]
    assert ranks == [1, 2, 3, 3]  # Dahl and Eik: equal on every tie-break
    assert_reads_and_agrees(text, tmp_path, extra=("-t", "PTS", "DE", "WIN", "BWG", "SB", "KS"))


def test_no_output_speaks_of_an_armageddon_or_norway(tmp_path: Path) -> None:
    """Nothing about Armageddons in an event that has none, no Norway Chess and no article
    of its rule book (a "§"): every output, mid-event, before the play-off and after it."""
    db = plain_event(tmp_path, 4)
    seen = {f"mid-event: {k}": v for k, v in every_output(db, tmp_path / "site-1").items()}
    for args in RESULTS[4:]:
        run_cli("result", db, *args)
    seen |= {f"before: {k}": v for k, v in every_output(db, tmp_path / "site-2").items()}
    play_off(db)
    seen |= {f"after: {k}": v for k, v in every_output(db, tmp_path / "site-3").items()}
    # A Norway article is "§5", "§9 a"; FIDE's handbook numbers its own ("B.01 §1.4.2c").
    norway = re.compile(r"armageddon|norway|(?<!B\.0\d )§\d(?![.\d])", re.I)
    found = {
        what: sorted({m.group(0).lower() for m in norway.finditer(text)})
        for what, text in seen.items()
        if norway.search(text)
    }
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
