"""The player desk through the store: §9 withdrawal and illness, §7 arrivals, fines and
incidents, and the clock settings."""

from __future__ import annotations

from decimal import Decimal

import pytest

from normtui.rules.model import GameState, MainResult, PlayerStatus, Postponement, RuleError
from normtui.rules.profile import ProfileError, TimeControl
from normtui.store import EventStore, InputError, StoreError
from tests.store.test_games import refused


def _play_rounds(store: EventStore, rounds: int) -> None:
    for rnd in range(1, rounds + 1):
        for g in store.games(rnd):
            store.games.enter_result(rnd, g.white, g.black, "1-0")


def test_withdrawal_under_half_counts_for_nobody(store: EventStore) -> None:
    """§9 a: fewer than 50 % of the games completed: none of them count."""
    _play_rounds(store, 4)
    preview = store.desk.withdrawal_preview("Anand")
    assert not preview.counted and preview.completed == 4
    entry = store.desk.withdraw("Anand")
    # The rule's consequence, then every game the withdrawal changed.
    assert entry is not None and entry.summary == (
        f"{preview.message}; forfeited: round 5 board 2, round 6 board 5, round 7 board 1, "
        "round 8 board 5, round 9 board 2"
    )
    anand = store.resolve_player("Anand")
    assert anand.status is PlayerStatus.WITHDRAWN
    rest = [g for g in store.games() if 4 in (g.white, g.black) and g.round > 4]
    assert len(rest) == 5 and all(g.state is GameState.FORFEIT for g in rest)
    row = {r.number: r for r in store.standings()}[4]
    assert row.rank is None and not row.counted and row.prize is None
    refused(store, lambda: store.desk.withdraw("Anand"), StoreError, "already withdrawn")


def test_withdrawal_at_half_counts_and_forfeits(store: EventStore) -> None:
    """§9 b: at least 50 % completed: the games count, the rest are forfeits."""
    _play_rounds(store, 5)
    store.desk.withdraw(4)
    row = {r.number: r for r in store.standings()}[4]
    assert row.counted and row.rank is not None
    lost = [g for g in store.games() if 4 in (g.white, g.black) and g.round > 5]
    assert all(
        g.result in (MainResult.WHITE_FORFEIT_WIN, MainResult.BLACK_FORFEIT_WIN) for g in lost
    )


def test_illness_postpones_to_a_free_day(store: EventStore) -> None:
    """§9: the game may move to a free day; the opponent cannot refuse that."""
    refused(
        store,
        lambda: store.desk.report_illness(
            3, "Giri", proposed=Postponement.FREE_DAY, opponent_refuses=True
        ),
        RuleError,
        "cannot refuse",
    )
    entry = store.desk.report_illness(3, "Giri", proposed=Postponement.FREE_DAY)
    assert entry is not None and "Giri ill" in entry.summary
    game = next(g for g in store.games(3) if 3 in (g.white, g.black))
    assert game.state is GameState.POSTPONED and game.postponed_to is Postponement.FREE_DAY
    assert store.rounds.current() == 1
    store.games.enter_result(3, game.white, game.black, "1-0")
    assert store.games.get(game.id).postponed_to is None


def test_illness_in_round_9_is_a_forfeit(store: EventStore) -> None:
    store.desk.report_illness(9, "So", proposed=Postponement.MORNING)
    game = next(g for g in store.games(9) if 1 in (g.white, g.black))
    assert game.state is GameState.FORFEIT
    assert game.points is not None and game.points[game.black == 1] == 0


def test_morning_refused_by_the_opponent(store: EventStore) -> None:
    refused(
        store,
        lambda: store.desk.report_illness(
            2, "Tari", proposed=Postponement.MORNING, opponent_refuses=True
        ),
        RuleError,
        "refuses",
        "§9",
    )


def test_absence_at_the_start_is_fined(store: EventStore) -> None:
    """§7: not present at the start of the game: 500 EUR."""
    entry = store.desk.record_arrival(2, "Tari", False)
    assert entry is not None and "fined 500 EUR" in entry.summary
    (fine,) = store.desk.fines()
    assert (fine.player.name, fine.amount, fine.currency, fine.round) == (
        "Tari, Aryan",
        Decimal(500),
        "EUR",
        2,
    )
    assert fine.article == "Regulations §7"
    entry = store.desk.record_arrival(2, "Tari", True)  # recorded wrongly: the fine goes with it
    assert store.desk.fines() == []
    # The fine cancelled is named in the audit log.
    assert entry is not None and entry.summary == (
        "round 2: Tari present, fine of 500 EUR cancelled"
    )
    assert [a.present for a in store.desk.arrivals(2)] == [True]
    store.desk.record_arrival(3, "So", False, fine=False)
    assert store.desk.fines() == [] and not store.desk.arrivals(3)[0].present
    assert store.desk.record_arrival(3, "So", False, fine=False) is None
    refused(store, lambda: store.desk.record_arrival(12, "So", True), InputError, "out of range")


def test_a_late_arrival_keeps_its_time_and_the_absence_and_fine_stand(store: EventStore) -> None:
    """§7: a player who comes in after the start is still absent at the start, fined; the
    time they came in is kept beside it, one audited change, undone as one."""
    refused(
        store,
        lambda: store.desk.record_late_arrival(2, "Tari"),
        StoreError,
        "neither present nor absent",
    )
    store.desk.record_arrival(2, "Tari", False)
    entry = store.desk.record_late_arrival(2, "Tari")
    assert entry is not None and entry.summary == (
        "round 2: Tari arrived late, absent at the start (the fine of 500 EUR stands)"
    )
    (arrival,) = store.desk.arrivals(2)
    assert not arrival.present and arrival.arrived_at == arrival.recorded_at
    assert arrival.to_json()["arrived_at"] == arrival.to_json()["recorded_at"]
    assert len(store.desk.fines()) == 1
    assert store.picture().arrivals_of(2) == [arrival]
    assert store.desk.record_late_arrival(2, "Tari") is None
    store.audit.undo()
    assert store.desk.arrivals(2)[0].arrived_at is None
    store.desk.record_late_arrival(2, "Tari")
    # Recorded in error after all: present at the start, and no late arrival either.
    store.desk.record_arrival(2, "Tari", True)
    assert store.desk.arrivals(2)[0].arrived_at is None
    refused(store, lambda: store.desk.record_late_arrival(2, "Tari"), StoreError, "present")


def test_all_present_records_everyone_not_yet_recorded_in_one_change(store: EventStore) -> None:
    """The desk's P: one audited change; a player recorded absent stays absent; undone as
    one; nothing left to record changes nothing."""
    store.desk.record_arrival(3, "Tari", False)
    before = len(store.audit.log())
    entry = store.desk.record_all_present(3)
    assert entry is not None and entry.summary == (
        "round 3: 9 players present (absent at the start: Tari)"
    )
    assert len(store.audit.log()) == before + 1
    assert sorted((a.player.number, a.present) for a in store.desk.arrivals(3)) == [
        (n, n != 6) for n in range(1, 11)
    ]
    assert len(store.desk.fines()) == 1
    assert store.desk.record_all_present(3) is None
    store.audit.undo()
    assert [a.player.number for a in store.desk.arrivals(3)] == [6]


def test_incidents_need_a_decision(store: EventStore) -> None:
    store.desk.record_incident(
        4,
        "Topalov",
        "electronic_device",
        "phone in the playing area",
        "warning by the Chief Arbiter",
    )
    (incident,) = store.desk.incidents()
    assert incident.player.number == 8 and incident.kind == "electronic_device"
    refused(
        store,
        lambda: store.desk.record_incident(4, "Topalov", "other", "x", " "),
        RuleError,
        "decision",
    )
    refused(
        store,
        lambda: store.desk.record_incident(4, "Topalov", "fight", "x", "y"),
        RuleError,
        "not one of",
    )


def test_time_control_edit_is_validated_and_kept_in_the_profile(store: EventStore) -> None:
    entry = store.set_time_control("armageddon", TimeControl(600, 480, 1, 41))
    assert entry is not None and "Black 8'" in entry.summary
    assert store.profile.time_controls["armageddon"].black_seconds == 480
    assert "black_seconds = 480" in store.profile.source_text
    assert "# §2" in store.profile.source_text  # comments survive the edit
    assert store.set_time_control("armageddon", TimeControl(600, 480, 1, 41)) is None
    refused(
        store,
        lambda: store.set_time_control("armageddon", TimeControl(0, 480, 1, 41)),
        ProfileError,
        "more than 0 seconds",
    )
    refused(
        store,
        lambda: store.set_time_control("rapid", TimeControl(600, 600, 0, 1)),
        InputError,
        "no time control 'rapid'",
    )
    store.audit.undo()
    assert store.profile.time_controls["armageddon"].black_seconds == 420


@pytest.mark.parametrize("text", ["", "x = 1\n"])
def test_profile_edit_needs_the_table(text: str) -> None:
    from normtui.store.profile_text import replace_time_control

    with pytest.raises(InputError):
        replace_time_control(text, "armageddon", TimeControl(1, 1, 1, 1))
