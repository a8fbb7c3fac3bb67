"""What an undo takes back, in words: the question before it and the line after it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from normtui.store import AuditEntry


def undo_effect(entry: AuditEntry) -> str:
    """What undoing ``entry`` takes back, in words, when its summary says more than that: an
    Armageddon entered is summed up with the main game's result, which the undo leaves."""
    before, after = entry.before.get("games", {}), entry.after.get("games", {})
    said = []
    for key, new in after.items():
        old = before.get(key)
        if (
            not new
            or not old
            or old.get("result") != new.get("result")
            or old.get("armageddon") == new.get("armageddon")
        ):
            continue
        label = entry.summary.split(": ", 1)[0]
        # A change that left the result names it not (the log keeps the columns a change
        # wrote): an Armageddon follows a drawn main game only.
        result = _result(new.get("result", "1/2-1/2"))
        if old.get("armageddon") is None:
            said.append(
                f"{label}: only the Armageddon ({_result(new['armageddon'])}) is "
                f"undone; the result {result} stays, its Armageddon waiting again"
            )
        else:
            said.append(
                f"{label}: only the Armageddon is undone, {_result(new['armageddon'])}"
                f" back to {_result(old['armageddon'])}; the result {result} stays"
            )
    return "; ".join(said)


def _result(value: str | None) -> str:
    return "none" if value is None else value.replace("1/2-1/2", "½-½")


def undo_question(entry: AuditEntry, me: str) -> str:
    """The question before an undo: whose change it is, when it is not the arbiter's own, and
    what it takes back when the summary says more."""
    effect = undo_effect(entry)
    what = f"#{entry.id} {entry.summary}" + (f"\n\n{effect}." if effect else "")
    if entry.actor == me:
        return f"Undo the last change?\n\n{what}"
    return f"Undo {entry.actor}'s change?\n\n{what}\n\n{entry.actor} made it, not you ({me})."
