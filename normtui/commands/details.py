"""`normtui details` and `normtui player`: what a FIDE rating report needs beyond the games
(the event's place and arbiters, the players' titles and sex), recorded once and audited."""

from __future__ import annotations

from pathlib import Path

import click

from normtui.commands.common import (
    UserError,
    command,
    data,
    db_argument,
    friendly,
    list_month_option,
    opened,
    report,
    reports,
    say,
)
from normtui.store import ReportDetails
from normtui.store.details import DETAIL_FIELDS


def _lines(details: ReportDetails) -> list[str]:
    shown = details.to_json()
    return [
        f"{DETAIL_FIELDS[key]:<16} "
        f"{('; '.join(value) or '-') if isinstance(value, list) else value or '-'}"
        for key, value in shown.items()
    ]


@command("details")
@db_argument
@click.option("--city", help="City of the event (TRF 022).")
@click.option("--federation", help="FIDE code of the host federation (TRF 032), e.g. NOR.")
@click.option("--site", help="The PGN Site of the exports (default: CITY FEDERATION).")
@click.option("--arbiter", help="Chief Arbiter, 'Lastname, Firstname' (TRF 102).")
@click.option(
    "--deputy",
    multiple=True,
    help="Deputy Chief Arbiter (TRF 112); repeat for each; replaces the list.",
)
@click.option("--no-deputies", is_flag=True, help="Clear the deputy arbiters.")
@click.option(
    "--rating-list",
    metavar="YYYY-MM",
    help="The month of the FIDE rating list the ratings are from (B.01 §1.4.6a).",
)
@click.option(
    "--norm-exemption",
    metavar="none|national-championship|zonal",
    help="The title norms' federations waived: the final of a national championship "
    "(B.01 §1.4.3a, for its federation's players) or a zonal (§1.4.3c).",
)
@reports
@friendly
def details(
    db: Path,
    city: str | None,
    federation: str | None,
    site: str | None,
    arbiter: str | None,
    deputy: tuple[str, ...],
    no_deputies: bool,
    rating_list: str | None,
    norm_exemption: str | None,
) -> None:
    """The event's details for the rating report; with options, record them (an empty
    value clears one). The exports use them unless given other values."""
    changes: dict[str, str | list[str] | None] = {
        key: value
        for key, value in (
            ("city", city),
            ("federation", federation),
            ("site", site),
            ("chief_arbiter", arbiter),
            ("rating_list", rating_list),
            ("norm_exemption", norm_exemption),
        )
        if value is not None
    }
    if deputy and no_deputies:
        raise UserError("give --deputy or --no-deputies, not both")
    if deputy or no_deputies:  # --deputy "" clears too, as an empty value does elsewhere
        changes["deputy_arbiters"] = [d for d in deputy if d.strip()]
    with opened(db) as store:
        if changes:
            report(store.set_report_details(changes), "those are the details already")
        shown = store.event.details
    data("details", shown.to_json(), None if changes else _lines(shown))


@command("player")
@db_argument
@click.argument("player", required=False)
@click.option("--title", help="FIDE title: GM, IM, WGM, FM, WIM, CM, WFM, WCM, or none.")
@click.option("--sex", help="m or w (as the rating report writes it), or none.")
@click.option("--fide-id", "fide_id", help="FIDE id (TRF 001 columns 58-68), or none.")
@click.option("--rating", help="FIDE rating (TRF 001 columns 49-52), or none.")
@click.option("--federation", help="FIDE federation code, e.g. NOR, or none.")
@click.option("--k", "k", help="FIDE's K (B.02 §8.3.3: 10, 20 or 40), or none for the rule's.")
@click.option("--birth-year", "birth_year", help="Year of birth (the junior K, TRF 001), or none.")
@click.option(
    "--fide-list",
    "fide_list",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Before the first result: bring PLAYER (without PLAYER: every player with a FIDE "
    "id) up to FIDE's rating list as downloaded (TXT or XML, zipped or not).",
)
@list_month_option
@reports
@friendly
def player(
    db: Path,
    player: str | None,
    title: str | None,
    sex: str | None,
    fide_id: str | None,
    rating: str | None,
    federation: str | None,
    k: str | None,
    birth_year: str | None,
    fide_list: Path | None,
    list_month: str | None,
) -> None:
    """PLAYER's details for the rating report; with options, record them (audited, undone
    by `normtui undo`).

    \b
    --fide-list FILE: the rating, K, title, federation, sex and year of birth of PLAYER (of
    every player with a FIDE id, without PLAYER) from FIDE's list, by the FIDE id recorded,
    in one change that also records the list's month; the names stay as recorded. Only
    before the first result: a norm and a rating change count the list in effect at the
    start (B.01 §1.4.6a)."""
    changes = {
        key: value
        for key, value in (
            ("title", title),
            ("sex", sex),
            ("fide_id", fide_id),
            ("rating", rating),
            ("federation", federation),
            ("k", k),
            ("birth_year", birth_year),
        )
        if value is not None
    }
    if fide_list is not None:
        if changes:
            raise UserError("--fide-list sets what the list says; give the other options alone")
        _from_list(db, player, fide_list, list_month)
        return
    if list_month is not None:
        raise UserError("--list-month goes with --fide-list")
    if player is None:
        raise UserError("give PLAYER (a pairing number or part of a name)")
    with opened(db) as store:
        if changes:
            report(store.set_player_details(player, changes), "already recorded so")
        p = store.resolve_player(player)
    data(
        "player",
        {
            "number": p.number,
            "name": p.name,
            "title": p.title,
            "sex": p.sex,
            "rating": p.rating,
            "federation": p.federation,
            "fide_id": p.fide_id,
            "k": p.k,
            "k_source": p.k_source,
            "birth_year": p.birth_year,
        },
        None
        if changes
        else f"{p.number} {p.name}: title {p.title or '-'}, sex "
        f"{p.sex or '-'}, rating {p.rating or '-'}, federation "
        f"{p.federation or '-'}, FIDE id {p.fide_id or '-'}, K "
        f"{f'{p.k} ({p.k_source})' if p.k else 'by the rule'}, born {p.birth_year or '-'}",
    )


def _from_list(db: Path, player: str | None, fide_list: Path, month: str | None) -> None:
    # Only this option reads a list.
    from normtui.importing.fide_players import list_changes, read_list_for

    with opened(db) as store:
        if any(g.result is not None for g in store.games()):
            raise UserError(
                "the event has started: its ratings are those of the list in effect at the "
                "start (B.01 §1.4.6a); change one with --rating"
            )
        players = [store.resolve_player(player)] if player is not None else store.players()
        with_ids = [p for p in players if p.fide_id]
        if not with_ids:
            raise UserError("no FIDE id recorded: set one with --fide-id, then read the list")
        found = read_list_for(fide_list, [p.fide_id for p in with_ids if p.fide_id], month)
        assert found.month is not None
        notes = list(found.problems)
        notes += [f"{p.name}: no FIDE id recorded" for p in players if not p.fide_id]
        changes = {}
        for p in with_ids:
            listed = found.found.get(str(int(p.fide_id or "0")))
            if listed is None:
                notes.append(f"{p.name}: FIDE id {p.fide_id} is not in the list")
                continue
            if listed.name != p.name:
                notes.append(f"{p.name}: the list names {listed.name} (the name is kept)")
            changed = list_changes(p, listed)
            if changed:
                changes[p.number] = changed
        for note in notes:
            say(note)
        report(
            store.set_players_from_list(found.month, changes),
            f"the players are as the list of {found.month} has them",
        )
