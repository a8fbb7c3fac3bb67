"""§5: the play-off when first place is shared.

Two players: a match of ``match_games`` blitz games (colours of game 1 by lot, alternating); if
it is tied and the profile plays more ``matches`` (2024: "a further match"), another match
with its colours drawn again; if the last match is tied, one Armageddon game in which a draw
counts for the profile's draw winner (Black). Three or more: a double round robin (Berger,
FIDE's order of the second cycle) ranked by points and the profile's tie-breaks (2022:
Sonneborn-Berger, wins, wins with Black, lots), computed from its own games or, when the
profile says so (2024), from the classical games of the main event.

The whole play-off is a pure function of the final standings, one recorded seed and the results
entered so far: the store keeps only those, and every game, colour and lot is derived again on
each read, so nothing can drift out of step.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal

from normtui.rules import tiebreaks
from normtui.rules.berger import berger_schedule
from normtui.rules.first_place import first_place, top_on_points
from normtui.rules.lots import lots_order
from normtui.rules.model import ArmageddonResult, Colour, MainResult, RuleError, parse_result
from normtui.rules.profile import Profile, TimeControl
from normtui.rules.scoring import blitz_points
from normtui.rules.standings import Standing, add_group_tiebreaks, rank_rows, tiebreak_key
from normtui.rules.tiebreaks import Scored

__all__ = [
    "LOT_DRAWING",
    "PlayoffGame",
    "PlayoffState",
    "lot",
    "not_needed",
    "parse_playoff_result",
    "playoff_players",
    "playoff_state",
    "time_control_of",
]

Kind = Literal["blitz", "sudden_death", "armageddon"]
Format = Literal["match", "double_round_robin"]
_ARTICLE = "Regulations §5"
_BOARD_RESULTS = ("1-0", "0-1", "1/2-1/2")
# The key of the drawing of lots that decides a play-off (``after_match = "lots"``) among the
# drawings the arbiter records, which are otherwise game ids.
LOT_DRAWING = "LOT"


def lot(seed: int, purpose: str) -> random.Random:
    """A generator for one drawing of lots: the same seed and purpose draw the same way on any
    machine (string seeds are hashed with SHA-512 by :mod:`random`, and ``random()`` is the one
    method whose sequence Python keeps stable)."""
    return random.Random(f"normtui:{seed}:{purpose}")


def _seed_for(seed: int, purpose: str) -> int:
    """One recorded seed serves several drawings; each gets its own, derived reproducibly."""
    return int.from_bytes(hashlib.sha256(f"normtui:{seed}:{purpose}".encode()).digest()[:8])


@dataclass(frozen=True)
class PlayoffGame:
    """One play-off game; ``id`` is "M1", "M2", "A" (match) or "R3.2" (round 3, board 2)."""

    id: str
    kind: Kind
    round: int
    board: int
    white: int
    black: int
    result: str | None = None
    time_control: str = "playoff_blitz"
    # Whether its colours are drawn by lot (the arbiter may record the drawing made at the
    # board instead: ``playoff --white``).
    drawn: bool = False


@dataclass(frozen=True)
class PlayoffState:
    """``planned`` lists every game id the play-off can still come to (the Armageddon only if
    the match is tied), so that a game that is not due yet is told apart from a mistyped one."""

    needed: bool
    format: Format | None
    players: tuple[int, ...]
    games: tuple[PlayoffGame, ...] = ()
    winner: int | None = None
    status: str = ""
    next_game: PlayoffGame | None = None
    table: tuple[Standing, ...] = ()
    decided_by_lots: bool = False
    waiting_for_choice: int | None = None
    notes: tuple[str, ...] = field(default=())
    planned: tuple[str, ...] = ()
    # The letters of the games that go on without end while drawn ("S": sudden death).
    open_ended: str = ""

    @property
    def due(self) -> tuple[PlayoffGame, ...]:
        """The games that may be played now: those without a result (in a round robin, the
        whole current round)."""
        return tuple(g for g in self.games if g.result is None)

    def game(self, game_id: str) -> PlayoffGame:
        for g in self.games:
            if g.id == game_id:
                return g
        if self.winner is not None and self.needed:
            raise RuleError(f"no play-off game {game_id}: the play-off is decided", _ARTICLE)
        if game_id == "A" and self.waiting_for_choice is not None:
            raise RuleError(
                "no play-off game A yet: the player higher on the tie-breaks "
                "chooses its colours first",
                _ARTICLE,
            )
        letter, number = game_id[:1], game_id[1:]
        if game_id in self.planned or (
            letter in self.open_ended and number.isdigit() and number.isascii()
        ):
            tied = self.format == "match" and letter in ("A", "S")
            why = " (played only if the match is tied)" if tied else ""
            nxt = f"; the next game is {self.next_game.id}" if self.next_game else ""
            raise RuleError(f"no play-off game {game_id} yet: it is not due{why}{nxt}", _ARTICLE)
        known = ", ".join(g.id for g in self.games) or "none yet"
        raise RuleError(f"no play-off game {game_id!r} (games: {known})", _ARTICLE)


def not_needed(profile: Profile) -> str:
    """Why no play-off can start: first place is not shared, or the event has none."""
    if not profile.playoff.for_shared_first:
        return "this event has no play-off: the tie-breaks decide a shared first place"
    return "first place is not shared: no play-off is needed"


def playoff_players(standings: Sequence[Standing]) -> tuple[int, ...]:
    """The counted players sharing first place on points, in standings order."""
    return top_on_points(standings)


def _score(result: str, profile: Profile) -> tuple[Decimal, Decimal]:
    return blitz_points(MainResult(result), profile.blitz_points)


def parse_playoff_result(text: str) -> str:
    """A play-off result as typed ("1-0", "½-½", "="), in the stored spelling.

    >>> parse_playoff_result("½-½")
    '1/2-1/2'
    """
    try:
        value = parse_result(text).value
    except RuleError:
        value = ""
    if value not in _BOARD_RESULTS:
        # Forfeits are refused too: §5 knows only games played, and a play-off game that
        # cannot be played is a decision for the Chief Arbiter, not a result to type.
        raise RuleError(f"{text!r} is not a play-off result; use 1-0, 0-1 or 1/2-1/2", _ARTICLE)
    return value


def _with_result(game: PlayoffGame, result: str) -> PlayoffGame:
    if result not in _BOARD_RESULTS:
        raise RuleError(
            f"play-off game {game.id}: {result!r} is not a result; use 1-0, 0-1 or 1/2-1/2",
            _ARTICLE,
        )
    return dataclasses.replace(game, result=result)


def playoff_state(
    standings: Sequence[Standing],
    profile: Profile,
    *,
    seed: int | None,
    results: Mapping[str, str] | None = None,
    armageddon_choice: Colour | None = None,
    classical: Sequence[Scored] = (),
    drawn: Mapping[str, int] | None = None,
) -> PlayoffState:
    """Where the play-off stands. ``seed`` is ``None`` until the arbiter starts it.

    ``drawn``: the drawings of lots the arbiter made at the board and recorded, by the id of
    the game whose colours they drew (its White) or ``LOT_DRAWING`` (the winner, where lots
    decide the play-off); every other drawing is the seed's.

    ``armageddon_choice`` is the colour chosen by the higher-ranked player when the profile
    lets them choose (``playoff.armageddon_colours = "higher_ranked_chooses"``).
    ``classical``: the main event's classical games, 1 / ½ / 0, for a profile whose round
    robin breaks its ties on them (``normtui.rules.standings.classical_games``).
    """
    results = dict(results or {})
    drawn = dict(drawn or {})
    players = playoff_players(standings)
    first = first_place(standings, profile, final=True)
    if not first.playoff_needed:
        # Not shared, or shared in an event whose tie-breaks decide it: the one answer of
        # normtui.rules.first_place, as the standings and the report say it.
        names = {r.number: r.name for r in standings}
        return PlayoffState(
            False, None, players, winner=players[0] if players else None, status=first.says(names)
        )
    fmt: Format = "match" if len(players) == 2 else "double_round_robin"
    if seed is None:
        return PlayoffState(
            True,
            fmt,
            players,
            status=f"Play-off needed ({format_name(profile, fmt)}); not started.",
        )
    if fmt == "match":
        state = _match(players, profile, seed, results, armageddon_choice, drawn)
    else:
        if drawn:
            raise RuleError(
                "the round robin's colours follow its Berger table: no colours are drawn",
                _ARTICLE,
            )
        names = {r.number: r.name for r in standings}
        state = _round_robin(players, profile, seed, results, classical, names)
    planned, open_ended = _planned(fmt, len(players), profile)
    return dataclasses.replace(state, planned=planned, open_ended=open_ended)


def _planned(fmt: Format, players: int, profile: Profile) -> tuple[tuple[str, ...], str]:
    """The ids of every game the play-off can come to, and the letters of those that go on
    as long as they are drawn (sudden death until a game is won: "S"; matches: "M")."""
    rules = profile.playoff
    if fmt == "match":
        matches = rules.matches if rules.after_match != "match" else 1
        ids = [f"M{n}" for n in range(1, matches * rules.match_games + 1)]
        open_ended = "M" if rules.after_match == "match" else ""
        step = rules.after_match
        if step == "sudden_death":
            cap = rules.sudden_death_games
            ids += [f"S{n}" for n in range(1, (cap or 1) + 1)]
            open_ended += "" if cap else "S"
            step = rules.after_sudden_death if cap else ""
        if step == "armageddon":
            ids.append("A")
        return tuple(ids), open_ended
    schedule = berger_schedule(
        players, rules.round_robin_cycles, second_cycle=rules.round_robin_second_cycle
    )
    ids = [f"R{p.round}.{p.board}" for rnd in schedule for p in rnd if p.black is not None]
    return tuple(ids), ""


def format_name(profile: Profile, fmt: Format | None) -> str:
    """The play-off's format in a few words: "2-game match" (then an Armageddon), "2-game
    match, then sudden death", "double round robin".

    >>> from normtui.assets import default_profile
    >>> format_name(default_profile(), "match"), format_name(default_profile(), None)
    ('2-game match', 'double round robin')
    """
    rules = profile.playoff
    if fmt != "match":
        return "double round robin"
    match = f"{rules.match_games}-game match"
    if rules.after_match == "match":
        return f"{match}es until one is won"
    if rules.after_match == "lots":
        return f"{match}, then a drawing of lots"
    if rules.after_match == "sudden_death":
        cap = rules.sudden_death_games
        if not cap:
            return f"{match}, then sudden death"
        last = "an Armageddon" if rules.after_sudden_death == "armageddon" else "a drawing of lots"
        return f"{match}, then up to {_count(cap, 'sudden-death game')}, then {last}"
    return match


def _unknown_results(results: Mapping[str, str], games: Sequence[PlayoffGame]) -> None:
    ids = {g.id for g in games}
    for game_id in results:
        if game_id not in ids:
            raise RuleError(
                f"a result is recorded for play-off game {game_id!r}, which is not due", _ARTICLE
            )


def _match(
    players: tuple[int, ...],
    profile: Profile,
    seed: int,
    results: Mapping[str, str],
    choice: Colour | None,
    drawn: Mapping[str, int],
) -> PlayoffState:
    """Two players: the profile's sequence, step by step as far as the results go (matches,
    then what decides a tied one: an Armageddon, sudden death, further matches, lots)."""
    run = _Run(players, profile, seed, results, drawn)
    state = run.matches()
    if state is not None:
        return run.checked(state)
    rules = profile.playoff
    step = rules.after_match
    if step == "sudden_death":
        state = run.sudden_death()
        if state is not None:
            return run.checked(state)
        step = rules.after_sudden_death
    if step == "lots":
        return run.checked(run.lots())
    return run.checked(run.armageddon(choice))


class _Run:
    """One derivation of a two-player play-off: the games so far, and what the last step
    said of them (``tied``: the line the next step's status starts with)."""

    def __init__(
        self,
        players: tuple[int, ...],
        profile: Profile,
        seed: int,
        results: Mapping[str, str],
        drawn: Mapping[str, int],
    ) -> None:
        self.a, self.b = players
        self.players = players
        self.profile = profile
        self.rules = profile.playoff
        self.seed = seed
        self.results = results
        self.drawn = drawn
        self.games: list[PlayoffGame] = []
        self.tied = ""

    def other(self, player: int) -> int:
        return self.b if player == self.a else self.a

    def colours(self, game_id: str, purpose: str) -> tuple[int, int]:
        """(White, Black) of a game whose colours are drawn: the arbiter's drawing where one
        is recorded, else the lot ``purpose`` drawn from the seed."""
        white = self.drawn.get(game_id)
        if white is None:
            white = self.a if lot(self.seed, purpose).random() < 0.5 else self.b
        return white, self.other(white)

    def game(self, gid: str, kind: Kind, white: int, control: str, *, drawn: bool) -> PlayoffGame:
        """The game ``gid`` with its result if entered; kept in the run's games."""
        number = len(self.games) + 1
        game = PlayoffGame(gid, kind, number, 1, white, self.other(white), None, control, drawn)
        res = self.results.get(gid)
        if res is not None:
            game = _with_result(game, res)
        self.games.append(game)
        return game

    def state(
        self,
        *,
        status: str,
        next_game: PlayoffGame | None = None,
        winner: int | None = None,
        waiting_for_choice: int | None = None,
        decided_by_lots: bool = False,
        notes: tuple[str, ...] = (),
    ) -> PlayoffState:
        return PlayoffState(
            True,
            "match",
            self.players,
            tuple(self.games),
            winner=winner,
            status=status,
            next_game=next_game,
            decided_by_lots=decided_by_lots,
            waiting_for_choice=waiting_for_choice,
            notes=notes,
        )

    def checked(self, state: PlayoffState) -> PlayoffState:
        """``state``, once no result is recorded for a game that is not due, and no drawing
        of colours for a game whose colours are not drawn. A drawing for a game the play-off
        has not come to (or no longer comes to, after a correction) has no effect."""
        _unknown_results(self.results, self.games)
        played = {g.id: g for g in self.games}
        for gid, white in self.drawn.items():
            if gid in played and not played[gid].drawn:
                raise RuleError(
                    f"colours are recorded for play-off game {gid}, whose colours are not "
                    "drawn now",
                    _ARTICLE,
                )
            if white not in self.players:
                raise RuleError(f"player {white} is not in the play-off", _ARTICLE)
        return state

    def matches(self) -> PlayoffState | None:
        """The matches: a state once one is under way or won; None when the last is tied
        (``tied`` says how)."""
        rules = self.rules
        match = 0
        score = {self.a: Decimal(0), self.b: Decimal(0)}
        while match < rules.matches or rules.after_match == "match":
            match += 1
            # Each match draws its own colours; the first keeps the purpose it always had, so
            # a recorded seed draws what it drew before there was a second match.
            purpose = "match colours" if match == 1 else f"match {match} colours"
            first_id = f"M{(match - 1) * rules.match_games + 1}"
            first_white, _ = self.colours(first_id, purpose)
            score = {self.a: Decimal(0), self.b: Decimal(0)}
            for n in range(1, rules.match_games + 1):
                number = (match - 1) * rules.match_games + n
                white = first_white if n % 2 else self.other(first_white)
                game = self.game(
                    f"M{number}", "blitz", white, rules.match_time_control, drawn=n == 1
                )
                if game.result is None:
                    return self.state(
                        status=_game_of(match, n, self._matches_said(), rules.match_games),
                        next_game=game,
                    )
                sw, sb = _score(game.result, self.profile)
                score[game.white] += sw
                score[game.black] += sb
            if score[self.a] != score[self.b]:
                winner = self.a if score[self.a] > score[self.b] else self.b
                which = "Match" if self._matches_said() == 1 else f"Match {match}"
                high, low = max(score.values()), min(score.values())
                return self.state(winner=winner, status=f"{which} won {_pts(high)}-{_pts(low)}")
        which = "Match" if rules.matches == 1 else f"Match {rules.matches}"
        self.tied = f"{which} tied {_pts(score[self.a])}-{_pts(score[self.b])}"
        return None

    def _matches_said(self) -> int:
        """How many matches the status counts ("Match 2, game 1 of 2"); with matches until
        one is won, any number (0 says the match's number without "of")."""
        return 2 if self.rules.after_match == "match" else self.rules.matches

    def sudden_death(self) -> PlayoffState | None:
        """Sudden-death games until one is won: a state while one is due or once one is won;
        None when the most games allowed were all drawn."""
        rules = self.rules
        n = 0
        first_white = 0
        while rules.sudden_death_games == 0 or n < rules.sudden_death_games:
            n += 1
            if n == 1:
                if rules.sudden_death_first_white == "lots":
                    first_white, _ = self.colours("S1", "sudden death colours")
                else:  # the colours of the game before, reversed
                    first_white = self.games[-1].black
                white = first_white
            elif rules.sudden_death_colours == "pairs":
                # A, then B twice, A twice, ...: "the other player will play white in the next
                # two games" (Tata Steel).
                white = self.other(first_white) if (n - 2) // 2 % 2 == 0 else first_white
            else:
                white = self.games[-1].black
            drawn = n == 1 and rules.sudden_death_first_white == "lots"
            game = self.game(
                f"S{n}", "sudden_death", white, rules.sudden_death_time_control, drawn=drawn
            )
            if game.result is None:
                cap = rules.sudden_death_games
                status = f"{self.tied}: sudden death, game {n}" + (
                    f" of at most {cap}" if cap else ""
                )
                if n > 1:
                    status += f" ({_count(n - 1, 'game')} drawn)"
                return self.state(status=status, next_game=game)
            if game.result != "1/2-1/2":
                winner = game.white if game.result == "1-0" else game.black
                return self.state(winner=winner, status=f"Sudden death won in game {n}")
        cap = rules.sudden_death_games
        self.tied = f"{self.tied}, then {_count(cap, 'sudden-death game')} drawn"
        return None

    def lots(self) -> PlayoffState:
        """The drawing of lots decides: the arbiter's drawing where one is recorded, else the
        lot drawn from the seed."""
        winner = self.drawn.get(LOT_DRAWING)
        recorded = winner is not None
        if winner is None:
            winner = self.a if lot(self.seed, "play-off lots").random() < 0.5 else self.b
        how = "drawn at the board, recorded" if recorded else f"drawn from the seed {self.seed}"
        return self.state(
            winner=winner,
            status=f"{self.tied}: decided by lot ({how})",
            decided_by_lots=True,
        )

    def armageddon(self, choice: Colour | None) -> PlayoffState:
        rules = self.rules
        tied = f"{self.tied}: Armageddon"
        if rules.armageddon_colours == "higher_ranked_chooses":
            if choice is None:
                return self.state(
                    status=f"{tied}; the player higher on the tie-breaks chooses colours",
                    waiting_for_choice=self.a,
                )
            white = self.a if choice is Colour.WHITE else self.b
        else:
            white, _ = self.colours("A", "armageddon colours")
        drawn = rules.armageddon_colours != "higher_ranked_chooses"
        arm = self.game("A", "armageddon", white, rules.armageddon_time_control, drawn=drawn)
        if arm.result is None:
            return self.state(status=tied, next_game=arm)
        winner_colour = ArmageddonResult(arm.result).winner(rules.armageddon_draw_winner)
        winner = arm.white if winner_colour is Colour.WHITE else arm.black
        note = (
            "The Armageddon was drawn: Black wins (draw odds, §5)."
            if arm.result == "1/2-1/2"
            else ""
        )
        return self.state(
            winner=winner,
            status="Armageddon decided the match",
            notes=(note,) if note else (),
        )


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' * (n != 1)}"


def _game_of(match: int, game: int, matches: int, games: int) -> str:
    """ "Match game 1 of 2", or with a further match "Match 2, game 1 of 2"."""
    if matches == 1:
        return f"Match game {game} of {games}"
    return f"Match {match}, game {game} of {games}"


def _pts(value: Decimal) -> str:
    """Scores as written on a match sheet: 1½, ½, 2."""
    whole = int(value)
    if value == whole:
        return str(whole)
    return f"{whole or ''}½"


def _round_robin(
    players: tuple[int, ...],
    profile: Profile,
    seed: int,
    results: Mapping[str, str],
    classical: Sequence[Scored],
    names: Mapping[int, str],
) -> PlayoffState:
    rules = profile.playoff
    # Pairing numbers in the play-off are drawn by lot; number i plays as players_by_no[i - 1].
    by_no = lots_order(sorted(players), _seed_for(seed, "round robin numbers"))
    schedule = berger_schedule(
        len(by_no), rules.round_robin_cycles, second_cycle=rules.round_robin_second_cycle
    )
    games: list[PlayoffGame] = []
    for rnd in schedule:
        complete = True
        for p in rnd:
            if p.black is None:
                continue
            gid = f"R{p.round}.{p.board}"
            game = PlayoffGame(
                gid,
                "blitz",
                p.round,
                p.board,
                by_no[p.white - 1],
                by_no[p.black - 1],
                None,
                rules.round_robin_time_control,
            )
            res = results.get(gid)
            if res is not None:
                game = _with_result(game, res)
            else:
                complete = False
            games.append(game)
        if not complete:
            break
    _unknown_results(results, games)
    table = _rr_table(players, games, profile, seed, classical)
    pending = [g for g in games if g.result is None]
    total_rounds = len(schedule)
    if pending:
        return PlayoffState(
            True,
            "double_round_robin",
            players,
            tuple(games),
            status=f"Double round robin, round {pending[0].round} of {total_rounds}",
            next_game=pending[0],
            table=tuple(table),
        )
    first = [r.number for r in table if r.rank == table[0].rank]
    if len(first) > 1:
        # Only a profile without the lots (§5 D) can end here: its own TOML. Nobody is made
        # the winner, so that the final table keeps these places shared and pending.
        shared = [names.get(n, str(n)) for n in first]
        return PlayoffState(
            True,
            "double_round_robin",
            players,
            tuple(games),
            status=(
                f"Double round robin complete: first place still shared by "
                f"{', '.join(shared[:-1])} and {shared[-1]}, which its tie-breaks "
                f"({', '.join(rules.round_robin_tiebreaks) or 'none'}) do not decide and no "
                "drawing of lots follows (§5): the Chief Arbiter decides"
            ),
            table=tuple(table),
        )
    winner = table[0].number
    by_lots = table[0].extra.get("decided_by_lots", Decimal(0)) == 1
    status = "Double round robin complete" + (": first place drawn by lot" if by_lots else "")
    return PlayoffState(
        True,
        "double_round_robin",
        players,
        tuple(games),
        winner=winner,
        status=status,
        table=tuple(table),
        decided_by_lots=by_lots,
    )


def _rr_table(
    players: tuple[int, ...],
    games: Sequence[PlayoffGame],
    profile: Profile,
    seed: int,
    classical: Sequence[Scored],
) -> list[Standing]:
    """1 / ½ / 0 table with the play-off's tie-breaks; the lot is drawn from the seed.

    The tie-breaks read the play-off's own games, or (``round_robin_tiebreak_basis =
    "classical_games"``, 2024) the main event's classical games, 1 / ½ / 0, ``classical``."""
    done = [g for g in games if g.result is not None]
    played = [
        Scored(g.white, g.black, *_score(g.result, profile)) for g in done if g.result is not None
    ]
    points = _totals(played, players)
    if profile.playoff.round_robin_tiebreak_basis == "classical_games":
        basis = list(classical)
        basis_totals = _totals(basis, {n for g in basis for n in (g.white, g.black)} | set(players))
    else:
        basis, basis_totals = played, points
    sb_score = tiebreaks.sonneborn_berger(basis, basis_totals)
    wins = dict.fromkeys(players, 0)
    black_wins = dict.fromkeys(players, 0)
    for g in basis:
        if g.white_score > g.black_score and g.white in wins:
            wins[g.white] += 1
        elif g.black_score > g.white_score and g.black in wins:
            wins[g.black] += 1
            black_wins[g.black] += 1
    games_of = {n: sum(1 for g in played if n in (g.white, g.black)) for n in players}
    order = list(profile.playoff.round_robin_tiebreaks)
    # The lot is one more tie-break value, drawn for everybody up front: bigger is better.
    drawn = lots_order(sorted(players), _seed_for(seed, "round robin tie-break"))
    rows = [
        Standing(
            number=n,
            name=str(n),
            points=points[n],
            sonneborn_berger=sb_score[n],
            wins=wins[n],
            black_wins=black_wins[n],
            games=games_of[n],
            counted=True,
            extra={"lots": Decimal(len(drawn) - drawn.index(n))},
        )
        for n in players
    ]
    win = profile.blitz_points.win if basis is played else Decimal(1)
    rows = add_group_tiebreaks(rows, basis, basis_totals, win, order)
    ranked = rank_rows(rows, order)
    without_lots = [name for name in order if name != "lots"]
    tied = {
        r.number
        for r in ranked
        for o in ranked
        if o is not r and tiebreak_key(o, without_lots) == tiebreak_key(r, without_lots)
    }
    return [
        dataclasses.replace(r, extra={**r.extra, "decided_by_lots": Decimal(1)})
        if r.number in tied and "lots" in order
        else r
        for r in ranked
    ]


def _totals(games: Sequence[Scored], players: Iterable[int]) -> dict[int, Decimal]:
    totals = dict.fromkeys(players, Decimal(0))
    for g in games:
        totals[g.white] += g.white_score
        totals[g.black] += g.black_score
    return totals


def time_control_of(game: PlayoffGame, profile: Profile) -> TimeControl:
    return profile.time_controls[game.time_control]
