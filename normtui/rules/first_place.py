"""Who has first place, and what decides it when it is shared on points: one answer, from the
event's profile, that the standings, the race for first, the play-off and the report all word.

A profile either plays a shared first place off (``playoff.for_shared_first``: Norway's §5, a
national championship's regulations) or lets the tie-breaks decide it (FIDE's C.07: most round
robins). Whether it *is* shared is a question of points alone, and it is settled only after the
last round: before, "shared" is only true for now.

>>> from decimal import Decimal as D
>>> from normtui.assets import load_profile_file, profile_path
>>> from normtui.rules.standings import Standing
>>> rows = [Standing(n, f"P{n}", D(p), D(0), 0, 0, 3, True) for n, p in ((1, 2.5), (2, 2.5),
...                                                                          (3, 1))]
>>> plain = load_profile_file(profile_path("fide-round-robin"))
>>> first_place(rows, plain, final=True).says({1: "A", 2: "B"})
'Equal first on points: A; B. The tie-breaks decide it (FIDE C.07): A first.'
>>> first_place(rows, load_profile_file(), final=True).says({1: "A", 2: "B"})
'Equal first on points: A; B. The play-off decides it (§5).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from normtui.rules.standings import Standing

if TYPE_CHECKING:
    from normtui.rules.profile import Profile

__all__ = ["Decider", "FirstPlace", "decider", "first_place", "first_place_of", "top_on_points"]

# What decides a first place shared on points under the event's regulations.
Decider = Literal["playoff", "tiebreaks"]


def decider(profile: Profile) -> Decider:
    """The play-off where the profile has one for a shared first place, else the tie-breaks."""
    return "playoff" if profile.playoff.for_shared_first else "tiebreaks"


def top_on_points(standings: Sequence[Standing]) -> tuple[int, ...]:
    """The counted players on the most points, in standings order (the tie-breaks' order)."""
    counted = [r for r in standings if r.counted]
    if not counted:
        return ()
    top = counted[0].points
    return tuple(r.number for r in counted if r.points == top)


@dataclass(frozen=True)
class FirstPlace:
    """The players on the most points (``players``, the tie-breaks' order), what decides a
    share of first place (``decider``), whether every main game is played (``final``: the
    question is settled), and the articles to cite."""

    players: tuple[int, ...]
    decider: Decider
    final: bool
    playoff_article: str = ""
    tiebreaks_article: str = ""
    # Whether the tie-breaks leave the first of ``players`` alone in first place (a share
    # they cannot break stays shared: "1-2").
    separated: bool = True

    @property
    def shared(self) -> bool:
        """First place is shared on points (now; for good once ``final``)."""
        return len(self.players) > 1

    @property
    def playoff_needed(self) -> bool:
        """A play-off is to be played: first place shared after the last round, in an event
        that plays one."""
        return self.final and self.shared and self.decider == "playoff"

    @property
    def leader(self) -> int | None:
        """Who is first on the table (the tie-breaks' first where the tie-breaks decide a
        share); ``None`` while a play-off decides it, or with nobody counted."""
        if not self.players or (self.shared and self.decider == "playoff"):
            return None
        return self.players[0]

    def how(self) -> str:
        """How a share is decided, as a sentence: "The play-off decides it (§5)."."""
        if self.decider == "playoff":
            return f"The play-off decides it{_cite(self.playoff_article)}."
        return f"The tie-breaks decide it{_cite(self.tiebreaks_article)}."

    def share_note(self) -> str:
        """What a share of first place means, as a parenthesis says it (the article after a
        comma: it is already in one)."""
        if self.decider == "playoff":
            return "a share of first place is played off" + _after(self.playoff_article)
        return "the tie-breaks decide a share of first place" + _after(self.tiebreaks_article)

    def says(self, names: Mapping[int, str]) -> str:
        """The one sentence every output says of first place."""
        if not self.players:
            return "Nobody is ranked yet."
        if not self.shared:
            return f"{'First place' if self.final else 'Leading'}: {names[self.players[0]]}."
        who = "; ".join(names[n] for n in self.players)
        if not self.final:
            if self.decider == "playoff":
                return (
                    f"First place is shared now: {who}. If it still is after the last "
                    f"round, a play-off decides it{_cite(self.playoff_article)}."
                )
            return f"First place is shared on points now: {who}. {self.how()}"
        if self.decider == "playoff":
            return f"Equal first on points: {who}. {self.how()}"
        if not self.separated:
            return f"Equal first on points: {who}. {self.how()[:-1]}, and leave it shared."
        return f"Equal first on points: {who}. {self.how()[:-1]}: {names[self.players[0]]} first."


def _cite(article: str) -> str:
    return f" ({article})" if article else ""


def _after(article: str) -> str:
    return f", {article}" if article else ""


def first_place(standings: Sequence[Standing], profile: Profile, *, final: bool) -> FirstPlace:
    """First place in ``standings`` (the main table, best first) under ``profile``; ``final``
    once every main game is complete."""
    counted = [r for r in standings if r.counted]
    separated = not counted or counted[0].shared_rank in (None, "1")
    return first_place_of(top_on_points(standings), profile, final=final, separated=separated)


def first_place_of(
    players: Sequence[int], profile: Profile, *, final: bool, separated: bool = True
) -> FirstPlace:
    """First place when ``players`` (tie-breaks' order) are the ones on the most points."""
    return FirstPlace(
        tuple(players),
        decider(profile),
        final,
        profile.articles.playoff,
        profile.articles.tiebreaks,
        separated,
    )
