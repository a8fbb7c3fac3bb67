"""The articles each pane applies, as the help (`?`) lists them, worded from the event's
profile: its own article numbers ([articles]: a Norway profile's "§4", a FIDE round robin's
"FIDE Laws 10.1"), its points in the order the profiles list them and named, its clocks, its
draw rule, its tie-breaks, and nothing about an Armageddon, a prize or a play-off the event
does not have.

>>> from normtui.assets import default_profile
>>> pane_articles("standings", default_profile())[0]
'§4 Points: win 3, draw and Armageddon won 1½, draw and Armageddon lost 1, loss 0'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from normtui.rules.playoff_format import format_phrase
from normtui.rules.tiebreak_columns import words as tiebreak_words
from normtui.tui.formatting import points

if TYPE_CHECKING:
    from normtui.rules.profile import Profile

__all__ = ["draw_rule", "pane_articles", "points_named"]


def _said(article: str, text: str) -> str:
    """The text after its article ("§4 Points: ..."), or alone where the profile cites none."""
    return f"{article} {text}" if article else f"{text[:1].upper()}{text[1:]}"


def points_named(profile: Profile) -> str:
    """The points in the order the profiles list them, each named: "win 3, draw and
    Armageddon won 1½, draw and Armageddon lost 1, loss 0" ("win 1, draw ½, loss 0")."""
    p = profile.points
    if not profile.classical.armageddon_after_draw:
        return f"win {points(p.win)}, draw {points(p.draw_armageddon_loss)}, loss {points(p.loss)}"
    return (
        f"win {points(p.win)}, draw and Armageddon won {points(p.draw_armageddon_win)}, "
        f"draw and Armageddon lost {points(p.draw_armageddon_loss)}, loss {points(p.loss)}"
    )


def draw_rule(profile: Profile) -> str:
    """The draw-offer rule as the profile words it."""
    cl = profile.classical
    move = cl.draw_agreement_after_black_move
    if move == 0:
        return "draws agreed as the Laws of Chess allow"
    if cl.draw_agreement_rule == "moves_by_each":
        return f"no draw agreed until {move} moves by each player"
    return f"no draw agreed before Black's move {move}"


def _armageddon(profile: Profile) -> str:
    cl = profile.classical
    tc = profile.time_controls["armageddon"].describe()
    return (
        f"Armageddon after a draw: {tc}, same colours, within "
        f"{cl.armageddon_start_within_minutes}' of the draw; a draw is "
        f"{cl.armageddon_draw_winner.capitalize()}'s win"
    )


def _first_place(profile: Profile) -> str:
    art = profile.articles
    if profile.playoff.for_shared_first:
        return _said(art.playoff, "a first place shared on points is played off")
    return _said(art.tiebreaks, "a first place shared on points goes to the tie-breaks")


def _withdrawal(profile: Profile) -> str:
    share = (profile.illness.withdrawal_counted_fraction * 100).normalize()
    return _said(
        profile.articles.withdrawal,
        f"withdrawal under {share:f} % of the games: not counted",
    )


def _illness(profile: Profile) -> str:
    ill = profile.illness

    def refused(may: bool) -> str:
        return "can be refused" if may else "cannot be refused"

    text = (
        f"illness: a free day ({refused(ill.opponent_may_refuse_free_day)}) or the next "
        f"morning ({refused(ill.opponent_may_refuse_morning)})"
    )
    rounds = ill.forfeit_rounds
    if rounds:
        which = f"round {rounds[0]}" if len(rounds) == 1 else f"rounds {rounds[0]}-{rounds[-1]}"
        text += f"; {which} forfeit"
    return text


def pane_articles(pane_id: str, profile: Profile) -> tuple[str, ...]:
    """The articles pane ``pane_id`` applies, worded from ``profile``."""
    art = profile.articles
    armageddons = profile.classical.armageddon_after_draw
    main = _said(
        art.main_games, f"{profile.time_controls['classical'].describe()}; {draw_rule(profile)}"
    )
    armageddon = (_said(art.armageddon or art.main_games, _armageddon(profile)),) * armageddons
    scored = _said(art.points, f"Points: {points_named(profile)}")
    signed = _said(art.scoresheets, "signatures: a result is provisional until countersigned")
    if pane_id == "pairings":
        return (main, *armageddon, scored, signed)
    if pane_id == "pgn":
        return (main, *armageddon, "FIDE Laws: legal moves, how a game ends, its result")
    if pane_id == "standings":
        prizes = profile.prizes
        shared = (
            "prizes shared on equal points"
            + (
                ", except first"
                if not prizes.first_prize_shared and profile.playoff.for_shared_first
                else ""
            )
            if prizes.share_equal_points
            else "prizes by place"
        )
        return (
            scored,
            *((_said(art.prizes, shared),) * prizes.awarded),
            _first_place(profile),
            _said(art.tiebreaks, f"tie-breaks: {tiebreak_words(profile.tiebreaks.order)}"),
            _withdrawal(profile),
        )
    playoff = (
        (_said(art.playoff, f"play-off of two: {format_phrase(profile)}"),)
        if profile.playoff.for_shared_first
        else ()
    )
    if pane_id == "clocks":
        return (main, *armageddon, *playoff)
    if pane_id == "desk":
        duties = profile.duties
        fine = (
            f" or a {points(duties.late_fine)} {duties.late_fine_currency} fine"
            if duties.late_fine
            else ""
        )
        return (
            _said(
                art.duties,
                f"present at the start{fine}; no telephone or other equipment (the Chief "
                "Arbiter decides)",
            ),
            _said(art.illness, _illness(profile)),
            _withdrawal(profile),
        )
    if pane_id == "live":
        return (main, *armageddon, _first_place(profile), signed)
    if pane_id == "playoff":
        return (_first_place(profile), *playoff)
    return ()
