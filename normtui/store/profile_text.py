"""Editing the profile text: one time control, or the event's own numbers at its creation.

The database keeps the profile as the TOML it was made from, comments included, so that it
carries its own rule book. An edit rewrites only the values it changes (the four numbers of a
``[time_controls.X]`` table; the players, rounds, name and prizes of a new event) and leaves
every other line alone (tomlkit keeps comments and layout); the result is then loaded by the
profile loader, which refuses anything the rule book would not accept.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal

import tomlkit
from tomlkit.container import Container
from tomlkit.items import InlineTable, Item, Table
from tomlkit.toml_document import TOMLDocument

from normtui.rules.berger import rounds_per_cycle
from normtui.rules.playoff_format import FormatChange, FormatError, parse_format
from normtui.rules.profile import ProfileError, TimeControl, load_profile
from normtui.store.errors import InputError

__all__ = [
    "apply_playoff_format",
    "event_profile_text",
    "parse_prizes",
    "replace_time_control",
    "set_keys",
]

_FIELDS = ("white_seconds", "black_seconds", "increment_seconds", "increment_from_move")


def _table(doc: TOMLDocument, dotted: str) -> Table | InlineTable | None:
    """The table ``[dotted]`` of ``doc`` (each part a key: ``time_controls.armageddon``), or
    None."""
    here: object = doc
    for part in dotted.split("."):
        if not isinstance(here, Container | Table | InlineTable) or part not in here:
            return None
        here = here[part]
    return here if isinstance(here, Table | InlineTable) else None


def replace_time_control(text: str, name: str, tc: TimeControl) -> str:
    """``text`` with the table ``[time_controls.<name>]`` set to ``tc``."""
    doc = tomlkit.parse(text)
    table = _table(doc, f"time_controls.{name}")
    if table is None:
        raise InputError(f"the profile has no time control [time_controls.{name}]")
    missing = [key for key in _FIELDS if key not in table]
    if missing:
        raise InputError(
            f"cannot edit [time_controls.{name}] in place: {', '.join(missing)} not written "
            "one per line"
        )
    for key in _FIELDS:
        table[key] = getattr(tc, key)  # the line's comment stays (tomlkit keeps the trivia)
    # Several periods: the first one's moves, then the others (profile.py's ``then``), on the
    # lines after the first period's (tomlkit would add them after the comment that closes
    # the table); one period: neither key.
    for key in ("moves", "then"):
        if key in table:
            del table[key]
    text = doc.as_string()
    if not tc.later:
        return text
    extra = tomlkit.document()
    extra["moves"] = tc.moves
    then = tomlkit.array()
    start = 1 + tc.moves
    for period in tc.later:
        item = tomlkit.inline_table()
        if period.moves:
            item["moves"] = period.moves
        if period.white_seconds == period.black_seconds:
            item["seconds"] = period.white_seconds
        else:
            item["white_seconds"] = period.white_seconds
            item["black_seconds"] = period.black_seconds
        if period.increment_seconds != tc.increment_seconds:
            item["increment_seconds"] = period.increment_seconds
        if period.increment_from_move != max(start, tc.increment_from_move):
            item["increment_from_move"] = period.increment_from_move
        then.append(item)
        start += period.moves
    extra["then"] = then
    return _after_key(text, f"time_controls.{name}", "increment_from_move", extra.as_string())


def _after_key(text: str, table: str, key: str, lines: str) -> str:
    """``text`` with ``lines`` put after the line of ``key`` in ``[table]`` (written one per
    line: replace_time_control has checked it)."""
    out = text.splitlines(keepends=True)
    header = re.compile(r"\s*\[\s*" + re.escape(table) + r"\s*\]")
    in_table = False
    for i, line in enumerate(out):
        if line.lstrip().startswith("["):
            in_table = bool(header.match(line))
            continue
        if in_table and re.match(rf"\s*{re.escape(key)}\s*=", line):
            end = "" if line.endswith("\n") else "\n"
            out[i] = line + end + lines
            return "".join(out)
    raise InputError(f"cannot edit [{table}] in place: {key} not written one per line")


def add_time_control(text: str, name: str, tc: TimeControl) -> str:
    """``text`` with a new table ``[time_controls.<name>]`` set to ``tc`` (one period), after
    the last control."""
    doc = tomlkit.parse(text)
    controls = doc.get("time_controls")
    if not isinstance(controls, Table):
        raise InputError("the profile has no [time_controls] tables")
    table = tomlkit.table()
    for key in _FIELDS:
        table[key] = getattr(tc, key)
    table.add(tomlkit.nl())
    controls[name] = table
    return replace_time_control(doc.as_string(), name, tc)


def apply_playoff_format(text: str, change: FormatChange) -> str:
    """``text`` with the play-off a phrase says (``normtui.rules.playoff_format``): its keys in
    ``[playoff]``, its clocks set or added. A key the profile listed as not found for its
    edition is the event's own now."""
    base = load_profile(text)
    text = set_keys(text, "playoff", change.keys, why="the play-off set for this event")
    for name, tc in change.controls.items():
        if name in base.time_controls:
            text = replace_time_control(text, name, tc)
        else:
            text = add_time_control(text, name, tc)
    given = {f"playoff.{key}" for key in change.keys}
    left = [k for k in base.sources.not_found if k not in given]
    if "playoff" in left:
        left.remove("playoff")
        keys = (f"playoff.{f.name}" for f in dataclasses.fields(base.playoff))
        left += sorted(k for k in keys if k not in given)
    if left != list(base.sources.not_found):
        text = set_keys(text, "sources", {"not_found": left}, why="the play-off set for this event")
    return text


def _toml(value: object) -> str:
    """A TOML literal for a key's new value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return f"{value:f}" if isinstance(value, Decimal) else str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise TypeError(f"no TOML literal for {value!r}")  # pragma: no cover


def _split_comment(value: str) -> tuple[str, str]:
    """(value, comment) of a line of a value's text: the first ``#`` outside a string."""
    quote = ""
    escaped = False
    for i, ch in enumerate(value):
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\" and quote == '"':
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return value[:i], value[i:]
    return value, ""


def _as_written(item: Item) -> str:
    """An item's value as the profile writes it, on one line and without its comments."""
    lines = item.as_string().splitlines()
    return " ".join(_split_comment(line)[0].strip() for line in lines).strip()


def set_keys(
    text: str, table: str, values: Mapping[str, object], *, why: str = "set for this event"
) -> str:
    """``text`` with ``values`` written into ``[table]``: a key that is there gets its value
    replaced, one that is not is added at the table's end (after a comment that closes it).
    A value that changes says
    so in its comment (``why`` and the value it replaces), since the profile's own comment
    explained the old one; an unchanged value keeps its line as it was."""
    doc = tomlkit.parse(text)
    found = _table(doc, table)
    if found is None:
        raise InputError(f"the profile has no table [{table}]")
    added = []
    for key, value in values.items():
        literal = _toml(value)
        new = tomlkit.value(literal)
        if key not in found:
            added.append(f"{key} = {literal}\n")
            continue
        old = found.item(key)  # an Item: found[key] is a bare bool for a boolean
        if old.unwrap() == new.unwrap():
            continue
        shown = _as_written(old)  # type: ignore[arg-type]
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        new.trivia.comment_ws = "  "
        new.trivia.comment = f"# {why} (was {shown})"
        found[key] = new
    text = doc.as_string()
    return _after_last_value(text, table, "".join(added)) if added else text


def _after_last_value(text: str, table: str, lines: str) -> str:
    """``text`` with ``lines`` after the last value of ``[table]``, before the blank lines and
    comments that close it (they speak of the table after it)."""
    out = text.splitlines(keepends=True)
    header = re.compile(r"\s*\[\s*" + re.escape(table) + r"\s*\]")
    start = next((i for i, line in enumerate(out) if header.match(line)), None)
    if start is None:  # pragma: no cover - set_keys found the table
        raise InputError(f"the profile has no table [{table}]")
    end = next((i for i in range(start + 1, len(out)) if out[i].lstrip().startswith("[")), len(out))
    last = max(
        i for i in range(start, end) if out[i].strip() and not out[i].lstrip().startswith("#")
    )
    if not out[last].endswith("\n"):
        out[last] += "\n"
    out.insert(last + 1, lines)
    return "".join(out)


def parse_prizes(text: str) -> list[Decimal]:
    """``--prizes 700000,350000,200000``: the prize of each place, best first.

    >>> parse_prizes("700000, 350000,200000.50")
    [Decimal('700000'), Decimal('350000'), Decimal('200000.50')]
    """
    amounts = []
    for i, item in enumerate(text.split(","), start=1):
        item = item.strip().replace("_", "")
        if not re.fullmatch(r"\d+(\.\d{1,2})?", item):
            raise InputError(
                f"--prizes: {item!r} (prize {i}) is not an amount; write the "
                "prizes best first, e.g. 700000,350000,200000"
            )
        amounts.append(Decimal(item))
    if amounts != sorted(amounts, reverse=True):
        raise InputError(
            "--prizes: a lower place cannot win more than a higher one; write the prizes best first"
        )
    return amounts


def _money(value: Decimal, currency: str) -> str:
    text = f"{value:,.2f}".removesuffix(".00")
    return f"{currency} {text}"


def event_profile_text(
    text: str,
    players: int,
    *,
    name: str | None = None,
    cycles: int | None = None,
    prizes: Sequence[Decimal] | None = None,
    fund: Decimal | None = None,
    currency: str | None = None,
    playoff: str | None = None,
) -> str:
    """The profile of a new event: ``text`` (a built-in profile or a file) made to fit a field
    of ``players``, its rounds following from the players and the cycles, with the event's
    name, prizes, currency and play-off (a phrase: ``normtui.rules.playoff_format``) where
    given. Refused, with the reason, when the prizes do not add up to the fund or there are
    more prizes than players."""
    base = load_profile(text)
    cycles = base.event.cycles if cycles is None else cycles
    if cycles < 1:
        raise InputError(f"--cycles {cycles}: an event plays one cycle or more")
    if players < 3:
        raise InputError(
            f"{players} player{'s' * (players != 1)} listed: a round robin needs at least 3"
        )
    event: dict[str, object] = {
        "players": players,
        "cycles": cycles,
        "rounds": rounds_per_cycle(players) * cycles,
    }
    if name is not None:
        if not name.strip() or any(not ch.isprintable() for ch in name):
            raise InputError("--name: the event's name must be one line of text")
        event["name"] = name.strip()
    if currency is not None:
        event["currency"] = currency.strip().upper()
    text = set_keys(text, "event", event)
    money = currency.strip().upper() if currency else base.event.currency
    amounts = list(base.prizes.amounts) if prizes is None else list(prizes)
    total = sum(amounts, Decimal(0))
    if prizes is not None and fund is None:
        fund = total
    if fund is not None and total != fund:
        given = "--prizes" if prizes is not None else "the profile's prizes"
        raise InputError(
            f"{given} add up to {_money(total, money)}, not to the fund "
            f"{_money(fund, money)} (--fund)"
        )
    if len(amounts) > players:
        where = "--prizes gives" if prizes is not None else f"the profile ({base.event.name}) has"
        raise InputError(
            f"{where} {len(amounts)} prizes for {players} players: a prize table "
            "cannot be longer than the field; give this event's prizes with "
            "--prizes"
        )
    if prizes is not None or fund is not None:
        text = set_keys(
            text, "prizes", {"fund": fund if fund is not None else total, "amounts": amounts}
        )
        if base.not_found("prizes.amounts"):
            # The organiser gave this event's prizes: they are no longer a rule not found.
            keep = [
                k
                for k in base.sources.not_found
                if k not in ("prizes", "prizes.amounts", "prizes.fund")
            ]
            if "prizes" in base.sources.not_found:
                keep += ["prizes.share_equal_points", "prizes.first_prize_shared"]
            text = set_keys(
                text, "sources", {"not_found": keep}, why="--prizes given for this event"
            )
    if playoff is not None:
        try:
            change = parse_format(playoff, load_profile(text))
        except FormatError as exc:
            raise InputError(f"--playoff: {exc}") from None
        text = apply_playoff_format(text, change)
    try:
        load_profile(text)
    except ProfileError as exc:
        raise InputError(f"this event's profile is refused: {exc}") from None
    return text


def fit_prizes(text: str, players: int) -> tuple[str, str | None]:
    """``text`` with its prize table made to fit a field of ``players`` read from a file (the
    field is what it is): the places the field has, or no prizes where the profile names none
    found for this edition; and what was done, for the arbiter (``None``: nothing)."""
    base = load_profile(text)
    amounts = list(base.prizes.amounts)
    money = base.event.currency
    if base.not_found("prizes.amounts") and amounts:
        text = set_keys(
            text,
            "prizes",
            {"fund": Decimal(0), "amounts": []},
            why="no prize table known for this event",
        )
        return text, (
            f"the profile's prize table was not found for {base.event.name}: no "
            "prizes (give this event's with --prizes)"
        )
    if not amounts:
        return (
            text,
            f"the profile ({base.event.name}) has no prize table: no prizes (give "
            "this event's with --prizes)",
        )
    if len(amounts) <= players:
        return text, None
    kept = amounts[:players]
    fund = sum(kept, Decimal(0))
    text = set_keys(
        text, "prizes", {"fund": fund, "amounts": kept}, why=f"the places a field of {players} has"
    )
    return text, (
        f"the profile's {len(amounts)} prizes cut to the {players} places of the "
        f"field: {', '.join(_money(a, money) for a in kept)} (give this event's with "
        "--prizes)"
    )
