"""``normtui publish``: the event as a static site, for any web server or static host.

The site is a folder of HTML pages (``site_pages.py``), the same data as JSON for a
broadcaster's graphics, and every game as PGN. Each build writes only the files whose content
changed, each through a temporary file renamed over the old one, so a web server never serves
half a page. ``.normtui-site.json`` in the folder lists what normtui wrote there (with a hash of
each file's content): a folder holding other files is not normtui's, and is refused unless the
caller forces it. A file of an earlier build that the event no longer has (the play-off page
after the play-off was undone) is removed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from normtui.export.output import write_output
from normtui.export.pgn_out import board_games, game_text, playoff_games
from normtui.export.site_pages import STAMP, game_status, pages, points_split
from normtui.export.snapshot import ExportError, Snapshot, take_snapshot
from normtui.export.tables import as_data
from normtui.rules.contenders import Contender
from normtui.store import EventStore
from normtui.store.core import json_number
from normtui.text import json_visible

__all__ = ["MANIFEST", "GameTexts", "SiteReport", "publish", "site_files"]

MANIFEST = ".normtui-site.json"


@dataclass(frozen=True)
class SiteReport:
    """What one build did: the files written (new or changed), how many were unchanged, and
    the files of an earlier build removed."""

    folder: str
    written: tuple[str, ...]
    unchanged: int
    removed: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "folder": self.folder,
            "written": list(self.written),
            "unchanged": self.unchanged,
            "removed": list(self.removed),
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
                "armageddon": g.armageddon.value if g.armageddon else None,
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
    files["standings.json"] = _json([r.to_json() for r in final.rows])
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


def _read_manifest(folder: Path, force: bool) -> dict[str, str]:
    """The hashes of the files normtui wrote here; refuses a folder that is not normtui's."""
    if not folder.exists():
        return {}
    if not folder.is_dir():
        raise ExportError(f"{folder} is not a folder")
    manifest = folder / MANIFEST
    kept: dict[str, str] = {}
    if manifest.is_file():
        try:
            data = json.loads(manifest.read_text("utf-8"))
            kept = {str(k): str(v) for k, v in data["files"].items()}
        except (ValueError, KeyError, AttributeError, TypeError, OSError):
            if not force:
                raise ExportError(
                    f"{manifest} is not the list normtui keeps of the files it "
                    "wrote; give --force to publish there anyway"
                ) from None
    if not force:
        foreign = sorted(
            str(p.relative_to(folder))
            for p in folder.rglob("*")
            if p.is_file()
            and p.name != MANIFEST
            and not (p.name.startswith(".") and p.name.endswith(".tmp"))
            and str(p.relative_to(folder)) not in kept
        )
        if foreign:
            shown = ", ".join(foreign[:3]) + (
                f" and {len(foreign) - 3} more" if len(foreign) > 3 else ""
            )
            raise ExportError(
                f"{folder} holds files normtui did not write ({shown}); "
                "publish into an empty folder, or give --force"
            )
    return kept


def _clear_leftovers(folder: Path) -> None:
    # A build killed mid-write leaves its temporary file (write_output's ".NAME.HEX.tmp");
    # one older than a minute is no other build's work in progress.
    if not folder.is_dir():
        return
    for tmp in folder.rglob(".*.tmp"):
        with contextlib.suppress(OSError):
            if tmp.is_file() and time.time() - tmp.stat().st_mtime > 60:
                tmp.unlink()


def publish(
    store: EventStore,
    folder: Path,
    *,
    force: bool = False,
    now: datetime | None = None,
    texts: GameTexts | None = None,
) -> SiteReport:
    """Write the site into ``folder`` (made if missing): only the files that changed since the
    last build, each replaced whole; then the list of what is there."""
    kept = _read_manifest(folder, force)
    _clear_leftovers(folder)
    files = site_files(store, texts)
    made = (now or datetime.now().astimezone()).strftime("%Y-%m-%d %H:%M %Z").strip()
    folder.mkdir(parents=True, exist_ok=True)
    written, digests = [], {}
    for name, content in files.items():
        digest = digests[name] = _digest(content)
        path = folder / name
        if kept.get(name) == digest and path.is_file():
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        write_output(path, content.replace(STAMP, made), wait_for_reader=False)
        written.append(name)
    removed = []
    for name in sorted(set(kept) - set(files)):
        with contextlib.suppress(FileNotFoundError):
            (folder / name).unlink()
            removed.append(name)
    if written or removed or kept != digests:
        write_output(
            folder / MANIFEST, _json({"normtui": 1, "files": digests}), wait_for_reader=False
        )
    return SiteReport(str(folder), tuple(written), len(files) - len(written), tuple(removed))
