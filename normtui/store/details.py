"""What a FIDE rating report needs beyond the games: the event's place and arbiters, the
players' titles and sex. Recorded once by the arbiter, audited like every change; the exports
use them before anything guessed from the PGN tags.

>>> import tempfile, pathlib
>>> from normtui.assets import read_profile_text
>>> from normtui.store import EventStore, PlayerInput
>>> names = ["So", "Carlsen", "Giri", "Anand", "Mamedyarov", "Tari", "Vachier-Lagrave",
...          "Topalov", "Wang Hao", "Radjabov"]
>>> store = EventStore.create(pathlib.Path(tempfile.mkdtemp()) / "event.db",
...                           [PlayerInput(n) for n in names], read_profile_text())
>>> store.set_report_details({"city": "Stavanger", "federation": "nor"}).summary
'report details: city Stavanger, federation NOR'
>>> store.set_player_details("Carlsen", {"title": "gm", "sex": "m"}).summary
'Carlsen: title GM, sex m'
>>> store.close()
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from normtui.rules.model import FIDE_TITLES
from normtui.store.core import Core, given_text
from normtui.store.errors import InputError
from normtui.store.values import surname
from normtui.text import clean_text, is_number

if TYPE_CHECKING:
    from normtui.store.log import AuditEntry

__all__ = [
    "DETAIL_FIELDS",
    "NORM_EXEMPTIONS",
    "PLAYER_FIELDS",
    "set_player_details",
    "set_players_from_list",
    "set_report_details",
]

# Event columns, and how a summary names them.
DETAIL_FIELDS = {
    "city": "city",
    "federation": "federation",
    "site": "site",
    "chief_arbiter": "chief arbiter",
    "deputy_arbiters": "deputy arbiters",
    "rating_list": "rating list",
    "norm_exemption": "norm exemption",
}
# The event's setting for the title norms' federations (B.01 1.4.3a, 1.4.3c): the values as
# stored, and as typed (a dash or an underscore).
NORM_EXEMPTIONS = ("none", "national_championship", "zonal")
_SEXES = ("m", "w")

Value = str | Sequence[str] | None


def _text(value: Value, what: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise InputError(f"{what} is one text, not a list")
    cleaned = clean_text(given_text(value or "", what))
    return cleaned or None


def _clean_detail(key: str, value: Value) -> str | None:
    """The stored form of one event detail; ``None`` (or empty) clears it."""
    if key == "deputy_arbiters":
        if isinstance(value, str) and not value.strip():
            value = None  # an empty text clears, as for the other details
        names = [value] if isinstance(value, str) else list(value or ())
        cleaned = [clean_text(given_text(str(n), "a deputy arbiter's name")) for n in names]
        if any(not n for n in cleaned):
            raise InputError("a deputy arbiter's name is empty")

        return json.dumps(cleaned, ensure_ascii=False)
    text = _text(value, DETAIL_FIELDS[key])
    if key == "norm_exemption":
        chosen = (text or "none").lower().replace("-", "_")
        if chosen not in NORM_EXEMPTIONS:
            raise InputError(
                f"norm exemption {value!r}: one of none, national-championship (B.01 "
                "§1.4.3a), zonal (§1.4.3c)"
            )
        return chosen
    if (
        key == "rating_list"
        and text is not None
        and not re.fullmatch(r"(19|20)\d\d-(0[1-9]|1[0-2])", text)
    ):
        raise InputError(
            f"rating list {value!r}: the month of FIDE's list, as YYYY-MM (e.g. 2026-09)"
        )
    if key == "federation" and text is not None:
        text = text.upper()
        if not re.fullmatch(r"[A-Z]{3}", text):
            raise InputError(
                f"federation {value!r} is not a FIDE federation code (three letters, e.g. NOR)"
            )
    return text


def _said(key: str, stored: str | None) -> str:
    name = DETAIL_FIELDS[key]
    if key == "deputy_arbiters":
        names = json.loads(stored or "[]")
        return f"{name} {'; '.join(names)}" if names else f"{name} cleared"
    return f"{name} {stored}" if stored is not None else f"{name} cleared"


def _refuse_unknown(kind: str, changes: Mapping[str, object], fields: Collection[str]) -> None:
    unknown = sorted(set(changes) - set(fields))
    if unknown:
        raise InputError(f"unknown {kind} detail {unknown[0]!r} (one of {', '.join(fields)})")


def set_report_details(core: Core, changes: Mapping[str, Value]) -> AuditEntry | None:
    """Record the event's city, federation (FIDE code), PGN site, chief arbiter and deputy
    arbiters (a list); a key left out is kept, ``None`` or an empty text clears it.
    ``None`` back when nothing changed."""
    _refuse_unknown("report", changes, DETAIL_FIELDS)
    if not changes:
        raise InputError("no report detail given")
    cleaned = {key: _clean_detail(key, value) for key, value in changes.items()}
    with core.write("details") as tx:
        current = tx.rec.fetch("event", 1)
        assert current is not None
        changed = {k: v for k, v in cleaned.items() if current[k] != v}
        if changed:
            tx.rec.update("event", 1, changed)
        tx.summary = "report details: " + ", ".join(_said(k, v) for k, v in changed.items())
    return tx.entry


def set_player_details(
    core: Core,
    player: str | int,
    changes: Mapping[str, str | int | None],
    *,
    k_source: str = "arbiter",
) -> AuditEntry | None:
    """Record a player's details for the rating report: FIDE title (GM, IM, WGM, FM, WIM,
    CM, WFM, WCM), sex (m or w), FIDE id, FIDE rating, federation (a FIDE code such as NOR),
    K (B.02 8.3.3; ``k_source`` says whose: the arbiter's, or the rating list's) and birth
    year; ``None`` or "none" clears one. ``None`` back when nothing changed."""
    _refuse_unknown("player", changes, PLAYER_FIELDS)
    if not changes:
        raise InputError("no player detail given: a title, sex, FIDE id, rating or federation")
    values = {key: _player_value(key, value) for key, value in changes.items()}
    with core.write("player") as tx:
        p = core.resolve_player(player)
        pid = core.player_ids()[p.number]
        current = tx.rec.fetch("players", pid)
        assert current is not None
        changed = {k: v for k, v in values.items() if current[k] != v}
        if "k" in changed:  # a K given (the arbiter's, or the list's); cleared: the rule's
            changed["k_source"] = None if changed["k"] is None else k_source
        if changed.get("fide_id") is not None:
            other = core.conn.execute(
                "SELECT name FROM players WHERE fide_id = ? AND id <> ?",
                [changed["fide_id"], pid],
            ).fetchone()
            if other is not None:
                raise InputError(
                    f"FIDE id {changed['fide_id']} is {other[0]}'s; a FIDE id is one player's"
                )
        if changed:
            tx.rec.update("players", pid, changed)
        tx.summary = f"{surname(p.name)}: " + ", ".join(
            f"{PLAYER_FIELDS[k]} {v}" if v is not None else f"{PLAYER_FIELDS[k]} cleared"
            for k, v in changed.items()
            if k in PLAYER_FIELDS
        )
    return tx.entry


def set_players_from_list(
    core: Core, month: str, changes: Mapping[int, Mapping[str, str | int | None]]
) -> AuditEntry | None:
    """Record FIDE's rating list of ``month`` and what it says of the players (pairing number
    -> their changes, as :func:`set_player_details` takes them; K as the list's), in one
    change. ``None`` back when nothing changed."""
    month_value = _clean_detail("rating_list", month)
    for number_changes in changes.values():
        _refuse_unknown("player", number_changes, PLAYER_FIELDS)
    values = {
        number: {key: _player_value(key, value) for key, value in number_changes.items()}
        for number, number_changes in changes.items()
    }
    with core.write("rating list") as tx:
        ids = core.player_ids()
        names = {p.number: p.name for p in core.players()}
        said = []
        current_event = tx.rec.fetch("event", 1)
        assert current_event is not None
        if current_event["rating_list"] != month_value:
            tx.rec.update("event", 1, {"rating_list": month_value})
        for number, wanted in sorted(values.items()):
            pid = ids[number]
            current = tx.rec.fetch("players", pid)
            assert current is not None
            changed = {k: v for k, v in wanted.items() if current[k] != v}
            if "k" in changed or ("k" in wanted and current["k_source"] != "list"):
                changed["k"] = wanted["k"]
                changed["k_source"] = None if wanted["k"] is None else "list"
            if changed:
                tx.rec.update("players", pid, changed)
                said.append(
                    f"{surname(names[number])} "
                    + ", ".join(
                        f"{PLAYER_FIELDS[k]} {v if v is not None else '-'}"
                        for k, v in changed.items()
                        if k in PLAYER_FIELDS
                    )
                )
        tx.summary = f"FIDE rating list {month_value}" + (
            ": " + "; ".join(said) if said else ": nothing else changed"
        )
    return tx.entry


# Player columns a report needs, and how a summary names them.
PLAYER_FIELDS = {
    "title": "title",
    "sex": "sex",
    "fide_id": "FIDE id",
    "rating": "rating",
    "federation": "federation",
    "k": "K",
    "birth_year": "birth year",
}


def _player_value(key: str, value: str | int | None) -> str | int | None:
    """The stored form of one player detail, checked as FIDE's report writes it."""
    # Cleaned as every text entering the event.
    text = clean_text(given_text(str(value if value is not None else ""), PLAYER_FIELDS[key]))
    text = "" if text.lower() == "none" else text
    if not text:
        return None
    if key == "title":
        if text.upper() not in FIDE_TITLES:
            raise InputError(
                f"{value!r} is not a FIDE title (one of {', '.join(FIDE_TITLES)}, or none)"
            )
        return text.upper()
    if key == "sex":
        if text.lower() not in _SEXES:
            raise InputError(f"sex {value!r}: FIDE's report knows m and w (or none)")
        return text.lower()
    if key == "fide_id":
        # TRF 001 columns 58-68: the FIDE number with its 3 digits of reserve.
        if not (is_number(text) and len(text) <= 11 and int(text) > 0):
            raise InputError(f"FIDE id {value!r} is not a FIDE number (digits, at most 11)")
        return str(int(text))
    if key == "k":
        if not (is_number(text) and len(text) <= 3 and 0 < int(text) <= 100):
            raise InputError(f"K {value!r} is not FIDE's K (10, 20 or 40; B.02 §8.3.3), or none")
        return int(text)
    if key == "birth_year":
        if not (is_number(text) and len(text) == 4 and 1900 <= int(text) <= 2100):
            raise InputError(f"birth year {value!r} is not a year (e.g. 1990), or none")
        return int(text)
    if key == "rating":
        if not (is_number(text) and len(text) <= 4 and 0 < int(text) <= 4000):
            raise InputError(
                f"rating {value!r} is not a FIDE rating (a whole number up to 4000, or none)"
            )
        return int(text)
    if not re.fullmatch(r"[A-Za-z]{3}", text):
        raise InputError(
            f"federation {value!r} is not a FIDE federation code (three letters, e.g. NOR)"
        )
    return text.upper()
