"""What a user can cause, and the rules core's two kinds of it, in a module of their own so
that code which only needs to catch them (the console before its first frame) need not load
the rules.

Every refusal normtui shows an arbiter is a :class:`NormtuiError`: one line, naming the
regulation article where one applies. The command line and the console catch this one class;
the subclasses are for callers that tell them apart (the store's in ``normtui.store.errors``,
the command line's ``UserError``).

>>> str(NormtuiError("no draw before Black's move 30", "Regulations §2"))
"no draw before Black's move 30 (Regulations §2)"
"""

from __future__ import annotations

__all__ = ["NormtuiError", "ProfileError", "RuleError"]


class NormtuiError(Exception):
    """A refusal for the arbiter: ``str(exc)`` is the one line, with the article if any."""

    exit_code = 2

    def __init__(self, message: str, article: str | None = None) -> None:
        super().__init__(f"{message} ({article})" if article else message)
        self.message = message
        self.article = article


class RuleError(NormtuiError, ValueError):
    """An action the regulations do not allow. ``article`` names where the rule book says so."""


class ProfileError(NormtuiError, ValueError):
    """A regulations profile that cannot be used; the message names the offending key."""
