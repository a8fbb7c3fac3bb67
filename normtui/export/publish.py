"""``normtui publish``: the event as a static site, for any web server or static host.

The site is a folder of HTML pages (``site_pages.py``), the same data as JSON for a
broadcaster's graphics, and every game as PGN. Each build writes only the files whose content
changed, each through a temporary file renamed over the old one, so a web server never serves
half a page. ``.normtui-site.json`` in the folder lists what normtui wrote there (with a hash of
each file's content): a folder holding other files is not normtui's, and is refused unless the
caller forces it, and even then only the files the list names are replaced or removed (a list
naming anything but a name normtui makes is ignored, and said). A file of an earlier build that
the event no longer has (the play-off page after the play-off was undone) is removed. How the
folder is written without following a link out of it: ``site_folder.py``.
"""

from __future__ import annotations

import hashlib
import json
import stat
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from normtui.export.fide_report import fide_report
from normtui.export.pgn_out import board_games, game_text, playoff_games
from normtui.export.site_folder import SiteFolder, SiteRefused, is_leftover, is_site_name
from normtui.export.site_pages import STAMP, game_status, pages, points_split
from normtui.export.snapshot import Snapshot, take_snapshot
from normtui.export.tables import as_data
from normtui.rules.contenders import Contender
from normtui.store import EventStore
from normtui.store.ratings import rating_fields
from normtui.store.values import json_number
from normtui.text import json_visible, visible

__all__ = ["MANIFEST", "GameTexts", "SiteReport", "publish", "site_files"]

MANIFEST = ".normtui-site.json"


@dataclass(frozen=True)
class SiteReport:
    """What one build did: the files written (new or changed), how many were unchanged, the
    files of an earlier build removed, and what the arbiter should know (a list of files
    there that was not normtui's, ignored)."""

    folder: str
    written: tuple[str, ...]
    unchanged: int
    removed: tuple[str, ...]
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "folder": self.folder,
            "written": list(self.written),
            "unchanged": self.unchanged,
            "removed": list(self.removed),
            "notes": list(self.notes),
        }


def _json(data: object) -> str:
    # As `normtui standings --json` writes it: letters as they are, what a terminal would
    # obey as a \u escape.
    return json_visible(json.dumps(data, ensure_ascii=False, indent=2)) + "\n"


def _round_data(snap: Snapshot, round_no: int) -> dict[str, Any]:
    boards = []
    for g in (g for g in snap.games if g.round == round_no):
        white, black = snap.by_number[g.white], snap.by_number[g.black]
        boards.append(
            {
                "board": g.board,
                "white": {"number": white.number, "name": white.name, "fide_id": white.fide_id},
                "black": {"number": black.number, "name": black.name, "fide_id": black.fide_id},
                "result": g.result.value if g.result else None,
                **(
                    {"armageddon": g.armageddon.value if g.armageddon else None}
                    if snap.armageddons
                    else {}
                ),
                "points": [json_number(x) for x in g.points] if g.points else None,
                "status": game_status(g) or "not started",
                "provisional": g.provisional,
                "entered_by_feed": g.result_from == "feed",
            }
        )
    return {"round": round_no, "date": snap.round_dates.get(round_no), "boards": boards}


def _event_data(snap: Snapshot, race: Sequence[Contender] | None, current: int) -> dict[str, Any]:
    data = as_data(snap)
    split = points_split(snap)
    for entry in data["standings"]:
        classical, armageddon = split[entry["number"]]
        if snap.armageddons:  # an event without Armageddons: its points are the classical
            entry.update(
                classical_points=json_number(classical), armageddon_points=json_number(armageddon)
            )
    data["event"]["current_round"] = current
    data["contenders"] = (
        None
        if race is None
        else [
            {
                "number": c.number,
                "player": c.name,
                "points": json_number(c.points),
                "max_points": json_number(c.max_points),
                "min_points": json_number(c.min_points),
                "best_place": c.best_place,
                "best_place_up_to": c.best_place_up_to,
                "worst_place": c.worst_place,
                "worst_place_from": c.worst_place_from,
                "games_left": c.games_left,
                "can_win": c.can_win,
                "clinched": c.clinched,
                "settled": c.settled,
            }
            for c in race
        ]
    )
    return data


class GameTexts:
    """Each board's PGN texts kept between builds, keyed by everything they are made from: a
    result entered changes one board's, not the other forty (python-chess reads and writes
    every move of a game, the most of a build's time)."""

    def __init__(self) -> None:
        self._texts: dict[tuple[object, ...], tuple[str, ...]] = {}

    def of_rounds(self, snap: Snapshot) -> dict[int, list[str]]:
        """Every round's texts (main games, Armageddons after them), in board order."""
        tcs = snap.profile.time_controls
        common = (
            snap.name,
            snap.details.place,
            tcs.get("classical"),
            tcs.get("armageddon"),
            snap.profile.classical.armageddon_draw_winner,
        )
        kept: dict[tuple[object, ...], tuple[str, ...]] = {}
        out: dict[int, list[str]] = {r: [] for r in range(1, snap.rounds + 1)}
        for g in snap.games:
            key = (
                g,
                snap.by_number[g.white],
                snap.by_number[g.black],
                snap.round_dates.get(g.round),
                *common,
            )
            texts = self._texts.get(key)
            if texts is None:
                texts = tuple(game_text(x) for x in board_games(snap, g))
            kept[key] = texts
            out.setdefault(g.round, []).extend(texts)
        self._texts = kept  # only what this build used: memory stays one event's games
        return out


def _pgn_file(texts: list[str]) -> str:
    return "\n\n".join(texts) + "\n" if texts else ""


def site_files(store: EventStore, texts: GameTexts | None = None) -> dict[str, str]:
    """Every file of the site by its path in the folder; HTML pages hold :data:`STAMP`."""
    snap = take_snapshot(store)
    final = store.playoff.final_standings()
    current = store.rounds.current()
    race = store.feed.contenders()
    files = pages(snap, race, current)
    # The same rows as `normtui standings --json`, so a graphic and the CLI never disagree.
    ratings = fide_report(snap).ratings
    files["standings.json"] = _json(
        [final.row_json(r) | rating_fields(ratings.get(r.number)) for r in final.rows]
    )
    files["event.json"] = _json(_event_data(snap, race, current))
    rounds = (texts or GameTexts()).of_rounds(snap)
    for r in range(1, snap.rounds + 1):
        files[f"round-{r}.json"] = _json(_round_data(snap, r))
        files[f"games/round-{r}.pgn"] = _pgn_file(rounds[r])
    played = [t for r in sorted(rounds) for t in rounds[r]]
    files["games/all.pgn"] = _pgn_file(played + [game_text(g) for g in playoff_games(snap)])
    return files


def _digest(content: str) -> str:
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


# A list of a few hundred names: anything larger is not normtui's.
_MANIFEST_LIMIT = 1 << 20


def _manifest(site: SiteFolder) -> tuple[dict[str, str], str | None]:
    """The files normtui wrote here, with their hashes; or nothing and why the list there is
    not normtui's (it does not parse, or names a file normtui never makes: ``../x``)."""
    shown = site.shown(MANIFEST)
    try:
        raw = site.read(MANIFEST, _MANIFEST_LIMIT)
    except SiteRefused as exc:
        return {}, f"{exc}: not the list normtui keeps, ignored"
    if raw is None:
        return {}, None
    try:
        files = json.loads(raw.decode("utf-8"))["files"]
        kept = {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str)}
    except (ValueError, KeyError, AttributeError, TypeError):
        return {}, f"{shown} is not the list normtui keeps of the files it wrote: ignored"
    stray = sorted(k for k in files if k not in kept or not is_site_name(k))
    if stray:
        return {}, (
            f"{shown} names {visible(repr(stray[0]))}, not a file normtui writes: the list "
            "is ignored"
        )
    return kept, None


def _foreign(site: SiteFolder, kept: dict[str, str]) -> list[str]:
    """What the folder holds that normtui did not write: files it does not list, links (never
    normtui's), anything not a file; its own temporary files aside."""
    out = []
    for name, kind in site.entries():
        if kind == "folder":
            continue
        base = name.rpartition("/")[2]
        ours = (
            kind == "file"
            and (name in kept or name == MANIFEST or is_leftover(base))
            and name.count("/") <= 1
        )
        if not ours:
            out.append(name if kind == "file" else f"{name} (a {kind})")
    return out


def _check_folder(site: SiteFolder, force: bool) -> tuple[dict[str, str], list[str]]:
    """The files normtui wrote here, and what to say; refuses a folder that is not normtui's
    (unless ``force``: then its other files are left alone)."""
    kept, ignored = _manifest(site)
    notes = [ignored] if ignored else []
    if force:
        return kept, notes
    if ignored:
        raise SiteRefused(
            f"{ignored}; publish into an empty folder, or give --force to publish beside "
            "the files there (which are left alone)"
        )
    foreign = _foreign(site, kept)
    if foreign:
        shown = ", ".join(visible(n) for n in foreign[:3]) + (
            f" and {len(foreign) - 3} more" if len(foreign) > 3 else ""
        )
        raise SiteRefused(
            f"{site.path} holds files normtui did not write ({shown}); publish into an empty "
            "folder, or give --force (those files are then left alone)"
        )
    return kept, notes


def publish(
    store: EventStore,
    folder: Path,
    *,
    force: bool = False,
    now: datetime | None = None,
    texts: GameTexts | None = None,
) -> SiteReport:
    """Write the site into ``folder`` (made if missing): only the files that changed since the
    last build, each replaced whole; then the list of what is there. Only the files the
    list names are replaced or removed (see :mod:`normtui.export.site_folder`)."""
    with SiteFolder(folder) as site:
        kept, notes = _check_folder(site, force)
        site.clear_leftovers(time.time())
        files = site_files(store, texts)
        made = (now or datetime.now().astimezone()).strftime("%Y-%m-%d %H:%M %Z").strip()
        new = [name for name in files if name not in kept]
        for name in new:  # before anything is written: refused with the folder as it was
            if site.lstat(name) is not None:
                raise site.taken(name)
        if new:
            # Names about to be made are listed first: a build killed halfway leaves no file
            # the next build would take for another's.
            ahead = {**kept, **dict.fromkeys(new, "")}
            site.write(MANIFEST, _json({"normtui": 1, "files": ahead}).encode(), replace=True)
        written, digests = [], {}
        for name, content in files.items():
            digest = digests[name] = _digest(content)
            info = site.lstat(name)
            if kept.get(name) == digest and info is not None and stat.S_ISREG(info.st_mode):
                continue
            data = content.replace(STAMP, made).encode("utf-8")
            site.write(name, data, replace=name in kept)
            written.append(name)
        removed = [name for name in sorted(set(kept) - set(files)) if site.remove(name)]
        if written or removed or kept != digests:
            site.write(MANIFEST, _json({"normtui": 1, "files": digests}).encode(), replace=True)
    return SiteReport(
        str(folder), tuple(written), len(files) - len(written), tuple(removed), tuple(notes)
    )
