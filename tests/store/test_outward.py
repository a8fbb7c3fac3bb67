"""What the console sends out, kept with the event (store.outward): offered again after the
console that ran it quit or ended; never offered while another console runs it; no audit row."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

from normtui.store import EventStore


def test_offered_once_its_console_quit_or_is_gone_never_while_it_runs(
    store: EventStore,
) -> None:
    log = len(store.audit.log())
    store.outward.started("publish", {"folder": "/srv/site"})
    (run,) = store.outward.runs()
    assert (run.kind, run.what, run.stopped_at, run.gone) == (
        "publish",
        "publishing the public page into /srv/site",
        None,
        False,
    )
    assert store.outward.to_resume() == []  # this process runs it
    assert [r.kind for r in store.outward.quitting()] == ["publish"]
    assert store.outward.to_resume()[0].stopped_at is not None
    # Started again by a console that then ended without quitting (its process is gone).
    store.outward.started("publish", {"folder": "/srv/site"})
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    with sqlite3.connect(store.path) as conn:
        conn.execute("UPDATE outward SET pid = ?", [ended.pid])
    conn.close()
    (run,) = store.outward.to_resume()
    assert run.gone and run.stopped_at is None
    assert store.outward.forget("publish") and not store.outward.forget("publish")
    assert store.outward.runs() == [] and len(store.audit.log()) == log


def test_a_damaged_time_of_it_is_named_by_the_check(store: EventStore) -> None:
    from normtui.store.check import damage

    store.outward.started("publish", {"folder": "/srv/site"})
    with sqlite3.connect(store.path) as conn:
        conn.execute("UPDATE outward SET started_at = 'noon'")
    conn.close()
    said = damage(store.path)
    assert said is not None
    assert "outward row publish: started_at 'noon' is not a time with its offset" in said
