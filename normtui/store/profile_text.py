"""Editing one time control inside the stored profile text.

The database keeps the profile as the TOML it was made from, comments included, so that it
carries its own rule book. An edit rewrites only the four numbers of one ``[time_controls.X]``
table and leaves every other line alone; the result is then loaded by the profile loader, which
refuses anything the rule book would not accept.
"""

from __future__ import annotations

import re

from normtui.rules.profile import TimeControl
from normtui.store.errors import InputError

__all__ = ["replace_time_control"]

_FIELDS = ("white_seconds", "black_seconds", "increment_seconds", "increment_from_move")
_HEADER = re.compile(r"^\s*\[\s*(?P<name>[^\]]+?)\s*\]\s*(#.*)?$")
_ASSIGN = re.compile(r"^(?P<lead>\s*(?P<key>[A-Za-z_]+)\s*=\s*)(?P<value>[^#\s]+)(?P<rest>.*)$")


def replace_time_control(text: str, name: str, tc: TimeControl) -> str:
    """``text`` with the table ``[time_controls.<name>]`` set to ``tc``."""
    lines = text.splitlines(keepends=True)
    wanted = {"time_controls." + name, f'time_controls."{name}"'}
    inside = False
    seen: set[str] = set()
    for i, line in enumerate(lines):
        header = _HEADER.match(line)
        if header:
            inside = header.group("name") in wanted
            continue
        if not inside:
            continue
        assign = _ASSIGN.match(line.rstrip("\r\n"))
        if assign and assign.group("key") in _FIELDS:
            key = assign.group("key")
            ending = line[len(line.rstrip("\r\n")):]
            lines[i] = (f"{assign.group('lead')}{getattr(tc, key)}{assign.group('rest')}"
                        f"{ending}")
            seen.add(key)
    if not seen:
        raise InputError(f"the profile has no time control [time_controls.{name}]")
    if seen != set(_FIELDS):
        missing = ", ".join(sorted(set(_FIELDS) - seen))
        raise InputError(f"cannot edit [time_controls.{name}] in place: {missing} not written "
                         "one per line")
    return "".join(lines)
