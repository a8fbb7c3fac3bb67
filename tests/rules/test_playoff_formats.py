"""A play-off of any format, as the regulations write it (profile: ``[playoff]``): matches,
then an Armageddon, sudden death, further matches or lots; the colours drawn or given by the
arbiter; and the phrase that says it (``new --playoff``, ``playoff --format``)."""

from __future__ import annotations

import dataclasses
import itertools
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from normtui.assets import builtin_profiles, load_profile_file
from normtui.rules.final import final_table
from normtui.rules.model import Colour, RuleError
from normtui.rules.playoff import LOT_DRAWING, PlayoffState, format_name, playoff_state
from normtui.rules.playoff_format import FormatError, format_phrase, parse_format
from normtui.rules.profile import Profile, TimeControl
from normtui.rules.standings import Standing

# Tata Steel Masters 2025, tiebreak regulations B and C: two 3' + 2" games, colours of the
# first drawn; tied, sudden-death games at White 2'30", Black 3', +2" until one is won, the
# first one's colours drawn, "the other player will play white in the next two 'sudden death'
# games. After three 'sudden death games' the first player will play white in the next two".
TATA = "2 blitz 3+2, then sudden death 2:30/3+2 colours by lot in pairs"


def row(number: int, points: str, rank: int) -> Standing:
    return Standing(number, f"P{number}", D(points), D(0), 0, 0, 13, True, rank, str(rank))


TWO_TIED = [row(2, "8.5", 1), row(5, "8.5", 1), *(row(n, "7", 3) for n in (1, 3, 4, 6))]


def with_format(profile: Profile, phrase: str) -> Profile:
    """``profile`` with the play-off ``phrase`` says (its clocks added as the store adds them)."""
    change = parse_format(phrase, profile)
    rules = dataclasses.replace(profile.playoff, **change.keys)  # type: ignore[arg-type]
    controls = {**profile.time_controls, **change.controls}
    return dataclasses.replace(profile, playoff=rules, time_controls=controls)


def play(profile: Profile, results: list[str], **kw: object) -> PlayoffState:
    """The play-off after ``results`` entered one by one, each for the game then due."""
    entered: dict[str, str] = {}
    state = playoff_state(TWO_TIED, profile, seed=kw.pop("seed", 42), **kw)  # type: ignore[arg-type]
    for result in results:
        assert state.next_game is not None, state.status
        entered[state.next_game.id] = result
        state = playoff_state(TWO_TIED, profile, seed=42, results=entered, **kw)  # type: ignore[arg-type]
    return state


def test_tata_steel_two_blitz_games_then_sudden_death_to_a_winner(profile):
    tata = with_format(profile, TATA)
    state = play(tata, [])
    assert (state.format, format_name(tata, "match")) == (
        "match",
        "2-game match, then sudden death",
    )
    m1 = state.next_game
    assert m1 is not None and (m1.id, m1.kind, m1.drawn) == ("M1", "blitz", True)
    assert tata.time_controls[m1.time_control].describe() == "3' + 2\""
    state = play(tata, ["1-0", "1-0"])  # each wins with White: 1-1, sudden death
    s1 = state.next_game
    assert s1 is not None and (s1.id, s1.kind, s1.drawn) == ("S1", "sudden_death", True)
    assert state.status == "Match tied 1-1: sudden death, game 1"
    assert tata.time_controls[s1.time_control].describe() == "White 2'30\", Black 3', +2\""
    state = play(tata, ["1-0", "1-0", "1/2-1/2", "1/2-1/2"])
    assert state.status == "Match tied 1-1: sudden death, game 3 (2 games drawn)"
    state = play(tata, ["1-0", "1-0", "1/2-1/2", "1/2-1/2", "0-1"])
    s3 = state.games[-1]
    assert state.winner == s3.black and state.status == "Sudden death won in game 3"
    assert state.next_game is None and not state.decided_by_lots


def test_tata_steel_sudden_death_colours_change_every_two_games(profile):
    """A (drawn), then B twice, A twice, B twice ..."""
    state = play(with_format(profile, TATA), ["1-0", "1-0", *["1/2-1/2"] * 7])
    sudden = [g for g in state.games if g.kind == "sudden_death"]
    a = sudden[0].white
    b = sudden[0].black
    assert [g.white for g in sudden] == [a, b, b, a, a, b, b, a]


def test_sudden_death_alternates_from_the_last_game_by_default(profile):
    state = play(
        with_format(profile, "2 blitz, then sudden death"), ["1-0", "1-0", "1/2-1/2", "1/2-1/2"]
    )
    m2, s1, s2, s3 = state.games[1:]
    assert (s1.white, s2.white, s3.white) == (m2.black, m2.white, m2.black)
    assert not s1.drawn  # the colours follow the game before: nothing drawn


def test_the_arbiter_gives_the_colours_drawn_at_the_board(profile):
    tata = with_format(profile, TATA)
    seeded = play(tata, ["1-0", "1-0"])
    s1 = seeded.next_game
    assert s1 is not None
    other = s1.black
    given = play(tata, ["1-0", "1-0"], drawn={"M1": 5, "S1": other})
    assert given.games[0].white == 5 and given.next_game.white == other  # type: ignore[union-attr]
    with pytest.raises(RuleError, match="colours are recorded for play-off game M2"):
        play(tata, ["1-0"], drawn={"M2": 5})
    with pytest.raises(RuleError, match="player 9 is not in the play-off"):
        play(tata, [], drawn={"M1": 9})


def test_a_capped_sudden_death_then_an_armageddon(profile):
    capped = with_format(profile, "2 blitz, then sudden death up to 2, then armageddon")
    state = play(capped, ["1-0", "1-0", "1/2-1/2", "1/2-1/2"])
    assert state.status == "Match tied 1-1, then 2 sudden-death games drawn: Armageddon"
    arm = state.next_game
    assert arm is not None and arm.id == "A"
    decided = play(capped, ["1-0", "1-0", "1/2-1/2", "1/2-1/2", "1/2-1/2"])
    assert decided.winner == arm.black  # draw odds


def test_lots_decide_from_the_seed_or_the_drawing_at_the_board(profile):
    lots = with_format(profile, "2 blitz, then lots")
    state = play(lots, ["1-0", "1-0"])
    assert state.decided_by_lots and state.winner in (2, 5)
    assert state.status == "Match tied 1-1: decided by lot (drawn from the seed 42)"
    other = 7 - state.winner  # type: ignore[operator]
    board = play(lots, ["1-0", "1-0"], drawn={LOT_DRAWING: other})
    assert board.winner == other
    assert board.status == "Match tied 1-1: decided by lot (drawn at the board, recorded)"
    # A drawing for a step the play-off does not come to has no effect.
    assert play(lots, ["1-0", "0-1"], drawn={LOT_DRAWING: 5}).winner == 2


def test_matches_until_one_is_won(profile):
    matches = with_format(profile, "2 blitz, then matches")
    state = play(matches, ["1-0", "1-0", "1/2-1/2", "1/2-1/2", "1/2-1/2", "1/2-1/2"])
    assert state.next_game is not None and state.next_game.id == "M7"
    assert state.status == "Match 4, game 1 of 2"
    won = play(matches, ["1-0", "1-0", "1/2-1/2", "1/2-1/2", "1-0", "1/2-1/2"])
    assert won.status == "Match 3 won 1½-½"


def test_every_built_in_profile_keeps_its_play_off(profile):
    """The keys added take defaults that are the play-off as it was: one Armageddon after
    the last match, and the phrase of every built-in profile reads back to its rules."""
    for name, path in builtin_profiles().items():
        built_in = load_profile_file(path)
        rules = built_in.playoff
        assert (rules.after_match, rules.sudden_death_games) == ("armageddon", 0), name
        assert with_format(built_in, format_phrase(built_in)).playoff == rules, name
        if rules.for_shared_first:
            state = play(built_in, ["1-0"] * rules.match_games)
            assert state.winner is not None or rules.match_games % 2 == 0
            tied = play(built_in, ["1/2-1/2"] * rules.match_games * rules.matches)
            nxt = tied.next_game
            assert (nxt is not None and nxt.id == "A") or tied.waiting_for_choice, name


@pytest.mark.parametrize(
    ("phrase", "message"),
    [
        ("", "the play-off is not said"),
        ("2 blitz", "say what decides a tied match"),
        ("blitz, then lots", "the play-off starts with its match"),
        ("2 blitz, then sudden death, then lots", "give it its most games"),
        ("2 blitz, then sudden death up to 2", "say what follows 2 drawn"),
        ("2 blitz, then lots, then armageddon", "nothing follows 'lots'"),
        ("2 blitz, then 3 blitz, then lots", "every match has the first one's games"),
        ("2 blitz, then penalties", "not a step of a play-off here"),
        ("2 rapid, then lots", "give the rapid games' clock"),
        ("2 blitz 2.51+2, then lots", "is not whole seconds"),
    ],
)
def test_a_phrase_that_says_no_format_is_refused_by_name(profile, phrase, message):
    with pytest.raises(FormatError, match=message):
        parse_format(phrase, profile)


def test_none_is_no_play_off(profile):
    assert parse_format("none", profile).keys == {"for_shared_first": False}


# -- properties --------------------------------------------------------------------------------

PHRASES = st.builds(
    lambda games, matches, step, cap, after, first, pairs, clock: ", then ".join(
        [f"{games} blitz{clock}"] * matches
        + (
            [
                "sudden death"
                + (f" up to {cap}" if cap else "")
                + (" colours by lot" if first else "")
                + (" in pairs" if pairs else ""),
                *([after] if cap else []),
            ]
            if step == "sudden death"
            else [step]
        )
    ),
    st.integers(1, 4),
    st.integers(1, 3),
    st.sampled_from(["armageddon", "sudden death", "lots", "matches"]),
    st.integers(0, 3),
    st.sampled_from(["armageddon", "lots"]),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["", " 3+2", " 5+3", " 2:30/3+2"]),
)


@settings(max_examples=150, deadline=None)
@given(
    PHRASES, st.lists(st.sampled_from(["1-0", "0-1", "1/2-1/2"]), max_size=30), st.integers(0, 9)
)
def test_a_play_off_ends_with_one_winner_or_says_what_is_next(phrase, results, seed):
    """Whatever the format and the results, the play-off has exactly one of: a game due, a
    colour choice awaited, or its winner; a format without an open end ends with a winner
    once its games are played; and colours go as the profile says."""
    from normtui.assets import default_profile

    profile = with_format(default_profile(), phrase)
    assert with_format(profile, format_phrase(profile)).playoff == profile.playoff
    entered: dict[str, str] = {}
    state = playoff_state(TWO_TIED, profile, seed=seed)
    for result in results:
        waiting = [state.next_game is not None, state.waiting_for_choice is not None]
        assert sum(waiting) + (state.winner is not None) == 1, state
        if state.next_game is None:
            break
        entered[state.next_game.id] = result
        state = playoff_state(TWO_TIED, profile, seed=seed, results=entered)
    _colours_go_as_the_profile_says(state, profile)
    if not state.open_ended and state.winner is None and state.waiting_for_choice is None:
        # Play it out: every remaining game drawn, still a winner at the end.
        while state.next_game is not None:
            entered[state.next_game.id] = "1/2-1/2"
            state = playoff_state(TWO_TIED, profile, seed=seed, results=entered)
        if state.waiting_for_choice is not None:
            state = playoff_state(
                TWO_TIED, profile, seed=seed, results=entered, armageddon_choice=Colour.WHITE
            )
            entered["A"] = "1/2-1/2"
            state = playoff_state(
                TWO_TIED, profile, seed=seed, results=entered, armageddon_choice=Colour.WHITE
            )
        assert state.winner in (2, 5), state.status
    if state.winner is not None:
        _final_table_agrees(state, profile)


def _colours_go_as_the_profile_says(state: PlayoffState, profile: Profile) -> None:
    rules = profile.playoff
    match = [g for g in state.games if g.kind == "blitz"]
    for i in range(1, len(match)):
        if i % rules.match_games:  # within a match the colours alternate
            assert match[i].white == match[i - 1].black
    sudden = [g for g in state.games if g.kind == "sudden_death"]
    if sudden and rules.sudden_death_first_white == "alternate":
        assert sudden[0].white == match[-1].black
    for n in range(1, len(sudden)):
        if rules.sudden_death_colours == "alternate":
            assert sudden[n].white == sudden[n - 1].black
        else:
            first = sudden[0].white
            assert sudden[n].white == (first if (n - 1) // 2 % 2 else sudden[0].black)


def _final_table_agrees(state: PlayoffState, profile: Profile) -> None:
    """The final table is a total order with the play-off's winner first and its loser
    second; the others keep the main table's order."""
    table = final_table(TWO_TIED, profile, state)
    ranks = [r.standing.rank for r in table.rows]
    assert table.rows[0].number == state.winner
    assert table.rows[1].number in state.players and ranks[:2] == [1, 2]
    rest = [r.number for r in table.rows[2:]]
    assert rest == [r.number for r in TWO_TIED if r.number not in state.players]
    assert all(a is not None and b is not None and a <= b for a, b in itertools.pairwise(ranks))


def test_time_control_of_a_phrase_is_one_period(profile):
    change = parse_format("1 rapid 15+10, then armageddon 10/7+1 from move 41", profile)
    assert change.controls == {
        "playoff_rapid": TimeControl(900, 900, 10, 1),
        "playoff_armageddon": TimeControl(600, 420, 1, 41),
    }
