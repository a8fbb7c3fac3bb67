"""What the rating report needs beyond the games: the event's place and arbiters, the players'
titles and sex. Recorded, audited, undoable; bad values refused with the file unchanged."""

from __future__ import annotations

import pytest

from normtui.importing.players_csv import parse_players_csv
from normtui.store import EventStore, InputError, NotFoundError, PlayerInput
from normtui.store.details import DETAIL_FIELDS
from tests.store.conftest import dump


def test_recorded_shown_and_undone(store: EventStore) -> None:
    entry = store.set_report_details(
        {
            "city": " Stavanger ",
            "federation": "nor",
            "chief_arbiter": "Doe, Jane",
            "deputy_arbiters": ["Roe, Rita", "Poe,  Paul"],
        }
    )
    assert entry is not None and entry.action == "details"
    assert entry.summary == (
        "report details: city Stavanger, federation NOR, chief arbiter "
        "Doe, Jane, deputy arbiters Roe, Rita; Poe, Paul"
    )
    details = store.event.details
    assert (
        details.city,
        details.federation,
        details.site,
        details.chief_arbiter,
        details.deputy_arbiters,
    ) == ("Stavanger", "NOR", None, "Doe, Jane", ("Roe, Rita", "Poe, Paul"))
    # A key left out is kept; an empty value clears.
    store.set_report_details({"city": "", "deputy_arbiters": []})
    details = store.event.details
    assert (details.city, details.federation, details.deputy_arbiters) == (None, "NOR", ())
    store.audit.undo()
    assert store.event.details.city == "Stavanger"
    store.audit.undo()
    assert store.event.details.city is None and store.event.details.federation is None


def test_nothing_to_change_writes_nothing(store: EventStore) -> None:
    store.set_report_details({"city": "Stavanger"})
    log = len(store.audit.log())
    assert store.set_report_details({"city": "Stavanger"}) is None
    assert len(store.audit.log()) == log


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"federation": "NORW"}, "not a FIDE federation code"),
        ({"federation": "N0R"}, "not a FIDE federation code"),
        ({"town": "Stavanger"}, "unknown report detail 'town'"),
        ({}, "no report detail given"),
        ({"deputy_arbiters": ["Roe", " "]}, "a deputy arbiter's name is empty"),
        ({"city": ["Stavanger"]}, "city is one text"),
    ],
)
def test_bad_details_are_refused_and_change_nothing(event_path, changes, says) -> None:
    with EventStore.open(event_path) as store:
        before = dump(store)
        with pytest.raises(InputError, match=says):
            store.set_report_details(changes)
        assert dump(store) == before


def test_a_players_title_and_sex(store: EventStore) -> None:
    entry = store.set_player_details("carlsen", {"title": "gm", "sex": "M"})
    assert entry is not None and entry.summary == "Carlsen: title GM, sex m"
    carlsen = store.resolve_player("Carlsen")
    assert (carlsen.title, carlsen.sex) == ("GM", "m")
    assert store.set_player_details("Carlsen", {"title": "GM"}) is None
    cleared = store.set_player_details("Carlsen", {"title": "none"})
    assert cleared is not None and cleared.summary == "Carlsen: title cleared"
    store.audit.undo()
    assert store.resolve_player("Carlsen").title == "GM"


@pytest.mark.parametrize(
    ("player", "changes", "error", "says"),
    [
        ("Carlsen", {"title": "Grandmaster"}, InputError, "not a FIDE title"),
        ("Carlsen", {"sex": "f"}, InputError, "m and w"),
        ("Carlsen", {"birth": "1990"}, InputError, "unknown player detail 'birth'"),
        ("Carlsen", {"rating": "2900.5"}, InputError, "not a FIDE rating"),
        ("Carlsen", {"rating": "5000"}, InputError, "not a FIDE rating"),
        ("Carlsen", {"fide_id": "15-03"}, InputError, "not a FIDE number"),
        ("Carlsen", {"fide_id": "123456789012"}, InputError, "not a FIDE number"),
        ("Carlsen", {"federation": "NORW"}, InputError, "not a FIDE federation code"),
        ("Carlsen", {}, InputError, "no player detail given"),
        ("Kasparov", {"title": "GM"}, NotFoundError, "no player matches 'Kasparov'"),
    ],
)
def test_bad_player_details_are_refused(event_path, player, changes, error, says) -> None:
    with EventStore.open(event_path) as store:
        before = dump(store)
        with pytest.raises(error, match=says):
            store.set_player_details(player, changes)
        assert dump(store) == before


def test_the_players_file_may_carry_titles_and_sex(tmp_path) -> None:
    from normtui.assets import read_profile_text

    text = "name,rating,federation,fide_id,title,sex\n" + "\n".join(
        f'"{name}",2700,,,{"GM" if i else "wgm"},{"m" if i else "w"}'
        for i, name in enumerate(
            [
                "So",
                "Carlsen",
                "Giri",
                "Anand",
                "Mamedyarov",
                "Tari",
                "Vachier-Lagrave",
                "Topalov",
                "Wang Hao",
                "Radjabov",
            ]
        )
    )
    players = parse_players_csv(text)
    assert players[0] == PlayerInput("So", 2700, None, None, "WGM", "w")
    with EventStore.create(tmp_path / "e.db", players, read_profile_text()) as store:
        assert [(p.title, p.sex) for p in store.players()][:2] == [("WGM", "w"), ("GM", "m")]
    with pytest.raises(InputError, match="line 2: title 'XM' of So is not a FIDE title"):
        parse_players_csv("name,rating,federation,fide_id,title\nSo,,,,XM\n")
    with pytest.raises(InputError, match="unknown column 'club'"):
        parse_players_csv("name,rating,federation,fide_id,club\nSo,,,,X\n")


def test_the_summaries_name_every_field() -> None:
    assert set(DETAIL_FIELDS) == {
        "city",
        "federation",
        "site",
        "chief_arbiter",
        "deputy_arbiters",
        "rating_list",
        "norm_exemption",
    }
