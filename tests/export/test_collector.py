"""An export runs with Python's garbage collector paused (issue 16) and leaves it as it was,
also when the export is refused."""

from __future__ import annotations

import gc

import pytest

from normtui.export import ExportError, export_event
from normtui.store import EventStore


@pytest.mark.parametrize("was_on", [True, False])
def test_the_collector_is_left_as_it_was(store_2022: EventStore, monkeypatch: pytest.MonkeyPatch,
                                         was_on: bool) -> None:
    import normtui.export.snapshot as snapshot

    seen: list[bool] = []
    take = snapshot.take_snapshot

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(gc.isenabled())
        if len(seen) == 2:
            raise ExportError("refused while the collector is paused")
        return take(*args, **kwargs)

    monkeypatch.setattr("normtui.export.take_snapshot", spy)
    (gc.enable if was_on else gc.disable)()
    try:
        assert export_event(store_2022, "csv")
        assert gc.isenabled() is was_on
        with pytest.raises(ExportError):
            export_event(store_2022, "trf")
        assert gc.isenabled() is was_on
        assert seen == [False, False]
    finally:
        gc.enable()
