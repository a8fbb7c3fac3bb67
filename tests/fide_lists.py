"""Small files in the layouts of FIDE's rating lists, for the tests (FIDE's own list is never
in the repository: no licence to redistribute it). The columns are those of the headers
FIDE's files have (ratings.fide.com/download_lists.phtml): the combined list's
``SRtng SGm SK RRtng …`` and the standard list's ``SEP26 Gms K``; values start at their
label's column, as FIDE writes them."""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path

COMBINED_HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
STANDARD_HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SEP26 Gms K  B-day Flag"
)


@dataclass(frozen=True)
class Row:
    fide_id: int
    name: str
    fed: str = "NOR"
    sex: str = "M"
    title: str = ""
    w_title: str = ""
    rating: int | None = 2500
    games: int = 0
    k: int | None = 10
    born: int | None = 1990
    flag: str = ""


def _put(line: list[str], header: str, label: str, value: object) -> None:
    text = "" if value is None else str(value)
    start = header.index(label)
    line[start : start + len(text)] = list(text)


def text_line(row: Row, header: str = COMBINED_HEADER) -> str:
    line = [" "] * (len(header) + 8)
    _put(line, header, "ID Number", row.fide_id)
    _put(line, header, "Name", row.name)
    _put(line, header, "Fed", row.fed)
    _put(line, header, "Sex", row.sex)
    _put(line, header, "Tit ", row.title)
    _put(line, header, "WTit", row.w_title)
    rating_label, games_label, k_label = (
        ("SRtng", "SGm", "SK ") if "SRtng" in header else ("SEP26", "Gms", "K  ")
    )
    _put(line, header, rating_label, row.rating)
    _put(line, header, games_label, row.games)
    _put(line, header, k_label, row.k)
    if "RRtng" in header:  # the rapid and blitz ratings, which the standard list does not have
        _put(line, header, "RRtng", 1900)
        _put(line, header, "BRtng", 1950)
    _put(line, header, "B-day", row.born if row.born is not None else "0000")
    _put(line, header, "Flag", row.flag)
    return "".join(line).rstrip()


def write_text(
    path: Path,
    rows: list[Row],
    *,
    header: str = COMBINED_HEADER,
    extra: list[str] = (),  # type: ignore[assignment]
    encoding: str = "latin-1",
) -> Path:
    lines = [header, *(text_line(r, header) for r in rows), *extra]
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode(encoding))
    return path


def write_xml(path: Path, rows: list[Row], encoding: str = "utf-8") -> Path:
    def player(r: Row) -> str:
        def esc(t: str) -> str:
            return t.replace("&", "&amp;").replace("'", "&apos;").replace("<", "&lt;")

        return (
            f"<player><fideid>{r.fide_id}</fideid><name>{esc(r.name)}</name>"
            f"<country>{r.fed}</country><sex>{r.sex}</sex><title>{r.title}</title>"
            f"<w_title>{r.w_title}</w_title><o_title></o_title><foa_title></foa_title>"
            f"<rating>{r.rating or ''}</rating><games>{r.games}</games><k>{r.k or ''}</k>"
            "<rapid_rating>1900</rapid_rating><rapid_games>0</rapid_games><rapid_k>20</rapid_k>"
            "<blitz_rating></blitz_rating><blitz_games></blitz_games><blitz_k/>"
            f"<birthday>{r.born or ''}</birthday><flag>{r.flag}</flag></player>\n"
        )

    text = (
        f'<?xml version="1.0" encoding="{encoding}"?>\n<playerslist>\n'
        + "".join(player(r) for r in rows)
        + "</playerslist>\n"
    )
    path.write_bytes(text.encode(encoding))
    return path


def zipped(path: Path, member: str) -> Path:
    target = path.with_suffix(".zip")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(path, member)
    return target
