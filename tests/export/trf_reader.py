"""A small TRF26 reader for the tests, written from the FIDE column tables and nothing of
normtui's: it slices each record at the documented columns, so a test that uses it checks the
columns, not just that the writer agrees with itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

EOL = "\r\n"


@dataclass
class Round:
    opponent: int
    colour: str
    code: str


@dataclass
class PlayerRecord:
    number: int
    sex: str
    title: str
    name: str
    rating: str
    federation: str
    fide_id: str
    birth: str
    points: Decimal
    rank: str
    rounds: list[Round]


@dataclass
class Trf:
    tags: dict[str, list[str]] = field(default_factory=dict)
    players: dict[int, PlayerRecord] = field(default_factory=dict)
    scoring: dict[str, Decimal] = field(default_factory=dict)
    # (amount, round, pairing numbers) of each 299 record
    adjustments: list[tuple[Decimal, int, list[int]]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    def value(self, code: str) -> Decimal:
        """Points of a result code under record 162 (FIDE's defaults where it is silent)."""
        s = {"W": Decimal(1), "D": Decimal("0.5"), "L": Decimal(0), "A": Decimal(0), **self.scoring}
        return {
            "1": s["W"],
            "+": s["W"],
            "=": s["D"],
            "0": s["L"],
            "-": s["A"],
            "Z": s["A"],
            " ": s["A"],
            "?": s.get("X", s["D"]),
        }[code]

    def computed_points(self, number: int) -> Decimal:
        """What a TRF26 reader makes of a player's points: codes by 162, plus 299."""
        total = sum((self.value(r.code) for r in self.players[number].rounds), Decimal(0))
        return total + sum((a for a, _, ids in self.adjustments if number in ids), Decimal(0))


def col(line: str, first: int, last: int) -> str:
    """Columns ``first``..``last`` (1-based, inclusive), as the FIDE tables number them."""
    return line[first - 1 : last].ljust(last - first + 1)


def parse(text: str) -> Trf:
    assert text.endswith(EOL) and "\n" not in text.replace(EOL, ""), "lines end in CR LF"
    trf = Trf()
    for line in text[: -len(EOL)].split(EOL):
        tag = line[:3]
        if tag == "###":
            trf.comments.append(line)
        elif tag == "001":
            rounds = []
            start = 92
            while start <= len(line):
                rounds.append(
                    Round(
                        int(col(line, start, start + 3).strip() or 0),
                        col(line, start + 5, start + 5),
                        col(line, start + 7, start + 7),
                    )
                )
                start += 10
            p = PlayerRecord(
                int(col(line, 5, 8)),
                col(line, 10, 10).strip(),
                col(line, 11, 13).strip(),
                col(line, 15, 47).rstrip(),
                col(line, 49, 52).strip(),
                col(line, 54, 56).strip(),
                col(line, 58, 68).strip(),
                col(line, 70, 79).strip(),
                Decimal(col(line, 81, 84).strip() or "NaN"),
                col(line, 86, 89).strip(),
                rounds,
            )
            trf.players[p.number] = p
        elif tag == "162":
            at = 6
            while at <= len(line):
                trf.scoring[col(line, at, at)] = Decimal(col(line, at + 1, at + 4))
                at += 9
        elif tag == "299":
            ids = [int(col(line, c, c + 3)) for c in range(24, len(line) + 1, 5)]
            trf.adjustments.append((Decimal(col(line, 14, 17)), int(col(line, 20, 22)), ids))
        else:
            assert line[3:4] in ("", " "), f"a record is a 3-character tag and a space: {line!r}"
            trf.tags.setdefault(tag, []).append(line[4:])
    return trf
