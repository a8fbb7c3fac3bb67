"""Which pairing, which game: each record the feed reads placed on the pairing of its round
whose players it names (the first game of a pairing its main game, the second its Armageddon,
§2), or said why not."""

from __future__ import annotations

from typing import TYPE_CHECKING

from normtui.feed.report import Kind, Notice
from normtui.importing import find_pairing, kind_of_text, round_of
from normtui.pgn import names_match

if TYPE_CHECKING:
    from normtui.feed.game import Reading
    from normtui.feed.sources import FeedRecord
    from normtui.store import GameRecord

__all__ = ["place"]


def place(
    readings: list[tuple[FeedRecord, Reading]], games: list[GameRecord], notices: list[Notice]
) -> list[tuple[FeedRecord, Reading, GameRecord | None, Kind]]:
    """Each record with its game and kind (None: not placed, the reason in ``notices``)."""
    out: list[tuple[FeedRecord, Reading, GameRecord | None, Kind]] = []
    by_pairing: dict[int, list[int]] = {}
    for record, reading in readings:
        tags = dict(reading.tags)
        tagged = round_of(tags.get("Round", ""))
        if record.round is not None:
            if tagged is not None and tagged != record.round:
                notices.append(
                    Notice(
                        record.key,
                        f"the Round tag says {tags['Round']}, the "
                        f"folder is round {record.round}: read as round "
                        f"{record.round}",
                        ask=False,
                        short="round tag",
                    )
                )
            tags["Round"] = str(record.round)
        game, why = find_pairing(tags, games)
        if game is None:
            white, black = tags.get("White", "?"), tags.get("Black", "?")
            out.append((record, reading, None, "main"))
            notices.append(
                Notice(record.key, f"{white} - {black}: not placed, {why}", short="no pairing")
            )
            continue
        if not names_match(tags.get("White", ""), game.white_name):
            out.append((record, reading, None, "main"))
            notices.append(
                Notice(
                    record.key,
                    f"{tags.get('White')} has White, but "
                    f"{game.white_name} has White on {game.label}: not kept",
                    "Regulations §1",
                    short="colours",
                )
            )
            continue
        by_pairing.setdefault(game.id, []).append(len(out))
        out.append((record, reading, game, "main"))
    for indexes in by_pairing.values():
        for rank, i in enumerate(indexes):
            record, reading, game, _kind = out[i]
            kind: Kind = "armageddon" if rank == 1 else "main"
            if len(indexes) == 1 and kind_of_text(record.header, "auto") == "armageddon":
                kind = "armageddon"
            if rank > 1:
                label = game.label if game else "?"
                notices.append(
                    Notice(
                        record.key,
                        f"a third game for {label} after its main "
                        "game and its Armageddon: not kept",
                        short="third game",
                    )
                )
                out[i] = (record, reading, None, "main")
                continue
            out[i] = (record, reading, game, kind)
    return out
