"""Who makes a change: the name every audit entry carries.

Several arbiters work on one event (the chief at the console, a deputy at a second console or
the command line): each names themself with ``--as NAME`` or ``NORMTUI_ACTOR``, and undo takes
back only the caller's own newest change unless told otherwise. Light on imports: the console
checks the name before its first frame.
"""

from __future__ import annotations

import os

from normtui.store.errors import InputError

__all__ = ["ACTOR_MAX", "named_actor", "resolve_actor"]

# An arbiter's name as the audit log shows it: in a column of the log, on one line.
ACTOR_MAX = 40


def _default_actor() -> tuple[str, str]:
    """(name, where it came from) when the caller names nobody."""
    named = os.environ.get("NORMTUI_ACTOR")
    if named is not None and named != "":
        return named, "NORMTUI_ACTOR"
    import getpass  # only then: a few million instructions of every command's start

    try:
        return getpass.getuser(), "the login name"
    except (KeyError, OSError):  # no user name in a bare container
        return "arbiter", "the default"


def resolve_actor(actor: str | None) -> str:
    """Who makes the changes: ``actor`` (the CLI's ``--as``), else $NORMTUI_ACTOR, else the
    login name; refused unless it is a name the log can show."""
    name, source = (actor, "--as") if actor is not None else _default_actor()
    text = name.strip()
    if not text:
        raise InputError(f"the arbiter's name ({source}) is empty")
    if len(text) > ACTOR_MAX or not text.isprintable():
        raise InputError(
            f"the arbiter's name ({source}) must be one line of at most "
            f"{ACTOR_MAX} characters: {text[:ACTOR_MAX]!r}"
        )
    return text


def named_actor(actor: str | None) -> str | None:
    """``actor`` (the CLI's ``--as``) or $NORMTUI_ACTOR, checked as :func:`resolve_actor`
    checks them; ``None`` when neither names anyone: then the login name, which a store
    looks up on its first write (a read has no use for it)."""
    if actor is None and os.environ.get("NORMTUI_ACTOR") in (None, ""):
        return None
    return resolve_actor(actor)
