"""Reading FIDE's rating list for an event's players, against reading the same file line by
line doing nothing.

    python benchmarks/fide_list.py [--players 1500000] [--wanted 24] [--runs 7]
                                   [--layout combined|xml]

Writes a list of ``--players`` players in the layout of FIDE's combined TXT list
(``players_list_foa.txt``: ~160 bytes a line, ~240 MB for 1.5 million; or its XML) into a
temporary folder, then times, interleaved so that other work on the machine hits both alike:

- floor: ``for line in open(FILE, "rb"): pass``, the least a reader of the file must do;
- read: ``normtui.importing.fide_list.read_fide_list(FILE, ids)`` for ``--wanted`` FIDE ids
  spread over the file (an event's field), every column of those players parsed.

Target on the 2-core reference machine: read <= 5 s for 1.5 million players.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from normtui.importing.fide_list import read_fide_list  # noqa: E402
from tests.fide_lists import COMBINED_HEADER, Row, text_line  # noqa: E402


def build(path: Path, players: int, layout: str) -> int:
    """Write the list: one real line's layout, its id, name and numbers varied."""
    template = text_line(Row(10_000_000, "Player, Number 10000000", rating=2000))
    start = len("ID Number      ")
    with path.open("wb") as out:
        if layout == "xml":
            out.write(b'<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n')
            for i in range(players):
                out.write(
                    f"<player><fideid>{10_000_000 + i}</fideid><name>Player, Number {i}</name>"
                    f"<country>NOR</country><sex>M</sex><title></title><w_title></w_title>"
                    f"<o_title></o_title><foa_title></foa_title><rating>{1400 + i % 1400}"
                    f"</rating><games>0</games><k>20</k><rapid_rating></rapid_rating>"
                    f"<rapid_games></rapid_games><rapid_k></rapid_k><blitz_rating>"
                    f"</blitz_rating><blitz_games></blitz_games><blitz_k></blitz_k>"
                    f"<birthday>1990</birthday><flag></flag></player>\n".encode()
                )
            out.write(b"</playerslist>\n")
        else:
            out.write((COMBINED_HEADER + "\r\n").encode("latin-1"))
            tail = template[start + 24 :]
            lines = []
            for i in range(players):
                ident = str(10_000_000 + i)
                lines.append(f"{ident:<15}{f'Player, Number {ident}':<24}{tail}\r\n")
                if len(lines) == 50_000:
                    out.write("".join(lines).encode("latin-1"))
                    lines.clear()
            out.write("".join(lines).encode("latin-1"))
    return path.stat().st_size


def floor(path: Path) -> None:
    with path.open("rb") as stream:
        for _ in stream:
            pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1_500_000)
    parser.add_argument("--wanted", type=int, default=24)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--layout", choices=("combined", "xml"), default="combined")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="normtui-fide-list-") as tmp:
        path = Path(tmp) / ("players_list_foa.txt" if args.layout == "combined" else "list.xml")
        started = time.perf_counter()
        size = build(path, args.players, args.layout)
        print(
            f"list: {args.players:,} players, {size / 1e6:.0f} MB ({args.layout}), written in "
            f"{time.perf_counter() - started:.1f} s"
        )
        step = max(1, args.players // args.wanted)
        ids = [str(10_000_000 + i) for i in range(0, args.players, step)][: args.wanted]
        times: dict[str, list[float]] = {"floor": [], "read": []}
        for _ in range(args.runs):
            for name in ("floor", "read"):
                started = time.perf_counter()
                if name == "floor":
                    floor(path)
                else:
                    found = read_fide_list(path, ids)
                    assert len(found.found) == len(ids), len(found.found)
                times[name].append(time.perf_counter() - started)
    for name, values in times.items():
        ordered = sorted(values)
        p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
        print(
            f"{name:>5}: runs {len(values)}, median {statistics.median(values):.2f} s, "
            f"p90 {p90:.2f} s, best {ordered[0]:.2f} s"
        )
    print(
        f"read / floor (medians): "
        f"{statistics.median(times['read']) / statistics.median(times['floor']):.2f}x"
    )


if __name__ == "__main__":
    main()
