"""The round's games for a Lichess broadcast, and the two calls of Lichess's API that push them.

The PGN is the event's truth (``pgn_out.round_games``): the records kept, the results entered
(a result the arbiter corrected overrides the board's), ``Round "N.board"``, FIDE ids; a board
not begun is its pairing with ``*``. The Armageddon games go to a round of their own, as Lichess
runs Norway Chess, and each round's scoring is set to the event's points (the round form's
custom scoring, sent with ``?patch=true`` so nothing else of the round is erased).

The client is the standard library's, through :func:`normtui.http.request` (the whole request
bounded in time and size, as the live feed's; no redirect followed): berserk's
``push_pgn_update`` drops Lichess's answer for each game (moves accepted, or the error), and
its round update has neither the custom scoring nor ``patch``. The token goes into the
``Authorization`` header and nowhere else: no message of this module quotes it, and an address
with a user name or password in it is refused without being repeated.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from normtui.export.lichess_input import check_base_url, check_token, retry_after
from normtui.export.pgn_out import game_text, round_games
from normtui.export.snapshot import ExportError, Snapshot, half
from normtui.http import FetchError, HttpStatus, request
from normtui.rules.profile import Profile
from normtui.text import visible

__all__ = [
    "Broadcast",
    "BroadcastRefused",
    "GameAnswer",
    "Lichess",
    "LichessUnreachable",
    "PushReport",
    "RateLimited",
    "round_id",
    "round_pgn",
    "scoring_fields",
]

# Lichess takes at most 100 games a push (API: "up to 100 games").
PUSH_LIMIT = 100
_ROUND_ID = re.compile(r"[A-Za-z0-9]{8}")


class BroadcastRefused(ExportError):
    """Lichess refused the request for good (a bad token, an unknown round, a PGN it cannot
    read): retrying the same would fail the same way."""


class LichessUnreachable(ExportError):
    """No answer, or an answer that is no answer (a 5xx, a broken body): try again later."""


class RateLimited(LichessUnreachable):
    """HTTP 429: Lichess asks for a pause (a minute, unless it says otherwise)."""

    def __init__(self, message: str, wait: float) -> None:
        super().__init__(message)
        self.wait = wait


@dataclass(frozen=True)
class GameAnswer:
    """Lichess's answer for one pushed game: the moves it took, or why it took none."""

    round: str
    white: str
    black: str
    moves: int | None
    error: str | None

    @property
    def line(self) -> str:
        if self.error is not None:
            said = f"error: {self.error}"
        elif self.moves is None:
            said = "accepted (Lichess did not say how many moves)"
        else:
            said = f"{self.moves} moves accepted"
        return f"{self.round} {self.white} - {self.black}: {said}"

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "white": self.white,
            "black": self.black,
            "moves": self.moves,
            "error": self.error,
        }


def round_id(value: str) -> str:
    """A Lichess broadcast round id as typed: eight letters and digits."""
    if not _ROUND_ID.fullmatch(value):
        raise ExportError(
            f"{value!r} is not a Lichess broadcast round id (8 letters and "
            "digits, as in lichess.org/broadcast/…/ROUNDID)"
        )
    return value


def round_pgn(snap: Snapshot, round_no: int, *, armageddon: bool = False) -> list[str]:
    """The round's games (or its Armageddon games) as PGN texts, pairings not begun included."""
    if not 1 <= round_no <= snap.rounds:
        raise ExportError(f"round {round_no}: the event has rounds 1-{snap.rounds}")
    return [game_text(g) for g in round_games(snap, round_no, armageddon=armageddon, pairings=True)]


def _points(value: Decimal) -> str:
    return f"{value.normalize():f}"


def scoring_fields(profile: Profile, *, armageddon: bool) -> dict[str, str]:
    """The round form's custom scoring for the event's points (§4): the classical round as
    its win and draw are worth; the Armageddon round as what it adds to a drawn game (the
    draw's winner takes the Armageddon's worth), and not rated."""
    p = profile.points
    if not armageddon:
        return {
            "customScoring.white.win": _points(p.win),
            "customScoring.white.draw": _points(p.draw_armageddon_loss),
            "customScoring.black.win": _points(p.win),
            "customScoring.black.draw": _points(p.draw_armageddon_loss),
        }
    worth = p.draw_armageddon_win - p.draw_armageddon_loss
    draw_to = profile.classical.armageddon_draw_winner
    return {
        "customScoring.white.win": _points(worth),
        "customScoring.white.draw": _points(worth if draw_to == "white" else Decimal(0)),
        "customScoring.black.win": _points(worth),
        "customScoring.black.draw": _points(worth if draw_to == "black" else Decimal(0)),
        "rated": "false",
    }


def scoring_text(fields: dict[str, str]) -> str:
    """The scoring as a person reads it: "White win 3, draw 1; Black win 3, draw 1"."""

    def pts(key: str) -> str:
        return half(Decimal(fields[key]))

    rated = "; unrated" if fields.get("rated") == "false" else ""
    return (
        f"White win {pts('customScoring.white.win')}, draw {pts('customScoring.white.draw')}"
        f"; Black win {pts('customScoring.black.win')}, draw "
        f"{pts('customScoring.black.draw')}{rated}"
    )


class Lichess:
    """The two calls a broadcast needs, one request at a time, each bounded by ``timeout``
    from connecting to the last byte of the answer (:func:`normtui.http.request`)."""

    def __init__(
        self, token: str, base_url: str = "https://lichess.org", timeout: float = 20.0
    ) -> None:
        self.base_url = check_base_url(base_url)
        self._token = check_token(token)
        self.timeout = timeout

    def __repr__(self) -> str:  # never the token
        return f"Lichess({self.base_url!r})"

    def push(self, round_id: str, games: list[str]) -> list[GameAnswer]:
        """Push ``games`` (at most :data:`PUSH_LIMIT`) to the round; Lichess's answer per game."""
        if len(games) > PUSH_LIMIT:
            raise ExportError(f"{len(games)} games in one push; Lichess takes {PUSH_LIMIT}")
        body = "\n\n".join(g.strip() for g in games).encode("utf-8")
        answer = self._post(
            f"/api/broadcast/round/{round_id}/push", body, "text/plain; charset=utf-8"
        )
        listed = answer.get("games") if isinstance(answer, dict) else None
        if not isinstance(listed, list):
            # A portal page of the venue's Wi-Fi, a proxy's answer: not Lichess's. The push
            # is tried again (it sends the whole round: nothing is lost).
            raise LichessUnreachable(
                f"{self.base_url} answered the push with something that is not Lichess's "
                'answer (no "games" list)'
            )
        return [_game_answer(item) for item in listed]

    def set_scoring(self, round_id: str, fields: dict[str, str]) -> None:
        """Set the round's custom scoring, leaving the rest of the round as it is (``patch``,
        a boolean in Lichess's API description)."""
        body = urllib.parse.urlencode(fields).encode("ascii")
        self._post(
            f"/broadcast/round/{round_id}/edit?patch=true",
            body,
            "application/x-www-form-urlencoded",
        )

    def _post(self, path: str, body: bytes, content_type: str) -> Any:
        try:
            answer = request(
                self.base_url + path,
                method="POST",
                data=body,
                headers={
                    "Authorization": f"Bearer {self._token}",
                    "Content-Type": content_type,
                    "Accept": "application/json",
                    "User-Agent": "normtui",
                },
                timeout=self.timeout,
                redirects=False,  # a redirect would carry the token wherever it points
            )
        except HttpStatus as exc:
            raise _refusal(exc, path) from None
        except FetchError as exc:
            # The message names the URL, which holds no secret (check_base_url).
            raise LichessUnreachable(f"Lichess cannot be reached: {exc}") from None
        try:
            return json.loads(answer.body or b"{}")
        except (ValueError, RecursionError):
            raise LichessUnreachable(
                f"{self.base_url} answered with something that is not JSON"
            ) from None


def _game_answer(item: object) -> GameAnswer:
    if not isinstance(item, dict):
        return GameAnswer("?", "?", "?", None, "no answer for this game")
    tags = item.get("tags")
    tags = tags if isinstance(tags, dict) else {}
    moves = item.get("moves")
    error = item.get("error")
    return GameAnswer(
        visible(str(tags.get("Round", "?"))),
        visible(str(tags.get("White", "?"))),
        visible(str(tags.get("Black", "?"))),
        moves if isinstance(moves, int) and not isinstance(moves, bool) else None,
        None if error is None else visible(str(error)),
    )


def _refusal(exc: HttpStatus, path: str) -> ExportError:
    try:
        said = json.loads(exc.body).get("error")
    except (ValueError, AttributeError, RecursionError):
        said = None
    detail = f": {visible(said)}" if isinstance(said, str) and said else ""
    if exc.code == 429:
        wait, how = retry_after(exc.headers.get("Retry-After"))
        return RateLimited(f"Lichess asks to wait (HTTP 429){detail}; {how}", wait)
    if exc.code in (401, 403):
        return BroadcastRefused(
            f"Lichess refused the token (HTTP {exc.code}){detail}: it "
            "needs the study:write scope and must own the broadcast"
        )
    if exc.code == 404:
        return BroadcastRefused(f"Lichess has no such broadcast round ({path}){detail}")
    if exc.code >= 500:
        return LichessUnreachable(f"Lichess answered HTTP {exc.code}{detail}")
    if 300 <= exc.code < 400:
        return BroadcastRefused(
            f"{exc.code}: the server sends the request elsewhere; normtui does not follow "
            "(the token would go with it): give the server's own address in --base-url"
        )
    return BroadcastRefused(f"Lichess refused the request (HTTP {exc.code}){detail}")


@dataclass(frozen=True)
class PushReport:
    """One push: the Lichess round, what it holds ("classical" or "armageddon"), Lichess's
    answer per game, and the scoring set on the round before it (first push only)."""

    kind: str
    round_id: str
    answers: tuple[GameAnswer, ...]
    scoring: str | None
    sent: int = 0  # the games pushed (Lichess's answer may name fewer)

    @property
    def refused(self) -> tuple[GameAnswer, ...]:
        return tuple(a for a in self.answers if a.error is not None)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "round_id": self.round_id,
            "scoring": self.scoring,
            "sent": self.sent,
            "games": [a.to_json() for a in self.answers],
        }


class Broadcast:
    """One event round pushed to its Lichess round(s): the whole round each time, so a push
    after a failed one catches up; the scoring set once per round, before its first push."""

    def __init__(
        self,
        client: Lichess,
        round_no: int,
        to: str,
        armageddon_to: str | None,
        *,
        scoring: bool = True,
    ) -> None:
        self.client = client
        self.round_no = round_no
        self.targets = [("classical", round_id(to))]
        if armageddon_to is not None:
            self.targets.append(("armageddon", round_id(armageddon_to)))
        self._scored: set[str] = set() if scoring else {t for _, t in self.targets}

    def push(self, snap: Snapshot) -> list[PushReport]:
        reports = []
        for kind, target in self.targets:
            games = round_pgn(snap, self.round_no, armageddon=kind == "armageddon")
            said = None
            if target not in self._scored:
                fields = scoring_fields(snap.profile, armageddon=kind == "armageddon")
                self.client.set_scoring(target, fields)
                self._scored.add(target)
                said = scoring_text(fields)
            answers: list[GameAnswer] = []
            for start in range(0, len(games), PUSH_LIMIT):
                answers += self.client.push(target, games[start : start + PUSH_LIMIT])
            reports.append(PushReport(kind, target, tuple(answers), said, len(games)))
        return reports
