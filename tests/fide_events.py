"""Events for the FIDE numbers' tests: a classical round robin (1 / ½ / 0) of ten players in
which player 1, an FM of NOR rated 2450, plays for a GM norm, entered through the store as an
arbiter would (results, round dates, the report's details)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from normtui.assets import profile_path, read_profile_text
from normtui.store import EventStore, PlayerInput
from normtui.store.profile_text import event_profile_text

# (name, rating, title, federation, sex, FIDE id, birth year): Ra 2461, 4 GMs, 3 IMs, 2 FMs.
FIELD = (
    ("Applicant, Ada", 2450, "FM", "NOR", "w", "1000001", 2004),
    ("Opponent, Two", 2550, "GM", "NOR", "m", "1000002", 1990),
    ("Opponent, Three", 2520, "GM", "GER", "m", "1000003", 1985),
    ("Opponent, Four", 2500, "GM", "SWE", "m", "1000004", 1980),
    ("Opponent, Five", 2480, "GM", "DEN", "m", "1000005", 1995),
    ("Opponent, Six", 2460, "IM", "NOR", "m", "1000006", 1999),
    ("Opponent, Seven", 2440, "IM", "GER", "m", "1000007", 2001),
    ("Opponent, Eight", 2420, "IM", "SWE", "w", "1000008", 1997),
    ("Opponent, Nine", 2400, "FM", "DEN", "m", "1000009", 2008),
    ("Opponent, Ten", 2380, "FM", "NOR", "m", "1000010", 1975),
)


def norm_event(
    path: Path,
    applicant: Mapping[int, str] | None = None,
    *,
    through: int = 9,
) -> EventStore:
    """The event with rounds 1..``through`` played: the applicant's results by opponent
    number ('1', '½', '0'; default 6½ of 9: four wins, five draws), every other game drawn."""
    marks = dict(applicant or {2: "1", 3: "1", 4: "1", 5: "1"})
    text = event_profile_text(
        read_profile_text(profile_path("fide-round-robin")), len(FIELD), name="Norm Open 2026"
    )
    players = [
        PlayerInput(name, rating, fed, fide_id, title, sex, birth_year=born)
        for name, rating, title, fed, sex, fide_id, born in FIELD
    ]
    store = EventStore.create(path, players, text)
    store.set_report_details(
        {
            "city": "Oslo",
            "federation": "NOR",
            "chief_arbiter": "Arbiter, Chief",
            "rating_list": "2026-09",
        }
    )
    for rnd in range(1, 10):
        store.rounds.set_schedule(rnd, date=f"2026-10-{rnd:02d}", start_time="15:00")
    for g in store.games():
        if g.round > through:
            continue
        if 1 in (g.white, g.black):
            other = g.black if g.white == 1 else g.white
            mark = marks.get(other, "½")
            white_score = mark if g.white == 1 else {"1": "0", "0": "1", "½": "½"}[mark]
            result = {"1": "1-0", "0": "0-1", "½": "1/2-1/2"}[white_score]
        else:
            result = "1/2-1/2"
        store.games.enter_result(g.round, g.white, g.black, result)
    return store
