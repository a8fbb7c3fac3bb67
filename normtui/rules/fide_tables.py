"""FIDE's rating and title regulations as data: the two conversion tables, the norm
thresholds, and the numbers the articles name, each with its article.

The sources, read as published in FIDE's handbook:

* B.02, FIDE Rating Regulations effective from 1 March 2024, with the amendment of §8.3.1
  effective from 1 October 2025 (the 400-point rule only for players rated below 2650):
  https://handbook.fide.com/chapter/B022024
* B.01, FIDE Title Regulations effective from 1 January 2024:
  https://handbook.fide.com/chapter/B012024

The tables are written as FIDE prints them, row by row, never computed from the logistic
formula they approximate (it differs from the table by up to 0.01). Table 1.4.9 of the title
regulations is table 8.1.1 of the rating regulations, entry for entry.

>>> DP_BY_PERCENT[50], DP_BY_PERCENT[57], DP_BY_PERCENT[100], DP_BY_PERCENT[0]
(0, 50, 800, -800)
>>> PD_ROWS[0], PD_ROWS[-1]
((0, 3, 50), (736, None, 100))
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

__all__ = [
    "DOUBLE_ROUND_ROBIN_MIN_PLAYERS",
    "DP_BY_PERCENT",
    "HYPOTHETICAL_OPPONENT_RATING",
    "INITIAL_RATING_MAX",
    "K_BY_RULE",
    "K_JUNIOR_AGE",
    "K_JUNIOR_BELOW",
    "K_REACHED",
    "K_TIMES_GAMES_MAX",
    "MAX_HOURS_A_DAY",
    "MAX_ROUNDS_A_DAY",
    "MAX_RULE_DIFFERENCE",
    "MINUTES_FOR_60_MOVES",
    "NORMS",
    "NORM_MAX_COUNTED_GAMES",
    "NORM_MIN_GAMES",
    "NORM_MIN_SCORE_PERCENT",
    "NORM_TITLE_ORDER",
    "NO_CAP_FROM",
    "PD_ROWS",
    "PUBLISHED_AFTER_GAMES",
    "RATED_MINUTES",
    "RATING_FLOOR",
    "RULE_VERSIONS",
    "TITLEHOLDERS",
    "TITLE_ORDER",
    "UNRATED_NORM_RATING",
    "NormTitle",
]

# What normtui applies, as the README, `--help` and every report say it.
RULE_VERSIONS = (
    "FIDE Rating Regulations (B.02) effective 1 March 2024, with the amendment of §8.3.1 "
    "effective 1 October 2025",
    "FIDE Title Regulations (B.01) effective 1 January 2024",
)

# B.02 8.1.2: the rating difference D into the higher-rated player's scoring probability PD,
# in hundredths: (lowest D of the row, highest D, PD of H). PD of L is 100 minus it. The last
# row is "> 735".
PD_ROWS: tuple[tuple[int, int | None, int], ...] = (
    (0, 3, 50),
    (4, 10, 51),
    (11, 17, 52),
    (18, 25, 53),
    (26, 32, 54),
    (33, 39, 55),
    (40, 46, 56),
    (47, 53, 57),
    (54, 61, 58),
    (62, 68, 59),
    (69, 76, 60),
    (77, 83, 61),
    (84, 91, 62),
    (92, 98, 63),
    (99, 106, 64),
    (107, 113, 65),
    (114, 121, 66),
    (122, 129, 67),
    (130, 137, 68),
    (138, 145, 69),
    (146, 153, 70),
    (154, 162, 71),
    (163, 170, 72),
    (171, 179, 73),
    (180, 188, 74),
    (189, 197, 75),
    (198, 206, 76),
    (207, 215, 77),
    (216, 225, 78),
    (226, 235, 79),
    (236, 245, 80),
    (246, 256, 81),
    (257, 267, 82),
    (268, 278, 83),
    (279, 290, 84),
    (291, 302, 85),
    (303, 315, 86),
    (316, 328, 87),
    (329, 344, 88),
    (345, 357, 89),
    (358, 374, 90),
    (375, 391, 91),
    (392, 411, 92),
    (412, 432, 93),
    (433, 456, 94),
    (457, 484, 95),
    (485, 517, 96),
    (518, 559, 97),
    (560, 619, 98),
    (620, 735, 99),
    (736, None, 100),
)

# B.02 8.1.1 (= B.01 1.4.9): the percentage score p into the rating difference dp. FIDE prints
# p from 1.0 down to .50; below 50 the table is the same numbers negated ("the two tables are
# effectively mirror-images", 8.1).
_DP_FROM_50 = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip
DP_BY_PERCENT: MappingProxyType[int, int] = MappingProxyType(
    {50 + i: dp for i, dp in enumerate(_DP_FROM_50)}
    | {50 - i: -dp for i, dp in enumerate(_DP_FROM_50)}
)

# B.02 8.3.1 (from 1 October 2025): a difference of more than 400 points counts as 400, for
# players rated below 2650; from 2650 the real difference is used.
MAX_RULE_DIFFERENCE = 400
NO_CAP_FROM = 2650

# B.02 8.3.3: the development coefficient K and its limit.
K_BY_RULE = MappingProxyType(
    {
        "new": 40,  # new to the list, until 30 games
        "junior": 40,  # to the end of the year of the 18th birthday, while under 2300
        "under_2400": 20,
        "reached_2400": 10,
    }
)
K_JUNIOR_AGE = 18
K_JUNIOR_BELOW = 2300
K_REACHED = 2400
K_TIMES_GAMES_MAX = 700

# B.02 8.2: an unrated player's first rating: two hypothetical draws against 1800, at most
# 2200; B.02 7.1.4: published after 5 games against rated opponents, if at least 1400.
HYPOTHETICAL_OPPONENT_RATING = 1800
INITIAL_RATING_MAX = 2200
PUBLISHED_AFTER_GAMES = 5
RATING_FLOOR = 1400

# B.02 1.1: the least time for 60 moves (minutes per player) for a game to be rated: 120 where
# a player is rated 2400 or more, 90 where one is rated 1800 or more, else 60.
RATED_MINUTES = ((2400, 120), (1800, 90), (0, 60))

# B.01 1.1.2-1.1.3: at most 2 rounds a day; at least 2 hours each for 60 moves; at most 12 hours
# of play a day (two players' time per game, 60 moves).
MAX_ROUNDS_A_DAY = 2
MINUTES_FOR_60_MOVES = 120
MAX_HOURS_A_DAY = 12

# B.01 1.4.1a, 1.4.8b, 1.4.6d.
NORM_MIN_GAMES = 9
NORM_MIN_SCORE_PERCENT = 35
UNRATED_NORM_RATING = 1400
# B.01 1.4.5f: a double round robin needs at least 6 players.
DOUBLE_ROUND_ROBIN_MIN_PLAYERS = 6
# B.01 1.7: a norm from more than 13 rounds counts as 13 games.
NORM_MAX_COUNTED_GAMES = 13

# FIDE's titles, highest first (the order of B.01 0.3 and of the TRF's title field).
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
# B.01 1.4.5a: titleholders, CM and WCM excluded.
TITLEHOLDERS = frozenset({"GM", "IM", "WGM", "FM", "WIM", "WFM"})
# The titles by what they count for among a norm's opponents (1.4.5a-e), most first: each counts
# wherever a later one does (a WIM for a WIM norm, where an FM does not; a WFM as a titleholder,
# where a CM does not). Of a player's open and women's titles, the first is the one recorded,
# and a norm is checked for each title before the one held.
NORM_TITLE_ORDER = ("GM", "IM", "WGM", "WIM", "FM", "WFM", "CM", "WCM")


@dataclass(frozen=True)
class NormTitle:
    """One title's norm requirements (B.01 0.5, 1.4.5-1.4.8)."""

    title: str
    performance: int  # 1.4.8: after rounding; "prior to rounding" it is half a point less
    average: int  # 1.4.8a: the opponents' least average rating
    floor: int  # 1.4.6b: the adjusted rating floor, for one opponent at most
    holders: frozenset[str]  # 1.4.5b-e: who holds this title "or higher"
    women_only: bool  # WGM and WIM are women's titles (0.3)

    @property
    def performance_before_rounding(self) -> float:
        """1.4.8's "minimum level prior to rounding": 2599.5 for a GM norm."""
        return self.performance - 0.5


NORMS: MappingProxyType[str, NormTitle] = MappingProxyType(
    {
        "GM": NormTitle("GM", 2600, 2380, 2200, frozenset({"GM"}), False),
        "IM": NormTitle("IM", 2450, 2230, 2050, frozenset({"GM", "IM"}), False),
        "WGM": NormTitle("WGM", 2400, 2180, 2000, frozenset({"GM", "IM", "WGM"}), True),
        "WIM": NormTitle("WIM", 2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"}), True),
    }
)
