"""`normtui profiles`: the built-in regulation profiles, one line each."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from normtui.assets import builtin_profiles, load_profile_file
from normtui.commands.common import command, echo, echo_json, friendly, json_option

# How a later cycle repeats the first (normtui.rules.berger.SECOND_CYCLE_ORDERS), said.
_ORDER = {
    "fide": "colours reversed, in FIDE's order",
    "plain": "colours reversed, in the tables' order",
    "mirror": "colours reversed, the first cycle backwards",
}


def _pts(value: Decimal) -> str:
    """Points as the rule books write them: 3, 1½, ½."""
    whole, rest = divmod(value, 1)
    if rest == Decimal("0.5"):
        return f"{int(whole) or ''}½"
    return f"{value.normalize():f}"


def summary(name: str, path: Path) -> dict[str, object]:
    p = load_profile_file(path)
    ev, pts = p.event, p.points
    form = {1: "single", 2: "double"}.get(ev.cycles, f"{ev.cycles}-cycle")
    if p.classical.armageddon_after_draw:
        points = " / ".join(
            _pts(v) for v in (pts.win, pts.draw_armageddon_win, pts.draw_armageddon_loss, pts.loss)
        )
    else:
        points = (
            " / ".join(_pts(v) for v in (pts.win, pts.draw_armageddon_loss, pts.loss))
            + ", no Armageddon"
        )
    prizes = (
        f"{ev.currency} {p.prizes.fund:,f} in {len(p.prizes.amounts)} prizes"
        if p.prizes.amounts
        else "no prize table (give one with --prizes)"
    )
    if ev.any_field:
        # FIDE's round robin: the rounds follow from the field; the colours of a later cycle
        # from its order, whatever the field.
        other = "--cycles 2: double" if ev.cycles == 1 else "--cycles 1: single"
        field = (
            f"any field (3 players or more), {form} round robin, its rounds from the field "
            f"({other}; a later cycle's {_ORDER[ev.second_cycle]})"
        )
    else:
        field = f"{ev.players} players, {form} round robin ({ev.rounds} rounds)"
    return {
        "name": name,
        "event": ev.name,
        "any_field": ev.any_field,
        "players": None if ev.any_field else ev.players,
        "rounds": None if ev.any_field else ev.rounds,
        "cycles": ev.cycles,
        "second_cycle": ev.second_cycle if ev.cycles > 1 else None,
        "points": [pts.win, pts.draw_armageddon_win, pts.draw_armageddon_loss, pts.loss],
        "currency": ev.currency,
        "fund": p.prizes.fund,
        "prizes": len(p.prizes.amounts),
        "not_found": list(p.sources.not_found),
        "file": str(path),
        "line": (
            f"{field}; points {points}; {prizes}"
            + ("" if p.playoff.for_shared_first else "; no play-off")
            + (
                f"; {len(p.sources.not_found)} rules not found (2022's apply)"
                if p.sources.not_found
                else ""
            )
        ),
    }


@command("profiles")
@json_option
@friendly
def profiles(as_json: bool) -> None:
    """The built-in regulation profiles, one line each: `normtui new --profile NAME`.

    Each cites its sources in its comments; a rule no source gave for an edition is the
    2022 rule book's, listed under [sources] not_found (and said by `normtui clocks`).
    """
    rows = [summary(name, path) for name, path in builtin_profiles().items()]
    if as_json:
        echo_json(rows)
        return
    width = max(len(str(r["name"])) for r in rows)
    for r in rows:
        echo(f"{r['name']:<{width}}  {r['event']}: {r['line']}")
